import type { Queryable } from '../db/db';
import { raw, run, sql } from '../db/sql';
import type { Viewer } from '../auth/viewer';
import { instrumentMode, kwnwAccess, kwnwVersionOf, type InstrumentMode, type KwnwAccessFlag, type KwnwVersionSetting } from '../../src/domain/instruments/features';

async function companySettings(db: Queryable, viewer: Viewer): Promise<Record<string, unknown>> {
  const { rows } = await run<{ settings: Record<string, unknown> | null }>(db, sql`SELECT settings FROM companies WHERE id = ${viewer.companyId}`);
  return rows[0]?.settings ?? {};
}

/** Company switch useInstruments (01 §3): criteria_only, disabled, enabled. Unset counts as enabled. */
export async function instrumentsDisabled(db: Queryable, viewer: Viewer): Promise<boolean> {
  return instrumentMode(await companySettings(db, viewer)) === 'disabled';
}

/** The instrument library (list, add, edit) is offered only with useInstruments `enabled`. */
export async function currentInstrumentMode(db: Queryable, viewer: Viewer): Promise<InstrumentMode> {
  return instrumentMode(await companySettings(db, viewer));
}

/** A KWNW access flag of the viewer's company (src/domain/instruments/features.ts: version, kwnw flag and the flag). */
export async function kwnwFlagOn(db: Queryable, viewer: Viewer, flag: KwnwAccessFlag): Promise<boolean> {
  return kwnwAccess(await companySettings(db, viewer))[flag];
}

/** The company's KWNW version. */
export async function companyKwnwVersion(db: Queryable, viewer: Viewer): Promise<KwnwVersionSetting> {
  return kwnwVersionOf(await companySettings(db, viewer));
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
