/**
 * The work-plan writes as descriptors: the GraphQL name, the valibot schema of the input and the
 * optimistic change to the replica. The screens build outbox rows from these (../../features/work-plans/actions.ts),
 * the server's effects parse with the same schemas (server/work-plans/). When the declared-writes
 * framework lands each entry becomes one defineWrite.
 */
import type * as v from 'valibot';
import type { EnqueueInput } from '../sync/api-contract';
import type { CollectionName } from '../sync/collections';
import {
  AddWorkPlanSchema,
  DeleteBlueprintSchema,
  EndWorkPlanSchema,
  RemovePdpDisciplineSchema,
  RequestReviewSchema,
  SaveBlueprintSchema,
  SaveReviewSchema,
  SaveSelfReviewSchema,
  SaveWorkOrderSchema,
  UpdatePdpBehaviorSchema,
  UpdatePdpSkillSchema,
  UpdateWorkPlanSchema,
  WorkPlanRefSchema,
  clearedToNull,
} from './inputs';
import { reopenedStatus } from './views';

export interface WriteContext {
  now: string;
  /** Display-only values the caller knows (ids of the target documents, names). */
  extra: Record<string, unknown>;
}

export interface WriteDescriptor<S extends v.GenericSchema> {
  mutation: string;
  input: S;
  document?: {
    collection: CollectionName;
    target: (i: v.InferOutput<S>, ctx: WriteContext) => string;
    mode: 'create' | 'edit' | 'upsert' | 'delete';
  };
  patch?: (i: v.InferOutput<S>, ctx: WriteContext) => Record<string, unknown>;
}

const define = <S extends v.GenericSchema>(d: WriteDescriptor<S>): WriteDescriptor<S> => d;
const str = (x: unknown): string => (typeof x === 'string' ? x : '');

