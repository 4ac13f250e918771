/**
 * The replicated collections: one list shared by the server (which table, pull<Name>), the replica
 * (Dexie tables and indexes) and the screens. Indexes are shaped for the screens' queries so they read
 * ordered ranges instead of sorting in memory. Every table's primary key is `uuid`.
 * Pure data and functions: no Dexie, DOM or network here.
 */
import type { ReplicaDocument } from './types';

export interface CollectionDef {
  /** Server table. */
  table: string;
  /** Dexie secondary indexes after the primary key `uuid` (Dexie syntax, comma separated). */
  indexes: string;
  /** Fields computed on the client before a document is stored, for indexes (lower-case names, inbox keys). */
  derive?: (doc: ReplicaDocument) => Record<string, unknown>;
}

const lower = (...parts: unknown[]): string =>
  parts
    .filter((p): p is string => typeof p === 'string' && p.length > 0)
    .join(' ')
    .toLowerCase();

const partyKey = (userId: unknown, participantId: unknown): string | null =>
  typeof userId === 'number' ? `u:${userId}` : typeof participantId === 'number' ? `p:${participantId}` : null;

const BASE = 'id, updatedAt';

/** The work-plan list's name key: Dutch lower case without accents (index order: UTF-16 code units). */
export const planNameSort = (name: unknown): string =>
  (typeof name === 'string' ? name : '').toLocaleLowerCase('nl').normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/** The measurement search's default order key (newest first when read in reverse). */
export const measurementListKey = (createdAt: unknown): string =>
  typeof createdAt === 'string' ? createdAt : createdAt === null || createdAt === undefined ? '9999' : JSON.stringify(createdAt);

