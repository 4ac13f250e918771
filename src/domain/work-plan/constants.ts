/** Work-plan enumerations and limits of spec 02 (§3, §4, §9). Stored values match the database CHECKs. */

/** Assignment (work order in a plan) status: planned 0, running (active) 1, ended (completed) 2. */
export const AssignmentStatus = {
  planned: 0,
  active: 1,
  completed: 2,
} as const;
export type AssignmentStatusName = keyof typeof AssignmentStatus;
export type AssignmentStatusId = (typeof AssignmentStatus)[AssignmentStatusName];

/**
 * The spec's second assignment enumeration (completed 0, planned 1, active 2). Where it applies is not
 * shown; it is kept only to translate legacy payloads. Everything Werkpad stores uses AssignmentStatus.
 */
export const LegacyAssignmentStatus = {
  completed: 0,
  planned: 1,
  active: 2,
} as const;

/** Work-plan list filter: all 1, unfinished 2, finished 3, unstarted 4, started 5. */
export const WorkPlanFilter = {
  all: 1,
  unfinished: 2,
  finished: 3,
  unstarted: 4,
  started: 5,
} as const;
export type WorkPlanFilterName = keyof typeof WorkPlanFilter;
export type WorkPlanFilterId = (typeof WorkPlanFilter)[WorkPlanFilterName];

/** Work-plan states (02 §4: to start, running, finished), as stored in work_plans.status. */
export const workPlanStatuses = ['to_start', 'running', 'finished'] as const;
export type WorkPlanStatus = (typeof workPlanStatuses)[number];

/** Which stored statuses a list filter selects. */
export const workPlanFilterStatuses: Readonly<Record<WorkPlanFilterName, readonly WorkPlanStatus[]>> = {
  all: workPlanStatuses,
  unfinished: ['to_start', 'running'],
  finished: ['finished'],
  unstarted: ['to_start'],
  started: ['running'],
};

/** Review (wage) score scale: 1 good with much guidance, 2 partial guidance, 3 no guidance. */
export const REVIEW_SCORE_MIN = 1;
export const REVIEW_SCORE_MAX = 3;
export const ReviewScore = {
  muchGuidance: 1,
  partialGuidance: 2,
  noGuidance: 3,
} as const;

/** A self score of 0 or less counts as no score. */
export function hasSelfScore(score: number | null | undefined): boolean {
  return typeof score === 'number' && score > 0;
}

/** Work-plan settings flags of a company (workPlanSettings). */
export const workPlanSettingFlags = ['has-manager', 'change-resource-code'] as const;
export type WorkPlanSettingFlag = (typeof workPlanSettingFlags)[number];

/** KWNW versions and instrument use (company settings). */
export const kwnwVersions = ['none', 'kwnw', 'kwnw2'] as const;
export type KwnwVersion = (typeof kwnwVersions)[number];
export const instrumentUses = ['criteria_only', 'disabled', 'enabled'] as const;
export type InstrumentUse = (typeof instrumentUses)[number];

/** File kinds (02 §9). */
export const FileKind = {
  lessonCard: 1,
  assignmentCard: 2,
  workPlanFile: 3,
  video: 4,
  participantFile: 5,
  image: 8,
  blueprint: 9,
  companyLogo: 10,
  instructionCard: 11,
  attachment: 13,
  userAvatar: 14,
  participantHomepagePicture: 15,
  companyCertificate: 16,
  wageValueReport: 18,
} as const;
export type FileKindName = keyof typeof FileKind;
export type FileKindId = (typeof FileKind)[FileKindName];
export const fileKindIds: readonly FileKindId[] = Object.values(FileKind);
