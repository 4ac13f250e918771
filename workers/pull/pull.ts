import { COLLECTION_NAMES, pullFieldName, type CollectionName } from '../../src/domain/sync/collections';
import { INITIAL_CHECKPOINT, type Checkpoint, type PullAnswer } from '../../src/domain/sync/types';
import type { GraphTransport } from '../graph-client';
import type { Replica } from '../replica/db';
import { applyPullPage } from '../replica/documents';

export const PULL_LIMIT = 500;
/** Collections per request: one round trip pulls many (field names differ, so no aliases needed). */
export const COLLECTIONS_PER_REQUEST = 16;

export interface PullProgress {
  documents: number;
  collectionsDone: number;
  collectionsTotal: number;
}

export type PullOutcome =
  | { kind: 'done'; documents: number }
  | { kind: 'offline'; error: string }
  | { kind: 'blocked'; code: string }
  | { kind: 'error'; message: string };

function pullQuery(names: readonly CollectionName[]): string {
  const defs = names.map((_, i) => `$cp${i}: PullCheckpointInput!`).join(', ');
  const fields = names
    .map((name, i) => `${pullFieldName(name)}(checkpoint: $cp${i}, limit: $limit) { documents checkpoint { seq scopeKey } reset hasMore }`)
    .join('\n');
  return `query Pull(${defs}, $limit: Int) {\n${fields}\n}`;
}

export async function checkpointOf(replica: Replica, name: CollectionName): Promise<Checkpoint> {
  const row = await replica.checkpoints.get(name);
  return row ? { seq: row.seq, scopeKey: row.scopeKey } : INITIAL_CHECKPOINT;
}

/**
 * Pulls collections until each is up to date: batched (`limit` documents per collection and
 * request), checkpointed per page (saved with the page, so an interrupted sync resumes where it
 * stopped), several collections per request. The next request leaves while the current page is
 * written (its checkpoints come from the answer), so the network and IndexedDB overlap. Reports
 * progress after every page.
 */
export async function pullCollections(
  replica: Replica,
  transport: GraphTransport,
  names: readonly CollectionName[] = COLLECTION_NAMES,
  options: { limit?: number; onProgress?: (p: PullProgress) => void; now?: () => number } = {},
): Promise<PullOutcome> {
  const limit = options.limit ?? PULL_LIMIT;
  const now = options.now ?? Date.now;
  let remaining = [...new Set(names)];
  const total = remaining.length;
  const checkpoints = new Map<CollectionName, Checkpoint>();
  for (const name of remaining) checkpoints.set(name, await checkpointOf(replica, name));
  const request = (batch: readonly CollectionName[]) => {
    const variables: Record<string, unknown> = { limit };
    batch.forEach((name, i) => (variables[`cp${i}`] = checkpoints.get(name) ?? INITIAL_CHECKPOINT));
    return { batch, answer: transport<Record<string, PullAnswer>>(pullQuery(batch), variables) };
  };
  let documents = 0;
  let inFlight = remaining.length > 0 ? request(remaining.slice(0, COLLECTIONS_PER_REQUEST)) : null;
  while (inFlight) {
    const { batch } = inFlight;
    const outcome = await inFlight.answer;
    inFlight = null;
    if (outcome.kind === 'network') return { kind: 'offline', error: outcome.error };
    if (outcome.kind === 'blocked') return { kind: 'blocked', code: outcome.code };
    if (outcome.kind === 'error') return { kind: 'error', message: outcome.message };
    const pages: [CollectionName, PullAnswer][] = [];
    for (const name of batch) {
      const answer = outcome.data[pullFieldName(name)];
      if (!answer) return { kind: 'error', message: `No answer for ${name}` };
      pages.push([name, answer]);
      checkpoints.set(name, answer.checkpoint);
    }
    const done = new Set(pages.filter(([, a]) => !a.hasMore).map(([n]) => n));
    remaining = remaining.filter((n) => !done.has(n));
    if (remaining.length > 0) inFlight = request(remaining.slice(0, COLLECTIONS_PER_REQUEST));
    for (const [name, answer] of pages) {
      await applyPullPage(replica, name, answer, now());
      documents += answer.documents.length;
    }
    options.onProgress?.({ documents, collectionsDone: total - remaining.length, collectionsTotal: total });
  }
  return { kind: 'done', documents };
}