export const COLLECTIONS = {
  // Tenancy and people (001_core).
  companies: { table: 'companies', indexes: BASE },
  projects: { table: 'projects', indexes: BASE },
  aclRoles: { table: 'acl_roles', indexes: BASE },
  users: {
    table: 'users',
    // No index on a name (issue 36): a name in an index is a name in clear on disk. nameLower is kept
    // sealed in the document for the screens' in-memory sort (src/lib/replica/sorted-rows.ts).
    indexes: `${BASE}, aclRoleId, projectId`,
    derive: (d) => ({ nameLower: lower(d.givenName ?? d.initials, d.surname) }),
  },
  participants: {
    table: 'participants',
    // No index on a name (issue 36, replica version 6): the list reads the rows, opens them and sorts by
    // nameLower in memory (src/lib/replica/sorted-rows.ts); nameLower stays in the sealed document.
    indexes: `${BASE}, coachId, managerId, statusId, userId`,
    derive: (d) => ({ nameLower: lower(d.lastname, d.firstname, d.prefix) }),
  },
  subStatuses: { table: 'sub_statuses', indexes: `${BASE}, statusId` },
  companyStatuses: { table: 'company_statuses', indexes: `${BASE}, statusId` },
  invitations: { table: 'invitations', indexes: `${BASE}, createdAt` },
  // Messages: inbox newest-first per recipient, Verzonden per sender. The derived keys are set only
  // on the messages they count (absent elsewhere, so the index holds just those): unreadKey on
  // received unread shown messages (the badge is an index count), inboxKey on received shown ones,
  // sentKey on sent shown ones. Optimistic changes (read, unread) derive them again (materialize).
  messages: {
    table: 'messages',
    indexes: `${BASE}, [recipientKey+createdAt], [senderKey+createdAt], unreadKey, [inboxKey+createdAt], [sentKey+createdAt], participantId, parentMessageId`,
    derive: (d) => {
      const recipientKey = partyKey(d.recipientUserId, d.recipientParticipantId);
      const senderKey = partyKey(d.senderUserId, d.senderParticipantId);
      const live = d._deleted !== true;
      const shown = live && d.display !== false;
      return {
        recipientKey,
        senderKey,
        unreadKey: shown && d.read === false && recipientKey ? recipientKey : undefined,
        inboxKey: shown && recipientKey ? recipientKey : undefined,
        sentKey: live && d.senderDisplay !== false && senderKey ? senderKey : undefined,
      };
    },
  },
  // Work plans, assignments and reviews.
  workPlans: {
    table: 'work_plans',
    // listStatus: the status the list shows (absent on tombstones). No index on the plan's name (issue 36,
    // replica version 6): the list sorts by nameSort in memory (src/lib/replica/sorted-rows.ts); nameSort
    // stays in the sealed document.
    indexes: `${BASE}, participantId, [coachId+status], [managerId+status], [participantId+status], listStatus`,
    derive: (d) => {
      const nameSort = planNameSort(d.name);
      const listStatus = d._deleted === true ? undefined : typeof d.status === 'string' && d.status !== '' ? d.status : 'to_start';
      return { nameSort, listStatus };
    },
  },
  assignments: { table: 'assignments', indexes: `${BASE}, workPlanId, participantId` },
  reviews: { table: 'reviews', indexes: `${BASE}, assignmentId, [participantId+createdAt]` },
  reviewScores: { table: 'review_scores', indexes: `${BASE}, reviewId` },
  participantReviews: { table: 'participant_reviews', indexes: `${BASE}, assignmentId, [participantId+createdAt]` },
  participantReviewScores: { table: 'participant_review_scores', indexes: `${BASE}, participantReviewId` },
  workPlanBehaviors: { table: 'work_plan_behaviors', indexes: `${BASE}, workPlanId` },
  workPlanSkills: { table: 'work_plan_skills', indexes: `${BASE}, workPlanId` },
  participantBehaviorScores: { table: 'participant_behavior_scores', indexes: `${BASE}, participantId` },
  participantSkillScores: { table: 'participant_skill_scores', indexes: `${BASE}, participantId` },
  participantTargets: { table: 'participant_targets', indexes: `${BASE}, participantId` },
  participationLadderSteps: { table: 'participation_ladder_steps', indexes: `${BASE}, participantId` },
  // Blueprints and the competency model (reference lists).
  blueprints: { table: 'blueprints', indexes: `${BASE}, categoryId` },
  blueprintCategories: { table: 'blueprint_categories', indexes: BASE },
  blueprintSteps: { table: 'blueprint_steps', indexes: `${BASE}, blueprintId` },
  blueprintBehaviors: { table: 'blueprint_behaviors', indexes: `${BASE}, blueprintId` },
  blueprintSkills: { table: 'blueprint_skills', indexes: `${BASE}, blueprintId` },
  blueprintWorkOrders: { table: 'blueprint_work_orders', indexes: `${BASE}, blueprintId` },
  workOrders: { table: 'work_orders', indexes: BASE },
  competencySystems: { table: 'competency_systems', indexes: BASE },
  competencies: { table: 'competencies', indexes: `${BASE}, competencySystemId` },
  behaviors: { table: 'behaviors', indexes: `${BASE}, competencyId` },
  disciplines: { table: 'disciplines', indexes: BASE },
  skillCategories: { table: 'skill_categories', indexes: `${BASE}, disciplineId` },
  skills: { table: 'skills', indexes: `${BASE}, disciplineId` },
  provisionTypes: { table: 'provision_types', indexes: BASE },
  workPlanTerminationReasons: { table: 'work_plan_termination_reasons', indexes: BASE },
  // Instruments, workplaces, placements, cases.
  instruments: { table: 'instruments', indexes: `${BASE}, categoryId` },
  instrumentCategories: { table: 'instrument_categories', indexes: BASE },
  instrumentMatches: { table: 'instrument_matches', indexes: `${BASE}, participantId` },
  matchingCategories: { table: 'matching_categories', indexes: BASE },
  matchingCriteria: { table: 'matching_criteria', indexes: `${BASE}, categoryId` },
  businesses: { table: 'businesses', indexes: BASE },
  workplaces: { table: 'workplaces', indexes: `${BASE}, businessId` },
  workplaceApplications: { table: 'workplace_applications', indexes: `${BASE}, participantId` },
  placements: { table: 'placements', indexes: `${BASE}, participantId` },
  placementProcessLabels: { table: 'placement_process_labels', indexes: BASE },
  placementRejectReasons: { table: 'placement_reject_reasons', indexes: BASE },
  cases: { table: 'cases', indexes: `${BASE}, participantId` },
  plansOfApproach: { table: 'plans_of_approach', indexes: `${BASE}, participantId` },
  processFlowStatuses: { table: 'process_flow_statuses', indexes: BASE },
  // Wage value: measurements of a participant newest-first, plans (planning) and their notes.
  wageValueMeasurements: {
    table: 'wage_value_measurements',
    // listCreatedAt (replica version 3): the search list's default order, newest first, a
    // measurement without a creation time first ('9999'); absent on tombstones.
    indexes: `${BASE}, [participantId+createdAt], status, expertUserId, listCreatedAt, [status+listCreatedAt]`,
    derive: (d) => ({ listCreatedAt: d._deleted === true ? undefined : measurementListKey(d.createdAt) }),
  },
  wageValueTasks: { table: 'wage_value_tasks', indexes: `${BASE}, measurementId` },
  wageValuePlans: { table: 'wage_value_plans', indexes: `${BASE}, participantId, [assessorUserId+planDate], planDate` },
  wageValuePlanNotes: { table: 'wage_value_plan_notes', indexes: `${BASE}, [planId+noteDate]` },
  wageValuePlanStatuses: { table: 'wage_value_plan_statuses', indexes: BASE },
  wageValuePlanSequences: { table: 'wage_value_plan_sequences', indexes: BASE },
  wageValueRegions: { table: 'wage_value_regions', indexes: BASE },
  wageValueSettings: { table: 'wage_value_settings', indexes: BASE },
  // Dashboards, files, settings, system messages.
  dashboards: { table: 'dashboards', indexes: BASE },
  widgets: { table: 'widgets', indexes: `${BASE}, dashboardId` },
  files: { table: 'files', indexes: `${BASE}, participantId, messageId, workPlanId, measurementId, instrumentId` },
  searchHistory: { table: 'search_history', indexes: `${BASE}, [userId+subject]` },
  searchSettings: { table: 'search_settings', indexes: `${BASE}, [userId+subject]` },
  systemMessages: { table: 'system_messages', indexes: BASE },
  // Sync self-test document (also used by the fault-injection test).
  syncProbes: { table: 'sync_probes', indexes: `${BASE}, userId` },
} as const satisfies Record<string, CollectionDef>;

export type CollectionName = keyof typeof COLLECTIONS;

export const COLLECTION_NAMES = Object.keys(COLLECTIONS) as CollectionName[];

export function isCollectionName(name: string): name is CollectionName {
  return Object.hasOwn(COLLECTIONS, name);
}

/** The document as stored in the replica: the server's fields plus the derived index fields. */
export function withDerived(name: CollectionName, doc: ReplicaDocument): ReplicaDocument {
  const def: CollectionDef = COLLECTIONS[name];
  return def.derive ? { ...doc, ...def.derive(doc) } : doc;
}

/** pullParticipants, pullWorkPlans, ... */
export function pullFieldName(name: CollectionName): string {
  return `pull${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}
