import { COLLECTIONS, COLLECTION_NAMES, type CollectionName } from '../../src/domain/sync/collections';
import { dashboardsScope, scopeOf, wageValueMeasurementsScope, wageValuePlansScope, type ScopeFn } from '../auth/scope';
import type { Viewer } from '../auth/viewer';
import { sql, type SqlFragment } from '../db/sql';

/**
 * The server side of each replicated collection: its table, who may see which rows (the table's
 * scope function of server/auth/scope.ts, fail closed: a table without one stops the server) and
 * which columns never leave the server. The pull turns rows that leave a viewer's scope into
 * deletions; collections whose scope goes through the participant (work plans, reviews, ...) are
 * marked `dependsOnCaseload`, so a caseload change restarts them (docs/decisions-sync.md).
 */
export interface ServerCollection {
  name: CollectionName;
  table: string;
  /** Rows the viewer may see (permissions). Rows of the tenant outside it arrive as deletions. */
  scope: ScopeFn;
  /** The tenant's rows; the pull never looks outside them. */
  tenancy: (viewer: Viewer, alias: string) => SqlFragment;
  /** Columns that never leave the server (secrets, hashes). */
  omit: readonly string[];
  /** The scope looks at participants (the caseload), not only at the row itself. */
  dependsOnCaseload: boolean;
  /**
   * Parents whose scope decides this collection's (a measurement's tasks, a plan's notes, a
   * dashboard's widgets): when the set of parents in the viewer's scope changes, the collection
   * starts over, so children follow their parent into and out of scope although they did not change.
   */
  scopeParents: readonly ScopeParent[];
}

export interface ScopeParent {
  table: string;
  scope: ScopeFn;
}

/** The file kind of message attachments (server/messages/mutations.ts). */
export const ATTACHMENT_FILE_KIND = 13;

/**
 * Files: the table's scope, and an attachment not yet linked to a message (being written) only for
 * its uploader (issue 10: unsent attachments are nobody else's business); an instrument's documents
 * (kind 13 with an instrument link, issue 23) follow the instrument.
 */
const filesPullScope =
  (base: ScopeFn): ScopeFn =>
  (viewer, alias) =>
    sql([`(`, ` AND (${alias}.kind <> ${ATTACHMENT_FILE_KIND} OR ${alias}.message_id IS NOT NULL OR ${alias}.instrument_id IS NOT NULL OR ${alias}.user_id = `, `))`], base(viewer, alias), viewer.userId);

const measurements: ScopeParent = { table: 'wage_value_measurements', scope: wageValueMeasurementsScope };
const plans: ScopeParent = { table: 'wage_value_plans', scope: wageValuePlansScope };
const dashboards: ScopeParent = { table: 'dashboards', scope: dashboardsScope };
const instruments: ScopeParent = { table: 'instruments', scope: scopeOf('instruments') };

/** Tables whose scope is decided through the participant rows in the viewer's scope. */
const CASELOAD_DEPENDENT = new Set([
  'users', 'invitations', 'work_plans', 'work_plan_behaviors', 'work_plan_skills', 'assignments', 'reviews',
  'review_scores', 'participant_reviews', 'participant_review_scores', 'participant_behavior_scores',
  'participant_skill_scores', 'participant_targets', 'participation_ladder_steps', 'cases', 'instrument_matches',
  'plans_of_approach', 'wage_value_measurements', 'wage_value_tasks', 'wage_value_plans', 'wage_value_plan_notes',
  'files', 'workplace_applications', 'placements',
]);

const byCompany = (viewer: Viewer, alias: string): SqlFragment => sql([`${alias}.company_id = `, ''], viewer.companyId);

const overrides: Partial<Record<CollectionName, Partial<Omit<ServerCollection, 'name' | 'table'>>>> = {
  companies: { tenancy: (v, a) => sql([`${a}.id = `, ''], v.companyId) },
  aclRoles: { tenancy: (v, a) => sql([`(${a}.company_id = `, ` OR ${a}.company_id IS NULL)`], v.companyId) },
  users: { omit: ['password_hash', 'mfa_secret', 'mfa_last_used_step', 'password_changed_at'] },
  invitations: { omit: ['token_hash'] },
  files: { omit: ['storage_key'], scope: filesPullScope(scopeOf('files')), scopeParents: [measurements, instruments] },
  wageValueTasks: { scopeParents: [measurements] },
  wageValuePlanNotes: { scopeParents: [plans] },
  widgets: { scopeParents: [dashboards] },
};

export const SERVER_COLLECTIONS: readonly ServerCollection[] = COLLECTION_NAMES.map((name) => ({
  name,
  table: COLLECTIONS[name].table,
  scope: scopeOf(COLLECTIONS[name].table),
  tenancy: byCompany,
  omit: [],
  dependsOnCaseload: CASELOAD_DEPENDENT.has(COLLECTIONS[name].table),
  scopeParents: [],
  ...overrides[name],
}));

const byName = new Map(SERVER_COLLECTIONS.map((c) => [c.name, c]));
const byTable = new Map(SERVER_COLLECTIONS.map((c) => [c.table, c]));

export function serverCollection(name: CollectionName): ServerCollection {
  const found = byName.get(name);
  if (!found) throw new Error(`Unknown collection ${name}`);
  return found;
}

export function collectionOfTable(table: string): ServerCollection | undefined {
  return byTable.get(table);
}
