import * as v from 'valibot';
import { REVIEW_SCORE_MAX, REVIEW_SCORE_MIN } from './constants';

/**
 * One valibot schema per work-plan input (STYLE.md): the forms, the worker before queueing and the
 * server's effect all parse with these. Messages are i18n keys of the workPlans area.
 */
export const TEXT_MAX = 2000;
export const NAME_MAX = 255;
/** Development-profile scores (start, current, target, self) are stored 0..10. */
export const PDP_SCORE_MIN = 0;
export const PDP_SCORE_MAX = 10;

const E = (key: string) => `workPlans.errors.${key}`;

export const idSchema = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/))]),
  v.transform((x) => Number(x)),
  v.number(),
  v.integer(),
  v.minValue(1),
);
const uuid = v.pipe(v.string(), v.uuid(E('invalidId')));

/** An ISO calendar date (YYYY-MM-DD) that exists. */
export function isIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
const date = (requiredKey: string) =>
  v.pipe(v.string(E(requiredKey)), v.trim(), v.nonEmpty(E(requiredKey)), v.check(isIsoDate, E('invalidDate')));
const optionalDate = v.nullish(v.pipe(v.string(), v.check((s) => s === '' || isIsoDate(s), E('invalidDate'))));

const text = v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(TEXT_MAX, E('textTooLong'))));

/** A coach or manager: an id, or an empty value (null or '') that clears it; absent = unchanged. */
export const clearableId = v.union([idSchema, v.literal(''), v.null()]);
export function clearedToNull(x: number | '' | null | undefined): number | null | undefined {
  return x === '' ? null : x;
}

/** A review score on the spec's scale (1..3). */
export const reviewScore = v.pipe(
  v.number(E('scoreRequired')),
  v.integer(E('scoreOutOfRange')),
  v.minValue(REVIEW_SCORE_MIN, E('scoreOutOfRange')),
  v.maxValue(REVIEW_SCORE_MAX, E('scoreOutOfRange')),
);
/** A self score: 0..3, where 0 (or less) counts as none. */
export const selfScore = v.pipe(
  v.number(E('scoreRequired')),
  v.integer(E('scoreOutOfRange')),
  v.transform((n) => Math.max(0, n)),
  v.maxValue(REVIEW_SCORE_MAX, E('scoreOutOfRange')),
);

const scoreLine = <S extends v.GenericSchema<unknown, number>>(score: S) =>
  v.pipe(
    v.object({ behaviorId: v.nullish(idSchema), skillId: v.nullish(idSchema), score }),
    v.check((l) => (l.behaviorId == null) !== (l.skillId == null), E('scoreTarget')),
  );

const startBeforeEnd = (i: { startDate?: string | null; expectedEndDate?: string | null }) =>
  !i.startDate || !i.expectedEndDate || i.expectedEndDate >= i.startDate;

/** addWorkPlan: a plan for a participant from a blueprint, with start and expected end dates. */
export const AddWorkPlanSchema = v.pipe(
  v.object({
    uuid,
    participantId: v.pipe(v.nullish(idSchema), v.check((x) => x != null, E('participantRequired'))),
    blueprintId: v.pipe(v.nullish(idSchema), v.check((x) => x != null, E('blueprintRequired'))),
    name: v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(NAME_MAX, E('nameTooLong')))),
    startDate: date('startDateRequired'),
    expectedEndDate: date('expectedEndDateRequired'),
    coachId: v.optional(clearableId),
    managerId: v.optional(clearableId),
  }),
  v.forward(v.check((i) => startBeforeEnd(i), E('endBeforeStart')), ['expectedEndDate']),
);
export type AddWorkPlanInput = v.InferOutput<typeof AddWorkPlanSchema>;

/** updateWorkPlan: one plan, or many at once for the batched coach or manager change. */
export const UpdateWorkPlanSchema = v.pipe(
  v.object({
    uuids: v.pipe(v.array(uuid), v.minLength(1, E('noPlansSelected')), v.maxLength(500, E('tooManyPlans'))),
    name: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty(E('nameRequired')), v.maxLength(NAME_MAX, E('nameTooLong')))),
    startDate: v.optional(optionalDate),
    expectedEndDate: v.optional(optionalDate),
    coachId: v.optional(clearableId),
    managerId: v.optional(clearableId),
  }),
  v.forward(v.check((i) => startBeforeEnd(i), E('endBeforeStart')), ['expectedEndDate']),
);
export type UpdateWorkPlanInput = v.InferOutput<typeof UpdateWorkPlanSchema>;

export const WorkPlanRefSchema = v.object({ uuid });

/**
 * Ending a plan (02 §5): reason and date required; the end date not before the start date.
 * `startDate` is the plan's (the form passes it; the server takes its own row's).
 */
export const EndWorkPlanSchema = v.pipe(
  v.object({
    uuid,
    startDate: v.nullish(v.string()),
    endDate: date('endDateRequired'),
    terminationReasonId: v.pipe(v.nullish(v.union([idSchema, v.literal('')])), v.check((x) => x != null && x !== '', E('reasonRequired'))),
  }),
  v.forward(
    v.check((i) => !i.startDate || i.endDate >= i.startDate, E('endBeforeStart')),
    ['endDate'],
  ),
);
export type EndWorkPlanInput = v.InferOutput<typeof EndWorkPlanSchema>;

