import type { CollectionName } from '../../src/domain/sync/collections';

/**
 * Which reads carry participant data (issue 38, finding 3; NEN 7513, BIO 8.15): every pull collection, every
 * root query field and every REST route, each classified with a reason. A read that carries participant data
 * goes through server/auth/participant-reads.ts, which writes one audit row per request naming the
 * participants read. `server/security/participant-read-walk.test.ts` fails on anything not classified here,
 * so a new collection, field or route cannot be forgotten.
 *
 * Participant data: names, BSN, contact details, addresses, birth date, free text about a participant,
 * their documents and pictures, their scores, plans and measurements.
 */

/** How a pull page names the participants it answers. */
export type PullRule =
  /** The documents are participants: their ids. */
  | { carries: 'self' }
  /** The documents have a participant column (`participantId`, or the sender/recipient of a message). */
  | { carries: 'column' }
  /** Participant accounts among the users: the participant whose login each is. */
  | { carries: 'account' }
  /** A child row without a participant column: the participant of its parent (`parent.participant_id`). */
  | { carries: 'parent'; column: string; parent: ParentTable }
  | { carries: false; reason: string };

const REFERENCE = 'reference list of the organisation: no participant in it';
const SCORES = 'numbers keyed to a review or work plan; the pull of that review or plan names the participant';

export const PULL_RULES: Readonly<Record<CollectionName, PullRule>> = {
  companies: { carries: false, reason: 'the organisation itself' },
  projects: { carries: false, reason: REFERENCE },
  aclRoles: { carries: false, reason: REFERENCE },
  users: { carries: 'account' },
  participants: { carries: 'self' },
  subStatuses: { carries: false, reason: REFERENCE },
  companyStatuses: { carries: false, reason: REFERENCE },
  invitations: { carries: 'column' },
  messages: { carries: 'column' },
  workPlans: { carries: 'column' },
  assignments: { carries: 'column' },
  reviews: { carries: 'column' },
  reviewScores: { carries: false, reason: SCORES },
  participantReviews: { carries: 'column' },
  participantReviewScores: { carries: false, reason: SCORES },
  workPlanBehaviors: { carries: false, reason: SCORES },
  workPlanSkills: { carries: false, reason: SCORES },
  participantBehaviorScores: { carries: 'column' },
  participantSkillScores: { carries: 'column' },
  participantTargets: { carries: 'column' },
  participationLadderSteps: { carries: 'column' },
  blueprints: { carries: false, reason: REFERENCE },
  blueprintCategories: { carries: false, reason: REFERENCE },
  blueprintSteps: { carries: false, reason: REFERENCE },
  blueprintBehaviors: { carries: false, reason: REFERENCE },
  blueprintSkills: { carries: false, reason: REFERENCE },
  blueprintWorkOrders: { carries: false, reason: REFERENCE },
  workOrders: { carries: false, reason: REFERENCE },
  competencySystems: { carries: false, reason: REFERENCE },
  competencies: { carries: false, reason: REFERENCE },
  behaviors: { carries: false, reason: REFERENCE },
  disciplines: { carries: false, reason: REFERENCE },
  skillCategories: { carries: false, reason: REFERENCE },
  skills: { carries: false, reason: REFERENCE },
  provisionTypes: { carries: false, reason: REFERENCE },
  workPlanTerminationReasons: { carries: false, reason: REFERENCE },
  instruments: { carries: false, reason: REFERENCE },
  instrumentCategories: { carries: false, reason: REFERENCE },
  instrumentMatches: { carries: 'column' },
  matchingCategories: { carries: false, reason: REFERENCE },
  matchingCriteria: { carries: false, reason: REFERENCE },
  businesses: { carries: false, reason: 'employers: business contact details, no participant' },
  workplaces: { carries: false, reason: 'workplaces of employers, no participant' },
  workplaceApplications: { carries: 'column' },
  placements: { carries: 'column' },
  placementProcessLabels: { carries: false, reason: REFERENCE },
  placementRejectReasons: { carries: false, reason: REFERENCE },
  cases: { carries: 'column' },
  plansOfApproach: { carries: 'column' },
  processFlowStatuses: { carries: false, reason: REFERENCE },
  wageValueMeasurements: { carries: 'column' },
  wageValueTasks: { carries: 'parent', column: 'measurement_id', parent: 'wage_value_measurements' },
  wageValuePlans: { carries: 'column' },
  wageValuePlanNotes: { carries: 'parent', column: 'plan_id', parent: 'wage_value_plans' },
  wageValuePlanStatuses: { carries: false, reason: REFERENCE },
  wageValuePlanSequences: { carries: false, reason: REFERENCE },
  wageValueRegions: { carries: false, reason: REFERENCE },
  wageValueSettings: { carries: false, reason: 'settings of the organisation' },
  dashboards: { carries: false, reason: 'dashboard definitions (names, visibility)' },
  widgets: { carries: false, reason: 'widget definitions: figures are asked separately and are aggregates' },
  files: { carries: 'column' },
  searchHistory: { carries: false, reason: "the viewer's own search history" },
  searchSettings: { carries: false, reason: "the viewer's own list settings" },
  systemMessages: { carries: false, reason: 'messages of the organisation to everyone' },
  syncProbes: { carries: false, reason: "the viewer's own sync probes" },
};

