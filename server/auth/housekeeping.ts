import type { Queryable } from '../db/db';

const DAY = 24 * 60 * 60 * 1000;

/**
 * Removes what sign-in no longer needs: sessions ended or expired over 30 days ago, used or expired
 * link tokens older than 30 days, and failure counters that are neither locked nor recent.
 * Sign-ins call it now and then (no scheduler needed; safe to run in several processes at once).
 */
export async function purgeStaleAuthRows(db: Queryable, now: Date): Promise<void> {
  const monthAgo = new Date(now.getTime() - 30 * DAY);
  const dayAgo = new Date(now.getTime() - DAY);
  await db.query('DELETE FROM sessions WHERE expires_at < $1 OR revoked_at < $1', [monthAgo]);
  await db.query('DELETE FROM auth_tokens WHERE expires_at < $1', [monthAgo]);
  await db.query('DELETE FROM login_throttle WHERE window_started_at < $1 AND (locked_until IS NULL OR locked_until < $2)', [dayAgo, now]);
}

/** Runs the purge on about one call in `every`. */
export async function maybePurgeStaleAuthRows(db: Queryable, now: Date, every = 100): Promise<void> {
  if (Math.random() * every < 1) await purgeStaleAuthRows(db, now);
}
