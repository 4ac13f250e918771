import type { Queryable } from '../db/db';
import type { Viewer } from './viewer';
import { IDENTITY_CHAIN_COOKIE, IMITATE_USER_HEADER } from '../../src/domain/shared/constants';
import { parseIdentityChain } from '../../src/domain/auth/identity-chain';
import { EFFECTIVE_ROLE_SQL } from './effective-role';
import { Role } from '../../src/domain/shared/roles';
import { cookieFromRequest } from './session';

/**
 * Impersonation ("inloggen als", 01 §4, §6). The token always stays the real user's. The client keeps the
 * chain of impersonated user ids in the identity_chain cookie and sends the last id as x-imitate-user on
 * every request. The header switches impersonation on: without it the request is the real user's.
 * Each step must be in the previous user's imitation options, in the same company, and never a super administrator.
 */

/** The chain a request asks for: [] when not impersonating, null when the header is malformed. */
export function chainFromRequest(request: Request): number[] | null {
  const header = request.headers.get(IMITATE_USER_HEADER)?.trim();
  if (!header) return [];
  const last = Number(header);
  if (!Number.isSafeInteger(last) || last <= 0) return null;
  const cookieChain = parseIdentityChain(cookieFromRequest(request, IDENTITY_CHAIN_COOKIE));
  return cookieChain.length > 0 && cookieChain[cookieChain.length - 1] === last ? cookieChain : [last];
}

interface TargetRow {
  id: number;
  company_id: number;
  project_id: number | null;
  acl_role_id: number;
  access_to_all_participants: boolean;
  display: number;
  deleted_at: Date | null;
  participant_id: number | null;
  participant_status_id: number | null;
  allowed: boolean;
}

export type ImitationCheck =
  | { ok: true; viewer: Viewer }
  | { ok: false; code: 'imitation_forbidden' | 'sa_imitation_forbidden' };

/** Checks one step: may `from` act as `targetId`? Answers the Viewer after the step. */
export async function imitationStep(db: Queryable, from: Viewer, targetId: number): Promise<ImitationCheck> {
  const { rows } = await db.query<TargetRow>(
    `SELECT u.id, u.company_id, u.project_id, coalesce(${EFFECTIVE_ROLE_SQL}, u.acl_role_id) AS acl_role_id, u.access_to_all_participants, u.display, u.deleted_at,
            p.id AS participant_id, p.status_id AS participant_status_id,
            EXISTS (SELECT 1 FROM user_imitation_options o WHERE o.user_id = $2 AND o.target_user_id = u.id) AS allowed
       FROM users u
       LEFT JOIN participants p ON p.user_id = u.id AND p.deleted_at IS NULL
      WHERE u.id = $1`,
    [targetId, from.userId],
  );
  const target = rows[0];
  if (!target || target.deleted_at || target.display !== 1 || target.company_id !== from.companyId) {
    return { ok: false, code: 'imitation_forbidden' };
  }
  if (target.acl_role_id === Role.superAdministrator) return { ok: false, code: 'sa_imitation_forbidden' };
  if (!target.allowed || target.id === from.realUserId || from.chain.includes(target.id)) {
    return { ok: false, code: 'imitation_forbidden' };
  }
  return {
    ok: true,
    viewer: {
      userId: target.id,
      companyId: target.company_id,
      projectId: target.project_id,
      roleId: target.acl_role_id,
      accessToAllParticipants: target.access_to_all_participants,
      participantId: target.participant_id,
      participantStatusId: target.participant_status_id,
      realUserId: from.realUserId,
      chain: [...from.chain, target.id],
      sessionId: from.sessionId,
    },
  };
}

/** Walks a whole chain from the real user; the first step that is not allowed decides the answer. */
export async function resolveImpersonation(db: Queryable, real: Viewer, chain: readonly number[]): Promise<ImitationCheck> {
  let viewer: Viewer = { ...real, chain: [] };
  for (const id of chain) {
    const step = await imitationStep(db, viewer, id);
    if (!step.ok) return step;
    viewer = step.viewer;
  }
  return { ok: true, viewer };
}
