import type { Db, Queryable } from '../db/db';
import type { Config } from '../config';
import type { AuthSettings } from './settings';
import { Role } from '../../src/domain/shared/roles';
import { hashToken, newToken } from './session';
import { hashPassword } from './passwords';
import { audit } from './audit';
import { isUniqueViolation } from './registration';
import { sendMail } from '../mail/mailer';
import { invitationMail } from '../mail/templates';

interface InvitationRow {
  id: number;
  company_id: number;
  project_id: number | null;
  acl_role_id: number;
  username: string;
  email: string;
  given_name: string | null;
  surname: string | null;
  participant_id: number | null;
  user_id: number | null;
  time_expire: Date;
  revoked: boolean;
  confirmed_at: Date | null;
  deleted_at: Date | null;
}

const COLUMNS = `id, company_id, project_id, acl_role_id, username, email, given_name, surname, participant_id, user_id,
  time_expire, revoked, confirmed_at, deleted_at`;

/**
 * For invitation management (add, resend): makes a fresh link token for an invitation (the previous
 * link stops working), stores its hash on the invitation and mails /login/confirm-invitation/<token>.
 */
export async function sendInvitationLink(db: Queryable, config: Config, settings: AuthSettings, invitationId: number): Promise<void> {
  const token = newToken();
  const { rows } = await db.query<InvitationRow>(
    `UPDATE invitations SET token_hash = $2, last_sent_at = $3 WHERE id = $1 RETURNING ${COLUMNS}`,
    [invitationId, hashToken(token), settings.now()],
  );
  const inv = rows[0];
  if (!inv) throw new Error(`invitation ${invitationId} not found`);
  const link = `${config.publicUrl}/login/confirm-invitation/${token}`;
  const name = [inv.given_name, inv.surname].filter(Boolean).join(' ') || inv.username;
  await sendMail(db, { smtpUrl: settings.smtpUrl, from: settings.mailFrom }, { ...invitationMail(inv.email, name, link, inv.time_expire), companyId: inv.company_id });
}

export type InvitationState = 'valid' | 'expired' | 'revoked' | 'used' | 'not_found';

export interface InvitationView {
  state: InvitationState;
  username: string | null;
  email: string | null;
  givenName: string | null;
  surname: string | null;
  timeExpire: string | null;
}

function stateOf(inv: InvitationRow | undefined, now: Date): InvitationState {
  if (!inv || inv.deleted_at) return 'not_found';
  if (inv.revoked) return 'revoked';
  if (inv.confirmed_at) return 'used';
  if (inv.time_expire.getTime() <= now.getTime()) return 'expired';
  return 'valid';
}

async function byToken(db: Queryable, token: string, lock = false): Promise<InvitationRow | undefined> {
  const { rows } = await db.query<InvitationRow>(
    `SELECT ${COLUMNS} FROM invitations WHERE token_hash = $1${lock ? ' FOR UPDATE' : ''}`,
    [hashToken(token)],
  );
  return rows[0];
}

/** What the /login/confirm-invitation/:token screen shows. Names only for a valid invitation. */
export async function invitationByToken(db: Queryable, settings: AuthSettings, token: string): Promise<InvitationView> {
  const inv = await byToken(db, token);
  const state = stateOf(inv, settings.now());
  const show = state === 'valid' && inv;
  return {
    state,
    username: show ? inv.username : null,
    email: show ? inv.email : null,
    givenName: show ? inv.given_name : null,
    surname: show ? inv.surname : null,
    timeExpire: inv && state !== 'not_found' ? inv.time_expire.toISOString() : null,
  };
}

export type ConfirmInvitationOutcome = { ok: true; userId: number } | { ok: false; reason: Exclude<InvitationState, 'valid'> | 'username_in_use' };

/**
 * confirmInvitation(token, username?, password): creates the invited user (or, when the invitation
 * already points at a user, gives that user the password) and marks the invitation confirmed.
 * An invitation for a participant links the new role-2 user to that participant.
 */
export async function confirmInvitation(
  db: Db,
  settings: AuthSettings,
  input: { token: string; username?: string | null | undefined; password: string },
  ip: string,
): Promise<ConfirmInvitationOutcome> {
  const hash = await hashPassword(input.password);
  const now = settings.now();
  try {
    return await db.transaction(async (tx) => {
      const inv = await byToken(tx, input.token, true);
      const state = stateOf(inv, now);
      if (!inv || state !== 'valid') return { ok: false, reason: state === 'valid' ? 'not_found' : state } as const;
      let userId = inv.user_id;
      if (userId) {
        await tx.query(
          'UPDATE users SET password_hash = $2, password_validated = true, password_changed_at = $3, display = 1 WHERE id = $1 AND company_id = $4',
          [userId, hash, now, inv.company_id],
        );
      } else {
        const username = input.username?.trim() || inv.username;
        const taken = await tx.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [username]);
        if (taken.rows.length > 0) return { ok: false, reason: 'username_in_use' } as const;
        const roleId = inv.participant_id ? Role.participant : inv.acl_role_id;
        const created = await tx.query<{ id: number }>(
          `INSERT INTO users (company_id, project_id, acl_role_id, username, email, given_name, surname, password_hash, password_validated, password_changed_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true, $9) RETURNING id`,
          [inv.company_id, inv.project_id, roleId, username, inv.email, inv.given_name, inv.surname, hash, now],
        );
        userId = created.rows[0]?.id ?? null;
        if (!userId) throw new Error('user insert answered no id');
        if (inv.participant_id) {
          await tx.query('UPDATE participants SET user_id = $2 WHERE id = $1 AND company_id = $3 AND user_id IS NULL', [inv.participant_id, userId, inv.company_id]);
        }
      }
      await tx.query('UPDATE invitations SET confirmed_at = $2, user_id = $3 WHERE id = $1', [inv.id, now, userId]);
      await audit(tx, { action: 'invitation.confirm', companyId: inv.company_id, userId, subjectType: 'invitation', subjectId: inv.id, ip });
      return { ok: true, userId } as const;
    });
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, reason: 'username_in_use' };
    throw err;
  }
}
