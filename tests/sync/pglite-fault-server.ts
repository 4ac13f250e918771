/**
 * The PGlite server process of the fault-injection test (tests/sync/fault-server.ts starts it with
 * `node --import tsx tests/sync/pglite-fault-server.ts`): what server/main.ts does on PGlite (the
 * database in a directory, migrations, the app from server/app.ts on PORT), so the test can kill it
 * with SIGKILL mid-push and start it again on the same directory: the honest test of PGlite's
 * durability. PGlite is one process's embedded database, so nobody else may open the directory
 * while this process runs; the test reaches it through two loopback routes that exist only in this
 * harness, never in the app, both behind a secret the test hands over in the environment:
 *   POST /__faults/sql   {sql, params} -> {rows, rowCount}   (tenants, scope changes, the checks)
 *   POST /__faults/kill  {afterQueries} -> arms a SIGKILL of this process before the n-th SQL
 *                        statement run while it holds a push (so mid-push, mid-transaction)
 *   POST /__faults/drop-listens -> {dropped}: ends the app's LISTEN subscriptions the way a lost
 *                        connection ends them (server/sync/testing/listen-drop.ts)
 */
import { serve } from '@hono/node-server';
import { openDb, type Db, type Queryable } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { droppableListen } from '../../server/sync/testing/listen-drop';
import { deployProbeSaveOnServer } from '../faults/deployed-writes';

// The server of the run is the deployed build (tests/faults/deployed-writes.ts).
deployProbeSaveOnServer();

const dataDir = process.env.WERKPAD_FAULT_PGLITE_DIR;
const secret = process.env.WERKPAD_FAULT_SECRET;
if (!dataDir || !secret) throw new Error('WERKPAD_FAULT_PGLITE_DIR and WERKPAD_FAULT_SECRET are required');

const db = openDb({ dataDir });
await migrate(db);
const config = loadConfig();
let pushes = 0;
let killAfter: number | null = null;

/** Counts the statements run while a push is in hand; the armed one is never run: the process dies first. */
const tick = () => {
  if (pushes === 0 || killAfter === null) return;
  killAfter--;
  if (killAfter <= 0) process.kill(process.pid, 'SIGKILL');
};
const counting = <Q extends Queryable>(q: Q): Queryable => ({
  query: (sql, params) => {
    tick();
    return q.query(sql, params);
  },
  exec: (sql) => {
    tick();
    return q.exec(sql);
  },
});
const droppable = droppableListen(db);
const appDb: Db = { ...droppable, ...counting(db), transaction: (fn) => db.transaction((tx) => fn(counting(tx))) };
const app = createApp({ db: appDb, config });

const isPush = (body: string): boolean => {
  try {
    const parsed = JSON.parse(body) as { query?: unknown };
    return typeof parsed.query === 'string' && parsed.query.startsWith('mutation Push');
  } catch {
    return false;
  }
};

async function handle(req: Request): Promise<Response> {
  const url = new URL(req.url);
  if (url.pathname.startsWith('/__faults/')) {
    if (req.headers.get('x-fault-secret') !== secret) return new Response('forbidden', { status: 403 });
    if (url.pathname === '/__faults/kill' && req.method === 'POST') {
      const { afterQueries } = (await req.json()) as { afterQueries: number | null };
      killAfter = afterQueries;
      return Response.json({ armed: killAfter });
    }
    if (url.pathname === '/__faults/drop-listens' && req.method === 'POST') {
      return Response.json({ dropped: await droppable.dropListens() });
    }
    if (url.pathname === '/__faults/sql' && req.method === 'POST') {
      const { sql, params } = (await req.json()) as { sql: string; params?: unknown[] };
      try {
        const res = await db.query(sql, params ?? []);
        return Response.json(res);
      } catch (error) {
        return Response.json({ error: error instanceof Error ? error.message : String(error) }, { status: 500 });
      }
    }
    return new Response('not found', { status: 404 });
  }
  const push = req.method === 'POST' && isPush(await req.clone().text());
  if (push) pushes++;
  try {
    return await app.fetch(req);
  } finally {
    if (push) pushes--;
  }
}

serve({ fetch: handle, port: config.port, hostname: '127.0.0.1' }, (info) => {
  console.log(`Werkpad (fault injection, PGlite in ${dataDir}) listens on http://127.0.0.1:${info.port}`);
});
