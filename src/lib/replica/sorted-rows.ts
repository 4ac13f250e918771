/**
 * The name-ordered lists of the replica, kept in memory (issue 36): no index holds a name (a name in an index
 * is a name in clear on disk), so the lists that page, sort and search by name (participants, users, work
 * plans) read every row of the collection once, opened by the sealing layer, sort it here, and keep it while
 * the collection does not change. A write to the collection (this tab's worker, another tab's: Dexie tells
 * every context) drops the list; the next read sorts it again. The read also counts the collection, so a
 * liveQuery that asks for the list re-runs on every change of it.
 */
import { Dexie } from 'dexie';
import { COLLECTIONS, planNameSort, type CollectionName } from '../../domain/sync/collections';
import type { ReplicaDocument } from '../../domain/sync/types';
import type { ReplicaReader } from './replica-db';
import { onDataKeyChange } from '../device-crypto/data-keys';

interface Kept {
  /** The reader's database handle: a replica opened again (after a sign-out, a new session) starts over. */
  dexie: Dexie;
  /** Bumped by every change of the collection: a list read before it is not kept. */
  version: number;
  list: Promise<readonly ReplicaDocument[]> | null;
}

const kept = new Map<string, Kept>();
const PREFIX = 'idb://';

function keptOf(dexie: Dexie, collection: string): Kept {
  const id = `${dexie.name}/${collection}`;
  let entry = kept.get(id);
  if (!entry || entry.dexie !== dexie) {
    entry = { dexie, version: 0, list: null };
    kept.set(id, entry);
  }
  return entry;
}

let listening = false;
function listen(): void {
  if (listening) return;
  listening = true;
  Dexie.on('storagemutated', (parts) => {
    for (const part of Object.keys(parts)) {
      if (!part.startsWith(PREFIX)) continue;
      // idb://<database>/<table>/<index>
      const [db, table] = part.slice(PREFIX.length).split('/');
      const entry = kept.get(`${db}/${table}`);
      if (entry) {
        entry.version++;
        entry.list = null;
      }
    }
  });
  // Locked or signed out: the opened lists of that identity (the replica's name) leave memory.
  onDataKeyChange((identity) => {
    for (const id of [...kept.keys()]) if (id.startsWith(`${identity}/`)) kept.delete(id);
  });
}

/** Ascending by key, then by uuid (the order an index on the key had: code units, ties by primary key). */
export function byKeyThenUuid(key: (doc: ReplicaDocument) => string): (a: ReplicaDocument, b: ReplicaDocument) => number {
  return (a, b) => {
    const x = key(a);
    const y = key(b);
    return x < y ? -1 : x > y ? 1 : a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0;
  };
}

/**
 * Every document of a collection (tombstones included) sorted by `key` then uuid, from memory while the
 * collection has not changed. One sort key per collection: the lists of a collection share it. Do not change
 * the array: it is shared.
 */
export async function sortedDocs(r: ReplicaReader, collection: CollectionName, key: (doc: ReplicaDocument) => string, retries = 2): Promise<readonly ReplicaDocument[]> {
  listen();
  const table = r.docs(collection);
  const entry = keptOf(r.dexie, collection);
  // The count subscribes a liveQuery to the whole collection (and costs one key count).
  const counted = table.count();
  let pending = entry.list;
  if (!pending) {
    const version = entry.version;
    const list = table.toArray().then((docs) => docs.sort(byKeyThenUuid(key)));
    entry.list = pending = list;
    list.then(
      () => {
        if (entry.version !== version && entry.list === list) entry.list = null;
      },
      () => {
        if (entry.list === list) entry.list = null;
      },
    );
  }
  const [list, count] = await Promise.all([pending, counted]);
  // A list that no longer matches the collection's size missed a change (one committed by a worker whose page
  // was left before Dexie told the other contexts): read it again.
  if (list.length !== count && retries > 0) {
    if (entry.list === pending) entry.list = null;
    return sortedDocs(r, collection, key, retries - 1);
  }
  return list;
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
