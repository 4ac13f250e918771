import * as v from 'valibot';
import { requiredEmail, requiredText } from './field-rules';

/**
 * Changing one's own e-mail address (issue 20): the password again, never while impersonating; the old
 * address is told and gets a link that undoes the change. The form and the server share this schema.
 */
export const ChangeEmailSchema = v.object({
  password: requiredText(1000),
  email: v.pipe(requiredEmail(), v.maxLength(255, 'validation.maxLength')),
});
export type ChangeEmailInput = v.InferOutput<typeof ChangeEmailSchema>;

export const UndoEmailChangeSchema = v.object({ token: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{20,200}$/, 'reasons.invalidInput')) });

/** How long the old address can undo the change. */
export const EMAIL_UNDO_DAYS = 14;
