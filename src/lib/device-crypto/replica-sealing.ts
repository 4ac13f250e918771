/**
 * The replica's sealing (issue 36): the same for the page's reader (src/lib/replica/replica-db.ts) and the
 * worker's writer (workers/replica/db.ts), which open one database: sealed with the data key of the identity
 * that is the database's name (`replicaName`), with the clear fields of src/domain/sync/clear-fields.ts.
 */
import type { Dexie } from 'dexie';
import { REPLICA_CLEAR_FIELDS } from '../../domain/sync/clear-fields';
import { sealDatabase } from './seal';

export function replicaClearFields(table: string): readonly string[] {
  const fields = REPLICA_CLEAR_FIELDS[table];
  if (!fields) throw new Error(`sealing: the replica table ${table} has no clear-field list (src/domain/sync/clear-fields.ts)`);
  return fields;
}

/**
 * The opened values the page's reader keeps in memory (opened-values.ts): the largest name list (participants or
 * users) of a big caseload a few times over, not a whole replica of 150,000 documents.
 */
export const READER_KEEPS_OPENED = 20_000;

/**
 * Seals the replica `dexie` (named by its identity) before it opens. `reader`: the page's read-only handle, which
 * keeps opened values in memory (the worker writes what it reads, so it never does).
 */
export function sealReplica(dexie: Dexie, options: { reader?: boolean } = {}): void {
  sealDatabase(dexie, { identity: dexie.name, clearFields: replicaClearFields, ...(options.reader ? { keepOpened: READER_KEEPS_OPENED } : {}) });
}
