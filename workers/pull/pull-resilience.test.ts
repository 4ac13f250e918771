import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { pullFieldName, type CollectionName } from '../../src/domain/sync/collections';
import type { PullAnswer } from '../../src/domain/sync/types';
import type { GraphOutcome, GraphTransport } from '../graph-client';
import { testReplica } from '../test-support';
import { pullCollections, storageFailure } from './pull';
import { SyncEngine } from '../engine';
import { enqueue } from '../outbox/outbox';
import { applyPullPage } from '../replica/documents';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';

const NAMES: CollectionName[] = ['participants', 'users', 'projects', 'messages'];
const byField = new Map(NAMES.map((n) => [pullFieldName(n), n]));

/** The collections a pull query asks for, in order. */
function asked(query: string): CollectionName[] {
  return [...query.matchAll(/(pull\w+)\(checkpoint:/g)].map((m) => byField.get(m[1]!)!).filter(Boolean);
}

/** A server in a script: `pages` documents per collection, two per page, `fail` answering an error. */
function fakeServer(options: { pages?: number; fail?: CollectionName[]; delayMs?: number } = {}) {
  const pages = options.pages ?? 1;
  let active = 0;
  let maxActive = 0;
  const transport: GraphTransport = async <T,>(query: string, variables: Record<string, unknown>): Promise<GraphOutcome<T>> => {
    active++;
    maxActive = Math.max(maxActive, active);
    await new Promise((r) => setTimeout(r, options.delayMs ?? 2));
    active--;
    const data: Record<string, PullAnswer | null> = {};
    const errors: { message: string; path: string[] }[] = [];
    asked(query).forEach((name, i) => {
      const field = pullFieldName(name);
      if (options.fail?.includes(name)) {
        data[field] = null;
        errors.push({ message: 'deadlock detected', path: [field] });
        return;
      }
      const cp = variables[`cp${i}`] as { seq: number };
      const page = cp.seq + 1;
      data[field] = {
        documents: [0, 1].map((k) => ({ uuid: `${name}-${page}-${k}`, id: page * 10 + k, revision: 1, _deleted: false })),
        checkpoint: { seq: page, scopeKey: `signed-${name}-${page}` },
        reset: false,
        hasMore: page < pages,
      };
    });
    return { kind: 'data', data: data as T, ...(errors.length ? { errors } : {}) };
  };
  return { transport, maxActive: () => maxActive };
}

describe('pull loop resilience', () => {
  it('runs several requests at once and pulls every page of every collection', async () => {
    const replica = testReplica();
    const server = fakeServer({ pages: 3, delayMs: 5 });
    const out = await pullCollections(replica, server.transport, NAMES, { inFlight: 3 });
    expect(out).toEqual({ kind: 'done', documents: NAMES.length * 3 * 2 });
    for (const name of NAMES) {
      expect(await replica.docs(name).count()).toBe(6);
      expect((await replica.checkpoints.get(name))?.seq).toBe(3);
    }
  });

  it('keeps more than one request in flight when collections go one per request', async () => {
    const replica = testReplica();
    // Every batch refused as a whole once: the collections then go one per request, three at a time.
    let refusedOnce = false;
    const server = fakeServer({ pages: 2, delayMs: 10 });
    const transport: GraphTransport = async (query, variables) => {
      if (!refusedOnce && asked(query).length > 1) {
        refusedOnce = true;
        return { kind: 'error', message: 'Cannot query field' };
      }
      return server.transport(query, variables);
    };
    const out = await pullCollections(replica, transport, NAMES, { inFlight: 3 });
    expect(out.kind).toBe('done');
    expect(server.maxActive()).toBeGreaterThan(1);
  });

  it('one failing collection does not fail the others', async () => {
    const replica = testReplica();
    const server = fakeServer({ pages: 2, fail: ['users'] });
    const out = await pullCollections(replica, server.transport, NAMES);
    expect(out).toEqual({ kind: 'partial', documents: 12, failed: [{ collection: 'users', message: 'deadlock detected' }] });
    expect(await replica.docs('participants').count()).toBe(4);
    expect(await replica.docs('users').count()).toBe(0);
    expect(await replica.checkpoints.get('users')).toBeUndefined();
  });

  it('stops at once when IndexedDB refuses a write (quota), with the storage code', async () => {
    const replica = testReplica();
    const table = replica.docs('messages');
    table.bulkPut = (() => Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError'))) as unknown as typeof table.bulkPut;
    const out = await pullCollections(replica, fakeServer({ pages: 2 }).transport, NAMES);
    expect(out).toMatchObject({ kind: 'storage', code: 'storage_quota' });
    expect(await replica.checkpoints.get('messages')).toBeUndefined();
    expect(storageFailure(new Error('boom')).code).toBe('storage_error');
  });

  it('the engine shows a storage stop, does not retry by itself or on a poke, and goes on after resume', async () => {
    const replica = testReplica();
    const table = replica.docs('participants');
    const realBulkPut = table.bulkPut.bind(table);
    let full = true;
    table.bulkPut = ((...args: Parameters<typeof realBulkPut>) =>
      full ? Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')) : realBulkPut(...args)) as typeof table.bulkPut;
    const server = fakeServer();
    let calls = 0;
    const counting: GraphTransport = (q, v) => {
      calls++;
      return server.transport(q, v);
    };
    const scheduled: (() => void)[] = [];
    const engine = new SyncEngine({
      replica,
      transport: counting,
      collections: ['participants', 'users'],
      schedule: (fn) => {
        scheduled.push(fn);
        return () => undefined;
      },
    });
    await engine.start({ leader: true, online: true });
    await engine.requestSync();
    expect(engine.getStatus()).toMatchObject({ state: 'error', error: 'storage_quota' });
    expect(scheduled).toHaveLength(0);
    const before = calls;
    await engine.requestSync(['participants']);
    expect(calls).toBe(before);
    expect(engine.getStatus().state).toBe('error');
    full = false;
    // resume() syncs at once (this fake server answers two new documents on every pull, so one sync: two).
    await engine.resume();
    expect(engine.getStatus()).toMatchObject({ state: 'idle', error: null });
    expect(await replica.docs('participants').count()).toBe(2);
    await engine.stop();
  });

  it('a pulled document with a pending change becomes its base and keeps the change on top', async () => {
    const replica = testReplica();
    const p1 = uuidv7();
    await replica.docs('syncProbes').put({ uuid: p1, id: 1, revision: 1, body: 'oud', counter: 0 });
    const uuid = uuidv7();
    await enqueue(replica, 'probes.save', { uuid: p1, body: 'mijn tekst' });
    await applyPullPage(
      replica,
      'syncProbes',
      {
        documents: [
          { uuid: p1, id: 1, revision: 2, body: 'oud', counter: 5, _deleted: false },
          { uuid, id: 2, revision: 1, body: 'ander', counter: 0, _deleted: false },
        ],
        checkpoint: { seq: 9, scopeKey: 'k' },
        reset: false,
        hasMore: false,
      },
      Date.now(),
    );
    expect(await replica.docs('syncProbes').get(p1)).toMatchObject({ body: 'mijn tekst', counter: 5, revision: 2, _pending: true });
    const row = (await replica.outbox.toArray())[0]!;
    expect(row.previous).toMatchObject({ body: 'oud', counter: 5, revision: 2 });
    expect(await replica.docs('syncProbes').get(uuid)).toMatchObject({ body: 'ander' });
    expect((await replica.checkpoints.get('syncProbes'))?.seq).toBe(9);
  });
});
