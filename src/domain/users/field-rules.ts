import * as v from 'valibot';

/**
 * Field rules shared by the user, participant and invitation schemas (01 §5). Their messages are reason
 * codes (i18n keys); the field and the bound come from the issue (src/domain/shared/issue-reason.ts),
 * so the server answers `{ reason: 'validation.maxLength', params: { field: 'surname', max: 100 } }` and
 * a form shows the same text under the field.
 */
export const REQUIRED = 'validation.required';

/** A required text; a missing key reads as empty so the message names the field (not valibot's "Invalid key"). */
export const requiredText = (max = 255) =>
  v.optional(v.pipe(v.string(REQUIRED), v.trim(), v.nonEmpty(REQUIRED), v.maxLength(max, 'validation.maxLength')), '');

export const optionalText = (max = 255) => v.nullish(v.pipe(v.string('reasons.invalidField'), v.trim(), v.maxLength(max, 'validation.maxLength')));

export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
export const username = () => v.pipe(requiredText(100), v.regex(USERNAME_PATTERN, 'validation.username'));

export const optionalEmail = () =>
  v.nullish(
    v.union([v.literal(''), v.pipe(v.string(), v.trim(), v.email('validation.email'), v.maxLength(255, 'validation.maxLength'))], 'validation.email'),
  );

export const requiredEmail = () => v.pipe(requiredText(), v.email('validation.email'));

/** A real calendar date written day-month-year (DD-MM-YYYY, 01 §7), answered as ISO YYYY-MM-DD. */
export function parseDutchDate(text: string): string | null {
  const m = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export const optionalDate = () =>
  v.nullish(
    v.union([v.literal(''), v.pipe(v.string(), v.check((s) => parseDutchDate(s) !== null, 'validation.mustBeDate'))], 'validation.mustBeDate'),
  );

export const sex = v.nullish(v.picklist(['male', 'female', 'other', 'unknown'], 'reasons.invalidField'));

/** A numeric identifier given as text or number. */
export const numericId = (message: string) =>
  v.optional(
    v.pipe(
      v.union([v.string(message), v.number(message)], message),
      v.transform((x) => String(x).trim()),
      v.regex(/^\d{1,15}$/, message),
      v.transform(Number),
      v.minValue(1, message),
    ),
    '',
  );
