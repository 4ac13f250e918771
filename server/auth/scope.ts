import type { Viewer } from './viewer';
import { FALSE, join, raw, sql, type SqlFragment } from '../db/sql';
import { roleKind } from '../../src/domain/users/roles-policy';
import { Role } from '../../src/domain/shared/roles';

/**
 * Permissions in one place (ARCHITECTURE.md): for each entity, a function that turns the viewer into
 * a SQL condition on a row alias. Queries, replication pulls and mutations all go through these, so a
 * row that leaves a viewer's scope (caseload transfer, hiding, project change) simply stops matching.
 *
 * Scopes never look at `deleted_at`: callers add `deleted_at IS NULL` for reads, and the sync engine
 * uses the same scope to send tombstones. The rules are explained in docs/decisions-authz.md.
 */
export type ScopeFn = (viewer: Viewer, alias: string) => SqlFragment;

const SAFE_ALIAS = /^[a-z_][a-z0-9_]*$/i;
function col(alias: string, column: string): SqlFragment {
  if (!SAFE_ALIAS.test(alias) || !SAFE_ALIAS.test(column)) throw new Error(`Unsafe SQL identifier: ${alias}.${column}`);
  return raw(`${alias}.${column}`);
}
const and = (...parts: SqlFragment[]): SqlFragment => sql`(${join(parts, ' AND ')})`;
const or = (...parts: SqlFragment[]): SqlFragment => sql`(${join(parts, ' OR ')})`;

/** Every table carries company_id: the tenancy rule under every other rule. */
export const companyScope: ScopeFn = (viewer, alias) => sql`${col(alias, 'company_id')} = ${viewer.companyId}`;

/** Administrators of a company: administrator, superAdministrator, developer (all bound to their own company). */
export function isCompanyAdmin(viewer: Viewer): boolean {
  return roleKind(viewer.roleId) === 'admin';
}

export function isParticipantViewer(viewer: Viewer): boolean {
  return viewer.roleId === Role.participant;
}

/** Staff limited to one project (users.project_id set, not an administrator). */
function projectBound(viewer: Viewer): boolean {
  return viewer.projectId !== null && !isCompanyAdmin(viewer);
}

export const companiesScope: ScopeFn = (viewer, alias) => sql`${col(alias, 'id')} = ${viewer.companyId}`;

/** Projects of the company; a project-bound staff member or participant sees only their own project. */
export const projectsScope: ScopeFn = (viewer, alias) =>
  projectBound(viewer)
    ? and(companyScope(viewer, alias), sql`${col(alias, 'id')} = ${viewer.projectId}`)
    : companyScope(viewer, alias);

/**
 * Participants:
 * - administrators: every participant of the company (hidden ones too: they hide and unhide);
 * - manager, coach, platformUser: their caseload (coach_id or manager_id is the viewer), and with
 *   accessToAllParticipants every participant of the company, narrowed to their project when they have one;
 *   hidden participants stay visible to managers (who may unhide) and leave everybody else's scope;
 * - chronos (integration): every participant of the company, read-only;
 * - participant: only their own row.
 */
export const participantsScope: ScopeFn = (viewer, alias) => {
  const kind = roleKind(viewer.roleId);
  const company = companyScope(viewer, alias);
  switch (kind) {
    case 'admin':
    case 'chronos':
      return company;
    case 'participant':
      return viewer.participantId === null ? FALSE : and(company, sql`${col(alias, 'id')} = ${viewer.participantId}`);
    default: {
      const caseload = or(sql`${col(alias, 'coach_id')} = ${viewer.userId}`, sql`${col(alias, 'manager_id')} = ${viewer.userId}`);
      const reach = viewer.accessToAllParticipants
        ? viewer.projectId !== null
          ? or(caseload, sql`${col(alias, 'project_id')} = ${viewer.projectId}`)
          : TRUE_FRAGMENT
        : caseload;
      const visible = kind === 'manager' ? sql`${col(alias, 'display')} <> 0` : sql`${col(alias, 'display')} = 1`;
      return and(company, visible, reach);
    }
  }
};
const TRUE_FRAGMENT = raw('TRUE');

/**
 * Users:
 * - administrators and chronos: every user of the company;
 * - other staff: themselves, every staff user of the company (to pick a coach, write a message), narrowed to
 *   their project (users without a project stay visible), and the participant users whose participant is in scope;
 * - participant: themselves and the coach and manager of their own participant row.
 */
export const usersScope: ScopeFn = (viewer, alias) => {
  const kind = roleKind(viewer.roleId);
  const company = companyScope(viewer, alias);
  const self = sql`${col(alias, 'id')} = ${viewer.userId}`;
  if (kind === 'admin' || kind === 'chronos') return company;
  if (kind === 'participant') {
    if (viewer.participantId === null) return and(company, self);
    const own = sql`${col(alias, 'id')} IN (SELECT x FROM participants sp, LATERAL (VALUES (sp.coach_id), (sp.manager_id)) v(x) WHERE sp.id = ${viewer.participantId} AND sp.company_id = ${viewer.companyId} AND x IS NOT NULL)`;
    return and(company, or(self, own));
  }
  const staff = projectBound(viewer)
    ? sql`(${col(alias, 'acl_role_id')} <> ${Role.participant} AND (${col(alias, 'project_id')} IS NULL OR ${col(alias, 'project_id')} = ${viewer.projectId}))`
    : sql`${col(alias, 'acl_role_id')} <> ${Role.participant}`;
  const pAlias = `${alias}_sp`;
  const theirParticipant = sql`EXISTS (SELECT 1 FROM participants ${raw(pAlias)} WHERE ${col(pAlias, 'user_id')} = ${col(alias, 'id')} AND ${participantsScope(viewer, pAlias)})`;
  return and(company, or(self, staff, theirParticipant));
};

