import QRCode from 'qrcode';
import type { Queryable } from '../db/db';
import type { AuthSettings } from './settings';
import type { SessionInfo } from './authenticate';
import { newTotpSecret, totpFor, totpStep } from './totp';
import { revokeSessionById, revokeUserSessions } from './session';
import { audit } from './audit';
import { clearMfaFailures, loginRetryAt, mfaLockedUntil, recordLoginFailure, recordMfaFailure } from './throttle';
import { verifyPassword } from './passwords';

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

/** The plain secret of a user row (decrypted; a legacy plain or old-key secret is written again with the current key). */
async function plainSecret(db: Queryable, settings: AuthSettings, user: MfaUserRow): Promise<string | null> {
  if (!user.mfa_secret) return null;
  const box = settings.secretBox();
  const plain = box.decrypt(user.mfa_secret);
  if (plain && box.stale(user.mfa_secret)) {
    await db.query('UPDATE users SET mfa_secret = $2 WHERE id = $1 AND mfa_secret = $3', [user.id, box.encrypt(plain), user.mfa_secret]);
  }
  return plain;
}

export type MfaSetupOutcome = MfaSetupData | 'already_set_up' | 'password_incorrect' | 'locked';

/**
 * POST /api/oauth/mfa/secret {password}: the secret to enrol, for a user who has not set up two-step
 * yet. The password is asked again (a stolen session alone cannot enrol its own authenticator); a wrong
 * one counts like a failed sign-in. The pending secret is kept (encrypted), so a second tab shows the same QR code.
 */
export async function beginMfaSetup(db: Queryable, settings: AuthSettings, userId: number, password: string, ip: string): Promise<MfaSetupOutcome> {
  const user = await loadMfaUser(db, userId);
  if (user.mfa_setup) return 'already_set_up';
  const attempt = { username: user.username, ip };
  if (await loginRetryAt(db, settings, attempt)) return 'locked';
  const { rows } = await db.query<{ password_hash: string | null }>('SELECT password_hash FROM users WHERE id = $1', [userId]);
  if (!(await verifyPassword(rows[0]?.password_hash ?? null, password))) {
    await recordLoginFailure(db, settings, attempt);
    await audit(db, { action: 'mfa.setup_password_failed', result: 'failure', companyId: user.company_id, userId: user.id, ip });
    return 'password_incorrect';
  }
  let secret = await plainSecret(db, settings, user);
  if (!secret) {
    secret = newTotpSecret();
    await db.query('UPDATE users SET mfa_secret = $2 WHERE id = $1 AND mfa_setup = false', [userId, settings.secretBox().encrypt(secret)]);
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

/** Two-step is locked for the user: this session ends (a new sign-in meets the same lock until it passes). */
async function lockedOut(db: Queryable, session: SessionInfo, user: MfaUserRow, ip: string): Promise<MfaCodeOutcome> {
  await revokeSessionById(db, session.id, 'mfa_too_many_attempts');
  await audit(db, { action: 'mfa.too_many_attempts', result: 'refused', companyId: user.company_id, userId: user.id, ip });
  return { ok: false, error: 'mfa_too_many_attempts' };
}

/**
 * A wrong code: counted per account (throttle.ts), not per session, and a right password does not
 * reset it. maxMfaFailures wrong codes within lockMinutes lock two-step for lockMinutes.
 */
async function wrongCode(
  db: Queryable,
  settings: AuthSettings,
  session: SessionInfo,
  user: MfaUserRow,
  ip: string,
  reused: boolean,
): Promise<MfaCodeOutcome> {
  await db.query('UPDATE sessions SET mfa_failures = mfa_failures + 1 WHERE id = $1', [session.id]);
  const { failures, lockedUntil } = await recordMfaFailure(db, settings, user.id);
  await audit(db, { action: 'mfa.failure', result: 'failure', companyId: user.company_id, userId: user.id, ip, details: { failures, reused } });
  if (lockedUntil) return lockedOut(db, session, user, ip);
  return { ok: false, error: 'mfa_code_invalid', reused };
}

/** Checks a code against the (decrypted) secret: null when it is right and unused, else the outcome to answer. */
async function checkCode(db: Queryable, settings: AuthSettings, session: SessionInfo, user: MfaUserRow, code: string, ip: string): Promise<MfaCodeOutcome | null> {
  if (await mfaLockedUntil(db, settings, user.id)) return lockedOut(db, session, user, ip);
  const secret = await plainSecret(db, settings, user);
  if (!secret) return { ok: false, error: 'mfa_not_set_up' };
  const step = totpStep(secret, code, settings.now());
  if (step === null) return wrongCode(db, settings, session, user, ip, false);
  if (!(await useStep(db, user.id, step))) return wrongCode(db, settings, session, user, ip, true);
  await clearMfaFailures(db, user.id);
  return null;
}

/** POST /api/oauth/mfa/setup {code}: confirms enrolment with a first code; the session counts as validated. */
export async function confirmMfaSetup(db: Queryable, settings: AuthSettings, session: SessionInfo, code: string, ip: string): Promise<MfaCodeOutcome> {
  const user = await loadMfaUser(db, session.userId);
  if (user.mfa_setup) return { ok: false, error: 'mfa_already_set_up' };
  if (!user.mfa_secret) return { ok: false, error: 'mfa_not_set_up' };
  const refused = await checkCode(db, settings, session, user, code, ip);
  if (refused) return refused;
  await db.query('UPDATE users SET mfa_setup = true, mfa_active = true WHERE id = $1', [user.id]);
  await db.query('UPDATE sessions SET mfa_validated = true, mfa_failures = 0 WHERE id = $1', [session.id]);
  await audit(db, { action: 'mfa.setup', companyId: user.company_id, userId: user.id, ip });
  return { ok: true };
}

/** POST /api/oauth/mfa/verify {code}: marks the session validated. A code works once; too many wrong codes lock two-step. */
export async function verifyMfaCode(db: Queryable, settings: AuthSettings, session: SessionInfo, code: string, ip: string): Promise<MfaCodeOutcome> {
  const user = await loadMfaUser(db, session.userId);
  if (!user.mfa_setup || !user.mfa_secret) return { ok: false, error: 'mfa_not_set_up' };
  const refused = await checkCode(db, settings, session, user, code, ip);
  if (refused) return refused;
  await db.query('UPDATE sessions SET mfa_validated = true, mfa_failures = 0 WHERE id = $1', [session.id]);
  await audit(db, { action: 'mfa.verify', companyId: user.company_id, userId: user.id, ip });
  return { ok: true };
}

/** Encrypts every two-step secret again with the current key (after a rotation). Answers how many changed. */
export async function reencryptMfaSecrets(db: Queryable, settings: AuthSettings): Promise<number> {
  const box = settings.secretBox();
  const { rows } = await db.query<{ id: number; mfa_secret: string }>('SELECT id, mfa_secret FROM users WHERE mfa_secret IS NOT NULL');
  let changed = 0;
  for (const row of rows) {
    if (!box.stale(row.mfa_secret)) continue;
    const plain = box.decrypt(row.mfa_secret);
    if (plain === null) continue;
    await db.query('UPDATE users SET mfa_secret = $2 WHERE id = $1 AND mfa_secret = $3', [row.id, box.encrypt(plain), row.mfa_secret]);
    changed += 1;
  }
  return changed;
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
