import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import { createAuthTestApp, graph, rest, signIn, tokenRequest, TEST_PASSWORD, type AuthTestApp } from '../test/auth';

process.env.TRUST_PROXY = '1';

let t: AuthTestApp;
let admin: string;
const READ = 'query($id: ID) { participant(id: $id) { id firstname } }';
const LOG = `query($action: String, $userId: ID, $result: String, $page: Int, $perPage: Int) {
  auditLog(action: $action, userId: $userId, result: $result, page: $page, perPage: $perPage) {
    totalItems records { action result userId onBehalfOfUserId chain subjectType subjectId ip createdAt }
  }
}`;
interface LogPage {
  auditLog: { totalItems: number; records: { action: string; result: string; userId: string | null; onBehalfOfUserId: string | null; chain: string[]; subjectType: string | null; subjectId: string | null; ip: string | null }[] };
}
const withIp = (ip: string) => ({ 'x-forwarded-for': ip });
const chainHeaders = (chain: number[]) => ({
  'x-imitate-user': String(chain[chain.length - 1]),
  cookie: `identity_chain=${encodeURIComponent(JSON.stringify(chain))}`,
});

beforeAll(async () => {
  t = await createAuthTestApp();
  const { users, companyA, participantId } = t.fx;
  for (const [from, to] of [
    [users.admin, users.manager],
    [users.manager, users.coach],
  ] as const) {
    await t.db.query('INSERT INTO user_imitation_options (user_id, target_user_id, company_id) VALUES ($1, $2, $3)', [from, to, companyA]);
  }
  await t.db.query('UPDATE participants SET coach_id = $2 WHERE id = $1', [participantId, users.coach]);
  admin = await signIn(t.app, 'admin', TEST_PASSWORD, '10.50.0.1');
});
afterAll(async () => {
  await t.db.close();
});

describe('audit of reads (NEN 7513)', () => {
  it('every read of a participant record is logged with actor, chain, object, result, address and time', async () => {
    const pid = String(t.fx.participantId);
    const read = await graph<{ participant: { id: string } | null }>(t.app, READ, { token: admin, variables: { id: pid }, headers: withIp('10.50.0.1') });
    expect(read.data?.participant?.id).toBe(pid);
    // another company's administrator: refused (null), and logged as such in their company
    const admin2 = await signIn(t.app, 'admin2', TEST_PASSWORD, '10.50.0.2');
    const foreign = await graph<{ participant: unknown }>(t.app, READ, { token: admin2, variables: { id: pid }, headers: withIp('10.50.0.2') });
    expect(foreign.data?.participant).toBeNull();
    const { rows } = await t.db.query<{ action: string; result: string; user_id: number; company_id: number; chain: number[]; subject_id: string; ip: string; created_at: Date }>(
      "SELECT action, result, user_id, company_id, chain, subject_id, ip, created_at FROM audit_log WHERE action = 'participant.read' ORDER BY id",
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ result: 'success', user_id: t.fx.users.admin, company_id: t.fx.companyA, chain: [t.fx.users.admin], subject_id: pid, ip: '10.50.0.1' });
    expect(rows[1]).toMatchObject({ result: 'refused', user_id: t.fx.users.admin2, company_id: t.fx.companyB, subject_id: pid, ip: '10.50.0.2' });
    expect(rows[0]!.created_at).toBeInstanceOf(Date);
  });

  it('an impersonated read keeps the whole on-behalf-of chain, not only the last person', async () => {
    const { users } = t.fx;
    const res = await graph<{ participant: { id: string } | null }>(t.app, READ, {
      token: admin,
      variables: { id: String(t.fx.participantId) },
      headers: { ...chainHeaders([users.manager, users.coach]), ...withIp('10.50.0.3') },
    });
    expect(res.errors).toBeUndefined();
    expect(res.data?.participant?.id).toBe(String(t.fx.participantId));
    const { rows } = await t.db.query<{ user_id: number; on_behalf_of_user_id: number; chain: number[] }>(
      "SELECT user_id, on_behalf_of_user_id, chain FROM audit_log WHERE action = 'participant.read' ORDER BY id DESC LIMIT 1",
    );
    expect(rows[0]).toEqual({ user_id: users.admin, on_behalf_of_user_id: users.coach, chain: [users.admin, users.manager, users.coach] });
    // One read, one row: the participant.read row names the participant, the request's participant.list_read does not again.
    const { rows: listed } = await t.db.query("SELECT 1 FROM audit_log WHERE action = 'participant.list_read'");
    expect(listed).toEqual([]);
  });
});

