import type { Viewer } from '../auth/viewer';
import { join, run, sql, type SqlFragment } from '../db/sql';
import type { Queryable } from '../db/db';
import { noteRestParticipantReads } from '../auth/participant-reads';
import { bucketSql, propertySql, SUBJECT_SQL } from './subjects';
import { filterSql } from './datasets';
import type { RelatedRequest } from '../../src/domain/dashboards/inputs';

/** The most rows the related list shows (the figure says how many there are in all). */
export const RELATED_LIMIT = 500;

export interface RelatedRow {
  id: number;
  name: string;
  status: string;
  detail: string | null;
}

/**
 * The rows behind one figure (a bar or slice): the dataset's filters plus the clicked bucket, on the
 * same SQL and scope as the figure itself, so the list's count equals the figure.
 */
export async function relatedRows(db: Queryable, viewer: Viewer, r: RelatedRequest): Promise<{ total: number; rows: RelatedRow[]; limit: number }> {
  const s = SUBJECT_SQL[r.subject];
  const where: SqlFragment[] = [s.where(viewer), ...r.filters.map((f) => filterSql(r.subject, f))];
  if (r.bucket) {
    const prop = propertySql(r.subject, r.bucket.property);
    if (prop) where.push(sql`${bucketSql(prop, r.bucket.grouping)} = ${r.bucket.start}::date`);
  }
  for (const property of r.empty) {
    const prop = propertySql(r.subject, property);
    if (prop) where.push(sql`${prop.expr} IS NULL`);
  }
  const cond = join(where, ' AND ');
  const total = Number((await run<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${s.from} WHERE ${cond}`)).rows[0]?.n ?? 0);
  const select =
    r.subject === 'participant'
      ? sql`SELECT p.id, trim(concat_ws(' ', p.firstname, p.prefix, p.lastname)) AS name, coalesce(cs.label, ps.label) AS status, pr.name AS detail
              FROM ${s.from} JOIN participant_statuses ps ON ps.id = p.status_id
              LEFT JOIN company_statuses cs ON cs.status_id = p.status_id AND cs.company_id = p.company_id
              LEFT JOIN projects pr ON pr.id = p.project_id
             WHERE ${cond} ORDER BY lower(p.lastname), lower(p.firstname), p.id LIMIT ${RELATED_LIMIT}`
      : sql`SELECT w.id, w.name, w.status, trim(concat_ws(' ', p.firstname, p.prefix, p.lastname)) AS detail, p.id AS participant_id
              FROM ${s.from} WHERE ${cond} ORDER BY lower(w.name), w.id LIMIT ${RELATED_LIMIT}`;
  const { rows } = await run<RelatedRow & { participant_id?: number }>(db, select);
  // NEN 7513 (issue 38): the list names participants (and a work plan's participant).
  if (r.subject === 'participant') noteRestParticipantReads(viewer, rows.map((x) => x.id), 'graph/related');
  else noteRestParticipantReads(viewer, rows.map((x) => x.participant_id), 'graph/related');
  return { total, limit: RELATED_LIMIT, rows: rows.map(({ participant_id: _p, ...x }) => ({ ...x, id: Number(x.id) })) };
}
