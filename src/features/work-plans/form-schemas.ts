import * as v from 'valibot';
import {
  AddWorkPlanSchema,
  EndWorkPlanSchema,
  SaveBlueprintSchema,
  SaveWorkOrderSchema,
  UpdateWorkPlanSchema,
  srgReasonIssue,
  type SaveBlueprintInput,
} from '../../domain/work-plan/inputs';
import { CopyFileSchema } from '../../domain/work-plan-files/files';

/**
 * The work-plan forms' schemas (issue 21): each is the write's own valibot schema (the one the worker
 * checks before queueing and the server checks on arrival) behind a mapping from the form's values
 * (select and text values as strings) to the write's input. The form's field names are the input's,
 * so the write's issues land on the form's fields; the form adds only rules of the screen itself
 * (a batch change must change something; a copy needs a chosen plan), never a copy of the write's rules.
 */
export function writeFormSchema<TValues, S extends v.GenericSchema>(schema: S, toInput: (values: TValues) => v.InferInput<S>) {
  return v.pipe(v.custom<TValues>(() => true), v.transform(toInput), schema);
}

const E = (key: string) => `workPlans.errors.${key}`;
/** A select's value: '' is none. */
const chosen = (x: string): number | null => (x === '' ? null : Number(x));

/** The coach/manager select: 'default' takes the participant's own (or none), '' clears, else the id. */
export const DEFAULT_STAFF = 'default';
const staffChoice = (x: string, fallback: unknown): number | '' => (x === DEFAULT_STAFF ? (typeof fallback === 'number' ? fallback : '') : x === '' ? '' : Number(x));

export interface AddPlanValues {
  participantId: string;
  blueprintId: string;
  name: string;
  startDate: string;
  expectedEndDate: string;
  coachId: string;
  managerId: string;
}
export interface AddPlanContext {
  uuid: string;
  /** The participants with their own coach and manager (the 'default' choice). */
  people: readonly { id: number; coachId?: unknown; managerId?: unknown }[];
  hasManager: boolean;
}
export function addPlanInput(values: AddPlanValues, ctx: AddPlanContext): v.InferInput<typeof AddWorkPlanSchema> {
  const person = ctx.people.find((p) => p.id === Number(values.participantId));
  return {
    uuid: ctx.uuid,
    participantId: chosen(values.participantId),
    blueprintId: chosen(values.blueprintId),
    name: values.name || null,
    startDate: values.startDate,
    expectedEndDate: values.expectedEndDate,
    coachId: staffChoice(values.coachId, person?.coachId),
    ...(ctx.hasManager ? { managerId: staffChoice(values.managerId, person?.managerId) } : {}),
  };
}
export const addPlanFormSchema = (ctx: AddPlanContext) => writeFormSchema(AddWorkPlanSchema, (x: AddPlanValues) => addPlanInput(x, ctx));

export interface EndPlanValues {
  endDate: string;
  terminationReasonId: string;
}
export interface EndPlanContext {
  uuid: string;
  startDate: string | null;
  srgEnabled: boolean;
  reasons: readonly { id: number; srgValue: string | null }[];
}
/** Ending a plan: the write's schema, then the SRG rule on the chosen reason (the server applies it too). */
export function endPlanFormSchema(ctx: EndPlanContext) {
  const reasonIssue = (id: unknown) => srgReasonIssue(ctx.srgEnabled, ctx.reasons.find((r) => r.id === id));
  return v.pipe(
    writeFormSchema(EndWorkPlanSchema, (x: EndPlanValues) => ({ uuid: ctx.uuid, startDate: ctx.startDate, endDate: x.endDate, terminationReasonId: chosen(x.terminationReasonId) })),
    v.forward(
      v.check(
        (i) => reasonIssue(i.terminationReasonId) === null,
        (issue) => reasonIssue((issue.input as { terminationReasonId: unknown }).terminationReasonId) ?? E('reasonRequired'),
      ),
      ['terminationReasonId'],
    ),
  );
}

