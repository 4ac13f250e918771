/**
 * The name-ordered lists of the replica (issue 36): no index holds a name (a name in an index
 * is a name in clear on disk), so the lists that page, sort and search by name (participants, users, work
 * plans) read every row of the collection once, opened by the sealing layer, sort it here, and keep it while
 * the collection does not change. A write to the collection (this tab's worker, another tab's: Dexie tells
 * every context) drops the list; the next read sorts it again. The read also counts the collection, so a
 * liveQuery that asks for the list re-runs on every change of it.
 */
import { COLLECTIONS, planNameSort, type CollectionName } from '../../domain/sync/collections';
import type { ReplicaDocument } from '../../domain/sync/types';
import type { ReplicaReader } from './replica-db';

/** Ascending by key, then by uuid (the order an index on the key had: code units, ties by primary key). */
export function byKeyThenUuid(key: (doc: ReplicaDocument) => string): (a: ReplicaDocument, b: ReplicaDocument) => number {
  return (a, b) => {
    const x = key(a);
    const y = key(b);
    return x < y ? -1 : x > y ? 1 : a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0;
  };
}

/** Every document of a collection (tombstones included) sorted by `key` then uuid. */
export async function sortedDocs(r: ReplicaReader, collection: CollectionName, key: (doc: ReplicaDocument) => string): Promise<readonly ReplicaDocument[]> {
  // Read afresh on every run: a list kept between runs was found stale after a change that left the count as it
  // was (a write the page learns of in the same turn that re-runs its liveQuery: the kept list was dropped after it
  // had been served again; admin.spec's offline hide). Keeping a list needs a change signal that is ordered before
  // the liveQuery's own; until then every run reads and sorts (docs/decisions-offline-unlock.md, the sealing layer).
  const docs = await r.docs(collection).toArray();
  return docs.sort(byKeyThenUuid(key));
}

const derivedText = (field: string, derive: (doc: ReplicaDocument) => unknown) => (doc: ReplicaDocument): string => {
  const kept = doc[field];
  if (typeof kept === 'string') return kept;
  const made = derive(doc);
  return typeof made === 'string' ? made : '';
};

/** The name lists' sort keys: the derived key the document keeps (sealed), or the same key made from its fields. */
export const participantNameKey = derivedText('nameLower', (d) => COLLECTIONS.participants.derive(d).nameLower);
export const userNameKey = derivedText('nameLower', (d) => COLLECTIONS.users.derive(d).nameLower);
export const planNameKey = derivedText('nameSort', (d) => planNameSort(d.name));

/** The participants by name (their list, the forms' choices). */
export const participantsByName = (r: ReplicaReader) => sortedDocs(r, 'participants', participantNameKey);
/** The users by name. */
export const usersByName = (r: ReplicaReader) => sortedDocs(r, 'users', userNameKey);
/** The work plans by name (the work-plan list's default order). */
export const plansByName = (r: ReplicaReader) => sortedDocs(r, 'workPlans', planNameKey);
