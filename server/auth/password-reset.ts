import type { Db } from '../db/db';
import type { Config } from '../config';
import type { AuthSettings } from './settings';
import { Visibility } from '../../src/domain/shared/visibility';
import { consumeToken, discardTokens, issueToken } from './tokens';
import { hashPassword } from './passwords';
import { revokeUserSessions } from './session';
import { audit } from './audit';
import { auditAnonymous } from './anonymous-audit';
import { addressRetryAt, clearAccount, recordAddressEvent } from './throttle';
import { sendMail } from '../mail/mailer';
import { passwordResetMail } from '../mail/templates';

/**
 * POST /api/passwordreset: a username or an e-mail address. Every active user it names who has an
 * e-mail address gets a single-use link /login/reset-password/<token>; earlier open links stop working.
 * The caller always answers the same neutral text, so the answer does not tell whether an account exists.
 * Requests count against the client address like failed sign-ins, so the form cannot be used to flood mailboxes;
 * answers when the address may ask again while it waits (null otherwise).
 */
export async function requestPasswordReset(db: Db, config: Config, settings: AuthSettings, usernameOrEmail: string, ip: string): Promise<Date | null> {
  // Every request counts for the address (mail flooding); past the free ones they wait: the answer says until when
  // (it depends on the address only, never on the account), audited within the address's budget (issue 38).
  const wait = await addressRetryAt(db, settings, 'reset', ip);
  if (wait) {
    await auditAnonymous(db, settings, ip, { action: 'password.reset_request', result: 'refused', details: { throttled: true } });
    return wait;
  }
  await recordAddressEvent(db, settings, 'reset', ip);
  const { rows } = await db.query<{ id: number; company_id: number; email: string; given_name: string | null; surname: string | null; username: string }>(
    `SELECT id, company_id, email, given_name, surname, username FROM users
      WHERE (lower(username) = lower($1) OR lower(email) = lower($1))
        AND display = $2 AND deleted_at IS NULL AND email IS NOT NULL AND email <> ''
      LIMIT 5`,
    [usernameOrEmail.trim(), Visibility.visible],
  );
  const now = settings.now();
  for (const user of rows) {
    await discardTokens(db, 'password_reset', { userId: user.id }, now);
    const { token } = await issueToken(db, { purpose: 'password_reset', now, ttlMs: settings.resetTokenMs, companyId: user.company_id, userId: user.id });
    const link = `${config.publicUrl}/login/reset-password/${token}`;
    const name = [user.given_name, user.surname].filter(Boolean).join(' ') || user.username;
    await sendMail(db, { smtpUrl: settings.smtpUrl, from: settings.mailFrom }, { ...passwordResetMail(user.email, name, link, Math.round(settings.resetTokenMs / 60_000)), companyId: user.company_id });
    await audit(db, { action: 'password.reset_request', companyId: user.company_id, userId: user.id, ip });
  }
  if (rows.length === 0) await audit(db, { action: 'password.reset_request', details: { unknown: true }, ip });
  return null;
}

/** resetPassword(token, password): sets the new password once; every session of the user ends and a sign-in lock is lifted. */
export async function resetPasswordWithToken(db: Db, settings: AuthSettings, token: string, password: string, ip: string): Promise<boolean> {
  const hash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const row = await consumeToken(tx, 'password_reset', token, settings.now());
    if (!row?.user_id) return false;
    const { rows } = await tx.query<{ username: string; company_id: number }>(
      `UPDATE users SET password_hash = $2, password_validated = true, password_changed_at = $3
        WHERE id = $1 AND deleted_at IS NULL RETURNING username, company_id`,
      [row.user_id, hash, settings.now()],
    );
    const user = rows[0];
    if (!user) return false;
    await revokeUserSessions(tx, row.user_id, 'password_reset');
    await clearAccount(tx, user.username);
    await audit(tx, { action: 'password.reset', companyId: user.company_id, userId: row.user_id, ip });
    return true;
  });
}
