import { syncApi, syncStore } from '../sync-client';
import { apiFetch } from '../api/client';
import { queueFileWrite } from '../replica/queued-writes';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { replicaReader } from '../replica/replica-db';
import { checkWorkPlanFile, FileReason } from '../../domain/work-plan-files/files';

/**
 * The files section's calls. Adding a file is a declared write with its file (docs/writes.md, "Files"):
 * queued at once, offline too, shown in the list from the replica and sent as multipart with progress
 * when online. Deleting, undoing a delete and copying are declared writes too. Downloads go through a
 * short-lived signed link.
 */

/** The reason is an i18n key: one of FileReasonCode, or another area's key the server answered. */
export type UploadOutcome = { ok: true } | { ok: false; reason: string };

/** Queues a file for a plan: refused at once (nothing queued) when it is too large, of a type not allowed, or the device is full. */
export async function queuePlanFile(plan: { uuid: string; id: number }, userId: number, file: File): Promise<UploadOutcome> {
  const check = checkWorkPlanFile(file);
  if (!check.ok) return { ok: false, reason: check.reason };
  const queued = await queueFileWrite('workPlanFiles.addFile', { uuid: uuidv7(), name: file.name, workPlanUuid: plan.uuid }, file, file.name, {
    name: file.name,
    mime: check.mime,
    size: file.size,
    workPlanId: plan.id,
    userId,
  });
  return queued.ok ? { ok: true } : { ok: false, reason: queued.reason };
}

/** Queues a document for an instrument (issue 23): the same rules and queue as a plan's file. */
export async function queueInstrumentFile(instrument: { uuid: string; id: number }, userId: number, file: File): Promise<UploadOutcome> {
  const check = checkWorkPlanFile(file);
  if (!check.ok) return { ok: false, reason: check.reason };
  const queued = await queueFileWrite('instruments.addFile', { uuid: uuidv7(), name: file.name, instrumentUuid: instrument.uuid }, file, file.name, {
    name: file.name,
    mime: check.mime,
    size: file.size,
    instrumentId: instrument.id,
    userId,
  });
  return queued.ok ? { ok: true } : { ok: false, reason: queued.reason };
}

/** A signed download link (GET /api/files/get-presigned-url/{file}), or the reason there is none. */
export async function downloadLink(uuid: string): Promise<{ ok: true; uri: string } | { ok: false; reason: string }> {
  if (!navigator.onLine) return { ok: false, reason: 'workPlanFiles.errors.offlineDownload' };
  try {
    const res = await apiFetch(`/api/files/get-presigned-url/${encodeURIComponent(uuid)}`);
    const body = (await res.json()) as { presigned_request_uri?: unknown };
    if (res.ok && typeof body.presigned_request_uri === 'string') return { ok: true, uri: body.presigned_request_uri };
    return { ok: false, reason: FileReason.notFound };
  } catch {
    return { ok: false, reason: 'workPlanFiles.errors.offlineDownload' };
  }
}

/** Deletes a file (declared write); answers the clientMutationId for undo. */
export const deletePlanFile = (uuid: string): Promise<string> => syncApi().workPlanFiles.deleteFile({ uuid });

/**
 * Undo of a delete: while the delete is still in the outbox (offline) it is discarded and the file comes
 * back at once; once the server has it, restoreFile brings it back.
 */
export async function undoDeleteFile(clientMutationId: string, uuid: string): Promise<void> {
  const session = syncStore.session;
  const row = session ? await replicaReader(session).outbox.get(clientMutationId) : undefined;
  if (row && row.status !== 'failed') {
    await syncApi().outbox.discard(clientMutationId);
    return;
  }
  await syncApi().workPlanFiles.restoreFile({ uuid });
}
