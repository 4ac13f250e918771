import { openDb, type Db } from './db';

/**
 * Read replicas (issue 26, docs/read-replicas.md). `DATABASE_READ_URL` names one or more hot
 * standbys (comma-separated); pulls are read from one of them when that cannot show a client less
 * than the primary would:
 * - the standby has replayed the commit of the session's last write (its LSN, noted after the
 *   write request, compared with `pg_last_wal_replay_lsn()`);
 * - it lags the primary by at most `maxLagMs` (measured against sampled `pg_current_wal_lsn()`);
 * - it answered its last probe; a failed standby is left alone for `retryMs`.
 * Otherwise the primary serves, as it does without read URLs. The high-water mark a standby pull
 * uses is the one the primary published (`sync_read_mark`, see publishMark) as replayed there.
 */

/** The write lock every write to a replicated table holds shared (004_sync.sql; pull.ts WRITE_LOCK). */
const WRITE_LOCK = 727004;
const SEQ_MARK = 'SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM change_seq';
const READ_MARK = 'SELECT CASE WHEN is_called THEN last_value ELSE 0 END FROM sync_read_mark';
const PUBLISH_TRIES = 50;
/** How long a probe's answer serves routing decisions. */
const PROBE_MS = 200;
/** The mark is published at least this often while reads are routed. */
const PUBLISH_EVERY_MS = 1_000;
/** Samples of the primary's WAL position kept to measure lag (one per probe). */
const MAX_SAMPLES = 600;
/** Sessions whose last write position is kept (the oldest are forgotten first: they go to the primary). */
const MAX_SESSIONS = 50_000;

/** An LSN ('16/B374D848') as a number (exact up to 2^53 bytes of WAL). */
export function lsnValue(lsn: string | null | undefined): number {
  if (!lsn) return -1;
  const [hi, lo] = lsn.split('/');
  return parseInt(hi ?? '0', 16) * 2 ** 32 + parseInt(lo ?? '0', 16);
}

export interface StandbyState {
  name: string;
  /** Last replayed WAL position as probed (-1: unknown). */
  replayLsn: number;
  /** Milliseconds the standby is behind the primary at most (Infinity: unknown or behind every sample). */
  lagMs: number;
  /** The standby failed (probe or query) until this time. */
  downUntil: number;
  lastError: string | null;
}

export interface Standby {
  readonly db: Db;
  readonly state: StandbyState;
}

export interface ReadRoutingStats {
  /** Pull reads served by a standby / by the primary because no standby qualified. */
  standbyReads: number;
  primaryReads: number;
  /** Reads that went to the primary because the standby had not replayed the session's last write. */
  notReplayed: number;
  /** ... because the standby lagged beyond the bound. */
  lagging: number;
  /** ... because the standby failed. */
  failed: number;
  /** Highest lag seen by a probe (ms). */
  maxLagMs: number;
}

export interface ReadReplicas {
  readonly standbys: readonly Standby[];
  readonly maxLagMs: number;
  /** The standby a read for this session may use now, or null (the primary). */
  choose(sessionKey: string | null): Promise<Standby | null>;
  /** A read on the standby failed: leave it alone for a while (the caller reads the primary). */
  failed(standby: Standby, error: unknown): void;
  /** After a request that wrote: publish the mark and remember the session's write position. */
  noteWrite(sessionKey: string | null): Promise<void>;
  /** Publishes the committed high-water mark for the standbys (shared by concurrent callers). */
  publishMark(): Promise<number>;
  /** Sends the session's reads to the primary until its next noted write (its write position is unknown). */
  pinToPrimary(sessionKey: string | null): void;
  /** The session's last write position (-1: none known). */
  writeLsn(sessionKey: string): number;
  stats(): ReadRoutingStats;
  close(): Promise<void>;
}

export interface ReadReplicaOptions {
  /** A standby further behind the primary than this is skipped (default 2000 ms). */
  maxLagMs?: number;
  /** A standby that failed is left alone this long (default 5000 ms). */
  retryMs?: number;
  /**
   * How long a read may wait for a standby to replay what it must see before it goes to the
   * primary (default 0: at once).
   */
  waitMs?: number;
  /**
   * Reads see every write this process made, not only the session's (default false). For a
   * single process whose other code reads right after writing (the test suites).
   */
  processWrites?: boolean;
  now?: () => number;
}

