import type { Queryable } from '../db/db';
import type { AuthSettings } from './settings';
import { Visibility } from '../../src/domain/shared/visibility';
import type { NextStep } from '../../src/domain/auth/error-codes';
import { verifyPassword } from './passwords';
import { loginRetryAt, recordLoginFailure, recordLoginSuccess } from './throttle';
import { createSession } from './session';
import { audit } from './audit';
import { auditAnonymous } from './anonymous-audit';
import { mfaStateOf } from './authenticate';
import { maybePurgeStaleAuthRows } from './housekeeping';

export interface SignInInput {
  username: string;
  password: string;
  ip: string;
  userAgent?: string | undefined;
}

export type SignInResult =
  | { ok: true; token: string; expiresAt: Date; userId: number; next: NextStep[] }
  | { ok: false; error: 'invalid_grant' | 'user_blocked' | 'account_locked'; lockedUntil?: Date | null };

interface UserRow {
  id: number;
  company_id: number;
  username: string;
  password_hash: string | null;
  password_validated: boolean;
  display: number;
  deleted_at: Date | null;
  mfa_active: boolean;
  mfa_setup: boolean;
  force_mfa: boolean;
}

/**
 * The password grant. Only failures are counted (throttle.ts): the attempt is judged against the
 * delays before the password check and again after it, so attempts racing the failures that started a
 * delay learn nothing (not even that their password was right). Every attempt is audit-logged.
 */
export async function signInWithPassword(db: Queryable, settings: AuthSettings, input: SignInInput): Promise<SignInResult> {
  const attempt = { username: input.username, ip: input.ip };
  const { rows } = await db.query<UserRow>(
    `SELECT u.id, u.company_id, u.username, u.password_hash, u.password_validated, u.display, u.deleted_at,
            u.mfa_active, u.mfa_setup, coalesce(c.settings -> 'forceMfa' = 'true'::jsonb, false) AS force_mfa
       FROM users u JOIN companies c ON c.id = u.company_id
      WHERE lower(u.username) = lower($1)`,
    [input.username.trim()],
  );
  const user = rows[0];
  const who = { companyId: user?.company_id ?? null, userId: user?.id ?? null, ip: input.ip };
  // Attempts during a wait are answered 429 and audited within the address's budget (issue 38, anonymous-audit.ts).
  const delayed = async (until: Date, checked: boolean): Promise<SignInResult> => {
    await auditAnonymous(db, settings, input.ip, { ...who, action: 'login.delayed', result: 'refused', details: { username: input.username, until: until.toISOString(), checked } });
    return { ok: false, error: 'account_locked', lockedUntil: until };
  };

  const before = await loginRetryAt(db, settings, attempt);
  if (before) return delayed(before, false);

  const valid = await verifyPassword(user?.deleted_at ? null : user?.password_hash, input.password);
  if (!valid || !user || user.display === Visibility.deleted || user.display === Visibility.hidden) {
    await recordLoginFailure(db, settings, attempt);
    await audit(db, { ...who, action: 'login.failure', result: 'failure', details: { username: input.username } });
    // The failure that starts a wait says so (with Retry-After), so the user knows to wait.
    const wait = await loginRetryAt(db, settings, attempt);
    return wait ? { ok: false, error: 'account_locked', lockedUntil: wait } : { ok: false, error: 'invalid_grant' };
  }
  // Failures that landed while this password was checked started a delay: this attempt gets no answer either.
  const after = await loginRetryAt(db, settings, attempt);
  if (after) return delayed(after, true);

  await recordLoginSuccess(db, settings, attempt);
  if (user.display === Visibility.blocked) {
    await audit(db, { ...who, action: 'login.blocked', result: 'refused', details: { username: input.username } });
    return { ok: false, error: 'user_blocked' };
  }

  const session = await createSession(db, { id: user.id, companyId: user.company_id }, { ip: input.ip, userAgent: input.userAgent }, settings);
  await audit(db, { ...who, action: 'login.success', result: 'success' });
  await maybePurgeStaleAuthRows(db, settings.now());
  return { ok: true, token: session.token, expiresAt: session.expiresAt, userId: user.id, next: nextSteps({ ...user, mfa_validated: false }) };
}

/** What the client must do next, in order: the second factor first, then an unvalidated password. */
export function nextSteps(row: { mfa_active: boolean; force_mfa: boolean; mfa_setup: boolean; mfa_validated: boolean; password_validated: boolean }): NextStep[] {
  const steps: NextStep[] = [];
  const mfa = mfaStateOf(row);
  if (mfa !== 'ok') steps.push(mfa);
  if (!row.password_validated) steps.push('password_change_required');
  return steps;
}
