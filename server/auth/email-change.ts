import type { Db, Queryable } from '../db/db';
import type { Config } from '../config';
import type { AuthSettings } from './settings';
import type { Viewer } from './viewer';
import { verifyPassword } from './passwords';
import { revokeUserSessions } from './session';
import { audit } from './audit';
import { loginRetryAt, recordLoginFailure } from './throttle';
import { consumeToken, discardTokens, issueToken } from './tokens';
import { forgetUser } from './session-cache';
import { sendMail } from '../mail/mailer';
import { emailChangedMail } from '../mail/templates';
import { EMAIL_UNDO_DAYS } from '../../src/domain/users/email-change';

/**
 * Account identity under impersonation (issue 20). Impersonation acts for a user, it never becomes them:
 * while a chain is active the e-mail address, username, password, two-step set-up and notification
 * address of the impersonated user cannot change (otherwise a password reset to a new address takes
 * the account over). A user changes their own address only with their password; the old address is
 * mailed a single-use link that puts it back, ends every session and voids open reset links.
 */
export const IMPERSONATION_IDENTITY_REFUSED = 'reasons.impersonationIdentity';

/** May this request change who the account is (e-mail, username, password, two-step, notification address)? */
export function mayChangeAccountIdentity(viewer: Pick<Viewer, 'chain'>): boolean {
  return viewer.chain.length === 0;
}

export type ChangeEmailOutcome = 'ok' | 'same' | 'old_incorrect' | 'locked' | 'impersonating';

export async function changeOwnEmail(db: Db, config: Config, settings: AuthSettings, viewer: Viewer, password: string, email: string, ip: string): Promise<ChangeEmailOutcome> {
  if (!mayChangeAccountIdentity(viewer)) {
    await audit(db, { viewer, action: 'user.email.change', result: 'refused', subjectType: 'user', subjectId: viewer.userId, details: { reason: 'impersonating' }, ip });
    return 'impersonating';
  }
  const { rows } = await db.query<{ username: string; password_hash: string | null; company_id: number; email: string | null; given_name: string | null; surname: string | null }>(
    'SELECT username, password_hash, company_id, email, given_name, surname FROM users WHERE id = $1 AND deleted_at IS NULL',
    [viewer.realUserId],
  );
  const user = rows[0];
  if (!user) return 'old_incorrect';
  const attempt = { username: user.username, ip };
  if (await loginRetryAt(db, settings, attempt)) return 'locked';
  if (!(await verifyPassword(user.password_hash, password))) {
    await recordLoginFailure(db, settings, attempt);
    await audit(db, { viewer, action: 'user.email.change', result: 'failure', subjectType: 'user', subjectId: viewer.userId, details: { reason: 'password' }, ip });
    return 'old_incorrect';
  }
  if (await loginRetryAt(db, settings, attempt)) return 'locked';
  const oldEmail = user.email?.trim() || null;
  if (oldEmail !== null && oldEmail.toLowerCase() === email.toLowerCase()) return 'same';
  const now = settings.now();
  await db.transaction(async (tx) => {
    await tx.query('UPDATE users SET email = $2 WHERE id = $1', [viewer.realUserId, email]);
    forgetUser(viewer.realUserId);
    // A reset link asked for before goes to whichever address it was sent to: it stops working.
    await discardTokens(tx, 'password_reset', { userId: viewer.realUserId }, now);
    if (oldEmail) {
      const { token } = await issueToken(tx, {
        purpose: 'email_undo', now, ttlMs: EMAIL_UNDO_DAYS * 24 * 60 * 60 * 1000, companyId: user.company_id, userId: viewer.realUserId,
        data: { oldEmail, newEmail: email },
      });
      const name = [user.given_name, user.surname].filter(Boolean).join(' ') || user.username;
      await sendMail(tx, { smtpUrl: settings.smtpUrl, from: settings.mailFrom }, {
        ...emailChangedMail(oldEmail, name, email, `${config.publicUrl}/e-mail-herstellen/${token}`, EMAIL_UNDO_DAYS), companyId: user.company_id,
      });
    }
    await audit(tx, { viewer, action: 'user.email.change', subjectType: 'user', subjectId: viewer.userId, details: { oldAddressTold: oldEmail !== null }, ip });
  });
  return 'ok';
}

/**
 * undoEmailChange(token): the old address comes back (when the address is still the one it was changed
 * to), every session of the user ends and open reset links are void. Answers whether it was undone.
 */
export async function undoEmailChange(db: Db, settings: AuthSettings, token: string, ip: string): Promise<boolean> {
  return db.transaction(async (tx: Queryable) => {
    const row = await consumeToken(tx, 'email_undo', token, settings.now());
    if (!row?.user_id) return false;
    const oldEmail = typeof row.data.oldEmail === 'string' ? row.data.oldEmail : null;
    const newEmail = typeof row.data.newEmail === 'string' ? row.data.newEmail : null;
    if (!oldEmail) return false;
    const { rows } = await tx.query<{ id: number }>(
      'UPDATE users SET email = $2 WHERE id = $1 AND deleted_at IS NULL AND lower(coalesce(email, \'\')) = lower($3) RETURNING id',
      [row.user_id, oldEmail, newEmail ?? ''],
    );
    forgetUser(row.user_id);
    await revokeUserSessions(tx, row.user_id, 'email_undo');
    await discardTokens(tx, 'password_reset', { userId: row.user_id }, settings.now());
    await audit(tx, { action: 'user.email.undo', companyId: row.company_id, userId: row.user_id, subjectType: 'user', subjectId: row.user_id, details: { restored: rows.length > 0 }, ip });
    return true;
  });
}
