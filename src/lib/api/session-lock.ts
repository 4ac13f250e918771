import { proxy, subscribe } from 'valtio';
import { replicaName } from '../../domain/sync/replica-schema';
import type { SignedOutReason } from './session-events';

/**
 * The screen lock (docs/decisions-auth-client.md, "Session end keeps unsent work"). When a signed-in
 * session ends without the user choosing to sign out (expiry, revocation, maintenance, an unknown
 * user, inactivity), the tab locks instead: the signed-in shell is replaced by the lock screen, the
 * sync stops, and the replica and outbox stay. The same user signing in again unlocks it (the queued
 * rows then go out); anyone else signing in ends the lock without touching what was kept.
 */
export type LockReason = Extract<SignedOutReason, 'expired' | 'maintenance' | 'noCurrentUser' | 'inactivity'>;

export interface ScreenLock {
  reason: LockReason;
  /** Who the tab was signed in as (the effective user: the replica it used). */
  userId: number;
  companyId: number;
  /** The lock screen signs in as this user; null while impersonating (the one behind the chain types it). */
  username: string | null;
  givenName: string | null;
  /** The impersonation chain the tab was in (oldest first; empty or absent: the user's own session). */
  chain?: readonly number[];
  /** While impersonating: the user who really signed in (the replica's name includes them), when known. */
  realUserId?: number | null;
  lockedAt: number;
}

/**
 * The replica the locked tab used, the one whose outbox the lock screen counts (the name the sync
 * gives it: src/features/sync/sync-session.ts). Null while impersonating without the real user known:
 * that replica cannot be named, so nothing is counted rather than the wrong one.
 */
export function lockedReplicaName(lock: Pick<ScreenLock, 'companyId' | 'userId' | 'chain' | 'realUserId'>): string | null {
  const chain = lock.chain ?? [];
  if (chain.length === 0) return replicaName({ companyId: lock.companyId, userId: lock.userId });
  if (typeof lock.realUserId !== 'number') return null;
  return replicaName({ companyId: lock.companyId, userId: lock.userId, chain: [...chain], realUserId: lock.realUserId });
}

const KEY = 'werkpad.lock';

function readStored(): ScreenLock | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<ScreenLock> | null;
    return parsed && typeof parsed.userId === 'number' && typeof parsed.reason === 'string' ? (parsed as ScreenLock) : null;
  } catch {
    return null;
  }
}

export const lockStore = proxy<{ lock: ScreenLock | null }>({
  lock: readStored(),
});

// Kept per tab like the session (session storage): a reload of a locked tab stays locked.
subscribe(lockStore, () => {
  try {
    if (lockStore.lock) globalThis.sessionStorage?.setItem(KEY, JSON.stringify(lockStore.lock));
    else globalThis.sessionStorage?.removeItem(KEY);
  } catch {
    // Storage unavailable: the lock holds for this page.
  }
});

export function isLocked(): boolean {
  return lockStore.lock !== null;
}

/** Locks the screen for this user (a lock already in place keeps its first reason). */
export function lockScreen(lock: Omit<ScreenLock, 'lockedAt'>, now: number = Date.now()): void {
  if (lockStore.lock && lockStore.lock.userId === lock.userId) return;
  lockStore.lock = { ...lock, lockedAt: now };
}

/** A session the server confirmed (signed in again, or someone else signed in): the lock ends. */
export function endScreenLock(): void {
  if (lockStore.lock) lockStore.lock = null;
}
