import { apiFetch } from '../api/client';
import { markLocksSent, onLockRemembered, rememberedLocks } from '../api/session-lock';

/**
 * What the user did on this device that the server must still hear (issue 36; docs/decisions-offline-unlock.md):
 * a lock (the server marks the session locked: POST /api/session/lock) and an explicit sign-out made offline
 * (POST /api/oauth/logout). Both are kept in localStorage and sent at every connection until they went
 * through; the sign-out before anything else is sent or shown (session-store.ts asks first).
 */
export const PENDING_SIGN_OUT_KEY = 'werkpad.pendingSignOut';

export function rememberSignOut(now: number = Date.now()): void {
  try {
    globalThis.localStorage?.setItem(PENDING_SIGN_OUT_KEY, JSON.stringify({ at: now }));
  } catch {
    // Storage unavailable: the session ends at its expiry.
  }
}

export function signOutPending(): boolean {
  try {
    return globalThis.localStorage?.getItem(PENDING_SIGN_OUT_KEY) != null;
  } catch {
    return false;
  }
}

export function forgetPendingSignOut(): void {
  try {
    globalThis.localStorage?.removeItem(PENDING_SIGN_OUT_KEY);
  } catch {
    // Nothing to forget.
  }
}

/** Any answer of the server counts: the session is ended (or was already). Only an unreachable server keeps it. */
async function post(path: string): Promise<Response | null> {
  try {
    return await apiFetch(path, { method: 'POST' });
  } catch {
    return null;
  }
}

let signOutRun: Promise<boolean> | null = null;

/** Completes a sign-out made offline; answers whether none is pending any more. */
export function completePendingSignOut(): Promise<boolean> {
  if (!signOutPending()) return Promise.resolve(true);
  signOutRun ??= (async () => {
    const answer = await post('/api/oauth/logout');
    // 503 (maintenance) ends nothing: tried again at the next connection.
    if (answer && answer.status !== 503) forgetPendingSignOut();
    return !signOutPending();
  })().finally(() => {
    signOutRun = null;
  });
  return signOutRun;
}

let lockRun: Promise<void> | null = null;

/** Asks the server to lock the session of every remembered lock not yet sent (the cookie's session). */
export function sendPendingLocks(): Promise<void> {
  const pending = Object.entries(rememberedLocks())
    .filter(([, lock]) => !lock.sent)
    .map(([identity]) => identity);
  if (pending.length === 0) return Promise.resolve();
  lockRun ??= (async () => {
    const answer = await post('/api/session/lock');
    // 204: locked now; 401/403: locked already, ended, or no session on this cookie: nothing left to lock.
    if (answer && (answer.ok || answer.status === 401 || answer.status === 403)) markLocksSent(pending);
  })().finally(() => {
    lockRun = null;
  });
  return lockRun;
}

/** Both, the sign-out first; bounded, so a slow server does not hold the start (they are tried again later). */
export async function flushPendingIntents(timeoutMs: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const work = (async () => {
    if (!(await completePendingSignOut())) return;
    await sendPendingLocks();
  })();
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  await Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => void flushPendingIntents(10_000));
  onLockRemembered(() => void sendPendingLocks());
  // A lock taken offline before this page loaded goes out at once when there is a connection.
  if (globalThis.navigator?.onLine !== false && !signOutPending()) queueMicrotask(() => void sendPendingLocks());
}
