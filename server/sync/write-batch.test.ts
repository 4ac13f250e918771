/**
 * A pushed batch of declared writes runs in ONE transaction with a savepoint per write
 * (server/sync/writes.ts, useWriteBatches; server/sync/client-mutation.ts): answers in order,
 * exactly once on replay, a refusal or a throw rolls back only its own write, the claim is one row.
 * Runs on PGlite, and on PostgreSQL with WERKPAD_TEST_DB=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSyncFixture, type SyncFixture } from './test-fixture';
import { pushDocument, PUSH_BATCH_MAX, type PushItem } from '../../src/domain/writes/push-document';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import { NOT_ATTEMPTED } from '../../src/domain/sync/outbox-machine';
import type { PushAnswer } from '../../src/domain/sync/types';
import { probeWrites } from '../../src/domain/sync-probes/writes';
import type * as v from 'valibot';
import { ok, refuse, runWrite, runWriteBatch, type WriteEffect } from './writes';
import { viewerFor } from '../auth/testing/authz-fixtures';
import { loadConfig } from '../config';
import type { GraphContext } from '../graph/context';
import { run, sql } from '../db/sql';

let f: SyncFixture;
beforeAll(async () => {
  f = await createSyncFixture();
  // A write whose body is 'boom' fails in the database the way a deadlock or a serialization failure does.
  await f.db.exec(`
    CREATE FUNCTION test_boom() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.body = 'boom' THEN RAISE EXCEPTION 'could not serialize access' USING ERRCODE = '40001'; END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER test_boom BEFORE INSERT OR UPDATE ON sync_probes FOR EACH ROW EXECUTE FUNCTION test_boom();
    CREATE FUNCTION test_commit_fails() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.body = 'fails at commit' THEN RAISE EXCEPTION 'deferred check failed' USING ERRCODE = '23514'; END IF;
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER test_commit_fails AFTER INSERT OR UPDATE ON sync_probes
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION test_commit_fails();
  `);
});
afterAll(async () => {
  await f.db.close();
});

type Answers = Record<string, PushAnswer | null>;

async function push(items: readonly PushItem[], token = f.users[0]!.token) {
  const doc = pushDocument(items);
  return f.graph<Answers>(token, doc.query, doc.variables);
}

const save = (uuid: string, body: string, clientMutationId = uuidv7()): PushItem => ({
  mutation: 'saveSyncProbe',
  input: { uuid, body },
  clientMutationId,
});
const bump = (uuid: string, delta: number, clientMutationId = uuidv7()): PushItem => ({
  mutation: 'bumpSyncProbe',
  input: { uuid, delta },
  clientMutationId,
});

async function probes(uuids: readonly string[]): Promise<{ uuid: string; body: string; counter: number }[]> {
  const { rows } = await f.db.query<{ uuid: string; body: string; counter: number }>(
    'SELECT uuid, body, counter FROM sync_probes WHERE uuid = ANY($1::uuid[]) ORDER BY body',
    [uuids],
  );
  return rows.map((r) => ({ uuid: String(r.uuid), body: r.body, counter: Number(r.counter) }));
}

async function claims(ids: readonly string[]): Promise<{ id: string; createdAt: string; result: PushAnswer }[]> {
  const { rows } = await f.db.query<{ client_mutation_id: string; created_at: Date; result: PushAnswer }>(
    'SELECT client_mutation_id, created_at, result FROM processed_mutations WHERE client_mutation_id = ANY($1::uuid[])',
    [ids],
  );
  return rows.map((r) => ({ id: String(r.client_mutation_id), createdAt: new Date(r.created_at).toISOString(), result: r.result }));
}

async function auditRows(ids: readonly string[]): Promise<number> {
  const { rows } = await f.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM audit_log WHERE action LIKE 'write.%' AND details->>'clientMutationId' = ANY($1::text[])`,
    [ids],
  );
  return Number(rows[0]?.n);
}

describe('a pushed batch', () => {
  it('runs in one transaction: every claim is written once, with its answer, at the same transaction time', async () => {
    const items = Array.from({ length: PUSH_BATCH_MAX }, (_, i) => save(uuidv7(), `een transactie ${i}`));
    const res = await push(items);
    expect(res.errors).toBeUndefined();
    const answers = items.map((_, i) => res.data?.[`r${i}`]);
    expect(answers.every((a) => a?.success === true && a.revision === 1)).toBe(true);
    const stored = await claims(items.map((i) => i.clientMutationId));
    expect(stored).toHaveLength(PUSH_BATCH_MAX);
    // now() is the transaction's start: one value means one transaction.
    expect(new Set(stored.map((c) => c.createdAt)).size).toBe(1);
    expect(stored.every((c) => c.result.success === true)).toBe(true);
    expect(await probes(items.map((i) => String((i.input as { uuid: string }).uuid)))).toHaveLength(PUSH_BATCH_MAX);
  });

  it('answers accepted, refused and thrown writes in order, keeps exactly the accepted ones, and a replay answers the same', async () => {
    const [a, b, c, d] = [uuidv7(), uuidv7(), uuidv7(), uuidv7()];
    const missing = uuidv7();
    const items = [save(a, 'a'), bump(missing, 1), save(b, 'b'), bump(a, 5), save(c, 'boom'), save(d, 'd')];
    const ids = items.map((i) => i.clientMutationId);
    const first = await push(items);
    expect(first.data).toEqual({
      r0: { success: true, reason: null, params: null, revision: 1, conflict: null },
      r1: { success: false, reason: 'not_found', params: null, revision: null, conflict: null },
      r2: { success: true, reason: null, params: null, revision: 1, conflict: null },
      r3: { success: true, reason: null, params: null, revision: null, conflict: null },
      // Thrown: no answer (transient), and the writes behind it were not run.
      r4: null,
      r5: { success: false, reason: NOT_ATTEMPTED, params: null, revision: null, conflict: null },
    });
    expect(first.errors?.map((e) => (e as { path?: string[] }).path)).toEqual([['r4']]);
    expect(await probes([a, b, c, d, missing])).toEqual([
      { uuid: a, body: 'a', counter: 5 },
      { uuid: b, body: 'b', counter: 0 },
    ]);
    const stored = await claims(ids);
    expect(stored.map((s) => s.id).sort()).toEqual(ids.slice(0, 4).sort());
    expect(await auditRows(ids)).toBe(4);

    // The whole batch again (its answer was lost): the same answers, nothing applied twice.
    const replay = await push(items);
    expect(replay.data).toEqual(first.data);
    expect(await probes([a, b, c, d, missing])).toEqual([
      { uuid: a, body: 'a', counter: 5 },
      { uuid: b, body: 'b', counter: 0 },
    ]);
    expect(await claims(ids)).toHaveLength(4);
    expect(await auditRows(ids)).toBe(4);

    // The cause of the throw is gone: the stored answers stay, the rest runs now, in order.
    await f.db.exec('ALTER TABLE sync_probes DISABLE TRIGGER test_boom');
    try {
      const later = await push(items);
      expect(later.errors).toBeUndefined();
      expect({ ...later.data, r4: null, r5: null }).toEqual({ ...first.data, r4: null, r5: null });
      expect(later.data?.r4).toMatchObject({ success: true, revision: 1 });
      expect(later.data?.r5).toMatchObject({ success: true, revision: 1 });
      expect((await probes([a, b, c, d])).map((p) => p.body)).toEqual(['a', 'b', 'boom', 'd']);
      expect(await claims(ids)).toHaveLength(6);
    } finally {
      await f.db.exec('ALTER TABLE sync_probes ENABLE TRIGGER test_boom');
    }
  });

  it('answers nothing and keeps nothing when the transaction cannot commit', async () => {
    const [a, b] = [uuidv7(), uuidv7()];
    const items = [save(a, 'kept?'), save(b, 'fails at commit')];
    const res = await push(items);
    expect(res.data).toEqual({ r0: null, r1: null });
    expect(res.errors?.map((e) => (e as { path?: string[] }).path)).toEqual([['r0'], ['r1']]);
    expect(await probes([a, b])).toEqual([]);
    expect(await claims(items.map((i) => i.clientMutationId))).toEqual([]);
  });

  it('two identical deliveries at once: both answer the first answer, applied once', async () => {
    const a = uuidv7();
    await push([save(a, 'teller')]);
    const items = [bump(a, 2), bump(a, 3), save(a, 'teller 2')];
    const [one, two] = await Promise.all([push(items), push(items)]);
    expect(one.errors).toBeUndefined();
    expect(two.errors).toBeUndefined();
    expect(two.data).toEqual(one.data);
    expect(await probes([a])).toEqual([{ uuid: a, body: 'teller 2', counter: 5 }]);
    expect(await claims(items.map((i) => i.clientMutationId))).toHaveLength(3);
  });

  it('a write of its own (not a batch) still answers once and keeps the claim', async () => {
    const a = uuidv7();
    const item = save(a, 'alleen');
    const res = await push([item]);
    expect(res.data?.r0).toMatchObject({ success: true, revision: 1 });
    expect(await push([item])).toEqual(res);
    expect(await claims([item.clientMutationId])).toHaveLength(1);
  });
});

describe('a refusal or a throw inside a batch', () => {
  it('rolls back what that write had already written, and nothing of the writes before it', async () => {
    const viewer = await viewerFor(f.db, f.users[0]!.id);
    const graph: GraphContext = {
      db: f.db,
      config: loadConfig({}),
      viewer,
      ip: '127.0.0.1',
      request: new Request('http://localhost/api/v2/graph'),
      upload: null,
    };
    const [a, b, c, d] = [uuidv7(), uuidv7(), uuidv7(), uuidv7()];
    const insert = (uuid: string, body: string) =>
      sql`INSERT INTO sync_probes (uuid, company_id, user_id, body) VALUES (${uuid}, ${viewer.companyId}, ${viewer.userId}, ${body})`;
    const calls: [string, WriteEffect<v.InferOutput<typeof probeWrites.save.input>>][] = [
      [
        a,
        async ({ tx, input }) => {
          await run(tx, insert(input.uuid, 'accepted'));
          return ok();
        },
      ],
      [
        b,
        async ({ tx, input }) => {
          await run(tx, insert(input.uuid, 'written, then refused'));
          return refuse('sync.errors.bodyTooLong', { max: 1 });
        },
      ],
      [
        c,
        async ({ tx, input }) => {
          await run(tx, insert(input.uuid, 'written, then thrown'));
          throw new Error('connection lost');
        },
      ],
      [
        d,
        async ({ tx, input }) => {
          await run(tx, insert(input.uuid, 'never run'));
          return ok();
        },
      ],
    ];
    const ids = calls.map(() => uuidv7());
    const result = await runWriteBatch(graph, ['r0', 'r1', 'r2', 'r3'], async () => {
      const data: Record<string, PushAnswer | null> = {};
      for (const [i, [uuid, effect]] of calls.entries()) {
        data[`r${i}`] = await runWrite(graph, probeWrites.save, effect, { uuid, body: 'x', clientMutationId: ids[i] }).catch(() => null);
      }
      return { data };
    });
    expect(result.errors).toBeUndefined();
    expect(result.data).toEqual({
      r0: { success: true, reason: null, revision: 1, conflict: null },
      r1: { success: false, reason: 'sync.errors.bodyTooLong', params: { max: 1 }, conflict: null },
      r2: null,
      r3: { success: false, reason: NOT_ATTEMPTED, conflict: null },
    });
    expect(await probes([a, b, c, d])).toEqual([{ uuid: a, body: 'accepted', counter: 0 }]);
    const stored = await claims(ids);
    expect(stored.map((s) => s.result.success).sort()).toEqual([false, true]);
    expect(stored.map((s) => s.id).sort()).toEqual([ids[0], ids[1]].sort());
  });
});
