import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareHandler } from 'hono';
import { onlyReads, type Db, type Queryable, type QueryResult, type Row } from './db';
import type { ReadReplicas, Standby } from './replicas';

/**
 * Lists and exports on the standbys (issue 26, docs/read-replicas.md "What goes where").
 *
 * The server hands every route and resolver one database handle. With read replicas that handle is
 * `withReplicas(primary, replicas)` = `routedDb`: it runs each statement on the primary, except the plain reads of a request
 * that was declared read-only, which go to the standby `replicas.choose` picks for the request's
 * session (the same rule as the pulls: it has replayed the session's last write position, lags
 * within the bound, answers). The choice is made once per request, at its first routed read, and
 * the decision which requests may be routed is made in one place: `routeReadRequests` (REST GETs of
 * lists and exports) and `routeGraphOperation` (a graph operation with no mutation and no pull).
 *
 * Nothing that writes reaches a standby: only statements that `onlyReads` calls plain reads and that
 * call no function that writes or locks are routed; transactions, scripts, LISTEN and every other
 * statement run on the primary. After a request wrote anything but an audit row, its later reads
 * run on the primary too (it sees its own write). A standby that fails a statement is set aside and
 * the statement runs again on the primary: the caller sees no error. Code that must read the
 * primary (authentication, sessions, the pulls' own routing) runs inside `onPrimary`.
 */

interface RequestRoute {
  /** The session key (access token) whose write position the standby must have replayed. */
  readonly token: string | null;
  /** Plain reads of this request may go to a standby (set by the one decision per request). */
  routed: boolean;
  /** The standby chosen for this request (asked once), or null: the primary. */
  choice: Promise<Standby | null> | null;
}

const routes = new AsyncLocalStorage<RequestRoute | null>();
/** The unrouted primary behind each routed handle. */
const primaries = new WeakMap<object, Db>();

/** Statements that read but write, lock or need the primary's state: never routed. */
const PRIMARY_ONLY = /\b(nextval|setval|pg_advisory\w*|pg_try_advisory\w*|pg_notify|pg_current_wal\w*|txid_current\w*|pg_current_xact_id\w*|currval|lastval)\s*\(|\bFOR\s+(UPDATE|SHARE|NO\s+KEY\s+UPDATE|KEY\s+SHARE)\b/i;
/** A write after which the request may still read the standby: audit rows are never read back by the request. */
const AUDIT_INSERT = /^\s*INSERT\s+INTO\s+audit_log\b/i;

/** Whether a statement may run on a standby. */
export function routableRead(sql: string): boolean {
  return onlyReads(sql) && !PRIMARY_ONLY.test(sql);
}

/** Runs fn with every statement on the primary (authentication, sessions, a pull's own routing). */
export function onPrimary<T>(fn: () => T): T {
  // Outside a routed request every statement runs on the primary already. Not entering the storage
  // then keeps Node's async hooks off in a process without standbys (issue 25: they cost every
  // promise of every request).
  if (routes.getStore() === undefined) return fn();
  return routes.run(null, fn);
}

/** The request being handled may read a standby from now on (its answer shows no write of its own). */
export function routeThisRequest(): void {
  const route = routes.getStore();
  if (route) route.routed = true;
}

/** SQLSTATE classes of errors the statement itself causes (the primary would answer the same). */
const STATEMENT_ERROR = /^(22|23|42|44|2F|P0)/;

/** The primary itself when `db` is a routed handle (so routing is never stacked), else `db`. */
export function unrouted(db: Db): Db {
  return primaries.get(db) ?? db;
}

/**
 * The primary with its standbys attached (`withReplicas`): the one handle the whole process uses.
 * Statements outside a routed request run on `db` as they are.
 */
export function routedDb(db: Db, replicas: ReadReplicas): Db {
  const query = async <T = Row,>(sql: string, params?: readonly unknown[]): Promise<QueryResult<T>> => {
    const route = routes.getStore();
    if (!route?.routed) return db.query<T>(sql, params);
    if (!routableRead(sql)) {
      if (!AUDIT_INSERT.test(sql)) route.routed = false;
      return db.query<T>(sql, params);
    }
    // The choice's own statements (probes, the session's write position) read the primary.
    const standby = await (route.choice ??= onPrimary(() => replicas.choose(route.token)).catch(() => null));
    if (!standby || !route.routed) return db.query<T>(sql, params);
    try {
      const result = await standby.db.query<T>(sql, params);
      replicas.countRoutedRead();
      return result;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && STATEMENT_ERROR.test(code)) throw error;
      // A read-only refusal (25006) means the statement wrote after all: the rest of the request reads the primary.
      if (code !== '25006') replicas.failed(standby, error);
      route.routed = false;
      return db.query<T>(sql, params);
    }
  };
  const primaryExec = (sql: string) => {
    const route = routes.getStore();
    if (route) route.routed = false;
    return db.exec(sql);
  };
  const routed: Db = {
    ...db,
    kind: db.kind,
    replicas,
    query,
    exec: primaryExec,
    transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const route = routes.getStore();
      if (route) route.routed = false;
      return onPrimary(() => db.transaction(fn));
    },
    listen: (channel, onPayload, onLost) => onPrimary(() => db.listen(channel, onPayload, onLost)),
    writeCount: () => db.writeCount(),
    async close() {
      await replicas.close();
      await db.close();
    },
  };
  primaries.set(routed, db);
  return routed;
}

/**
 * Middleware on /api/*: gives each request its route (nothing routed yet) and declares the REST
 * reads that may be served from a standby: GETs of lists and exports (`readPaths`). The session
 * key is the request's access token.
 */
export function routeReadRequests(db: Db, readPaths: RegExp, tokenOf: (request: Request) => string | null): MiddlewareHandler {
  return async (c, next) => {
    if (!db.replicas) return next();
    const route: RequestRoute = { token: tokenOf(c.req.raw), routed: false, choice: null };
    if ((c.req.method === 'GET' || c.req.method === 'HEAD') && readPaths.test(c.req.path)) route.routed = true;
    try {
      await routes.run(route, next);
    } finally {
      // Work that outlives the request (a timer or job it started, a body streamed later) reads the primary.
      route.routed = false;
    }
  };
}
