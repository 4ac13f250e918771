import type { Queryable } from '../db';

/**
 * One row to insert: column name to value. Objects and arrays of objects (jsonb) are sent as JSON text;
 * arrays of scalars as PostgreSQL arrays (bigint[], integer[]).
 */
export type InsertRow = Record<string, unknown>;

/** PostgreSQL allows 65535 parameters per statement; stay well below. */
const MAX_PARAMS = 30_000;

function toParam(value: unknown): unknown {
  if (value === undefined) return null;
  if (Array.isArray(value)) {
    return value.some((v) => v !== null && typeof v === 'object') ? JSON.stringify(value) : value;
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) return JSON.stringify(value);
  return value;
}

/**
 * Inserts rows in multi-row statements (every row must have the same columns) and answers the ids in
 * the order of the rows. Rows carry their own uuid, so ids are mapped back by uuid, not by position.
 */
export async function insertRows(tx: Queryable, table: string, rows: readonly InsertRow[]): Promise<number[]> {
  const first = rows[0];
  if (!first) return [];
  const columns = Object.keys(first);
  const withUuid = columns.includes('uuid');
  const perStatement = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  const ids: number[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    const params: unknown[] = [];
    const tuples = chunk.map((row) => {
      const placeholders = columns.map((c) => {
        params.push(toParam(row[c]));
        return `$${params.length}`;
      });
      return `(${placeholders.join(', ')})`;
    });
    const returning = withUuid ? ' RETURNING id, uuid' : '';
    const sql = `INSERT INTO ${table} (${columns.join(', ')}) VALUES ${tuples.join(', ')}${returning}`;
    const res = await tx.query<{ id: number; uuid: string }>(sql, params);
    if (withUuid) {
      const byUuid = new Map(res.rows.map((r) => [r.uuid, Number(r.id)]));
      for (const row of chunk) {
        const id = byUuid.get(String(row.uuid));
        if (id === undefined) throw new Error(`insert into ${table}: no id for ${String(row.uuid)}`);
        ids.push(id);
      }
    }
  }
  return ids;
}

/** Inserts one row and answers its id. */
export async function insertRow(tx: Queryable, table: string, row: InsertRow): Promise<number> {
  const [id] = await insertRows(tx, table, [row]);
  if (id === undefined) throw new Error(`insert into ${table} answered no id`);
  return id;
}
