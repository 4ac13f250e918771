import type { Queryable } from '../db/db';
import type { Viewer } from '../auth/viewer';

/**
 * The shape of a wage-value write's server effect: it runs inside the write's transaction (claimed
 * exactly once by the caller) and answers success, or a reason key (wageValue.errors.*) with params.
 * When the declared-writes framework lands each effect registers with one line.
 */
export interface EffectContext {
  tx: Queryable;
  viewer: Viewer;
  /** Where stored files live (report PDFs); config.dataDir. */
  dataDir: string;
  /** ISO time of the write. */
  now: string;
}

export type Params = Record<string, string | number>;
export type EffectAnswer = { success: true; reason: null; uuid?: string } | { success: false; reason: string; params?: Params };

export const ok = (uuid?: string): EffectAnswer => (uuid ? { success: true, reason: null, uuid } : { success: true, reason: null });
export const refuse = (key: string, params?: Params): EffectAnswer => (params ? { success: false, reason: key, params } : { success: false, reason: key });
export const E = (k: string): string => `wageValue.errors.${k}`;
