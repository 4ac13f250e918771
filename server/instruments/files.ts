import type { Queryable } from '../db/db';
import { run, sql, type SqlFragment } from '../db/sql';
import type { Viewer } from '../auth/viewer';
import { can } from '../auth/permissions';
import { scopeOf } from '../auth/scope';
import { currentInstrumentMode } from './store';
import { InstrumentFileReason, INSTRUMENT_FILE_KIND, type InstrumentFileReasonCode } from '../../src/domain/instruments/files';
import type { FileRow } from '../portal/stored-files';

/**
 * An instrument's documents (issue 23; docs/decisions-instruments.md, "Documents"). Seeing them follows the
 * instrument (filesScope links `instrument_id` to the instruments' scope, useInstruments included); adding and
 * removing them is editing the instrument library: `instruments:edit` and `files:add` (removing another's
 * upload `files:delete` too), only while the library is on (useInstruments enabled).
 */

export interface InstrumentRef {
  id: number;
}

async function instrumentInScope(tx: Queryable, viewer: Viewer, where: SqlFragment): Promise<InstrumentRef | null> {
  const { rows } = await run<{ id: number }>(
    tx,
    sql`SELECT i.id FROM instruments i WHERE ${where} AND i.company_id = ${viewer.companyId} AND i.deleted_at IS NULL AND ${scopeOf('instruments')(viewer, 'i')}`,
  );
  return rows[0] ? { id: Number(rows[0].id) } : null;
}

/** Whether the viewer may change the library's documents now (role and company switch), or why not. */
async function libraryProblem(tx: Queryable, viewer: Viewer): Promise<InstrumentFileReasonCode | 'instruments.errors.disabled' | 'instruments.errors.libraryOff' | null> {
  if (!can(viewer, 'edit', 'instruments') || !can(viewer, 'add', 'files')) return InstrumentFileReason.forbidden;
  const mode = await currentInstrumentMode(tx, viewer);
  if (mode === 'disabled') return 'instruments.errors.disabled';
  if (mode === 'criteria_only') return 'instruments.errors.libraryOff';
  return null;
}

/** An instrument by uuid the viewer may add documents to, or the reason why not. */
export async function attachableInstrument(tx: Queryable, viewer: Viewer, uuid: string): Promise<InstrumentRef | string> {
  const problem = await libraryProblem(tx, viewer);
  if (problem) return problem;
  return (await instrumentInScope(tx, viewer, sql`i.uuid = ${uuid}::uuid`)) ?? InstrumentFileReason.notFound;
}

/** Whether the viewer may remove (or bring back) this instrument document. */
export async function instrumentFileRemovalProblem(tx: Queryable, viewer: Viewer, file: FileRow & { instrument_id?: number | null }): Promise<string | null> {
  if (Number(file.kind) !== INSTRUMENT_FILE_KIND || file.instrument_id == null) return InstrumentFileReason.notFound;
  if (!(await instrumentInScope(tx, viewer, sql`i.id = ${Number(file.instrument_id)}`))) return InstrumentFileReason.notFound;
  const problem = await libraryProblem(tx, viewer);
  if (problem) return problem;
  const own = file.user_id !== null && Number(file.user_id) === viewer.userId;
  return own || can(viewer, 'delete', 'files') ? null : InstrumentFileReason.forbidden;
}
