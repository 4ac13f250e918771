import type { Queryable, Row } from '../db/db';
import { join, raw, sql, type SqlFragment } from '../db/sql';
import type { ReplicaDocument } from '../../src/domain/sync/types';
import type { Viewer } from '../auth/viewer';
import { applyFieldRules, fieldExpression, ruleReadsViewer } from './field-rules';

const INTERNAL = new Set(['change_seq', 'deleted_at', '_in_scope']);

export function camelCase(column: string): string {
  return column.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

function value(v: unknown): unknown {
  return v instanceof Date ? v.toISOString() : v;
}

/**
 * A row as the replica stores it: camelCase fields, dates as ISO text, `_deleted` for tombstones.
 * With a viewer and table, the field rules of field-rules.ts apply (conflict answers).
 */
export function rowToDocument(row: Row, omit: readonly string[] = [], rules?: { table: string; viewer: Viewer }): ReplicaDocument {
  const source = rules ? applyFieldRules(rules.table, rules.viewer, row) : row;
  const doc: Record<string, unknown> = {};
  for (const [column, v] of Object.entries(source)) {
    if (INTERNAL.has(column) || omit.includes(column)) continue;
    doc[camelCase(column)] = value(v);
  }
  doc._deleted = row.deleted_at != null;
  return { ...doc, uuid: String(row.uuid) };
}

/** A deletion that says only which document left: used for deleted rows and rows outside the viewer's scope. */
export function tombstone(row: Row): ReplicaDocument {
  return { uuid: String(row.uuid), id: Number(row.id), revision: Number(row.revision), _deleted: true };
}

interface Column {
  name: string;
  type: string;
}

const columnsOf = new WeakMap<Queryable, Map<string, Promise<Column[]>>>();

/** The table's columns in order (read once per database handle). */
export function tableColumns(db: Queryable, table: string): Promise<Column[]> {
  let tables = columnsOf.get(db);
  if (!tables) columnsOf.set(db, (tables = new Map<string, Promise<Column[]>>()));
  let found = tables.get(table);
  if (!found) {
    found = db
      .query<{ column_name: string; data_type: string }>(
        `SELECT column_name, data_type FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position`,
        [table],
      )
      .then((r) => r.rows.map((c) => ({ name: c.column_name, type: c.data_type })));
    found.catch(() => tables.delete(table));
    tables.set(table, found);
  }
  return found;
}

const SAFE = /^[a-z_][a-z0-9_]*$/;
/** Pairs per json_build_object call (PostgreSQL functions take at most 100 arguments). */
const PAIRS_PER_CALL = 45;

/** One pair of a document's json_build_object: fixed, or the column's field rule applied per viewer. */
type DocumentPair = SqlFragment | { key: string; column: string; plain: SqlFragment };

/** The pairs of documentSql per columns list and (table, omit, alias): built once, not per pull (issue 25). */
const documentPairs = new WeakMap<readonly Column[], Map<string, DocumentPair[]>>();

/**
 * The pairs of a table's document, each fixed SQL (a column without a rule, or a rule that does
 * not depend on the viewer) or the column's `private` rule, applied per viewer by documentSql.
 */
function pairsOf(table: string, columns: readonly Column[], omit: readonly string[], alias: string): DocumentPair[] {
  let byKey = documentPairs.get(columns);
  if (!byKey) documentPairs.set(columns, (byKey = new Map<string, DocumentPair[]>()));
  const cacheKey = `${table}\u0000${alias}\u0000${omit.join(',')}`;
  let pairs = byKey.get(cacheKey);
  if (pairs) return pairs;
  pairs = [];
  for (const column of columns) {
    if (INTERNAL.has(column.name) || omit.includes(column.name)) continue;
    if (!SAFE.test(column.name) || !SAFE.test(alias)) throw new Error(`Unsafe column ${table}.${column.name}`);
    const ref = `${alias}.${column.name}`;
    const plain =
      column.type === 'timestamp with time zone'
        ? raw(`to_char(${ref} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)
        : column.type === 'timestamp without time zone'
          ? raw(`to_char(${ref}, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`)
          : column.type === 'date'
            ? raw(`to_char(${ref}, 'YYYY-MM-DD')`)
            : raw(ref);
    const key = camelCase(column.name);
    pairs.push(ruleReadsViewer(table, column.name) ? { key, column: column.name, plain } : pairSql(key, fieldExpression(table, column.name, NO_VIEWER, alias, plain)));
  }
  pairs.push(raw(`'_deleted', false`));
  byKey.set(cacheKey, pairs);
  return pairs;
}

/** The rules that do not read the viewer (ruleReadsViewer) are built once, with this one. */
const NO_VIEWER = {} as Viewer;

function pairSql(key: string, value: SqlFragment): SqlFragment {
  return sql`'${raw(key)}', ${value}`;
}

/**
 * The SQL that builds the replica document of a row as JSON text, equal to rowToDocument's answer:
 * camelCase keys, timestamps as ISO text with milliseconds and `Z` (like Date#toISOString), dates
 * as YYYY-MM-DD, numbers as numbers, `_deleted: false`. Columns in `omit` and the internal ones are
 * left out; the field rules of the viewer apply.
 */
export function documentSql(table: string, columns: readonly Column[], omit: readonly string[], viewer: Viewer, alias: string): SqlFragment {
  const template = pairsOf(table, columns, omit, alias);
  const fixed = fixedDocuments.get(template);
  if (fixed) return fixed;
  const built = buildObject(template.map((p) => ('key' in p ? pairSql(p.key, fieldExpression(table, p.column, viewer, alias, p.plain)) : p)));
  if (template.every((p) => !('key' in p))) fixedDocuments.set(template, built);
  return built;
}

/** documentSql of the tables none of whose rules read the viewer: the same fragment for everyone. */
const fixedDocuments = new WeakMap<DocumentPair[], SqlFragment>();

/** The pairs as one json_build_object, or jsonb_build_object calls of at most PAIRS_PER_CALL pairs joined. */
function buildObject(pairs: SqlFragment[]): SqlFragment {
  const calls: SqlFragment[] = [];
  for (let i = 0; i < pairs.length; i += PAIRS_PER_CALL) {
    calls.push(sql`jsonb_build_object(${join(pairs.slice(i, i + PAIRS_PER_CALL), ', ')})`);
  }
  if (calls.length === 1) return sql`json_build_object(${join(pairs, ', ')})::text`;
  return sql`(${join(calls, ' || ')})::text`;
}
