import type { Queryable } from '../db/db';

export interface AuditEntry {
  action: string;
  companyId?: number | null;
  /** Who acted: the user who really signed in. */
  userId?: number | null;
  /** On whose behalf: the impersonated user, or the user an action was about. */
  onBehalfOfUserId?: number | null;
  subjectType?: string | null;
  subjectId?: string | number | null;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** Appends one row to the audit log (001_core.sql). */
export async function audit(db: Queryable, entry: AuditEntry): Promise<void> {
  await db.query(
    `INSERT INTO audit_log (company_id, user_id, on_behalf_of_user_id, action, subject_type, subject_id, details, ip)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      entry.companyId ?? null,
      entry.userId ?? null,
      entry.onBehalfOfUserId ?? null,
      entry.action,
      entry.subjectType ?? null,
      entry.subjectId === undefined || entry.subjectId === null ? null : String(entry.subjectId),
      JSON.stringify(entry.details ?? {}),
      entry.ip ?? null,
    ],
  );
}
