/**
 * valibot schemas of the wage-value writes (the declared writes' inputs): the shape of each payload,
 * and for the measurement the rules of validation.ts on the saved step. Messages are i18n keys.
 */
import * as v from 'valibot';
import { MeasurementType, measurementSteps, type MeasurementStep, WageValueLimits } from './constants';
import { draftOfDocument, normFunctionForType, type MeasurementDocument, type MeasurementDraft } from './measurement';
import { toIsoDate } from './numbers';
import { consistencyIssues, validateStep, type WageValueIssue } from './validation';

const E = (k: string): string => `wageValue.errors.${k}`;
const text = v.optional(v.pipe(v.string(), v.maxLength(20_000, E('tooLong'))), '');
const shortText = v.optional(v.pipe(v.string(), v.maxLength(255, E('tooLong'))), '');
const num = v.nullish(v.number(E('notNumber')), null);
const bool = v.nullish(v.boolean(), null);
/** DD-MM-YYYY (the spec's payload) or ISO; stored as ISO. Unreadable text is kept so the rules name it. */
const date = v.nullish(v.pipe(v.string(), v.transform((s) => (s.trim() === '' ? null : toIsoDate(s) ?? s))), null);
const uuid = v.pipe(v.string(), v.uuid(E('notFound')));
const id = v.pipe(v.number(), v.integer(), v.minValue(1));

export const DetailsSchema = v.object({
  startingDate: date, validUntil: date, employerName: shortText, employerContactName: shortText,
  employerContactEmail: shortText, interviewedEmployerName: shortText, performedFunction: shortText,
  workingHoursPerWeek: num, fullTimeHours: num, wageValueExpert: shortText, context: text,
});

export const ResearchActivitiesSchema = v.object({
  reportDate: date,
  companyVisit: v.optional(v.boolean(), false), companyVisitDate: date,
  interviewedEmployee: v.optional(v.boolean(), false), interviewedEmployeeDate: date,
  interviewedEmployer: v.optional(v.boolean(), false), interviewedEmployerDate: date,
  researchActivitiesExplanation: text,
});

export const TaskSchema = v.object({
  sortOrder: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(WageValueLimits.tasksMax, E('tasksCount'))),
  description: shortText, explanation: text, minutesPerWeek: num,
  percentagePace: num, paceExplanation: text, percentageQuality: num, qualityExplanation: text,
  percentageNetWorkingTime: num, netWorkingTimeExplanation: text,
  percentageTimeSpentNormFunction: num, percentageOverlap: num,
});

export const NormFunctionSchema = v.object({
  normFunction: shortText, normFunctionType: num, normFunctionTypeExplanation: text,
  normFunctionSource: num, normFunctionSourceExplanation: text,
  salaryInterval: v.optional(v.nullable(v.number())), salary: v.optional(v.nullable(v.number())),
  holidayAllowancePercentage: v.optional(v.nullable(v.number())), emolument: v.optional(v.nullable(v.number())),
  salaryScale: v.optional(v.string()),
});

export const AdviceSchema = v.object({
  useSpecialConditions: bool,
  specialConditions: v.optional(v.array(v.number()), []),
  specialConditionsOther: text, specialConditionsExplanation: text,
  reassessmentAdvice: num, reassessmentAdviceExplanation: text,
  employerDiscussionDate: date, employerAgreed: bool, employerView: text,
  employeeDiscussionDate: date, employeeAgreed: bool, employeeDiscussionExplanation: text,
});

/**
 * saveWageValueMeasurement: one step of one measurement. The group the step edits is present; the
 * others stay as stored. `step` is the 1-based step that was saved (the resume point).
 */
export const SaveMeasurementSchema = v.object({
  uuid,
  participantId: id,
  type: v.picklist([MeasurementType.wage_subsidy, MeasurementType.wage_dispensation], E('optionInvalid')),
  step: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(measurementSteps.length)),
  details: v.optional(DetailsSchema),
  researchActivities: v.optional(ResearchActivitiesSchema),
  tasks: v.optional(v.pipe(v.array(TaskSchema), v.maxLength(WageValueLimits.tasksMax, E('tasksCount')))),
  normFunction: v.optional(NormFunctionSchema),
  advice: v.optional(AdviceSchema),
  summary: v.optional(text),
  /** Copy of another measurement (/copy/:measurementId). */
  copiedFromUuid: v.optional(v.nullable(v.string())),
  /** The expert confirmed that this new concept replaces the participant's existing concept (02 §4). */
  replaceExistingConcept: v.optional(v.boolean(), false),
});
export type SaveMeasurementInput = v.InferInput<typeof SaveMeasurementSchema>;
export type SaveMeasurementOutput = v.InferOutput<typeof SaveMeasurementSchema>;

export const stepName = (step: number): MeasurementStep => measurementSteps[Math.min(Math.max(step, 1), measurementSteps.length) - 1] ?? 'details';

/**
 * A group's keys in PostgreSQL's jsonb order (shorter keys first, then by code point), so the
 * optimistic document, the pulled one and the per-field comparison of the merge see the same text.
 */
