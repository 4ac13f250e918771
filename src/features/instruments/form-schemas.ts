import type { Path, Resolver } from 'react-hook-form';
import { INSTRUMENT_SECTIONS, SaveInstrumentMatchSchema, SaveInstrumentSchema, type SaveInstrumentInput, type SaveInstrumentMatchInput } from '../../domain/instruments/inputs';
import { SavePlanOfApproachSchema, type PlanStatus, type SavePlanOfApproachInput } from '../../domain/instruments/plan-of-approach';
import { LINK_FIELDS } from '../../domain/instruments/writes';
import { uuidv7 } from '../../domain/sync/uuid-v7';
import { writeResolver } from '../../lib/forms/form-helpers';

/**
 * The instrument forms' values and how they become the writes' inputs: each form checks with the
 * valibot schema of the write it sends (SaveInstrumentSchema, SaveInstrumentMatchSchema,
 * SavePlanOfApproachSchema), and each issue lands on the field the user typed in.
 */

export type LinkField = (typeof LINK_FIELDS)[number];

export interface InstrumentValues {
  name: string;
  description: string;
  categoryId: string;
  competencySystemId: string;
  provisionTypeId: string;
  childcareAllowance: boolean;
  profile: string;
  kwnwStep: string;
  participantStatusIds: number[];
  /** Text per section key (an empty section is not sent). */
  sections: Record<string, string>;
  links: Record<LinkField, number[]>;
}

const optionalId = (s: string) => (s === '' ? null : Number(s));
const sorted = (list: readonly number[]) => [...list].sort((a, b) => a - b);

/** saveInstrument's input of the form (sections in the spec's order, empty ones left out; ids sorted). */
export function instrumentInput(values: InstrumentValues, uuid: string): Record<string, unknown> {
  return {
    uuid,
    name: values.name,
    description: values.description,
    categoryId: optionalId(values.categoryId),
    competencySystemId: optionalId(values.competencySystemId),
    provisionTypeId: optionalId(values.provisionTypeId),
    childcareAllowance: values.childcareAllowance,
    profile: values.profile,
    kwnwStep: values.kwnwStep,
    participantStatusIds: sorted(values.participantStatusIds),
    sections: sentSections(values.sections).map((k) => ({ key: k, text: values.sections[k]! })),
    ...Object.fromEntries(LINK_FIELDS.map((f) => [f, sorted(values.links[f])])),
  };
}

const sentSections = (sections: Record<string, string>) => INSTRUMENT_SECTIONS.filter((k) => sections[k]?.trim());

/** The form field of an issue of saveInstrument: `sections.2.text` is the text box of the third section sent. */
export function instrumentFieldOf(values: InstrumentValues): (path: string) => string {
  return (path) => {
    const section = /^sections\.(\d+)/.exec(path);
    if (section) {
      const key = sentSections(values.sections)[Number(section[1])];
      return key ? `sections.${key}` : 'sections';
    }
    const link = /^(\w+Ids)(\.|$)/.exec(path);
    if (link && (LINK_FIELDS as readonly string[]).includes(link[1]!)) return `links.${link[1]}`;
    if (link) return link[1]!;
    return path === '' ? 'name' : path;
  };
}

const PLAIN_FIELDS = ['name', 'description', 'categoryId', 'competencySystemId', 'provisionTypeId', 'kwnwStep', 'profile', 'participantStatusIds'] as const;

/** The form field of a field code in a refusal of saveInstrument; null: the instrument as a whole. */
export function refusedField(code: string | null): Path<InstrumentValues> | null {
  if (code === 'criteriaIds') return 'links.criterionIds';
  if ((LINK_FIELDS as readonly (string | null)[]).includes(code)) return `links.${code as LinkField}`;
  return (PLAIN_FIELDS as readonly (string | null)[]).includes(code) ? (code as (typeof PLAIN_FIELDS)[number]) : null;
}

export function instrumentResolver(uuid: string): Resolver<InstrumentValues, unknown, SaveInstrumentInput> {
  return (values, context, options) => writeResolver<InstrumentValues, SaveInstrumentInput>(SaveInstrumentSchema, (x) => instrumentInput(x, uuid), instrumentFieldOf(values))(values, context, options);
}

/** Linking participants to an instrument for a period (the instrument's page) or one participant to an instrument (matching). */
export interface MatchValues {
  participantIds: number[];
  startDate: string;
  endDate: string;
}

/**
 * saveInstrumentMatch's schema on the form's choice: the instrument (and case, criteria) are the screen's,
 * the write's uuid is drawn when it is queued (the schema sees a well-formed one).
 */
export function matchResolver(fixed: { instrumentId: number; caseId?: number | null; criteriaIds?: number[] }): Resolver<MatchValues, unknown, SaveInstrumentMatchInput> {
  return writeResolver<MatchValues, SaveInstrumentMatchInput>(SaveInstrumentMatchSchema, (x) => ({ uuid: uuidv7(), ...fixed, participantIds: x.participantIds, startDate: x.startDate, endDate: x.endDate }), (path) =>
    path.startsWith('participantIds') ? 'participantIds' : path === 'startDate' || path === 'endDate' ? path : 'participantIds',
  );
}

/** The plan of approach as the form edits it: strengths and obstacles one per line, agreements with a due date or ''. */
export interface PlanValues {
  goal: string;
  strengths: string;
  obstacles: string;
  agreements: { description: string; due: string }[];
  status: PlanStatus;
}

const lines = (s: string) => s.split('\n').map((x) => x.trim()).filter(Boolean);

export function planInput(values: PlanValues, fixed: { uuid: string; participantId: number }): Record<string, unknown> {
  return {
    ...fixed,
    status: values.status,
    content: {
      goal: values.goal,
      strengths: lines(values.strengths),
      obstacles: lines(values.obstacles),
      agreements: values.agreements.map((a) => ({ description: a.description, due: a.due || null })),
    },
  };
}

/** The form field of an issue of savePlanOfApproach: `content.agreements.0.due` → `agreements.0.due`, `content.strengths.3` → `strengths`. */
export function planFieldOf(path: string): string {
  const inContent = path.replace(/^content\.?/, '');
  const list = /^(strengths|obstacles)(\.|$)/.exec(inContent);
  if (list) return list[1]!;
  if (/^agreements\.\d+\.(description|due)$/.test(inContent)) return inContent;
  if (inContent.startsWith('agreements')) return 'agreements';
  if (inContent === 'goal' || inContent === 'status') return inContent;
  return 'goal';
}

/** The form field of a field code in a refusal of savePlanOfApproach (the goal); null: the plan as a whole. */
export function planRefusedField(code: string | null): Path<PlanValues> | null {
  return code === 'goal' || code === 'status' ? code : null;
}

export function planResolver(fixed: { uuid: string; participantId: number }): Resolver<PlanValues, unknown, SavePlanOfApproachInput> {
  return writeResolver<PlanValues, SavePlanOfApproachInput>(SavePlanOfApproachSchema, (x) => planInput(x, fixed), planFieldOf);
}
