import type { Queryable } from '../db/db';
import type { Viewer } from './viewer';

export type AuditResult = 'success' | 'failure' | 'refused';

export interface AuditEntry {
  action: string;
  companyId?: number | null;
  /** Who acted: the user who really signed in. */
  userId?: number | null;
  /** On whose behalf: the impersonated user, or the user an action was about. */
  onBehalfOfUserId?: number | null;
  /**
   * The whole on-behalf-of chain: the real user first, then every impersonated user in order (the last
   * one acted). Given a viewer, audit() fills it (and userId, onBehalfOfUserId, companyId) from it.
   */
  chain?: readonly number[];
  viewer?: Viewer | null;
  subjectType?: string | null;
  subjectId?: string | number | null;
  /** success (default), failure (wrong input, e.g. a password) or refused (not allowed, throttled). */
  result?: AuditResult;
  details?: Record<string, unknown>;
  ip?: string | null;
}

/** The chain of a viewer as the audit log keeps it: [real user, …impersonated users]. */
export function auditChain(viewer: Pick<Viewer, 'realUserId' | 'chain'>): number[] {
  return [viewer.realUserId, ...viewer.chain];
}

/** Appends one row to the audit log (001_core.sql, 007_audit_chain.sql). */
export async function audit(db: Queryable, entry: AuditEntry): Promise<void> {
  const viewer = entry.viewer ?? null;
  const chain = entry.chain ?? (viewer ? auditChain(viewer) : entry.userId ? [entry.userId, ...(entry.onBehalfOfUserId && entry.onBehalfOfUserId !== entry.userId ? [entry.onBehalfOfUserId] : [])] : []);
  const userId = entry.userId ?? viewer?.realUserId ?? null;
  const onBehalfOf = entry.onBehalfOfUserId ?? (viewer && viewer.chain.length > 0 ? viewer.userId : null);
  await db.query(
    `INSERT INTO audit_log (company_id, user_id, on_behalf_of_user_id, action, subject_type, subject_id, details, ip, chain, result)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      entry.companyId ?? viewer?.companyId ?? null,
      userId,
      onBehalfOf,
      entry.action,
      entry.subjectType ?? null,
      entry.subjectId === undefined || entry.subjectId === null ? null : String(entry.subjectId),
      // jsonb cannot hold NUL: an escaped one in a detail (a typed username) is dropped.
      JSON.stringify(entry.details ?? {}).replace(/\\u0000/g, ''),
      entry.ip ?? null,
      JSON.stringify(chain),
      entry.result ?? 'success',
    ],
  );
}
