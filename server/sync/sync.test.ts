import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncFixture, type SyncFixture } from './test-fixture';
import { committedHighWater } from './pull-env';
import type { PullAnswer, PushAnswer } from '../../src/domain/sync/types';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import { identityKey } from '../../src/domain/sync/status';
import { COLLECTION_NAMES, pullFieldName } from '../../src/domain/sync/collections';

let f: SyncFixture;
beforeAll(async () => {
  f = await createSyncFixture();
});
afterAll(async () => {
  await f.db.close();
});

const PULL = `query($cp: PullCheckpointInput!, $limit: Int) {
  pullParticipants(checkpoint: $cp, limit: $limit) { documents checkpoint { seq scopeKey } reset hasMore }
}`;
const SAVE_DOC = `mutation($input: SaveSyncProbeInput!) { saveSyncProbe(input: $input) { success reason params revision conflict } }`;
const BUMP_DOC = `mutation($input: BumpSyncProbeInput!) { bumpSyncProbe(input: $input) { success reason params revision conflict } }`;

interface SaveVars { cmid: string; uuid: string; body: string; title?: string; base?: number; baseValues?: Record<string, unknown> }
function SAVE(token: string, v: SaveVars) {
  return f.graph<{ saveSyncProbe: PushAnswer }>(token, SAVE_DOC, {
    input: { clientMutationId: v.cmid, uuid: v.uuid, body: v.body, title: v.title, baseRevision: v.base ?? null, baseValues: v.baseValues ?? null },
  });
}
function BUMP(token: string, v: { cmid: string; uuid: string; delta: number }) {
  return f.graph<{ bumpSyncProbe: PushAnswer }>(token, BUMP_DOC, { input: { clientMutationId: v.cmid, uuid: v.uuid, delta: v.delta } });
}

async function addParticipant(companyId: number, lastname: string, coachId: number | null = null): Promise<string> {
  const { rows } = await f.db.query<{ uuid: string }>(
    'INSERT INTO participants (company_id, firstname, lastname, coach_id) VALUES ($1, $2, $3, $4) RETURNING uuid',
    [companyId, 'Piet', lastname, coachId],
  );
  return String(rows[0]?.uuid);
}

async function pull(token: string, cp: { seq: number; scopeKey: string | null }, limit?: number): Promise<PullAnswer> {
  const res = await f.graph<{ pullParticipants: PullAnswer }>(token, PULL, { cp, limit });
  expect(res.errors).toBeUndefined();
  return res.data!.pullParticipants;
}

