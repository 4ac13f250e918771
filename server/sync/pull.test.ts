import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncFixture, type SyncFixture } from './test-fixture';
import type { Checkpoint, PullAnswer, ReplicaDocument } from '../../src/domain/sync/types';
import { COLLECTION_NAMES, pullFieldName, type CollectionName } from '../../src/domain/sync/collections';
import { rowToDocument } from './document';
import { serverCollection } from './registry';
import { loadSyncKeys, signCheckpoint } from './checkpoint';
import { pullCollection } from './pull';
import { pullEnv } from './pull-env';
import { maybeRunSyncHousekeeping, purgeTombstones, runSyncHousekeeping, syncHousekeepingSettled } from './housekeeping';
import type { Db } from '../db/db';
import { createSession } from '../auth/session';
import type { Viewer } from '../auth/viewer';

let f: SyncFixture;
let coach2: { id: number; token: string };
beforeAll(async () => {
  f = await createSyncFixture();
  const { rows } = await f.db.query<{ id: number }>(
    "INSERT INTO users (company_id, acl_role_id, username, given_name, surname) VALUES ($1, 4, 'coach-d', 'Dirk', 'Test') RETURNING id",
    [f.companyId],
  );
  const id = Number(rows[0]!.id);
  coach2 = { id, token: (await createSession(f.db, { id, companyId: f.companyId }, { mfaValidated: true })).token };
});
afterAll(async () => {
  await f.db.close();
});

const admin = () => f.users[0]!;
const coach = () => f.users[1]!;
const FIRST: Checkpoint = { seq: 0, scopeKey: null };

async function pull(
  token: string,
  name: CollectionName,
  cp: Checkpoint,
  opts: { limit?: number; maxBytes?: number } = {},
): Promise<PullAnswer> {
  const field = pullFieldName(name);
  const res = await f.graph<Record<string, PullAnswer>>(
    token,
    `query($cp: PullCheckpointInput!, $limit: Int, $maxBytes: Int) { ${field}(checkpoint: $cp, limit: $limit, maxBytes: $maxBytes) { documents checkpoint { seq scopeKey } reset hasMore } }`,
    { cp, limit: opts.limit ?? 1000, maxBytes: opts.maxBytes },
  );
  expect(res.errors).toBeUndefined();
  return res.data![field]!;
}

/** Pulls until hasMore is false; answers every document and the last checkpoint. */
async function pullAll(token: string, name: CollectionName, from: Checkpoint = FIRST, opts: { limit?: number; maxBytes?: number } = {}) {
  let cp = from;
  const documents: ReplicaDocument[] = [];
  let pages = 0;
  let reset = false;
  for (;;) {
    const page = await pull(token, name, cp, opts);
    pages++;
    reset ||= page.reset;
    documents.push(...page.documents);
    cp = page.checkpoint;
    if (!page.hasMore) return { documents, checkpoint: cp, pages, reset };
  }
}

async function participant(lastname: string, coachId: number | null, extra: { bsn?: string } = {}): Promise<{ id: number; uuid: string }> {
  const { rows } = await f.db.query<{ id: number; uuid: string }>(
    'INSERT INTO participants (company_id, firstname, lastname, coach_id, bsn) VALUES ($1, $2, $3, $4, $5) RETURNING id, uuid',
    [f.companyId, 'Piet', lastname, coachId, extra.bsn ?? null],
  );
  return { id: Number(rows[0]!.id), uuid: String(rows[0]!.uuid) };
}

