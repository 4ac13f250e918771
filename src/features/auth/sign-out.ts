import { clearSession, lockSignedInSession, refreshSession } from '../../lib/session/session-store';
import { setPendingSteps, setSessionNotice } from '../../lib/api/auth-flow-state';
import { clearIdentityChain, readIdentityChain, writeIdentityChain } from '../../lib/api/identity-chain-cookie';
import { notifySignedOut, type SignedOutReason } from '../../lib/api/session-events';
import { serverLogout } from './auth-api';

/**
 * Ends the session for good: the server revokes the token and drops its cookies (POST /api/oauth/logout
 * without x-imitate-user), then this device forgets the session, the chain and the sign-in steps and
 * tells the sign-out listeners (the replica is deleted there).
 */
export async function endSession(reason: SignedOutReason): Promise<void> {
  clearIdentityChain();
  try {
    await serverLogout();
  } catch {
    // Offline or already ended: the local session is cleared anyway.
  }
  setPendingSteps([]);
  clearSession();
  setSessionNotice(reason === 'inactivity' ? 'inactivity' : null);
  await notifySignedOut(reason);
}

/**
 * Inactivity (staff): lock the screen rather than sign out (docs/decisions-auth-client.md, "Session end
 * keeps unsent work"). The server session is revoked (the chain cleared first, so it is a real logout)
 * when it can be reached; the replica and outbox stay whatever they hold, offline too.
 */
export async function lockForInactivity(): Promise<void> {
  if (!lockSignedInSession('inactivity')) return;
  clearIdentityChain();
  setPendingSteps([]);
  try {
    await serverLogout();
  } catch {
    // Offline: the lock holds; signing in again on the lock screen replaces the session.
  }
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
