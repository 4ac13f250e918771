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
/**
 * The locks this device remembers, per identity (issue 36: a lock survives a reload, a browser restart and
 * reconnection; only a sign-in of its user ends it). `sent`: the server marked that session locked too
 * (POST /api/session/lock), or it can no longer be reached with this browser's cookie.
 */
export const REMEMBERED_LOCKS_KEY = 'werkpad.locks';

export type RememberedLock = ScreenLock & { sent: boolean };

/** The identity a lock is remembered under: the user's own (company + user), with the chain when impersonating. */
export function lockIdentity(lock: Pick<ScreenLock, 'companyId' | 'userId' | 'chain'>): string {
  const chain = lock.chain ?? [];
  return chain.length > 0 ? `${lock.companyId}:${lock.userId}:${chain.join('.')}` : `${lock.companyId}:${lock.userId}`;
}

function isLock(value: unknown): value is ScreenLock {
  const lock = value as Partial<ScreenLock> | null;
  return typeof lock === 'object' && lock !== null && typeof lock.userId === 'number' && typeof lock.companyId === 'number' && typeof lock.reason === 'string';
}

export function rememberedLocks(): Record<string, RememberedLock> {
  try {
    const parsed = JSON.parse(globalThis.localStorage?.getItem(REMEMBERED_LOCKS_KEY) ?? '{}') as unknown;
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(Object.entries(parsed as Record<string, unknown>).filter((entry): entry is [string, RememberedLock] => isLock(entry[1])));
  } catch {
    return {};
  }
}

function writeRemembered(locks: Record<string, RememberedLock>): void {
  try {
    if (Object.keys(locks).length === 0) globalThis.localStorage?.removeItem(REMEMBERED_LOCKS_KEY);
    else globalThis.localStorage?.setItem(REMEMBERED_LOCKS_KEY, JSON.stringify(locks));
  } catch {
    // Storage unavailable: the lock holds for this tab.
  }
}

/** The lock remembered for a user of a company (their own session, not an impersonation), if any. */
export function rememberedLockOf(companyId: number, userId: number, chain: readonly number[] = []): RememberedLock | null {
  return rememberedLocks()[lockIdentity({ companyId, userId, chain: [...chain] })] ?? null;
}

function readStored(): ScreenLock | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as unknown;
    return isLock(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

export const lockStore = proxy<{ lock: ScreenLock | null }>({
  lock: readStored(),
});

// Kept per tab like the session (session storage): a reload of a locked tab stays locked. The device's own
// memory of the lock (REMEMBERED_LOCKS_KEY) is written by lockScreen and cleared only by endScreenLock.
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

/** Told when a new lock is remembered (the server is then asked to lock the session: lock-sync.ts). */
const lockListeners = new Set<() => void>();
export function onLockRemembered(listener: () => void): () => void {
  lockListeners.add(listener);
  return () => lockListeners.delete(listener);
}

/**
 * Locks the screen for this user (a lock already in place keeps its first reason) and remembers it on the
 * device. `sent`: whether the server session is already known to be locked or ended (a lock taken because
 * the server refused the session needs no lock request).
 */
export function lockScreen(lock: Omit<ScreenLock, 'lockedAt'>, now: number = Date.now(), options: { sent?: boolean } = {}): void {
  const remembered = rememberedLocks();
  const identity = lockIdentity(lock);
  const { sent: keptSent, ...kept } = remembered[identity] ?? { ...lock, lockedAt: now, sent: false };
  const sent = keptSent || options.sent === true;
  remembered[identity] = { ...kept, sent };
  writeRemembered(remembered);
  if (!(lockStore.lock && lockStore.lock.userId === lock.userId)) lockStore.lock = kept;
  if (!sent) for (const listener of lockListeners) listener();
}

/** Shows the lock remembered for this identity in this tab (a reload or restart); answers whether there was one. */
export function showRememberedLock(identity: Pick<ScreenLock, 'companyId' | 'userId' | 'chain'>): boolean {
  const kept = rememberedLocks()[lockIdentity(identity)];
  if (!kept) return false;
  const { sent: _sent, ...lock } = kept;
  if (!lockStore.lock || lockStore.lock.userId !== lock.userId) lockStore.lock = lock;
  return true;
}

/** The tab no longer shows a lock (someone else signs in, or the tab signs out): the device still remembers it. */
export function hideScreenLock(): void {
  if (lockStore.lock) lockStore.lock = null;
}

/**
 * The user of the lock proved who they are (a sign-in, or their password or PIN checked on the device): the
 * lock ends in this tab and on the device. Without an identity, the tab's lock.
 */
export function endScreenLock(identity?: Pick<ScreenLock, 'companyId' | 'userId' | 'chain'>): void {
  const target = identity ?? lockStore.lock;
  if (target) {
    const remembered = rememberedLocks();
    delete remembered[lockIdentity(target)];
    writeRemembered(remembered);
  }
  if (lockStore.lock && (!identity || lockStore.lock.userId === identity.userId)) lockStore.lock = null;
}

/** The server session of every remembered lock is locked or beyond this browser's reach: nothing left to send. */
export function markLocksSent(identities?: readonly string[]): void {
  const remembered = rememberedLocks();
  for (const [identity, lock] of Object.entries(remembered)) if (!identities || identities.includes(identity)) lock.sent = true;
  writeRemembered(remembered);
}
