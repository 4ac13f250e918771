import type { Db } from '../db/db';
import type { Viewer } from './viewer';
import { hashToken, tokenFromRequest } from './session';

interface SessionRow {
  session_id: string;
  expires_at: Date;
  revoked_at: Date | null;
  user_id: number;
  company_id: number;
  project_id: number | null;
  acl_role_id: number;
  access_to_all_participants: boolean;
  display: number;
  participant_id: number | null;
}

export type AuthResult =
  | { kind: 'anonymous' }
  | { kind: 'viewer'; viewer: Viewer }
  | { kind: 'error'; code: 'token_expired' | 'access_denied'; hint?: string };

/**
 * Turns a request's access token (the access_token cookie or a bearer header) into a Viewer.
 * Impersonation (identity chain, imitate-user header) is resolved on top of this by the sign-in work.
 */
export async function authenticateRequest(db: Db, request: Request): Promise<AuthResult> {
  const token = tokenFromRequest(request);
  if (!token) return { kind: 'anonymous' };
  const { rows } = await db.query<SessionRow>(
    `SELECT s.id AS session_id, s.expires_at, s.revoked_at, u.id AS user_id, u.company_id, u.project_id,
            u.acl_role_id, u.access_to_all_participants, u.display, p.id AS participant_id
       FROM sessions s
       JOIN users u ON u.id = s.user_id
       LEFT JOIN participants p ON p.user_id = u.id AND p.deleted_at IS NULL
      WHERE s.id = $1`,
    [hashToken(token)],
  );
  const row = rows[0];
  if (!row) return { kind: 'error', code: 'access_denied', hint: 'Access token could not be verified' };
  if (row.revoked_at) return { kind: 'error', code: 'access_denied', hint: 'Access token has been revoked' };
  if (row.expires_at.getTime() < Date.now()) return { kind: 'error', code: 'token_expired' };
  if (row.display !== 1) return { kind: 'error', code: 'access_denied', hint: 'Access token has been revoked' };
  return {
    kind: 'viewer',
    viewer: {
      userId: row.user_id,
      companyId: row.company_id,
      projectId: row.project_id,
      roleId: row.acl_role_id,
      accessToAllParticipants: row.access_to_all_participants,
      participantId: row.participant_id,
      realUserId: row.user_id,
      chain: [],
      sessionId: row.session_id,
    },
  };
}

/** The Viewer of a request, or null when it has no valid session. */
export async function authenticate(db: Db, request: Request): Promise<Viewer | null> {
  const result = await authenticateRequest(db, request);
  return result.kind === 'viewer' ? result.viewer : null;
}