describe('pull: scope in SQL, pages by rows and bytes', () => {
  it('a first pull reads only rows in scope: the limit counts returned documents only', async () => {
    for (let i = 0; i < 6; i++) await participant(`Ander${i}`, null);
    const mine = [await participant('Eigen1', coach().id), await participant('Eigen2', coach().id), await participant('Eigen3', coach().id)];
    for (let i = 0; i < 6; i++) await participant(`Vreemd${i}`, null);
    const first = await pull(coach().token, 'participants', FIRST, { limit: 2 });
    expect(first.documents).toHaveLength(2);
    expect(first.documents.every((d) => d._deleted === false)).toBe(true);
    expect(first.hasMore).toBe(true);
    const rest = await pullAll(coach().token, 'participants', first.checkpoint, { limit: 2 });
    const uuids = [...first.documents, ...rest.documents].map((d) => d.uuid);
    expect(uuids).toEqual(mine.map((m) => m.uuid));
  });

  it('cuts pages at the byte budget, without gaps or doubles, and ends at the high-water mark', async () => {
    for (let i = 0; i < 30; i++) await participant(`Budget${i}`, null);
    const whole = await pullAll(admin().token, 'participants', FIRST, { limit: 10_000 });
    const small = await pullAll(admin().token, 'participants', FIRST, { limit: 10_000, maxBytes: 2_000 });
    expect(small.pages).toBeGreaterThan(3);
    expect(small.documents.map((d) => d.uuid)).toEqual(whole.documents.map((d) => d.uuid));
    expect(small.checkpoint.seq).toBe(whole.checkpoint.seq);
  });

  it('builds every collection\'s documents, in SQL and in JavaScript, exactly as rowToDocument builds them from the row', async () => {
    const viewer: Viewer = {
      userId: admin().id, companyId: f.companyId, projectId: null, roleId: 7, accessToAllParticipants: false,
      participantId: null, realUserId: admin().id, chain: [], sessionId: 'test',
    };
    await f.db.query("UPDATE participants SET bsn = '123456782', birthdate = '1990-02-03' WHERE id = (SELECT min(id) FROM participants WHERE company_id = $1)", [f.companyId]);
    let compared = 0;
    const keys = await loadSyncKeys(f.db, f.companyId);
    for (const build of ['sql', 'js'] as const) {
      for (const name of COLLECTION_NAMES) {
        const collection = serverCollection(name);
        const answer = await pullCollection(f.db, viewer, collection, FIRST, { limit: 50, build }, pullEnv(f.db, viewer, keys));
        for (const doc of answer.documents) {
          const { rows } = await f.db.query(`SELECT * FROM ${collection.table} WHERE uuid = $1`, [doc.uuid]);
          expect(doc, `${build} ${name}`).toEqual(rowToDocument(rows[0]!, collection.omit, { table: collection.table, viewer }));
          compared++;
        }
      }
    }
    expect(compared).toBeGreaterThan(40);
  });

  it('a continuing sync keeps its high-water mark, and a write made meanwhile comes with one more page of the same sync', async () => {
    for (let i = 0; i < 5; i++) await participant(`Lopend${i}`, null);
    const first = await pull(admin().token, 'participants', FIRST, { limit: 2 });
    expect(first.hasMore).toBe(true);
    const late = await participant('Laat', null);
    // The pages up to the first page's mark, then the late write: the sync never ends below a
    // write that committed before it was asked (a sync resumed after a lost answer did: issue 8).
    const rest = await pullAll(admin().token, 'participants', first.checkpoint, { limit: 2 });
    const uuids = rest.documents.map((d) => d.uuid);
    expect(uuids.at(-1)).toBe(late.uuid);
    expect(uuids.filter((u) => u === late.uuid)).toHaveLength(1);
    expect(rest.reset).toBe(false);
    const next = await pullAll(admin().token, 'participants', rest.checkpoint);
    expect(next.documents).toEqual([]);
    expect(next.checkpoint.seq).toBe(rest.checkpoint.seq);
  });

  it('a sync resumed from the checkpoint of an answer that was lost ends past the writes made since', async () => {
    for (let i = 0; i < 3; i++) await participant(`Hervat${i}`, null);
    const first = await pull(admin().token, 'participants', FIRST, { limit: 1 });
    expect(first.hasMore).toBe(true);
    // The continuation's answer is lost; another device writes; the next round resumes from `first`.
    const lost = await pull(admin().token, 'participants', first.checkpoint, { limit: 1 });
    const late = await participant('NaHervatting', null);
    const resumed = await pullAll(admin().token, 'participants', first.checkpoint, { limit: 1000 });
    expect(resumed.documents.map((d) => d.uuid)).toContain(late.uuid);
    expect(resumed.documents.map((d) => d.uuid)).toContain(lost.documents[0]!.uuid);
    const { rows } = await f.db.query<{ change_seq: string }>('SELECT change_seq FROM participants WHERE uuid = $1', [late.uuid]);
    expect(resumed.checkpoint.seq).toBeGreaterThanOrEqual(Number(rows[0]!.change_seq));
  });

  it('documents that left the scope still arrive as tombstones', async () => {
    const p = await participant('Vertrekt', coach().id);
    const before = await pullAll(coach().token, 'participants');
    expect(before.documents.map((d) => d.uuid)).toContain(p.uuid);
    await f.db.query('UPDATE participants SET coach_id = NULL WHERE id = $1', [p.id]);
    const after = await pullAll(coach().token, 'participants', before.checkpoint);
    expect(after.documents).toContainEqual({ uuid: p.uuid, id: p.id, revision: 2, _deleted: true });
  });
});

