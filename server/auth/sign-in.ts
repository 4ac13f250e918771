import type { Queryable } from '../db/db';
import type { AuthSettings } from './settings';
import { Visibility } from '../../src/domain/shared/visibility';
import type { NextStep } from '../../src/domain/auth/error-codes';
import { verifyPassword } from './passwords';
import { accountKey, addressKey, reserveAttempt, settleFailure, settleSuccess } from './throttle';
import { createSession } from './session';
import { audit } from './audit';
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
 * The password grant. Every attempt is counted per account and per client address before the password
 * is checked (see throttle.ts); a locked account or address is refused even with the right password.
 * Every attempt, success or not, is audit-logged.
 */
export async function signInWithPassword(db: Queryable, settings: AuthSettings, input: SignInInput): Promise<SignInResult> {
  const account = accountKey(input.username);
  const address = addressKey(input.ip);
  const { rows } = await db.query<UserRow>(
    `SELECT u.id, u.company_id, u.username, u.password_hash, u.password_validated, u.display, u.deleted_at,
            u.mfa_active, u.mfa_setup, coalesce(c.settings -> 'forceMfa' = 'true'::jsonb, false) AS force_mfa
       FROM users u JOIN companies c ON c.id = u.company_id
      WHERE lower(u.username) = lower($1)`,
    [input.username.trim()],
  );
  const user = rows[0];
  const who = { companyId: user?.company_id ?? null, userId: user?.id ?? null, ip: input.ip };

  const accountSlot = await reserveAttempt(db, settings, account);
  // Without a known client address (no connection info, proxy not trusted) there is nothing to count per address.
  const addressSlot = input.ip === 'unknown' ? { key: address, locked: false, lockedUntil: null } : await reserveAttempt(db, settings, address);
  if (accountSlot.locked || addressSlot.locked) {
    await audit(db, { ...who, action: 'login.refused_locked', details: { username: input.username, account: accountSlot.locked, address: addressSlot.locked } });
    return { ok: false, error: 'account_locked', lockedUntil: accountSlot.lockedUntil ?? addressSlot.lockedUntil };
  }

  const valid = await verifyPassword(user?.deleted_at ? null : user?.password_hash, input.password);
  if (!valid || !user || user.display === Visibility.deleted || user.display === Visibility.hidden) {
    await audit(db, { ...who, action: 'login.failure', details: { username: input.username } });
    const accountLock = await settleFailure(db, settings, account);
    const addressLock = input.ip === 'unknown' ? null : await settleFailure(db, settings, address);
    const lockedUntil = accountLock ?? addressLock;
    if (lockedUntil) {
      await audit(db, { ...who, action: 'login.lockout', details: { username: input.username, account: accountLock !== null, address: addressLock !== null, until: lockedUntil.toISOString() } });
      return { ok: false, error: 'account_locked', lockedUntil };
    }
    return { ok: false, error: 'invalid_grant' };
  }

  await settleSuccess(db, account);
  if (input.ip !== 'unknown') await settleSuccess(db, address);
  if (user.display === Visibility.blocked) {
    await audit(db, { ...who, action: 'login.blocked', details: { username: input.username } });
    return { ok: false, error: 'user_blocked' };
  }

  const session = await createSession(db, { id: user.id, companyId: user.company_id }, { ip: input.ip, userAgent: input.userAgent }, settings);
  await audit(db, { ...who, action: 'login.success' });
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
