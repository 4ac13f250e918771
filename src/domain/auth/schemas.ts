import * as v from 'valibot';
import { MFA_CODE_LENGTH } from '../shared/constants';
import { PasswordSchema } from './password';

const required = (max = 255) =>
  v.pipe(v.string('validation.required'), v.trim(), v.minLength(1, 'validation.required'), v.maxLength(max, 'auth.validation.invalid'));

/** Letters, digits and underscore (01 §5). */
export const UsernameSchema = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.minLength(1, 'validation.required'),
  v.maxLength(100, 'auth.validation.username'),
  v.regex(/^[\p{L}\p{N}_]+$/u, 'auth.validation.username'),
);

export const EmailSchema = v.pipe(v.string('validation.required'), v.trim(), v.maxLength(254, 'auth.validation.email'), v.email('auth.validation.email'));

/** An invitation's username: the username rule, or an e-mail address (01 §5). */
export const InvitationUsernameSchema = v.union([UsernameSchema, EmailSchema], 'auth.validation.invitationUsername');

/** POST /api/oauth/token, form-encoded password grant. The username is free text (legacy names may hold dots or @). */
export const PasswordGrantSchema = v.object({
  grant_type: v.literal('password', 'auth.unsupportedGrantType'),
  username: required(254),
  password: v.pipe(v.string('validation.required'), v.minLength(1, 'validation.required'), v.maxLength(1024, 'auth.validation.invalid')),
});

/** A six-digit second-factor code; spaces are ignored. */
export const MfaCodeSchema = v.object({
  code: v.pipe(
    v.string('auth.validation.mfaCode'),
    v.transform((s) => s.replace(/\s+/g, '')),
    v.regex(new RegExp(`^[0-9]{${MFA_CODE_LENGTH}}$`), 'auth.validation.mfaCode'),
  ),
});

/** POST /api/passwordreset: a username or an e-mail address. */
export const PasswordResetRequestSchema = v.object({ username: required(254) });

/** Tokens from e-mailed links (base64url). */
export const LinkTokenSchema = v.pipe(v.string('auth.linkInvalidOrExpired'), v.regex(/^[A-Za-z0-9_-]{16,128}$/, 'auth.linkInvalidOrExpired'));

export const ResetPasswordSchema = v.object({ token: LinkTokenSchema, password: PasswordSchema });

/** register(code, username, email): participant self-registration (/aanmelden). */
export const RegisterSchema = v.object({
  code: required(100),
  username: UsernameSchema,
  email: EmailSchema,
});

export const ConfirmRegistrationSchema = v.object({ token: LinkTokenSchema, password: PasswordSchema });

export const ConfirmInvitationSchema = v.object({
  token: LinkTokenSchema,
  username: v.optional(v.nullable(InvitationUsernameSchema)),
  password: PasswordSchema,
});

/** POST /api/imitate {userId, clean?}: start impersonating (a clean start resets the chain). */
export const ImitateSchema = v.object({
  userId: v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^[0-9]+$/), v.transform(Number))]), v.safeInteger(), v.minValue(1)),
  clean: v.optional(v.boolean(), false),
});

/** POST /api/oauth/revoke {token}. */
export const RevokeSchema = v.object({ token: v.pipe(v.string('validation.required'), v.minLength(1, 'validation.required')) });

/** The first issue's message of a failed parse (an i18n key). */
export function firstIssueKey(issues: readonly { message: string }[]): string {
  return issues[0]?.message ?? 'auth.validation.invalid';
}

/** POST /api/oauth/mfa/secret: enrolling an authenticator asks the password again. */
export const MfaSecretRequestSchema = v.object({
  password: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required'), v.maxLength(1024, 'auth.validation.invalid')),
});