describe('pull: signed checkpoints', () => {
  it('answers reset for an unsigned, forged, foreign or other-epoch checkpoint, and not for its own', async () => {
    await participant('Sleutel', null);
    const good = await pullAll(admin().token, 'participants');
    const seq = good.checkpoint.seq;
    expect((await pull(admin().token, 'participants', good.checkpoint)).reset).toBe(false);
    // unsigned
    expect((await pull(admin().token, 'participants', { seq, scopeKey: null })).reset).toBe(true);
    // an old-style key without a signature
    expect((await pull(admin().token, 'participants', { seq, scopeKey: `${admin().id}:7:-:0` })).reset).toBe(true);
    // a changed sequence number under the same signature (asking for older tombstones)
    const forged = await pull(admin().token, 'participants', { seq: 1, scopeKey: good.checkpoint.scopeKey });
    expect(forged.reset).toBe(true);
    expect(forged.documents.every((d) => d._deleted === false)).toBe(true);
    // another user's checkpoint, and another collection's
    expect((await pull(coach().token, 'participants', good.checkpoint)).reset).toBe(true);
    expect((await pull(admin().token, 'users', good.checkpoint)).reset).toBe(true);
    // signed with another key
    const keys = await loadSyncKeys(f.db, f.companyId);
    const alien = signCheckpoint({ ...keys, key: Buffer.alloc(32, 7) }, { c: 'participants', u: admin().id, e: keys.epoch, s: seq, k: 'x', t: Date.now() });
    expect((await pull(admin().token, 'participants', { seq, scopeKey: alien })).reset).toBe(true);
    // another database epoch (a restored backup)
    await f.db.query("UPDATE sync_keys SET epoch = 'restored' WHERE company_id = $1", [f.companyId]);
    expect((await pull(admin().token, 'participants', good.checkpoint)).reset).toBe(true);
  });

  it('a checkpoint ahead of the database sequence answers reset', async () => {
    const keys = await loadSyncKeys(f.db, f.companyId);
    const base = await pullAll(admin().token, 'participants');
    const claims = JSON.parse(Buffer.from(base.checkpoint.scopeKey!.split('.')[0]!, 'base64url').toString()) as { k: string };
    const ahead = 10_000_000;
    const token = signCheckpoint(keys, { c: 'participants', u: admin().id, e: keys.epoch, s: ahead, k: claims.k, t: Date.now() });
    expect((await pull(admin().token, 'participants', { seq: ahead, scopeKey: token })).reset).toBe(true);
  });

  it('purging old tombstones moves the horizon; checkpoints below it answer reset, later ones do not', async () => {
    const gone = await participant('Oud', null);
    const before = await pullAll(admin().token, 'participants');
    await f.db.query("UPDATE participants SET deleted_at = now() - interval '200 days' WHERE id = $1", [gone.id]);
    const afterDelete = await pullAll(admin().token, 'participants', before.checkpoint);
    expect(afterDelete.documents).toContainEqual(expect.objectContaining({ uuid: gone.uuid, _deleted: true }));
    const purged = await purgeTombstones(f.db, new Date());
    expect(purged.participants).toBeGreaterThanOrEqual(1);
    expect((await f.db.query('SELECT 1 FROM participants WHERE id = $1', [gone.id])).rows).toHaveLength(0);
    const keys = await loadSyncKeys(f.db, f.companyId);
    expect(keys.horizon).toBeGreaterThan(before.checkpoint.seq);
    expect((await pull(admin().token, 'participants', before.checkpoint)).reset).toBe(true);
    expect((await pull(admin().token, 'participants', afterDelete.checkpoint)).reset).toBe(false);
  });

  it('never purges a deleted row that another row still points at', async () => {
    const parent = await participant('Ouder', coach().id);
    await f.db.query("INSERT INTO work_plans (company_id, participant_id, name) VALUES ($1, $2, 'Plan')", [f.companyId, parent.id]);
    await f.db.query("UPDATE participants SET deleted_at = now() - interval '200 days' WHERE id = $1", [parent.id]);
    await purgeTombstones(f.db, new Date());
    expect((await f.db.query('SELECT 1 FROM participants WHERE id = $1', [parent.id])).rows).toHaveLength(1);
  });
});

