import { builder } from '../builder';
import { requireViewer } from '../../auth/permissions';
import { scopeOf } from '../../auth/scope';
import { run, sql, type SqlFragment } from '../../db/sql';
import type { Viewer } from '../../auth/viewer';
import { pageClause, paginatedType } from '../paginated';

/**
 * The task list (taskListEnabled; counted with page size 1, 01 §7):
 * - a participant: the assignments still to do (planned or active) in their running work plans;
 * - staff: assignments in their scope whose participant asked for a review that is still open.
 */
interface TaskRow {
  id: number;
  uuid: string;
  kind: 'assignment' | 'review';
  title: string;
  work_plan_id: number;
  participant_id: number;
  status: number;
}

const Task = builder.objectRef<TaskRow>('Task').implement({
  description: 'Something to do: an assignment (participant) or a review request (staff).',
  fields: (t) => ({
    id: t.field({ type: 'ID', resolve: (r) => Number(r.id) }),
    uuid: t.field({ type: 'ID', resolve: (r) => String(r.uuid) }),
    kind: t.exposeString('kind'),
    title: t.exposeString('title'),
    workPlanId: t.field({ type: 'ID', resolve: (r) => Number(r.work_plan_id) }),
    participantId: t.field({ type: 'ID', resolve: (r) => Number(r.participant_id) }),
    status: t.int({ resolve: (r) => Number(r.status) }),
  }),
});

function taskWhere(viewer: Viewer): { where: SqlFragment; kind: 'assignment' | 'review' } {
  const base = sql`a.deleted_at IS NULL AND a.status IN (0, 1) AND ${scopeOf('assignments')(viewer, 'a')}`;
  if (viewer.participantId !== null) {
    return {
      kind: 'assignment',
      where: sql`${base} AND a.participant_id = ${viewer.participantId}
        AND EXISTS (SELECT 1 FROM work_plans wp WHERE wp.id = a.work_plan_id AND wp.status = 'running' AND wp.deleted_at IS NULL)`,
    };
  }
  return { kind: 'review', where: sql`${base} AND a.review_requested_at IS NOT NULL` };
}

builder.queryField('tasks', (t) =>
  t.field({
    type: paginatedType('Task', Task),
    description: "The viewer's open tasks; totalItems counts them all (ask perPage 1 for the count).",
    args: { page: t.arg.int(), perPage: t.arg.int() },
    resolve: async (_r, args, ctx) => {
      const viewer = requireViewer(ctx);
      const { where, kind } = taskWhere(viewer);
      const count = await run<{ n: number }>(ctx.db, sql`SELECT count(*)::int AS n FROM assignments a WHERE ${where}`);
      const rows = await run<TaskRow>(
        ctx.db,
        sql`SELECT a.id, a.uuid::text AS uuid, ${kind}::text AS kind, coalesce(wo.name, '') AS title, a.work_plan_id, a.participant_id, a.status
              FROM assignments a LEFT JOIN work_orders wo ON wo.id = a.work_order_id
             WHERE ${where} ORDER BY a.status DESC, a.sort_order, a.id${pageClause(args)}`,
      );
      return { totalItems: Number(count.rows[0]?.n ?? 0), records: rows.rows };
    },
  }),
);
