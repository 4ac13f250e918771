import { proxy, subscribe } from 'valtio';
import type { Branding } from '../../domain/shared/constants';
import type { AccessSession } from '../../domain/navigation/access';
import { peekSessionNotice } from '../api/auth-flow-state';
import { endSessionLocally } from '../api/effects';
import { loadSessionFromServer, type LoadedSession } from '../api/load-session';
import { endScreenLock, hideScreenLock, lockScreen, lockStore, markLocksSent, showRememberedLock, type LockReason } from '../api/session-lock';
import { flushPendingIntents, forgetPendingSignOut, signOutPending } from './pending-intents';
import { noteSessionConfirmed } from '../device/offline-cap';
import { replicaName } from '../../domain/sync/replica-schema';

export type SessionStatus = AccessSession['status'];

export interface SessionUser {
  id: number;
  username: string;
  givenName: string;
  surname: string;
  roleId: number;
  participantId: number | null;
  participantStatusId: number | null;
  companyId: number;
}

/** participantPortalVersion of the company settings (01 §3). */
export type ParticipantPortalVersion = 'standard' | 'government' | 'development_companies' | 'education';

/** What the shell shows of the user's company: name, branding and portal version. */
export interface SessionCompany {
  id: number;
  name: string;
  participantPortalVersion: ParticipantPortalVersion;
  branding: Branding | null;
}

export interface SessionState {
  status: SessionStatus;
  user: SessionUser | null;
  /** Ids of impersonated users, oldest first (01 §4). Empty when not impersonating. */
  identityChain: number[];
  company: SessionCompany | null;
  /** The user who really signed in (the chain's start; the server's sessionIdentity), when known. */
  realUser?: { id: number; name: string } | null;
  /**
   * Opened offline with the password checked on this device (features/auth/device-unlock), not yet
   * confirmed by the server: the worker pushes nothing until `me` confirms the same user (issue 18).
   */
  unlockedOffline?: boolean;
}

const STORAGE_KEY = 'werkpad.session';

function emptyState(status: SessionStatus): SessionState {
  return { status, user: null, identityChain: [], company: null, realUser: null };
}

function isSessionState(value: unknown): value is SessionState {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<SessionState>;
  return candidate.status === 'signed-in' && typeof candidate.user === 'object' && candidate.user !== null && Array.isArray(candidate.identityChain);
}

/** Session state persists in browser session storage (01 §9): restored on reload, gone with the tab. */
function readStored(): SessionState | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isSessionState(parsed) ? { ...emptyState('signed-in'), ...parsed } : null;
  } catch {
    return null;
  }
}

export const sessionStore = proxy<SessionState>(emptyState('unknown'));

subscribe(sessionStore, () => {
  try {
    if (sessionStore.status === 'signed-in') globalThis.sessionStorage?.setItem(STORAGE_KEY, JSON.stringify(sessionStore));
    else globalThis.sessionStorage?.removeItem(STORAGE_KEY);
  } catch {
    // Storage unavailable: the session lives in memory only.
  }
});

/** Structural equality of JSON-like values (the session's parts), key order ignored. */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => Object.hasOwn(right, key) && sameValue(left[key], right[key]));
}

/**
 * Sets the signed-in session. Only the parts that differ are replaced: the background check of a
 * restored session mostly answers what the tab already shows, and replacing equal objects would
 * re-render every screen that reads the session (the whole signed-in shell) and rewrite session
 * storage, in the middle of start-up.
 */
export function setSession(next: Omit<SessionState, 'status'>): void {
  generation++;
  // Only a session the server confirmed gets here. A lock this device remembers for the user stays (issue 36:
  // only the user's own sign-in or device unlock ends it, endScreenLock), whatever `me` answers; a lock of
  // someone else is no longer this tab's (the device keeps it for its user).
  const chain = next.identityChain ?? [];
  const unlocking = unlockNextSession;
  unlockNextSession = false;
  if (unlocking) endScreenLock({ companyId: next.user?.companyId ?? 0, userId: next.user?.id ?? 0, chain });
  else if (!(next.user && showRememberedLock({ companyId: next.user.companyId, userId: next.user.id, chain })) && lockStore.lock?.userId !== next.user?.id) hideScreenLock();
  if (next.user && !next.unlockedOffline && chain.length === 0) noteSessionConfirmed(replicaName({ companyId: next.user.companyId, userId: next.user.id }));
  const wanted: SessionState = { status: 'signed-in', unlockedOffline: false, ...next };
  const target = sessionStore as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(wanted)) {
    if (!sameValue(target[key], value)) target[key] = value;
  }
}

