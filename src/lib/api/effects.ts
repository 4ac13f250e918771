import { setPendingSteps, setSessionNotice } from './auth-flow-state';
import { loginHrefFor, type CatalogueAction, type SessionNotice } from './error-catalogue';
import { clearIdentityChain } from './identity-chain-cookie';
import { notifySignedOut, type SignedOutReason } from './session-events';
import type { LockReason } from './session-lock';

/** What carrying out a catalogue action needs from the app: the session store and the router. */
export interface ApiEffects {
  /** Forgets the signed-in user in memory (the session store). */
  clearSession: () => void;
  /** Reloads the session for the current cookie and chain (after leaving impersonation). */
  refreshSession: () => Promise<void>;
  /** Goes to an address of the app. */
  navigate: (href: string) => void | Promise<void>;
  /**
   * Locks the screen of the signed-in user instead of signing out (session-lock.ts); answers false
   * when this tab has no signed-in user to lock (then Login opens as before).
   */
  lockSession: (reason: LockReason, options?: { sent?: boolean }) => boolean;
  /** The device was revoked (issue 36): delete what Werkpad keeps on it and show why (src/features/devices/wipe.ts). */
  wipeDevice: () => Promise<void>;
}

const defaultEffects: ApiEffects = {
  clearSession: () => undefined,
  refreshSession: () => Promise.resolve(),
  // Without the app's router a full page load does it; the next page checks the session with the server.
  navigate: (href) => globalThis.location?.assign(href),
  lockSession: () => false,
  // Without the app: the page that wipes and says why (a full load runs the app's wipe).
  wipeDevice: () => {
    globalThis.location?.assign('/apparaat-ingetrokken');
    return Promise.resolve();
  },
};

let effects: ApiEffects = defaultEffects;

/** The app installs its session store and router here; answers a function that restores the previous ones. */
export function setApiEffects(next: Partial<ApiEffects>): () => void {
  const previous = effects;
  effects = { ...effects, ...next };
  return () => {
    effects = previous;
  };
}

const reasonOf = (notice: SessionNotice | null): SignedOutReason => notice ?? 'noCurrentUser';

function currentPath(): string | null {
  const path = globalThis.location?.pathname;
  if (!path || path.startsWith('/login') || path === '/user/logout' || path === '/') return null;
  return path;
}

/** Session ends that lock a signed-in tab rather than sign it out (nothing is deleted then). */
function lockReasonOf(notice: SessionNotice | null): LockReason | null {
  const reason = reasonOf(notice);
  return reason === 'expired' || reason === 'maintenance' || reason === 'noCurrentUser' || reason === 'inactivity' ? reason : null;
}

/**
 * Ends the session on this device. A signed-in tab locks (docs/decisions-auth-client.md, "Session end
 * keeps unsent work"): the second-factor steps and the identity chain are forgotten, the dead cookie
 * dropped, and the lock screen asks the same user to sign in again; the replica and outbox stay.
 * Without a signed-in user it forgets the session, tells the sign-out listeners (which keep anything
 * unsent) and opens Login.
 */
export async function endSessionLocally(notice: SessionNotice | null, options: { navigate?: boolean; redirect?: boolean } = {}): Promise<void> {
  const redirectUri = options.redirect === false ? null : currentPath();
  setPendingSteps([]);
  clearIdentityChain();
  const lockReason = lockReasonOf(notice);
  if (lockReason && effects.lockSession(lockReason)) {
    // The lock screen says why; Login must not show it again later.
    setSessionNotice(null);
    // The token is dead already; this only removes its HttpOnly cookie (fails quietly in maintenance or offline).
    void fetch('/api/oauth/logout', { method: 'POST', credentials: 'include' }).catch(() => undefined);
    return;
  }
  effects.clearSession();
  setSessionNotice(notice);
  await notifySignedOut(reasonOf(notice));
  // The token is dead already; this only removes its HttpOnly cookie (fails quietly in maintenance or offline).
  void fetch('/api/oauth/logout', { method: 'POST', credentials: 'include' }).catch(() => undefined);
  if (options.navigate !== false) await effects.navigate(loginHrefFor(notice, redirectUri));
}

let busy: Promise<void> | null = null;

/**
 * Carries out a catalogue action once, however many requests fail at the same moment
 * (every open request of an expired session answers token_expired together).
 */
export function runCatalogueAction(action: CatalogueAction): Promise<void> {
  if (action.kind === 'stay' || action.kind === 'passThrough') return Promise.resolve();
  if (busy) return busy;
  busy = (async () => {
    switch (action.kind) {
      case 'signIn':
        await endSessionLocally(action.notice);
        return;
      case 'secondFactor':
        await effects.navigate(action.to);
        return;
      case 'lock':
        // The server keeps the session locked: no sign-out request (that would end what the user may resume).
        setPendingSteps([]);
        if (!effects.lockSession('inactivity', { sent: true })) {
          effects.clearSession();
          await effects.navigate(loginHrefFor(null, currentPath()));
        }
        return;
      case 'wipe':
        await effects.wipeDevice();
        return;
      case 'leaveImpersonation':
        clearIdentityChain();
        await effects.refreshSession();
        await effects.navigate(action.to);
        return;
    }
  })().finally(() => {
    busy = null;
  });
  return busy;
}
