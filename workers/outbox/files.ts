/**
 * Files in the outbox (docs/writes.md, "Files"): a write that declares `file` is queued with its
 * bytes beside its row (table outboxFiles, keyed by the client mutation id) in ONE transaction, so a
 * row never waits for bytes that were not kept. The bytes leave with the row: when the server
 * accepted it, when the user discards it; a retry (a new client mutation id) takes them along.
 * Sending: workers/outbox/push.ts sends a row with a file alone, as multipart (workers/upload-client.ts).
 */
import type { CollectionName } from '../../src/domain/sync/collections';
import type { OutboxEvent, OutboxRow } from '../../src/domain/sync/outbox-machine';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import { findWrite, type WriteName } from '../../src/domain/writes/registry';
import {
  queuedFileProblem,
  uploadProgressKey,
  UPLOAD_PROGRESS_PREFIX,
  type OutboxFile,
  type StorageEstimateLike,
  type UploadProgress,
} from '../../src/domain/writes/queued-file';
import type { Replica } from '../replica/db';
import { sealableBlob } from '../../src/lib/device-crypto/seal-codec';
import { addRows, applyEventInTransaction, rowOf } from './outbox';

/** Thrown before queueing when the file cannot be kept: `reason` is an i18n key (too large, empty, device full). Nothing is queued. */
export class FileRefused extends Error {
  override readonly name = 'FileRefused';
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** The file a caller hands the worker (a File or Blob crosses postMessage as a structured clone). */
export interface FileToQueue {
  blob: Blob;
  name: string;
}

/** The device's storage estimate, or null where the browser has none. */
export async function storageEstimate(): Promise<StorageEstimateLike | null> {
  try {
    const storage = typeof navigator !== 'undefined' ? navigator.storage : undefined;
    return storage && typeof storage.estimate === 'function' ? await storage.estimate() : null;
  } catch {
    return null;
  }
}

/**
 * Queues one write that carries a file: checks the input (InvalidWriteInput), the file's size and the
 * room on the device (FileRefused), then stores the row, its optimistic change and the bytes in one
 * transaction. Answers the client mutation id.
 */
export async function enqueueFile(
  replica: Replica,
  name: WriteName,
  input: unknown,
  file: FileToQueue,
  extra?: object,
  /** clientMutationId: a stable id given by the caller (the legacy queue's row id, so it is moved once). */
  options: { now?: number; estimate?: () => Promise<StorageEstimateLike | null>; clientMutationId?: string } = {},
): Promise<string> {
  const write = findWrite(name);
  if (!write?.file) throw new Error(`${name} does not carry a file`);
  const now = options.now ?? Date.now();
  const row = rowOf({ name, input, ...(extra ? { extra } : {}) }, now, options.clientMutationId ?? uuidv7(now), replica.identity);
  const problem = queuedFileProblem(write.file, file.blob.size, await (options.estimate ?? storageEstimate)());
  if (problem) throw new FileRefused(problem);
  // The bytes are read before the transaction: the sealing layer seals them synchronously inside it (issue 36).
  const bytes = new Uint8Array(await file.blob.arrayBuffer());
  const blob = sealableBlob(bytes, file.blob.type);
  const stored: OutboxFile = { clientMutationId: row.clientMutationId, blob, name: file.name, size: blob.size, type: blob.type };
  const collections: CollectionName[] = row.collection ? [row.collection] : [];
  try {
    await replica.dexie.transaction('rw', [replica.outbox, replica.outboxFiles, ...collections.map((c) => replica.docs(c))], async () => {
      await replica.outboxFiles.add(stored);
      await addRows(replica, [row]);
    });
  } catch (error) {
    // The disk filled up between the estimate and the write: the same answer, nothing kept.
    if (error instanceof Error && (error.name === 'QuotaExceededError' || (error as { inner?: { name?: string } }).inner?.name === 'QuotaExceededError')) {
      throw new FileRefused(write.file.deviceFull);
    }
    throw error;
  }
  return row.clientMutationId;
}

/** The bytes of a row, if it carries a file. */
export async function fileOf(replica: Replica, clientMutationId: string): Promise<OutboxFile | undefined> {
  return replica.outboxFiles.get(clientMutationId);
}

/** Deletes the bytes (and progress rows) of rows no longer in the outbox: accepted or discarded. Answers how many went. */
export async function dropOrphanFiles(replica: Replica): Promise<number> {
  return replica.dexie.transaction('rw', [replica.outbox, replica.outboxFiles, replica.meta], async () => {
    const keys = await replica.outboxFiles.toCollection().primaryKeys();
    const rows = await replica.outbox.bulkGet(keys);
    const gone = keys.filter((_key, i) => rows[i] === undefined);
    if (gone.length > 0) await replica.outboxFiles.bulkDelete(gone);
    const progress: string[] = await replica.meta.where('key').startsWith(UPLOAD_PROGRESS_PREFIX).primaryKeys();
    const live = new Set(keys.filter((_key, i) => rows[i] !== undefined).map(uploadProgressKey));
    const stale = progress.filter((key) => !live.has(key));
    if (stale.length > 0) await replica.meta.bulkDelete(stale);
    return gone.length;
  });
}

/**
 * Moves a row through the outbox machine like applyEvent, with its bytes in the same transaction: a
 * retry renews the client mutation id, and the bytes follow the row to its new id.
 */
export async function applyEventWithFile(replica: Replica, clientMutationId: string, event: OutboxEvent, now = Date.now()): Promise<OutboxRow | null> {
  const existing = await replica.outbox.get(clientMutationId);
  if (!existing) return null;
  const collections: CollectionName[] = existing.collection ? [existing.collection] : [];
  return replica.dexie.transaction('rw', [replica.outbox, replica.outboxFiles, ...collections.map((c) => replica.docs(c))], async () => {
    const next = await applyEventInTransaction(replica, clientMutationId, event, now, Math.random());
    const file = await replica.outboxFiles.get(clientMutationId);
    if (file && next && next.clientMutationId !== clientMutationId) {
      await replica.outboxFiles.delete(clientMutationId);
      await replica.outboxFiles.add({ ...file, clientMutationId: next.clientMutationId });
    } else if (file && !next) {
      await replica.outboxFiles.delete(clientMutationId);
    }
    return next;
  });
}

/** Keeps the progress of a file being sent where every tab's screens see it. */
export async function noteUploadProgress(replica: Replica, clientMutationId: string, progress: UploadProgress): Promise<void> {
  await replica.meta.put({ key: uploadProgressKey(clientMutationId), value: progress });
}
