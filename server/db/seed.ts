import argon2 from 'argon2';
import type { Db } from './db';
import { seedDemoCompany, seedSecondCompany } from './demo-data/demo';

export const DEMO_PASSWORD = 'Demo-Wachtwoord-2026!';
export const DEMO_USERNAMES = ['admin', 'manager', 'coach', 'expert', 'participant'] as const;
/** Further demo logins (same password): a self-registered participant and the second organisation. */
export const DEMO_EXTRA_USERNAMES = ['aanmelder', 'admin2', 'manager2', 'coach2', 'participant2'] as const;

/** Any fixed number: holds other server processes back while one seeds. */
const SEED_LOCK = 727_002;

/**
 * Seeds the demo organisations when the database holds no company yet, in one transaction.
 * Answers whether it seeded. Names, relations and uuids are the same on every run (seeded PRNG);
 * dates are relative to the moment of seeding so the planning and messages look current.
 */
export async function seedDemoIfEmpty(db: Db): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM companies');
  if ((rows[0]?.n ?? 0) > 0) return false;
  // One hash for every demo user keeps seeding fast; argon2id with the library's defaults.
  const passwordHash = await argon2.hash(DEMO_PASSWORD, { type: argon2.argon2id });
  const now = new Date();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const again = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM companies');
    if ((again.rows[0]?.n ?? 0) > 0) return false;
    await seedDemoCompany(tx, passwordHash, now);
    await seedSecondCompany(tx, passwordHash, now);
    return true;
  });
}
