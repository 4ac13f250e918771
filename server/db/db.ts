import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { ReadReplicas } from './replicas';

export type Row = Record<string, unknown>;

export interface QueryResult<T> {
  rows: T[];
  rowCount: number;
}

/** Anything that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  query: <T = Row>(sql: string, params?: readonly unknown[]) => Promise<QueryResult<T>>;
  /** Runs a script of several statements without parameters (migrations). */
  exec: (sql: string) => Promise<void>;
}

/**
 * Ends a LISTEN. `sync` answers once every notification committed before it was called has been
 * handed to `onPayload` (a round trip on the listening connection).
 */
export type Unlisten = (() => Promise<void>) & { sync: () => Promise<void> };

/** Whether a statement only reads (no data-changing statement inside a WITH either). */
export function onlyReads(sql: string): boolean {
  if (/^\s*SELECT\b/i.test(sql)) return true;
  return /^\s*WITH\b/i.test(sql) && !/\b(INSERT|UPDATE|DELETE|MERGE)\b/i.test(sql);
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Runs fn in one transaction; a throw rolls everything back. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * LISTENs on a channel until the answered function is called. `onLost` is called when the
   * listening connection fails (PostgreSQL only): notifications may have been missed from then on.
   */
  listen(channel: string, onPayload: (payload: string) => void, onLost?: () => void): Promise<Unlisten>;
  /**
   * How many statements that may have changed data (anything but a plain read, and every COMMIT)
   * this handle has run: a cache fed by notifications syncs with its LISTEN connection after this
   * moves, so this process's own committed changes are seen by its next request.
   */
  writeCount(): number;
  /** Hot standbys that serve pulls (DATABASE_READ_URL; server/db/replicas.ts); absent: everything on this database. */
  readonly replicas?: ReadReplicas;
  close(): Promise<void>;
}

// Both drivers answer the same JS types: int8 and numeric as numbers, dates as Date.
const INT8 = 20;
const NUMERIC = 1700;
const DATE = 1082;
const toNumber = (v: string): number => Number(v);
const keepDate = (v: string): string => v;

pg.types.setTypeParser(INT8, toNumber);
pg.types.setTypeParser(NUMERIC, toNumber);
pg.types.setTypeParser(DATE, keepDate);

function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Db {
  const db = new PGlite(dataDir ?? 'memory://', {
    ...(loadDataDir ? { loadDataDir } : {}),
    parsers: { [INT8]: toNumber, [NUMERIC]: toNumber, [DATE]: keepDate },
    serializers: { [pgliteTypes.INT8]: (v: unknown) => String(v) },
  });
  let writes = 0;
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    query: async <T,>(sql: string, params: readonly unknown[] = []) => {
      if (!onlyReads(sql)) writes++;
      const res = await q.query<T>(sql, [...params]);
      return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
    },
    exec: async (sql: string) => {
      writes++;
      await q.exec(sql);
    },
  });
  const base = wrap(db);
  return {
    kind: 'pglite',
    query: base.query,
    transaction: async (fn) => {
      try {
        return await db.transaction((tx) => fn(wrap(tx)));
      } finally {
        writes++;
      }
    },
    exec: base.exec,
    listen: async (channel, onPayload) => {
      // In-process: the connection cannot be lost, so `onLost` is never called; a statement
      // hands over what is pending.
      const unsub = await db.listen(channel, onPayload);
      return Object.assign(unsub, { sync: async () => void (await db.query('SELECT 1')) });
    },
    writeCount: () => writes,
    close: () => db.close(),
  };
}

/** Statements seen this often are prepared (named) on each connection. */
const PREPARE_AFTER_USES = 3;
/** At most this many statements are prepared per connection (the hot ones of a server are a few dozen). */
const MAX_PREPARED = 300;
const MAX_COUNTED = 5_000;

/**
 * Names the statements a server runs again and again, so each pool connection parses and plans
 * them once and then only binds and executes (issue 9: under load the unread count spent longer
 * in planning than in execution). Only reads (SELECT/WITH) of moderate size qualify, and only
 * after PREPARE_AFTER_USES identical texts: statements built per call (IN lists, bulk inserts)
 * stay unnamed, so the set of prepared statements per connection stays small.
 */
