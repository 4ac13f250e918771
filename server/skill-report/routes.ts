import type { Hono } from 'hono';
import * as v from 'valibot';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { restViewer } from '../http/rest-viewer';
import { clientIp } from '../http/client-ip';
import { can } from '../auth/permissions';
import { countSkillReport, streamSkillReport } from './report';
import { exportHeaders } from '../http/table-stream';
import { SkillReportFilterSchema } from '../../src/domain/skill-report/inputs';
import { todayIso } from '../../src/domain/format/format';

/**
 * GET /api/skill-report/export.{csv|xlsx}?kind=&participantId=&projectId=&competencySystemId=&disciplineId=&search=
 * The skill report export (exportSkillReport answers this address): streamed, x-export-rows = rows that follow.
 * The filter is parsed with the same schema as the query; a bad filter answers 400 with its reason code.
 */
export function mountSkillReportRoutes(app: Hono, db: Db, config: Config): void {
  app.get('/api/skill-report/:file', async (c) => {
    const viewer = await restViewer(c, db, config);
    if (viewer instanceof Response) return viewer;
    const match = /^export\.(csv|xlsx)$/.exec(c.req.param('file'));
    const format = match?.[1] === 'csv' ? 'csv' : match?.[1] === 'xlsx' ? 'xlsx' : null;
    if (!format) return c.json({ error: 'not_found' }, 404);
    if (!can(viewer, 'export', 'skillReport')) return c.json({ error: 'forbidden', messageKey: 'skillReport.errors.notAllowed' }, 403);
    const parsed = v.safeParse(SkillReportFilterSchema, c.req.query());
    if (!parsed.success) return c.json({ error: 'invalid_input', messageKey: parsed.issues[0]?.message ?? 'skillReport.errors.invalidFilter' }, 400);
    const total = await countSkillReport(db, viewer, parsed.output);
    const stream = await streamSkillReport(db, viewer, parsed.output, format, clientIp(c));
    return c.body(stream, 200, exportHeaders(format, `vaardighedenrapport-${todayIso()}.${format}`, total));
  });
}
