/**
 * Checks shared by the forms and the server (issue 38, finding 6): what the database or the HTTP layer
 * would otherwise refuse with an error of its own (a 500) is refused by the schema, on both sides alike.
 */

/** The largest PostgreSQL `integer` (int4); ids and counts beyond it never match a row. */
export const INT4_MAX = 2_147_483_647;

/** An ISO calendar date (YYYY-MM-DD) that exists, in the years PostgreSQL's `date` reads as written (1–9999). */
export function isCalendarDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s) || s.startsWith('0000')) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Whether a text holds a control character (C0 incl. CR, LF and NUL; DEL; C1): never valid in a header-like field. */
export function hasControlCharacter(s: string): boolean {
  for (let i = 0; i < s.length; i += 1) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || (c >= 0x7f && c <= 0x9f)) return true;
  }
  return false;
}

/** `record[key]` for a key the user chose, only when the record itself holds it (never `__proto__`, `constructor`, `toString`). */
export function ownValue<T>(record: Readonly<Record<string, T>>, key: string): T | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
