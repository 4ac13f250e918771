import { COLLECTION_NAMES, pullFieldName, type CollectionName } from '../../src/domain/sync/collections';
import { INITIAL_CHECKPOINT, type Checkpoint, type PullAnswer } from '../../src/domain/sync/types';
import type { GraphTransport } from '../graph-client';
import type { Replica } from '../replica/db';
import { applyPullPages, type PulledPage } from '../replica/pull-pages';
import { checksumAfterPage } from '../replica/checkpoint-checksum';
import { markForResync } from '../replica/checksum';

/** Documents per collection and page at most; the server ends a page at its byte budget first. */
export const PULL_LIMIT = 10_000;
/** The JSON size per collection and page the server aims at. */
export const PULL_PAGE_BYTES = 2_000_000;
/** Collections per request: one round trip pulls many (field names differ, so no aliases needed). */
export const COLLECTIONS_PER_REQUEST = 16;
/** Pull requests in flight at once (pages are still written in arrival order, by one writer). */
export const REQUESTS_IN_FLIGHT = 3;
/** Documents received but not yet written before no further request leaves (memory bound). */
export const MAX_QUEUED_DOCUMENTS = 40_000;
/** Documents written in one transaction at most (small pages of several collections go together). */
export const DOCUMENTS_PER_TRANSACTION = 20_000;

export interface PullProgress {
  documents: number;
  collectionsDone: number;
  collectionsTotal: number;
}

export type PullOutcome =
  | { kind: 'done'; documents: number }
  /** Some collections failed (a server error in their field); the others are up to date. */
  | { kind: 'partial'; documents: number; failed: { collection: CollectionName; message: string }[] }
  | { kind: 'offline'; error: string }
  | { kind: 'blocked'; code: string }
  | { kind: 'error'; message: string }
  /** Writing to IndexedDB failed (quota, a closed database): retrying by itself would not help. */
  | { kind: 'storage'; code: 'storage_quota' | 'storage_error'; message: string };

function pullQuery(names: readonly CollectionName[]): string {
  const defs = names.map((_, i) => `$cp${i}: PullCheckpointInput!`).join(', ');
  const fields = names
    .map(
      (name, i) =>
        `${pullFieldName(name)}(checkpoint: $cp${i}, limit: $limit, maxBytes: $maxBytes, checksum: true) { documents checkpoint { seq scopeKey } reset hasMore checksum { count hash } }`,
    )
    .join('\n');
  return `query Pull(${defs}, $limit: Int, $maxBytes: Int) {\n${fields}\n}`;
}

/** A page as the server answers it: the page that reaches the checkpoint carries the scope's checksum there (issue 37). */
type PageAnswer = PullAnswer & { checksum?: { count: number; hash: string } | null };

export async function checkpointOf(replica: Replica, name: CollectionName): Promise<Checkpoint> {
  const row = await replica.checkpoints.get(name);
  return row ? { seq: row.seq, scopeKey: row.scopeKey } : INITIAL_CHECKPOINT;
}

/** A storage failure of IndexedDB (Dexie wraps the DOMException; the name survives). */
export function storageFailure(err: unknown): { code: 'storage_quota' | 'storage_error'; message: string } {
  const names: string[] = [];
  let e: unknown = err;
  for (let i = 0; i < 4 && e && typeof e === 'object'; i++) {
    const name = (e as { name?: unknown }).name;
    if (typeof name === 'string') names.push(name);
    e = (e as { inner?: unknown; cause?: unknown }).inner ?? (e as { cause?: unknown }).cause;
  }
  const message = err instanceof Error ? err.message : String(err);
  return { code: names.some((n) => n === 'QuotaExceededError') || /quota/i.test(message) ? 'storage_quota' : 'storage_error', message };
}

/**
 * Pulls collections until each is up to date: several collections per request, up to three
 * requests in flight (the free collections spread over them), pages sized by the server's byte
 * budget, each page written with its checkpoint in one transaction (an interrupted sync resumes
 * where it stopped). A collection's next request leaves as soon as its answer arrived, while the
 * page is being written, so the network and IndexedDB overlap. Pages are written in arrival order
 * by one writer, the pages queued meanwhile together in one transaction (`applyPullPages`); pages
 * that change nothing are not written. A page asked for from the initial checkpoint starts its
 * collection over, as a reset does (written on its own, through `applyPullPage`).
 *
 * A collection whose field failed on the server is left out of this round (reported as `partial`);
 * the others go on. A failure to write (quota) stops at once with `storage`.
 *
 * Checksums at every checkpoint (issue 37, workers/replica/checkpoint-checksum.ts): before the page
 * that reaches a collection's checkpoint is written, the replica's server side with that page applied
 * is compared with the server's checksum. A difference drops the page and the checkpoint and pulls
 * the collection again from zero in this round (`onChecksumRepair` counts it); at most once per
 * collection and round, so a server that keeps answering differently cannot hold the pull in a loop.
 */
