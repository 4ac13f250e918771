import type { Queryable } from '../db';
import type { Prng } from './prng';

/** What every seeding step of one company needs. */
export interface SeedContext {
  tx: Queryable;
  rng: Prng;
  companyId: number;
  /** The moment dates are relative to (start of seeding). */
  now: Date;
}

/** Standard columns of a new replicated row of the company. */
export function base(ctx: SeedContext): { uuid: string; company_id: number } {
  return { uuid: ctx.rng.uuid(), company_id: ctx.companyId };
}
