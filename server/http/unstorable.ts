/** A NUL character or a lone surrogate: text PostgreSQL (text and jsonb) cannot store, refused at the edge. */
// eslint-disable-next-line no-control-regex -- finding the NUL character is the point
export const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a value holds unstorable text anywhere. */
export function containsUnstorable(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return UNSTORABLE_TEXT.test(value);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.values(value as Record<string, unknown>).some((v) => containsUnstorable(v, depth + 1));
}
