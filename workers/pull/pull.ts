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
 * stopped), several collections per request. Reports progress after every page.
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
  let documents = 0;
  const total = remaining.length;
  while (remaining.length > 0) {
    const batch = remaining.slice(0, COLLECTIONS_PER_REQUEST);
    const variables: Record<string, unknown> = { limit };
    for (const [i, name] of batch.entries()) variables[`cp${i}`] = await checkpointOf(replica, name);
    const outcome = await transport<Record<string, PullAnswer>>(pullQuery(batch), variables);
    if (outcome.kind === 'network') return { kind: 'offline', error: outcome.error };
    if (outcome.kind === 'blocked') return { kind: 'blocked', code: outcome.code };
    if (outcome.kind === 'error') return { kind: 'error', message: outcome.message };
    const done = new Set<CollectionName>();
    for (const name of batch) {
      const answer = outcome.data[pullFieldName(name)];
      if (!answer) return { kind: 'error', message: `No answer for ${name}` };
      await applyPullPage(replica, name, answer, now());
      documents += answer.documents.length;
      if (!answer.hasMore) done.add(name);
    }
    remaining = remaining.filter((n) => !done.has(n));
    options.onProgress?.({ documents, collectionsDone: total - remaining.length, collectionsTotal: total });
  }
  return { kind: 'done', documents };
}