/** The SRG rule: with srgEnabled, the chosen reason must carry an SRG value. */
export function srgReasonIssue(srgEnabled: boolean, reason: { srgValue?: string | null } | null | undefined): string | null {
  if (!reason) return E('reasonRequired');
  if (srgEnabled && !(reason.srgValue ?? '').trim()) return E('srgReasonRequired');
  return null;
}

/** A coach's review of an assignment: a score per behaviour and skill, a top and a tip, date. */
export const SaveReviewSchema = v.pipe(
  v.object({
    uuid,
    assignmentUuid: uuid,
    date: date('dateRequired'),
    score: v.nullish(reviewScore),
    scores: v.pipe(v.array(scoreLine(reviewScore)), v.maxLength(200)),
    top: text,
    tip: text,
  }),
  v.check((r) => r.scores.length > 0 || r.score != null, E('noScores')),
);
export type SaveReviewInput = v.InferOutput<typeof SaveReviewSchema>;

/** The participant's self-review of an assignment; scores of 0 or less count as none. */
export const SaveSelfReviewSchema = v.pipe(
  v.object({
    uuid,
    assignmentUuid: uuid,
    score: v.nullish(selfScore),
    scores: v.pipe(v.array(scoreLine(selfScore)), v.maxLength(200)),
    top: text,
    tip: text,
  }),
  v.check((r) => r.scores.some((l) => l.score > 0) || (r.score ?? 0) > 0 || !!r.top || !!r.tip, E('emptySelfReview')),
);
export type SaveSelfReviewInput = v.InferOutput<typeof SaveSelfReviewSchema>;

export const RequestReviewSchema = v.object({ assignmentUuid: uuid });
export type RequestReviewInput = v.InferOutput<typeof RequestReviewSchema>;

const pdpScore = v.nullish(
  v.pipe(v.number(E('scoreRequired')), v.integer(E('scoreOutOfRange')), v.minValue(PDP_SCORE_MIN, E('scoreOutOfRange')), v.maxValue(PDP_SCORE_MAX, E('scoreOutOfRange'))),
);
const pdpFields = { startScore: v.optional(pdpScore), currentScore: v.optional(pdpScore), targetScore: v.optional(pdpScore), selfScore: v.optional(pdpScore) };

export const UpdatePdpBehaviorSchema = v.object({ participantId: idSchema, behaviorId: idSchema, ...pdpFields });
export const UpdatePdpSkillSchema = v.object({ participantId: idSchema, skillId: idSchema, ...pdpFields });
export type UpdatePdpBehaviorInput = v.InferOutput<typeof UpdatePdpBehaviorSchema>;
export type UpdatePdpSkillInput = v.InferOutput<typeof UpdatePdpSkillSchema>;

export const RemovePdpDisciplineSchema = v.object({ participantId: idSchema, disciplineId: idSchema });
export type RemovePdpDisciplineInput = v.InferOutput<typeof RemovePdpDisciplineSchema>;

const BehaviorTarget = v.object({ behaviorId: idSchema, targetScore: v.nullish(reviewScore) });
const SkillTarget = v.object({ skillId: idSchema, targetScore: v.nullish(reviewScore) });

/** saveBlueprint: the wizard's fields (steps flattened: a parent index refers to an earlier step). */
export const SaveBlueprintSchema = v.object({
  uuid,
  name: v.pipe(v.string(E('nameRequired')), v.trim(), v.nonEmpty(E('nameRequired')), v.maxLength(NAME_MAX, E('nameTooLong'))),
  description: text,
  categoryId: v.nullish(idSchema),
  provisionTypeId: v.nullish(idSchema),
  competencySystemId: v.nullish(idSchema),
  steps: v.optional(
    v.array(v.object({ label: v.pipe(v.string(), v.trim(), v.nonEmpty(E('stepLabelRequired')), v.maxLength(NAME_MAX)), parentIndex: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0))) })),
    [],
  ),
  workOrderIds: v.optional(v.array(idSchema), []),
  behaviors: v.optional(v.array(BehaviorTarget), []),
  skills: v.optional(v.array(SkillTarget), []),
  participantStatusIds: v.optional(v.array(v.pipe(v.number(), v.integer(), v.minValue(0))), []),
  workplaceIds: v.optional(v.array(idSchema), []),
});
export type SaveBlueprintInput = v.InferOutput<typeof SaveBlueprintSchema>;

export const DeleteBlueprintSchema = v.object({ uuid });

/** A work order (werkopdracht) created on /work-order/create. */
export const SaveWorkOrderSchema = v.object({
  uuid,
  name: v.pipe(v.string(E('nameRequired')), v.trim(), v.nonEmpty(E('nameRequired')), v.maxLength(NAME_MAX, E('nameTooLong'))),
  description: text,
  disciplineId: v.nullish(idSchema),
});
export type SaveWorkOrderInput = v.InferOutput<typeof SaveWorkOrderSchema>;

/** The first issue's message (an i18n key) per field path, for forms and tests. */
export function issuesByField(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = v.getDotPath(issue) ?? '';
    out[key] ??= issue.message;
  }
  return out;
}