/**
 * How a root query field answers participant data:
 * - `types`: through object types that name their participant (PARTICIPANT_TYPES), noted as they resolve;
 * - `arg`: about the one participant its argument names (noted when the answer is not empty);
 * - `false`: never, with the reason.
 * Pull fields (`pull<Collection>`) follow PULL_RULES.
 */
export type QueryRule =
  | { carries: 'types' }
  /** The argument names the participant, or (with `table`) a row of `table` whose `column` it matches and whose participant it is. */
  | { carries: 'arg'; arg: string; table?: ParentTable; column?: string }
  | { carries: false; reason: string };

/** Tables whose rows name a participant in `participant_id`, for reads that name such a row instead. */
export const PARENT_TABLES = ['wage_value_measurements', 'wage_value_plans', 'work_plans', 'participants'] as const;
export type ParentTable = (typeof PARENT_TABLES)[number];

const NONE = (reason: string): QueryRule => ({ carries: false, reason });
const TYPES: QueryRule = { carries: 'types' };

export const QUERY_RULES: Readonly<Record<string, QueryRule>> = {
  accessCheck: NONE('a yes or no about the viewer'),
  aclRoles: NONE(REFERENCE),
  auditLog: NONE('ids and staff names only; administrators; the log is not participant data'),
  authenticationAdapters: NONE('sign-in settings'),
  blueprintCategories: NONE(REFERENCE),
  blueprints: NONE(REFERENCE),
  case: TYPES,
  companies: NONE('organisations'),
  company: NONE('the organisation'),
  companyAuthenticationAdapters: NONE('sign-in settings'),
  companyServerCertificates: NONE('certificates of the organisation'),
  competency: NONE(REFERENCE),
  disciplines: NONE(REFERENCE),
  instrumentsMatch: { carries: 'arg', arg: 'participantId' },
  invitationByToken: NONE("the invitee's own name, to the holder of the invitation link"),
  invitations: TYPES,
  matchingCategories: NONE(REFERENCE),
  me: NONE("the viewer's own account"),
  message: TYPES,
  messageRecipients: TYPES,
  messages: TYPES,
  mfa: NONE("the viewer's own two-step status"),
  participant: TYPES,
  participantCompetencies: { carries: 'arg', arg: 'participantId' },
  participantDisciplines: { carries: 'arg', arg: 'participantId' },
  participantDocuments: { carries: 'arg', arg: 'participantId' },
  participantTargets: TYPES,
  participantTests: { carries: 'arg', arg: 'participantId' },
  participants: TYPES,
  participationLadder: { carries: 'arg', arg: 'participantId' },
  placementProcessLabels: NONE(REFERENCE),
  placementRejectReasons: NONE(REFERENCE),
  processFlow: NONE(REFERENCE),
  project: NONE(REFERENCE),
  projects: NONE(REFERENCE),
  replicaChecksums: NONE('counts and hashes of uuids and revisions'),
  searchHistory: NONE("the viewer's own search history"),
  searchSettings: NONE("the viewer's own list settings"),
  serverTime: NONE('the time'),
  sessionIdentity: NONE("the viewer's own identity chain"),
  settings: NONE("the viewer's own settings"),
  skillReport: TYPES,
  srgTerminationReasons: NONE(REFERENCE),
  statuses: NONE(REFERENCE),
  tasks: TYPES,
  template: NONE('branding'),
  transferSettings: NONE('transfer settings (addresses and mappings, no participant)'),
  user: TYPES,
  users: TYPES,
  wageValueMeasurements: TYPES,
  wageValuePlanNotes: { carries: 'arg', arg: 'planId', table: 'wage_value_plans', column: 'id' },
  wageValuePlanRegion: NONE(REFERENCE),
  wageValuePlanSequence: NONE(REFERENCE),
  wageValuePlanStatus: NONE(REFERENCE),
  wageValuePlans: TYPES,
  wageValueReport: { carries: 'arg', arg: 'measurementUuid', table: 'wage_value_measurements', column: 'uuid' },
  wageValueSettings: NONE('settings of the organisation'),
  workOrders: NONE(REFERENCE),
  workPlanTerminationReasons: NONE(REFERENCE),
  workPlans: TYPES,
  workplaces: NONE('workplaces of employers, no participant'),
};