describe('pull', () => {
  it('answers documents in change order in batches, with checkpoints, only of the own company', async () => {
    const a = f.users[0]!;
    await addParticipant(f.companyId, 'Een');
    await addParticipant(f.companyId, 'Twee');
    await addParticipant(f.companyId, 'Drie');
    await addParticipant(f.otherCompanyId, 'Vreemd');
    const first = await pull(a.token, { seq: 0, scopeKey: null }, 2);
    expect(first.documents.map((d) => d.lastname)).toEqual(['Een', 'Twee']);
    expect(first.hasMore).toBe(true);
    const second = await pull(a.token, first.checkpoint, 2);
    expect(second.documents.map((d) => d.lastname)).toEqual(['Drie']);
    expect(second.hasMore).toBe(false);
    const doc = second.documents[0]!;
    expect(doc).toMatchObject({ firstname: 'Piet', companyId: f.companyId, revision: 1, _deleted: false });
    expect(typeof doc.uuid).toBe('string');
    expect(typeof doc.updatedAt).toBe('string');
    expect(doc).not.toHaveProperty('change_seq');
    const empty = await pull(a.token, second.checkpoint);
    expect(empty.documents).toEqual([]);
    expect(empty.checkpoint.seq).toBeGreaterThanOrEqual(second.checkpoint.seq);
  });

  it('sends deletions as tombstones after the checkpoint, and skips them on a first sync', async () => {
    const a = f.users[0]!;
    const start = await pull(a.token, { seq: 0, scopeKey: null }, 1000);
    const uuid = await addParticipant(f.companyId, 'Weg');
    await f.db.query('UPDATE participants SET deleted_at = now() WHERE uuid = $1', [uuid]);
    const next = await pull(a.token, start.checkpoint);
    expect(next.documents).toEqual([expect.objectContaining({ uuid, _deleted: true })]);
    const fresh = await pull(a.token, { seq: 0, scopeKey: null }, 1000);
    expect(fresh.documents.find((d) => d.uuid === uuid)).toBeUndefined();
  });

  it('turns documents that leave the scope into deletions (per-row rule: caseload transfer)', async () => {
    const [a, b] = [f.users[0]!, f.users[1]!];
    const uuid = await addParticipant(f.companyId, 'Overdracht', b.id);
    const before = await pull(b.token, { seq: 0, scopeKey: null }, 1000);
    expect(before.documents.map((d) => d.uuid)).toEqual([uuid]); // the coach sees only the caseload
    await f.db.query('UPDATE participants SET coach_id = $2 WHERE uuid = $1', [uuid, a.id]);
    const after = await pull(b.token, before.checkpoint, 1000);
    expect(after.documents).toEqual([{ uuid, id: expect.any(Number) as number, revision: 2, _deleted: true }]);
  });

  it('restarts caseload-dependent collections when the caseload changes (work plans follow their participant)', async () => {
    const [a, b] = [f.users[0]!, f.users[1]!];
    const { rows } = await f.db.query<{ id: number; uuid: string }>(
      'INSERT INTO participants (company_id, firstname, lastname, coach_id) VALUES ($1, $2, $3, $4) RETURNING id, uuid',
      [f.companyId, 'Wim', 'Werkplan', a.id],
    );
    const participant = rows[0]!;
    const plan = await f.db.query<{ uuid: string }>(
      "INSERT INTO work_plans (company_id, participant_id, name) VALUES ($1, $2, 'Plan') RETURNING uuid",
      [f.companyId, participant.id],
    );
    const planUuid = String(plan.rows[0]?.uuid);
    const PLANS = `query($cp: PullCheckpointInput!) { pullWorkPlans(checkpoint: $cp) { documents checkpoint { seq scopeKey } reset hasMore } }`;
    const pullPlans = async (cp: { seq: number; scopeKey: string | null }) =>
      (await f.graph<{ pullWorkPlans: PullAnswer }>(b.token, PLANS, { cp })).data!.pullWorkPlans;
    const first = await pullPlans({ seq: 0, scopeKey: null });
    expect(first.documents.find((d) => d.uuid === planUuid)).toBeUndefined();
    // The participant moves into b's caseload: the plan row itself does not change.
    await f.db.query('UPDATE participants SET coach_id = $2 WHERE id = $1', [participant.id, b.id]);
    const joined = await pullPlans(first.checkpoint);
    expect(joined.reset).toBe(true);
    expect(joined.documents.map((d) => d.uuid)).toContain(planUuid);
    // And out again: the next pull restarts without it (the client drops what is not sent).
    await f.db.query('UPDATE participants SET coach_id = $2 WHERE id = $1', [participant.id, a.id]);
    const left = await pullPlans(joined.checkpoint);
    expect(left.reset).toBe(true);
    expect(left.documents.map((d) => d.uuid)).not.toContain(planUuid);
    // Nothing changed: no restart.
    const same = await pullPlans(left.checkpoint);
    expect(same.reset).toBe(false);
  });

  it('starts over with reset when the scope key changed', async () => {
    const a = f.users[0]!;
    const start = await pull(a.token, { seq: 0, scopeKey: null }, 1000);
    const again = await pull(a.token, { seq: start.checkpoint.seq, scopeKey: 'old-scope' }, 1000);
    expect(again.reset).toBe(true);
    expect(again.documents.length).toBe(start.documents.length);
  });

  it('refuses without a session, with a catalogue code', async () => {
    const res = await f.graph('nonsense', PULL, { cp: { seq: 0 } });
    expect(res.errors?.[0]?.extensions?.code).toBe('access_denied');
  });
});