/** Splits DATABASE_READ_URL (comma-separated; blanks ignored). */
export function readUrls(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

const pause = () => new Promise((r) => setTimeout(r, 2 + Math.random() * 8));

/**
 * Publishes the committed high-water mark of change_seq into `sync_read_mark`: while the write lock
 * is held exclusively no writer is between drawing a change_seq and its commit, so every change at
 * or below the mark has committed, and the setval's WAL record follows their commit records. A
 * standby that has replayed it sees every one of them. Never lowers the mark (publishers hold the
 * same exclusive lock, so the GREATEST is free of races).
 */
export async function publishReadMark(primary: Db): Promise<number> {
  for (let i = 0; i < PUBLISH_TRIES; i++) {
    const { rows } = await primary.query<{ ok: boolean; mark: number | string | null }>(
      `WITH m AS (SELECT pg_try_advisory_xact_lock($1) AS ok, (${SEQ_MARK}) AS mark)
       SELECT m.ok, CASE WHEN m.ok THEN setval('sync_read_mark', GREATEST(m.mark, (${READ_MARK})), true) END AS mark FROM m`,
      [WRITE_LOCK],
    );
    if (rows[0]?.ok) return Number(rows[0].mark);
    await pause();
  }
  return primary.transaction(async (tx) => {
    await tx.query("SET LOCAL lock_timeout = '2s'");
    await tx.query('SELECT pg_advisory_xact_lock($1)', [WRITE_LOCK]);
    const { rows } = await tx.query<{ mark: number | string }>(`SELECT setval('sync_read_mark', GREATEST((${SEQ_MARK}), (${READ_MARK})), true) AS mark`);
    return Number(rows[0]?.mark ?? 0);
  });
}

/** The routing over a primary and its standbys (opened by openDatabase; tests build it directly). */
export function readReplicas(primary: Db, standbyDbs: readonly Db[], options: ReadReplicaOptions = {}): ReadReplicas {
  const maxLagMs = options.maxLagMs ?? 2_000;
  const retryMs = options.retryMs ?? 5_000;
  const waitMs = options.waitMs ?? 0;
  /** The WAL position after this process's last published writes (processWrites). */
  let processLsn = -1;
  /**
   * The primary's WAL position when this process first probed: a session's writes before then (made
   * through an earlier process, e.g. before a restart) are not in `sessions`, so no read is served
   * by a standby that has not replayed up to here.
   */
  let floorLsn = Infinity;
  /** The process's write count processLsn covers. */
  let processLsnWrites = -1;
  const now = options.now ?? Date.now;
  const standbys: Standby[] = standbyDbs.map((db, i) => ({
    db,
    state: { name: `standby ${i + 1}`, replayLsn: -1, lagMs: Infinity, downUntil: 0, lastError: null },
  }));
  const samples: { t: number; lsn: number }[] = [];
  const sessions = new Map<string, number>();
  const counts: ReadRoutingStats = { standbyReads: 0, primaryReads: 0, notReplayed: 0, lagging: 0, failed: 0, maxLagMs: 0 };
  let probedAt = -Infinity;
  let probing: Promise<void> | null = null;
  /** The process's write count the last publish covered (-1: none yet, so the first probe publishes). */
  let published = -1;
  let publishedAt = -Infinity;
  let nextRound = 0;

  // Publishing: callers that arrive while one runs share the next one, which starts after they came.
  let running: Promise<number> | null = null;
  let queued: Promise<number> | null = null;
  const publishMark = (): Promise<number> => {
    if (queued) return queued;
    const start = (running ?? Promise.resolve(0)).catch(() => 0).then(() => {
      queued = null;
      const before = primary.writeCount();
      running = publishReadMark(primary).finally(() => {
        // This process's writes up to `before` are covered (the publish's own statement counts too).
        published = Math.max(published, before);
        publishedAt = now();
      });
      return running;
    });
    queued = start;
    return start;
  };

  const lagOf = (replay: number, at: number): number => {
    for (let i = samples.length - 1; i >= 0; i--) {
      const s = samples[i]!;
      if (s.lsn <= replay) return at - s.t;
    }
    return Infinity;
  };

  const probe = async (): Promise<void> => {
    // Writes of this process that no request published (background jobs) are published here, and
    // at least every PUBLISH_EVERY_MS while reads come in: writes of processes without read routing
    // (npm run seed, a migration) reach the standbys' mark too.
    if (primary.writeCount() > published || now() - publishedAt > PUBLISH_EVERY_MS) await publishMark().catch(() => undefined);
    const t = now();
    const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    samples.push({ t, lsn: lsnValue(rows[0]?.lsn) });
    if (floorLsn === Infinity) floorLsn = lsnValue(rows[0]?.lsn);
    if (samples.length > MAX_SAMPLES) samples.splice(0, samples.length - MAX_SAMPLES);
    await Promise.all(
      standbys.map(async (s) => {
        if (s.state.downUntil > t) return;
        try {
          const { rows: r } = await s.db.query<{ lsn: string | null; recovery: boolean }>(
            'SELECT pg_last_wal_replay_lsn()::text AS lsn, pg_is_in_recovery() AS recovery',
          );
          // A server that is not in recovery is no standby (promoted, or a wrong URL): its data may differ.
          if (!r[0]?.recovery) throw new Error('not a standby (pg_is_in_recovery() is false)');
          s.state.replayLsn = lsnValue(r[0].lsn);
          s.state.lagMs = lagOf(s.state.replayLsn, now());
          if (Number.isFinite(s.state.lagMs)) counts.maxLagMs = Math.max(counts.maxLagMs, s.state.lagMs);
          s.state.lastError = null;
        } catch (error) {
          markFailed(s, error);
        }
      }),
    );
    probedAt = now();
  };

  const markFailed = (s: Standby, error: unknown) => {
    s.state.downUntil = now() + retryMs;
    s.state.lastError = errorText(error);
    s.state.lagMs = Infinity;
  };

  const fresh = async () => {
    if (now() - probedAt < PROBE_MS) return;
    probing ??= probe().finally(() => (probing = null));
    await probing;
  };

  return {
    standbys,
    maxLagMs,
    async choose(sessionKey) {
      if (standbys.length === 0) return null;
      try {
        await fresh();
      } catch {
        // The primary itself did not answer the probe: the read goes there and fails as it would without standbys.
        counts.primaryReads++;
        return null;
      }
      let needed = Math.max(floorLsn, sessionKey ? (sessions.get(sessionKey) ?? -1) : -1);
      if (options.processWrites) {
        const writes = primary.writeCount();
        if (writes !== processLsnWrites) {
          try {
            await publishMark();
            const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
            processLsn = Math.max(processLsn, lsnValue(rows[0]?.lsn));
            processLsnWrites = Math.max(processLsnWrites, writes);
          } catch {
            counts.primaryReads++;
            return null;
          }
        }
        needed = Math.max(needed, processLsn);
      }
      const t = now();
      let reason: 'failed' | 'lagging' | 'notReplayed' = 'failed';
      for (let i = 0; i < standbys.length; i++) {
        const s = standbys[(nextRound + i) % standbys.length]!;
        if (s.state.downUntil > t) continue;
        if (!(s.state.lagMs <= maxLagMs)) {
          reason = 'lagging';
          continue;
        }
        // The probe may be old: ask the standby itself (waiting up to waitMs for it to replay).
        const until = now() + waitMs;
        while (s.state.replayLsn < needed) {
          try {
            const { rows } = await s.db.query<{ lsn: string | null }>('SELECT pg_last_wal_replay_lsn()::text AS lsn');
            s.state.replayLsn = Math.max(s.state.replayLsn, lsnValue(rows[0]?.lsn));
          } catch (error) {
            markFailed(s, error);
            break;
          }
          if (s.state.replayLsn >= needed || now() >= until) break;
          await new Promise((r) => setTimeout(r, 2));
        }
        if (s.state.downUntil > t) continue;
        if (s.state.replayLsn < needed) {
          reason = 'notReplayed';
          continue;
        }
        nextRound = (nextRound + i + 1) % standbys.length;
        counts.standbyReads++;
        return s;
      }
      counts.primaryReads++;
      counts[reason]++;
      return null;
    },
    failed(standby, error) {
      markFailed(standby, error);
    },
    async noteWrite(sessionKey) {
      await publishMark();
      if (!sessionKey) return;
      const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
      sessions.delete(sessionKey);
      sessions.set(sessionKey, lsnValue(rows[0]?.lsn));
      if (sessions.size > MAX_SESSIONS) {
        const oldest = sessions.keys().next().value;
        if (oldest !== undefined) sessions.delete(oldest);
      }
    },
    publishMark,
    pinToPrimary(key) {
      if (key) sessions.set(key, Infinity);
    },
    writeLsn: (key) => sessions.get(key) ?? -1,
    stats: () => ({ ...counts }),
    async close() {
      await Promise.all(standbys.map((s) => s.db.close()));
    },
  };
}

/**
 * Opens the primary (as openDb does) and, when `readUrls` are given for PostgreSQL, its standbys:
 * the primary's `replicas` routes reads. Without read URLs, or on PGlite, the answer is openDb's.
 */
export function openDatabase(options: { databaseUrl?: string | undefined; readUrls?: readonly string[]; dataDir?: string | undefined } & ReadReplicaOptions): Db {
  const primary = openDb(options);
  const urls = options.readUrls ?? [];
  if (primary.kind !== 'postgres' || urls.length === 0) return primary;
  return withReplicas(primary, readReplicas(primary, urls.map((url) => openDb({ databaseUrl: url })), options));
}

/** The primary with its read routing attached; closing it closes the standbys' pools too. */
export function withReplicas(primary: Db, replicas: ReadReplicas): Db {
  return {
    ...primary,
    kind: primary.kind,
    replicas,
    async close() {
      await replicas.close();
      await primary.close();
    },
  };
}
