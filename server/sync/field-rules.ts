import type { Viewer } from '../auth/viewer';
import { isCompanyAdmin } from '../auth/scope';
import { raw, sql, type SqlFragment } from '../db/sql';

/**
 * Least data (issue 10): which fields of a row a viewer may receive, in one place for the sync pull
 * and GraphQL. A rule is either `private` (the value only for viewers the rule admits, null for
 * everyone else, as GraphQL's resolvers answer) or `bsn` (masked to its last three digits for
 * everyone: the full number only through an explicit reveal). The pull builds its documents in SQL
 * from `fieldExpression`; GraphQL resolvers and conflict answers use `readField` / `applyFieldRules`
 * on a row they already hold.
 */
export type FieldRule =
  | { kind: 'private'; sql: (viewer: Viewer, alias: string) => SqlFragment; row: (viewer: Viewer, row: Record<string, unknown>) => boolean }
  | { kind: 'bsn' }
  /** A jsonb column whose keys are never sent (a BSN an older row may still hold, issue 20). */
  | { kind: 'dropKeys'; keys: readonly string[] };

/** Administrators and the user themselves (GraphQL's mayReadPrivate on User). */
const adminOrSelf: FieldRule = {
  kind: 'private',
  sql: (viewer, alias) => (isCompanyAdmin(viewer) ? raw('TRUE') : sql([`${alias}.id = `, ''], viewer.userId)),
  row: (viewer, row) => isCompanyAdmin(viewer) || Number(row.id) === viewer.userId,
};

/** Column rules per table (snake_case column names). */
export const FIELD_RULES: Readonly<Record<string, Readonly<Record<string, FieldRule>>>> = {
  users: {
    personal_code: adminOrSelf,
    sbb_user_code: adminOrSelf,
    date_of_birth: adminOrSelf,
    experience_coaching: adminOrSelf,
    experience_notes: adminOrSelf,
    notes: adminOrSelf,
    settings: adminOrSelf,
  },
  participants: { bsn: { kind: 'bsn' } },
  wage_value_measurements: { participant_snapshot: { kind: 'dropKeys', keys: ['bsn'] } },
};

/** "123456782" → "******782": the last three digits, the rest hidden (lists, replicas, exports). */
export function maskBsn(bsn: string | null | undefined): string | null {
  if (bsn == null || bsn === '') return bsn ?? null;
  return bsn.length <= 3 ? '*'.repeat(bsn.length) : `${'*'.repeat(bsn.length - 3)}${bsn.slice(-3)}`;
}

/** A JSON object without the given keys (anything else as it is). */
export function dropKeys(value: unknown, keys: readonly string[]): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const k of keys) delete out[k];
  return out;
}

/**
 * Whether a column's rule depends on who reads (then its SQL is built per viewer); a column without a
 * rule, a masked BSN and dropped keys are the same for everyone. Every kind must be named here.
 */
export function ruleReadsViewer(table: string, column: string): boolean {
  const rule = FIELD_RULES[table]?.[column];
  if (!rule) return false;
  switch (rule.kind) {
    case 'private':
      return true;
    case 'bsn':
    case 'dropKeys':
      return false;
  }
}

/** The SQL expression the pull selects for one column, given the rule (or the column itself). */
export function fieldExpression(table: string, column: string, viewer: Viewer, alias: string, plain: SqlFragment): SqlFragment {
  const rule = FIELD_RULES[table]?.[column];
  if (!rule) return plain;
  if (rule.kind === 'bsn') {
    const c = `${alias}.${column}`;
    return raw(`CASE WHEN ${c} IS NULL OR ${c} = '' THEN ${c} WHEN length(${c}) <= 3 THEN repeat('*', length(${c})) ELSE repeat('*', length(${c}) - 3) || right(${c}, 3) END`);
  }
  if (rule.kind === 'dropKeys') return sql`(${plain} - ${[...rule.keys]}::text[])`;
  return sql`CASE WHEN ${rule.sql(viewer, alias)} THEN ${plain} END`;
}

/** One field of a row as the viewer may see it (GraphQL resolvers). */
export function readField(table: string, column: string, viewer: Viewer, row: Record<string, unknown>): unknown {
  const rule = FIELD_RULES[table]?.[column];
  const value = row[column];
  if (!rule) return value;
  if (rule.kind === 'bsn') return typeof value === 'string' ? maskBsn(value) : value;
  if (rule.kind === 'dropKeys') return dropKeys(value, rule.keys);
  return rule.row(viewer, row) ? value : null;
}

/** A row with every rule of its table applied (conflict answers, exports). */
export function applyFieldRules<T extends Record<string, unknown>>(table: string, viewer: Viewer, row: T): T {
  const rules = FIELD_RULES[table];
  if (!rules) return row;
  const out: Record<string, unknown> = { ...row };
  for (const column of Object.keys(rules)) if (column in out) out[column] = readField(table, column, viewer, row);
  return out as T;
}
