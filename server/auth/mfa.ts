import QRCode from 'qrcode';
import type { Queryable } from '../db/db';
import type { AuthSettings } from './settings';
import type { SessionInfo } from './authenticate';
import { newTotpSecret, totpFor, totpStep } from './totp';
import { revokeSessionById, revokeUserSessions } from './session';
import { audit } from './audit';
import { accountKey, countFailure } from './throttle';

export interface MfaSetupData {
  secret: string;
  otpauthUri: string;
  qrCodeDataUrl: string;
}

interface MfaUserRow {
  id: number;
  company_id: number;
  username: string;
  mfa_secret: string | null;
  mfa_setup: boolean;
  mfa_last_used_step: number | null;
}

async function loadMfaUser(db: Queryable, userId: number): Promise<MfaUserRow> {
  const { rows } = await db.query<MfaUserRow>(
    'SELECT id, company_id, username, mfa_secret, mfa_setup, mfa_last_used_step FROM users WHERE id = $1',
    [userId],
  );
  const row = rows[0];
  if (!row) throw new Error(`user ${userId} not found`);
  return row;
}

/**
 * The secret to enrol, for a user who has not set up two-step yet. The pending secret is kept, so
 * reloading the setup page (or a second tab) shows the same QR code.
 */
export async function beginMfaSetup(db: Queryable, settings: AuthSettings, userId: number): Promise<MfaSetupData | 'already_set_up'> {
  const user = await loadMfaUser(db, userId);
  if (user.mfa_setup) return 'already_set_up';
  let secret = user.mfa_secret;
  if (!secret) {
    secret = newTotpSecret();
    await db.query('UPDATE users SET mfa_secret = $2 WHERE id = $1 AND mfa_setup = false', [userId, secret]);
  }
  const otpauthUri = totpFor(secret, user.username, settings.totpIssuer).toString();
  const qrCodeDataUrl = await QRCode.toDataURL(otpauthUri, { errorCorrectionLevel: 'M', margin: 1, width: 240 });
  return { secret, otpauthUri, qrCodeDataUrl };
}

export type MfaCodeOutcome =
  | { ok: true }
  | { ok: false; error: 'mfa_code_invalid' | 'mfa_too_many_attempts' | 'mfa_already_set_up' | 'mfa_not_set_up'; reused?: boolean };

/** Accepts a code once: the time-step must be newer than the last one used (atomic, across processes). */
async function useStep(db: Queryable, userId: number, step: number): Promise<boolean> {
  const res = await db.query(
    'UPDATE users SET mfa_last_used_step = $2 WHERE id = $1 AND (mfa_last_used_step IS NULL OR mfa_last_used_step < $2)',
    [userId, step],
  );
  return res.rowCount > 0;
}

/** A wrong code: counted on the session; at the limit the session ends and the account gets a failed sign-in. */
async function wrongCode(
  db: Queryable,
  settings: AuthSettings,
  session: SessionInfo,
  user: MfaUserRow,
  ip: string,
  reused: boolean,
): Promise<MfaCodeOutcome> {
  const { rows } = await db.query<{ mfa_failures: number }>(
    'UPDATE sessions SET mfa_failures = mfa_failures + 1 WHERE id = $1 RETURNING mfa_failures',
    [session.id],
  );
  const failures = rows[0]?.mfa_failures ?? settings.maxMfaFailures;
  await audit(db, { action: 'mfa.failure', companyId: user.company_id, userId: user.id, ip, details: { failures, reused } });
  if (failures >= settings.maxMfaFailures) {
    await revokeSessionById(db, session.id, 'mfa_too_many_attempts');
    await countFailure(db, settings, accountKey(user.username));
    await audit(db, { action: 'mfa.too_many_attempts', companyId: user.company_id, userId: user.id, ip });
    return { ok: false, error: 'mfa_too_many_attempts' };
  }
  return { ok: false, error: 'mfa_code_invalid', reused };
}

/** POST /api/oauth/mfa/setup {code}: confirms enrolment with a first code; the session counts as validated. */
export async function confirmMfaSetup(db: Queryable, settings: AuthSettings, session: SessionInfo, code: string, ip: string): Promise<MfaCodeOutcome> {
  const user = await loadMfaUser(db, session.userId);
  if (user.mfa_setup) return { ok: false, error: 'mfa_already_set_up' };
  if (!user.mfa_secret) return { ok: false, error: 'mfa_not_set_up' };
  const step = totpStep(user.mfa_secret, code, settings.now());
  if (step === null) return wrongCode(db, settings, session, user, ip, false);
  if (!(await useStep(db, user.id, step))) return wrongCode(db, settings, session, user, ip, true);
  await db.query('UPDATE users SET mfa_setup = true, mfa_active = true WHERE id = $1', [user.id]);
  await db.query('UPDATE sessions SET mfa_validated = true, mfa_failures = 0 WHERE id = $1', [session.id]);
  await audit(db, { action: 'mfa.setup', companyId: user.company_id, userId: user.id, ip });
  return { ok: true };
}

/** POST /api/oauth/mfa/verify {code}: marks the session validated. A code works once; too many wrong codes end the session. */
export async function verifyMfaCode(db: Queryable, settings: AuthSettings, session: SessionInfo, code: string, ip: string): Promise<MfaCodeOutcome> {
  const user = await loadMfaUser(db, session.userId);
  if (!user.mfa_setup || !user.mfa_secret) return { ok: false, error: 'mfa_not_set_up' };
  const step = totpStep(user.mfa_secret, code, settings.now());
  if (step === null) return wrongCode(db, settings, session, user, ip, false);
  if (!(await useStep(db, user.id, step))) return wrongCode(db, settings, session, user, ip, true);
  await db.query('UPDATE sessions SET mfa_validated = true, mfa_failures = 0 WHERE id = $1', [session.id]);
  await audit(db, { action: 'mfa.verify', companyId: user.company_id, userId: user.id, ip });
  return { ok: true };
}

/**
 * An administrator's reset of a user's second factor: the user enrols again at the next sign-in
 * (when two-step is on for them or their company). Their sessions end, in case the device was lost.
 */
export async function resetMfa(db: Queryable, userId: number): Promise<void> {
  await db.query(
    'UPDATE users SET mfa_setup = false, mfa_secret = NULL, mfa_last_used_step = NULL WHERE id = $1',
    [userId],
  );
  await revokeUserSessions(db, userId, 'mfa_reset');
}
