/**
 * Bundled for the browser by run.ts (esbuild, IIFE) and injected into the app's page: the same
 * replica schema, queries and outbox code the app and the worker run, so the benchmark measures them
 * rather than copies. Exposed as `window.werkpadBench`.
 */
import type { WriteName } from '../../src/domain/writes/registry';
import { Dexie } from 'dexie';
import { COLLECTION_NAMES, type CollectionName } from '../../src/domain/sync/collections';
import { declareReplicaSchema, replicaName } from '../../src/domain/sync/replica-schema';
import { dataKeyFor } from '../../src/lib/device-crypto/data-keys';
import { ensureSessionKey } from '../../src/lib/device-crypto/session-keys';
import type { ReplicaDocument } from '../../src/domain/sync/types';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import * as messages from '../../src/features/messages/queries';
import * as participants from '../../src/features/participants/queries';
import * as wageValue from '../../src/features/wage-value/queries';
import * as workPlans from '../../src/features/work-plans/queries';

/** Rows the participants screen shows first (PAGE_SIZE of participants-page.tsx). */
const PARTICIPANT_PAGE = 100;
import type { PartyKey } from '../../src/domain/messages/views';
import type { ReplicaReader } from '../../src/lib/replica/replica-db';
import { enqueue, enqueueMany } from '../../workers/outbox/outbox';
import { openReplica } from '../../workers/replica/db';
import { createGraphTransport } from '../../workers/graph-client';
import { pullCollections } from '../../workers/pull/pull';
import { compareChecksums, localChecksum } from '../../workers/replica/checksum';

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
  /**
   * The replica is sealed (issue 36) and this bundle holds its own copy of the data keys: it opens the signed-in
   * identity's key as the app does on a reload online (the device share), before any read.
   */
  async unlock(session: BenchSession): Promise<void> {
    const identity = replicaName(session);
    if (dataKeyFor(identity)) return;
    const state = await ensureSessionKey(identity);
    if (!dataKeyFor(identity)) throw new Error(`the bench could not open the data key of ${identity}: ${String(state)}`);
  },
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

  /**
   * p50/p95 of each screen's replica query (the functions of src/features/<area>/queries.ts that the
   * screens' hooks run) over `runs` runs with varying arguments.
   */
  async queries(session: BenchSession, runs = 200): Promise<QueryTiming[]> {
    const replica = openReplica(session);
    // The screens' queries take the main thread's reader; the worker's replica handle has the same shape.
    const r: ReplicaReader = { dexie: replica.dexie, docs: (name) => replica.docs(name), outbox: replica.outbox };
    try {
      const docs = await replica.docs('participants').limit(2_000).toArray();
      const names = docs.map((p) => (typeof p.nameLower === 'string' ? p.nameLower : '')).filter(Boolean);
      const me: PartyKey = `u:${session.userId}`;
      const pick = <T>(list: T[], i: number): T => list[(i * 7919) % list.length] as T;
      const size = <T>(value: T): number => (Array.isArray(value) ? value.length : typeof value === 'number' ? 1 : 0);
      const cases: { name: string; run: (i: number) => Promise<number> }[] = [
        { name: 'participants list (first page)', run: async () => (await participants.readParticipantsPage(r, participants.NO_FILTERS, 0, PARTICIPANT_PAGE)).rows.length },
        {
          name: 'participants search (prefix)',
          run: async (i) => (await participants.readParticipantsPage(r, { ...participants.NO_FILTERS, search: pick(names, i).slice(0, 1 + (i % 3)) }, 0, PARTICIPANT_PAGE)).rows.length,
        },
        { name: 'inbox page', run: async (i) => (await messages.tabPageOf(r, me, 'inbox', 1 + (i % 3))).records.length },
        { name: 'sent page', run: async (i) => (await messages.tabPageOf(r, me, 'sent', 1 + (i % 3))).records.length },
        { name: 'unread count (badge)', run: async () => size(await messages.unreadCount(r, me)) },
        // The work plan list (/work-plan) of the signed-in coach: its default view (all plans, by
        // name, 15 a page), pages 1 to 3, as work-plan-list.tsx reads it (planListPageOf).
        {
          name: 'work plans of a coach',
          run: async (i) => (await workPlans.planListPageOf(r, { filter: 1, search: '', sort: 'name', dir: 'asc', page: 1 + (i % 3) })).records.length,
        },
        // The wage-value measurement search (/wage-value): its default view (newest first, 15 a
        // page) with the page's participant names, pages 1 to 3, as measurement-search.tsx reads it.
        { name: 'wage-value measurement list', run: async (i) => (await wageValue.readMeasurementPage(r, { page: 1 + (i % 3) })).rows.length },
      ];
      const result: QueryTiming[] = [];
      for (const c of cases) {
        for (let i = 0; i < 10; i++) await c.run(i); // warm up
        const times: number[] = [];
        let rows = 0;
        for (let i = 0; i < runs; i++) {
          const [ms, n] = await time(() => c.run(i));
          times.push(ms);
          rows += n;
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

  /**
   * The cost of replica checksums per sync (issue 19), in one run: an incremental sync of every
   * collection with nothing new (what a poke or a reconnect does) timed alone and followed by the
   * checksum comparison of every collection (the worker compares the collections it pulled), `runs`
   * times each, alternating. Same code as the worker (pullCollections, compareChecksums), through the
   * page's cookie session.
   */
  async checksumCost(session: BenchSession, runs = 10): Promise<{ runs: number; syncMs: number; syncWithCheckMs: number; checkMs: number; localMs: number; matched: number; collections: number }> {
    const replica = openReplica(session);
    const transport = createGraphTransport({ baseUrl: location.origin, fetchFn: (input, init) => fetch(input, init) });
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
    const plain: number[] = [];
    const checked: number[] = [];
    const checks: number[] = [];
    const locals: number[] = [];
    let matched = 0;
    try {
      for (let i = 0; i < runs; i++) {
        const [a] = await time(() => pullCollections(replica, transport, COLLECTION_NAMES));
        plain.push(a);
        const start = performance.now();
        await pullCollections(replica, transport, COLLECTION_NAMES);
        const [c, outcome] = await time(() => compareChecksums(replica, transport, COLLECTION_NAMES));
        checked.push(performance.now() - start);
        checks.push(c);
        if (outcome.kind === 'compared') matched = outcome.matched.length;
        // The worker's side alone: reading every collection and hashing it.
        const [l] = await time(async () => {
          for (const name of COLLECTION_NAMES) await localChecksum(replica, name);
        });
        locals.push(l);
      }
      return { runs, syncMs: median(plain), syncWithCheckMs: median(checked), checkMs: median(checks), localMs: median(locals), matched, collections: COLLECTION_NAMES.length };
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
        // Index counts, so watching does not read the rows it is timing.
        const [active, total] = await Promise.all([replica.outbox.where('status').anyOf('pending', 'sending').count(), replica.outbox.count()]);
        initial ??= active;
        if (firstSentMs === null && active < initial) firstSentMs = performance.now() - start;
        if (active === 0 || performance.now() - start > timeoutMs) {
          return { ms: performance.now() - start, firstSentMs, left: active, failed: total - active };
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
