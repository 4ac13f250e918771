/**
 * Bundled for the browser by run.ts (esbuild, IIFE) and injected into the app's page: the same
 * replica schema, queries and outbox code the app and the worker run, so the benchmark measures them
 * rather than copies. Exposed as `window.werkpadBench`.
 */
import type { WriteName } from '../../src/domain/writes/registry';
import { Dexie } from 'dexie';
import { COLLECTION_NAMES, type CollectionName } from '../../src/domain/sync/collections';
import { declareReplicaSchema } from '../../src/domain/sync/replica-schema';
import type { ReplicaDocument } from '../../src/domain/sync/types';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import * as q from '../../src/lib/replica/queries';
import { enqueue, enqueueMany } from '../../workers/outbox/outbox';
import { openReplica } from '../../workers/replica/db';

export interface BenchSession {
  companyId: number;
  userId: number;
}

export interface QueryTiming {
  name: string;
  runs: number;
  p50: number;
  p95: number;
  rows: number;
}

const CEILING_DB = 'werkpad-bench-ceiling';

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
}

const api = {
  /** Documents per collection in the user's replica, and the outbox rows. */
  async counts(session: BenchSession): Promise<{ collections: Record<string, number>; outbox: number }> {
    const replica = openReplica(session);
    try {
      const collections: Record<string, number> = {};
      for (const name of COLLECTION_NAMES) collections[name] = await replica.docs(name).count();
      return { collections, outbox: await replica.outbox.count() };
    } finally {
      replica.dexie.close();
    }
  },

  /**
   * The IndexedDB ceiling: the replica's documents written again with plain Dexie bulkPut into a
   * fresh database of the same schema, one transaction per collection, pages of `page` documents.
   */
  async ceiling(session: BenchSession, page = 500): Promise<{ documents: number; ms: number }> {
    const replica = openReplica(session);
    const all = new Map<CollectionName, ReplicaDocument[]>();
    try {
      for (const name of COLLECTION_NAMES) all.set(name, await replica.docs(name).toArray());
    } finally {
      replica.dexie.close();
    }
    await Dexie.delete(CEILING_DB);
    const target = new Dexie(CEILING_DB);
    declareReplicaSchema(target);
    await target.open();
    let documents = 0;
    const start = performance.now();
    for (const [name, docs] of all) {
      const table = target.table<ReplicaDocument, string>(name);
      for (let i = 0; i < docs.length; i += page) {
        const chunk = docs.slice(i, i + page);
        await target.transaction('rw', table, () => table.bulkPut(chunk));
        documents += chunk.length;
      }
    }
    const ms = performance.now() - start;
    target.close();
    await Dexie.delete(CEILING_DB);
    return { documents, ms };
  },

  /** p50/p95 of each screen's replica query over `runs` runs with varying arguments. */
  async queries(session: BenchSession, runs = 200): Promise<QueryTiming[]> {
    const replica = openReplica(session);
    try {
      const participants = await replica.docs('participants').toArray();
      const names = participants.map((p) => (typeof p.nameLower === 'string' ? p.nameLower : '')).filter(Boolean);
      const participantIds = participants.map((p) => p.id).filter((id): id is number => typeof id === 'number');
      const measured = await replica.docs('wageValueMeasurements').toArray();
      const measuredIds = [...new Set(measured.map((m) => m.participantId).filter((id): id is number => typeof id === 'number'))];
      const recipientKey = `u:${session.userId}`;
      const statuses = ['running', 'to_start', 'finished'];
      const pick = <T>(list: T[], i: number): T => list[(i * 7919) % list.length] as T;
      const cases: { name: string; run: (i: number) => Promise<ReplicaDocument[]> }[] = [
        { name: 'inbox newest-first (50)', run: () => q.inbox(replica, recipientKey, 50) },
        { name: 'participant search (prefix, 50)', run: (i) => q.searchParticipants(replica, pick(names, i).slice(0, 1 + (i % 3)), 50) },
        { name: 'work plans of a coach (by status)', run: (i) => q.workPlansOfCoach(replica, session.userId, pick(statuses, i)) },
        {
          name: 'measurements of a participant',
          run: (i) => q.measurementsOfParticipant(replica, measuredIds.length && i % 2 === 0 ? pick(measuredIds, i) : pick(participantIds, i)),
        },
      ];
      const result: QueryTiming[] = [];
      for (const c of cases) {
        for (let i = 0; i < 10; i++) await c.run(i); // warm up
        const times: number[] = [];
        let rows = 0;
        for (let i = 0; i < runs; i++) {
          const [ms, docs] = await time(() => c.run(i));
          times.push(ms);
          rows += docs.length;
        }
        times.sort((a, b) => a - b);
        result.push({ name: c.name, runs, p50: percentile(times, 50), p95: percentile(times, 95), rows: Math.round(rows / runs) });
      }
      return result;
    } finally {
      replica.dexie.close();
    }
  },

  /** Queues one write through the outbox (for screenshots of refused and conflicting changes). */
  async enqueueRaw(session: BenchSession, name: WriteName, input: unknown): Promise<string> {
    const replica = openReplica(session);
    try {
      return await enqueue(replica, name, input);
    } finally {
      replica.dexie.close();
    }
  },

  /** Queues `n` writes exactly as syncApi().outbox.enqueueMany does (one transaction: outbox rows + optimistic documents). */
  async queueWrites(session: BenchSession, n: number): Promise<string[]> {
    const replica = openReplica(session);
    try {
      return await enqueueMany(
        replica,
        Array.from({ length: n }, (_, i) => ({ name: 'probes.save', input: { uuid: uuidv7(), body: `bench ${i}` } })),
      );
    } finally {
      replica.dexie.close();
    }
  },

  /** Waits until the outbox is empty (or `timeoutMs`); answers the time it took and what is left. */
  async waitForEmptyOutbox(
    session: BenchSession,
    timeoutMs: number,
  ): Promise<{ ms: number; firstSentMs: number | null; left: number; failed: number }> {
    const replica = openReplica(session);
    const start = performance.now();
    let initial: number | null = null;
    let firstSentMs: number | null = null;
    try {
      for (;;) {
        const rows = await replica.outbox.toArray();
        const active = rows.filter((r) => r.status === 'pending' || r.status === 'sending').length;
        initial ??= active;
        if (firstSentMs === null && active < initial) firstSentMs = performance.now() - start;
        if (active === 0 || performance.now() - start > timeoutMs) {
          return { ms: performance.now() - start, firstSentMs, left: active, failed: rows.length - active };
        }
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    } finally {
      replica.dexie.close();
    }
  },
};

export type BenchApi = typeof api;
(globalThis as unknown as { werkpadBench: BenchApi }).werkpadBench = api;
