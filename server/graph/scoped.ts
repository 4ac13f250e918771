import type { Queryable } from '../db/db';
import { raw, run, sql, type SqlFragment } from '../db/sql';
import { scopeOf } from '../auth/scope';
import type { Viewer } from '../auth/viewer';
import type { GraphContext } from './context';
import { audit } from '../auth/audit';
import { builder, type ReasonParams } from './builder';
import { firstIssueReason, type IssueLike } from '../../src/domain/shared/issue-reason';

/** A numeric id from a GraphQL ID/Int argument, or null when it is not a positive whole number. */
export function parseId(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  // Strict (issue 10): digits only, no sign, spaces or leading zeros, at most 15 of them.
  const text = String(value);
  if (!/^[1-9]\d{0,14}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 && Number.isSafeInteger(n) ? n : null;
}

const SAFE = /^[a-z_][a-z0-9_]*$/;

/**
 * One row of `table` by id, only when it lies in the viewer's scope and is not deleted. Unknown and
 * out-of-scope ids answer the same null, so nothing tells whether a row exists elsewhere.
 */
export async function findInScope<T>(
  db: Queryable,
  table: string,
  viewer: Viewer,
  id: string | number | null | undefined,
  options: { forUpdate?: boolean; extra?: SqlFragment } = {},
): Promise<T | null> {
  const n = parseId(id);
  if (n === null || !SAFE.test(table)) return null;
  const { rows } = await run<T>(
    db,
    sql`SELECT t.* FROM ${raw(table)} t WHERE t.id = ${n} AND t.deleted_at IS NULL AND ${scopeOf(table)(viewer, 't')}${options.extra ?? raw('')}${raw(options.forUpdate ? ' FOR UPDATE' : '')}`,
  );
  return rows[0] ?? null;
}

/** Several ids at once: answers only those in scope. */
export async function idsInScope(db: Queryable, table: string, viewer: Viewer, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0 || !SAFE.test(table)) return [];
  const { rows } = await run<{ id: number }>(
    db,
    sql`SELECT t.id FROM ${raw(table)} t WHERE t.id = ANY(${ids}::bigint[]) AND t.deleted_at IS NULL AND ${scopeOf(table)(viewer, 't')}`,
  );
  return rows.map((r) => Number(r.id));
}

/** Writes the audit row of a mutation, in the mutation's transaction. */
export async function auditMutation(
  tx: Queryable,
  ctx: Pick<GraphContext, 'ip'> & { viewer: Viewer },
  action: string,
  subjectType: string,
  subjectId: number | string | null,
  details: Record<string, unknown> = {},
): Promise<void> {
  const v = ctx.viewer;
  await audit(tx, {
    action,
    viewer: v,
    companyId: v.companyId,
    userId: v.realUserId,
    onBehalfOfUserId: v.realUserId !== v.userId ? v.userId : null,
    subjectType,
    subjectId,
    details,
    ip: ctx.ip,
  });
}

/** The answer of a mutation that creates something: success, reason and the new id. */
export interface CreateResultShape {
  success: boolean;
  reason: string | null;
  params?: ReasonParams | null;
  id: number | null;
}
export const CreateResult = builder.objectRef<CreateResultShape>('CreateResult').implement({
  description: 'The answer of a mutation that creates a record: success, the reason when it failed, and the new id.',
  fields: (t) => ({
    success: t.exposeBoolean('success'),
    reason: t.exposeString('reason', { nullable: true, description: 'A reason code (an i18n key); the client translates it with params.' }),
    params: t.field({ type: 'JSON', nullable: true, description: 'Values for the reason\'s text.', resolve: (r) => r.params ?? null }),
    id: t.field({ type: 'ID', nullable: true, resolve: (r) => r.id }),
  }),
});
export const created = (id: number): CreateResultShape => ({ success: true, reason: null, id });
export const notCreated = (reason: string, params?: ReasonParams): CreateResultShape => ({ success: false, reason, ...(params ? { params } : {}), id: null });

/**
 * A failed parse as the arguments of fail() / notCreated(): the first issue's reason code (an i18n key)
 * and its params (field, bound); the client translates them (src/domain/shared/issue-reason.ts).
 */
export function issuesReason(issues: readonly IssueLike[]): [reason: string, params?: ReasonParams] {
  const { reason, params } = firstIssueReason(issues);
  return params ? [reason, params] : [reason];
}

/** Date columns come back as 'YYYY-MM-DD' strings; timestamps as Date. Both answer ISO text. */
export function isoOrNull(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return null;
}