/** Set by a successful sign-in (sign-in-flow.ts) just before the session is loaded: that user's lock ends. */
let unlockNextSession = false;

/**
 * A sign-in succeeded (a password, SSO or two-step; sign-in-flow.ts): the next session the server confirms
 * ends its user's lock. The browser's cookie is the new session's now, so a lock or sign-out still waiting
 * for the old one can no longer reach it (issue 36).
 */
export function signedInAnew(): void {
  unlockNextSession = true;
  markLocksSent();
  forgetPendingSignOut();
}

export function clearSession(): void {
  generation++;
  // The tab shows no lock any more; the device still remembers it for its user (issue 36).
  hideScreenLock();
  Object.assign(sessionStore, emptyState('anonymous'), { unlockedOffline: false });
}

/**
 * Opens the app offline for a user whose password the device checked (features/auth/device-unlock):
 * the shell and the user's replica, with no server session confirmed yet. The server is asked as
 * soon as it can be reached (revalidateUnlockedSession); until it confirms, nothing is pushed.
 */
export function openOfflineSession(next: { user: SessionUser; company: SessionCompany | null }): void {
  generation++;
  check = { state: 'done', at: Date.now(), reachable: false };
  Object.assign(sessionStore, { status: 'signed-in', user: next.user, company: next.company, identityChain: [], unlockedOffline: true } satisfies SessionState);
  // Unlocked on the lock screen (offline): the shell comes back on the same replica, pushes still held.
  endScreenLock();
  revalidateUnlockedSession();
}

/** Whether the last session check reached the server (null: none has been answered in this page). */
export function lastSessionCheckReachable(): boolean | null {
  return check.state === 'done' ? check.reachable : null;
}

/**
 * Locks the screen of the user signed in in this tab instead of signing out (src/lib/api/session-lock.ts):
 * the session stays known (whom to unlock as), the shell gives way to the lock screen, and nothing is
 * deleted. Answers false when no one is signed in here.
 */
export function lockSignedInSession(reason: LockReason, options: { sent?: boolean } = {}): boolean {
  const user = sessionStore.status === 'signed-in' ? sessionStore.user : null;
  if (!user) return false;
  generation++;
  // While impersonating, the person at the screen is the one behind the chain, whose name this tab
  // does not hold: the lock screen then asks for the username too.
  const impersonating = sessionStore.identityChain.length > 0;
  lockScreen({
    reason,
    userId: user.id,
    companyId: user.companyId,
    username: impersonating ? null : user.username,
    givenName: impersonating ? null : user.givenName,
    // The replica's name includes the chain and the real user: the lock screen counts that replica's rows.
    ...(impersonating ? { chain: [...sessionStore.identityChain], realUserId: sessionStore.realUser?.id ?? null } : {}),
  }, Date.now(), {
    // An inactivity lock must still reach the server (pending-intents.ts sends it); a session the server
    // ended or refused (expiry, maintenance, session_locked) has nothing left to lock.
    sent: options.sent ?? reason !== 'inactivity',
  });
  return true;
}

/** How long the background check of a restored session waits for the server (then: keep it, as offline). */
export const SESSION_CHECK_TIMEOUT_MS = 3_000;
/** How long a guard waits for the server when this tab has no stored session to show meanwhile. */
export const SESSION_LOAD_TIMEOUT_MS = 10_000;
/** A check that could not reach the server is tried again on a navigation after this long. */
const RECHECK_AFTER_MS = 30_000;

