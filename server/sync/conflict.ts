import type { Queryable, Row } from '../db/db';
import { raw, run, sql, type SqlFragment } from '../db/sql';
import { CONFLICT_REASON, type PushAnswer, type ReplicaDocument } from '../../src/domain/sync/types';
import type { ServerCollection } from './registry';
import { rowToDocument } from './document';
import type { Viewer } from '../auth/viewer';

export type RevisionCheck =
  | { kind: 'ok'; row: Row }
  | { kind: 'missing' }
  | { kind: 'conflict'; answer: PushAnswer };

/**
 * Locks an editable document and compares the revision the client based its change on with the
 * server's. A newer server revision answers a conflict carrying the server's document, so the
 * client can show both versions field by field. Nothing is overwritten silently.
 */
export async function checkBaseRevision(
  tx: Queryable,
  viewer: Viewer,
  collection: ServerCollection,
  uuid: string,
  baseRevision: number | null | undefined,
  extraScope?: SqlFragment,
): Promise<RevisionCheck> {
  const scope = extraScope ?? collection.scope(viewer, 't');
  const { rows } = await run<Row>(
    tx,
    sql`SELECT t.* FROM ${raw(collection.table)} t
         WHERE t.uuid = ${uuid} AND ${collection.tenancy(viewer, 't')} AND ${scope}
         FOR UPDATE`,
  );
  const row = rows[0];
  if (!row) return { kind: 'missing' };
  if (baseRevision != null && Number(row.revision) !== baseRevision) {
    return { kind: 'conflict', answer: conflictAnswer(rowToDocument(row, collection.omit, { table: collection.table, viewer })) };
  }
  if (row.deleted_at != null && baseRevision != null) {
    return { kind: 'conflict', answer: conflictAnswer(rowToDocument(row, collection.omit, { table: collection.table, viewer })) };
  }
  return { kind: 'ok', row };
}

export function conflictAnswer(serverDocument: ReplicaDocument | null): PushAnswer {
  return { success: false, reason: CONFLICT_REASON, conflict: { serverDocument } };
}