export function jsonbOrder<T>(value: T): T {
  if (Array.isArray(value)) return value.map((x: unknown) => jsonbOrder(x)) as T;
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).filter(([, x]) => x !== undefined);
  entries.sort(([a], [b]) => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.map(([k, x]) => [k, jsonbOrder(x)])) as T;
}

/** The document fields a step's save sets (the optimistic patch and the server's update). */
export function measurementPatch(input: SaveMeasurementOutput): Partial<MeasurementDocument> {
  const patch: Partial<MeasurementDocument> = { participantId: input.participantId, step: input.step };
  if (input.details) {
    // The type is chosen in the details step; other steps leave it as stored.
    patch.type = input.type;
    patch.details = jsonbOrder(input.details);
    patch.startingDate = input.details.startingDate;
    patch.validUntil = input.details.validUntil;
    patch.employerName = input.details.employerName;
  }
  if (input.researchActivities) patch.researchActivities = jsonbOrder(input.researchActivities);
  if (input.tasks) patch.tasks = jsonbOrder([...input.tasks].sort((a, b) => a.sortOrder - b.sortOrder));
  if (input.normFunction) patch.normFunction = jsonbOrder(normFunctionForType(input.normFunction, input.type));
  if (input.advice) patch.advice = jsonbOrder(input.advice);
  if (input.summary !== undefined) patch.summary = input.summary;
  return patch;
}

/** The draft after applying a step's save to the stored document (null: a new measurement). */
export function draftAfterSave(current: MeasurementDocument | null, input: SaveMeasurementOutput): MeasurementDraft {
  const base: MeasurementDocument = current ?? { uuid: input.uuid, participantId: input.participantId, status: 'concept', type: input.type, step: 1, summary: null };
  const draft = draftOfDocument({ ...base, ...measurementPatch(input) });
  // The rules see the norm-function group as sent: wage fields on a wage subsidy are refused, not dropped.
  if (input.normFunction) draft.normFunction = { ...input.normFunction };
  return draft;
}

/**
 * The rules of the saved step on the merged draft: the first issue is the reason the server answers,
 * the worker refuses before queueing and the form shows inline. The steps the save carries are checked
 * (a save of the work-performance step carries the tasks, and is checked as that step), and then the
 * whole merged measurement's consistency (issue 21: a save that would make the stored figures
 * impossible is refused, whichever step it carries).
 *
 * The first save of a copy carries every group of the source (the copy copies every step); the
 * source's groups other than the saved step are checked for consistency only, as a concept may have
 * unfinished steps.
 */
export function saveIssues(current: MeasurementDocument | null, input: SaveMeasurementOutput): WageValueIssue[] {
  const draft = draftAfterSave(current, input);
  const own = stepName(input.step);
  const copy = current === null && !!input.copiedFromUuid;
  // Offline saves of one measurement fold into one write carrying several groups: every step whose
  // group it carries is checked, up to the saved step.
  const carried: MeasurementStep[] = [];
  if (!copy) {
    if (input.details) carried.push('details');
    if (input.researchActivities) carried.push('researchActivities');
    if (input.tasks) carried.push('tasks');
    if (input.normFunction) carried.push('normFunction');
    if (input.tasks && input.step >= 5) carried.push('workPerformance');
    if (input.advice) carried.push('advice');
    if (input.summary !== undefined) carried.push('summary');
  }
  const steps = measurementSteps.filter((s) => s === own || carried.includes(s));
  const issues = steps.flatMap((s) => validateStep(s, draft));
  const seen = new Set(issues.map((i) => `${i.path}|${i.key}`));
  return [...issues, ...consistencyIssues(draft).filter((i) => !seen.has(`${i.path}|${i.key}`))];
}

/** saveWageValueMeasurement's input parsed and checked against the stored document; answers the first reason. */
export function checkSave(current: MeasurementDocument | null, raw: unknown): { ok: true; value: SaveMeasurementOutput } | { ok: false; issue: WageValueIssue } {
  const parsed = v.safeParse(SaveMeasurementSchema, raw);
  if (!parsed.success) {
    const first = parsed.issues[0];
    const path = first.path?.map((p) => String(p.key)).join('.') ?? '';
    return { ok: false, issue: { path, key: first.message.startsWith('wageValue.') ? first.message : E('invalidInput') } };
  }
  const issues = saveIssues(current, parsed.output);
  const first = issues[0];
  return first ? { ok: false, issue: first } : { ok: true, value: parsed.output };
}

export const SetStatusSchema = v.object({
  uuid,
  status: v.picklist(['concept', 'definitive', 'cancelled'] as const, E('optionInvalid')),
});

export const DeleteMeasurementSchema = v.object({ uuid });

const optionalId = v.nullish(id, null);
const planText = v.optional(v.pipe(v.string(), v.maxLength(255, E('tooLong'))), '');