describe('push: idempotency and conflicts', () => {
  it('applies a mutation once and answers a replay with the first answer', async () => {
    const a = f.users[0]!;
    const uuid = uuidv7();
    const cmid = uuidv7();
    const first = await SAVE(a.token, { cmid, uuid, body: 'hallo' });
    expect(first.data?.saveSyncProbe).toEqual({ success: true, reason: null, params: null, revision: 1, conflict: null });
    const bump = { cmid: uuidv7(), uuid, delta: 5 };
    await BUMP(a.token, bump);
    const replay = await BUMP(a.token, bump);
    expect(replay.data?.bumpSyncProbe.success).toBe(true);
    // Two identical deliveries at once.
    const twin = { cmid: uuidv7(), uuid, delta: 7 };
    await Promise.all([BUMP(a.token, twin), BUMP(a.token, twin)]);
    const { rows } = await f.db.query<{ counter: number }>('SELECT counter FROM sync_probes WHERE uuid = $1', [uuid]);
    expect(rows[0]?.counter).toBe(12);
    const { rows: processed } = await f.db.query('SELECT 1 FROM processed_mutations WHERE client_mutation_id = $1', [twin.cmid]);
    expect(processed.length).toBe(1);
  });

  it('stores a rejection too: a replay answers the same reason', async () => {
    const a = f.users[0]!;
    const vars = { cmid: uuidv7(), uuid: uuidv7(), body: 'x'.repeat(501) };
    const one = await SAVE(a.token, vars);
    const two = await SAVE(a.token, vars);
    expect(one.data?.saveSyncProbe).toEqual({ success: false, reason: 'sync.errors.bodyTooLong', params: { field: 'body' }, revision: null, conflict: null });
    expect(two.data?.saveSyncProbe).toEqual(one.data?.saveSyncProbe);
  });

  it('keeps other users\' probes out of reach (the table\'s scope)', async () => {
    const [a, b] = [f.users[0]!, f.users[1]!];
    const uuid = uuidv7();
    await SAVE(a.token, { cmid: uuidv7(), uuid, body: 'van a' });
    const bump = await BUMP(b.token, { cmid: uuidv7(), uuid, delta: 1 });
    expect(bump.data?.bumpSyncProbe).toMatchObject({ success: false, reason: 'not_found' });
  });

  it('will not let another user replay someone else\'s mutation id', async () => {
    const [a, b] = [f.users[0]!, f.users[1]!];
    const vars = { cmid: uuidv7(), uuid: uuidv7(), body: 'van a' };
    await SAVE(a.token, vars);
    const other = await SAVE(b.token, { ...vars, uuid: uuidv7() });
    expect(other.data?.saveSyncProbe.reason).toBe('client_mutation_id_reused');
  });

  it('answers a conflict with the server document when the base revision is old', async () => {
    const a = f.users[0]!;
    const uuid = uuidv7();
    await SAVE(a.token, { cmid: uuidv7(), uuid, body: 'v1' });
    const ok = await SAVE(a.token, { cmid: uuidv7(), uuid, body: 'v2', base: 1 });
    expect(ok.data?.saveSyncProbe.success).toBe(true);
    const stale = await SAVE(a.token, { cmid: uuidv7(), uuid, body: 'v2-other', base: 1, baseValues: { body: 'v1' } });
    expect(stale.data?.saveSyncProbe).toMatchObject({
      success: false,
      reason: 'conflict',
      conflict: { serverDocument: { uuid, body: 'v2', revision: 2 }, fields: ['body'] },
    });
  });

  it('merges per field: a concurrent change of another field merges silently; the same field changed on both sides conflicts', async () => {
    const a = f.users[0]!;
    const uuid = uuidv7();
    await SAVE(a.token, { cmid: uuidv7(), uuid, body: 'basis', title: 'titel' });
    // Another device changes the title (revision 2).
    expect((await SAVE(a.token, { cmid: uuidv7(), uuid, body: 'basis', title: 'hun titel', base: 1, baseValues: { body: 'basis', title: 'titel' } })).data?.saveSyncProbe.success).toBe(true);
    // This device changes the body, based on revision 1: only the body was edited here, so it merges.
    const merged = await SAVE(a.token, { cmid: uuidv7(), uuid, body: 'mijn tekst', base: 1, baseValues: { body: 'basis' } });
    expect(merged.data?.saveSyncProbe).toMatchObject({ success: true, revision: 3 });
    const { rows } = await f.db.query<{ body: string; title: string }>('SELECT body, title FROM sync_probes WHERE uuid = $1', [uuid]);
    expect(rows[0]).toEqual({ body: 'mijn tekst', title: 'hun titel' });
    // Both sides changed the title since revision 1: a conflict on the title only.
    const clash = await SAVE(a.token, { cmid: uuidv7(), uuid, body: 'mijn tekst', title: 'mijn titel', base: 1, baseValues: { body: 'basis', title: 'titel' } });
    expect(clash.data?.saveSyncProbe).toMatchObject({ success: false, reason: 'conflict', conflict: { fields: ['title'] } });
    // The same value on both sides is no conflict.
    const same = await SAVE(a.token, { cmid: uuidv7(), uuid, body: 'mijn tekst', title: 'hun titel', base: 1, baseValues: { body: 'basis', title: 'titel' } });
    expect(same.data?.saveSyncProbe.success).toBe(true);
  });

  it('writes an audit row per write with the actor, the write and its result', async () => {
    const a = f.users[0]!;
    const uuid = uuidv7();
    const cmid = uuidv7();
    await SAVE(a.token, { cmid, uuid, body: 'gelogd' });
    const { rows } = await f.db.query<{ action: string; subject_id: string; user_id: number; details: { success: boolean; clientMutationId: string } }>(
      "SELECT action, subject_id, user_id, details FROM audit_log WHERE details->>'clientMutationId' = $1",
      [cmid],
    );
    expect(rows.map((r) => [r.action, r.subject_id, Number(r.user_id), r.details.success])).toEqual([['write.saveSyncProbe', uuid, a.id, true]]);
  });

  it('refuses a sync request made for another identity than the session now has (identity_changed)', async () => {
    const a = f.users[0]!;
    const res = await f.app.request('/api/v2/graph', {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json', 'x-werkpad-identity': identityKey(a.companyId, a.id + 1000, []) },
      body: JSON.stringify({ query: SAVE_DOC, variables: { input: { clientMutationId: uuidv7(), uuid: uuidv7(), body: 'als iemand anders' } } }),
    });
    expect(res.status).toBe(409);
    expect(((await res.json()) as { errors: { extensions: { code: string } }[] }).errors[0]?.extensions.code).toBe('identity_changed');
    const right = await f.app.request('/api/v2/graph', {
      method: 'POST',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json', 'x-werkpad-identity': identityKey(a.companyId, a.id, []) },
      body: JSON.stringify({ query: '{ __typename }' }),
    });
    expect(right.status).toBe(200);
  });

  it('keeps the other company out', async () => {
    const [a, c] = [f.users[0]!, f.users[2]!];
    const uuid = uuidv7();
    await SAVE(a.token, { cmid: uuidv7(), uuid, body: 'intern' });
    const res = await BUMP(c.token, { cmid: uuidv7(), uuid, delta: 1 });
    expect(res.data?.bumpSyncProbe).toMatchObject({ success: false, reason: 'not_found' });
    const hijack = await SAVE(c.token, { cmid: uuidv7(), uuid, body: 'overname' });
    expect(hijack.data?.saveSyncProbe).toMatchObject({ success: false, reason: 'access_denied' });
  });
});

