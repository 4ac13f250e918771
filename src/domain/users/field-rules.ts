import * as v from 'valibot';

/**
 * Field rules shared by the user, participant and invitation schemas (01 §5), with the Dutch messages the
 * server answers as `reason` and the forms show under a field.
 */
export const required = (field: string) => `Veld ${field} is niet ingevuld`;

/** A required text; a missing key reads as empty so the message names the field (not valibot's "Invalid key"). */
export const requiredText = (field: string, max = 255) =>
  v.optional(
    v.pipe(v.string(required(field)), v.trim(), v.nonEmpty(required(field)), v.maxLength(max, `Veld ${field} mag maximaal ${max} tekens bevatten`)),
    '',
  );

export const optionalText = (field: string, max = 255) =>
  v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(max, `Veld ${field} mag maximaal ${max} tekens bevatten`)));

export const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
export const username = (field = 'gebruikersnaam') =>
  v.pipe(
    requiredText(field, 100),
    v.regex(USERNAME_PATTERN, `Veld ${field} mag alleen letters, cijfers en een liggend streepje (_) bevatten`),
  );

export const optionalEmail = (field = 'e-mailadres') =>
  v.nullish(
    v.union(
      [v.literal(''), v.pipe(v.string(), v.trim(), v.email(`Veld ${field} is geen geldig e-mailadres`), v.maxLength(255))],
      `Veld ${field} is geen geldig e-mailadres`,
    ),
  );

export const requiredEmail = (field = 'e-mailadres') =>
  v.pipe(requiredText(field), v.email(`Veld ${field} is geen geldig e-mailadres`));

/** A real calendar date written day-month-year (DD-MM-YYYY, 01 §7), answered as ISO YYYY-MM-DD. */
export function parseDutchDate(text: string): string | null {
  const m = /^(\d{1,2})-(\d{1,2})-(\d{4})$/.exec(text.trim());
  if (!m) return null;
  const [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export const optionalDate = (field: string) =>
  v.nullish(
    v.union([
      v.literal(''),
      v.pipe(v.string(), v.check((s) => parseDutchDate(s) !== null, `Veld ${field} moet een geldige datum zijn (dag-maand-jaar)`)),
    ], `Veld ${field} moet een geldige datum zijn (dag-maand-jaar)`),
  );

export const sex = v.nullish(v.picklist(['male', 'female', 'other', 'unknown'], 'Veld geslacht is ongeldig'));

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
