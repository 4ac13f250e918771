/**
 * Whether two field values are the same as documents carry them, shared by the client's outbox (when it
 * rebases later rows) and the server's per-field merge, so both sides agree on what "unchanged" means.
 */

/** Values equal as documents carry them (numbers and timestamps may come as text). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if ((a === null || a === undefined) && (b === null || b === undefined)) return true;
  if (a === null || b === null || a === undefined || b === undefined) return false;
  if ((typeof a === 'number' || typeof a === 'string') && (typeof b === 'number' || typeof b === 'string')) {
    if (String(a).trim() !== '' && String(b).trim() !== '' && Number(a) === Number(b)) return true;
    const ta = typeof a === 'string' && /^\d{4}-\d\d-\d\dT/.test(a) ? Date.parse(a) : NaN;
    const tb = typeof b === 'string' && /^\d{4}-\d\d-\d\dT/.test(b) ? Date.parse(b) : NaN;
    return !Number.isNaN(ta) && ta === tb;
  }
  return stableJson(a) === stableJson(b);
}

/** JSON with object keys sorted, so jsonb values compare whatever order their keys come in. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))) : v,
  );
}