/**
 * Object types that carry a participant's data, and where their participant is: `self` (the object is the
 * participant: its `id`), `column` (a `participant_id` on the row, or a message's sender or recipient),
 * `party` (a message party of type participant), `account` (a user that is a participant's login).
 */
export const PARTICIPANT_TYPES: Readonly<Record<string, 'self' | 'column' | 'party' | 'account'>> = {
  Participant: 'self',
  CaseParticipant: 'self',
  WorkPlanParticipant: 'self',
  Case: 'column',
  Invitation: 'column',
  Message: 'column',
  MessageParty: 'party',
  MessageRecipient: 'party',
  ParticipantTarget: 'column',
  SkillReportRow: 'column',
  Task: 'column',
  User: 'account',
  WageValueMeasurement: 'column',
  WageValuePlan: 'column',
  WorkPlan: 'column',
};

/**
 * REST routes (`METHOD path` as Hono mounts them, a parameter's {pattern} left out): whether the answer carries participant data, and which
 * audit row names the participants (`list_read`: participant-reads.ts; others: the route's own row, with
 * `details.participantIds` or `details.participantId`, or the file read).
 */
export type RestRule = { carries: true; action: string } | { carries: false; reason: string };
const REST_NONE = (reason: string): RestRule => ({ carries: false, reason });
const AUTH = 'sign-in, session or two-step: the caller\'s own account';

