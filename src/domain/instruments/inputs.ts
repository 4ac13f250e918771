import * as v from 'valibot';
import { recordIdSchema } from '../shared/record-id';

/**
 * The valibot schemas of the instrument area (02 §3 Instrument, Instrument match; §5 "Instrument
 * linking: start and end date required; at least one participant"): the form, the worker before
 * queueing and the server parse with these. Messages are i18n keys of the `instruments` area.
 */
export const INSTRUMENT_NAME_MAX = 255;
export const INSTRUMENT_TEXT_MAX = 5000;
/** Links per kind (disciplines, skills, ...) and participants per match: a bound, not a business rule. */
export const INSTRUMENT_LINKS_MAX = 500;
/** The instrument sections (aim, method and so on) a form offers; keys outside this list are refused. */
export const INSTRUMENT_SECTIONS = ['aim', 'method', 'targetGroup', 'duration', 'costs', 'result', 'conditions'] as const;
export type InstrumentSection = (typeof INSTRUMENT_SECTIONS)[number];
/** The KWNW steps an instrument may be linked to (02 §2: status, plan of approach, work plans). */
export const KWNW_STEPS = ['status', 'planOfApproach', 'workPlan'] as const;

const E = (key: string) => `instruments.errors.${key}`;

export const instrumentIdSchema = recordIdSchema(E('invalidId'));
const uuid = v.pipe(v.string(E('invalidId')), v.uuid(E('invalidId')));
const ids = v.optional(v.pipe(v.array(instrumentIdSchema, E('invalidId')), v.maxLength(INSTRUMENT_LINKS_MAX, E('tooMany'))));
const optionalText = (max: number) => v.nullish(v.pipe(v.string(E('invalidText')), v.trim(), v.maxLength(max, E('textTooLong'))));

/** An ISO calendar date (YYYY-MM-DD) that exists. */
export function isIsoDate(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}
const requiredDate = (key: string) => v.pipe(v.string(E(key)), v.trim(), v.nonEmpty(E(key)), v.check(isIsoDate, E('invalidDate')));

/** saveInstrument: create (new uuid) or edit an instrument of the company with its links. */
export const SaveInstrumentSchema = v.object({
  uuid,
  name: v.pipe(v.string(E('nameRequired')), v.trim(), v.nonEmpty(E('nameRequired')), v.maxLength(INSTRUMENT_NAME_MAX, E('nameTooLong'))),
  description: optionalText(INSTRUMENT_TEXT_MAX),
  categoryId: v.nullish(instrumentIdSchema),
  competencySystemId: v.nullish(instrumentIdSchema),
  provisionTypeId: v.nullish(instrumentIdSchema),
  childcareAllowance: v.optional(v.boolean(E('invalidFlag'))),
  profile: optionalText(INSTRUMENT_TEXT_MAX),
  kwnwStep: v.nullish(v.union([v.picklist(KWNW_STEPS, E('invalidKwnwStep')), v.literal('')], E('invalidKwnwStep'))),
  /** Matching participant statuses: global status ids (0..99). */
  participantStatusIds: v.optional(
    v.pipe(v.array(v.pipe(v.number(E('invalidStatus')), v.integer(E('invalidStatus')), v.minValue(0, E('invalidStatus')), v.maxValue(99, E('invalidStatus')))), v.maxLength(100, E('tooMany'))),
  ),
  /** Sections (aim, method and so on): text per section key. */
  sections: v.optional(
    v.array(
      v.object({
        key: v.picklist(INSTRUMENT_SECTIONS, E('invalidSection')),
        text: v.pipe(v.string(E('invalidText')), v.trim(), v.maxLength(INSTRUMENT_TEXT_MAX, E('textTooLong'))),
      }),
    ),
  ),
  disciplineIds: ids,
  skillIds: ids,
  competencyIds: ids,
  workOrderIds: ids,
  workplaceIds: ids,
  /** Matching criteria the instrument meets (what instrumentsMatch compares with the chosen filters). */
  criterionIds: ids,
});
export type SaveInstrumentInput = v.InferOutput<typeof SaveInstrumentSchema>;

/**
 * saveInstrumentMatch: link an instrument to one or more participants for a period. The uuid names
 * the match of the first participant (an existing one is edited); the others get a match of their own.
 */
export const SaveInstrumentMatchSchema = v.pipe(
  v.object({
    uuid,
    instrumentId: instrumentIdSchema,
    participantIds: v.pipe(v.array(instrumentIdSchema, E('participantRequired')), v.minLength(1, E('participantRequired')), v.maxLength(INSTRUMENT_LINKS_MAX, E('tooMany'))),
    startDate: requiredDate('startDateRequired'),
    endDate: requiredDate('endDateRequired'),
    caseId: v.nullish(instrumentIdSchema),
    criteriaIds: ids,
  }),
  v.forward(v.check((i) => i.endDate >= i.startDate, E('endBeforeStart')), ['endDate']),
);
export type SaveInstrumentMatchInput = v.InferOutput<typeof SaveInstrumentMatchSchema>;

/** The arguments of instrumentsMatch: the chosen matching filters (criterion ids) and the case or participant matched for. */
export const InstrumentsMatchArgsSchema = v.object({
  matchingFilters: v.nullish(v.pipe(v.array(instrumentIdSchema, E('invalidId')), v.maxLength(INSTRUMENT_LINKS_MAX, E('tooMany')))),
  caseId: v.nullish(instrumentIdSchema),
  participantId: v.nullish(instrumentIdSchema),
});

/** The arguments of workplaces: search text, employer and paging. */
export const WorkplacesArgsSchema = v.object({
  search: v.nullish(v.pipe(v.string(E('invalidText')), v.trim(), v.maxLength(200, E('textTooLong')))),
  businessId: v.nullish(instrumentIdSchema),
  availableOn: v.nullish(v.pipe(v.string(E('invalidDate')), v.check(isIsoDate, E('invalidDate')))),
});
