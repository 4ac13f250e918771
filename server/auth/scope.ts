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
 * participant in their scope; participants and chronos none.
 */
export const invitationsScope: ScopeFn = (viewer, alias) => {
  const kind = roleKind(viewer.roleId);
  if (kind === 'admin') return companyScope(viewer, alias);
  if (kind === 'participant' || kind === 'chronos') return FALSE;
  const pAlias = `${alias}_p`;
  return and(
    companyScope(viewer, alias),
    or(
      sql`${col(alias, 'invited_by_user_id')} = ${viewer.userId}`,
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

/**
 * The company switches of the instrument and KWNW area (src/domain/instruments/features.ts) as SQL on the row's
 * company: a switched-off part answers no rows to queries, pulls (rows pulled before arrive as deletions once
 * the collection starts over) and writes (the write's target is not found, its effect refuses with a reason).
 */
export const instrumentsOnSql = (alias: string): SqlFragment =>
  sql`EXISTS (SELECT 1 FROM companies fc WHERE fc.id = ${col(alias, 'company_id')} AND coalesce(fc.settings->>'useInstruments', 'enabled') <> 'disabled')`;
export function kwnwOnSql(alias: string, flag: 'kwnw' | 'status' | 'planOfApproach' | 'instrument'): SqlFragment {
  return sql`EXISTS (SELECT 1 FROM companies fc WHERE fc.id = ${col(alias, 'company_id')} AND fc.settings->>'kwnwVersion' IN ('kwnw', 'kwnw2')
     AND coalesce(fc.settings->'participantAccess'->>'kwnw', 'true') <> 'false'
     AND coalesce(fc.settings->'participantAccess'->>${flag}::text, 'true') <> 'false')`;
}
const whenInstruments = (inner: ScopeFn): ScopeFn => (viewer, alias) => and(inner(viewer, alias), instrumentsOnSql(alias));
const whenKwnw = (inner: ScopeFn, flag: 'planOfApproach'): ScopeFn => (viewer, alias) => and(inner(viewer, alias), kwnwOnSql(alias, flag));

/** Staff-only rows about a participant (cases, KWNW plan of approach, instrument matches, ladder): never the participant. */
export function staffViaParticipant(column = 'participant_id'): ScopeFn {
  const inner = viaParticipant(column);
  return (viewer, alias) => (isParticipantViewer(viewer) ? FALSE : inner(viewer, alias));
}

/** Work plans, assignments, reviews: the participant's scope. */
export const workPlansScope: ScopeFn = viaParticipant();

/**
 * Wage-value measurements: the participant's scope for staff, plus the measurements the viewer created or is the
 * expert of (a wage-value expert works across caseloads). Participants do not see measurements (a staff report).
 */
export const wageValueMeasurementsScope: ScopeFn = (viewer, alias) => {
  if (isParticipantViewer(viewer)) return FALSE;
  return and(
    companyScope(viewer, alias),
    or(
      staffViaParticipant()(viewer, alias),
      sql`${col(alias, 'created_by_user_id')} = ${viewer.userId}`,
      sql`${col(alias, 'expert_user_id')} = ${viewer.userId}`,
    ),
  );
};

/** Wage-value plans (planning rows): like measurements, with the assessor instead of the expert. */
export const wageValuePlansScope: ScopeFn = (viewer, alias) => {
  if (isParticipantViewer(viewer)) return FALSE;
  return and(
    companyScope(viewer, alias),
    or(
      staffViaParticipant()(viewer, alias),
      sql`${col(alias, 'created_by_user_id')} = ${viewer.userId}`,
      sql`${col(alias, 'assessor_user_id')} = ${viewer.userId}`,
    ),
  );
};

/**
 * Files: every link a file has must be in scope (participant, work plan, message, measurement, instrument); a file
 * without any of those links is company reference material (logo, blueprint documents, avatars).
 */
export const filesScope: ScopeFn = (viewer, alias) => {
  const link = (column: string, table: string, scope: ScopeFn): SqlFragment => {
    const a = `${alias}_${column.slice(0, 4)}`;
    return sql`(${col(alias, column)} IS NULL OR EXISTS (SELECT 1 FROM ${raw(table)} ${raw(a)} WHERE ${col(a, 'id')} = ${col(alias, column)} AND ${scope(viewer, a)}))`;
  };
  return and(
    companyScope(viewer, alias),
    link('participant_id', 'participants', participantsScope),
    link('work_plan_id', 'work_plans', workPlansScope),
    link('message_id', 'messages', messagesScope),
    link('measurement_id', 'wage_value_measurements', wageValueMeasurementsScope),
    // issue 23: an instrument's documents are seen by whoever sees the instrument (useInstruments included)
    link('instrument_id', 'instruments', whenInstruments(companyReferenceScope)),
  );
};

/** Server-side bookkeeping (sign-in tokens, the mail outbox): never answered to a client. */
export const serverOnlyScope: ScopeFn = () => FALSE;

/** Acl roles: the global rows of the spec plus the company's own roles. */
export const aclRolesScope: ScopeFn = (viewer, alias) =>
  sql`(${col(alias, 'company_id')} IS NULL OR ${col(alias, 'company_id')} = ${viewer.companyId})`;

/** Imitation options: a user's own list; administrators manage the company's. */
export const imitationOptionsScope: ScopeFn = (viewer, alias) =>
  isCompanyAdmin(viewer) ? companyScope(viewer, alias) : ownUserRowsScope(viewer, alias);

/** Integration settings: administrators and the chronos integration account. */
export const transferSettingsScope: ScopeFn = (viewer, alias) =>
  isCompanyAdmin(viewer) || roleKind(viewer.roleId) === 'chronos' ? companyScope(viewer, alias) : FALSE;

/**
 * The scope of every table that holds company data, by table name: what the sync engine pulls with and what the
 * tenancy test checks is complete (a table with company_id and no entry here fails that test).
 */
export const tableScopes: Readonly<Record<string, ScopeFn>> = {
  companies: companiesScope,
  projects: projectsScope,
  users: usersScope,
  participants: participantsScope,
  acl_roles: aclRolesScope,
  user_imitation_options: imitationOptionsScope,
  company_statuses: companyReferenceScope,
  sub_statuses: companyReferenceScope,
  audit_log: auditLogScope,
  invitations: invitationsScope,
  messages: messagesScope,
  // reference data every role of the company reads
  provision_types: companyReferenceScope,
  work_plan_termination_reasons: companyReferenceScope,
  competency_systems: companyReferenceScope,
  competencies: companyReferenceScope,
  behaviors: companyReferenceScope,
  disciplines: companyReferenceScope,
  skill_categories: companyReferenceScope,
  skills: companyReferenceScope,
  workplaces: companyReferenceScope,
  instrument_categories: whenInstruments(companyReferenceScope),
  instruments: whenInstruments(companyReferenceScope),
  matching_categories: whenInstruments(companyReferenceScope),
  matching_criteria: whenInstruments(companyReferenceScope),
  work_orders: companyReferenceScope,
  instrument_disciplines: whenInstruments(companyReferenceScope),
  instrument_skills: whenInstruments(companyReferenceScope),
  instrument_competencies: whenInstruments(companyReferenceScope),
  instrument_work_orders: whenInstruments(companyReferenceScope),
  instrument_workplaces: whenInstruments(companyReferenceScope),
  instrument_criteria: whenInstruments(companyReferenceScope),
  blueprint_categories: companyReferenceScope,
  blueprints: companyReferenceScope,
  blueprint_steps: companyReferenceScope,
  blueprint_behaviors: companyReferenceScope,
  blueprint_skills: companyReferenceScope,
  blueprint_work_orders: companyReferenceScope,
  blueprint_disciplines: companyReferenceScope,
  blueprint_workplaces: companyReferenceScope,
  blueprint_criteria: companyReferenceScope,
  process_flow_statuses: companyReferenceScope,
  knowledge_tests: companyReferenceScope,
  system_messages: companyReferenceScope,
  // staff-only company lists
  businesses: staffCompanyScope,
  placement_process_labels: staffCompanyScope,
  placement_reject_reasons: staffCompanyScope,
  wage_value_plan_statuses: staffCompanyScope,
  wage_value_plan_sequences: staffCompanyScope,
  wage_value_regions: staffCompanyScope,
  wage_value_settings: staffCompanyScope,
  // a participant's own data
  workplace_applications: viaParticipant(),
  placements: viaParticipant(),
  work_plans: workPlansScope,
  work_plan_behaviors: viaParent('work_plans', 'work_plan_id', workPlansScope),
  work_plan_skills: viaParent('work_plans', 'work_plan_id', workPlansScope),
  assignments: viaParticipant(),
  reviews: viaParticipant(),
  review_scores: viaParent('reviews', 'review_id', viaParticipant()),
  participant_reviews: viaParticipant(),
  participant_review_scores: viaParent('participant_reviews', 'participant_review_id', viaParticipant()),
  participant_behavior_scores: viaParticipant(),
  participant_skill_scores: viaParticipant(),
  participant_targets: viaParticipant(),
  participant_tests: viaParticipant(),
  // about a participant, for staff only
  cases: staffViaParticipant(),
  instrument_matches: whenInstruments(staffViaParticipant()),
  participation_ladder_steps: staffViaParticipant(),
  plans_of_approach: whenKwnw(staffViaParticipant(), 'planOfApproach'),
  wage_value_measurements: wageValueMeasurementsScope,
  wage_value_tasks: viaParent('wage_value_measurements', 'measurement_id', wageValueMeasurementsScope),
  wage_value_plans: wageValuePlansScope,
  wage_value_plan_notes: viaParent('wage_value_plans', 'plan_id', wageValuePlansScope),
  files: filesScope,
  dashboards: dashboardsScope,
  widgets: viaParent('dashboards', 'dashboard_id', dashboardsScope),
  // administration
  company_server_certificates: adminCompanyScope,
  company_authentication_adapters: adminCompanyScope,
  transfer_settings: transferSettingsScope,
  transfer_runs: transferSettingsScope,
  transfer_jobs: transferSettingsScope,
  // a user's own rows
  search_history: ownUserRowsScope,
  search_settings: ownUserRowsScope,
  push_subscriptions: ownUserRowsScope,
  // server-side only: no client reads these through a scope
  sessions: ownUserRowsScope,
  processed_mutations: ownUserRowsScope,
  sync_probes: ownUserRowsScope,
  auth_tokens: serverOnlyScope,
  email_outbox: serverOnlyScope,
  // bytes and keys served by their own routes (logo, avatar) or used by the pull only (checkpoint keys)
  company_logos: serverOnlyScope,
  user_avatars: serverOnlyScope,
  sync_keys: serverOnlyScope,
  // single sign-on (server/auth/sso.ts): a flow's state and PKCE verifier, and the issuer + subject links,
  // read only by the sign-in itself; never answered to a client
  sso_flows: serverOnlyScope,
  user_identities: serverOnlyScope,
  // devices (issue 36): the imitation options' rule (own, or the organisation's for administrators); key shares go
  // only to their own device's session
  devices: imitationOptionsScope,
  device_key_shares: serverOnlyScope,
};

/** The scope of a table, or an error for a table nobody has decided on (fail closed). */
export function scopeOf(table: string): ScopeFn {
  const scope = tableScopes[table];
  if (!scope) throw new Error(`No permission scope for table ${table}: add it to tableScopes in server/auth/scope.ts`);
  return scope;
}
