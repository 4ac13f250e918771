import type { TFunction } from 'i18next';

/** Translates a key known only at run time (a server reason, a status); unknown keys show as they are. */
export function tx(t: TFunction, key: string, options?: Record<string, unknown>): string {
  return (t as unknown as (k: string, o?: Record<string, unknown>) => string)(key, options);
}

/** A replica field as display text ('' when absent or not text). */
export function str(x: unknown): string {
  return typeof x === 'string' ? x : typeof x === 'number' ? String(x) : '';
}
