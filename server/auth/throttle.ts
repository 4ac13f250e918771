import type { Queryable } from '../db/db';
import type { AuthSettings } from './settings';

/**
 * Throttling that cannot be turned against users (ASVS 6.3, NIST 800-63B 5.2.2).
 *
 * - Only failures count: an attempt is judged before and after its password check, but nothing is
 *   written until it failed, and a right password is never a failure, however many run at once.
 * - No hard locks: from the `free`-th failure on each failure doubles the wait (15 s, 30 s, 1 min, … up
 *   to lockMinutes). Attempts during the wait are answered "try again in n seconds" without a password check.
 * - Per account and address pair (a typing user delays only themselves), per account from addresses
 *   it never signed in from (many addresses against one account), per address over all accounts it
 *   never signed in to (one address against many accounts). An address the account signed in from
 *   before keeps working while strangers attack the account.
 * - Failures are forgotten a day after the last one, or when the owner proves themselves (a right
 *   password clears the pair and account counters; a reset link clears the account).
 */

export type FailureScope = 'pair' | 'account' | 'address' | 'mfa' | 'registration' | 'reset';

export interface CounterKey {
  scope: FailureScope;
  key: string;
}

const DAY = 24 * 60 * 60 * 1000;
/** How long an address counts as known for an account after its last successful sign-in. */
const KNOWN_ADDRESS_MS = 90 * DAY;

export const accountName = (username: string): string => username.trim().toLowerCase();

interface CounterRow {
  failures: number;
  first_failure_at: Date;
  last_failure_at: Date;
  locked_until: Date | null;
}

/** The first wait; each further failure doubles it. */
export const BASE_DELAY_MS = 15_000;

/** The wait after `failures` failures when `free` are free: 0, then 15 s, 30 s, 1 min, … up to the cap. */
export function delayMs(failures: number, free: number, capMs: number): number {
  if (failures < free) return 0;
  const exponent = Math.min(failures - free, 40);
  return Math.min(BASE_DELAY_MS * 2 ** exponent, capMs);
}

async function readCounter(db: Queryable, s: AuthSettings, key: CounterKey): Promise<CounterRow | null> {
  const { rows } = await db.query<CounterRow>(
    'SELECT failures, first_failure_at, last_failure_at, locked_until FROM auth_failures WHERE scope = $1 AND key = $2',
    [key.scope, key.key],
  );
  const row = rows[0];
  if (!row) return null;
  // Forgotten a day after the last failure.
  if (row.last_failure_at.getTime() < s.now().getTime() - DAY) return null;
  return row;
}

/** When the key may try again (null: now). */
export async function retryAt(db: Queryable, s: AuthSettings, key: CounterKey, free: number): Promise<Date | null> {
  const row = await readCounter(db, s, key);
  if (!row) return null;
  const at = new Date(row.last_failure_at.getTime() + delayMs(row.failures, free, s.lockMinutes * 60_000));
  return at.getTime() > s.now().getTime() ? at : null;
}

/** Counts one failure (atomically; a counter older than a day starts over). Answers the new count. */
export async function recordFailure(db: Queryable, s: AuthSettings, key: CounterKey): Promise<number> {
  const now = s.now();
  const { rows } = await db.query<{ failures: number }>(
    `INSERT INTO auth_failures AS f (scope, key, failures, first_failure_at, last_failure_at) VALUES ($1, $2, 1, $3, $3)
     ON CONFLICT (scope, key) DO UPDATE SET
       failures = CASE WHEN f.last_failure_at < $4 THEN 1 ELSE f.failures + 1 END,
       first_failure_at = CASE WHEN f.last_failure_at < $4 THEN $3 ELSE f.first_failure_at END,
       last_failure_at = $3
     RETURNING failures`,
    [key.scope, key.key, now, new Date(now.getTime() - DAY)],
  );
  return rows[0]?.failures ?? 1;
}

export async function clearCounter(db: Queryable, key: CounterKey): Promise<void> {
  await db.query('DELETE FROM auth_failures WHERE scope = $1 AND key = $2', [key.scope, key.key]);
}

const pairKey = (account: string, address: string): CounterKey => ({ scope: 'pair', key: JSON.stringify([account, address]) });

async function knownAddress(db: Queryable, s: AuthSettings, account: string, address: string): Promise<boolean> {
  const { rows } = await db.query<{ last_success_at: Date }>(
    'SELECT last_success_at FROM auth_known_addresses WHERE account = $1 AND address = $2',
    [account, address],
  );
  const at = rows[0]?.last_success_at;
  return at !== undefined && at.getTime() > s.now().getTime() - KNOWN_ADDRESS_MS;
}

export interface LoginAttempt {
  /** The username as typed (compared case-insensitively). */
  username: string;
  /** The client address, or 'unknown'. */
  ip: string;
}

/**
 * Whether a password attempt may be checked now; null when it may, else when it may try again.
 * Call it before the check (to spare the work) and after it (so attempts that ran at the same time as
 * the failures that started a wait learn nothing, not even a right password).
 */
