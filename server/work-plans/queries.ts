import type { Queryable } from '../db/db';
import { join, raw, run, sql, type SqlFragment } from '../db/sql';
import type { Viewer } from '../auth/viewer';
import { companyScope, participantsScope, scopeOf, workPlansScope } from '../auth/scope';
import { pageClause, type Page } from '../graph/paginated';
import { workPlanFilterStatuses } from '../../src/domain/work-plan/constants';
import { filterName, workPlanSortKeys, type WorkPlanSortKey } from '../../src/domain/work-plan/views';

/** Server reads of the work-plan area (the GraphQL queries for other clients; screens read the replica). */
export type WorkPlanQueryRow = {
  id: number;
  uuid: string;
  name: string;
  status: string;
  participant_id: number;
  participant_name: string;
  coach_id: number | null;
  manager_id: number | null;
  instrument_id: number | null;
  provision_type_id: number | null;
  start_date: string | null;
  expected_end_date: string | null;
  time_finished: string | null;
  termination_reason_id: number | null;
};

const SORT_SQL: Record<WorkPlanSortKey, string> = {
  name: 'lower(w.name)',
  participant: 'lower(p.lastname || \' \' || p.firstname)',
  startDate: 'w.start_date',
  expectedEndDate: 'w.expected_end_date',
  status: "CASE w.status WHEN 'to_start' THEN 0 WHEN 'running' THEN 1 ELSE 2 END",
};

export interface WorkPlanListArgs {
  filter?: number | null;
  search?: string | null;
  sort?: string | null;
  direction?: string | null;
  participantId?: number | null;
  page?: number | null;
  perPage?: number | null;
}

/** The work-plan list: the five filters, search (plan, participant), sorting and paging (15). */
export async function listWorkPlans(db: Queryable, viewer: Viewer, args: WorkPlanListArgs): Promise<Page<WorkPlanQueryRow>> {
  const statuses = [...workPlanFilterStatuses[filterName(args.filter ?? 1)]];
  const where: SqlFragment[] = [sql`w.deleted_at IS NULL`, workPlansScope(viewer, 'w'), sql`w.status = ANY(${statuses}::text[])`];
  if (args.participantId) where.push(sql`w.participant_id = ${args.participantId}`);
  for (const word of (args.search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5)) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`(lower(w.name) LIKE ${like} OR lower(concat_ws(' ', p.firstname, p.prefix, p.lastname)) LIKE ${like})`);
  }
  const key: WorkPlanSortKey = (workPlanSortKeys as readonly string[]).includes(args.sort ?? '') ? (args.sort as WorkPlanSortKey) : 'name';
  const dir = args.direction === 'desc' ? 'DESC' : 'ASC';
  const from = sql`FROM work_plans w JOIN participants p ON p.id = w.participant_id WHERE ${join(where, ' AND ')}`;
  const [count, rows] = await Promise.all([
    run<{ n: number }>(db, sql`SELECT count(*)::int AS n ${from}`),
    run<WorkPlanQueryRow>(
      db,
      sql`SELECT w.*, concat_ws(' ', p.firstname, p.prefix, p.lastname) AS participant_name ${from}
          ORDER BY ${raw(SORT_SQL[key])} ${raw(dir)} NULLS LAST, w.id${pageClause(args)}`,
    ),
  ]);
  return { totalItems: count.rows[0]?.n ?? 0, records: rows.rows };
}

/** Rows of a table in scope, by a foreign key (children of a plan, an assignment, a review). */
export async function childrenOf<T>(db: Queryable, viewer: Viewer, table: string, fk: string, id: number, order = 'sort_order, id'): Promise<T[]> {
  if (!/^[a-z_]+$/.test(table) || !/^[a-z_]+$/.test(fk) || !/^[a-z_, ]+$/.test(order)) throw new Error('unsafe');
  const { rows } = await run<T>(db, sql`SELECT t.* FROM ${raw(table)} t WHERE t.${raw(fk)} = ${id} AND t.deleted_at IS NULL AND ${scopeOf(table)(viewer, 't')} ORDER BY ${raw(order)}`);
  return rows;
}

/** Company reference rows (blueprints, categories, termination reasons, disciplines). */
export async function referenceRows<T>(db: Queryable, viewer: Viewer, table: string, order: string, extra: SqlFragment = raw('')): Promise<T[]> {
  if (!/^[a-z_]+$/.test(table) || !/^[a-z_, ]+$/.test(order)) throw new Error('unsafe');
  const { rows } = await run<T>(db, sql`SELECT t.* FROM ${raw(table)} t WHERE t.deleted_at IS NULL AND ${scopeOf(table)(viewer, 't')}${extra} ORDER BY ${raw(order)}`);
  return rows;
}

export async function participantInScope(db: Queryable, viewer: Viewer, id: number): Promise<boolean> {
  const { rows } = await run(db, sql`SELECT 1 FROM participants p WHERE p.id = ${id} AND ${participantsScope(viewer, 'p')}`);
  return rows.length > 0;
}

export interface PdpRow {
  id: number;
  behavior_id?: number;
  skill_id?: number;
  name: string;
  group_id: number;
  group_name: string;
  habitat?: boolean;
  start_score: number | null;
  current_score: number | null;
  target_score: number | null;
  self_score: number | null;
  reviewed: boolean;
  criteria: unknown;
}

/** The development profile's behaviours (with their competency) or skills (with their discipline). */
export async function pdpRows(db: Queryable, viewer: Viewer, participantId: number, kind: 'behavior' | 'skill'): Promise<PdpRow[]> {
  if (!(await participantInScope(db, viewer, participantId))) return [];
  const q =
    kind === 'behavior'
      ? sql`SELECT s.*, b.name, c.id AS group_id, c.name AS group_name, c.habitat FROM participant_behavior_scores s
            JOIN behaviors b ON b.id = s.behavior_id JOIN competencies c ON c.id = b.competency_id
            WHERE s.participant_id = ${participantId} AND s.deleted_at IS NULL AND ${companyScope(viewer, 's')} ORDER BY c.sort_order, c.id, b.sort_order, b.id`
      : sql`SELECT s.*, k.name, d.id AS group_id, d.name AS group_name FROM participant_skill_scores s
            JOIN skills k ON k.id = s.skill_id JOIN disciplines d ON d.id = k.discipline_id
            WHERE s.participant_id = ${participantId} AND s.deleted_at IS NULL AND ${companyScope(viewer, 's')} ORDER BY d.name, d.id, k.sort_order, k.id`;
  return (await run<PdpRow>(db, q)).rows;
}
