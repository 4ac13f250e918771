import { AccessDeniedHint, AuthErrorCode } from '../../domain/auth/error-codes';

/** What the client shows on Login after a session ended (01 §4, §8). */
export type SessionNotice = 'expired' | 'maintenance' | 'mfaAttempts' | 'noCurrentUser' | 'inactivity';

/** What the client does with an answer carrying a code of the error catalogue (01 §8). */
export type CatalogueAction =
  /** Clear the session and the identity chain, then go to Login (with the notice, when any). */
  | { kind: 'signIn'; notice: SessionNotice | null }
  /** The session owes its second factor: go to validation or setup. */
  | { kind: 'secondFactor'; to: '/login/verify' | '/login/setup' }
  /** Leave impersonation and show the page that explains why. */
  | { kind: 'leaveImpersonation'; to: '/error/imitation-not-allowed' | '/error/nosaimitation' }
  /** session_locked (issue 36): the tab shows the lock screen; only the user's sign-in lifts it. */
  | { kind: 'lock' }
  /** device_revoked (issue 36): wipe what Werkpad keeps on this device and say why. */
  | { kind: 'wipe' }
  /** app_not_visible: nothing to do. */
  | { kind: 'stay' }
  /** Not a catalogue code (or access_denied with another hint): the caller shows the error. */
  | { kind: 'passThrough' };

const SESSION_HINTS: ReadonlySet<string> = new Set([AccessDeniedHint.revoked, AccessDeniedHint.notVerified]);

/**
 * The error catalogue of 01 §8 as one table: a wire code (and its hint) to the action. Pure, so the
 * whole table is tested (error-catalogue.test.ts); effects.ts carries the actions out.
 */
export function catalogueAction(code: string | null | undefined, hint?: string | null): CatalogueAction {
  switch (code) {
    case AuthErrorCode.tokenExpired:
      return { kind: 'signIn', notice: 'expired' };
    case AuthErrorCode.accessDenied:
      return hint && SESSION_HINTS.has(hint) ? { kind: 'signIn', notice: 'expired' } : { kind: 'passThrough' };
    case AuthErrorCode.mfaValidationRequired:
      return { kind: 'secondFactor', to: '/login/verify' };
    case AuthErrorCode.mfaSetupRequired:
      return { kind: 'secondFactor', to: '/login/setup' };
    case AuthErrorCode.imitationForbidden:
      return { kind: 'leaveImpersonation', to: '/error/imitation-not-allowed' };
    case AuthErrorCode.saImitationForbidden:
      return { kind: 'leaveImpersonation', to: '/error/nosaimitation' };
    case AuthErrorCode.maintenanceModeEnabled:
      return { kind: 'signIn', notice: 'maintenance' };
    case AuthErrorCode.noCurrentUser:
      return { kind: 'signIn', notice: null };
    case AuthErrorCode.sessionLocked:
      return { kind: 'lock' };
    case AuthErrorCode.deviceRevoked:
      return { kind: 'wipe' };
    case 'app_not_visible':
      return { kind: 'stay' };
    default:
      return { kind: 'passThrough' };
  }
}

/** Search of the Login route for a notice: the token-expired flag, or the notice by name. */
export function loginSearchFor(notice: SessionNotice | null, redirectUri: string | null): Record<string, string> {
  const search: Record<string, string> = {};
  if (notice === 'expired') search.expired = '1';
  else if (notice) search.notice = notice;
  if (redirectUri) search.redirect_uri = redirectUri;
  return search;
}

/** The Login address for a notice (and where to return after signing in). */
export function loginHrefFor(notice: SessionNotice | null, redirectUri: string | null): string {
  const query = new URLSearchParams(loginSearchFor(notice, redirectUri)).toString();
  return query ? `/login?${query}` : '/login';
}