export async function pullCollections(
  replica: Replica,
  transport: GraphTransport,
  names: readonly CollectionName[] = COLLECTION_NAMES,
  options: {
    limit?: number;
    maxBytes?: number;
    inFlight?: number;
    onProgress?: (p: PullProgress) => void;
    now?: () => number;
    onChecksumRepair?: (collection: CollectionName) => void;
  } = {},
): Promise<PullOutcome> {
  const limit = options.limit ?? PULL_LIMIT;
  const maxBytes = options.maxBytes ?? PULL_PAGE_BYTES;
  const inFlight = Math.max(1, options.inFlight ?? REQUESTS_IN_FLIGHT);
  const now = options.now ?? Date.now;
  const wanted = [...new Set(names)];
  const total = wanted.length;
  const checkpoints = new Map<CollectionName, Checkpoint>();
  for (const name of wanted) checkpoints.set(name, await checkpointOf(replica, name));
  const remaining = new Set(wanted);
  const busy = new Set<CollectionName>();
  const failed = new Map<CollectionName, string>();
  let documents = 0;
  let stop: PullOutcome | null = null;
  /** Pages received, not yet written, in arrival order. */
  const queue: (PulledPage & { last: boolean })[] = [];
  /** Pages and documents received and not yet written (the queue and the batch being written). */
  let queued = 0;
  let queuedDocuments = 0;
  /** Requests in flight. */
  let requests = 0;
  let writer: Promise<void> | null = null;
  /** Collections started over this round because their checksum differed. */
  const repaired = new Set<CollectionName>();
  /** Collections that go one per request (their batch was refused as a whole). */
  const solo = new Set<CollectionName>();
  let waiters: (() => void)[] = [];
  const changed = () => {
    const ws = waiters;
    waiters = [];
    for (const w of ws) w();
  };
  const waitForChange = () => new Promise<void>((resolve) => waiters.push(resolve));
  /**
   * The next request's collections: the free ones spread over the lanes not waiting for an answer,
   * so that the few large collections left at the end of a first sync each have their own request
   * in flight (a collection's pages follow each other; different collections overlap).
   */
  const nextBatch = (): CollectionName[] => {
    const free = wanted.filter((n) => remaining.has(n) && !busy.has(n) && !failed.has(n));
    const first = free[0];
    if (first === undefined) return [];
    if (solo.has(first)) return [first];
    const batchable = free.filter((n) => !solo.has(n));
    const idleLanes = Math.max(1, inFlight - requests);
    return batchable.slice(0, Math.min(COLLECTIONS_PER_REQUEST, Math.ceil(batchable.length / idleLanes)));
  };

  /**
   * Whether the page reaches a checkpoint at which the replica, the page applied, differs from the
   * server's checksum. Compared before anything of the page is written; no checksum (paging, or the
   * server saw a newer change already): nothing to compare.
   */
  const differs = async (page: PulledPage & { last: boolean }): Promise<boolean> => {
    const sum = (page.answer as PageAnswer).checksum;
    if (!page.last || !sum || repaired.has(page.collection)) return false;
    const startsOver = page.startsOver === true || page.answer.reset;
    const local = await checksumAfterPage(replica, page.collection, page.answer.documents, startsOver);
    return local.count !== sum.count || local.hash !== sum.hash;
  };
  /** Starts a collection over at once: its checkpoint and the page go, and it is asked for again from zero. */
  const repair = async (name: CollectionName): Promise<void> => {
    repaired.add(name);
    await markForResync(replica, [name], now());
    checkpoints.set(name, INITIAL_CHECKPOINT);
    busy.delete(name);
    options.onChecksumRepair?.(name);
  };

  /** Writes what is queued, several pages per transaction (at most one page per collection in each). */
  const drain = async (): Promise<void> => {
    while (queue.length > 0 && !stop) {
      const batch: (PulledPage & { last: boolean })[] = [];
      const inBatch = new Set<CollectionName>();
      let docs = 0;
      for (let next = queue[0]; next !== undefined; next = queue[0]) {
        if (inBatch.has(next.collection)) break;
        if (batch.length > 0 && docs + next.answer.documents.length > DOCUMENTS_PER_TRANSACTION) break;
        queue.shift();
        batch.push(next);
        inBatch.add(next.collection);
        docs += next.answer.documents.length;
      }
      try {
        const apply: typeof batch = [];
        for (const page of batch) {
          if (await differs(page)) await repair(page.collection);
          else apply.push(page);
        }
        await applyPullPages(replica, apply, now());
        documents += apply.reduce((n, page) => n + page.answer.documents.length, 0);
        for (const page of apply) {
          if (!page.last) continue;
          remaining.delete(page.collection);
          busy.delete(page.collection);
        }
        options.onProgress?.({ documents, collectionsDone: total - remaining.size - failed.size, collectionsTotal: total });
      } catch (err) {
        stop ??= { kind: 'storage', ...storageFailure(err) };
      } finally {
        queued -= batch.length;
        queuedDocuments -= docs;
        changed();
      }
    }
  };
  const startWriter = () => {
    if (writer) return;
    // From the next microtask: the other pages of the same answer join the first batch.
    writer = Promise.resolve()
      .then(drain)
      .finally(() => {
        writer = null;
        if (queue.length > 0 && !stop) startWriter();
        else changed();
      });
  };
  /** Settles when the writer has written (or, after a stop, dropped) everything queued. */
  const written = async (): Promise<void> => {
    while (writer) await writer;
  };
  const write = (page: PulledPage & { last: boolean }) => {
    queue.push(page);
    queued++;
    queuedDocuments += page.answer.documents.length;
    startWriter();
  };

  const lane = async (): Promise<void> => {
    while (!stop) {
      const somethingLeft = wanted.some((n) => remaining.has(n) && !failed.has(n));
      if (!somethingLeft) return;
      const batch = queuedDocuments >= MAX_QUEUED_DOCUMENTS ? [] : nextBatch();
      if (batch.length === 0) {
        if (busy.size === 0 && queued === 0 && nextBatch().length === 0) return;
        await waitForChange();
        continue;
      }
      for (const n of batch) busy.add(n);
      const variables: Record<string, unknown> = { limit, maxBytes };
      batch.forEach((name, i) => (variables[`cp${i}`] = checkpoints.get(name) ?? INITIAL_CHECKPOINT));
      requests++;
      const outcome = await transport<Record<string, PullAnswer | null>>(pullQuery(batch), variables);
      requests--;
      for (const n of batch) busy.delete(n);
      if (outcome.kind === 'network') stop ??= { kind: 'offline', error: outcome.error };
      else if (outcome.kind === 'blocked') stop ??= { kind: 'blocked', code: outcome.code };
      else if (outcome.kind === 'error') {
        // The whole request was refused: when it held one collection, that one failed; else try them one by one.
        if (batch.length === 1) failed.set(batch[0]!, outcome.message);
        else for (const n of batch) solo.add(n);
      } else {
        for (const name of batch) {
          const answer = outcome.data[pullFieldName(name)];
          if (!answer) {
            const error = outcome.errors?.find((e) => e.path[0] === pullFieldName(name));
            failed.set(name, error?.message ?? `No answer for ${name}`);
            continue;
          }
          const sent = checkpoints.get(name) ?? INITIAL_CHECKPOINT;
          checkpoints.set(name, answer.checkpoint);
          // A finished collection stays busy until its last page is written (then it leaves `remaining`);
          // the continuation of the others may leave now.
          if (!answer.hasMore) busy.add(name);
          // A first page from the initial checkpoint starts the collection over, as a reset does.
          write({ collection: name, answer, last: !answer.hasMore, startsOver: sent.seq === 0 && sent.scopeKey === null });
        }
      }
      changed();
    }
  };

  const lanes: Promise<void>[] = [];
  for (let i = 0; i < inFlight; i++) lanes.push(lane());
  await Promise.all(lanes);
  await written();
  if (stop) return stop;
  if (failed.size > 0) {
    return { kind: 'partial', documents, failed: [...failed].map(([collection, message]) => ({ collection, message })) };
  }
  return { kind: 'done', documents };
}
