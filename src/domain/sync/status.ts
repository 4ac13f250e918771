/**
 * The sync worker's session and status, shared by the worker (workers/api.ts, which the main thread
 * imports as a type only) and the screens that show the status.
 */
export interface SyncSession {
  companyId: number;
  userId: number;
  /**
   * Who the worker syncs as (identityKey): the company, the effective user and the impersonation
   * chain. Sent with every request; the server refuses a request whose session is someone else now.
   */
  identity: string;
  /** The impersonation chain (user ids); its last id is sent as x-imitate-user. */
  chain: number[];
  /** The user who really signed in (the chain's start): part of the rows' identity and the replica's name. */
  realUserId?: number;
  /** Server origin; empty for same-origin. */
  baseUrl?: string;
}

export interface FirstSyncProgress {
  documents: number;
  collectionsDone: number;
  collectionsTotal: number;
  done: boolean;
}

/** What the shell shows beside the replica (online, pending, last synced, first-sync progress). */
export interface SyncStatus {
  state: 'stopped' | 'idle' | 'syncing' | 'offline' | 'blocked' | 'error';
  online: boolean;
  /** This tab's worker holds the sync lock. */
  leader: boolean;
  pending: number;
  failed: number;
  conflicts: number;
  /** When the oldest unsent change was made (warn when older than a day: Safari may evict). */
  oldestPendingAt: number | null;
  lastSyncedAt: number | null;
  firstSync: FirstSyncProgress | null;
  /** A catalogue code (token_expired, mfa_validation_required, ...) the shell must act on. */
  blockedCode: string | null;
  error: string | null;
}

export const initialSyncStatus = (): SyncStatus => ({
  state: 'stopped',
  online: true,
  leader: false,
  pending: 0,
  failed: 0,
  conflicts: 0,
  oldestPendingAt: null,
  lastSyncedAt: null,
  firstSync: null,
  blockedCode: null,
  error: null,
});

/** The identity a worker syncs as: company, effective user, impersonation chain (server/auth/identity.ts answers the same). */
export function identityKey(companyId: number, userId: number, chain: readonly number[]): string {
  return `${companyId}:${userId}:${chain.join('>')}`;
}
