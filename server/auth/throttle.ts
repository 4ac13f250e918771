import type { Queryable } from '../db/db';
import type { AuthSettings } from './settings';

export type ThrottleKind = 'account' | 'address';

export interface ThrottleKey {
  kind: ThrottleKind;
  key: string;
}

export const accountKey = (username: string): ThrottleKey => ({ kind: 'account', key: username.trim().toLowerCase() });
export const addressKey = (ip: string): ThrottleKey => ({ kind: 'address', key: ip });

const limitOf = (s: AuthSettings, kind: ThrottleKind) =>
  kind === 'account' ? s.maxLoginFailures : s.maxLoginFailuresPerAddress;

export interface Reservation {
  key: ThrottleKey;
  /** Locked: refuse without checking the password. */
  locked: boolean;
  lockedUntil: Date | null;
}

/**
 * Counts an attempt before the password is checked, in one atomic statement, so parallel requests
 * (in any number of processes) cannot slip more guesses past the limit. A success gives the slot back.
 * Failures older than the window start over; an expired lock starts over.
 */
export async function reserveAttempt(db: Queryable, s: AuthSettings, key: ThrottleKey): Promise<Reservation> {
  const now = s.now();
  const windowStart = new Date(now.getTime() - s.lockMinutes * 60_000);
  const { rows } = await db.query<{ failures: number; locked_until: Date | null }>(
    `INSERT INTO login_throttle AS t (kind, key, failures, window_started_at) VALUES ($1, $2, 1, $3)
     ON CONFLICT (kind, key) DO UPDATE SET
       failures = CASE
         WHEN t.locked_until IS NOT NULL AND t.locked_until > $3 THEN t.failures
         WHEN t.locked_until IS NOT NULL OR t.window_started_at < $4 THEN 1
         ELSE t.failures + 1 END,
       window_started_at = CASE
         WHEN t.locked_until IS NOT NULL AND t.locked_until > $3 THEN t.window_started_at
         WHEN t.locked_until IS NOT NULL OR t.window_started_at < $4 THEN $3
         ELSE t.window_started_at END,
       locked_until = CASE WHEN t.locked_until IS NOT NULL AND t.locked_until > $3 THEN t.locked_until ELSE NULL END
     RETURNING failures, locked_until`,
    [key.kind, key.key, now, windowStart],
  );
  const row = rows[0];
  const lockedUntil = row?.locked_until ?? null;
  const locked = lockedUntil !== null || (row?.failures ?? 0) > limitOf(s, key.kind);
  return { key, locked, lockedUntil };
}

/** After a wrong password: locks the key when the failures reached the limit. Answers whether it locked now. */
export async function settleFailure(db: Queryable, s: AuthSettings, key: ThrottleKey): Promise<Date | null> {
  const now = s.now();
  const until = new Date(now.getTime() + s.lockMinutes * 60_000);
  const { rows } = await db.query<{ locked_until: Date }>(
    `UPDATE login_throttle SET locked_until = $4
      WHERE kind = $1 AND key = $2 AND failures >= $3 AND (locked_until IS NULL OR locked_until <= $5)
      RETURNING locked_until`,
    [key.kind, key.key, limitOf(s, key.kind), until, now],
  );
  return rows[0]?.locked_until ?? null;
}

/** After a right password: the account starts over; the address gives back this attempt's slot. */
export async function settleSuccess(db: Queryable, key: ThrottleKey): Promise<void> {
  if (key.kind === 'account') {
    await db.query('DELETE FROM login_throttle WHERE kind = $1 AND key = $2', [key.kind, key.key]);
  } else {
    await db.query(
      'UPDATE login_throttle SET failures = greatest(failures - 1, 0) WHERE kind = $1 AND key = $2 AND locked_until IS NULL',
      [key.kind, key.key],
    );
  }
}

/** Counts one failure outside the sign-in form (wrong old password, too many second-factor codes, bad registration code). */
export async function countFailure(db: Queryable, s: AuthSettings, key: ThrottleKey): Promise<{ locked: boolean; lockedNow: Date | null }> {
  const reservation = await reserveAttempt(db, s, key);
  if (reservation.locked) return { locked: true, lockedNow: null };
  const lockedNow = await settleFailure(db, s, key);
  return { locked: lockedNow !== null, lockedNow };
}

/** Whether a key is locked now (without counting an attempt). */
export async function isLocked(db: Queryable, s: AuthSettings, key: ThrottleKey): Promise<Date | null> {
  const { rows } = await db.query<{ locked_until: Date | null; failures: number }>(
    'SELECT locked_until, failures FROM login_throttle WHERE kind = $1 AND key = $2',
    [key.kind, key.key],
  );
  const until = rows[0]?.locked_until ?? null;
  return until && until.getTime() > s.now().getTime() ? until : null;
}

/** Lifts a lock (password reset by e-mail proves the owner). */
export async function clearThrottle(db: Queryable, key: ThrottleKey): Promise<void> {
  await db.query('DELETE FROM login_throttle WHERE kind = $1 AND key = $2', [key.kind, key.key]);
}
