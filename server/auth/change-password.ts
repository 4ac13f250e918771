import type { Queryable } from '../db/db';
import type { AuthSettings } from './settings';
import type { Viewer } from './viewer';
import { hashPassword, verifyPassword } from './passwords';
import { revokeUserSessions } from './session';
import { audit } from './audit';
import { loginRetryAt, recordLoginFailure } from './throttle';

export type ChangePasswordOutcome = 'ok' | 'old_incorrect' | 'locked' | 'impersonating';

/**
 * changePassword(oldPassword, newPassword) for the signed-in user (never while impersonating).
 * A wrong old password counts as a failed sign-in, so the mutation cannot be used to guess passwords
 * (also not with many aliases in one request). On success the password counts as validated and the
 * user's other sessions end; this one stays.
 */
export async function changePassword(
  db: Queryable,
  settings: AuthSettings,
  viewer: Viewer,
  oldPassword: string,
  newPassword: string,
  ip: string,
): Promise<ChangePasswordOutcome> {
  if (viewer.chain.length > 0) return 'impersonating';
  const { rows } = await db.query<{ username: string; password_hash: string | null; company_id: number }>(
    'SELECT username, password_hash, company_id FROM users WHERE id = $1',
    [viewer.realUserId],
  );
  const user = rows[0];
  if (!user) return 'old_incorrect';
  const attempt = { username: user.username, ip };
  // Judged like a sign-in, before and after the check, so parallel requests learn nothing once a delay started.
  if (await loginRetryAt(db, settings, attempt)) return 'locked';
  if (!(await verifyPassword(user.password_hash, oldPassword))) {
    await recordLoginFailure(db, settings, attempt);
    await audit(db, { action: 'password.change_failed', result: 'failure', companyId: user.company_id, userId: viewer.realUserId, ip });
    return 'old_incorrect';
  }
  if (await loginRetryAt(db, settings, attempt)) return 'locked';
  await db.query('UPDATE users SET password_hash = $2, password_validated = true, password_changed_at = $3 WHERE id = $1', [
    viewer.realUserId,
    await hashPassword(newPassword),
    settings.now(),
  ]);
  await revokeUserSessions(db, viewer.realUserId, 'password_changed', viewer.sessionId);
  await audit(db, { action: 'password.change', companyId: user.company_id, userId: viewer.realUserId, ip });
  return 'ok';
}
