import type { Queryable } from '../db/db';
import { raw, run, sql } from '../db/sql';
import type { Viewer } from '../auth/viewer';

/** Company switch useInstruments (01 §3): criteria_only, disabled, enabled. Unset counts as enabled. */
export async function instrumentsDisabled(db: Queryable, viewer: Viewer): Promise<boolean> {
  const { rows } = await run<{ use: string | null }>(db, sql`SELECT settings->>'useInstruments' AS use FROM companies WHERE id = ${viewer.companyId}`);
  return rows[0]?.use === 'disabled';
}

const TABLES = new Set([
  'instrument_categories', 'competency_systems', 'provision_types', 'disciplines', 'skills', 'competencies', 'work_orders',
  'workplaces', 'matching_criteria', 'instruments',
]);

/** The ids of `ids` that are not live rows of the viewer's company in `table` (reference data: company scope). */
export async function missingIds(db: Queryable, viewer: Viewer, table: string, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const wanted = [...new Set(ids.map(Number))];
  if (!TABLES.has(table)) throw new Error(`missingIds: ${table}`);
  const { rows } = await run<{ id: number }>(
    db,
    sql`SELECT id FROM ${raw(table)} WHERE id = ANY(${wanted}::bigint[]) AND company_id = ${viewer.companyId} AND deleted_at IS NULL`,
  );
  const found = new Set(rows.map((r) => Number(r.id)));
  return wanted.filter((id) => !found.has(id));
}
