import { ApiError, NetworkError } from './api-error';
import { setSessionNotice } from './auth-flow-state';
import { catalogueAction } from './error-catalogue';
import { runCatalogueAction } from './effects';
import { clearIdentityChain, readIdentityChain } from './identity-chain-cookie';
import { fetchMe, type MeCompany, type MeUser, type RealUser } from './me';

export type LoadedSession =
  | { kind: 'signed-in'; session: { user: MeUser; company: MeCompany | null; identityChain: number[]; realUser?: RealUser | null } }
  /** No usable session (none, ended, or the second factor is still owed). */
  | { kind: 'anonymous' }
  /** The server could not be reached: keep what this tab knew (offline-first). */
  | { kind: 'offline' }
  /** The session is locked on the server (issue 36): only its user's sign-in lifts it. */
  | { kind: 'locked' };

/**
 * Asks the server who is signed in (`me`). An ended session leaves a notice for Login (01 §8); an
 * impersonation chain the server refuses is dropped and the real user is loaded instead.
 */
export async function loadSessionFromServer(): Promise<LoadedSession> {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const answer = await fetchMe({ catalogue: false });
      if (answer.kind === 'second-factor') return { kind: 'anonymous' };
      return {
        kind: 'signed-in',
        session: { user: answer.user, company: answer.company, identityChain: answer.identityChain, realUser: answer.realUser ?? null },
      };
    } catch (error) {
      if (error instanceof NetworkError) return { kind: 'offline' };
      if (!(error instanceof ApiError)) throw error;
      const action = catalogueAction(error.code, error.hint);
      if (action.kind === 'lock') return { kind: 'locked' };
      // A revoked device wipes itself (issue 36); the session is gone with it.
      if (action.kind === 'wipe') {
        void runCatalogueAction(action);
        return { kind: 'anonymous' };
      }
      if (action.kind === 'leaveImpersonation' && readIdentityChain().length > 0) {
        clearIdentityChain();
        continue;
      }
      if (action.kind === 'signIn') {
        clearIdentityChain();
        // no_current_user is simply "not signed in": Login without a notice.
        if (action.notice) setSessionNotice(action.notice);
      }
      return { kind: 'anonymous' };
    }
  }
  return { kind: 'anonymous' };
}
