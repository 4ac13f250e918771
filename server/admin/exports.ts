import type { Db } from '../db/db';
import { join, raw, run, sql, type SqlFragment } from '../db/sql';
import { participantsScope, usersScope } from '../auth/scope';
import { can } from '../auth/permissions';
import { audit } from '../auth/audit';
import type { Viewer } from '../auth/viewer';
import { streamTable } from '../http/table-stream';
import { PARTICIPANT_EXPORT_COLUMNS, USER_EXPORT_COLUMNS, type ExportFormat } from '../../src/domain/users/export-columns';
import { maskBsn } from '../../src/domain/participants/participant-input';

/** Rows fetched per query: the export never holds more than one batch in memory. */
const BATCH = 500;

type Subject = 'users' | 'participants';
type Cells = Record<string, string | null>;

const fullName = (given: unknown, surname: unknown) => [given, surname].filter((x) => typeof x === 'string' && x).join(' ') || null;
const VISIBILITY = ['Verwijderd', 'Zichtbaar', 'Verborgen', 'Geblokkeerd'];

/** May the viewer export this subject, and see whole BSNs in it? */
export function exportRights(viewer: Viewer, subject: Subject): { allowed: boolean; revealBsn: boolean } {
  const allowed = can(viewer, 'export', subject);
  return { allowed, revealBsn: subject === 'participants' && allowed && can(viewer, 'edit', 'participants') };
}

function whereOf(viewer: Viewer, subject: Subject): SqlFragment {
  return subject === 'users'
    ? join([sql`t.deleted_at IS NULL`, sql`t.display <> 0`, usersScope(viewer, 't')], ' AND ')
    : join([sql`t.deleted_at IS NULL`, sql`t.display <> 0`, participantsScope(viewer, 't')], ' AND ');
}

export async function countExport(db: Db, viewer: Viewer, subject: Subject): Promise<number> {
  const { rows } = await run<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM ${raw(subject)} t WHERE ${whereOf(viewer, subject)}`);
  return rows[0]?.n ?? 0;
}

/** The rows of an export, a batch at a time, ordered by id (keyset paging). */
async function* exportRows(db: Db, viewer: Viewer, subject: Subject, revealBsn: boolean, onlyIds: readonly number[] | null): AsyncGenerator<Cells> {
  let after = 0;
  for (let batch = 0; ; batch += 1) {
    // Participants: exactly the ids the audit row names (read before the first byte went out).
    const ids = onlyIds ? onlyIds.slice(batch * BATCH, (batch + 1) * BATCH) : null;
    if (ids && ids.length === 0) return;
    const where = join([whereOf(viewer, subject), ids ? sql`t.id = ANY(${ids}::bigint[])` : sql`t.id > ${after}`], ' AND ');
    const query =
      subject === 'users'
        ? sql`SELECT t.id, t.username, t.initials, t.given_name, t.surname, t.email, t.phone, t.display, r.label AS role, p.name AS project
                FROM users t JOIN acl_roles r ON r.id = t.acl_role_id LEFT JOIN projects p ON p.id = t.project_id
               WHERE ${where} ORDER BY t.id LIMIT ${BATCH}`
        : sql`SELECT t.id, t.lastname, t.prefix, t.firstname, t.bsn, t.identification, t.birthdate::text AS birthdate, t.email, t.phone, t.street,
                     concat_ws(' ', t.house_number, t.house_number_addition) AS house_number, t.zipcode, t.city, t.display,
                     coalesce(cs.label, s.label) AS status, c.given_name AS coach_given, c.surname AS coach_surname,
                     m.given_name AS manager_given, m.surname AS manager_surname, p.name AS project
                FROM participants t
                JOIN participant_statuses s ON s.id = t.status_id
                LEFT JOIN company_statuses cs ON cs.status_id = t.status_id AND cs.company_id = t.company_id AND cs.deleted_at IS NULL
                LEFT JOIN users c ON c.id = t.coach_id LEFT JOIN users m ON m.id = t.manager_id LEFT JOIN projects p ON p.id = t.project_id
               WHERE ${where} ORDER BY t.id LIMIT ${BATCH}`;
    const { rows } = await run<Record<string, unknown>>(db, query);
    for (const r of rows) {
      const str = (k: string): string | null => {
        const value = r[k];
        if (value === null || value === undefined) return null;
        if (typeof value === 'string') return value;
        if (typeof value === 'number' || typeof value === 'boolean') return String(value);
        return value instanceof Date ? value.toISOString() : JSON.stringify(value);
      };
      yield subject === 'users'
        ? { username: str('username'), initials: str('initials'), givenName: str('given_name'), surname: str('surname'), email: str('email'), phone: str('phone'), role: str('role'), project: str('project'), status: VISIBILITY[Number(r.display)] ?? null }
        : {
            lastname: str('lastname'), prefix: str('prefix'), firstname: str('firstname'),
            bsn: revealBsn ? str('bsn') : maskBsn(str('bsn')), identification: str('identification'), birthdate: str('birthdate'),
            email: str('email'), phone: str('phone'), street: str('street'), houseNumber: str('house_number') || null, zipcode: str('zipcode'), city: str('city'),
            status: str('status'), coach: fullName(r.coach_given, r.coach_surname), manager: fullName(r.manager_given, r.manager_surname), project: str('project'),
            visibility: VISIBILITY[Number(r.display)] ?? null,
          };
    }
    if (!ids && rows.length < BATCH) return;
    after = Number(rows[rows.length - 1]?.id);
  }
}

/**
 * Streams an export as CSV (UTF-8 with BOM, semicolons: what Dutch Excel opens) or XLSX (exceljs
 * streaming writer): rows go out as they are read, so 10,000 rows never sit in memory at once.
 * The export is logged, with whether BSNs were whole and (participants) the ids of every participant in it.
 */
export async function streamExport(db: Db, viewer: Viewer, subject: Subject, format: ExportFormat, ip: string): Promise<ReadableStream<Uint8Array>> {
  const { revealBsn } = exportRights(viewer, subject);
  // NEN 7513: which participants were read (ids, not their data), in the export's one audit row.
  const participantIds = subject === 'participants'
    ? (await run<{ id: number }>(db, sql`SELECT t.id FROM participants t WHERE ${whereOf(viewer, subject)} ORDER BY t.id`)).rows.map((r) => Number(r.id))
    : // Users: the participants whose login accounts (e-mail, phone) the export holds (issue 38).
      (await run<{ id: number }>(db, sql`SELECT p.id FROM participants p JOIN users t ON t.id = p.user_id WHERE p.company_id = ${viewer.companyId} AND ${whereOf(viewer, subject)} ORDER BY p.id`)).rows.map((r) => Number(r.id));
  await audit(db, {
    action: subject === 'users' ? 'user.export' : 'participant.export',
    companyId: viewer.companyId,
    userId: viewer.realUserId,
    onBehalfOfUserId: viewer.realUserId !== viewer.userId ? viewer.userId : null,
    subjectType: subject,
    details: { format, bsnRevealed: revealBsn, participantIds, ...(subject === 'participants' ? { rows: participantIds.length } : {}) },
    ip,
  });
  return streamTable(subject === 'users' ? USER_EXPORT_COLUMNS : PARTICIPANT_EXPORT_COLUMNS, exportRows(db, viewer, subject, revealBsn, subject === 'participants' ? participantIds : null), format, subject === 'users' ? 'Gebruikers' : 'Deelnemers');
}