export const PlanSchema = v.object({
  uuid,
  participantId: v.pipe(v.number(E('required')), v.integer(), v.minValue(1, E('required'))),
  planDate: v.pipe(date, v.check((d) => d !== null, E('required')), v.check((d) => d === null || toIsoDate(d) !== null, E('dateInvalid'))),
  statusId: optionalId,
  sequenceId: optionalId,
  regionId: optionalId,
  assessorUserId: optionalId,
  active: v.optional(v.boolean(), true),
  employerName: planText, employerAddress: planText, employerPlace: planText, employerContact: planText,
  employerPhone: planText, jobCoach: planText,
  notes: v.optional(v.pipe(v.string(), v.maxLength(5_000, E('tooLong'))), ''),
});
export type PlanInput = v.InferInput<typeof PlanSchema>;

export const DeletePlanSchema = v.object({ uuid });

export const PlanNoteSchema = v.object({
  uuid,
  planUuid: uuid,
  noteDate: v.pipe(date, v.check((d) => d !== null, E('required')), v.check((d) => d === null || toIsoDate(d) !== null, E('dateInvalid'))),
  assessorUserId: optionalId,
  text: v.pipe(v.string(E('required')), v.trim(), v.nonEmpty(E('required')), v.maxLength(5_000, E('tooLong'))),
});
export type PlanNoteInput = v.InferInput<typeof PlanNoteSchema>;

export const DeletePlanNoteSchema = v.object({ uuid });

const label = v.pipe(v.string(E('required')), v.trim(), v.nonEmpty(E('required')), v.maxLength(100, E('tooLong')));
const ListEntrySchema = v.object({ uuid, label, locked: v.optional(v.boolean(), false) });

/** saveWageValueSettings: the lists and the plan label defaults (ids of entries, or uuids of entries saved in the same call). */
export const SettingsSchema = v.object({
  statuses: v.pipe(v.array(ListEntrySchema), v.minLength(1, E('statusesRequired'))),
  sequences: v.pipe(v.array(ListEntrySchema), v.minLength(1, E('sequencesRequired'))),
  regions: v.optional(v.array(ListEntrySchema), []),
  newPlanStatus: v.nullish(uuid, null),
  newPlanMeasurementSequence: v.nullish(uuid, null),
  definitivePlanStatus: v.nullish(uuid, null),
  definitivePlanMeasurementSequence: v.nullish(uuid, null),
});
export type SettingsInput = v.InferInput<typeof SettingsSchema>;
export type SettingsOutput = v.InferOutput<typeof SettingsSchema>;

/** The four defaults must name entries of the lists they belong to. */
export function settingsIssue(s: SettingsOutput): string | null {
  const st = new Set(s.statuses.map((x) => x.uuid));
  const sq = new Set(s.sequences.map((x) => x.uuid));
  if (s.newPlanStatus && !st.has(s.newPlanStatus)) return E('defaultNotInList');
  if (s.definitivePlanStatus && !st.has(s.definitivePlanStatus)) return E('defaultNotInList');
  if (s.newPlanMeasurementSequence && !sq.has(s.newPlanMeasurementSequence)) return E('defaultNotInList');
  if (s.definitivePlanMeasurementSequence && !sq.has(s.definitivePlanMeasurementSequence)) return E('defaultNotInList');
  const labels = (xs: readonly { label: string }[]): boolean => new Set(xs.map((x) => x.label.toLowerCase())).size === xs.length;
  if (!labels(s.statuses) || !labels(s.sequences) || !labels(s.regions)) return E('duplicateLabel');
  return null;
}

const dutchDates = <T extends object>(o: T): T =>
  Object.fromEntries(Object.entries(o).map(([k, x]) => [k, typeof x === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(x) ? `${x.slice(8, 10)}-${x.slice(5, 7)}-${x.slice(0, 4)}` : x])) as T;

/**
 * The payload of one step's save as the wizard sends it (dates DD-MM-YYYY, 02 §7): the step's group,
 * plus the tasks for the norm-function step (the tasks' norm-function shares are entered there).
 */
export function stepPayload(
  uuid: string,
  participantId: number,
  d: MeasurementDraft,
  step: number,
  extra: { replaceExistingConcept?: boolean; copiedFromUuid?: string | null } = {},
): SaveMeasurementInput {
  const base = { uuid, participantId, type: d.type, step, ...extra };
  // The first save of a copy carries every step of the source (issue 21: the copy copies every step).
  if (extra.copiedFromUuid) {
    return {
      ...base, details: dutchDates(d.details), researchActivities: dutchDates(d.researchActivities), tasks: d.tasks,
      normFunction: normFunctionForType(d.normFunction, d.type), advice: dutchDates(d.advice), summary: d.summary,
    };
  }
  switch (stepName(step)) {
    case 'details': return { ...base, details: dutchDates(d.details) };
    case 'researchActivities': return { ...base, researchActivities: dutchDates(d.researchActivities) };
    case 'tasks': case 'workPerformance': return { ...base, tasks: d.tasks };
    case 'normFunction': return { ...base, normFunction: normFunctionForType(d.normFunction, d.type), tasks: d.tasks };
    case 'advice': return { ...base, advice: dutchDates(d.advice) };
    case 'summary': return { ...base, summary: d.summary };
    default: return base;
  }
}
