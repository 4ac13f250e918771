import type { Row } from '../db/db';
import type { ReplicaDocument } from '../../src/domain/sync/types';

const INTERNAL = new Set(['change_seq', 'deleted_at', '_in_scope']);

export function camelCase(column: string): string {
  return column.replace(/_([a-z0-9])/g, (_m, c: string) => c.toUpperCase());
}

function value(v: unknown): unknown {
  return v instanceof Date ? v.toISOString() : v;
}

/** A row as the replica stores it: camelCase fields, dates as ISO text, `_deleted` for tombstones. */
export function rowToDocument(row: Row, omit: readonly string[] = []): ReplicaDocument {
  const doc: Record<string, unknown> = {};
  for (const [column, v] of Object.entries(row)) {
    if (INTERNAL.has(column) || omit.includes(column)) continue;
    doc[camelCase(column)] = value(v);
  }
  doc._deleted = row.deleted_at != null;
  return { ...doc, uuid: String(row.uuid) };
}

/** A deletion that says only which document left: used for rows outside the viewer's scope. */
export function tombstone(row: Row): ReplicaDocument {
  return { uuid: String(row.uuid), id: Number(row.id), revision: Number(row.revision), _deleted: true };
}