function withTimeout(loaded: Promise<LoadedSession>, timeoutMs: number): Promise<LoadedSession> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<LoadedSession>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'offline' }), timeoutMs);
  });
  return Promise.race([loaded, timeout]).finally(() => clearTimeout(timer));
}

/** Bumped whenever the session is set or cleared by anyone else, so a late background answer is dropped. */
let generation = 0;
/** The restored session's server check: 'due' (not yet asked), in flight, or when it was last answered. */
let check: { state: 'due' } | { state: 'running'; promise: Promise<void> } | { state: 'done'; at: number; reachable: boolean } = { state: 'due' };

/**
 * Loads the session state (user, identity chain, company) for the current cookie with the `me` query
 * (src/lib/api/load-session.ts) and waits for it: after sign-in, impersonation and leaving it, where
 * the stored session is not the one to show. Offline (or no answer in `timeoutMs`), it restores what
 * session storage holds.
 */
export async function refreshSession(timeoutMs: number = SESSION_LOAD_TIMEOUT_MS): Promise<void> {
  const mine = ++generation;
  const stored = readStored();
  const loaded = await withTimeout(loadSessionFromServer(), timeoutMs);
  if (mine !== generation) return;
  check = { state: 'done', at: Date.now(), reachable: loaded.kind !== 'offline' };
  if (loaded.kind === 'signed-in') {
    setSession(loaded.session);
    return;
  }
  // The server keeps the session locked (issue 36): the tab that knew the user shows the lock screen.
  if (loaded.kind === 'locked' && stored) {
    Object.assign(sessionStore, stored);
    lockSignedInSession('inactivity', { sent: true });
    return;
  }
  if (loaded.kind === 'offline' && stored) Object.assign(sessionStore, stored);
  else clearSession();
}

/**
 * The background check of a session restored from session storage: the screens already render from
 * it (and sync runs); the server's answer updates it, a refusal ends it like any refused request
 * (sign-out listeners, then Login with the notice), no answer within SESSION_CHECK_TIMEOUT_MS keeps it.
 */
export function checkSessionInBackground(timeoutMs: number = SESSION_CHECK_TIMEOUT_MS): Promise<void> {
  if (check.state === 'running') return check.promise;
  const mine = generation;
  const userId = sessionStore.user?.id;
  const promise = (async () => {
    const loaded = await withTimeout(loadSessionFromServer(), timeoutMs).catch((): LoadedSession => ({ kind: 'offline' }));
    check = { state: 'done', at: Date.now(), reachable: loaded.kind !== 'offline' };
    // Signed in or out by someone else meanwhile: that decision stands.
    if (mine !== generation || sessionStore.status !== 'signed-in' || sessionStore.user?.id !== userId) return;
    // Locked on the server (another tab's lock, or one sent before a reload): only the user's sign-in lifts it.
    if (loaded.kind === 'locked') {
      lockSignedInSession('inactivity', { sent: true });
      return;
    }
    // Opened offline: only the same user's live session confirms it; anything else means signing in online
    // (the replica and its outbox stay; docs/decisions-offline-unlock.md).
    // Like every other session end, that locks the screen (the replica and outbox stay; the lock screen asks
    // to sign in online, where a blocked account is told why): endSessionLocally signs out only when it cannot lock.
    if (sessionStore.unlockedOffline && loaded.kind !== 'offline' && (loaded.kind !== 'signed-in' || loaded.session.user.id !== userId)) {
      const notice = peekSessionNotice() ?? 'expired';
      await endSessionLocally(notice);
      if (!lockStore.lock) clearSession();
      return;
    }
    if (loaded.kind === 'signed-in') {
      setSession(loaded.session);
    } else if (loaded.kind === 'anonymous') {
      // A signed-in tab locks (nothing is deleted); endSessionLocally signs out only when it cannot lock.
      const notice = peekSessionNotice();
      await endSessionLocally(notice);
      if (!lockStore.lock) clearSession();
    }
  })();
  check = { state: 'running', promise };
  return promise;
}

/**
 * Whether ensureSession() will ask the server (no session in this tab yet, none stored, and the browser
 * not offline): guards start what the next screen needs beside that request instead of after it.
 */
