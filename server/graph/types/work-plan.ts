import { builder } from '../builder';
import { requireViewer } from '../../auth/permissions';
import { paginatedType } from '../paginated';
import { isoOrNull, parseId } from '../scoped';
import { run, sql } from '../../db/sql';
import { usersScope } from '../../auth/scope';
import { childrenOf, listWorkPlans, referenceRows } from '../../work-plans/queries';
import { workPlanSettings } from '../../work-plans/common';
import { currentScore } from '../../../src/domain/work-plan/views';

/**
 * Work plans for other clients (02 §3, §7): `workPlans` with the spec's selection (assignments with
 * reviews, participant reviews and work order; behaviours and skills with criteria and target score;
 * coach and manager; uuid, status, timeStart, timeExpectedEnd, timeFinished; files) and
 * `workPlanTerminationReasons`. Every read goes through the scope functions. The screens read the replica.
 */
export type Row = Record<string, unknown>;
const num = (r: Row, k: string): number | null => (r[k] == null ? null : Number(r[k]));
export const text = (v: unknown): string | null =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'bigint' ? String(v) : v instanceof Date ? v.toISOString() : null;
const str = (r: Row, k: string): string | null => text(r[k]);

export const Person = builder.objectRef<Row>('WorkPlanPerson').implement({
  description: 'A coach, manager or reviewer: id, names and e-mail.',
  fields: (t) => ({
    id: t.id({ resolve: (r) => num(r, 'id') ?? 0 }),
    givenName: t.string({ nullable: true, resolve: (r) => str(r, 'given_name') }),
    surname: t.string({ nullable: true, resolve: (r) => str(r, 'surname') }),
    email: t.string({ nullable: true, resolve: (r) => str(r, 'email') }),
  }),
});

export async function personById(db: Parameters<typeof run>[0], viewer: Parameters<typeof usersScope>[0], id: number | null): Promise<Row | null> {
  if (id === null) return null;
  const { rows } = await run<Row>(db, sql`SELECT u.id, u.given_name, u.surname, u.email FROM users u WHERE u.id = ${id} AND ${usersScope(viewer, 'u')}`);
  return rows[0] ?? null;
}

const Scored = builder.objectRef<Row>('ReviewScore').implement({
  description: 'A score of one behaviour or skill in a review.',
  fields: (t) => ({
    behaviorId: t.id({ nullable: true, resolve: (r) => num(r, 'behavior_id') }),
    skillId: t.id({ nullable: true, resolve: (r) => num(r, 'skill_id') }),
    score: t.int({ resolve: (r) => num(r, 'score') ?? 0 }),
  }),
});

const Review = builder.objectRef<Row>('Review').implement({
  description: 'A coach\'s review (score 1..3; top = wat ging goed, tip = verbeterpunt).',
  fields: (t) => ({
    id: t.id({ resolve: (r) => num(r, 'id') ?? 0 }),
    uuid: t.string({ resolve: (r) => String(r.uuid) }),
    timeCreated: t.string({ resolve: (r) => isoOrNull(r.created_at) ?? '' }),
    score: t.int({ nullable: true, resolve: (r) => num(r, 'score') }),
    top: t.string({ nullable: true, resolve: (r) => str(r, 'top') }),
    tip: t.string({ nullable: true, resolve: (r) => str(r, 'tip') }),
    user: t.field({ type: Person, nullable: true, resolve: (r, _a, ctx) => personById(ctx.db, requireViewer(ctx), num(r, 'user_id')) }),
    scores: t.field({ type: [Scored], resolve: (r, _a, ctx) => childrenOf<Row>(ctx.db, requireViewer(ctx), 'review_scores', 'review_id', Number(r.id), 'id') }),
  }),
});

const ParticipantReview = builder.objectRef<Row>('ParticipantReview').implement({
  description: 'A self-review by the participant (a score of 0 or less counts as none).',
  fields: (t) => ({
    id: t.id({ resolve: (r) => num(r, 'id') ?? 0 }),
    uuid: t.string({ resolve: (r) => String(r.uuid) }),
    timeCreated: t.string({ resolve: (r) => isoOrNull(r.created_at) ?? '' }),
    score: t.int({ nullable: true, resolve: (r) => { const s = num(r, 'score'); return s !== null && s > 0 ? s : null; } }),
    top: t.string({ nullable: true, resolve: (r) => str(r, 'top') }),
    tip: t.string({ nullable: true, resolve: (r) => str(r, 'tip') }),
    scores: t.field({ type: [Scored], resolve: (r, _a, ctx) => childrenOf<Row>(ctx.db, requireViewer(ctx), 'participant_review_scores', 'participant_review_id', Number(r.id), 'id') }),
  }),
});