describe('stream', () => {
  it('pokes the company with the changed collections', async () => {
    const a = f.users[0]!;
    const res = await f.app.request('/api/v2/stream', { headers: { authorization: `Bearer ${a.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    const readUntil = async (needle: string) => {
      while (!text.includes(needle)) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value);
      }
    };
    await readUntil('event: ready');
    await SAVE(a.token, { cmid: uuidv7(), uuid: uuidv7(), body: 'poke' });
    await readUntil('event: poke');
    expect(text).toContain('syncProbes');
    await reader.cancel();
  });

  it('refuses without a session', async () => {
    const res = await f.app.request('/api/v2/stream');
    expect(res.status).toBe(401);
  });
});

describe('committed high-water mark', () => {
  it.runIf(process.env.WERKPAD_TEST_PG_URL)('never lets a checkpoint pass a write that is still in flight', async () => {
    const a = f.users[0]!;
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const started = new Promise<void>((r) => (inserted = r));
    // T1 draws a change_seq and stays open.
    const slow = f.db.transaction(async (tx) => {
      await tx.query('INSERT INTO sync_probes (uuid, company_id, user_id, body) VALUES ($1, $2, $3, $4)', [uuidv7(), f.companyId, a.id, 'slow']);
      inserted();
      await held;
    });
    await started;
    // T2 draws a later change_seq and commits at once.
    await f.db.query('INSERT INTO sync_probes (uuid, company_id, user_id, body) VALUES ($1, $2, $3, $4)', [uuidv7(), f.companyId, a.id, 'fast']);
    let settled = false;
    const mark = committedHighWater(f.db, 3).then((hw) => {
      settled = true;
      return hw;
    });
    await new Promise((r) => setTimeout(r, 100));
    expect(settled).toBe(false); // waits for T1 rather than answering past its change
    release();
    await slow;
    const hw = await mark;
    const { rows } = await f.db.query<{ max: number }>('SELECT max(change_seq) AS max FROM sync_probes');
    expect(hw).toBeGreaterThanOrEqual(Number(rows[0]?.max));
  });
});

describe('every replicated collection', () => {
  it.each([
    ['administrator', 0],
    ['coach', 1],
  ])('answers a pull for the %s without errors, and never sends secrets', async (_role, who) => {
    const token = f.users[who]!.token;
    await f.db.query("UPDATE users SET password_hash = 'argon2-secret', mfa_secret = 'totp-secret'");
    for (let i = 0; i < COLLECTION_NAMES.length; i += 16) {
      const names = COLLECTION_NAMES.slice(i, i + 16);
      const query = `query($cp: PullCheckpointInput!) { ${names.map((n) => `${pullFieldName(n)}(checkpoint: $cp) { documents checkpoint { seq } hasMore }`).join(' ')} }`;
      const res = await f.graph<Record<string, PullAnswer>>(token, query, { cp: { seq: 0 } });
      expect(res.errors, names.join(',')).toBeUndefined();
      const text = JSON.stringify(res.data);
      expect(text).not.toContain('argon2-secret');
      expect(text).not.toContain('totp-secret');
    }
  });
});
