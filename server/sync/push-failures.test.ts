/**
 * How the server answers pushed writes that fail (issue 19, point 3; src/domain/sync/push-failures.ts):
 * a transient failure answers nothing (the client sends it again), any other exception answers the
 * row `internal_error` without leaving anything behind and without storing that answer for its id;
 * only later writes of the same document in the request wait behind it. An edit of a document deleted
 * on the server is refused `document_deleted`. Runs on PGlite, and on PostgreSQL with WERKPAD_TEST_DB=postgres.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { createSyncFixture, type SyncFixture } from './test-fixture';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import { NOT_ATTEMPTED } from '../../src/domain/sync/outbox-machine';
import type { PushAnswer } from '../../src/domain/sync/types';
import { BODY_LIMIT_BYTES, DOCUMENT_DELETED, INTERNAL_ERROR, PAYLOAD_TOO_LARGE } from '../../src/domain/sync/push-failures';
import { pushDocument } from '../../src/domain/writes/push-document';
import { probeWrites } from '../../src/domain/sync-probes/writes';
import { defineWrite } from '../../src/domain/writes/define';
import { ok, runWrite, runWriteBatch, type WriteEffect } from './writes';
import { viewerFor } from '../auth/testing/authz-fixtures';
import { loadConfig } from '../config';
import type { GraphContext } from '../graph/context';
import { run, sql } from '../db/sql';

let f: SyncFixture;
let graph: () => Promise<GraphContext>;
beforeAll(async () => {
  f = await createSyncFixture();
  graph = async () => ({
    db: f.db,
    config: loadConfig({}),
    viewer: await viewerFor(f.db, f.users[0]!.id),
    ip: '127.0.0.1',
    request: new Request('http://localhost/api/v2/graph'),
    upload: null,
  });
});
afterAll(async () => {
  await f.db.close();
});

type SaveEffect = WriteEffect<v.InferOutput<typeof probeWrites.save.input>>;

const insert = (g: GraphContext, uuid: string, body: string) =>
  sql`INSERT INTO sync_probes (uuid, company_id, user_id, body) VALUES (${uuid}, ${g.viewer!.companyId}, ${g.viewer!.userId}, ${body})
      ON CONFLICT (company_id, uuid) DO UPDATE SET body = EXCLUDED.body`;
const accept =
  (body: string): SaveEffect =>
  async ({ tx, input, graph: g }) => {
    await run(tx, insert(g, input.uuid, body));
    return ok();
  };
/** Writes, then throws what it is given. */
const throws =
  (error: unknown): SaveEffect =>
  async ({ tx, input, graph: g }) => {
    await run(tx, insert(g, input.uuid, 'written, then thrown'));
    throw error;
  };

async function probes(uuids: readonly string[]): Promise<string[]> {
  const { rows } = await f.db.query<{ body: string }>('SELECT body FROM sync_probes WHERE uuid = ANY($1::uuid[]) ORDER BY body', [uuids]);
  return rows.map((r) => r.body);
}
async function claimed(ids: readonly string[]): Promise<string[]> {
  const { rows } = await f.db.query<{ id: string }>('SELECT client_mutation_id::text AS id FROM processed_mutations WHERE client_mutation_id = ANY($1::uuid[])', [ids]);
  return rows.map((r) => r.id).sort();
}

/** Runs the calls as one pushed batch, the way a request of the worker runs (useWriteBatches). */
async function batch(calls: readonly [string, SaveEffect, string][]): Promise<Record<string, PushAnswer | null>> {
  const g = await graph();
  const result = await runWriteBatch(g, calls.map((_, i) => `r${i}`), async () => {
    const data: Record<string, PushAnswer | null> = {};
    for (const [i, [uuid, effect, id]] of calls.entries()) {
      data[`r${i}`] = await runWrite(g, probeWrites.save, effect, { uuid, body: 'x', clientMutationId: id }).catch(() => null);
    }
    return { data };
  });
  expect(result.errors).toBeUndefined();
  return result.data as Record<string, PushAnswer | null>;
}