const WorkOrder = builder.objectRef<Row>('WorkOrder').implement({
  fields: (t) => ({
    id: t.id({ resolve: (r) => num(r, 'id') ?? 0 }),
    uuid: t.string({ resolve: (r) => String(r.uuid) }),
    name: t.string({ resolve: (r) => String(r.name) }),
    description: t.string({ nullable: true, resolve: (r) => str(r, 'description') }),
    disciplineId: t.id({ nullable: true, resolve: (r) => num(r, 'discipline_id') }),
  }),
});
export { WorkOrder };

async function workOrderById(db: Parameters<typeof run>[0], companyId: number, id: number): Promise<Row | null> {
  const { rows } = await run<Row>(db, sql`SELECT * FROM work_orders WHERE id = ${id} AND company_id = ${companyId}`);
  return rows[0] ?? null;
}

const Assignment = builder.objectRef<Row>('Assignment').implement({
  description: 'A work order in a plan; status planned 0, active 1, completed 2. currentScore is the last review\'s score.',
  fields: (t) => ({
    id: t.id({ resolve: (r) => num(r, 'id') ?? 0 }),
    uuid: t.string({ resolve: (r) => String(r.uuid) }),
    status: t.int({ resolve: (r) => num(r, 'status') ?? 0 }),
    sortOrder: t.int({ resolve: (r) => num(r, 'sort_order') ?? 0 }),
    reviewRequestedAt: t.string({ nullable: true, resolve: (r) => isoOrNull(r.review_requested_at) }),
    reviews: t.field({ type: [Review], resolve: (r, _a, ctx) => childrenOf<Row>(ctx.db, requireViewer(ctx), 'reviews', 'assignment_id', Number(r.id), 'created_at, id') }),
    participantReviews: t.field({ type: [ParticipantReview], resolve: (r, _a, ctx) => childrenOf<Row>(ctx.db, requireViewer(ctx), 'participant_reviews', 'assignment_id', Number(r.id), 'created_at, id') }),
    currentScore: t.int({
      nullable: true,
      resolve: async (r, _a, ctx) => {
        const reviews = await childrenOf<Row>(ctx.db, requireViewer(ctx), 'reviews', 'assignment_id', Number(r.id), 'created_at, id');
        return currentScore(reviews.map((x) => ({ createdAt: isoOrNull(x.created_at) ?? '', score: num(x, 'score') })));
      },
    }),
    workOrder: t.field({ type: WorkOrder, nullable: true, resolve: (r, _a, ctx) => workOrderById(ctx.db, requireViewer(ctx).companyId, Number(r.work_order_id)) }),
  }),
});

const Criterion = builder.objectRef<{ id: unknown; label: unknown }>('WorkPlanCriterion').implement({
  fields: (t) => ({ id: t.id({ resolve: (c) => String(c.id) }), label: t.string({ resolve: (c) => String(c.label) }) }),
});

const PlanItem = (name: string, table: 'behaviors' | 'skills', fk: 'behavior_id' | 'skill_id') =>
  builder.objectRef<Row>(name).implement({
    fields: (t) => ({
      id: t.id({ description: 'the row of the plan', resolve: (r) => num(r, 'id') ?? 0 }),
      [fk === 'behavior_id' ? 'behaviorId' : 'skillId']: t.id({ resolve: (r) => num(r, fk) ?? 0 }),
      name: t.string({ resolve: (r) => String(r.name) }),
      targetScore: t.int({ nullable: true, resolve: (r) => num(r, 'target_score') }),
      criteria: t.field({ type: [Criterion], resolve: (r) => (Array.isArray(r.criteria) ? (r.criteria as { id: unknown; label: unknown }[]) : []) }),
      group: t.string({ nullable: true, description: table === 'behaviors' ? 'the competency' : 'the discipline', resolve: (r) => str(r, 'group_name') }),
    }),
  });
