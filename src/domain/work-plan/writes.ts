/**
 * The work-plan writes, declared once (src/domain/writes/define.ts): the GraphQL name, the valibot
 * schema of the input, the replicated document and the optimistic change. The screens call
 * `syncApi().workPlans.<write>(input, extra)`; the server registers the same descriptors with the
 * effects of server/work-plans/ (server/graph/types/work-plan-writes.ts).
 */
import { defineWrite } from '../writes/define';
import { reviewScoreOf } from './views';
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

const str = (x: unknown): string => (typeof x === 'string' ? x : '');

/** What the screens pass for the optimistic view of a write (display only). */
export interface AddPlanExtra {
  blueprintName: string;
}
export interface ReopenExtra {
  startDate: string | null;
}
export interface ReviewExtra {
  assignmentId: number;
  participantId: number;
  userId: number;
}
export interface SelfReviewExtra {
  assignmentId: number;
  participantId: number;
}

export const workPlanWrites = {
  addWorkPlan: defineWrite<typeof AddWorkPlanSchema, AddPlanExtra>({
    mutation: 'addWorkPlan',
    input: AddWorkPlanSchema,
    document: { collection: 'workPlans', target: (i) => i.uuid, mode: 'create' },
    patch: (i, ctx) => ({
      uuid: i.uuid,
      name: i.name || str(ctx.blueprintName),
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
  updateWorkPlan: defineWrite({
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
  deleteWorkPlan: defineWrite({
    mutation: 'deleteWorkPlan',
    input: WorkPlanRefSchema,
    document: { collection: 'workPlans', target: (i) => i.uuid, mode: 'delete' },
    patch: () => ({ _deleted: true }),
  }),
  restoreWorkPlan: defineWrite({
    mutation: 'restoreWorkPlan',
    input: WorkPlanRefSchema,
  }),
  endWorkPlan: defineWrite({
    mutation: 'endWorkPlan',
    input: EndWorkPlanSchema,
    document: { collection: 'workPlans', target: (i) => i.uuid, mode: 'edit' },
    patch: (i) => ({ status: 'finished', timeFinished: i.endDate, terminationReasonId: Number(i.terminationReasonId) }),
  }),
  reopenWorkPlan: defineWrite<typeof WorkPlanRefSchema, ReopenExtra>({
    mutation: 'reopenWorkPlan',
    input: WorkPlanRefSchema,
    document: { collection: 'workPlans', target: (i) => i.uuid, mode: 'edit' },
    patch: (_i, ctx) => ({ status: reopenedStatus(ctx.startDate, ctx.now.slice(0, 10)), timeFinished: null, terminationReasonId: null }),
  }),
  saveReview: defineWrite<typeof SaveReviewSchema, ReviewExtra>({
    mutation: 'saveReview',
    input: SaveReviewSchema,
    document: { collection: 'reviews', target: (i) => i.uuid, mode: 'create' },
    patch: (i, ctx) => ({
      uuid: i.uuid,
      assignmentId: ctx.assignmentId,
      participantId: ctx.participantId,
      userId: ctx.userId,
      // As the server stores it (the given score, else the average of the lines): offline the plan
      // page's "Huidige score" already shows it.
      score: reviewScoreOf(i.score, i.scores),
      top: i.top ?? null,
      tip: i.tip ?? null,
      scores: i.scores,
      createdAt: i.date === ctx.now.slice(0, 10) ? ctx.now : `${i.date}T12:00:00.000Z`,
    }),
  }),
  saveSelfReview: defineWrite<typeof SaveSelfReviewSchema, SelfReviewExtra>({
    mutation: 'saveSelfReview',
    input: SaveSelfReviewSchema,
    document: { collection: 'participantReviews', target: (i) => i.uuid, mode: 'create' },
    patch: (i, ctx) => ({
      uuid: i.uuid,
      assignmentId: ctx.assignmentId,
      participantId: ctx.participantId,
      score: reviewScoreOf(i.score, i.scores),
      top: i.top ?? null,
      tip: i.tip ?? null,
      scores: i.scores.filter((l) => l.score > 0),
      createdAt: ctx.now,
    }),
  }),
  requestReview: defineWrite({
    mutation: 'requestReview',
    input: RequestReviewSchema,
    document: { collection: 'assignments', target: (i) => i.assignmentUuid, mode: 'edit' },
    patch: (_i, ctx) => ({ reviewRequestedAt: ctx.now }),
    displayOnly: ['reviewRequestedAt'],
  }),
  updatePdpBehavior: defineWrite({ mutation: 'updatePdpBehavior', input: UpdatePdpBehaviorSchema }),
  updatePdpSkill: defineWrite({ mutation: 'updatePdpSkill', input: UpdatePdpSkillSchema }),
  removePdpDiscipline: defineWrite({ mutation: 'removePdpDiscipline', input: RemovePdpDisciplineSchema }),
  saveBlueprint: defineWrite({
    mutation: 'saveBlueprint',
    input: SaveBlueprintSchema,
    document: { collection: 'blueprints', target: (i) => i.uuid, mode: 'upsert' },
    patch: (i) => ({ uuid: i.uuid, name: i.name, description: i.description ?? null, categoryId: i.categoryId ?? null, provisionTypeId: i.provisionTypeId ?? null }),
  }),
  deleteBlueprint: defineWrite({
    mutation: 'deleteBlueprint',
    input: DeleteBlueprintSchema,
    document: { collection: 'blueprints', target: (i) => i.uuid, mode: 'delete' },
    patch: () => ({ _deleted: true }),
  }),
  saveWorkOrder: defineWrite({
    mutation: 'saveWorkOrder',
    input: SaveWorkOrderSchema,
    document: { collection: 'workOrders', target: (i) => i.uuid, mode: 'upsert' },
    patch: (i) => ({ uuid: i.uuid, name: i.name, description: i.description ?? null, disciplineId: i.disciplineId ?? null }),
  }),
};

export type WorkPlanWriteName = keyof typeof workPlanWrites;
