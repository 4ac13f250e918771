/**
 * Files in the outbox (docs/writes.md, "Files"): a write that declares `file` keeps the file's bytes
 * in the replica beside its row until the server accepted it. Before queueing, the file is checked
 * against the write's limit and against the room left on the device: a file that could not be kept
 * is refused at once (nothing queued, the user's selection stays), never lost later. Pure.
 */
import type { WriteFileRule } from './define';

/** The outboxFiles row: the bytes of one queued write, keyed by its client mutation id. */
export interface OutboxFile {
  clientMutationId: string;
  blob: Blob;
  name: string;
  size: number;
  type: string;
}

/** Progress of a file being sent, kept as a meta row (`upload:<clientMutationId>`) so every tab sees it. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

export const UPLOAD_PROGRESS_PREFIX = 'upload:';
export const uploadProgressKey = (clientMutationId: string): string => `${UPLOAD_PROGRESS_PREFIX}${clientMutationId}`;

/**
 * Room kept free beyond the file itself: the replica, the app's caches and the next pull need some
 * too, and browsers start evicting close to the quota.
 */
export const QUEUE_HEADROOM_BYTES = 5 * 1024 * 1024;

/** What navigator.storage.estimate() answers (either may be missing). */
export interface StorageEstimateLike {
  quota?: number | undefined;
  usage?: number | undefined;
}

/** The reason the file cannot be queued (an i18n key of the write's area), or null when it fits. */
export function queuedFileProblem(rule: WriteFileRule, size: number, estimate: StorageEstimateLike | null): string | null {
  if (!Number.isFinite(size) || size <= 0) return rule.empty;
  if (size > rule.maxBytes) return rule.tooLarge;
  // Without an estimate (an old browser) the write is queued; a full disk then fails the transaction itself.
  if (!estimate || typeof estimate.quota !== 'number' || typeof estimate.usage !== 'number') return null;
  return estimate.quota - estimate.usage < size + QUEUE_HEADROOM_BYTES ? rule.deviceFull : null;
}
