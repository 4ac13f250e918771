import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDemoApp, type DemoApp } from '../graph/testing/demo-app';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';

/**
 * Issue 20, audit gaps (NEN 7513, BIO 8.15): list queries and pulls wrote no row, the export named no
 * participants, and logParticipantRead accepted any viewedAt the client sent.
 */
let t: DemoApp;
beforeAll(async () => {
  t = await createDemoApp();
}, 900_000);
afterAll(async () => {
  await t.db.close();
});

interface Row { action: string; chain: number[]; details: { participantIds?: number[]; via?: string[]; openedOffline?: string; viewedAt?: string }; created_at: Date }
const lastRow = async (action: string): Promise<Row | undefined> =>
  (await t.db.query<Row>('SELECT action, chain, details, created_at FROM audit_log WHERE action = $1 ORDER BY id DESC LIMIT 1', [action])).rows[0];

describe('reads of participant data are logged with the participants read', () => {
  it('a list query writes one row naming every participant of the page', async () => {
    const before = (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'participant.list_read'")).rows[0]?.n ?? 0;
    const res = await t.gql<{ a: { records: { id: string }[] }; b: { records: { id: string }[] } }>('manager', '{ a: participants(perPage: 5) { records { id } } b: participants(perPage: 5, page: 2) { records { id } } }');
    const ids = [...(res.data?.a.records ?? []), ...(res.data?.b.records ?? [])].map((r) => Number(r.id)).sort((x, y) => x - y);
    expect(ids.length).toBeGreaterThan(0);
    const after = (await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM audit_log WHERE action = 'participant.list_read'")).rows[0]?.n ?? 0;
    expect(after - before).toBe(1);
    const row = await lastRow('participant.list_read');
    expect(row?.details.participantIds).toEqual(ids);
    expect(JSON.stringify(row?.details)).not.toMatch(/firstname|lastname|bsn/i);
  });

  it('a pull page of participants names them; the chain of an impersonator is kept', async () => {
    const admin = await t.tokenOf('admin');
    const manager = await t.userId('manager');
    const res = await t.app.request('/api/v2/graph', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${admin}`, 'x-imitate-user': String(manager) },
      body: JSON.stringify({ query: '{ pullParticipants(checkpoint: { seq: 0, scopeKey: null }) { documents } }' }),
    });
    const body = (await res.json()) as { data: { pullParticipants: { documents: { id: number }[] } } };
    const ids = body.data.pullParticipants.documents.map((d) => d.id).sort((a, b) => a - b);
    const row = await lastRow('participant.list_read');
    expect(row?.details.participantIds).toEqual(ids);
    expect(row?.details.via).toEqual(['pullParticipants']);
    expect(row?.chain).toEqual([await t.userId('admin'), manager]);
  });

  it('the server clock stamps a read reported from the device; the device time is kept as openedOffline', async () => {
    const { rows } = await t.db.query<{ uuid: string }>("SELECT p.uuid::text AS uuid FROM participants p JOIN users u ON u.id = p.user_id WHERE u.username = 'participant'");
    const res = await t.gql('admin', 'mutation($i: LogParticipantReadInput!) { logParticipantRead(input: $i) { success reason } }', {
      i: { clientMutationId: uuidv7(), uuid: rows[0]?.uuid, viewedAt: '1999-01-01T00:00:00.000Z' },
    });
    expect(res.errors).toBeUndefined();
    const row = await lastRow('participant.read');
    expect(row?.details.openedOffline).toBe('1999-01-01T00:00:00.000Z');
    expect(row?.details.viewedAt).toBeUndefined();
    expect(Math.abs(new Date(row!.created_at).getTime() - Date.now())).toBeLessThan(10 * 60_000);
  });

  it('an administrator filters the log by participant ("who saw this file") and exports it', async () => {
    const { rows } = await t.db.query<{ id: number }>("SELECT p.id FROM participants p JOIN users u ON u.id = p.user_id WHERE u.username = 'participant'");
    const pid = String(rows[0]?.id);
    const res = await t.gql<{ auditLog: { totalItems: number; records: { action: string }[] } }>('admin', 'query($p: ID) { auditLog(participantId: $p, perPage: 500) { totalItems records { action } } }', { p: pid });
    expect(res.errors).toBeUndefined();
    const actions = new Set(res.data?.auditLog.records.map((r) => r.action));
    expect(actions.has('participant.read')).toBe(true);
    expect(actions.has('participant.list_read')).toBe(true);
    const csv = await t.rest('admin', `/api/audit-log.csv?participantId=${pid}`);
    expect(csv.status).toBe(200);
    expect(await csv.text()).toContain('participant.list_read');
  });
});