export async function loginRetryAt(db: Queryable, s: AuthSettings, attempt: LoginAttempt): Promise<Date | null> {
  const account = accountName(attempt.username);
  const address = attempt.ip;
  const waits: (Date | null)[] = [await retryAt(db, s, pairKey(account, address), s.maxLoginFailures)];
  if (address === 'unknown' || !(await knownAddress(db, s, account, address))) {
    waits.push(await retryAt(db, s, { scope: 'account', key: account }, s.maxAccountFailures));
    if (address !== 'unknown') waits.push(await retryAt(db, s, { scope: 'address', key: address }, s.maxLoginFailuresPerAddress));
  }
  let latest: Date | null = null;
  for (const at of waits) if (at && (!latest || at > latest)) latest = at;
  return latest;
}

/** A wrong password: counted for the pair, the account and the address. */
export async function recordLoginFailure(db: Queryable, s: AuthSettings, attempt: LoginAttempt): Promise<void> {
  const account = accountName(attempt.username);
  await recordFailure(db, s, pairKey(account, attempt.ip));
  await recordFailure(db, s, { scope: 'account', key: account });
  if (attempt.ip !== 'unknown') await recordFailure(db, s, { scope: 'address', key: attempt.ip });
}

/** A right password: the owner is back; the pair and the account start over and the address becomes known. */
export async function recordLoginSuccess(db: Queryable, s: AuthSettings, attempt: LoginAttempt): Promise<void> {
  const account = accountName(attempt.username);
  await clearCounter(db, pairKey(account, attempt.ip));
  await clearCounter(db, { scope: 'account', key: account });
  if (attempt.ip === 'unknown') return;
  await db.query(
    `INSERT INTO auth_known_addresses (account, address, last_success_at) VALUES ($1, $2, $3)
     ON CONFLICT (account, address) DO UPDATE SET last_success_at = excluded.last_success_at`,
    [account, attempt.ip, s.now()],
  );
}

/** The owner proved themselves by e-mail (password reset): account-wide waits end. */
export async function clearAccount(db: Queryable, username: string): Promise<void> {
  await clearCounter(db, { scope: 'account', key: accountName(username) });
  const prefix = `[${JSON.stringify(accountName(username))},`;
  await db.query("DELETE FROM auth_failures WHERE scope = 'pair' AND left(key, length($1)) = $1", [prefix]);
}

// ---- Two-step codes: a counter per user of its own; a right password does not touch it. ----

const mfaKey = (userId: number): CounterKey => ({ scope: 'mfa', key: String(userId) });

/** Until when two-step is locked for a user (null: not locked). */
export async function mfaLockedUntil(db: Queryable, s: AuthSettings, userId: number): Promise<Date | null> {
  const row = await readCounter(db, s, mfaKey(userId));
  const until = row?.locked_until ?? null;
  return until && until.getTime() > s.now().getTime() ? until : null;
}

/**
 * A wrong code. Failures within lockMinutes add up; at maxMfaFailures two-step is locked for the user
 * for lockMinutes (every code refused, sessions owing it end). Answers whether it is locked now.
 */
export async function recordMfaFailure(db: Queryable, s: AuthSettings, userId: number): Promise<{ failures: number; lockedUntil: Date | null }> {
  const now = s.now();
  const windowStart = new Date(now.getTime() - s.lockMinutes * 60_000);
  const lockUntil = new Date(now.getTime() + s.lockMinutes * 60_000);
  const { rows } = await db.query<{ failures: number; locked_until: Date | null }>(
    `INSERT INTO auth_failures AS f (scope, key, failures, first_failure_at, last_failure_at, locked_until)
       VALUES ('mfa', $1, 1, $2, $2, CASE WHEN 1 >= $4 THEN $5::timestamptz END)
     ON CONFLICT (scope, key) DO UPDATE SET
       failures = CASE WHEN f.first_failure_at < $3 AND (f.locked_until IS NULL OR f.locked_until <= $2) THEN 1 ELSE f.failures + 1 END,
       first_failure_at = CASE WHEN f.first_failure_at < $3 AND (f.locked_until IS NULL OR f.locked_until <= $2) THEN $2 ELSE f.first_failure_at END,
       last_failure_at = $2,
       locked_until = CASE
         WHEN f.locked_until IS NOT NULL AND f.locked_until > $2 THEN f.locked_until
         WHEN (CASE WHEN f.first_failure_at < $3 THEN 1 ELSE f.failures + 1 END) >= $4 THEN $5::timestamptz
         ELSE NULL END
     RETURNING failures, locked_until`,
    [String(userId), now, windowStart, s.maxMfaFailures, lockUntil],
  );
  const row = rows[0];
  return { failures: row?.failures ?? 1, lockedUntil: row?.locked_until ?? null };
}

/** A right code: the two-step counter starts over. */
export async function clearMfaFailures(db: Queryable, userId: number): Promise<void> {
  await clearCounter(db, mfaKey(userId));
}

// ---- Per address: registration codes and reset requests. ----

/** Until when an address must wait for this scope (null: now). */
export async function addressRetryAt(db: Queryable, s: AuthSettings, scope: 'registration' | 'reset', ip: string): Promise<Date | null> {
  return retryAt(db, s, { scope, key: ip }, s.maxLoginFailuresPerAddress);
}

export async function recordAddressEvent(db: Queryable, s: AuthSettings, scope: 'registration' | 'reset', ip: string): Promise<void> {
  await recordFailure(db, s, { scope, key: ip });
}
