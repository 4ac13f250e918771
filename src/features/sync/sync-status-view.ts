import type { SyncStatus } from '../../domain/sync/status';
import { UPGRADE_REQUIRED } from '../../domain/sync/write-checks';

/** Pending changes older than this may be lost when Safari evicts a site's storage (ARCHITECTURE.md). */
export const STALE_PENDING_MS = 24 * 60 * 60 * 1000;

export type SyncTone = 'offline' | 'blocked' | 'problem' | 'first-sync' | 'pending' | 'syncing' | 'error' | 'synced' | 'never';

/** What the shell's status line says, as an i18n key with its values; the component only translates. */
export interface SyncStatusView {
  tone: SyncTone;
  key:
    | 'sync.status.offline'
    | 'sync.status.offlinePending'
    | 'sync.status.blocked'
    | 'sync.status.upgradeRequired'
    | 'sync.status.problem'
    | 'sync.status.firstSync'
    | 'sync.status.pending'
    | 'sync.status.syncing'
    | 'sync.status.error'
    | 'sync.status.syncedAt'
    | 'sync.status.syncedOn'
    | 'sync.status.never'
    | 'syncPull.storageFull'
    | 'syncPull.storageError'
    | 'syncPull.pullFailed';
  count?: number;
  /** For syncedAt / syncedOn: the moment to format. */
  at?: number;
  /** Shown as a number badge beside the dot (pending plus not-sent changes). */
  badge: number;
  /** Syncing stopped until the user asks again (IndexedDB refused a write): show a retry button. */
  retry?: boolean;
}

type StatusInput = Pick<SyncStatus, 'state' | 'online' | 'pending' | 'failed' | 'conflicts' | 'lastSyncedAt' | 'firstSync'> &
  Partial<Pick<SyncStatus, 'error' | 'blockedCode'>>;

function sameDay(a: number, b: number): boolean {
  const x = new Date(a);
  const y = new Date(b);
  return x.getFullYear() === y.getFullYear() && x.getMonth() === y.getMonth() && x.getDate() === y.getDate();
}

/**
 * The status line, most important first: offline (with what waits), sync paused for sign-in,
 * changes the server refused or that conflict, the first sync, changes waiting, then when the
 * replica was last brought up to date ("bijgewerkt om …"). `browserOnline` is navigator.onLine,
 * which flips before the worker notices.
 */
export function syncStatusView(status: StatusInput, now: number, browserOnline = true): SyncStatusView {
  const problems = status.failed + status.conflicts;
  const badge = status.pending + problems;
  if (!browserOnline || !status.online || status.state === 'offline') {
    return status.pending > 0
      ? { tone: 'offline', key: 'sync.status.offlinePending', count: status.pending, badge }
      : { tone: 'offline', key: 'sync.status.offline', badge };
  }
  // Paused for the app's update (issue 37: a change of a write version the server no longer takes), else for sign-in.
  if (status.state === 'blocked') return { tone: 'blocked', key: status.blockedCode === UPGRADE_REQUIRED ? 'sync.status.upgradeRequired' : 'sync.status.blocked', badge };
  // The worker stopped because IndexedDB refused a write: never a silent "syncing" forever.
  if (status.state === 'error' && status.error === 'storage_quota') return { tone: 'error', key: 'syncPull.storageFull', badge, retry: true };
  if (status.state === 'error' && status.error === 'storage_error') return { tone: 'error', key: 'syncPull.storageError', badge, retry: true };
  if (problems > 0) return { tone: 'problem', key: 'sync.status.problem', count: problems, badge };
  if (status.firstSync && !status.firstSync.done) return { tone: 'first-sync', key: 'sync.status.firstSync', badge };
  if (status.pending > 0) return { tone: 'pending', key: 'sync.status.pending', count: status.pending, badge };
  if (status.state === 'error' && status.error?.startsWith('pull_failed:')) return { tone: 'error', key: 'syncPull.pullFailed', badge };
  if (status.state === 'error') return { tone: 'error', key: 'sync.status.error', badge };
  if (status.lastSyncedAt !== null) {
    return sameDay(status.lastSyncedAt, now)
      ? { tone: 'synced', key: 'sync.status.syncedAt', at: status.lastSyncedAt, badge }
      : { tone: 'synced', key: 'sync.status.syncedOn', at: status.lastSyncedAt, badge };
  }
  if (status.state === 'syncing') return { tone: 'syncing', key: 'sync.status.syncing', badge };
  return { tone: 'never', key: 'sync.status.never', badge };
}

/** True when a change has waited longer than a day: warn (Safari may erase the replica) and invite installing. */
export function hasStalePending(oldestPendingAt: number | null, now: number): boolean {
  return oldestPendingAt !== null && now - oldestPendingAt > STALE_PENDING_MS;
}

/** First-sync progress as a fraction of the collections done (documents have no known total). */
export function firstSyncFraction(firstSync: SyncStatus['firstSync']): number | null {
  if (!firstSync || firstSync.done) return null;
  if (firstSync.collectionsTotal <= 0) return 0;
  return Math.min(1, firstSync.collectionsDone / firstSync.collectionsTotal);
}
