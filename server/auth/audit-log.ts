import type { Queryable } from '../db/db';
import { join, run, sql, type SqlFragment } from '../db/sql';
import type { Viewer } from './viewer';
import { isAdminRole, Role } from '../../src/domain/shared/roles';

/** Filters of the administrators' audit log (/administratie/log, GraphQL auditLog, CSV export). */
export interface AuditLogFilter {
  action?: string | null;
  /** Anyone in the chain: the real user or an impersonated one. */
  userId?: number | null;
  subjectType?: string | null;
  subjectId?: string | null;
  /** "Who saw this person's file": rows about the participant, and list reads, exports and documents naming them (issue 20). */
  participantId?: number | null;
  result?: string | null;
  from?: Date | null;
  to?: Date | null;
}

export interface AuditLogRow {
  id: number;
  createdAt: Date;
  action: string;
  result: string;
  userId: number | null;
  userName: string | null;
  onBehalfOfUserId: number | null;
  onBehalfOfName: string | null;
  chain: number[];
  subjectType: string | null;
  subjectId: string | null;
  ip: string | null;
  details: string;
}

export const AUDIT_LOG_MAX_PAGE = 500;
export const AUDIT_LOG_EXPORT_MAX = 50_000;

/** Only administrators read the log, and only their own company's rows (a super administrator too: per company). */
export function mayReadAuditLog(viewer: Viewer | null): viewer is Viewer {
  return viewer !== null && viewer.chain.length === 0 && isAdminRole(viewer.roleId) && viewer.roleId !== Role.developer;
}

function whereOf(viewer: Viewer, f: AuditLogFilter): SqlFragment {
  const parts: SqlFragment[] = [sql`a.company_id = ${viewer.companyId}`];
  if (f.action) parts.push(sql`a.action LIKE ${`${f.action.replace(/[\\%_]/g, '\\$&')}%`}`);
  if (f.userId) parts.push(sql`(a.user_id = ${f.userId} OR a.chain @> ${JSON.stringify([f.userId])}::jsonb)`);
  if (f.subjectType) parts.push(sql`a.subject_type = ${f.subjectType}`);
  if (f.subjectId) parts.push(sql`a.subject_id = ${f.subjectId}`);
  if (f.participantId) {
    parts.push(sql`((a.subject_type = 'participant' AND a.subject_id = ${String(f.participantId)})
      OR a.details -> 'participantIds' @> ${JSON.stringify([f.participantId])}::jsonb
      OR a.details ->> 'participantId' = ${String(f.participantId)})`);
  }
  if (f.result) parts.push(sql`a.result = ${f.result}`);
  if (f.from) parts.push(sql`a.created_at >= ${f.from}`);
  if (f.to) parts.push(sql`a.created_at < ${f.to}`);
  return join(parts, ' AND ');
}

const SELECT = sql`SELECT a.id, a.created_at AS "createdAt", a.action, a.result, a.user_id AS "userId",
         nullif(concat_ws(' ', u.given_name, u.surname), '') AS "userName",
         a.on_behalf_of_user_id AS "onBehalfOfUserId", nullif(concat_ws(' ', o.given_name, o.surname), '') AS "onBehalfOfName",
         a.chain, a.subject_type AS "subjectType", a.subject_id AS "subjectId", a.ip, a.details::text AS details
    FROM audit_log a
    LEFT JOIN users u ON u.id = a.user_id
    LEFT JOIN users o ON o.id = a.on_behalf_of_user_id`;

/** A page of the log, newest first. */
export async function readAuditLog(db: Queryable, viewer: Viewer, f: AuditLogFilter, page: number, perPage: number): Promise<{ totalItems: number; records: AuditLogRow[] }> {
  const where = whereOf(viewer, f);
  const size = Math.min(Math.max(1, Math.floor(perPage)), AUDIT_LOG_MAX_PAGE);
  const offset = (Math.max(1, Math.floor(page)) - 1) * size;
  const total = await run<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM audit_log a WHERE ${where}`);
  const { rows } = await run<AuditLogRow>(db, sql`${SELECT} WHERE ${where} ORDER BY a.created_at DESC, a.id DESC LIMIT ${size} OFFSET ${offset}`);
  return { totalItems: total.rows[0]?.n ?? 0, records: rows.map((r) => ({ ...r, id: Number(r.id), chain: Array.isArray(r.chain) ? r.chain.map(Number) : [] })) };
}

/** Every matching row (up to AUDIT_LOG_EXPORT_MAX), newest first, as CSV (RFC 4180; cells that a spreadsheet would run are quoted with a leading '). */
export async function auditLogCsv(db: Queryable, viewer: Viewer, f: AuditLogFilter): Promise<string> {
  const { rows } = await run<AuditLogRow>(db, sql`${SELECT} WHERE ${whereOf(viewer, f)} ORDER BY a.created_at DESC, a.id DESC LIMIT ${AUDIT_LOG_EXPORT_MAX}`);
  const cell = (value: unknown): string => {
    let text = value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : typeof value === 'string' ? value : JSON.stringify(value);
    if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n;]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  const header = ['id', 'time', 'action', 'result', 'user_id', 'user', 'on_behalf_of_user_id', 'on_behalf_of', 'chain', 'subject_type', 'subject_id', 'ip', 'details'];
  const lines = rows.map((r) =>
    [r.id, r.createdAt, r.action, r.result, r.userId, r.userName, r.onBehalfOfUserId, r.onBehalfOfName, (Array.isArray(r.chain) ? r.chain : []).join(' > '), r.subjectType, r.subjectId, r.ip, r.details].map(cell).join(','),
  );
  return `${[header.join(','), ...lines].join('\r\n')}\r\n`;
}
