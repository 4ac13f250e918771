import type { Db } from '../db/db';
import type { Config } from '../config';
import type { AuthSettings } from './settings';
import { Role } from '../../src/domain/shared/roles';
import { ParticipantStatus } from '../../src/domain/shared/participant-status';
import { consumeToken, issueToken } from './tokens';
import { hashPassword } from './passwords';
import { audit } from './audit';
import { auditAnonymous } from './anonymous-audit';
import { addressRetryAt, recordAddressEvent } from './throttle';
import { sendMail } from '../mail/mailer';
import { registrationMail } from '../mail/templates';

export type RegisterOutcome = 'ok' | 'code_invalid' | 'username_in_use' | 'locked';

async function usernameTaken(db: Db, username: string): Promise<boolean> {
  const { rows } = await db.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [username]);
  return rows.length > 0;
}

/**
 * register(code, username, email): participant self-registration (/aanmelden). The code is a company's
 * registration_code. Every request counts for the client address (growing delays past the free ones, so
 * nobody can test codes or names at speed). The answer is the same whether or not the username exists in
 * any organisation: a taken name is only told, at confirmation, to whoever reads the mail. Mails a link
 * /registration/confirm/<token>, valid 24 hours; nothing is created until it is confirmed.
 */
export async function register(
  db: Db,
  config: Config,
  settings: AuthSettings,
  input: { code: string; username: string; email: string },
  ip: string,
): Promise<RegisterOutcome> {
  if (await addressRetryAt(db, settings, 'registration', ip)) {
    // Audited within the address's budget (issue 38, anonymous-audit.ts).
    await auditAnonymous(db, settings, ip, { action: 'registration.request', result: 'refused', details: { throttled: true } });
    return 'locked';
  }
  await recordAddressEvent(db, settings, 'registration', ip);
  const { rows } = await db.query<{ id: number }>(
    'SELECT id FROM companies WHERE registration_code = $1 AND deleted_at IS NULL',
    [input.code.trim()],
  );
  const company = rows[0];
  if (!company) {
    await audit(db, { action: 'registration.code_invalid', result: 'failure', ip });
    return 'code_invalid';
  }
  const { token } = await issueToken(db, {
    purpose: 'registration',
    now: settings.now(),
    ttlMs: settings.registrationTokenMs,
    companyId: company.id,
    data: { username: input.username, email: input.email },
  });
  const link = `${config.publicUrl}/registration/confirm/${token}`;
  await sendMail(db, { smtpUrl: settings.smtpUrl, from: settings.mailFrom }, { ...registrationMail(input.email, input.username, link), companyId: company.id });
  await audit(db, { action: 'registration.request', companyId: company.id, details: { username: input.username, taken: await usernameTaken(db, input.username) }, ip });
  return 'ok';
}

export type ConfirmRegistrationOutcome = { ok: true; userId: number; participantId: number } | { ok: false; reason: 'link_invalid' | 'username_in_use' };

/**
 * confirmRegistration(token, password): creates the participant-role user (role 2) linked to a new
 * participant with status Registration (15). The link works once, within 24 hours.
 */
export async function confirmRegistration(db: Db, settings: AuthSettings, token: string, password: string, ip: string): Promise<ConfirmRegistrationOutcome> {
  const hash = await hashPassword(password);
  try {
    return await db.transaction(async (tx) => {
      const row = await consumeToken(tx, 'registration', token, settings.now());
      const username = typeof row?.data.username === 'string' ? row.data.username : null;
      const email = typeof row?.data.email === 'string' ? row.data.email : null;
      if (!row?.company_id || !username) return { ok: false, reason: 'link_invalid' } as const;
      const taken = await tx.query('SELECT 1 FROM users WHERE lower(username) = lower($1)', [username]);
      if (taken.rows.length > 0) throw new UsernameInUse();
      const user = await tx.query<{ id: number }>(
        `INSERT INTO users (company_id, acl_role_id, username, email, password_hash, password_validated, password_changed_at)
         VALUES ($1, $2, $3, $4, $5, true, $6) RETURNING id`,
        [row.company_id, Role.participant, username, email, hash, settings.now()],
      );
      const userId = user.rows[0]?.id;
      if (userId === undefined) throw new Error('user insert answered no id');
      const participant = await tx.query<{ id: number }>(
        `INSERT INTO participants (company_id, user_id, firstname, lastname, email, status_id)
         VALUES ($1, $2, '', $3, $4, $5) RETURNING id`,
        [row.company_id, userId, username, email, ParticipantStatus.Registration],
      );
      const participantId = participant.rows[0]?.id;
      if (participantId === undefined) throw new Error('participant insert answered no id');
      await audit(tx, { action: 'registration.confirm', companyId: row.company_id, userId, subjectType: 'participant', subjectId: participantId, ip });
      return { ok: true, userId, participantId } as const;
    });
  } catch (err) {
    if (err instanceof UsernameInUse || isUniqueViolation(err)) return { ok: false, reason: 'username_in_use' };
    throw err;
  }
}

class UsernameInUse extends Error {}

export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'code' in err && err.code === '23505';
}
