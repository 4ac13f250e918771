import * as v from 'valibot';
import { instrumentIdSchema, isIsoDate, INSTRUMENT_TEXT_MAX } from './inputs';

/**
 * The KWNW plan of approach (plan van aanpak): one per participant and KWNW version, edited whole by the
 * case manager. The content is one document field (`content`), so the per-field merge of concurrent edits
 * compares the plan's content and its status. Messages are i18n keys of the `instruments` area.
 */
export const PLAN_LIST_MAX = 20;
export const PLAN_STATUSES = ['open', 'closed'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

const E = (key: string) => `instruments.errors.${key}`;
const line = v.pipe(v.string(E('invalidText')), v.trim(), v.nonEmpty(E('lineRequired')), v.maxLength(500, E('textTooLong')));

export const PlanContentSchema = v.object({
  goal: v.pipe(v.string(E('goalRequired')), v.trim(), v.nonEmpty(E('goalRequired')), v.maxLength(INSTRUMENT_TEXT_MAX, E('textTooLong'))),
  strengths: v.pipe(v.array(line), v.maxLength(PLAN_LIST_MAX, E('tooMany'))),
  obstacles: v.pipe(v.array(line), v.maxLength(PLAN_LIST_MAX, E('tooMany'))),
  agreements: v.pipe(
    v.array(
      v.object({
        description: line,
        due: v.nullish(v.pipe(v.string(E('invalidDate')), v.check((s) => s === '' || isIsoDate(s), E('invalidDate')))),
      }),
    ),
    v.maxLength(PLAN_LIST_MAX, E('tooMany')),
  ),
});
export type PlanContent = v.InferOutput<typeof PlanContentSchema>;

/** savePlanOfApproach: create (new uuid) or edit the plan of approach of a participant in the caseload. */
export const SavePlanOfApproachSchema = v.object({
  uuid: v.pipe(v.string(E('invalidId')), v.uuid(E('invalidId'))),
  participantId: instrumentIdSchema,
  status: v.picklist(PLAN_STATUSES, E('invalidPlanStatus')),
  content: PlanContentSchema,
});
export type SavePlanOfApproachInput = v.InferOutput<typeof SavePlanOfApproachSchema>;

/** A stored plan's content as the form edits it (missing or odd parts become empty). */
export function planContentOf(raw: unknown): PlanContent {
  const c = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const lines = (x: unknown) => (Array.isArray(x) ? x.filter((s): s is string => typeof s === 'string') : []);
  const agreements = Array.isArray(c.agreements)
    ? c.agreements
        .filter((a): a is Record<string, unknown> => !!a && typeof a === 'object')
        .map((a) => ({ description: typeof a.description === 'string' ? a.description : '', due: typeof a.due === 'string' ? a.due : null }))
    : [];
  return { goal: typeof c.goal === 'string' ? c.goal : '', strengths: lines(c.strengths), obstacles: lines(c.obstacles), agreements };
}