export interface WorkOrderValues {
  name: string;
  description: string;
  disciplineId: string;
}
export const workOrderFormSchema = (uuid: string) =>
  writeFormSchema(SaveWorkOrderSchema, (x: WorkOrderValues) => ({ uuid, name: x.name, description: x.description || null, disciplineId: chosen(x.disciplineId) }));

/** The batched coach/manager change: 'keep' leaves a field out of the write, '' clears it. */
export const KEEP = 'keep';
export interface BatchValues {
  coachId: string;
  managerId: string;
}
export function batchInput(values: BatchValues, uuids: readonly string[]): v.InferInput<typeof UpdateWorkPlanSchema> {
  const input: { uuids: string[]; coachId?: number | ''; managerId?: number | '' } = { uuids: [...uuids] };
  if (values.coachId !== KEEP) input.coachId = values.coachId === '' ? '' : Number(values.coachId);
  if (values.managerId !== KEEP) input.managerId = values.managerId === '' ? '' : Number(values.managerId);
  return input;
}
export const batchFormSchema = (uuids: readonly string[]) =>
  v.pipe(
    writeFormSchema(UpdateWorkPlanSchema, (x: BatchValues) => batchInput(x, uuids)),
    v.forward(v.check((i) => i.coachId !== undefined || i.managerId !== undefined, E('batchNothingChosen')), ['coachId']),
  );

export interface CopyValues {
  workPlanUuid: string;
}
/** Copying a file: a plan must be chosen (the screen's own message), then the write's schema. */
export const copyFormSchema = (uuid: string, sourceUuid: string) =>
  v.pipe(
    v.object({ workPlanUuid: v.pipe(v.string('copyDocument.chooseRequired'), v.nonEmpty('copyDocument.chooseRequired')) }),
    v.transform((x: CopyValues) => ({ uuid, sourceUuid, workPlanUuid: x.workPlanUuid })),
    CopyFileSchema,
  );

export interface BlueprintStep {
  label: string;
  parentIndex: number | null;
}
export interface BlueprintValues {
  name: string;
  description: string;
  categoryId: string;
  provisionTypeId: string;
  steps: BlueprintStep[];
  workOrderIds: number[];
  /** 'b<id>' for a behaviour, 's<id>' for a skill; the target score or null (none). */
  targets: Record<string, number | null>;
  participantStatusIds: number[];
  workplaceIds: number[];
}
export function blueprintInput(x: BlueprintValues, uuid: string): SaveBlueprintInput {
  const keys = Object.keys(x.targets);
  return {
    uuid,
    name: x.name,
    description: x.description || null,
    categoryId: chosen(x.categoryId),
    provisionTypeId: chosen(x.provisionTypeId),
    competencySystemId: null,
    steps: x.steps,
    workOrderIds: x.workOrderIds,
    behaviors: keys.filter((k) => k.startsWith('b')).map((k) => ({ behaviorId: Number(k.slice(1)), targetScore: x.targets[k] ?? null })),
    skills: keys.filter((k) => k.startsWith('s')).map((k) => ({ skillId: Number(k.slice(1)), targetScore: x.targets[k] ?? null })),
    participantStatusIds: x.participantStatusIds,
    workplaceIds: x.workplaceIds,
  };
}
export const blueprintFormSchema = (uuid: string) => writeFormSchema(SaveBlueprintSchema, (x: BlueprintValues) => blueprintInput(x, uuid));

/** The wizard page that holds a field in error ('name', 'steps.2.label', …), to show it before focusing. */
export function blueprintPageOf(path: string): 'basics' | 'steps' | 'content' | 'scope' {
  if (path.startsWith('steps')) return 'steps';
  if (/^(workOrderIds|behaviors|skills)/.test(path)) return 'content';
  if (/^(participantStatusIds|workplaceIds)/.test(path)) return 'scope';
  return 'basics';
}
