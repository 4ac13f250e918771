/**
 * What a pull needs besides its page (split from pull.ts, issue 44): the committed high-water mark
 * (the write lock, batched per database handle), the scope fingerprints, and the PullEnv that
 * computes each at most once per request, on the primary or a hot standby.
 */
import type { Viewer } from '../auth/viewer';
import type { Queryable } from '../db/db';
import { join, raw, run, sql, type SqlFragment } from '../db/sql';
import type { ScopeParent } from './registry';
import { participantsScope } from '../auth/scope';
import { roleKind } from '../../src/domain/users/roles-policy';
import { keysOfRow, loadSyncKeys, type SyncKeys } from './checkpoint';

/** The advisory lock every write to a replicated table holds shared (004_sync.sql). */
export const WRITE_LOCK = 727004;

/** The sequence's high-water mark as SQL (0 before the first value is drawn). */
const SEQ_MARK = 'SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM change_seq';
/** Tries of the write lock without queueing, and the pause between two. */
const MARK_TRIES = 50;
const markPause = () => new Promise((r) => setTimeout(r, 2 + Math.random() * 8));

/**
 * The highest change_seq below which every write has committed. Writers hold the shared lock from
 * before they draw a change_seq until they commit; holding it exclusively for an instant means none
 * is in flight, so a checkpoint never passes a change that could still commit below it (which would
 * then be missed forever). The pull first tries without queueing (a queued exclusive request would
 * hold back new writers and could close a deadlock cycle with a writer waiting on a row lock); only
 * after `tries` it waits in the queue, bounded by lock_timeout, and a timeout fails the pull, which
 * the client retries.
 *
 * Each try is one statement in its own implicit transaction (one round trip; issue 9): the lock is
 * released when the statement ends. Whether the sequence is read before or after the lock is taken
 * within it does not matter: every value drawn before the read was drawn under the shared lock,
 * so it has committed (or rolled back) once the exclusive lock is granted.
 * `db` must be the database itself, not an open transaction (the lock would stay held).
 */
export async function committedHighWater(
  db: Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
  tries = MARK_TRIES,
): Promise<number> {
  for (let i = 0; i < tries; i++) {
    const { rows } = await db.query<{ ok: boolean; mark: number | string }>(`SELECT pg_try_advisory_xact_lock($1) AS ok, (${SEQ_MARK}) AS mark`, [WRITE_LOCK]);
    if (rows[0]?.ok) return Number(rows[0].mark);
    await markPause();
  }
  return db.transaction(async (tx) => {
    await tx.query("SET LOCAL lock_timeout = '2s'");
    await tx.query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK]);
    const { rows } = await tx.query<{ mark: number | string }>(`SELECT (${SEQ_MARK}) AS mark`);
    return Number(rows[0]?.mark ?? 0);
  });
}

type MarkDb = Queryable & { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> };

interface MarkWaiter {
  /** The company whose sync keys come along (null: only the mark). */
  companyId: number | null;
  resolve(answer: { mark: number; keys: SyncKeys | null }): void;
  reject(error: unknown): void;
}

/**
 * The high-water marks of one database handle (issue 9: a try at the write lock per pull request
 * was the pull's costliest part under load). One statement at a time: it tries the lock, reads the
 * sequence and the sync keys of every company asking. Requests that arrive while one is on its way
 * wait for the next, which they share; each gets a mark read by a statement that started after it
 * arrived, so a client that pulls after its own write still sees that write. A failed try (writers
 * in flight) is repeated after a pause, with whoever joined meanwhile; after MARK_TRIES the batch
 * queues for the lock as committedHighWater does.
 */
class MarkBatcher {
  private queue: MarkWaiter[] = [];
  private running = false;

  constructor(private readonly db: MarkDb) {}

