import type { Db, Queryable } from '../db/db';
import { SERVER_COLLECTIONS } from './registry';

const DAY = 24 * 60 * 60 * 1000;
/** Deleted rows are kept as tombstones this long; clients that last synced before answer `reset`. */
export const TOMBSTONE_RETENTION_DAYS = 90;

/*
 * Processed client mutation ids (processed_mutations) are NOT pruned (issue 19, point 6). They were
 * deleted 30 days after the server first saw them, and ids older than 30 days by the time inside the
 * UUID v7 were refused: that time is the client's clock, so a device with a slow clock could not write
 * at all, a device with a fast clock could have a replay applied twice after its claim was pruned, and
 * a row that never left the device was refused after 30 days. The server cannot tell "never sent" from
 * "sent, claim pruned" once a claim is gone, so the claim stays (about 150 bytes per write, the answer
 * included); `created_at` is the server's first-seen time. Bounded storage needs the client's help:
 * per-client sequence numbers with one last_mutation_id per client (Replicache), see
 * docs/decisions-sync.md.
 */

interface Reference {
  child: string;
  pairs: { childColumn: string; parentColumn: string }[];
}

const SAFE = /^[a-z_][a-z0-9_]*$/;

/** Every foreign key that points at `table` (any child, any action). */
async function referencesTo(db: Queryable, table: string): Promise<Reference[]> {
  const { rows } = await db.query<{ child: string; child_cols: string[]; parent_cols: string[] }>(
    `SELECT c.conrelid::regclass::text AS child,
            ARRAY(SELECT a.attname::text FROM unnest(c.conkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.n ORDER BY k.i) AS child_cols,
            ARRAY(SELECT a.attname::text FROM unnest(c.confkey) WITH ORDINALITY k(n, i) JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.n ORDER BY k.i) AS parent_cols
       FROM pg_constraint c
      WHERE c.contype = 'f' AND c.confrelid = $1::regclass`,
    [table],
  );
  return rows.map((r) => ({
    child: r.child,
    pairs: r.child_cols.map((childColumn, i) => ({ childColumn, parentColumn: r.parent_cols[i] ?? '' })),
  }));
}

/**
 * Purges tombstones: rows deleted longer ago than the retention window, that no other row points
 * at (so no cascade ever removes a live row without a tombstone), and moves each company's
 * tombstone horizon to the highest change_seq purged, in the same transaction. A client whose
 * checkpoint lies below the horizon could have missed a deletion: its next pull answers `reset`.
 * Answers the number of rows purged per table.
 */
export async function purgeTombstones(db: Db, now: Date, days = TOMBSTONE_RETENTION_DAYS): Promise<Record<string, number>> {
  const cutoff = new Date(now.getTime() - days * DAY);
  const purged: Record<string, number> = {};
  for (const collection of SERVER_COLLECTIONS) {
    if (collection.table === 'companies' || !SAFE.test(collection.table)) continue;
    const refs = (await referencesTo(db, collection.table)).filter((r) => SAFE.test(r.child.replace(/"/g, '')));
    const unreferenced = refs
      .map((r, i) => {
        const a = `r${i}`;
        const on = r.pairs.map((p) => `${a}.${p.childColumn} = t.${p.parentColumn}`).join(' AND ');
        return `NOT EXISTS (SELECT 1 FROM ${r.child} ${a} WHERE ${on})`;
      })
      .join(' AND ');
    const count = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ company_id: number; seq: number; n: number }>(
        `WITH gone AS (
           DELETE FROM ${collection.table} t
            WHERE t.deleted_at < $1 ${unreferenced ? `AND ${unreferenced}` : ''}
           RETURNING t.company_id, t.change_seq)
         SELECT company_id, max(change_seq) AS seq, count(*)::int AS n FROM gone WHERE company_id IS NOT NULL GROUP BY company_id`,
        [cutoff],
      );
      for (const row of rows) {
        await tx.query(
          'UPDATE sync_keys SET tombstone_horizon = greatest(tombstone_horizon, $2), purged_at = $3 WHERE company_id = $1',
          [row.company_id, row.seq, now],
        );
      }
      return rows.reduce((sum, r) => sum + Number(r.n), 0);
    });
    if (count > 0) purged[collection.table] = count;
  }
  return purged;
}

/** The purge of tombstones (claims are kept, see above); safe to run in several processes at once. */
export async function runSyncHousekeeping(db: Db, now: Date): Promise<{ tombstones: Record<string, number> }> {
  const tombstones = await purgeTombstones(db, now);
  return { tombstones };
}

const running = new WeakSet<Db>();
/** The runs under way in this process: a shutdown lets them finish before it closes the database. */
const underWay = new Set<Promise<void>>();

/**
 * Runs the housekeeping on about one call in `every`, in the background (never in the caller's
 * answer time), at most once at a time per database handle. The pull endpoint calls it.
 */
export function maybeRunSyncHousekeeping(db: Db, now: Date, every = 500, random = Math.random): void {
  if (running.has(db) || random() * every >= 1) return;
  running.add(db);
  const run: Promise<void> = runSyncHousekeeping(db, now)
    .then(() => undefined)
    .catch((err: unknown) => console.error('Sync housekeeping failed:', err instanceof Error ? err.message : err))
    .finally(() => {
      running.delete(db);
      underWay.delete(run);
    });
  underWay.add(run);
}

/** Resolves when the housekeeping runs under way have ended (the server's shutdown, before it closes the database). */
export async function syncHousekeepingSettled(): Promise<void> {
  await Promise.all([...underWay]);
}
