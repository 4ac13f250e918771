import { refreshSession } from '../../lib/session/session-store';
import { ApiError } from '../../lib/api/api-error';
import { catalogueAction } from '../../lib/api/error-catalogue';
import { clearIdentityChain, writeIdentityChain } from '../../lib/api/identity-chain-cookie';
import { participantUserId, startImitation, stopImitation } from './auth-api';

/** Where an impersonation step ends: home as the new user, or one of the error pages. */
export type ImitationOutcome = { to: string };

async function refused(error: unknown): Promise<ImitationOutcome> {
  if (error instanceof ApiError) {
    const action = catalogueAction(error.code, error.hint);
    if (action.kind === 'leaveImpersonation') {
      // 01 §8: leave impersonation, then the page that explains why.
      clearIdentityChain();
      await refreshSession();
      return { to: action.to };
    }
    if (action.kind === 'signIn') return { to: '/login' };
  }
  return { to: '/error/imitation-not-allowed' };
}

/**
 * /user/login-as/id/:id and the /default/... forms (01 §2, §4): the server checks the imitation options
 * and answers the new chain (also set as the identity_chain cookie); the user's data is reloaded and
 * the new user's home opens. With `participant`, the id is a participant's: their login is impersonated.
 */
export async function startImpersonation(id: number, participant: boolean): Promise<ImitationOutcome> {
  try {
    const userId = participant ? await participantUserId(id) : id;
    if (userId === null) return { to: '/error/deelnemernotfound' };
    writeIdentityChain(await startImitation(userId));
  } catch (error) {
    return refused(error);
  }
  await refreshSession();
  return { to: '/' };
}

/** /stop-imitate: one step back, to the previous user or the real one. */
export async function stopImpersonation(): Promise<ImitationOutcome> {
  try {
    writeIdentityChain(await stopImitation());
  } catch {
    return { to: '/error/userreturn' };
  }
  await refreshSession();
  return { to: '/' };
}