  ask(companyId: number | null): Promise<{ mark: number; keys: SyncKeys | null }> {
    return new Promise((resolve, reject) => {
      this.queue.push({ companyId, resolve, reject });
      if (!this.running) void this.run();
    });
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.queue;
        this.queue = [];
        await this.serve(batch);
      }
    } finally {
      this.running = false;
    }
  }

  private async serve(first: MarkWaiter[]): Promise<void> {
    let batch = first;
    try {
      for (let tries = 1; ; tries++) {
        const companies = [...new Set(batch.flatMap((w) => (w.companyId === null ? [] : [w.companyId])))];
        const { rows } = await this.db.query<{ ok: boolean; mark: number | string; company_id: number | null; epoch: string; hmac_key: string; tombstone_horizon: number | string }>(
          `WITH m AS (SELECT pg_try_advisory_xact_lock($1) AS ok, (${SEQ_MARK}) AS mark)
           SELECT m.ok, m.mark, k.company_id, k.epoch, k.hmac_key, k.tombstone_horizon
             FROM m LEFT JOIN sync_keys k ON k.company_id = ANY($2::int[])`,
          [WRITE_LOCK, companies],
        );
        const keys = new Map<number, SyncKeys>();
        for (const row of rows) if (row.company_id !== null) keys.set(Number(row.company_id), keysOfRow(row));
        let mark: number | null = rows[0]?.ok ? Number(rows[0].mark) : null;
        if (mark === null && tries >= MARK_TRIES) mark = await committedHighWater(this.db, 0);
        if (mark !== null) {
          for (const w of batch) w.resolve({ mark, keys: w.companyId === null ? null : (keys.get(w.companyId) ?? null) });
          return;
        }
        await markPause();
        // Whoever arrived meanwhile shares the next try: it starts after they came.
        batch = batch.concat(this.queue);
        this.queue = [];
      }
    } catch (error) {
      for (const w of batch) w.reject(error);
    }
  }
}

const batchers = new WeakMap<object, MarkBatcher>();

function markBatcher(db: MarkDb): MarkBatcher {
  let found = batchers.get(db);
  if (!found) batchers.set(db, (found = new MarkBatcher(db)));
  return found;
}

/**
 * The fingerprint of what decides the viewer's scope. When it changes between two pulls the server
 * starts the collection over (reset), so documents that entered or left the scope through another
 * row (the work plans of a participant who moved to another coach) arrive or leave too.
 * `caseload` is the fingerprint of the participants in scope, for collections that depend on it;
 * `parents` those of the parent rows in scope (see ServerCollection.scopeParents).
 */
