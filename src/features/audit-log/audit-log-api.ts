import { graphRequest } from '../../lib/api/client';

/** One row of the audit log, as the auditLog query answers it (not replicated: read online by administrators). */
export interface AuditLogEntry {
  id: string;
  createdAt: string;
  action: string;
  result: string;
  userId: string | null;
  userName: string | null;
  onBehalfOfUserId: string | null;
  onBehalfOfName: string | null;
  chain: string[];
  subjectType: string | null;
  subjectId: string | null;
  ip: string | null;
}

export interface AuditLogFilters {
  action: string;
  userId: string;
  subjectId: string;
  participantId: string;
  result: '' | 'success' | 'failure' | 'refused';
  from: string;
  to: string;
}

export const EMPTY_FILTERS: AuditLogFilters = { action: '', userId: '', subjectId: '', participantId: '', result: '', from: '', to: '' };
export const AUDIT_PAGE_SIZE = 50;

const QUERY = `query AuditLog($action: String, $userId: ID, $subjectId: String, $participantId: ID, $result: String, $from: String, $to: String, $page: Int, $perPage: Int) {
  auditLog(action: $action, userId: $userId, subjectId: $subjectId, participantId: $participantId, result: $result, from: $from, to: $to, page: $page, perPage: $perPage) {
    totalItems
    records { id createdAt action result userId userName onBehalfOfUserId onBehalfOfName chain subjectType subjectId ip }
  }
}`;

/** The filters as query variables: empty ones left out; dates are whole days in local time (to: through that day). */
export function filterVariables(f: AuditLogFilters): Record<string, string> {
  const out: Record<string, string> = {};
  if (f.action.trim()) out.action = f.action.trim();
  if (f.userId.trim()) out.userId = f.userId.trim();
  if (f.subjectId.trim()) out.subjectId = f.subjectId.trim();
  if (f.participantId.trim()) out.participantId = f.participantId.trim();
  if (f.result) out.result = f.result;
  if (f.from) out.from = new Date(`${f.from}T00:00:00`).toISOString();
  if (f.to) {
    const end = new Date(`${f.to}T00:00:00`);
    end.setDate(end.getDate() + 1);
    out.to = end.toISOString();
  }
  return out;
}

export async function fetchAuditLog(f: AuditLogFilters, page: number, signal: AbortSignal): Promise<{ totalItems: number; records: AuditLogEntry[] }> {
  const data = await graphRequest<{ auditLog: { totalItems: number; records: AuditLogEntry[] } }>(QUERY, { ...filterVariables(f), page, perPage: AUDIT_PAGE_SIZE }, { signal });
  return data.auditLog;
}

/** The CSV export of the same filters (a download; the server logs it). */
export function exportHref(f: AuditLogFilters): string {
  const query = new URLSearchParams(filterVariables(f)).toString();
  return `/api/audit-log.csv${query ? `?${query}` : ''}`;
}
