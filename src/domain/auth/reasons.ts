import type { AuthErrorCode, OAuthErrorCode } from './error-codes';

/**
 * Every reason code the sign-in server answers (REST `messageKey`, graph `reason` and
 * `extensions.reason`). A code is an i18n key of the locale files (nl.json / en.json); the texts live
 * only there and the client translates the code with its params (src/features/auth/auth-text.ts).
 * The valibot schemas of this folder use the same codes as their messages.
 */
export const AUTH_REASONS = [
  'auth.invalidCredentials',
  'auth.tooManyFailedLogins',
  'auth.userBlocked',
  'auth.unsupportedGrantType',
  'auth.sessionExpired',
  'auth.accessDenied',
  'auth.noCurrentUser',
  'auth.maintenance',
  'auth.sessionLocked',
  'auth.deviceRevoked',
  'auth.mfaValidationRequired',
  'auth.mfaSetupRequired',
  'auth.passwordChangeRequired',
  'auth.mfaCodeInvalid',
  'auth.mfaTooManyAttempts',
  'auth.mfaAlreadySetUp',
  'auth.mfaNotSetUp',
  'auth.imitationForbidden',
  'auth.saImitationForbidden',
  'auth.imitationPasswordChange',
  'auth.forbidden',
  'auth.originForbidden',
  'auth.userNotFound',
  'auth.passwordResetSent',
  'auth.resetTokenInvalid',
  'auth.registrationCodeInvalid',
  'auth.usernameInUse',
  'auth.linkInvalidOrExpired',
  'auth.invitationExpired',
  'auth.invitationRevoked',
  'auth.invitationUsed',
  'auth.invitationNotFound',
  'auth.genericProblem',
  'validation.required',
  'auth.validation.email',
  'auth.validation.username',
  'auth.validation.invitationUsername',
  'auth.validation.mfaCode',
  'auth.validation.password.tooShort',
  'auth.validation.password.tooLong',
  'auth.validation.password.mustHaveNumber',
  'auth.validation.password.mustHaveCapital',
  'auth.validation.password.mustHaveSpecial',
  'auth.validation.password.invalidCharacters',
  'auth.validation.password.mismatch',
  'auth.validation.password.sameAsOld',
  'auth.validation.password.oldIncorrect',
  'auth.validation.invalid',
] as const;

export type AuthReason = (typeof AUTH_REASONS)[number];

/** Values a reason's text needs: `minutes` of a lock, `field` (one of AUTH_FIELDS) of `validation.required`. */
export type ReasonParams = Readonly<Record<string, string | number>>;

/**
 * Field codes the server names in `validation.required` ({ field }); the client shows the label
 * `auth.fields.<code>` (never a Dutch word from the server).
 */
export const AUTH_FIELDS = ['username', 'password', 'usernameOrPassword', 'code', 'email', 'token'] as const;
export type AuthField = (typeof AUTH_FIELDS)[number];

export function isAuthReason(value: unknown): value is AuthReason {
  return typeof value === 'string' && (AUTH_REASONS as readonly string[]).includes(value);
}

/** The reason code of a failed parse of an auth schema: its first issue's message, or the generic one. */
export function issueReason(issues: readonly { message: string }[]): AuthReason {
  const message = issues[0]?.message;
  return isAuthReason(message) ? message : 'auth.validation.invalid';
}

const fieldOfKey: Readonly<Record<string, AuthField>> = {
  username: 'username',
  password: 'password',
  oldPassword: 'password',
  newPassword: 'password',
  passwordConfirmation: 'password',
  email: 'email',
  code: 'code',
  token: 'token',
};

/**
 * The params of a failed parse's reason: `validation.required` names its field (a field code of
 * AUTH_FIELDS, from the issue's path, else `fallback`); other reasons need none.
 */
export function issueParams(
  issues: readonly { message: string; path?: readonly { key?: unknown }[] | undefined }[],
  fallback: AuthField = 'password',
): { field: AuthField } | undefined {
  const first = issues[0];
  if (first?.message !== 'validation.required') return undefined;
  const key = first.path?.[0]?.key;
  return { field: (typeof key === 'string' ? fieldOfKey[key] : undefined) ?? fallback };
}

/** The reason code that goes with each wire code. */
export const authErrorReason: Record<AuthErrorCode | OAuthErrorCode, AuthReason> = {
  token_expired: 'auth.sessionExpired',
  access_denied: 'auth.accessDenied',
  no_current_user: 'auth.noCurrentUser',
  maintenance_mode_enabled: 'auth.maintenance',
  session_locked: 'auth.sessionLocked',
  device_revoked: 'auth.deviceRevoked',
  mfa_validation_required: 'auth.mfaValidationRequired',
  mfa_setup_required: 'auth.mfaSetupRequired',
  password_change_required: 'auth.passwordChangeRequired',
  imitation_forbidden: 'auth.imitationForbidden',
  sa_imitation_forbidden: 'auth.saImitationForbidden',
  invalid_request: 'auth.validation.invalid',
  unsupported_grant_type: 'auth.unsupportedGrantType',
  invalid_grant: 'auth.invalidCredentials',
  user_blocked: 'auth.userBlocked',
  account_locked: 'auth.tooManyFailedLogins',
  mfa_code_invalid: 'auth.mfaCodeInvalid',
  mfa_too_many_attempts: 'auth.mfaTooManyAttempts',
  mfa_already_set_up: 'auth.mfaAlreadySetUp',
  mfa_not_set_up: 'auth.mfaNotSetUp',
  not_found: 'auth.userNotFound',
};
