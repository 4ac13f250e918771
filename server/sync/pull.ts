import type { Viewer } from '../auth/viewer';
import type { Queryable, Row } from '../db/db';
import { raw, run, sql } from '../db/sql';
import type { Checkpoint, PullAnswer } from '../../src/domain/sync/types';
import type { ServerCollection } from './registry';
import { participantsScope } from '../auth/scope';
import { roleKind } from '../../src/domain/users/roles-policy';
import { rowToDocument, tombstone } from './document';

export const DEFAULT_PULL_LIMIT = 500;
export const MAX_PULL_LIMIT = 2000;
/** The advisory lock every write to a replicated table holds shared (004_sync.sql). */
export const WRITE_LOCK = 727004;

/**
 * The highest change_seq below which every write has committed. Writers hold the shared lock from
 * before they draw a change_seq until they commit; holding it exclusively for an instant means none
 * is in flight, so a checkpoint never passes a change that could still commit below it (which would
 * then be missed forever). The pull first tries without queueing (a queued exclusive request would
 * hold back new writers and could close a deadlock cycle with a writer waiting on a row lock); only
 * after `tries` it waits in the queue, bounded by lock_timeout, and a timeout fails the pull, which
 * the client retries.
 */
export async function committedHighWater(
  db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  tries = 50,
): Promise<number> {
  const read = async (tx: Queryable) => {
    const { rows } = await tx.query<{ last_value: number; is_called: boolean }>('SELECT last_value, is_called FROM change_seq');
    const row = rows[0];
    return row?.is_called ? Number(row.last_value) : 0;
  };
  for (let i = 0; i < tries; i++) {
    const mark = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ ok: boolean }>('SELECT pg_try_advisory_xact_lock($1) AS ok', [WRITE_LOCK]);
      return rows[0]?.ok ? read(tx) : null;
    });
    if (mark !== null) return mark;
    await new Promise((r) => setTimeout(r, 5 + Math.random() * 15));
  }
  return db.transaction(async (tx) => {
    await tx.query("SET LOCAL lock_timeout = '2s'");
    await tx.query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK]);
    return read(tx);
  });
}

/**
 * The fingerprint of what decides the viewer's scope. When it changes between two pulls the server
 * starts the collection over (reset), so documents that entered or left the scope through another
 * row (the work plans of a participant who moved to another coach) arrive or leave too.
 * `caseload` is the fingerprint of the participants in scope, for collections that depend on it.
 */
export function scopeKey(viewer: Viewer, caseload: string | null = null): string {
  const base = [viewer.userId, viewer.roleId, viewer.projectId ?? '-', viewer.accessToAllParticipants ? 1 : 0].join(':');
  return caseload ? `${base}:${caseload}` : base;
}

/**
 * The participants in the viewer's scope, as one md5 (changes when a participant joins or leaves the
 * caseload). Viewers who see every participant of the company get a constant: nothing depends on rows then.
 */
export async function caseloadFingerprint(db: Queryable, viewer: Viewer): Promise<string> {
  const kind = roleKind(viewer.roleId);
  if (kind === 'admin' || kind === 'chronos') return 'all';
  const { rows } = await run<{ fp: string | null }>(
    db,
    sql`SELECT md5(coalesce(string_agg(p.id::text, ',' ORDER BY p.id), '')) AS fp
          FROM participants p WHERE ${participantsScope(viewer, 'p')} AND p.deleted_at IS NULL`,
  );
  return (rows[0]?.fp ?? '').slice(0, 16);
}

/**
 * Documents of one collection changed after the checkpoint, in change_seq order, up to `limit`:
 * documents in the viewer's scope as they are, deleted rows and rows of the tenant outside the
 * scope as tombstones. The next checkpoint is the last change returned, or the committed
 * high-water mark when nothing is left.
 */
export async function pullCollection(
  db: Queryable,
  viewer: Viewer,
  collection: ServerCollection,
  checkpoint: Checkpoint,
  limit: number,
  highWater: number,
  caseload: string | null = null,
): Promise<PullAnswer> {
  const key = scopeKey(viewer, collection.dependsOnCaseload ? caseload : null);
  const reset = checkpoint.seq > 0 && checkpoint.scopeKey !== key;
  const after = reset ? 0 : Math.max(0, checkpoint.seq);
  const size = Math.min(Math.max(1, Math.trunc(limit)), MAX_PULL_LIMIT);
  const { rows } = await run<Row>(
    db,
    sql`SELECT t.*, (${collection.scope(viewer, 't')}) AS _in_scope
          FROM ${raw(collection.table)} t
         WHERE ${collection.tenancy(viewer, 't')} AND t.change_seq > ${after} AND t.change_seq <= ${highWater}
         ORDER BY t.change_seq
         LIMIT ${size + 1}`,
  );
  const hasMore = rows.length > size;
  const page = hasMore ? rows.slice(0, size) : rows;
  // From zero (first sync or reset) the replica holds nothing to delete: tombstones are skipped.
  const documents = page
    .filter((row) => after > 0 || (row._in_scope === true && row.deleted_at == null))
    .map((row) => (row._in_scope === true ? rowToDocument(row, collection.omit) : tombstone(row)));
  const last = page[page.length - 1];
  const seq = hasMore && last ? Number(last.change_seq) : Math.max(after, highWater);
  return { documents, checkpoint: { seq, scopeKey: key }, reset, hasMore };
}
