/**
 * Measurements for `npm run bench` (tests/bench/run.ts), run in Chromium against the real server:
 * first full sync, the raw IndexedDB ceiling for the same documents, and the outbox drain.
 * The same modules the sync worker runs; only the timing is added here.
 */
import { Dexie } from 'dexie';
import { COLLECTION_NAMES } from '../../src/domain/sync/collections';
import { declareReplicaSchema } from '../../src/domain/sync/replica-schema';
import type { ReplicaDocument } from '../../src/domain/sync/types';
import { createGraphTransport, type GraphTransport } from '../graph-client';
import { openReplica, type Replica } from '../replica/db';
import { pullCollections } from '../pull/pull';
import { enqueue } from '../outbox/outbox';
import { pushOutbox } from '../outbox/push';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';

export interface FirstSyncFigures {
  ms: number;
  documents: number;
  perSecond: number;
}

export async function firstSync(session: { companyId: number; userId: number }): Promise<{ replica: Replica; figures: FirstSyncFigures }> {
  const replica = openReplica(session);
  await replica.dexie.delete();
  await replica.dexie.open();
  const start = performance.now();
  const outcome = await pullCollections(replica, createGraphTransport());
  const ms = performance.now() - start;
  if (outcome.kind !== 'done') throw new Error(`First sync failed: ${JSON.stringify(outcome)}`);
  return { replica, figures: { ms, documents: outcome.documents, perSecond: (outcome.documents / ms) * 1000 } };
}

/** The same documents written with raw bulkPut into a fresh database of the same schema: the IndexedDB ceiling. */
export async function rawBulkPut(replica: Replica): Promise<{ ms: number; documents: number }> {
  const all: [string, ReplicaDocument[]][] = [];
  for (const name of COLLECTION_NAMES) all.push([name, await replica.docs(name).toArray()]);
  const raw = new Dexie(`bench-raw-${Date.now()}`);
  declareReplicaSchema(raw);
  await raw.open();
  const start = performance.now();
  let documents = 0;
  for (const [name, docs] of all) {
    for (let i = 0; i < docs.length; i += 500) {
      await raw.table(name).bulkPut(docs.slice(i, i + 500));
    }
    documents += docs.length;
  }
  const ms = performance.now() - start;
  await raw.delete();
  return { ms, documents };
}

/** Queues `count` writes while offline, then measures until the outbox is empty after reconnecting. */
export async function drainAfterReconnect(replica: Replica, count: number): Promise<{ ms: number; count: number }> {
  for (let i = 0; i < count; i++) {
    const uuid = uuidv7();
    await enqueue(replica, {
      op: 'saveSyncProbe',
      args: { uuid, body: `bench ${i}` },
      optimistic: { collection: 'syncProbes', target: uuid, patch: { body: `bench ${i}` } },
    });
  }
  const offline: GraphTransport = () => Promise.resolve({ kind: 'network', error: 'offline' });
  await pushOutbox(replica, offline);
  await replica.outbox.toCollection().modify({ nextAttemptAt: 0, attempts: 0 });
  const start = performance.now();
  const outcome = await pushOutbox(replica, createGraphTransport());
  const ms = performance.now() - start;
  const left = await replica.outbox.count();
  if (outcome.kind !== 'idle' || left > 0) throw new Error(`Drain stopped: ${JSON.stringify(outcome)}, ${left} left`);
  return { ms, count };
}