function preparedStatements(enabled: boolean): (sql: string) => string | undefined {
  const names = new Map<string, string>();
  const uses = new Map<string, number>();
  return (sql) => {
    if (!enabled) return undefined;
    const known = names.get(sql);
    if (known) return known;
    if (names.size >= MAX_PREPARED || sql.length > 16_000 || !/^\s*(SELECT|WITH)\b/i.test(sql)) return undefined;
    const n = (uses.get(sql) ?? 0) + 1;
    if (n < PREPARE_AFTER_USES) {
      if (uses.size >= MAX_COUNTED) uses.clear();
      uses.set(sql, n);
      return undefined;
    }
    uses.delete(sql);
    const name = `w_${createHash('sha1').update(sql).digest('hex').slice(0, 24)}`;
    names.set(sql, name);
    return name;
  };
}

/** The application_name of the connections that hold a LISTEN (PostgreSQL). */
export const LISTEN_APPLICATION_NAME = 'werkpad-listen';

function openPostgres(url: string): Db {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  // An idle connection the server ends (restart, failover, a dropped test database) must not crash the
  // process: the pool replaces it on the next query.
  const onConnectionError = (err: Error & { code?: string }) => {
    if (err.code !== '57P01') console.error('PostgreSQL connection error:', err.message);
  };
  pool.on('error', onConnectionError);
  const prepared = preparedStatements(process.env.WERKPAD_PG_PREPARE !== '0');
  let writes = 0;
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T,>(sql: string, params: readonly unknown[] = []) => {
      if (!onlyReads(sql)) writes++;
      const name = prepared(sql);
      const res = name ? await c.query({ name, text: sql, values: [...params] }) : await c.query(sql, [...params]);
      return { rows: res.rows as T[], rowCount: res.rowCount ?? res.rows.length };
    },
    exec: async (sql: string) => {
      writes++;
      await c.query(sql);
    },
  });
  const base = wrap(pool);
  /** Open LISTEN connections, ended by close(). */
  const listening = new Set<() => Promise<void>>();
  return {
    kind: 'postgres',
    query: base.query,
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await fn(wrap(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        writes++;
        client.release();
      }
    },
    exec: base.exec,
    async listen(channel, onPayload, onLost) {
      // A connection of its own, outside the pool: a held LISTEN must not take a query connection.
      const client = new pg.Client({ connectionString: url });
      let lost = false;
      let released = false;
      const onError = (err: Error & { code?: string }) => {
        if (released) return;
        onConnectionError(err);
        if (lost) return;
        lost = true;
        onLost?.();
      };
      const onEnd = () => onError(Object.assign(new Error('LISTEN connection ended'), { code: '57P01' }));
      client.on('error', onError);
      const handler = (msg: pg.Notification) => {
        if (msg.channel === channel) onPayload(msg.payload ?? '');
      };
      client.on('notification', handler);
      try {
        await client.connect();
        client.on('end', onEnd);
        // Named, so an operator (or the fault-injection test) can find and end it (pg_stat_activity).
        await client.query(`SET application_name = '${LISTEN_APPLICATION_NAME}'`);
        await client.query(`LISTEN "${channel.replace(/"/g, '')}"`);
      } catch (err) {
        released = true;
        client.off('notification', handler);
        client.off('end', onEnd);
        await client.end().catch(() => undefined);
        throw err;
      }
      const unlisten = async () => {
        if (released) return;
        released = true;
        listening.delete(unlisten);
        client.off('notification', handler);
        client.off('end', onEnd);
        await client.end().catch(() => undefined);
      };
      listening.add(unlisten);
      // PostgreSQL sends a listening connection the notifications committed before a statement
      // ahead of that statement's answer.
      return Object.assign(unlisten, { sync: async () => void (await client.query('SELECT 1')) });
    },
    writeCount: () => writes,
    async close() {
      await Promise.all([...listening].map((unlisten) => unlisten()));
      await pool.end();
    },
  };
}

/**
 * Opens the database: a real PostgreSQL server when `databaseUrl` is given,
 * otherwise embedded PGlite with its files in `dataDir` (in memory when that is unset too).
 */
export function openDb(options: {
  databaseUrl?: string | undefined;
  dataDir?: string | undefined;
  /** PGlite only: start from this dump (PGlite `dumpDataDir`) instead of an empty cluster; the tests load a migrated one (server/test/db.ts). */
  loadDataDir?: Blob | undefined;
}): Db {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.dataDir, options.loadDataDir);
}
