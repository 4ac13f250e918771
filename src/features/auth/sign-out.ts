import { clearSession, lockSignedInSession, refreshSession } from '../../lib/session/session-store';
import { setPendingSteps, setSessionNotice } from '../../lib/api/auth-flow-state';
import { clearIdentityChain, readIdentityChain, writeIdentityChain } from '../../lib/api/identity-chain-cookie';
import { notifySignedOut, type SignedOutReason } from '../../lib/api/session-events';
import { serverLogout } from './auth-api';
import { NetworkError } from '../../lib/api/api-error';
import { endScreenLock } from '../../lib/api/session-lock';
import { rememberSignOut, sendPendingLocks } from '../../lib/session/pending-intents';

/**
 * Ends the session for good: the server revokes the token and drops its cookies (POST /api/oauth/logout
 * without x-imitate-user), then this device forgets the session, the chain and the sign-in steps and
 * tells the sign-out listeners (the replica is deleted there).
 */
export async function endSession(reason: SignedOutReason): Promise<void> {
  clearIdentityChain();
  try {
    await serverLogout();
  } catch (error) {
    // Offline: remembered, and completed at the first connection before anything else is sent or shown
    // (issue 36: the cookie would otherwise sign the next page load in again). Already ended: nothing to do.
    if (error instanceof NetworkError) rememberSignOut();
  }
  setPendingSteps([]);
  // The user's own sign-out ends the lock too (on this device; the server session has ended or will).
  endScreenLock();
  clearSession();
  setSessionNotice(reason === 'inactivity' ? 'inactivity' : null);
  await notifySignedOut(reason);
}

/**
 * Inactivity (staff): lock the screen rather than sign out (docs/decisions-auth-client.md, "Session end
 * keeps unsent work"). The device remembers the lock (a reload, restart or reconnection keeps it) and the
 * server marks the session locked (POST /api/session/lock, sent now or at the next connection:
 * src/lib/session/pending-intents.ts), so only the user's own sign-in lifts it (issue 36); the replica and
 * outbox stay whatever they hold, offline too.
 */
export async function lockForInactivity(): Promise<void> {
  if (!lockSignedInSession('inactivity')) return;
  setPendingSteps([]);
  await sendPendingLocks();
  clearIdentityChain();
}

/**
 * /user/logout (01 §4): while impersonating only the latest impersonation is left (the session stays);
 * otherwise the session ends. Answers which of the two happened.
 */
export async function signOut(): Promise<'left-impersonation' | 'signed-out'> {
  const chain = readIdentityChain();
  if (chain.length > 0) {
    try {
      writeIdentityChain(await serverLogout());
    } catch {
      writeIdentityChain(chain.slice(0, -1));
    }
    await refreshSession();
    return 'left-impersonation';
  }
  await endSession('logout');
  return 'signed-out';
}
