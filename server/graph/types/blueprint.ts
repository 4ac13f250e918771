import { parseId } from '../scoped';
import { builder } from '../builder';
import { requireViewer } from '../../auth/permissions';
import { referenceRows } from '../../work-plans/queries';
import { raw, sql } from '../../db/sql';
import { WorkOrder, text, type Row } from './work-plan';

/** Blueprints (werkplanblauwdrukken) and their categories, for other clients (02 §3, §7). */
const num = (r: Row, k: string): number | null => (r[k] == null ? null : Number(r[k]));

const BlueprintCategory = builder.objectRef<Row>('BlueprintCategory').implement({
  fields: (t) => ({ id: t.id({ resolve: (r) => num(r, 'id') ?? 0 }), label: t.string({ resolve: (r) => String(r.label) }) }),
});

const BlueprintStep = builder.objectRef<Row>('BlueprintStep').implement({
  description: 'A step; the list is the tree flattened (parentId points to an earlier step).',
  fields: (t) => ({
    id: t.id({ resolve: (r) => num(r, 'id') ?? 0 }),
    label: t.string({ resolve: (r) => String(r.label) }),
    parentId: t.id({ nullable: true, resolve: (r) => num(r, 'parent_step_id') }),
  }),
});

const Target = builder.objectRef<Row>('BlueprintTarget').implement({
  fields: (t) => ({
    id: t.id({ resolve: (r) => num(r, 'ref_id') ?? 0 }),
    name: t.string({ resolve: (r) => String(r.name) }),
    targetScore: t.int({ nullable: true, resolve: (r) => num(r, 'target_score') }),
  }),
});

const rowsOf = async (ctx: { db: { query: <T>(q: string, v: unknown[]) => Promise<{ rows: T[] }> } }, q: string, id: unknown): Promise<Row[]> => (await ctx.db.query<Row>(q, [id])).rows;

const Blueprint = builder.objectRef<Row>('Blueprint').implement({
  fields: (t) => ({
    id: t.id({ resolve: (r) => num(r, 'id') ?? 0 }),
    uuid: t.string({ resolve: (r) => String(r.uuid) }),
    name: t.string({ resolve: (r) => String(r.name) }),
    description: t.string({ nullable: true, resolve: (r) => text(r.description) }),
    category: t.field({ type: BlueprintCategory, nullable: true, resolve: async (r, _a, ctx) => (await rowsOf(ctx, 'SELECT * FROM blueprint_categories WHERE id = $1', r.category_id))[0] ?? null }),
    competencySystem: t.id({ nullable: true, resolve: (r) => num(r, 'competency_system_id') }),
    provisionType: t.id({ nullable: true, resolve: (r) => num(r, 'provision_type_id') }),
    statuses: t.intList({ resolve: (r) => (Array.isArray(r.participant_status_ids) ? (r.participant_status_ids as number[]) : []) }),
    steps: t.field({ type: [BlueprintStep], resolve: (r, _a, ctx) => rowsOf(ctx, 'SELECT * FROM blueprint_steps WHERE blueprint_id = $1 AND deleted_at IS NULL ORDER BY sort_order, id', r.id) }),
    workOrders: t.field({ type: [WorkOrder], resolve: (r, _a, ctx) => rowsOf(ctx, 'SELECT w.* FROM blueprint_work_orders x JOIN work_orders w ON w.id = x.work_order_id WHERE x.blueprint_id = $1 AND x.deleted_at IS NULL ORDER BY x.sort_order, x.id', r.id) }),
    assignments: t.field({ type: [WorkOrder], description: 'the work orders a plan from this blueprint gets as assignments', resolve: (r, _a, ctx) => rowsOf(ctx, 'SELECT w.* FROM blueprint_work_orders x JOIN work_orders w ON w.id = x.work_order_id WHERE x.blueprint_id = $1 AND x.deleted_at IS NULL ORDER BY x.sort_order, x.id', r.id) }),
    behaviors: t.field({ type: [Target], resolve: (r, _a, ctx) => rowsOf(ctx, 'SELECT x.behavior_id AS ref_id, x.target_score, b.name FROM blueprint_behaviors x JOIN behaviors b ON b.id = x.behavior_id WHERE x.blueprint_id = $1 AND x.deleted_at IS NULL ORDER BY x.sort_order', r.id) }),
    skills: t.field({ type: [Target], resolve: (r, _a, ctx) => rowsOf(ctx, 'SELECT x.skill_id AS ref_id, x.target_score, s.name FROM blueprint_skills x JOIN skills s ON s.id = x.skill_id WHERE x.blueprint_id = $1 AND x.deleted_at IS NULL ORDER BY x.sort_order', r.id) }),
    disciplines: t.idList({ resolve: async (r, _a, ctx) => (await rowsOf(ctx, 'SELECT discipline_id FROM blueprint_disciplines WHERE blueprint_id = $1', r.id)).map((x) => Number(x.discipline_id)) }),
    workplaces: t.idList({ resolve: async (r, _a, ctx) => (await rowsOf(ctx, 'SELECT workplace_id FROM blueprint_workplaces WHERE blueprint_id = $1', r.id)).map((x) => Number(x.workplace_id)) }),
    criteria: t.idList({ resolve: async (r, _a, ctx) => (await rowsOf(ctx, 'SELECT criterion_id FROM blueprint_criteria WHERE blueprint_id = $1', r.id)).map((x) => Number(x.criterion_id)) }),
    files: t.idList({ description: 'ids of the blueprint\'s documents', resolve: async (r, _a, ctx) => (await rowsOf(ctx, 'SELECT id FROM files WHERE blueprint_id = $1 AND deleted_at IS NULL ORDER BY id', r.id)).map((x) => Number(x.id)) }),
  }),
});

builder.queryField('blueprints', (t) =>
  t.field({
    type: [Blueprint],
    args: { search: t.arg.string({ required: false }), categoryId: t.arg.id({ required: false }) },
    resolve: (_r, args, ctx) => {
      const like = args.search ? `%${args.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
      const extra = sql`${like ? sql` AND lower(t.name) LIKE ${like}` : raw('')}${args.categoryId ? sql` AND t.category_id = ${parseId(args.categoryId) ?? -1}` : raw('')}`;
      return referenceRows<Row>(ctx.db, requireViewer(ctx), 'blueprints', 'name, id', extra);
    },
  }),
);

builder.queryField('blueprintCategories', (t) =>
  t.field({ type: [BlueprintCategory], resolve: (_r, _a, ctx) => referenceRows<Row>(ctx.db, requireViewer(ctx), 'blueprint_categories', 'sort_order, label') }),
);

builder.queryField('workOrders', (t) =>
  t.field({ type: [WorkOrder], resolve: (_r, _a, ctx) => referenceRows<Row>(ctx.db, requireViewer(ctx), 'work_orders', 'name, id') }),
);
