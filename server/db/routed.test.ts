/**
 * Issue 26: which statements of a request a standby may serve (server/db/routed.ts), against
 * recording servers. With a real primary + standby: server/sync/read-replicas-lists.test.ts.
 */
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Db, QueryResult } from './db';
import { withReplicas, type ReadReplicas, type Standby } from './replicas';
import { onPrimary, routableRead, routeReadRequests, unrouted } from './routed';

function recording(name: string, fail?: () => Error | null): Db & { statements: string[] } {
  const statements: string[] = [];
  const query = <T,>(text: string): Promise<QueryResult<T>> => {
    statements.push(text);
    const error = fail?.();
    if (error) return Promise.reject(error);
    return Promise.resolve({ rows: [{ server: name } as T], rowCount: 1 });
  };
  return {
    kind: 'postgres',
    statements,
    query,
    exec: (sql) => (statements.push(sql), Promise.resolve()),
    transaction: (fn) => fn({ query, exec: () => Promise.resolve() }),
    listen: () => Promise.reject(new Error('no listen here')),
    writeCount: () => 0,
    close: () => Promise.resolve(),
  };
}

function setup(standbyFails?: () => Error | null) {
  const primary = recording('primary');
  const standbyDb = recording('standby', standbyFails);
  const standby: Standby = { db: standbyDb, state: { name: 'standby 1', replayLsn: 0, lagMs: 0, downUntil: 0, lastError: null } };
  const calls = { choose: [] as (string | null)[], failed: 0, routed: 0 };
  const replicas = {
    standbys: [standby],
    maxLagMs: 1000,
    choose: (key: string | null) => (calls.choose.push(key), Promise.resolve(standby)),
    failed: () => void calls.failed++,
    countRoutedRead: () => void calls.routed++,
  } as unknown as ReadReplicas;
  const db = withReplicas(primary, replicas);
  const app = new Hono();
  app.use('*', routeReadRequests(db, /^\/list/, (r) => r.headers.get('authorization')));
  let work: () => Promise<unknown> = () => Promise.resolve();
  app.on(['GET', 'POST'], '*', async (c) => {
    await work();
    return c.text('ok');
  });
  const run = (path: string, method: string, requestWork: () => Promise<unknown>) => {
    work = requestWork;
    return app.request(path, { method, headers: { authorization: 'token-1' } });
  };
  return { primary, standbyDb, db, calls, run, replicas };
}

describe('routing the statements of a request', () => {
  it('a list GET reads the standby, chosen once for its session; writes, locks and sequences stay on the primary', async () => {
    const { primary, standbyDb, db, calls, run } = setup();
    await run('/list/participants', 'GET', async () => {
      await db.query('SELECT 1');
      await db.query('WITH x AS (SELECT 2) SELECT * FROM x');
      await onPrimary(() => db.query('SELECT session'));
      await db.query('INSERT INTO audit_log (action) VALUES ($1)', ['participant.export']);
      await db.query('SELECT 3');
    });
    expect(standbyDb.statements).toEqual(['SELECT 1', 'WITH x AS (SELECT 2) SELECT * FROM x', 'SELECT 3']);
    expect(primary.statements).toEqual(['SELECT session', 'INSERT INTO audit_log (action) VALUES ($1)']);
    // Statements that only look like reads but write or lock: the primary (and the request stays there).
    for (const sql of ["SELECT nextval('change_seq')", 'SELECT id FROM participants FOR UPDATE', 'WITH d AS (DELETE FROM t RETURNING id) SELECT id FROM d', 'SELECT pg_notify($1, $2)']) {
      await run('/list/more', 'GET', async () => {
        await db.query(sql);
        await db.query('SELECT later');
      });
      expect(primary.statements.slice(-2)).toEqual([sql, 'SELECT later']);
    }
    expect(standbyDb.statements).toHaveLength(3);
    expect(calls.choose).toEqual(['token-1']);
    expect(calls.routed).toBe(3);
  });

  it('after a write other than an audit row, the request reads the primary (it sees its own write)', async () => {
    const { primary, standbyDb, db, run } = setup();
    await run('/list/last', 'GET', async () => {
      await db.query('SELECT before');
      await db.query('UPDATE sessions SET last_seen_at = now()');
      await db.query('SELECT after');
      await db.transaction((tx) => tx.query('SELECT in_transaction'));
    });
    expect(standbyDb.statements).toEqual(['SELECT before']);
    expect(primary.statements).toEqual(['UPDATE sessions SET last_seen_at = now()', 'SELECT after', 'SELECT in_transaction']);
  });

  it('requests that are not list or export GETs, and statements outside a request, never read a standby', async () => {
    const { primary, standbyDb, db, calls, run } = setup();
    await run('/list/save', 'POST', () => db.query('SELECT in_post'));
    await run('/other', 'GET', () => db.query('SELECT other_get'));
    await db.query('SELECT background');
    expect(standbyDb.statements).toEqual([]);
    expect(primary.statements).toEqual(['SELECT in_post', 'SELECT other_get', 'SELECT background']);
    expect(calls.choose).toEqual([]);
  });

  it('a standby that fails is set aside and the statement answers from the primary; a read-only refusal only moves the request', async () => {
    let error: Error | null = Object.assign(new Error('terminating connection due to conflict with recovery'), { code: '40001' });
    const s = setup(() => error);
    const answers: unknown[] = [];
    await s.run('/list/a', 'GET', async () => {
      answers.push((await s.db.query('SELECT 1')).rows[0]);
      answers.push((await s.db.query('SELECT 2')).rows[0]);
    });
    expect(answers).toEqual([{ server: 'primary' }, { server: 'primary' }]);
    expect(s.calls.failed).toBe(1);
    expect(s.standbyDb.statements).toEqual(['SELECT 1']);

    error = Object.assign(new Error('cannot execute UPDATE in a read-only transaction'), { code: '25006' });
    await s.run('/list/b', 'GET', () => s.db.query('SELECT write_through_function()'));
    expect(s.calls.failed).toBe(1);
    expect(s.primary.statements.at(-1)).toBe('SELECT write_through_function()');

    // An error of the statement itself is the caller's (the primary would answer the same).
    error = Object.assign(new Error('column "nope" does not exist'), { code: '42703' });
    const res = await s.run('/list/c', 'GET', () => s.db.query('SELECT nope'));
    expect(res.status).toBe(500);
    expect(s.calls.failed).toBe(1);
  });

  it('routing is never stacked; what counts as a routable read', () => {
    const { db, primary, replicas } = setup();
    expect(unrouted(db)).toBe(primary);
    expect(unrouted(withReplicas(db, replicas))).toBe(primary);
    expect(routableRead('SELECT 1')).toBe(true);
    expect(routableRead("SELECT pg_advisory_xact_lock(1)")).toBe(false);
    expect(routableRead('UPDATE t SET a = 1')).toBe(false);
  });
});