const PlanBehavior = PlanItem('WorkPlanBehavior', 'behaviors', 'behavior_id');
const PlanSkill = PlanItem('WorkPlanSkill', 'skills', 'skill_id');

const WorkPlanFile = builder.objectRef<Row>('WorkPlanFile').implement({
  fields: (t) => ({
    id: t.id({ resolve: (r) => num(r, 'id') ?? 0 }),
    uuid: t.string({ resolve: (r) => String(r.uuid) }),
    name: t.string({ resolve: (r) => String(r.name) }),
    timeCreated: t.string({ resolve: (r) => isoOrNull(r.created_at) ?? '' }),
    user: t.field({ type: Person, nullable: true, resolve: (r, _a, ctx) => personById(ctx.db, requireViewer(ctx), num(r, 'user_id')) }),
  }),
});

export const TerminationReason = builder.objectRef<Row>('WorkPlanTerminationReason').implement({
  fields: (t) => ({
    id: t.id({ resolve: (r) => num(r, 'id') ?? 0 }),
    label: t.string({ resolve: (r) => String(r.label) }),
    srgTerminationReason: t.string({ nullable: true, resolve: (r) => str(r, 'srg_value') }),
  }),
});

const ProvisionType = builder.objectRef<Row>('ProvisionType').implement({
  fields: (t) => ({
    id: t.id({ resolve: (r) => num(r, 'id') ?? 0 }),
    label: t.string({ resolve: (r) => String(r.label) }),
    code: t.string({ resolve: (r) => String(r.code) }),
  }),
});

const byIdIn = async (ctx: { db: Parameters<typeof run>[0] }, table: string, id: number | null, companyId: number): Promise<Row | null> => {
  if (id === null) return null;
  const { rows } = await ctx.db.query<Row>(`SELECT * FROM ${table} WHERE id = $1 AND company_id = $2`, [id, companyId]);
  return rows[0] ?? null;
};

const planItems = async (ctx: { db: Parameters<typeof run>[0] }, planId: number, kind: 'behavior' | 'skill'): Promise<Row[]> => {
  const q =
    kind === 'behavior'
      ? 'SELECT x.*, b.name, b.criteria, c.name AS group_name FROM work_plan_behaviors x JOIN behaviors b ON b.id = x.behavior_id JOIN competencies c ON c.id = b.competency_id WHERE x.work_plan_id = $1 AND x.deleted_at IS NULL ORDER BY x.sort_order, x.id'
      : 'SELECT x.*, s.name, s.criteria, d.name AS group_name FROM work_plan_skills x JOIN skills s ON s.id = x.skill_id JOIN disciplines d ON d.id = s.discipline_id WHERE x.work_plan_id = $1 AND x.deleted_at IS NULL ORDER BY x.sort_order, x.id';
  return (await ctx.db.query<Row>(q, [planId])).rows;
};