describe('a write that throws', () => {
  it('a bug answers internal_error for its row only: nothing of it stays, later writes of the same document wait, other documents go on', async () => {
    const [a, b, c] = [uuidv7(), uuidv7(), uuidv7()];
    const ids = [uuidv7(), uuidv7(), uuidv7(), uuidv7()];
    const answers = await batch([
      [a, accept('a before'), ids[0]!],
      [b, throws(new TypeError("Cannot read properties of undefined (reading 'id')")), ids[1]!],
      [b, accept('b behind the error'), ids[2]!],
      [c, accept('c after'), ids[3]!],
    ]);
    expect(answers).toEqual({
      r0: { success: true, reason: null, revision: 1, conflict: null },
      r1: { success: false, reason: INTERNAL_ERROR, conflict: null },
      r2: { success: false, reason: NOT_ATTEMPTED, conflict: null },
      r3: { success: true, reason: null, revision: 1, conflict: null },
    });
    expect(await probes([a, b, c])).toEqual(['a before', 'c after']);
    // The error is not the id's answer: only the accepted writes are claimed.
    expect(await claimed(ids)).toEqual([ids[0]!, ids[3]!].sort());

    // Sent again under the same id (the client's retry), once the cause is gone: it runs, in order.
    const again = await batch([
      [b, accept('b retried'), ids[1]!],
      [b, accept('b behind the error'), ids[2]!],
    ]);
    expect(again.r0).toMatchObject({ success: true, revision: 1 });
    expect(again.r1).toMatchObject({ success: true, revision: 2 });
    expect(await probes([b])).toEqual(['b behind the error']);
  });

  it('a constraint violation the write did not check is an error with a code too', async () => {
    const [a, b] = [uuidv7(), uuidv7()];
    const answers = await batch([
      [a, throws(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' })), uuidv7()],
      [b, accept('b'), uuidv7()],
    ]);
    expect(answers.r0).toEqual({ success: false, reason: INTERNAL_ERROR, conflict: null });
    expect(answers.r1).toMatchObject({ success: true });
    expect(await probes([a, b])).toEqual(['b']);
  });

  it('deadlock, serialization failure, statement timeout and a lost connection are transient: no answer, the writes behind wait', async () => {
    for (const error of [
      Object.assign(new Error('deadlock detected'), { code: '40P01' }),
      Object.assign(new Error('could not serialize access'), { code: '40001' }),
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
    ]) {
      const [a, b] = [uuidv7(), uuidv7()];
      const ids = [uuidv7(), uuidv7()];
      const answers = await batch([
        [a, throws(error), ids[0]!],
        [b, accept('b'), ids[1]!],
      ]);
      expect(answers, error.message).toEqual({ r0: null, r1: { success: false, reason: NOT_ATTEMPTED, conflict: null } });
      expect(await probes([a, b])).toEqual([]);
      expect(await claimed(ids)).toEqual([]);
    }
  });

  it('a write of its own (not in a batch) that throws a bug answers internal_error and keeps nothing', async () => {
    const a = uuidv7();
    const answer = await runWrite(await graph(), probeWrites.save, throws(new RangeError('bug')), { uuid: a, body: 'x', clientMutationId: uuidv7() });
    expect(answer).toEqual({ success: false, reason: INTERNAL_ERROR, conflict: null });
    expect(await probes([a])).toEqual([]);
  });
});

describe('an edit of a document deleted on the server', () => {
  const editProbe = defineWrite({
    mutation: 'testEditDeletedProbe',
    input: v.object({ uuid: v.string(), body: v.string() }),
    document: { collection: 'syncProbes', target: (i) => i.uuid, mode: 'edit' },
    patch: (i) => ({ body: i.body }),
  });

  it('is refused with document_deleted, not accepted on a row nobody sees', async () => {
    const g = await graph();
    const uuid = uuidv7();
    await run(f.db, sql`INSERT INTO sync_probes (uuid, company_id, user_id, body, deleted_at) VALUES (${uuid}, ${g.viewer!.companyId}, ${g.viewer!.userId}, 'weg', now())`);
    const answer = await runWrite(
      g,
      editProbe,
      async ({ tx, current, input }) => {
        await run(tx, sql`UPDATE sync_probes SET body = ${input.body} WHERE id = ${Number(current!.id)}`);
        return ok();
      },
      { uuid, body: 'bewerkt', clientMutationId: uuidv7() },
    );
    expect(answer).toMatchObject({ success: false, reason: DOCUMENT_DELETED });
    const { rows } = await f.db.query<{ body: string }>('SELECT body FROM sync_probes WHERE uuid = $1', [uuid]);
    expect(rows[0]?.body).toBe('weg');
  });
});

describe('a pushed row larger than the body limit', () => {
  it('answers 413 with the code payload_too_large (also as a GraphQL error code), never a refusal, and nothing is written', async () => {
    const uuid = uuidv7();
    const doc = pushDocument([{ mutation: 'saveSyncProbe', input: { uuid, body: 'a'.repeat(BODY_LIMIT_BYTES) }, clientMutationId: uuidv7() }]);
    const res = await f.app.request('/api/v2/graph', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${f.users[0]!.token}` },
      body: JSON.stringify(doc),
    });
    expect(res.status).toBe(413);
    const body = (await res.json()) as { error?: string; errors?: { extensions?: { code?: string } }[]; data?: unknown };
    expect(body.error).toBe(PAYLOAD_TOO_LARGE);
    expect(body.errors?.[0]?.extensions?.code).toBe(PAYLOAD_TOO_LARGE);
    expect(body.data).toBeUndefined();
    expect(await probes([uuid])).toEqual([]);
  });
});
