import type { Hono } from 'hono';
import * as v from 'valibot';
import type { Db } from '../db/db';
import type { Config } from '../config';
import { declare } from '../http/route-rules';
import { clientIp } from '../http/client-ip';
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
  const rule = {
    method: 'GET',
    path: '/api/skill-report/:file{export\\.(?:csv|xlsx)}',
    access: { privilege: 'export', resource: 'skillReport' },
    // the participants of the report are the viewer's (streamSkillReport filters by their scope)
    scope: 'caseload',
    forbidden: 'skillReport.errors.notAllowed',
  } as const;
  declare(app, { db, config }, rule, async (c, { viewer, params }) => {
    const format = (params.file ?? '').endsWith('.csv') ? 'csv' : 'xlsx';
    const parsed = v.safeParse(SkillReportFilterSchema, c.req.query());
    if (!parsed.success) return c.json({ error: 'invalid_input', messageKey: parsed.issues[0]?.message ?? 'skillReport.errors.invalidFilter' }, 400);
    const total = await countSkillReport(db, viewer, parsed.output);
    const stream = await streamSkillReport(db, viewer, parsed.output, format, clientIp(c));
    return c.body(stream, 200, exportHeaders(format, `vaardighedenrapport-${todayIso()}.${format}`, total));
  });
}
