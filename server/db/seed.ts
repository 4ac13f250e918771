import type { Db, Queryable } from './db';
import { Role } from '../../src/domain/shared/roles';
import { seedDemoCompany, seedSecondCompany } from './demo-data/demo';
import { hashPassword } from '../auth/passwords';

export const DEMO_PASSWORD = 'Demo-Wachtwoord-2026!';
export const DEMO_USERNAMES = ['admin', 'manager', 'coach', 'expert', 'participant'] as const;
/** Further demo logins (same password): a self-registered participant and the second organisation. */
export const DEMO_EXTRA_USERNAMES = ['aanmelder', 'admin2', 'manager2', 'coach2', 'participant2'] as const;

/**
 * Sign-in demo logins of the first organisation (same password, role coach): two-step switched on but not
 * yet set up (`tweestap`, `tweestap2`), and a password that must be changed at the next sign-in (`wachtwoord`).
 * The browser tests of sign-in use them, one user per test that changes its state.
 */
export const DEMO_SIGN_IN_USERNAMES = ['tweestap', 'tweestap2', 'wachtwoord'] as const;

async function seedSignInDemoUsers(tx: Queryable, companyId: number, passwordHash: string): Promise<void> {
  const users: [username: (typeof DEMO_SIGN_IN_USERNAMES)[number], givenName: string, surname: string, mfa: boolean][] = [
    ['tweestap', 'Tessa', 'Tweestap', true],
    ['tweestap2', 'Timo', 'Tweestap', true],
    ['wachtwoord', 'Willem', 'Wachtwoord', false],
  ];
  for (const [username, givenName, surname, mfa] of users) {
    await tx.query(
      `INSERT INTO users (company_id, acl_role_id, username, password_hash, password_validated, initials, given_name, surname, email, mfa_active, settings)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
      [companyId, Role.coach, username, passwordHash, mfa, `${givenName.charAt(0)}.`, givenName, surname, `${username}@demo-werkbedrijf.example`, mfa,
        { theme: 'automatic', notificationSetting: 'timeout', notificationTimeout: 5 }],
    );
  }
}

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
  // One hash for every demo user keeps seeding fast; the same argon2id as every stored password.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const now = new Date();
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const again = await tx.query<{ n: number }>('SELECT count(*)::int AS n FROM companies');
    if ((again.rows[0]?.n ?? 0) > 0) return false;
    const demoCompanyId = await seedDemoCompany(tx, passwordHash, now);
    await seedSignInDemoUsers(tx, demoCompanyId, passwordHash);
    await seedSecondCompany(tx, passwordHash, now);
    return true;
  });
}