describe('auditLog: administrators read, filter, page and export the log', () => {
  it('filters by action, person in the chain and result; pages; newest first', async () => {
    await tokenRequest(t.app, 'coach', 'Fout-Wachtwoord-99!', '10.50.0.9');
    const all = await graph<LogPage>(t.app, LOG, { token: admin, variables: { action: 'participant.read' } });
    expect(all.errors).toBeUndefined();
    expect(all.data?.auditLog.totalItems).toBe(2); // admin2's read is in the other company
    expect(all.data?.auditLog.records[0]?.chain).toEqual([t.fx.users.admin, t.fx.users.manager, t.fx.users.coach].map(String));
    const byCoach = await graph<LogPage>(t.app, LOG, { token: admin, variables: { action: 'participant', userId: String(t.fx.users.coach) } });
    expect(byCoach.data?.auditLog.records.map((r) => r.onBehalfOfUserId)).toEqual([String(t.fx.users.coach)]);
    const failures = await graph<LogPage>(t.app, LOG, { token: admin, variables: { action: 'login', result: 'failure' } });
    expect(failures.data?.auditLog.records[0]).toMatchObject({ action: 'login.failure', result: 'failure', ip: '10.50.0.9' });
    const page2 = await graph<LogPage>(t.app, LOG, { token: admin, variables: { page: 2, perPage: 1 } });
    expect(page2.data?.auditLog.records).toHaveLength(1);
    const huge = await graph<LogPage>(t.app, LOG, { token: admin, variables: { perPage: 100000 } });
    expect(huge.errors).toBeUndefined();
    expect(huge.data?.auditLog.records.length).toBeLessThanOrEqual(500);
    expect(huge.data?.auditLog.records.length).toBe(Math.min(500, huge.data!.auditLog.totalItems));
  });

  it('is for administrators only: not a coach, not an administrator while impersonating', async () => {
    const coach = await signIn(t.app, 'coach', TEST_PASSWORD, '10.50.1.1');
    const refused = await graph(t.app, LOG, { token: coach });
    expect(refused.data?.auditLog ?? null).toBeNull();
    expect(refused.errors?.[0]?.extensions?.code).toBe('forbidden');
    const imitating = await graph(t.app, LOG, { token: admin, headers: chainHeaders([t.fx.users.manager]) });
    expect(imitating.errors?.[0]?.extensions?.code).toBe('forbidden');
    expect((await rest(t.app, '/api/audit-log.csv', { token: coach })).status).toBe(403);
  });

  it('exports the filtered log as CSV; the export is logged too', async () => {
    const res = await rest(t.app, '/api/audit-log.csv?action=participant.read', { token: admin });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="auditlog-/);
    const lines = (await res.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('id,time,action,result,user_id,user,on_behalf_of_user_id,on_behalf_of,chain,subject_type,subject_id,ip,details');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toContain(`${t.fx.users.admin} > ${t.fx.users.manager} > ${t.fx.users.coach}`);
    const { rows } = await t.db.query("SELECT 1 FROM audit_log WHERE action = 'auditLog.export' AND result = 'success'");
    expect(rows).toHaveLength(1);
  });
});

describe('reads on the device (the replica): logParticipantRead', () => {
  const LOG_READ = 'mutation($input: LogParticipantReadInput!) { logParticipantRead(input: $input) { success reason } }';
  type Answer = { logParticipantRead: { success: boolean; reason: string | null } };
  const readRows = () =>
    t.db.query<{ result: string; user_id: number; chain: number[]; subject_id: string; details: { via?: string; openedOffline?: string } }>(
      "SELECT result, user_id, chain, subject_id, details FROM audit_log WHERE action = 'participant.read' AND details->>'via' = 'replica' ORDER BY id",
    );

  it('logs the opening of a file read offline once, with the time it was opened and the whole chain', async () => {
    const { rows: p } = await t.db.query<{ uuid: string }>('SELECT uuid FROM participants WHERE id = $1', [t.fx.participantId]);
    const viewedAt = new Date(Date.now() - 3_600_000).toISOString();
    const input = { uuid: p[0]!.uuid, viewedAt, clientMutationId: uuidv7() };
    const headers = { ...chainHeaders([t.fx.users.manager, t.fx.users.coach]), ...withIp('10.50.2.1') };
    const first = await graph<Answer>(t.app, LOG_READ, { token: admin, variables: { input }, headers });
    expect(first.errors).toBeUndefined();
    expect(first.data?.logParticipantRead).toEqual({ success: true, reason: null });
    // The outbox replays it after a lost answer: still one entry.
    await graph<Answer>(t.app, LOG_READ, { token: admin, variables: { input }, headers });
    const { rows } = await readRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      result: 'success',
      user_id: t.fx.users.admin,
      chain: [t.fx.users.admin, t.fx.users.manager, t.fx.users.coach],
      subject_id: String(t.fx.participantId),
      details: { via: 'replica', openedOffline: viewedAt },
    });
  });

  it('logs a read of a participant outside the viewer\'s scope as refused; refuses a time that is not one', async () => {
    const { rows: p } = await t.db.query<{ uuid: string }>('SELECT uuid FROM participants WHERE id = $1', [t.fx.participantId]);
    const admin2 = await signIn(t.app, 'admin2', TEST_PASSWORD, '10.50.2.2');
    const foreign = await graph<Answer>(t.app, LOG_READ, { token: admin2, variables: { input: { uuid: p[0]!.uuid, viewedAt: new Date().toISOString() } } });
    expect(foreign.data?.logParticipantRead.success).toBe(true);
    const { rows } = await readRows();
    expect(rows.at(-1)).toMatchObject({ result: 'refused', user_id: t.fx.users.admin2, subject_id: p[0]!.uuid });
    const bad = await graph<Answer>(t.app, LOG_READ, { token: admin2, variables: { input: { uuid: p[0]!.uuid, viewedAt: 'gisteren' } } });
    expect(bad.data?.logParticipantRead).toEqual({ success: false, reason: 'admin.errors.invalidTime' });
    expect(await readRows().then((r) => r.rows.length)).toBe(rows.length);
  });
});
