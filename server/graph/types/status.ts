import { builder } from '../builder';
import { run, sql } from '../../db/sql';
import { requireViewer } from '../../auth/permissions';
import type { Viewer } from '../../auth/viewer';
import type { Queryable } from '../../db/db';
import { Status, type StatusShape } from '../refs';

interface SubStatusShape {
  id: number;
  label: string;
}
const SubStatus = builder.objectRef<SubStatusShape>('SubStatus').implement({
  fields: (t) => ({ id: t.exposeID('id'), label: t.exposeString('label') }),
});

Status.implement({
  description: "A participant status (01 §3): the spec's id and name, with the company's own label and sub-statuses.",
  fields: (t) => ({
    id: t.exposeID('id'),
    name: t.exposeString('name'),
    label: t.exposeString('label'),
    subStatuses: t.field({
      type: [SubStatus],
      resolve: async (s, _a, ctx) => {
        const viewer = requireViewer(ctx);
        const { rows } = await run<SubStatusShape>(
          ctx.db,
          sql`SELECT id, label FROM sub_statuses WHERE company_id = ${viewer.companyId} AND status_id = ${s.id} AND deleted_at IS NULL ORDER BY label, id`,
        );
        return rows;
      },
    }),
  }),
});

const statusSelect = (viewer: Viewer) =>
  sql`SELECT s.id, s.name, coalesce(cs.label, s.label) AS label, ${viewer.companyId}::bigint AS "companyId"
        FROM participant_statuses s
        LEFT JOIN company_statuses cs ON cs.status_id = s.id AND cs.company_id = ${viewer.companyId} AND cs.deleted_at IS NULL`;

export async function loadStatus(db: Queryable, viewer: Viewer, id: number): Promise<StatusShape | null> {
  const { rows } = await run<StatusShape>(db, sql`${statusSelect(viewer)} WHERE s.id = ${id}`);
  return rows[0] ?? null;
}

builder.queryField('statuses', (t) =>
  t.field({
    type: [Status],
    description: "Every participant status with the company's labels.",
    resolve: async (_r, _a, ctx) => {
      const { rows } = await run<StatusShape>(ctx.db, sql`${statusSelect(requireViewer(ctx))} ORDER BY s.id`);
      return rows;
    },
  }),
);

interface ProcessFlowRow {
  id: number;
  label: string;
  board_column: number | null;
  board_row: number | null;
  rows: number;
  color: string | null;
  sub_status_ids: number[];
  company_id: number;
}
const ProcessFlowStatus = builder.objectRef<ProcessFlowRow>('ProcessFlowStatus').implement({
  description: 'A status of the process flow board (01 §3): without a column it is unsorted.',
  fields: (t) => ({
    id: t.exposeID('id'),
    label: t.exposeString('label'),
    column: t.exposeInt('board_column', { nullable: true }),
    row: t.exposeInt('board_row', { nullable: true }),
    rows: t.exposeInt('rows'),
    color: t.exposeString('color', { nullable: true }),
    subStatuses: t.field({
      type: [SubStatus],
      resolve: async (p, _a, ctx) => {
        const viewer = requireViewer(ctx);
        if (!p.sub_status_ids.length) return [];
        const { rows } = await run<SubStatusShape>(
          ctx.db,
          sql`SELECT id, label FROM sub_statuses WHERE company_id = ${viewer.companyId} AND id = ANY(${p.sub_status_ids}::bigint[]) AND deleted_at IS NULL ORDER BY id`,
        );
        return rows;
      },
    }),
  }),
});

builder.queryField('processFlow', (t) =>
  t.field({
    type: [ProcessFlowStatus],
    description: 'The process flow statuses of the company, by column and row (unsorted ones first).',
    resolve: async (_r, _a, ctx) => {
      const viewer = requireViewer(ctx);
      if (viewer.participantId !== null) return [];
      const { rows } = await run<ProcessFlowRow>(
        ctx.db,
        sql`SELECT * FROM process_flow_statuses t WHERE t.company_id = ${viewer.companyId} AND t.deleted_at IS NULL
             ORDER BY t.board_column NULLS FIRST, t.board_row NULLS LAST, t.id`,
      );
      return rows;
    },
  }),
);