export const workPlanWrites = {
  addWorkPlan: define({
    mutation: 'addWorkPlan',
    input: AddWorkPlanSchema,
    document: { collection: 'workPlans', target: (i) => i.uuid, mode: 'create' },
    patch: (i, ctx) => ({
      uuid: i.uuid,
      name: i.name || str(ctx.extra.blueprintName),
      participantId: i.participantId,
      blueprintId: i.blueprintId,
      status: reopenedStatus(i.startDate, ctx.now.slice(0, 10)),
      startDate: i.startDate,
      expectedEndDate: i.expectedEndDate,
      coachId: clearedToNull(i.coachId) ?? null,
      managerId: clearedToNull(i.managerId) ?? null,
      timeFinished: null,
      createdAt: ctx.now,
    }),
  }),
  updateWorkPlan: define({
    mutation: 'updateWorkPlan',
    input: UpdateWorkPlanSchema,
    // the batched change touches many plans: one document is shown changed (the first); the pull brings the rest
    document: { collection: 'workPlans', target: (i) => i.uuids[0] ?? '', mode: 'edit' },
    patch: (i) => {
      const out: Record<string, unknown> = {};
      if (i.name !== undefined) out.name = i.name;
      if (i.startDate !== undefined) out.startDate = i.startDate || null;
      if (i.expectedEndDate !== undefined) out.expectedEndDate = i.expectedEndDate || null;
      if (i.coachId !== undefined) out.coachId = clearedToNull(i.coachId);
      if (i.managerId !== undefined) out.managerId = clearedToNull(i.managerId);
      return out;
    },
  }),
  deleteWorkPlan: define({
    mutation: 'deleteWorkPlan',
    input: WorkPlanRefSchema,
    document: { collection: 'workPlans', target: (i) => i.uuid, mode: 'delete' },
    patch: () => ({ _deleted: true }),
  }),
  restoreWorkPlan: define({
    mutation: 'restoreWorkPlan',
    input: WorkPlanRefSchema,
  }),
  endWorkPlan: define({
    mutation: 'endWorkPlan',
    input: EndWorkPlanSchema,
    document: { collection: 'workPlans', target: (i) => i.uuid, mode: 'edit' },
    patch: (i) => ({ status: 'finished', timeFinished: i.endDate, terminationReasonId: Number(i.terminationReasonId) }),
  }),
  reopenWorkPlan: define({
    mutation: 'reopenWorkPlan',
    input: WorkPlanRefSchema,
    document: { collection: 'workPlans', target: (i) => i.uuid, mode: 'edit' },
    patch: (_i, ctx) => ({ status: reopenedStatus(str(ctx.extra.startDate) || null, ctx.now.slice(0, 10)), timeFinished: null, terminationReasonId: null }),
  }),
  saveReview: define({
    mutation: 'saveReview',
    input: SaveReviewSchema,
    document: { collection: 'reviews', target: (i) => i.uuid, mode: 'create' },
    patch: (i, ctx) => ({
      uuid: i.uuid,
      assignmentId: ctx.extra.assignmentId,
      participantId: ctx.extra.participantId,
      userId: ctx.extra.userId,
      score: i.score ?? null,
      top: i.top ?? null,
      tip: i.tip ?? null,
      scores: i.scores,
      createdAt: i.date === ctx.now.slice(0, 10) ? ctx.now : `${i.date}T12:00:00.000Z`,
    }),
  }),
  saveSelfReview: define({
    mutation: 'saveSelfReview',
    input: SaveSelfReviewSchema,
    document: { collection: 'participantReviews', target: (i) => i.uuid, mode: 'create' },
    patch: (i, ctx) => ({
      uuid: i.uuid,
      assignmentId: ctx.extra.assignmentId,
      participantId: ctx.extra.participantId,
      score: i.score ?? null,
      top: i.top ?? null,
      tip: i.tip ?? null,
      scores: i.scores.filter((l) => l.score > 0),
      createdAt: ctx.now,
    }),
  }),
  requestReview: define({
    mutation: 'requestReview',
    input: RequestReviewSchema,
    document: { collection: 'assignments', target: (i) => i.assignmentUuid, mode: 'edit' },
    patch: (_i, ctx) => ({ reviewRequestedAt: ctx.now }),
  }),
  updatePdpBehavior: define({ mutation: 'updatePdpBehavior', input: UpdatePdpBehaviorSchema }),
  updatePdpSkill: define({ mutation: 'updatePdpSkill', input: UpdatePdpSkillSchema }),
  removePdpDiscipline: define({ mutation: 'removePdpDiscipline', input: RemovePdpDisciplineSchema }),
  saveBlueprint: define({
    mutation: 'saveBlueprint',
    input: SaveBlueprintSchema,
    document: { collection: 'blueprints', target: (i) => i.uuid, mode: 'upsert' },
    patch: (i) => ({ uuid: i.uuid, name: i.name, description: i.description ?? null, categoryId: i.categoryId ?? null, provisionTypeId: i.provisionTypeId ?? null }),
  }),
  deleteBlueprint: define({
    mutation: 'deleteBlueprint',
    input: DeleteBlueprintSchema,
    document: { collection: 'blueprints', target: (i) => i.uuid, mode: 'delete' },
    patch: () => ({ _deleted: true }),
  }),
  saveWorkOrder: define({
    mutation: 'saveWorkOrder',
    input: SaveWorkOrderSchema,
    document: { collection: 'workOrders', target: (i) => i.uuid, mode: 'upsert' },
    patch: (i) => ({ uuid: i.uuid, name: i.name, description: i.description ?? null, disciplineId: i.disciplineId ?? null }),
  }),
};

export type WorkPlanWriteName = keyof typeof workPlanWrites;

/**
 * The outbox operations of this area in the shape of workers/outbox/operations.ts (the input travels as
 * one JSON argument parsed by the server with the schema above). Until the declared-writes framework
 * replaces that registry, it needs `...WORK_PLAN_OPERATIONS` there.
 */
export const WORK_PLAN_OPERATIONS = Object.fromEntries(
  Object.keys(workPlanWrites).map((name) => [name, { args: { input: 'JSON!' } }]),
) as Record<WorkPlanWriteName, { args: { input: 'JSON!' } }>;

/** The outbox row of a write: the parsed input and its optimistic change. */
export function writeRow<S extends v.GenericSchema>(d: WriteDescriptor<S>, input: v.InferOutput<S>, ctx: WriteContext): EnqueueInput {
  const row: EnqueueInput = { op: d.mutation, args: { input } };
  if (d.document && d.patch) row.optimistic = { collection: d.document.collection, target: d.document.target(input, ctx), patch: d.patch(input, ctx) };
  return row;
}
