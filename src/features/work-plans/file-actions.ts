import { syncApi, syncStore } from '../../lib/sync-client';
import { apiFetch } from '../../lib/api/client';
import { uploadToGraph } from '../../lib/api/graph-upload';
import { replicaReader } from '../../lib/replica/replica-db';
import { checkWorkPlanFile, FileReason } from '../../domain/work-plan-files/files';

/**
 * The files section's calls. Uploading is a multipart graph request with progress (addFile) and needs a
 * connection; deleting, undoing a delete and copying are declared writes (src/domain/work-plan-files/writes.ts)
 * through the sync outbox, so they work offline. Downloads go through a short-lived signed link.
 */
const ADD_FILE = 'mutation AddFile($input: AddFileInput!) { addFile(input: $input) { success reason } }';

/** The reason is an i18n key: one of FileReasonCode, or another area's key the server answered. */
export type UploadOutcome = { ok: true } | { ok: false; reason: string };

export async function uploadPlanFile(workPlanUuid: string, file: File, onProgress: (percent: number) => void, signal?: AbortSignal): Promise<UploadOutcome> {
  const check = checkWorkPlanFile(file);
  if (!check.ok) return { ok: false, reason: check.reason };
  if (!navigator.onLine) return { ok: false, reason: FileReason.offline };
  const answer = await uploadToGraph({
    query: ADD_FILE,
    variables: { input: { uuid: crypto.randomUUID(), name: file.name, workPlanUuid } },
    field: 'addFile',
    file,
    fileName: file.name,
    onProgress,
    ...(signal ? { signal } : {}),
  });
  if (answer.kind === 'network') return { ok: false, reason: navigator.onLine ? FileReason.failed : FileReason.offline };
  if (answer.kind === 'refused') {
    if (answer.status === 413 || answer.code === 'messages.errors.fileTooLarge') return { ok: false, reason: FileReason.fileTooLarge };
    if (answer.code === 'messages.errors.fileTypeNotAllowed') return { ok: false, reason: FileReason.fileTypeNotAllowed };
    return { ok: false, reason: FileReason.failed };
  }
  if (!answer.success) return { ok: false, reason: answer.reason ?? FileReason.failed };
  // The new row reaches the replica with the next pull: ask for it now.
  void syncApi().sync.pullNow(['files']).catch(() => undefined);
  return { ok: true };
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
