/**
 * Every pushed row carries the identity it was made under (src/domain/sync/row-identity.ts): the
 * company, the user who really signed in and the whole impersonation chain. A row whose identity is
 * not the request's is refused with identity_mismatch and nothing of it is written (no document, no
 * claim, no audit row), so the identity it belongs to can still send it under the same id later.
 * Runs on PGlite, and on PostgreSQL with WERKPAD_TEST_DB=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncFixture, type SyncFixture } from './test-fixture';
import { pushDocument, type PushItem } from '../../src/domain/writes/push-document';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import { IDENTITY_MISMATCH, rowIdentityKey } from '../../src/domain/sync/row-identity';
import type { PushAnswer } from '../../src/domain/sync/types';
import { IMITATE_USER_HEADER } from '../../src/domain/shared/constants';

let f: SyncFixture;
let admin: SyncFixture['users'][number];
let coach: SyncFixture['users'][number];

beforeAll(async () => {
  f = await createSyncFixture();
  [admin, coach] = f.users as [SyncFixture['users'][number], SyncFixture['users'][number]];
  await f.db.query('UPDATE users SET display = 1 WHERE id = ANY($1::int[])', [[admin.id, coach.id]]);
  await f.db.query('INSERT INTO user_imitation_options (company_id, user_id, target_user_id) VALUES ($1, $2, $3)', [f.companyId, admin.id, coach.id]);
});
afterAll(async () => {
  await f.db.close();
});

type Answers = Record<string, PushAnswer | null>;

async function push(items: readonly PushItem[], token: string, imitate?: number) {
  const doc = pushDocument(items);
  const res = await f.app.request('/api/v2/graph', {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      ...(imitate !== undefined ? { [IMITATE_USER_HEADER]: String(imitate) } : {}),
    },
    body: JSON.stringify({ query: doc.query, variables: doc.variables }),
  });
  return (await res.json()) as { data?: Answers; errors?: unknown[] };
}

const save = (identity: string | null, body: string, clientMutationId = uuidv7()): PushItem & { uuid: string } => {
  const uuid = uuidv7();
  return { mutation: 'saveSyncProbe', input: { uuid, body }, clientMutationId, identity, uuid };
};

/** What the database holds of a write: the document, its claim, its audit rows. */
async function written(item: { uuid: string; clientMutationId: string }) {
  const q = async (text: string, params: unknown[]) => Number((await f.db.query<{ n: number }>(text, params)).rows[0]?.n);
  return {
    documents: await q('SELECT count(*)::int AS n FROM sync_probes WHERE uuid = $1', [item.uuid]),
    claims: await q('SELECT count(*)::int AS n FROM processed_mutations WHERE client_mutation_id = $1', [item.clientMutationId]),
    audits: await q(`SELECT count(*)::int AS n FROM audit_log WHERE details->>'clientMutationId' = $1`, [item.clientMutationId]),
  };
}

const own = () => rowIdentityKey({ companyId: f.companyId, realUserId: admin.id, chain: [] });

describe('a row made under another identity', () => {
  it('is refused (identity_mismatch) and nothing of it is written, while the row of the request identity beside it is accepted', async () => {
    const foreign = save(rowIdentityKey({ companyId: f.companyId, realUserId: coach.id, chain: [] }), 'van de coach');
    const mine = save(own(), 'van de beheerder');
    const res = await push([foreign, mine], admin.token);
    expect(res.errors).toBeUndefined();
    expect(res.data?.r0).toMatchObject({ success: false, reason: IDENTITY_MISMATCH });
    expect(res.data?.r1).toMatchObject({ success: true });
    expect(await written(foreign)).toEqual({ documents: 0, claims: 0, audits: 0 });
    expect(await written(mine)).toEqual({ documents: 1, claims: 1, audits: 1 });
  });

  it('is refused when made under an impersonation the session is not in, and when made without one while the session impersonates', async () => {
    const underChain = save(rowIdentityKey({ companyId: f.companyId, realUserId: admin.id, chain: [coach.id] }), 'als coach gemaakt');
    expect((await push([underChain], admin.token)).data?.r0).toMatchObject({ success: false, reason: IDENTITY_MISMATCH });
    expect(await written(underChain)).toEqual({ documents: 0, claims: 0, audits: 0 });

    const plain = save(own(), 'als beheerder gemaakt');
    expect((await push([plain], admin.token, coach.id)).data?.r0).toMatchObject({ success: false, reason: IDENTITY_MISMATCH });
    expect(await written(plain)).toEqual({ documents: 0, claims: 0, audits: 0 });

    // Another company's identity with the same user ids: refused too.
    const otherCompany = save(rowIdentityKey({ companyId: f.otherCompanyId, realUserId: admin.id, chain: [] }), 'ander bedrijf');
    expect((await push([otherCompany], admin.token)).data?.r0).toMatchObject({ success: false, reason: IDENTITY_MISMATCH });
    expect(await written(otherCompany)).toEqual({ documents: 0, claims: 0, audits: 0 });
  });

  it('goes through later under its own identity with the same client mutation id, and the audit row names the real user and the chain', async () => {
    const row = save(rowIdentityKey({ companyId: f.companyId, realUserId: admin.id, chain: [coach.id] }), 'later verzonden');
    expect((await push([row], admin.token)).data?.r0).toMatchObject({ success: false, reason: IDENTITY_MISMATCH });
    const res = await push([row], admin.token, coach.id);
    expect(res.data?.r0).toMatchObject({ success: true });
    expect(await written(row)).toEqual({ documents: 1, claims: 1, audits: 1 });
    const { rows } = await f.db.query<{ user_id: number; on_behalf_of_user_id: number; chain: number[] }>(
      `SELECT user_id, on_behalf_of_user_id, chain FROM audit_log WHERE details->>'clientMutationId' = $1`,
      [row.clientMutationId],
    );
    expect(rows[0]).toMatchObject({ user_id: admin.id, on_behalf_of_user_id: coach.id });
    expect((rows[0]!.chain as unknown[]).map(Number)).toEqual([admin.id, coach.id]);
  });

  it('a row without an identity (queued before identities) still runs as the session', async () => {
    const legacy = save(null, 'zonder identiteit');
    expect((await push([legacy], admin.token)).data?.r0).toMatchObject({ success: true });
    expect(await written(legacy)).toEqual({ documents: 1, claims: 1, audits: 1 });
  });
});
