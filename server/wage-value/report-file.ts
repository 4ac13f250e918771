/**
 * The definitive report as a stored file of kind 18 (wage value report, 02 §9), on local disk under
 * `<dataDir>/files/<uuid>` like every stored file, linked to the measurement and the participant.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Row } from '../db/db';
import { run, sql } from '../db/sql';
import { filesScope } from '../auth/scope';
import type { MeasurementDraft, ParticipantSnapshot } from '../../src/domain/wage-value/measurement';
import { reportFileName } from '../../src/domain/wage-value/report';
import type { MeasurementStatus } from '../../src/domain/wage-value/constants';
import type { Viewer } from '../auth/viewer';
import type { Queryable } from '../db/db';
import { renderReportPdf, reportTranslator } from './report-pdf';
import { maskBsn } from '../sync/field-rules';
import type { EffectContext } from './effect';

export const WAGE_VALUE_REPORT_FILE_KIND = 18;

const filesDir = (dataDir: string): string => path.join(dataDir, 'files');

/** The names and birth date as measured (never a BSN, even one an older row might still hold). */
export function snapshotOf(row: Row): ParticipantSnapshot {
  const s: unknown = row.participant_snapshot;
  if (!s || typeof s !== 'object' || Array.isArray(s)) return {};
  const { bsn: _bsn, ...rest } = s as ParticipantSnapshot;
  return rest;
}

/**
 * The participant as a report prints it: the snapshot, and the BSN of the participant the measurement
 * refers to, whole only when `whole` (the caller checked mayRevealBsn and logs the print), else masked.
 */
export async function printedParticipant(db: Queryable, row: Row, whole: boolean): Promise<ParticipantSnapshot & { bsn: string | null }> {
  const { rows } = await run<{ bsn: string | null }>(db, sql`SELECT p.bsn FROM participants p WHERE p.id = ${row.participant_id}`);
  const bsn = rows[0]?.bsn ?? null;
  return { ...snapshotOf(row), bsn: whole ? bsn : maskBsn(bsn) };
}

/** The stored definitive report is a file others in scope can fetch later: its BSN is masked. */
export async function storeDefinitiveReport(c: EffectContext, row: Row, draft: MeasurementDraft): Promise<string> {
  const participant = await printedParticipant(c.tx, row, false);
  const status = String(row.status) as MeasurementStatus;
  const bytes = await renderReportPdf({ draft, status, participant, printedAt: c.now });
  const uuid = randomUUID();
  const dir = filesDir(c.dataDir);
  await mkdir(dir, { recursive: true });
  const target = path.join(dir, uuid);
  await writeFile(target, bytes);
  try {
    await run(c.tx, sql`INSERT INTO files (uuid, company_id, kind, name, mime, size, storage_key, sha256, user_id, participant_id, measurement_id)
      VALUES (${uuid}::uuid, ${c.viewer.companyId}, ${WAGE_VALUE_REPORT_FILE_KIND}, ${reportFileName(reportTranslator(), participant, status, c.now)},
        'application/pdf', ${bytes.length}, ${uuid}, ${createHash('sha256').update(bytes).digest('hex')}, ${c.viewer.userId},
        ${row.participant_id}, ${row.id})`);
  } catch (err) {
    await rm(target, { force: true });
    throw err;
  }
  return uuid;
}

/** The stored report of a measurement the viewer may see: its name and bytes. */
export async function readDefinitiveReport(db: Queryable, dataDir: string, viewer: Viewer, measurementUuid: string): Promise<{ name: string; bytes: Buffer } | null> {
  const { rows } = await run<{ name: string; storage_key: string }>(db, sql`SELECT f.name, f.storage_key FROM files f
    JOIN wage_value_measurements m ON m.id = f.measurement_id
    WHERE m.uuid = ${measurementUuid}::uuid AND f.kind = ${WAGE_VALUE_REPORT_FILE_KIND} AND f.deleted_at IS NULL AND m.deleted_at IS NULL
      AND f.company_id = ${viewer.companyId} AND ${filesScope(viewer, 'f')}
    ORDER BY f.id DESC LIMIT 1`);
  const file = rows[0];
  if (!file || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(file.storage_key)) return null;
  try {
    return { name: file.name, bytes: await readFile(path.join(filesDir(dataDir), file.storage_key)) };
  } catch {
    return null;
  }
}