export const WorkPlan = builder.objectRef<Row>('WorkPlan').implement({
  description: 'A participant\'s work plan (02 §3). Status: to_start, running, finished.',
  fields: (t) => ({
    id: t.id({ resolve: (r) => num(r, 'id') ?? 0 }),
    uuid: t.string({ resolve: (r) => String(r.uuid) }),
    name: t.string({ resolve: (r) => String(r.name) }),
    status: t.string({ resolve: (r) => String(r.status) }),
    participant: t.field({
      type: builder.objectRef<Row>('WorkPlanParticipant').implement({
        fields: (u) => ({ id: u.id({ resolve: (p) => num(p, 'id') ?? 0 }), name: u.string({ resolve: (p) => text(p.name) ?? '' }) }),
      }),
      resolve: (r) => ({ id: r.participant_id, name: r.participant_name }),
    }),
    coach: t.field({ type: Person, nullable: true, resolve: (r, _a, ctx) => personById(ctx.db, requireViewer(ctx), num(r, 'coach_id')) }),
    manager: t.field({ type: Person, nullable: true, resolve: (r, _a, ctx) => personById(ctx.db, requireViewer(ctx), num(r, 'manager_id')) }),
    instrument: t.id({ nullable: true, description: 'the instrument id', resolve: (r) => num(r, 'instrument_id') }),
    startDate: t.string({ nullable: true, resolve: (r) => str(r, 'start_date') }),
    timeStart: t.string({ nullable: true, resolve: (r) => str(r, 'start_date') }),
    endDate: t.string({ nullable: true, resolve: (r) => str(r, 'expected_end_date') }),
    timeExpectedEnd: t.string({ nullable: true, resolve: (r) => str(r, 'expected_end_date') }),
    timeFinished: t.string({ nullable: true, resolve: (r) => str(r, 'time_finished') }),
    terminationReason: t.field({ type: TerminationReason, nullable: true, resolve: (r, _a, ctx) => byIdIn(ctx, 'work_plan_termination_reasons', num(r, 'termination_reason_id'), requireViewer(ctx).companyId) }),
    srgTerminationReason: t.string({
      nullable: true,
      description: 'The SRG code of the termination reason, carried when the company has srgEnabled.',
      resolve: async (r, _a, ctx) => {
        const viewer = requireViewer(ctx);
        if (!(await workPlanSettings(ctx.db, viewer.companyId)).srgEnabled) return null;
        const reason = await byIdIn(ctx, 'work_plan_termination_reasons', num(r, 'termination_reason_id'), viewer.companyId);
        return reason ? str(reason, 'srg_value') : null;
      },
    }),
    assignments: t.field({ type: [Assignment], resolve: (r, _a, ctx) => childrenOf<Row>(ctx.db, requireViewer(ctx), 'assignments', 'work_plan_id', Number(r.id)) }),
    plannedAssignments: t.field({ type: [Assignment], resolve: async (r, _a, ctx) => (await childrenOf<Row>(ctx.db, requireViewer(ctx), 'assignments', 'work_plan_id', Number(r.id))).filter((a) => Number(a.status) === 0) }),
    activeAssignments: t.field({ type: [Assignment], resolve: async (r, _a, ctx) => (await childrenOf<Row>(ctx.db, requireViewer(ctx), 'assignments', 'work_plan_id', Number(r.id))).filter((a) => Number(a.status) === 1) }),
    behaviors: t.field({ type: [PlanBehavior], resolve: (r, _a, ctx) => planItems(ctx, Number(r.id), 'behavior') }),
    skills: t.field({ type: [PlanSkill], resolve: (r, _a, ctx) => planItems(ctx, Number(r.id), 'skill') }),
    files: t.field({ type: [WorkPlanFile], resolve: (r, _a, ctx) => childrenOf<Row>(ctx.db, requireViewer(ctx), 'files', 'work_plan_id', Number(r.id), 'created_at, id') }),
    provisionType: t.field({ type: ProvisionType, nullable: true, resolve: (r, _a, ctx) => byIdIn(ctx, 'provision_types', num(r, 'provision_type_id'), requireViewer(ctx).companyId) }),
  }),
});

const WorkPlanPage = paginatedType('WorkPlan', WorkPlan);

builder.queryField('workPlans', (t) =>
  t.field({
    type: WorkPlanPage,
    description: 'Work plans in the viewer\'s scope. filter: all 1, unfinished 2, finished 3, unstarted 4, started 5. sort: name, participant, startDate, expectedEndDate, status.',
    args: {
      filter: t.arg.int({ defaultValue: 1 }),
      search: t.arg.string({ required: false }),
      sort: t.arg.string({ required: false }),
      direction: t.arg.string({ required: false, description: 'asc (default) or desc' }),
      participantId: t.arg.id({ required: false }),
      page: t.arg.int({ defaultValue: 1 }),
      perPage: t.arg.int({ defaultValue: 15, description: '0 answers every record' }),
    },
    resolve: (_r, args, ctx) =>
      listWorkPlans(ctx.db, requireViewer(ctx), {
        filter: args.filter,
        search: args.search,
        sort: args.sort,
        direction: args.direction,
        participantId: parseId(args.participantId ?? null),
        page: args.page,
        perPage: args.perPage,
      }),
  }),
);

builder.queryField('workPlanTerminationReasons', (t) =>
  t.field({
    type: [TerminationReason],
    resolve: (_r, _a, ctx) => referenceRows<Row>(ctx.db, requireViewer(ctx), 'work_plan_termination_reasons', 'sort_order, label'),
  }),
);