/** A row that belongs to a participant (column `participant_id` by default) is in scope when its participant is. */
export function viaParticipant(column = 'participant_id'): ScopeFn {
  return (viewer, alias) => {
    const pAlias = `${alias}_p`;
    return and(
      companyScope(viewer, alias),
      sql`EXISTS (SELECT 1 FROM participants ${raw(pAlias)} WHERE ${col(pAlias, 'id')} = ${col(alias, column)} AND ${participantsScope(viewer, pAlias)})`,
    );
  };
}

/** A row that belongs to a parent table (e.g. reviews → assignments) is in scope when its parent is. */
export function viaParent(table: string, fk: string, parentScope: ScopeFn): ScopeFn {
  return (viewer, alias) => {
    const pAlias = `${alias}_${table.slice(0, 3)}`;
    if (!SAFE_ALIAS.test(table)) throw new Error(`Unsafe table: ${table}`);
    return and(
      companyScope(viewer, alias),
      sql`EXISTS (SELECT 1 FROM ${raw(table)} ${raw(pAlias)} WHERE ${col(pAlias, 'id')} = ${col(alias, fk)} AND ${parentScope(viewer, pAlias)})`,
    );
  };
}

/** Reference data of the company (blueprints, instruments, statuses, workplaces...): every role of the company reads it. */
export const companyReferenceScope: ScopeFn = companyScope;

/** Staff-only company data (settings lists, importer settings, planning): participants never see it. */
export const staffCompanyScope: ScopeFn = (viewer, alias) =>
  isParticipantViewer(viewer) ? FALSE : companyScope(viewer, alias);

/** Company administration data (certificates, SSO adapters, transfer settings, audit log): administrators only. */
export const adminCompanyScope: ScopeFn = (viewer, alias) =>
  isCompanyAdmin(viewer) ? companyScope(viewer, alias) : FALSE;

/**
 * Invitations: administrators see the company's; managers and coaches the ones they sent and the ones for a
 * participant in their scope; participants none. Columns: participant_id (nullable), invited_by_user_id.
 */
export const invitationsScope: ScopeFn = (viewer, alias) => {
  const kind = roleKind(viewer.roleId);
  if (kind === 'admin') return companyScope(viewer, alias);
  if (kind === 'participant' || kind === 'chronos') return FALSE;
  const pAlias = `${alias}_p`;
  return and(
    companyScope(viewer, alias),
    or(
      sql`${col(alias, 'created_by')} = ${viewer.userId}`,
      sql`EXISTS (SELECT 1 FROM participants ${raw(pAlias)} WHERE ${col(pAlias, 'id')} = ${col(alias, 'participant_id')} AND ${participantsScope(viewer, pAlias)})`,
    ),
  );
};

/**
 * Messages are correspondence: a viewer sees a message when they are its sender or recipient (as user, or as
 * participant for a participant viewer). Administrators get no reading rights on other people's messages.
 */
export const messagesScope: ScopeFn = (viewer, alias) => {
  const mine = [
    sql`${col(alias, 'sender_user_id')} = ${viewer.userId}`,
    sql`${col(alias, 'recipient_user_id')} = ${viewer.userId}`,
  ];
  if (viewer.participantId !== null) {
    mine.push(sql`${col(alias, 'sender_participant_id')} = ${viewer.participantId}`);
    mine.push(sql`${col(alias, 'recipient_participant_id')} = ${viewer.participantId}`);
  }
  return and(companyScope(viewer, alias), or(...mine));
};

/** Dashboards are visible per project and role (01 §6); administrators see all of their company's. */
export const dashboardsScope: ScopeFn = (viewer, alias) => {
  if (isCompanyAdmin(viewer)) return companyScope(viewer, alias);
  if (isParticipantViewer(viewer)) return FALSE;
  const project =
    viewer.projectId === null
      ? TRUE_FRAGMENT
      : sql`(cardinality(${col(alias, 'visible_project_ids')}) = 0 OR ${viewer.projectId} = ANY(${col(alias, 'visible_project_ids')}))`;
  const role = sql`(cardinality(${col(alias, 'visible_role_ids')}) = 0 OR ${viewer.roleId} = ANY(${col(alias, 'visible_role_ids')}))`;
  return and(companyScope(viewer, alias), project, role);
};

/** The audit log: administrators read their company's. */
export const auditLogScope: ScopeFn = adminCompanyScope;

/** Rows a user owns for themselves (search history, search settings, push tokens). */
export const ownUserRowsScope: ScopeFn = (viewer, alias) =>
  and(companyScope(viewer, alias), sql`${col(alias, 'user_id')} = ${viewer.userId}`);