export const REST_RULES: Readonly<Record<string, RestRule>> = {
  'GET /api/health': REST_NONE('health'),
  'POST /api/oauth/token': REST_NONE(AUTH),
  'POST /api/oauth/revoke': REST_NONE(AUTH),
  'POST /api/oauth/logout': REST_NONE(AUTH),
  'GET /api/oauth/logout': REST_NONE(AUTH),
  'POST /api/oauth/sso-buttons': REST_NONE('sign-in buttons of an organisation'),
  'POST /api/oauth/sso/start': REST_NONE(AUTH),
  'POST /api/oauth/mfa/secret': REST_NONE(AUTH),
  'POST /api/oauth/mfa/setup': REST_NONE(AUTH),
  'GET /api/oauth/mfa/setup': REST_NONE(AUTH),
  'POST /api/oauth/mfa/verify': REST_NONE(AUTH),
  'POST /api/passwordreset': REST_NONE('answers the same for every name'),
  'GET /api/invitations/:token': REST_NONE("the invitee's own name, to the holder of the invitation link"),
  'POST /api/imitate': REST_NONE('starts an impersonation (audited as such); answers the chain'),
  'POST /api/imitate/stop': REST_NONE('ends an impersonation'),
  'GET /api/navigation': REST_NONE('the menu'),
  'POST /api/default/admin/deelnemervisibility/id/:id/format/json/setvisibility/:mode': REST_NONE('a write (audited as participant.visibility); answers success'),
  'GET /api/v2/stream': REST_NONE('pokes: collection names, no data'),
  'GET /api/files/get-presigned-url/:file': REST_NONE('answers a signed link, not the file (signing is audited)'),
  'GET /api/files/download/:file': { carries: true, action: 'file.download' },
  'POST /api/files': REST_NONE('an upload'),
  'GET /api/files/:uuid': { carries: true, action: 'file.download' },
  'GET /api/push/vapid-public-key': REST_NONE('a public key'),
  'POST /api/fcm': REST_NONE("the caller's own push subscription"),
  'GET /api/system-messages': REST_NONE('messages of the organisation to everyone'),
  'GET /api/users/roles': REST_NONE(REFERENCE),
  'GET /api/user/returnToSite': REST_NONE('a redirect'),
  'GET /api/remote-config': REST_NONE('client settings'),
  'POST /api/werkplanblauwdruk/print-documents/blauwdruk/:id': REST_NONE('a blueprint: reference data'),
  'GET /api/portal/documents/:uuid': { carries: true, action: 'participant.document.read' },
  'GET /api/portal/pictures/:uuid': REST_NONE('a profile or home-page picture shown beside a name whose read is logged'),
  'GET /api/instantie/style.css': REST_NONE('branding'),
  'GET /api/instantie/logo': REST_NONE('branding'),
  'GET /api/export/:file': { carries: true, action: 'participant.export' },
  'GET /api/users/:id/avatar': REST_NONE('a profile picture shown beside a name whose read is logged'),
  'GET /api/skill-report/:file': { carries: true, action: 'skillReport.export' },
  'GET /api/audit-log.csv': REST_NONE('ids and staff names only; administrators'),
  'OPTIONS /api/dashboards': REST_NONE('allowed methods'),
  'GET /api/dashboards': REST_NONE('dashboard definitions'),
  'POST /api/dashboards': REST_NONE('dashboard definitions'),
  'GET /api/dashboards/:id': REST_NONE('dashboard definitions'),
  'PUT /api/dashboards/:id': REST_NONE('dashboard definitions'),
  'DELETE /api/dashboards/:id': REST_NONE('dashboard definitions'),
  'GET /api/dashboards/:id/widgets': REST_NONE('widget definitions'),
  'PUT /api/dashboards/:id/widgets': REST_NONE('widget definitions'),
  'PUT /api/dashboards/:dashboard/widgets/:widget': REST_NONE('widget definitions'),
  'DELETE /api/dashboards/:dashboard/widgets/:widget': REST_NONE('widget definitions'),
  'GET /api/widgets': REST_NONE('widget definitions'),
  'GET /api/projects': REST_NONE(REFERENCE),
  'GET /api/graph/subjects': REST_NONE('what a graph can show'),
  'GET /api/graph/types': REST_NONE('what a graph can show'),
  'GET /api/graph/types/modifiers': REST_NONE('what a graph can show'),
  'GET /api/graph/types/comparisons': REST_NONE('what a graph can show'),
  'POST /api/graph/datasets': REST_NONE('aggregates (counts and sums per bucket), no participant named'),
  'POST /api/graph/related': { carries: true, action: 'participant.list_read' },
  'GET /api/dashboards/:dashboard/widgets/:widget/:file': REST_NONE('a figure\'s aggregates as a file'),
  'POST /api/transfer/endpoint-scanner': REST_NONE("a sample of an outside source's answer, not of this server's participants"),
  'GET /api/transfer/:id': REST_NONE('transfer settings'),
  'PUT /api/transfer/:id': REST_NONE('transfer settings'),
  'DELETE /api/transfer/:id': REST_NONE('transfer settings'),
  'POST /api/transfer/:id/run': REST_NONE('starts a run (an export run logs the participants it sent)'),
  'GET /api/transfer/:id/runs': REST_NONE('run counts and reason codes'),
  'GET /api/device/key-share': REST_NONE("the caller's own device key share"),
  'POST /api/session/lock': REST_NONE("the caller's own session"),
  'GET /api/devices': REST_NONE('devices of staff and participants: names of devices, no participant data'),
  'POST /api/devices/current': REST_NONE("the caller's own device"),
  'POST /api/devices/wiped': REST_NONE("the caller's own device"),
  'POST /api/devices/:id/revoke': REST_NONE('a write (audited)'),
  'GET /api/v2/graph': REST_NONE('the graph: every query field is classified in QUERY_RULES'),
  'POST /api/v2/graph': REST_NONE('the graph: every query field is classified in QUERY_RULES'),
  'OPTIONS /api/v2/graph': REST_NONE('allowed methods'),
};
