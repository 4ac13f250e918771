/**
 * The screens' view of writes still in the outbox, with the file each carries and how far it is
 * sent (docs/writes.md, "Files"): read from the replica, so every tab shows the same queue (the
 * leader's worker writes the progress). Queueing a write with a file goes through the worker
 * (syncApi().outbox.enqueueFile); a file the device cannot keep is refused at once with a reason.
 */
import type { OutboxRow, OutboxStatus } from '../../domain/sync/outbox-machine';
import type { WriteName } from '../../domain/writes/registry';
import { uploadProgressKey, type OutboxFile, type UploadProgress } from '../../domain/writes/queued-file';
import { syncApi } from '../sync-client';
import type { ReplicaReader } from './replica-db';
import { useReplicaQuery } from './hooks';

export interface QueuedWrite {
  clientMutationId: string;
  op: string;
  args: Record<string, unknown>;
  status: OutboxStatus;
  /** The refusal's reason code (failed), or null. */
  error: string | null;
  createdAt: number;
  /** The file it carries: name and size (the bytes stay in the replica). */
  file: { name: string; size: number } | null;
  /** While its file is being sent: 0..100. */
  percent: number | null;
}

function percentOf(progress: unknown): number | null {
  const p = progress as UploadProgress | undefined;
  return p && typeof p.loaded === 'number' && typeof p.total === 'number' && p.total > 0 ? Math.min(100, Math.floor((p.loaded / p.total) * 100)) : null;
}

/** The outbox rows of these writes, oldest first, with their files and progress. */
export async function queuedWrites(r: ReplicaReader, ops: readonly string[]): Promise<QueuedWrite[]> {
  const rows: OutboxRow[] = (await r.outbox.orderBy('clientMutationId').toArray()).filter((row) => ops.includes(row.op));
  const ids = rows.map((row) => row.clientMutationId);
  const [files, progress] = await Promise.all([
    r.dexie.table<OutboxFile, string>('outboxFiles').bulkGet(ids),
    r.dexie.table<{ key: string; value: unknown }, string>('meta').bulkGet(ids.map(uploadProgressKey)),
  ]);
  return rows.map((row, i) => {
    const file = files[i];
    return {
      clientMutationId: row.clientMutationId,
      op: row.op,
      args: row.args,
      status: row.status,
      error: row.error,
      createdAt: row.createdAt,
      file: file ? { name: file.name, size: file.size } : null,
      percent: row.status === 'sending' ? (percentOf(progress[i]?.value) ?? 0) : null,
    };
  });
}

/** Live: the queued writes of these ops (undefined while the replica opens). */
export function useQueuedWrites(ops: readonly WriteName[]): QueuedWrite[] | undefined {
  const key = ops.join(',');
  return useReplicaQuery((r) => queuedWrites(r, key.split(',')), [key]);
}

export type QueueOutcome = { ok: true; clientMutationId: string } | { ok: false; reason: string };

/** The reason of a refusal before queueing (FileRefused, InvalidWriteInput), as comlink hands the worker's error over. */
function reasonOf(error: unknown): string | null {
  if (!(error instanceof Error)) return null;
  if (error.name === 'FileRefused') return error.message;
  if (error.name === 'InvalidWriteInput') {
    try {
      const issues = JSON.parse(error.message) as { message?: string }[];
      return issues[0]?.message ?? null;
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Queues a write that carries a file: at once, offline too. Answers the reason (an i18n key) when the
 * file is too large, empty, or the device has no room to keep it: nothing is queued then.
 */
export async function queueFileWrite(name: WriteName, input: unknown, file: Blob, fileName: string, extra?: object): Promise<QueueOutcome> {
  try {
    const clientMutationId = await syncApi().outbox.enqueueFile(name, input, { blob: file, name: fileName }, extra);
    return { ok: true, clientMutationId };
  } catch (error) {
    const reason = reasonOf(error);
    if (reason) return { ok: false, reason };
    throw error;
  }
}
