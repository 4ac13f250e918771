import * as v from 'valibot';
import { PASSWORD_MIN_LENGTH } from '../shared/constants';

/** The special characters the spec allows (01 §5), and requires at least one of. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%&*+-=?/<>';
export const PASSWORD_MAX_LENGTH = 128;

const SPECIAL = /[!@#$%&*+\-=?/<>]/;
const ALLOWED = /^[\p{L}\p{N}!@#$%&*+\-=?/<>]*$/u;

/**
 * The password policy (01 §5): at least 16 characters, a digit, a capital and a special character;
 * only letters, digits and the specials. Messages are i18n keys (see messages.ts). Each rule reports
 * on its own, so a form can show every rule that still fails.
 */
export const PasswordSchema = v.pipe(
  v.string('auth.validation.password.tooShort'),
  v.minLength(PASSWORD_MIN_LENGTH, 'auth.validation.password.tooShort'),
  v.maxLength(PASSWORD_MAX_LENGTH, 'auth.validation.password.tooLong'),
  v.regex(/[0-9]/, 'auth.validation.password.mustHaveNumber'),
  v.regex(/\p{Lu}/u, 'auth.validation.password.mustHaveCapital'),
  v.regex(SPECIAL, 'auth.validation.password.mustHaveSpecial'),
  v.regex(ALLOWED, 'auth.validation.password.invalidCharacters'),
);

/** New password with its confirmation (reset and change screens). */
export const PasswordWithConfirmationSchema = v.pipe(
  v.object({ password: PasswordSchema, passwordConfirmation: v.string() }),
  v.forward(
    v.check((input) => input.password === input.passwordConfirmation, 'auth.validation.password.mismatch'),
    ['passwordConfirmation'],
  ),
);

/** changePassword(oldPassword, newPassword): the new one must pass the policy and differ from the old. */
export const ChangePasswordSchema = v.pipe(
  v.object({
    oldPassword: v.pipe(v.string('validation.required'), v.minLength(1, 'validation.required')),
    newPassword: PasswordSchema,
  }),
  v.forward(
    v.check((input) => input.oldPassword !== input.newPassword, 'auth.validation.password.sameAsOld'),
    ['newPassword'],
  ),
);

/** The i18n keys of the rules a password still fails (empty when it passes). */
export function passwordProblems(password: string): string[] {
  const result = v.safeParse(PasswordSchema, password, { abortPipeEarly: false });
  return result.success ? [] : [...new Set(result.issues.map((issue) => issue.message))];
}
