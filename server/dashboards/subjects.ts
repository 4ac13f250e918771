import type { Viewer } from '../auth/viewer';
import { companyScope, isCompanyAdmin, isParticipantViewer, participantsScope, projectsScope, usersScope, workPlansScope } from '../auth/scope';
import { FALSE, raw, run, sql, type SqlFragment } from '../db/sql';
import type { Queryable } from '../db/db';
import { Role } from '../../src/domain/shared/roles';
import { ownValue } from '../../src/domain/shared/input-guards';
import { FIXED_ENUM_VALUES, GRAPH_SUBJECTS, optionKey, GRAPH_TIME_ZONE, type GraphSubject, type GraphSubjectId, type Grouping } from '../../src/domain/dashboards/graph';

/**
 * What each graph property is in SQL, per subject, and the rows a subject counts for a viewer. The
 * rows are always the viewer's permission scope (server/auth/scope.ts): a coach counts the caseload.
 */
interface PropertySql {
  /** The value (ids, enum values, numbers). */
  expr: SqlFragment;
  /** For dates: the calendar day in Europe/Amsterdam. */
  day?: SqlFragment;
  /** Compared as a number (ids, statuses, numbers) or as text. */
  numeric: boolean;
}

const TZ = raw(`'${GRAPH_TIME_ZONE}'`);

export interface SubjectSql {
  /** FROM ... (with joins) */
  from: SqlFragment;
  /** FROM without the joins, when no property of the dataset needs them (work plans without participant properties). */
  lean?: { from: SqlFragment; needs: readonly string[] };
  /** The rows of the subject the viewer may count. */
  where(viewer: Viewer): SqlFragment;
  properties: Record<string, PropertySql>;
}

export const SUBJECT_SQL: Record<GraphSubjectId, SubjectSql> = {
  participant: {
    from: raw('participants p'),
    // deleted participants (display 0) are in nobody's figures; hidden ones count for whom the scope shows them
    where: (viewer) => sql`p.deleted_at IS NULL AND p.display <> 0 AND ${participantsScope(viewer, 'p')}`,
    properties: {
      status: { expr: raw('p.status_id'), numeric: true },
      project: { expr: raw('p.project_id'), numeric: true },
      coach: { expr: raw('p.coach_id'), numeric: true },
      manager: { expr: raw('p.manager_id'), numeric: true },
      sex: { expr: raw('p.sex'), numeric: false },
      timeRegistered: { expr: raw('p.time_registered'), day: sql`(p.time_registered AT TIME ZONE ${TZ})::date`, numeric: false },
      dateEnd: { expr: raw('p.date_end'), day: raw('p.date_end'), numeric: false },
      age: { expr: raw('date_part(\'year\', age(current_date, p.birthdate))::int'), numeric: true },
    },
  },
  'work-plan': {
    from: raw('work_plans w JOIN participants p ON p.id = w.participant_id'),
    lean: { from: raw('work_plans w'), needs: ['project', 'participantStatus'] },
    where: (viewer) => sql`w.deleted_at IS NULL AND ${workPlansScope(viewer, 'w')}`,
    properties: {
      status: { expr: raw('w.status'), numeric: false },
      coach: { expr: raw('w.coach_id'), numeric: true },
      manager: { expr: raw('w.manager_id'), numeric: true },
      project: { expr: raw('p.project_id'), numeric: true },
      participantStatus: { expr: raw('p.status_id'), numeric: true },
      startDate: { expr: raw('w.start_date'), day: raw('w.start_date'), numeric: false },
      expectedEndDate: { expr: raw('w.expected_end_date'), day: raw('w.expected_end_date'), numeric: false },
      timeFinished: { expr: raw('w.time_finished'), day: raw('w.time_finished'), numeric: false },
      durationDays: { expr: raw('(coalesce(w.time_finished, current_date) - w.start_date)'), numeric: true },
    },
  },
  login: {
    from: raw('audit_log a JOIN users u ON u.id = a.user_id'),
    where: (viewer) => sql`a.action = 'login.success' AND ${loginScope(viewer)}`,
    properties: {
      time: { expr: raw('a.created_at'), day: sql`(a.created_at AT TIME ZONE ${TZ})::date`, numeric: false },
      role: { expr: raw('u.acl_role_id'), numeric: true },
      project: { expr: raw('u.project_id'), numeric: true },
      userKind: { expr: raw(`(CASE WHEN u.acl_role_id = ${Role.participant} THEN 'participant' ELSE 'staff' END)`), numeric: false },
    },
  },
};

/**
 * Sign-ins a viewer may count: administrators every sign-in of the company; other staff their own and
 * those of the participants in their scope (the caseload); nobody else's (docs/decisions-dashboards.md).
 */
function loginScope(viewer: Viewer): SqlFragment {
  if (isParticipantViewer(viewer)) return FALSE;
  if (isCompanyAdmin(viewer)) return companyScope(viewer, 'a');
  return sql`${companyScope(viewer, 'a')} AND (a.user_id = ${viewer.userId} OR EXISTS (SELECT 1 FROM participants lp WHERE lp.user_id = a.user_id AND lp.deleted_at IS NULL AND ${participantsScope(viewer, 'lp')}))`;
}

