import { refreshSession, sessionStore, signedInAnew } from '../../lib/session/session-store';
import { safeRedirectTarget } from '../../domain/navigation/access';
import { pendingSteps } from '../../lib/api/auth-flow-state';
import { loginHrefFor } from '../../lib/api/error-catalogue';
import { commitPasswordVerifier } from './device-unlock/device-unlock';

export type Navigate = (href: string) => Promise<void> | void;

/** `?redirect_uri=…` to carry the way back through the sign-in steps. */
export function redirectQuery(redirectUri: string | null | undefined): string {
  return redirectUri ? `?${new URLSearchParams({ redirect_uri: redirectUri }).toString()}` : '';
}

/**
 * After a password grant or a second-factor step (01 §4): the second factor first (setup, then
 * validation), then the user's data; an unvalidated password forces the password change; otherwise
 * where the user was going, or home (which sends participants to their portal or the registration area).
 */
export async function continueAfterSignIn(navigate: Navigate, redirectUri?: string | null): Promise<void> {
  const steps = pendingSteps();
  if (steps.includes('mfa_setup_required')) return navigate(`/login/setup${redirectQuery(redirectUri)}`);
  if (steps.includes('mfa_validation_required')) return navigate(`/login/verify${redirectQuery(redirectUri)}`);
  // Signed in anew: the user's remembered lock ends with the session loaded now (issue 36).
  signedInAnew();
  await refreshSession();
  if (sessionStore.status !== 'signed-in') return navigate(loginHrefFor(null, redirectUri ?? null));
  // Fully signed in (two-step done, when owed): the device may open offline for this user from now on.
  // The slow hash started at the password step, beside the server's answers: little is left to wait for.
  await commitPasswordVerifier().catch(() => false);
  if (steps.includes('password_change_required')) return navigate(`/user/changepassword${redirectQuery(redirectUri)}`);
  return navigate(safeRedirectTarget(redirectUri));
}
