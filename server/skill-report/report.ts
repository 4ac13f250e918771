import type { Db, Queryable } from '../db/db';
import { join, raw, run, sql, type SqlFragment } from '../db/sql';
import { can } from '../auth/permissions';
import { participantsScope, projectsScope } from '../auth/scope';
import { audit } from '../auth/audit';
import type { Viewer } from '../auth/viewer';
import { pageClause, type Page, type PageArgs } from '../graph/paginated';
import { streamTable } from '../http/table-stream';
import { SKILL_REPORT_COLUMNS, type SkillReportColumn, type SkillReportFilter } from '../../src/domain/skill-report/inputs';

/**
 * The skill report (02 §3 "Skill report row"): one row per behaviour score and per skill score of the
 * participants in the viewer's scope (the caseload, like the pull of participant_behavior_scores and
 * participant_skill_scores). Reading needs skillReport:view (managers, coaches, administrators); the
 * export skillReport:export (managers, administrators).
 */
export interface SkillReportRow {
  id: string;
  kind: 'behavior' | 'skill';
  participant_id: number;
  participant_name: string;
  project_id: number | null;
  project_name: string | null;
  competency_system_id: number | null;
  competency_system_name: string | null;
  competency_name: string | null;
  behavior_id: number | null;
  behavior_name: string | null;
  discipline_id: number | null;
  discipline_name: string | null;
  category_id: number | null;
  category_label: string | null;
  skill_id: number | null;
  skill_name: string | null;
  start_score: number | null;
  current_score: number | null;
  target_score: number | null;
}

function participantWhere(viewer: Viewer, filter: SkillReportFilter): SqlFragment {
  const where: SqlFragment[] = [sql`p.deleted_at IS NULL`, sql`p.display <> 0`, participantsScope(viewer, 'p')];
  if (filter.participantId != null) where.push(sql`p.id = ${filter.participantId}`);
  if (filter.projectId != null) where.push(sql`p.project_id = ${filter.projectId}`);
  for (const word of (filter.search ?? '').toLowerCase().split(/\s+/).filter(Boolean).slice(0, 5)) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(sql`lower(concat_ws(' ', p.firstname, p.prefix, p.lastname)) LIKE ${like}`);
  }
  return join(where, ' AND ');
}

/** The union of behaviour and skill rows for the filter (without order or paging); a branch the filter excludes stays, empty, so the columns are always there. */
function reportSource(viewer: Viewer, filter: SkillReportFilter): SqlFragment {
  const people = participantWhere(viewer, filter);
  const parts: SqlFragment[] = [];
  {
    const off = filter.kind === 'skill' || filter.disciplineId != null ? raw('AND false') : raw('');
    parts.push(sql`SELECT 'b-' || s.id AS id, 'behavior' AS kind, s.participant_id, concat_ws(' ', p.firstname, p.prefix, p.lastname) AS participant_name,
                          p.lastname, p.firstname, pr.id AS project_id, pr.name AS project_name,
                          cs.id AS competency_system_id, cs.name AS competency_system_name, c.name AS competency_name, b.id AS behavior_id, b.name AS behavior_name,
                          NULL::bigint AS discipline_id, NULL::text AS discipline_name, NULL::bigint AS category_id, NULL::text AS category_label,
                          NULL::bigint AS skill_id, NULL::text AS skill_name, s.start_score, s.current_score, s.target_score,
                          0 AS kind_order, c.sort_order AS o1, b.sort_order AS o2, s.id AS row_id
                     FROM participant_behavior_scores s
                     JOIN participants p ON p.id = s.participant_id
                     JOIN behaviors b ON b.id = s.behavior_id
                     JOIN competencies c ON c.id = b.competency_id
                     JOIN competency_systems cs ON cs.id = c.competency_system_id
                     LEFT JOIN projects pr ON pr.id = p.project_id AND ${projectsScope(viewer, 'pr')}
                    WHERE s.deleted_at IS NULL AND s.company_id = ${viewer.companyId} AND ${people}
                      ${filter.competencySystemId != null ? sql`AND cs.id = ${filter.competencySystemId}` : raw('')} ${off}`);
  }
  {
    const off = filter.kind === 'behavior' || filter.competencySystemId != null ? raw('AND false') : raw('');
    parts.push(sql`SELECT 's-' || s.id AS id, 'skill' AS kind, s.participant_id, concat_ws(' ', p.firstname, p.prefix, p.lastname) AS participant_name,
                          p.lastname, p.firstname, pr.id AS project_id, pr.name AS project_name,
                          NULL::bigint AS competency_system_id, NULL::text AS competency_system_name, NULL::text AS competency_name, NULL::bigint AS behavior_id, NULL::text AS behavior_name,
                          d.id AS discipline_id, d.name AS discipline_name, k.category_id, sc.label AS category_label,
                          k.id AS skill_id, k.name AS skill_name, s.start_score, s.current_score, s.target_score,
                          1 AS kind_order, coalesce(sc.sort_order, 0) AS o1, k.sort_order AS o2, s.id AS row_id
                     FROM participant_skill_scores s
                     JOIN participants p ON p.id = s.participant_id
                     JOIN skills k ON k.id = s.skill_id
                     JOIN disciplines d ON d.id = k.discipline_id
                     LEFT JOIN skill_categories sc ON sc.id = k.category_id
                     LEFT JOIN projects pr ON pr.id = p.project_id AND ${projectsScope(viewer, 'pr')}
                    WHERE s.deleted_at IS NULL AND s.company_id = ${viewer.companyId} AND ${people}
                      ${filter.disciplineId != null ? sql`AND d.id = ${filter.disciplineId}` : raw('')} ${off}`);
  }
  return join(parts, ' UNION ALL ');
}

