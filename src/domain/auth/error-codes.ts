/**
 * Codes the server answers on the wire (01 §8 and sign-in). REST: `{error: code, message, hint?}`;
 * graph: `errors[0].extensions.code` (+ `extensions.hint`). The client maps each code to its action.
 */
export const AuthErrorCode = {
  tokenExpired: 'token_expired',
  accessDenied: 'access_denied',
  mfaValidationRequired: 'mfa_validation_required',
  mfaSetupRequired: 'mfa_setup_required',
  imitationForbidden: 'imitation_forbidden',
  saImitationForbidden: 'sa_imitation_forbidden',
  maintenanceModeEnabled: 'maintenance_mode_enabled',
  noCurrentUser: 'no_current_user',
  /** The session's password must be changed first: only `me`, changePassword and logout are open. */
  passwordChangeRequired: 'password_change_required',
  /** The session is locked (inactivity or an explicit lock, issue 36): only a new sign-in and sign-out are open. */
  sessionLocked: 'session_locked',
  /** The device (x-werkpad-device) was revoked: the app wipes what Werkpad keeps on it (issue 36). */
  deviceRevoked: 'device_revoked',
} as const;
export type AuthErrorCode = (typeof AuthErrorCode)[keyof typeof AuthErrorCode];

/** Hints that go with access_denied (01 §8). */
export const AccessDeniedHint = {
  revoked: 'Access token has been revoked',
  notVerified: 'Access token could not be verified',
} as const;

/** Errors of the OAuth-style REST endpoints (/api/oauth/*, /api/passwordreset, /api/imitate). */
export const OAuthErrorCode = {
  invalidRequest: 'invalid_request',
  unsupportedGrantType: 'unsupported_grant_type',
  invalidGrant: 'invalid_grant',
  userBlocked: 'user_blocked',
  accountLocked: 'account_locked',
  mfaCodeInvalid: 'mfa_code_invalid',
  mfaTooManyAttempts: 'mfa_too_many_attempts',
  mfaAlreadySetUp: 'mfa_already_set_up',
  mfaNotSetUp: 'mfa_not_set_up',
  notFound: 'not_found',
} as const;
export type OAuthErrorCode = (typeof OAuthErrorCode)[keyof typeof OAuthErrorCode];

/** What the client must do after a sign-in (or a second-factor step) before the app opens. */
export const NextStep = {
  mfaSetupRequired: 'mfa_setup_required',
  mfaValidationRequired: 'mfa_validation_required',
  passwordChangeRequired: 'password_change_required',
} as const;
export type NextStep = (typeof NextStep)[keyof typeof NextStep];

/** HTTP status of each wire code on REST (graph answers are always 200). */
export const authErrorStatus: Record<AuthErrorCode, 401 | 403 | 503> = {
  token_expired: 401,
  access_denied: 401,
  no_current_user: 401,
  mfa_validation_required: 403,
  mfa_setup_required: 403,
  password_change_required: 403,
  imitation_forbidden: 403,
  sa_imitation_forbidden: 403,
  maintenance_mode_enabled: 503,
  session_locked: 401,
  device_revoked: 401,
};
