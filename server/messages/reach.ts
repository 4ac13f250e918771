import type { Queryable } from '../db/db';
import { run, sql, raw, type SqlFragment } from '../db/sql';
import type { Viewer } from '../auth/viewer';
import { participantsScope, usersScope, isParticipantViewer } from '../auth/scope';
import { roleKind } from '../../src/domain/users/roles-policy';
import { Role } from '../../src/domain/shared/roles';

/**
 * Who may write to whom (docs/decisions-messages.md). Always inside the viewer's own organisation.
 * - participant: their own coach and manager, and staff who wrote to them before (a reply);
 *   never another participant;
 * - staff (administrator, manager, coach, platform user): staff users they can see (usersScope:
 *   narrowed to their project when project-bound), participants in their scope (caseload, or all with
 *   access to all participants; administrators all), and participants who wrote to them before;
 * - chronos (integration account): nobody.
 * Blocked, hidden or deleted users and deleted participants cannot be written to; nor can oneself.
 */
export type Party = { userId: number } | { participantId: number };

export interface RecipientOption {
  kind: 'user' | 'participant';
  id: number;
  name: string;
  /** Role id for users (coach, manager, ...), null for participants. */
  roleId: number | null;
}

const userName = (a: string): SqlFragment =>
  raw(`trim(concat_ws(' ', coalesce(nullif(${a}.given_name, ''), ${a}.initials), ${a}.surname))`);
const participantName = (a: string): SqlFragment => raw(`trim(concat_ws(' ', ${a}.firstname, nullif(${a}.prefix, ''), ${a}.lastname))`);

/** Users the viewer may write to, as a condition on alias `u`. */
function reachableUsers(viewer: Viewer): SqlFragment {
  const base = sql`u.company_id = ${viewer.companyId} AND u.deleted_at IS NULL AND u.display = 1 AND u.acl_role_id <> ${Role.participant} AND u.id <> ${viewer.userId}`;
  if (isParticipantViewer(viewer)) {
    if (viewer.participantId === null) return raw('FALSE');
    return sql`${base} AND (
      u.id IN (SELECT x FROM participants sp, LATERAL (VALUES (sp.coach_id), (sp.manager_id)) v(x)
                WHERE sp.id = ${viewer.participantId} AND sp.company_id = ${viewer.companyId} AND x IS NOT NULL)
      OR EXISTS (SELECT 1 FROM messages wm WHERE wm.company_id = ${viewer.companyId} AND wm.sender_user_id = u.id
                  AND wm.recipient_participant_id = ${viewer.participantId} AND wm.deleted_at IS NULL))`;
  }
  if (roleKind(viewer.roleId) === 'chronos') return raw('FALSE');
  return sql`${base} AND ${usersScope(viewer, 'u')}`;
}

/** Participants the viewer may write to, as a condition on alias `p`. */
function reachableParticipants(viewer: Viewer): SqlFragment {
  if (isParticipantViewer(viewer) || roleKind(viewer.roleId) === 'chronos') return raw('FALSE');
  return sql`p.company_id = ${viewer.companyId} AND p.deleted_at IS NULL AND p.display <> 0 AND (
    ${participantsScope(viewer, 'p')}
    OR EXISTS (SELECT 1 FROM messages wm WHERE wm.company_id = ${viewer.companyId} AND wm.sender_participant_id = p.id
                AND wm.recipient_user_id = ${viewer.userId} AND wm.deleted_at IS NULL))`;
}

export async function mayMessage(db: Queryable, viewer: Viewer, to: Party): Promise<boolean> {
  const { rows } =
    'userId' in to
      ? await run(db, sql`SELECT 1 FROM users u WHERE u.id = ${to.userId} AND ${reachableUsers(viewer)}`)
      : await run(db, sql`SELECT 1 FROM participants p WHERE p.id = ${to.participantId} AND ${reachableParticipants(viewer)}`);
  return rows.length > 0;
}

/** The people the viewer may write to whose name contains `search`, alphabetical. */
export async function recipientOptions(db: Queryable, viewer: Viewer, search: string, limit = 20): Promise<RecipientOption[]> {
  const like = `%${search.trim().toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const { rows } = await run<{ kind: 'user' | 'participant'; id: number; name: string; role_id: number | null }>(
    db,
    sql`SELECT * FROM (
          SELECT 'user' AS kind, u.id, ${userName('u')} AS name, u.acl_role_id AS role_id FROM users u
           WHERE ${reachableUsers(viewer)}
          UNION ALL
          SELECT 'participant' AS kind, p.id, ${participantName('p')} AS name, NULL AS role_id FROM participants p
           WHERE ${reachableParticipants(viewer)}
        ) r
        WHERE lower(r.name) LIKE ${like}
        ORDER BY lower(r.name), r.kind, r.id
        LIMIT ${Math.max(1, Math.min(limit, 100))}`,
  );
  return rows.map((r) => ({ kind: r.kind, id: Number(r.id), name: r.name, roleId: r.role_id === null ? null : Number(r.role_id) }));
}

/** The party the viewer writes as. */
export function viewerParty(viewer: Viewer): Party {
  return isParticipantViewer(viewer) && viewer.participantId !== null ? { participantId: viewer.participantId } : { userId: viewer.userId };
}
