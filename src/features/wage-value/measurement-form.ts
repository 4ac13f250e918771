/**
 * The measurement wizard's react-hook-form wiring, pure: the issues of saving one step (the write's own
 * valibot schema, SaveMeasurementSchema, on the payload the step sends, then the same rules the server
 * runs with `checkSave`: the carried steps and the whole measurement's consistency), the form's errors
 * made of them, and back the issues the screens show.
 */
import * as v from 'valibot';
import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import { measurementSteps, type MeasurementStep } from '../../domain/wage-value/constants';
import type { MeasurementDocument, MeasurementDraft } from '../../domain/wage-value/measurement';
import { SaveMeasurementSchema, saveIssues, stepPayload } from '../../domain/wage-value/schemas';
import type { WageValueIssue } from '../../domain/wage-value/validation';

/** An issue as a field shows it: its path in the draft and its text. */
export interface ShownIssue {
  path: string;
  message: string;
}

/** What the resolver needs besides the values: the step being saved and the save's context. */
export interface SaveContext {
  uuid: string;
  /** 0-based index of the step being saved. */
  stepIndex: number;
  participantId: number | null;
  /** The first save of a copy carries every step of the source (checked as the server checks it). */
  copiedFromUuid: string | null;
}

const E = (k: string): string => `wageValue.errors.${k}`;

/**
 * The issues of saving `ctx.stepIndex` of `draft`: the participant first, then the write's schema on the
 * payload, then the server's rules (`saveIssues`) on the measurement the form holds.
 */
export function measurementIssues(draft: MeasurementDraft, ctx: SaveContext): WageValueIssue[] {
  if (ctx.participantId === null) return [{ path: 'participantId', key: 'wageValue.wizard.participantRequired' }];
  const step = ctx.stepIndex + 1;
  const payload = stepPayload(ctx.uuid, ctx.participantId, draft, step, { copiedFromUuid: ctx.copiedFromUuid });
  const parsed = v.safeParse(SaveMeasurementSchema, payload);
  if (!parsed.success) {
    return parsed.issues.map((i) => ({
      path: i.path?.map((p) => String(p.key)).join('.') ?? '',
      key: i.message.startsWith('wageValue.') ? i.message : E('invalidInput'),
    }));
  }
  // The form holds the whole measurement: the stored document as the server will see it after the save
  // (a copy's first save, like a new measurement's, has none yet).
  const current: MeasurementDocument | null = ctx.copiedFromUuid
    ? null
    : { uuid: ctx.uuid, participantId: ctx.participantId, status: 'concept', step, ...draft };
  return saveIssues(current, parsed.output);
}

/** Paths of the groups whose own message (a total, a share) sits beside their fields' messages. */
const GROUPS = new Set(['details', 'researchActivities', 'tasks', 'normFunction', 'advice']);

/** The form's error name of an issue path: a group's own message goes to `<group>.root`. */
export const errorNameOf = (path: string): string => (GROUPS.has(path) ? `${path}.root` : path === '' ? 'root.form' : path);

/** The step whose screen shows the field at `path` (the task fields are spread over three steps). */
export function stepOfPath(path: string): MeasurementStep {
  const [group = '', index, field = ''] = path.split('.');
  if (group === 'tasks' && index !== undefined) {
    if (/^percentage(Pace|Quality|NetWorkingTime)$|Explanation$/.test(field) && field !== 'explanation') return 'workPerformance';
    if (field === 'percentageTimeSpentNormFunction' || field === 'percentageOverlap') return 'normFunction';
    return 'tasks';
  }
  if (group === 'type' || group === 'participantId') return 'details';
  if ((measurementSteps as readonly string[]).includes(group)) return group as MeasurementStep;
  return 'details';
}

/** The form's errors of a list of issues (the first issue of a field wins), messages translated. */
export function errorsOf(issues: readonly WageValueIssue[], translate: (key: string, params: Record<string, string | number>) => string): FieldErrors<MeasurementDraft> {
  const errors: Record<string, unknown> = {};
  for (const issue of issues) {
    const parts = errorNameOf(issue.path).split('.');
    let node = errors;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      node = (typeof next === 'object' && next !== null ? next : (node[part] = {})) as Record<string, unknown>;
    }
    const last = parts.at(-1) ?? '';
    if (node[last] !== undefined) continue;
    const error: FieldError = { type: issue.key, message: translate(issue.key, issue.params ?? {}) };
    node[last] = error;
  }
  return errors;
}

const isFieldError = (x: unknown): x is FieldError =>
  typeof x === 'object' && x !== null && typeof (x as FieldError).type === 'string' && typeof (x as FieldError).message === 'string';

/** The issues the fields show, back from the form's errors (`<group>.root` as the group's path). */
export function shownIssues(errors: FieldErrors | undefined): ShownIssue[] {
  const out: ShownIssue[] = [];
  const walk = (node: unknown, path: string[]): void => {
    if (isFieldError(node)) {
      const name = path.join('.');
      out.push({ path: name.endsWith('.root') ? name.slice(0, -'.root'.length) : name, message: node.message ?? '' });
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    for (const [k, x] of Object.entries(node)) if (k !== 'ref') walk(x, [...path, k]);
  };
  walk(errors, []);
  return out;
}

/** The resolver's context (react-hook-form's `context`, set on every render): the save and the texts. */
export interface ResolverContext extends SaveContext {
  translate: (key: string, params: Record<string, string | number>) => string;
}

/**
 * The wizard's resolver: the step being saved and its context come with each validation (the form
 * lives across the steps).
 */
export const measurementResolver: Resolver<MeasurementDraft, ResolverContext> = (values, context) => {
  if (!context) return { values, errors: {} };
  const issues = measurementIssues(values, context);
  return issues.length === 0 ? { values, errors: {} } : { values: {}, errors: errorsOf(issues, context.translate) };
};