describe('pull: children follow their parent into and out of scope', () => {
  it('widgets follow their dashboard when its visibility changes', async () => {
    const { rows } = await f.db.query<{ id: number }>(
      "INSERT INTO dashboards (company_id, name, visible_role_ids) VALUES ($1, 'Coaches', '{4}') RETURNING id",
      [f.companyId],
    );
    const dashboardId = Number(rows[0]!.id);
    const widget = (await f.db.query<{ uuid: string }>("INSERT INTO widgets (company_id, dashboard_id, name, type) VALUES ($1, $2, 'Plaatsingen', 'bar') RETURNING uuid", [f.companyId, dashboardId]))
      .rows[0]!.uuid;
    const seen = await pullAll(coach().token, 'widgets');
    expect(seen.documents.map((d) => d.uuid)).toContain(widget);
    await f.db.query("UPDATE dashboards SET visible_role_ids = '{3}' WHERE id = $1", [dashboardId]);
    const after = await pullAll(coach().token, 'widgets', seen.checkpoint);
    expect(after.reset).toBe(true);
    expect(after.documents.map((d) => d.uuid)).not.toContain(widget);
    await f.db.query("UPDATE dashboards SET visible_role_ids = '{}' WHERE id = $1", [dashboardId]);
    const back = await pullAll(coach().token, 'widgets', after.checkpoint);
    expect(back.reset).toBe(true);
    expect(back.documents.map((d) => d.uuid)).toContain(widget);
  });

  it('wage-value tasks follow their measurement to a new expert', async () => {
    const p = await participant('Meting', null);
    const { rows } = await f.db.query<{ id: number }>(
      'INSERT INTO wage_value_measurements (company_id, participant_id, created_by_user_id, expert_user_id) VALUES ($1, $2, $3, $4) RETURNING id',
      [f.companyId, p.id, admin().id, coach().id],
    );
    const measurementId = Number(rows[0]!.id);
    const task = (await f.db.query<{ uuid: string }>('INSERT INTO wage_value_tasks (company_id, measurement_id, sort_order) VALUES ($1, $2, 1) RETURNING uuid', [f.companyId, measurementId]))
      .rows[0]!.uuid;
    const oldExpert = await pullAll(coach().token, 'wageValueTasks');
    const newExpert = await pullAll(coach2.token, 'wageValueTasks');
    expect(oldExpert.documents.map((d) => d.uuid)).toContain(task);
    expect(newExpert.documents.map((d) => d.uuid)).not.toContain(task);
    await f.db.query('UPDATE wage_value_measurements SET expert_user_id = $2 WHERE id = $1', [measurementId, coach2.id]);
    const left = await pullAll(coach().token, 'wageValueTasks', oldExpert.checkpoint);
    expect(left.reset).toBe(true);
    expect(left.documents.map((d) => d.uuid)).not.toContain(task);
    const joined = await pullAll(coach2.token, 'wageValueTasks', newExpert.checkpoint);
    expect(joined.documents.map((d) => d.uuid)).toContain(task);
  });
});

describe('sync housekeeping', () => {
  it('keeps processed mutation ids whatever their age (a replay after any time answers the first answer)', async () => {
    const old = '00000000-0000-4000-8000-000000000001';
    await f.db.query(
      `INSERT INTO processed_mutations (client_mutation_id, user_id, company_id, operation, created_at)
       VALUES ($1, $2, $3, 'x', now() - interval '400 days')`,
      [old, admin().id, f.companyId],
    );
    await runSyncHousekeeping(f.db, new Date());
    const { rows } = await f.db.query<{ id: string }>('SELECT client_mutation_id::text AS id FROM processed_mutations WHERE client_mutation_id = $1', [old]);
    expect(rows.map((r) => r.id)).toEqual([old]);
  });

  it('a run the pulls started in the background is waited for at shutdown, so it never fails on a closed database', async () => {
    const counted = () => {
      let n = 0;
      const db: Db = { ...f.db, transaction: async (fn) => f.db.transaction(fn).finally(() => void n++) };
      return { db, transactions: () => n };
    };
    // A whole run: one transaction per collection.
    const direct = counted();
    await runSyncHousekeeping(direct.db, new Date());
    expect(direct.transactions()).toBeGreaterThan(1);
    const background = counted();
    maybeRunSyncHousekeeping(background.db, new Date(), 1, () => 0);
    expect(background.transactions()).toBe(0);
    await syncHousekeepingSettled();
    expect(background.transactions()).toBe(direct.transactions());
  });
});

describe('live stream', () => {
  it('ends when its session is logged out (revoked), and is refused afterwards', async () => {
    const user = await f.db.query<{ id: number }>(
      "INSERT INTO users (company_id, acl_role_id, username, given_name, surname) VALUES ($1, 7, 'stream-e', 'Eva', 'Test') RETURNING id",
      [f.companyId],
    );
    const id = Number(user.rows[0]!.id);
    const { token } = await createSession(f.db, { id, companyId: f.companyId }, { mfaValidated: true });
    const res = await f.app.request('/api/v2/stream', { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    let done = false;
    const readUntil = async (needle: string) => {
      while (!done && !text.includes(needle)) {
        const chunk = await reader.read();
        done = chunk.done;
        if (chunk.value) text += decoder.decode(chunk.value);
      }
    };
    await readUntil('event: ready');
    const revoke = await f.app.request('/api/oauth/revoke', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ token }),
    });
    expect(revoke.status).toBe(200);
    await readUntil('event: ended');
    expect(text).toContain('event: ended');
    while (!done) done = (await reader.read()).done;
    expect(done).toBe(true);
    const again = await f.app.request('/api/v2/stream', { headers: { authorization: `Bearer ${token}` } });
    expect(again.status).toBe(401);
  });
});