/** The SQL of a subject's property; undefined for an unknown one (the schema refused it already). */
export function propertySql(subject: GraphSubjectId, property: string): PropertySql | undefined {
  return Object.hasOwn(SUBJECT_SQL[subject].properties, property) ? SUBJECT_SQL[subject].properties[property] : undefined;
}

/** The day bucket of a date property (first day of its ISO week, month or year). */
export function bucketSql(prop: PropertySql, grouping: Grouping): SqlFragment {
  const day = prop.day ?? prop.expr;
  if (grouping === 'none') return day;
  return sql`date_trunc(${grouping}::text, (${day})::timestamp)::date`;
}

export interface Option {
  value: string;
  label: string;
}

/** The value/label pairs of the properties that point at rows (statuses, projects, users, roles), for the viewer. */
/** Which database lists a property's labels come from. */
const LISTS: Record<string, 'status' | 'project' | 'people' | 'role' | 'fixed'> = {
  'participant.status': 'status',
  'participant.project': 'project',
  'participant.coach': 'people',
  'participant.manager': 'people',
  'participant.sex': 'fixed',
  'work-plan.status': 'fixed',
  'work-plan.coach': 'people',
  'work-plan.manager': 'people',
  'work-plan.project': 'project',
  'work-plan.participantStatus': 'status',
  'login.role': 'role',
  'login.project': 'project',
  'login.userKind': 'fixed',
};

/**
 * The value/label pairs of the properties that point at rows (statuses, projects, users, roles), for the
 * viewer; `only`: just the lists of these option keys (a dataset needs the labels of its axes only).
 */
export async function propertyOptions(db: Queryable, viewer: Viewer, only?: readonly string[]): Promise<Record<string, Option[]>> {
  const want = new Set(only ? only.map((k) => ownValue(LISTS, k)).filter((x) => x !== undefined) : Object.values(LISTS));
  const none = { rows: [] };
  const statuses = !want.has('status')
    ? none
    : await run<{ id: number; label: string }>(
        db,
        sql`SELECT ps.id, coalesce(cs.label, ps.label) AS label FROM participant_statuses ps
              LEFT JOIN company_statuses cs ON cs.status_id = ps.id AND cs.company_id = ${viewer.companyId} ORDER BY ps.id`,
      );
  const projects = !want.has('project') ? none : await run<{ id: number; name: string }>(db, sql`SELECT id, name FROM projects pr WHERE pr.deleted_at IS NULL AND ${projectsScope(viewer, 'pr')} ORDER BY lower(name)`);
  const staff = !want.has('people')
    ? none
    : await run<{ id: number; name: string }>(
        db,
        sql`SELECT us.id, trim(concat_ws(' ', coalesce(nullif(us.given_name, ''), us.initials), us.surname)) AS name FROM users us
             WHERE us.deleted_at IS NULL AND us.acl_role_id <> ${Role.participant} AND ${usersScope(viewer, 'us')} ORDER BY lower(us.surname), us.id`,
      );
  const roles = !want.has('role') ? none : await run<{ id: number; label: string }>(db, sql`SELECT id, label FROM acl_roles WHERE company_id IS NULL OR company_id = ${viewer.companyId} ORDER BY id`);
  const list = <T extends { id: number }>(rows: readonly T[], label: (r: T) => string): Option[] => rows.map((r) => ({ value: String(r.id), label: label(r) || `#${r.id}` }));
  const status = list(statuses.rows, (r) => r.label);
  const project = list(projects.rows, (r) => r.name);
  const people = list(staff.rows, (r) => r.name);
  const fixed = (subject: string, property: string): Option[] => ((Object.hasOwn(FIXED_ENUM_VALUES, subject) ? ownValue(FIXED_ENUM_VALUES[subject] ?? {}, property) : undefined) ?? []).map((value) => ({ value, label: value }));
  const out: Record<string, Option[]> = {};
  const put = (subject: string, property: string, list: Option[]) => {
    out[optionKey(subject, property)] = list;
  };
  put('participant', 'status', status);
  put('participant', 'project', project);
  put('participant', 'coach', people);
  put('participant', 'manager', people);
  put('participant', 'sex', fixed('participant', 'sex'));
  put('work-plan', 'status', fixed('work-plan', 'status'));
  put('work-plan', 'coach', people);
  put('work-plan', 'manager', people);
  put('work-plan', 'project', project);
  put('work-plan', 'participantStatus', status);
  put('login', 'role', list(roles.rows, (r) => r.label));
  put('login', 'project', project);
  put('login', 'userKind', fixed('login', 'userKind'));
  return out;
}

/** GET graph/subjects: the catalogue with each property's options for this viewer. */
export async function subjectsAnswer(db: Queryable, viewer: Viewer): Promise<(GraphSubject & { properties: (GraphSubject['properties'][number] & { options: Option[] })[] })[]> {
  const options = await propertyOptions(db, viewer);
  return GRAPH_SUBJECTS.map((s) => ({
    ...s,
    properties: s.properties.map((prop) => ({ ...prop, options: options[optionKey(s.id, prop.id)] ?? [] })),
  }));
}