export function scopeKey(viewer: Viewer, caseload: string | null = null, parents: readonly string[] = []): string {
  const base = [viewer.userId, viewer.roleId, viewer.projectId ?? '-', viewer.accessToAllParticipants ? 1 : 0].join(':');
  return [base, ...(caseload ? [caseload] : []), ...parents].join(':');
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

/** The parent rows in the viewer's scope, as one md5 (see ServerCollection.scopeParents). */
export async function parentFingerprint(db: Queryable, viewer: Viewer, parent: ScopeParent): Promise<string> {
  const { rows } = await run<{ fp: string | null }>(
    db,
    sql`SELECT md5(coalesce(string_agg(x.id::text, ',' ORDER BY x.id), '')) AS fp
          FROM ${raw(parent.table)} x WHERE x.company_id = ${viewer.companyId} AND x.deleted_at IS NULL AND ${parent.scope(viewer, 'x')}`,
  );
  return (rows[0]?.fp ?? '').slice(0, 12);
}

/**
 * What a pull needs besides the checkpoint, shared by the collections of one request and computed
 * only when a checkpoint does not carry it already: the company's keys, the committed high-water
 * mark and the scope fingerprints.
 */
export interface PullEnv {
  keys(): Promise<SyncKeys>;
  /**
   * Runs one collection's page statement. Those of one request that are ready at the same moment
   * go to the database as one statement (UNION ALL), one round trip for the request (issue 9).
   * Only for statements of the same columns (documents built in SQL).
   */
  select?(query: SqlFragment): Promise<PulledRow[]>;
  highWater(): Promise<number>;
  caseload(): Promise<string>;
  parent(parent: ScopeParent): Promise<string>;
  now(): number;
}

/**
 * The page statements of one request, gathered until the event loop moves on (the fields of one
 * GraphQL request reach their statement together) and sent as one UNION ALL; each part is told
 * apart by `_q` and keeps its own ORDER BY and LIMIT, its rows sorted again by change_seq. When
 * the combined statement fails, each part runs alone, so one failing collection fails only itself.
 */
function selectBatcher(db: Queryable): (query: SqlFragment) => Promise<PulledRow[]> {
  let pending: { query: SqlFragment; resolve(rows: PulledRow[]): void; reject(error: unknown): void }[] = [];
  const alone = (query: SqlFragment) => run<PulledRow>(db, query).then((r) => r.rows);
  const flush = async () => {
    const batch = pending;
    pending = [];
    if (batch.length === 1) {
      const only = batch[0]!;
      return alone(only.query).then(
        (rows) => only.resolve(rows),
        (error: unknown) => only.reject(error),
      );
    }
    try {
      const parts = batch.map((b, i) => sql`SELECT ${raw(String(i))} AS _q, x.* FROM (${b.query}) x`);
      const { rows } = await run<PulledRow & { _q: number }>(db, join(parts, ' UNION ALL '));
      const byPart = batch.map((): PulledRow[] => []);
      for (const row of rows) byPart[row._q]?.push(row);
      batch.forEach((b, i) => b.resolve(byPart[i]!.sort((x, y) => Number(x._seq) - Number(y._seq))));
    } catch {
      for (const b of batch) {
        await alone(b.query).then(
          (rows) => b.resolve(rows),
          (error: unknown) => b.reject(error),
        );
      }
    }
  };
  return (query) =>
    new Promise((resolve, reject) => {
      if (pending.length === 0) setImmediate(() => void flush());
      pending.push({ query, resolve, reject });
    });
}

/**
 * A PullEnv for one request: every value computed at most once; the mark (and with it the keys)
 * from the process's MarkBatcher. `keys` given (tests) are used as they are.
 */
export function pullEnv(
  db: MarkDb,
  viewer: Viewer,
  keys?: SyncKeys,
  now = Date.now,
): PullEnv {
  const once = <T>(fn: () => Promise<T>) => {
    let p: Promise<T> | null = null;
    return () => (p ??= fn());
  };
  let keysPromise: Promise<SyncKeys> | null = keys ? Promise.resolve(keys) : null;
  const loadKeys = () => (keysPromise ??= loadSyncKeys(db, viewer.companyId));
  const parents = new Map<string, Promise<string>>();
  return {
    keys: loadKeys,
    select: selectBatcher(db),
    highWater: once(async () => {
      // Asked before the keys (an incremental pull): the keys come with the mark, in one statement.
      const withKeys = keysPromise === null;
      const answer = markBatcher(db).ask(withKeys ? viewer.companyId : null);
      if (withKeys) keysPromise = answer.then((a) => a.keys ?? loadSyncKeys(db, viewer.companyId));
      return (await answer).mark;
    }),
    caseload: once(() => caseloadFingerprint(db, viewer)),
    parent: (p) => {
      let found = parents.get(p.table);
      if (!found) parents.set(p.table, (found = parentFingerprint(db, viewer, p)));
      return found;
    },
    now,
  };
}

/** The mark the primary last published for its standbys (server/db/replicas.ts), as replayed where it is read. */
const READ_MARK = 'SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM sync_read_mark';

/**
 * A PullEnv on a hot standby (issue 26, docs/read-replicas.md), or null when the standby cannot
 * serve this company yet (no sync keys replayed). The high-water mark is the one the primary
 * published in `sync_read_mark` as this standby has replayed it: every change at or below it
 * committed before it was published, so this standby's later snapshots hold all of them. It is read
 * here, before any row, so the rows are read by later snapshots. The keys are only read (a
 * standby is read-only; the primary makes them on first use).
 */
export async function standbyPullEnv(db: MarkDb, viewer: Viewer, now = Date.now): Promise<{ env: PullEnv; mark: number } | null> {
  const { rows } = await db.query<{ mark: number | string; epoch: string | null; hmac_key: string | null; tombstone_horizon: number | string | null }>(
    `SELECT (${READ_MARK}) AS mark, k.epoch, k.hmac_key, k.tombstone_horizon
       FROM (SELECT 1) one LEFT JOIN sync_keys k ON k.company_id = $1`,
    [viewer.companyId],
  );
  const row = rows[0];
  if (!row || row.epoch === null || row.hmac_key === null || row.tombstone_horizon === null) return null;
  const keys = keysOfRow({ epoch: row.epoch, hmac_key: row.hmac_key, tombstone_horizon: row.tombstone_horizon });
  const mark = Number(row.mark);
  const env = pullEnv(db, viewer, keys, now);
  return { env: { ...env, highWater: () => Promise.resolve(mark) }, mark };
}

/** A row of a page statement (pull.ts): its change, identity and document (text, or its columns). */
export interface PulledRow {
  _seq: number;
  _uuid: string;
  _id: number;
  _revision: number;
  _live: boolean | null;
  doc?: string | null;
  /** The columns themselves, when documents are built in JavaScript. */
  [column: string]: unknown;
}
