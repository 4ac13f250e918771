import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { loadConfig } from './config';
import { openDatabase } from './db/replicas';
import { migrate } from './db/migrate';
import { seedDemoIfEmpty, DEMO_PASSWORD, DEMO_USERNAMES, DEMO_EXTRA_USERNAMES } from './db/seed';
import { createApp } from './app';
import { closeChangeHub } from './sync/changes';
import { closeSessionCache } from './auth/session-cache';
import { closeMessageCountCache } from './messages/count-cache';
import { syncHousekeepingSettled } from './sync/housekeeping';
import { unrouted } from './db/routed';
import { initSentry } from './sentry';
import { transferScheduler } from './transfer/routes';

const config = loadConfig();
if (await initSentry(config.sentryDsn, config.production ? 'production' : 'development')) console.log('Error reporting to Sentry is on.');
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const db = openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: path.join(config.dataDir, 'pglite'),
  readUrls: config.databaseReadUrls,
  ...(config.databaseReadMaxLagMs !== undefined ? { maxLagMs: config.databaseReadMaxLagMs } : {}),
});
if (db.replicas) console.log(`Read replicas: ${db.replicas.standbys.length} standby(s) serve pulls (lag bound ${db.replicas.maxLagMs} ms).`);
const applied = await migrate(db);
if (applied.length) console.log(`Migrations applied: ${applied.join(', ')}`);
if (config.seedDemo && (await seedDemoIfEmpty(db))) console.log('Demo data seeded.');

const app = createApp({ db, config });
// Scheduled imports and exports (issue 24): every process may run the loop; a job runs in one only.
const transfers = config.transferScheduler ? transferScheduler(db, config) : null;
transfers?.start();
const server = serve({ fetch: app.fetch, port: config.port }, (info) => {
  console.log(`Werkpad listens on http://localhost:${info.port} (database: ${db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL'})`);
  if (config.seedDemo) {
    console.log(`Demo sign-in: ${[...DEMO_USERNAMES, ...DEMO_EXTRA_USERNAMES].join(', ')} — password ${DEMO_PASSWORD}`);
  }
});
// Behind a balancer that keeps connections open (docs/scaling.md), this process must not be the one that
// closes an idle connection first: Node's 5 s default races the balancer's next request on it, which
// then fails (a 502 in the bench's two-process load run, issue 25). Balancers' idle timeouts are 60 s.
if ('keepAliveTimeout' in server) {
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
}

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping`);
  server.close();
  await transfers?.stop();
  // Open live streams hold LISTEN connections: end them first, or a PostgreSQL shutdown waits on them.
  await closeChangeHub(db);
  await closeSessionCache(db);
  await closeMessageCountCache(unrouted(db));
  // A tombstone purge the pulls started in the background ends first, or it fails on the closed pool.
  await syncHousekeepingSettled();
  await db.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

// The bench's memory probe (tests/bench/stream-load.ts): only when started with --expose-gc and
// WERKPAD_BENCH_HEAP_FILE; SIGUSR2 collects garbage and writes the memory figures to that file.
const heapFile = process.env.WERKPAD_BENCH_HEAP_FILE;
const collect = (globalThis as { gc?: () => void }).gc;
if (heapFile && collect) {
  process.on('SIGUSR2', () => {
    collect();
    writeFileSync(heapFile, JSON.stringify({ at: Date.now(), ...process.memoryUsage() }));
  });
}
