import type { Queryable } from '../db/db';
import type { AuthSettings } from './settings';
import { audit, type AuditEntry } from './audit';

/**
 * Audit rows a caller without a session can cause, budgeted per client address (issue 38, finding 5: junk SSO
 * grants wrote a `login.sso.refused` row each, unthrottled). The paths: refused SSO grants, sign-in attempts
 * answered "wait" (`login.delayed`), and throttled password-reset and registration requests. Each such row
 * takes one unit of the address's budget (ANONYMOUS_AUDIT_ROWS per ANONYMOUS_AUDIT_WINDOW_MS, counted in
 * PostgreSQL, so every server process shares it); past it nothing more is written for the window but one
 * summary row (`audit.throttled`, with the first action held back), and the call answers 429 with Retry-After.
 * Rows that are themselves bounded by a failure throttle (a wrong password, a wrong registration code) and rows
 * of successes are not budgeted: a sign-in never waits for this budget.
 */

export const ANONYMOUS_AUDIT_ROWS = 30;
export const ANONYMOUS_AUDIT_WINDOW_MS = 15 * 60_000;
const SCOPE = 'audit';

/** When this address may cause audit rows again (null: now). */
export async function anonymousAuditRetryAt(db: Queryable, s: Pick<AuthSettings, 'now'>, ip: string): Promise<Date | null> {
  const { rows } = await db.query<{ failures: number; first_failure_at: Date }>('SELECT failures, first_failure_at FROM auth_failures WHERE scope = $1 AND key = $2', [SCOPE, ip]);
  const row = rows[0];
  if (!row || row.failures < ANONYMOUS_AUDIT_ROWS) return null;
  const until = new Date(row.first_failure_at.getTime() + ANONYMOUS_AUDIT_WINDOW_MS);
  return until.getTime() > s.now().getTime() ? until : null;
}

/**
 * Writes the row within the address's budget: true when written. The first call past the budget writes the
 * window's one summary row instead; later ones write nothing. Counted atomically (parallel calls cannot pass it).
 */
export async function auditAnonymous(db: Queryable, s: Pick<AuthSettings, 'now'>, ip: string, entry: AuditEntry): Promise<boolean> {
  const { count } = await countCall(db, s, SCOPE, ip, ANONYMOUS_AUDIT_WINDOW_MS);
  if (count <= ANONYMOUS_AUDIT_ROWS) {
    await audit(db, { ...entry, ip });
    return true;
  }
  if (count === ANONYMOUS_AUDIT_ROWS + 1) {
    await audit(db, {
      action: 'audit.throttled',
      companyId: entry.companyId ?? null,
      result: 'refused',
      details: { heldBack: entry.action, limit: ANONYMOUS_AUDIT_ROWS, windowMinutes: ANONYMOUS_AUDIT_WINDOW_MS / 60_000 },
      ip,
    });
  }
  return false;
}

/** Seconds until a date (at least 1), for Retry-After. */
export const retryAfterSeconds = (until: Date, now: Date): number => Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));

/** Counts one call of `scope` from `ip` in a fixed window (atomically, in PostgreSQL: every process shares it). */
async function countCall(db: Queryable, s: Pick<AuthSettings, 'now'>, scope: string, ip: string, windowMs: number): Promise<{ count: number; since: Date }> {
  const now = s.now();
  const { rows } = await db.query<{ failures: number; first_failure_at: Date }>(
    `INSERT INTO auth_failures AS f (scope, key, failures, first_failure_at, last_failure_at) VALUES ($1, $2, 1, $3, $3)
     ON CONFLICT (scope, key) DO UPDATE SET
       failures = CASE WHEN f.first_failure_at <= $4 THEN 1 ELSE f.failures + 1 END,
       first_failure_at = CASE WHEN f.first_failure_at <= $4 THEN $3 ELSE f.first_failure_at END,
       last_failure_at = $3
     RETURNING failures, first_failure_at`,
    [scope, ip, now, new Date(now.getTime() - windowMs)],
  );
  return { count: rows[0]?.failures ?? 1, since: rows[0]?.first_failure_at ?? now };
}

/**
 * Unauthenticated SSO starts per client address (issue 38): each stores a flow row and makes the server fetch
 * the issuer's discovery document, so an address gets SSO_START_CALLS per SSO_START_WINDOW_MS (enough for an
 * office behind one address signing in at nine); past that the start answers 429 with Retry-After.
 */
export const SSO_START_CALLS = 60;
export const SSO_START_WINDOW_MS = 15 * 60_000;

/** Spends one SSO start of the address: null when allowed, else the seconds until the window ends. */
export async function ssoStartRetryAfter(db: Queryable, s: Pick<AuthSettings, 'now'>, ip: string): Promise<number | null> {
  const { count, since } = await countCall(db, s, 'sso-start', ip, SSO_START_WINDOW_MS);
  if (count <= SSO_START_CALLS) return null;
  return Math.max(1, Math.ceil((since.getTime() + SSO_START_WINDOW_MS - s.now().getTime()) / 1000));
}
