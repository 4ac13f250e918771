/**
 * The portal's former queue moves into the outbox one row at a time (src/features/portal/legacy-queue.ts),
 * under its own id and never twice (issue 37): the former row's id (a UUID v7, in the order it was
 * queued) becomes the outbox row's client mutation id, and a marker in the replica's meta table,
 * written in the same transaction, says it was moved even after the row was sent and left. A row that
 * cannot be sent (its input no longer fits its write, an upload without its bytes, an operation that
 * no longer exists) is handed back: kept in the outbox as refused with its reason, visible and
 * copyable in /wijzigingen, never deleted silently.
 */
import type { CollectionName } from '../../src/domain/sync/collections';
import { LEGACY_UNSENDABLE, newOutboxRow } from '../../src/domain/sync/outbox-machine';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import type { WriteName } from '../../src/domain/writes/registry';
import type { Replica } from '../replica/db';
import { addRows, InvalidWriteInput, rowOf } from './outbox';
import { enqueueFile, FileRefused, type FileToQueue } from './files';

/** The reason of a former queue row that no longer maps to a write (an upload without its bytes, an unknown operation). */
export { LEGACY_UNSENDABLE };

/** One row of the former queue, as the page hands it over. */
export interface LegacyWriteImport {
  /** The former row's id: the outbox row's client mutation id when it is a UUID, so it is moved once. */
  id: string;
  /** The former operation (a GraphQL mutation name), kept on a row handed back. */
  op: string;
  /** The declared write it becomes, or null when it cannot be sent. */
  name: WriteName | null;
  input: Record<string, unknown>;
  file?: FileToQueue;
  extra?: object;
}

export type LegacyImportOutcome =
  | { kind: 'queued'; clientMutationId: string }
  /** Moved before (by another tab, or a start that stopped before the former row was deleted). */
  | { kind: 'already' }
  /** Kept in the outbox as refused, with its reason. */
  | { kind: 'refused'; clientMutationId: string; reason: string }
  /** The device has no room for its bytes: the former queue keeps it for the next start. */
  | { kind: 'deviceFull'; reason: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const markerKey = (id: string): string => `legacyQueueMoved:${id}`;

/** Moves one former queue row into the outbox, or hands it back as refused; never twice. */
export async function importLegacyWrite(replica: Replica, w: LegacyWriteImport, now = Date.now()): Promise<LegacyImportOutcome> {
  const id = UUID.test(w.id) ? w.id.toLowerCase() : uuidv7(now);
  const moved = async () => (await replica.meta.get(markerKey(w.id))) !== undefined || (await replica.outbox.get(id)) !== undefined;
  if (await moved()) return { kind: 'already' };
  let reason = LEGACY_UNSENDABLE;
  let params: Record<string, unknown> | null = { op: w.op };
  if (w.name) {
    try {
      if (w.file) {
        await enqueueFile(replica, w.name, w.input, w.file, w.extra, { now, clientMutationId: id });
        await replica.meta.put({ key: markerKey(w.id), value: now });
        return { kind: 'queued', clientMutationId: id };
      }
      const row = rowOf({ name: w.name, input: w.input, ...(w.extra ? { extra: w.extra } : {}) }, now, id, replica.identity);
      const collections: CollectionName[] = row.collection ? [row.collection] : [];
      const queued = await replica.dexie.transaction('rw', [replica.outbox, replica.meta, ...collections.map((c) => replica.docs(c))], async () => {
        if (await moved()) return false;
        await addRows(replica, [row]);
        await replica.meta.put({ key: markerKey(w.id), value: now });
        return true;
      });
      return queued ? { kind: 'queued', clientMutationId: row.clientMutationId } : { kind: 'already' };
    } catch (error) {
      if (error instanceof FileRefused) {
        if (error.reason.endsWith('deviceFull')) return { kind: 'deviceFull', reason: error.reason };
        // Too large or empty: it can never be sent.
        reason = error.reason;
        params = null;
      } else if (error instanceof InvalidWriteInput) {
        const first = error.issues[0];
        reason = first?.message ?? 'invalid_input';
        params = first ? { field: first.path } : null;
      } else {
        throw error;
      }
    }
  }
  const handedBack = {
    ...newOutboxRow({ clientMutationId: id, op: w.name ?? w.op, args: w.input, ...(replica.identity ? { identity: replica.identity } : {}) }, now),
    status: 'failed' as const,
    error: reason,
    errorParams: params,
  };
  const kept = await replica.dexie.transaction('rw', [replica.outbox, replica.meta], async () => {
    if (await moved()) return false;
    await replica.outbox.add(handedBack);
    await replica.meta.put({ key: markerKey(w.id), value: now });
    return true;
  });
  return kept ? { kind: 'refused', clientMutationId: id, reason } : { kind: 'already' };
}