const ORDER = raw('ORDER BY lower(r.lastname), lower(r.firstname), r.participant_id, r.kind_order, r.o1, r.o2, r.row_id');

export async function skillReportPage(db: Queryable, viewer: Viewer, filter: SkillReportFilter, page: PageArgs): Promise<Page<SkillReportRow>> {
  if (!can(viewer, 'view', 'skillReport')) return { totalItems: 0, records: [] };
  const source = reportSource(viewer, filter);
  const [count, rows] = await Promise.all([
    run<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${source}) r`),
    run<SkillReportRow>(db, sql`SELECT r.* FROM (${source}) r ${ORDER}${pageClause(page)}`),
  ]);
  return { totalItems: count.rows[0]?.n ?? 0, records: rows.rows };
}

export async function countSkillReport(db: Queryable, viewer: Viewer, filter: SkillReportFilter): Promise<number> {
  return (await run<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${reportSource(viewer, filter)}) r`)).rows[0]?.n ?? 0;
}

const BATCH = 500;
type Cells = Record<SkillReportColumn, string | number | null>;

async function* exportRows(db: Db, viewer: Viewer, filter: SkillReportFilter): AsyncGenerator<Cells> {
  const source = reportSource(viewer, filter);
  for (let offset = 0; ; offset += BATCH) {
    const { rows } = await run<SkillReportRow>(db, sql`SELECT r.* FROM (${source}) r ${ORDER} LIMIT ${BATCH} OFFSET ${offset}`);
    for (const r of rows) {
      yield {
        participant: r.participant_name,
        project: r.project_name,
        competencySystem: r.competency_system_name,
        competency: r.competency_name,
        behavior: r.behavior_name,
        discipline: r.discipline_name,
        category: r.category_label,
        skill: r.skill_name,
        startScore: r.start_score,
        currentScore: r.current_score,
        targetScore: r.target_score,
      };
    }
    if (rows.length < BATCH) return;
  }
}

/** Streams the report as CSV (UTF-8 with BOM, semicolons) or XLSX; a batch at a time. The export is logged. */
export async function streamSkillReport(db: Db, viewer: Viewer, filter: SkillReportFilter, format: 'csv' | 'xlsx', ip: string): Promise<ReadableStream<Uint8Array>> {
  // NEN 7513 (issue 38): the export's row names the participants in it (ids, not their data).
  const ids = await run<{ id: number }>(db, sql`SELECT DISTINCT r.participant_id AS id FROM (${reportSource(viewer, filter)}) r ORDER BY 1`);
  await audit(db, {
    action: 'skillReport.export',
    viewer,
    companyId: viewer.companyId,
    userId: viewer.realUserId,
    onBehalfOfUserId: viewer.realUserId !== viewer.userId ? viewer.userId : null,
    subjectType: 'skillReport',
    details: { format, filter, participantIds: ids.rows.map((r) => Number(r.id)) },
    ip,
  });
  return streamTable(SKILL_REPORT_COLUMNS, exportRows(db, viewer, filter), format, 'Vaardighedenrapport');
}