export function sessionNeedsServer(): boolean {
  return sessionStore.status === 'unknown' && readStored() === null && globalThis.navigator?.onLine !== false;
}

/**
 * What route guards call: never waits for the network when this tab has a stored session (it is
 * restored at once and checked in the background); without one it asks the server (bounded).
 */
export async function ensureSession(): Promise<SessionState> {
  // An explicit sign-out made offline is completed before anything else is sent or shown (issue 36): until
  // the server has ended that session, this device is signed out (the sign-in page).
  if (sessionStore.status === 'unknown' && signOutPending()) {
    await flushPendingIntents(SESSION_LOAD_TIMEOUT_MS);
    generation++;
    check = { state: 'done', at: Date.now(), reachable: !signOutPending() };
    clearSession();
    return sessionStore;
  }
  if (sessionStore.status === 'unknown') {
    // A lock taken offline reaches the server before the session is asked about (bounded: it is sent again later).
    if (globalThis.navigator?.onLine !== false) await flushPendingIntents(SESSION_CHECK_TIMEOUT_MS);
    const stored = readStored();
    if (stored) {
      Object.assign(sessionStore, stored);
      check = { state: 'due' };
    } else if (globalThis.navigator?.onLine === false) {
      // No connection at all (a browser restarted offline): no request to wait for, the same outcome as
      // one that failed. Login then offers the device's offline unlock (issue 25).
      generation++;
      check = { state: 'done', at: Date.now(), reachable: false };
      clearSession();
      return sessionStore;
    } else {
      await refreshSession();
      return sessionStore;
    }
  }
  if (sessionStore.status === 'signed-in') {
    const recheck = check.state === 'done' && !check.reachable && Date.now() - check.at > RECHECK_AFTER_MS;
    if (check.state === 'due' || recheck) void checkSessionInBackground();
  }
  return sessionStore;
}

/** For tests: forget the background check, as on a fresh page load. */
export function resetSessionCheck(): void {
  check = { state: 'due' };
  generation++;
}

/**
 * A session opened offline is checked with the server whenever the connection returns (and every
 * RECHECK_AFTER_MS while it stays unconfirmed and the browser says it is online), before the worker
 * may push (src/features/sync/sync-session.ts opens that gate when `unlockedOffline` goes false).
 */
export function revalidateUnlockedSession(): void {
  // A locked screen is not asked about again: signing in (online or on the device) ends the lock first.
  const unconfirmed = sessionStore.status === 'signed-in' && sessionStore.unlockedOffline === true && !lockStore.lock;
  if (!unconfirmed) {
    if (revalidateTimer !== null) globalThis.clearInterval(revalidateTimer);
    revalidateTimer = null;
    return;
  }
  revalidateTimer ??= globalThis.setInterval(revalidateUnlockedSession, RECHECK_AFTER_MS);
  if (globalThis.navigator?.onLine !== false) void checkSessionInBackground();
}

let revalidateTimer: ReturnType<typeof setInterval> | null = null;
if (typeof window !== 'undefined') window.addEventListener('online', revalidateUnlockedSession);

// A reload restores the stored session at once, so the sync worker starts from it before any guard
// runs (src/features/sync/sync-session.ts follows this store); the first guard checks it in the background.
const restored = signOutPending() ? null : readStored();
if (restored) Object.assign(sessionStore, restored);
// A lock the device remembers for the restored user is shown at once (issue 36).
if (restored?.user) showRememberedLock({ companyId: restored.user.companyId, userId: restored.user.id, chain: restored.identityChain });
// A reload of a tab opened offline: still unconfirmed, so keep asking.
if (restored?.unlockedOffline) queueMicrotask(revalidateUnlockedSession);

/**
 * Signs out. STUB: asks the server to end the session (POST /api/oauth/logout, 01 §7) and clears
 * the local state; impersonation-aware logout and store clean-up come with the sign-in work.
 */
export async function signOut(): Promise<void> {
  try {
    await fetch('/api/oauth/logout', { method: 'POST', credentials: 'include' });
  } catch {
    // Offline: the local session is cleared anyway.
  }
  clearSession();
}
