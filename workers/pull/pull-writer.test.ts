import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { pullFieldName, type CollectionName } from '../../src/domain/sync/collections';
import type { PullAnswer, ReplicaDocument } from '../../src/domain/sync/types';
import type { GraphOutcome, GraphTransport } from '../graph-client';
import type { Replica } from '../replica/db';
import { enqueue, listOutbox } from '../outbox/outbox';
import { countWrites, testReplica } from '../test-support';
import { pullCollections } from './pull';

/**
 * The pull writer (workers/replica/pull-pages.ts): the pages queued while one batch is written go
 * together in one transaction, pages that change nothing are not written, a page asked for from the
 * initial checkpoint starts its collection over, and the free collections spread over the requests.
 */
const KEPT = '01900000-0000-7000-8000-000000000031';
const HELD = '01900000-0000-7000-8000-000000000032';
const NAMES: CollectionName[] = ['participants', 'users', 'projects', 'messages', 'syncProbes', 'companies'];
const byField = new Map(NAMES.map((n) => [pullFieldName(n), n]));
const asked = (query: string): CollectionName[] => [...query.matchAll(/(pull\w+)\(checkpoint:/g)].map((m) => byField.get(m[1]!)!);

/** A server in a script: `answer` gives each collection's page from the checkpoint asked for. */
function scriptedServer(answer: (name: CollectionName, cp: { seq: number; scopeKey: string | null }) => PullAnswer, delayMs = 0) {
  const requests: { names: CollectionName[]; checkpoints: { seq: number; scopeKey: string | null }[] }[] = [];
  const transport: GraphTransport = async <T,>(query: string, variables: Record<string, unknown>): Promise<GraphOutcome<T>> => {
    const names = asked(query);
    const checkpoints = names.map((_, i) => variables[`cp${i}`] as { seq: number; scopeKey: string | null });
    requests.push({ names, checkpoints });
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    const data: Record<string, PullAnswer> = {};
    names.forEach((name, i) => (data[pullFieldName(name)] = answer(name, checkpoints[i]!)));
    return { kind: 'data', data: data as T };
  };
  return { transport, requests };
}

const doc = (name: CollectionName, n: number): ReplicaDocument => ({ uuid: `${name}-${n}`, id: n, revision: 1, _deleted: false });
const page = (documents: ReplicaDocument[], seq: number, hasMore = false): PullAnswer => ({ documents, checkpoint: { seq, scopeKey: `k${seq}` }, reset: false, hasMore });

async function storeCheckpoints(replica: Replica, seq: number) {
  await replica.checkpoints.bulkPut(NAMES.map((collection) => ({ collection, seq, scopeKey: `k${seq}`, syncedAt: 1 })));
}

describe('the pull writer', () => {
  it('writes the pages of one answer in one transaction with their checkpoints', async () => {
    const replica = testReplica();
    await storeCheckpoints(replica, 5);
    const server = scriptedServer((name) => page([doc(name, 1)], 9));
    const writes = countWrites(replica);
    expect(await pullCollections(replica, server.transport, NAMES, { inFlight: 1 })).toEqual({ kind: 'done', documents: NAMES.length });
    expect(server.requests.map((r) => r.names)).toEqual([NAMES]);
    expect(writes.count()).toBe(1);
    for (const name of NAMES) {
      expect(await replica.docs(name).count()).toBe(1);
      expect(await replica.checkpoints.get(name)).toMatchObject({ seq: 9, scopeKey: 'k9' });
    }
  });

  it('writes nothing when no page changes anything (an idle pull)', async () => {
    const replica = testReplica();
    await storeCheckpoints(replica, 5);
    const server = scriptedServer(() => ({ ...page([], 5), checkpoint: { seq: 5, scopeKey: 'k5-reissued' } }));
    const writes = countWrites(replica);
    expect(await pullCollections(replica, server.transport, NAMES)).toEqual({ kind: 'done', documents: 0 });
    expect(writes.count()).toBe(0);
    expect((await replica.checkpoints.toArray()).map((c) => c.scopeKey)).toEqual(NAMES.map(() => 'k5'));
  });

  it('writes the pages of a collection in order, each with its checkpoint, several collections together', async () => {
    const replica = testReplica();
    await storeCheckpoints(replica, 100);
    // syncProbes has three pages; the others one each.
    const server = scriptedServer((name, cp) => {
      if (name !== 'syncProbes') return page([doc(name, 1)], 110);
      const n = cp.seq - 100 + 1;
      return page([doc(name, n)], 100 + n, n < 3);
    }, 2);
    expect(await pullCollections(replica, server.transport, NAMES)).toEqual({ kind: 'done', documents: NAMES.length - 1 + 3 });
    expect(server.requests.filter((r) => r.names.includes('syncProbes')).map((r) => r.checkpoints[r.names.indexOf('syncProbes')]!.seq)).toEqual([100, 101, 102]);
    expect((await replica.docs('syncProbes').toArray()).map((d) => d.uuid)).toEqual(['syncProbes-1', 'syncProbes-2', 'syncProbes-3']);
    expect(await replica.checkpoints.get('syncProbes')).toMatchObject({ seq: 103 });
  });

  it('spreads the free collections over the requests in flight', async () => {
    const replica = testReplica();
    await storeCheckpoints(replica, 5);
    const server = scriptedServer((name) => page([doc(name, 1)], 9), 5);
    expect((await pullCollections(replica, server.transport, NAMES, { inFlight: 3 })).kind).toBe('done');
    expect(server.requests.map((r) => r.names)).toEqual([
      ['participants', 'users'],
      ['projects', 'messages'],
      ['syncProbes', 'companies'],
    ]);
  });

  it('a first sync starts each collection over: documents it does not bring go, a held one loses its server version', async () => {
    const replica = testReplica();
    await replica.docs('syncProbes').bulkPut([
      { uuid: KEPT, id: 1, body: 'aangemaakt', title: 't', counter: 0, revision: 4 },
      { uuid: HELD, id: 2, body: 'oud', title: 't', counter: 0, revision: 2 },
    ]);
    await replica.docs('users').put({ uuid: 'stale-user', id: 9, givenName: 'Oud', surname: 'Lid' });
    await enqueue(replica, 'probes.save', { uuid: HELD, body: 'mijn wijziging' });
    const server = scriptedServer((name) => page(name === 'syncProbes' || name === 'users' ? [] : [doc(name, 1)], 40));
    expect(await pullCollections(replica, server.transport, NAMES, { inFlight: 1 })).toEqual({ kind: 'done', documents: NAMES.length - 2 });
    expect(server.requests[0]!.checkpoints.every((cp) => cp.seq === 0 && cp.scopeKey === null)).toBe(true);
    expect(await replica.docs('users').count()).toBe(0);
    expect(await replica.docs('syncProbes').toArray()).toEqual([{ uuid: HELD, body: 'mijn wijziging', _pending: true }]);
    expect((await listOutbox(replica)).map((r) => r.previous)).toEqual([null]);
    for (const name of NAMES) expect(await replica.checkpoints.get(name)).toMatchObject({ seq: 40 });
  });
});
