/**
 * The fields the sealing layer leaves in clear (issue 36, src/lib/device-crypto/seal.ts): per table of the
 * replica, the primary key (first: the sealed value is bound to it) and what an index needs, and only when not personal (ids and foreign ids, dates,
 * statuses, derived keys made of ids). Everything else of a stored value (names, BSN, e-mail, phone,
 * addresses, free text, notes, file bytes and file names) is sealed into one field. A new index needs its
 * field here AND in NON_PERSONAL_FIELDS (clear-fields.test.ts fails otherwise); a field not here is sealed,
 * so an index on it would stay empty. Pure data.
 */
import type { CollectionName } from './collections';

/** Every field name that may ever be clear on the device: none of them holds anything about a person but ids, dates or states. */
export const NON_PERSONAL_FIELDS: ReadonlySet<string> = new Set([
  // keys
  'uuid', 'id', 'key', 'collection', 'clientMutationId', 'identity',
  // times and dates
  'updatedAt', 'createdAt', 'planDate', 'noteDate', 'listCreatedAt',
  // states
  'status', 'listStatus', 'target', 'subject',
  // foreign ids
  'aclRoleId', 'projectId', 'coachId', 'managerId', 'statusId', 'userId', 'participantId', 'parentMessageId', 'workPlanId',
  'assignmentId', 'reviewId', 'participantReviewId', 'categoryId', 'blueprintId', 'competencySystemId', 'competencyId',
  'disciplineId', 'businessId', 'expertUserId', 'measurementId', 'assessorUserId', 'planId', 'dashboardId', 'messageId',
  'instrumentId',
  // message keys: `u:<user id>` or `p:<participant id>` (collections.ts partyKey)
  'recipientKey', 'senderKey', 'unreadKey', 'inboxKey', 'sentKey',
  // the drafts' and figures' save time (src/features/work-plans/draft-store.ts, src/features/dashboards/figure-cache.ts)
  'savedAt',
]);

const BASE = ['uuid', 'id', 'updatedAt'] as const;

/** The replica's collections: uuid, id, updatedAt and their index fields. */
export const COLLECTION_CLEAR_FIELDS: Record<CollectionName, readonly string[]> = {
  companies: BASE, projects: BASE, aclRoles: BASE, blueprintCategories: BASE, workOrders: BASE, competencySystems: BASE,
  disciplines: BASE, provisionTypes: BASE, workPlanTerminationReasons: BASE, instrumentCategories: BASE, matchingCategories: BASE,
  businesses: BASE, placementProcessLabels: BASE, placementRejectReasons: BASE, processFlowStatuses: BASE,
  wageValuePlanStatuses: BASE, wageValuePlanSequences: BASE, wageValueRegions: BASE, wageValueSettings: BASE, dashboards: BASE,
  systemMessages: BASE,
  users: [...BASE, 'aclRoleId', 'projectId'],
  participants: [...BASE, 'coachId', 'managerId', 'statusId', 'userId'],
  subStatuses: [...BASE, 'statusId'],
  companyStatuses: [...BASE, 'statusId'],
  invitations: [...BASE, 'createdAt'],
  messages: [...BASE, 'recipientKey', 'createdAt', 'senderKey', 'unreadKey', 'inboxKey', 'sentKey', 'participantId', 'parentMessageId'],
  workPlans: [...BASE, 'participantId', 'coachId', 'status', 'managerId', 'listStatus'],
  assignments: [...BASE, 'workPlanId', 'participantId'],
  reviews: [...BASE, 'assignmentId', 'participantId', 'createdAt'],
  participantReviews: [...BASE, 'assignmentId', 'participantId', 'createdAt'],
  reviewScores: [...BASE, 'reviewId'],
  participantReviewScores: [...BASE, 'participantReviewId'],
  workPlanBehaviors: [...BASE, 'workPlanId'],
  workPlanSkills: [...BASE, 'workPlanId'],
  participantBehaviorScores: [...BASE, 'participantId'],
  participantSkillScores: [...BASE, 'participantId'],
  participantTargets: [...BASE, 'participantId'],
  participationLadderSteps: [...BASE, 'participantId'],
  instrumentMatches: [...BASE, 'participantId'],
  workplaceApplications: [...BASE, 'participantId'],
  placements: [...BASE, 'participantId'],
  cases: [...BASE, 'participantId'],
  plansOfApproach: [...BASE, 'participantId'],
  blueprints: [...BASE, 'categoryId'],
  instruments: [...BASE, 'categoryId'],
  matchingCriteria: [...BASE, 'categoryId'],
  blueprintSteps: [...BASE, 'blueprintId'],
  blueprintBehaviors: [...BASE, 'blueprintId'],
  blueprintSkills: [...BASE, 'blueprintId'],
  blueprintWorkOrders: [...BASE, 'blueprintId'],
  competencies: [...BASE, 'competencySystemId'],
  behaviors: [...BASE, 'competencyId'],
  skillCategories: [...BASE, 'disciplineId'],
  skills: [...BASE, 'disciplineId'],
  workplaces: [...BASE, 'businessId'],
  wageValueMeasurements: [...BASE, 'participantId', 'createdAt', 'status', 'expertUserId', 'listCreatedAt'],
  wageValueTasks: [...BASE, 'measurementId'],
  wageValuePlans: [...BASE, 'participantId', 'assessorUserId', 'planDate'],
  wageValuePlanNotes: [...BASE, 'planId', 'noteDate'],
  widgets: [...BASE, 'dashboardId'],
  files: [...BASE, 'participantId', 'messageId', 'workPlanId', 'measurementId', 'instrumentId'],
  searchHistory: [...BASE, 'userId', 'subject'],
  searchSettings: [...BASE, 'userId', 'subject'],
  syncProbes: [...BASE, 'userId'],
};

/** Every table of the replica: the collections, the outbox (its status, document and id; the input is sealed), queued files, checkpoints, meta. */
export const REPLICA_CLEAR_FIELDS: Readonly<Record<string, readonly string[]>> = {
  ...COLLECTION_CLEAR_FIELDS,
  // identity: the row's `<company>:<real user>[><impersonated>…]` (row-identity.ts), ids only.
  outbox: ['clientMutationId', 'status', 'collection', 'target', 'identity'],
  outboxFiles: ['clientMutationId'],
  checkpoints: ['collection'],
  meta: ['key'],
};
