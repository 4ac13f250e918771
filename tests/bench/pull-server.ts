/**
 * The pull endpoint alone (issue 9): documents per second served to one client on loopback, on PGlite
 * and (when Debian's postgresql is installed) on PostgreSQL.
 *
 * Seeds the large data set the way tests/bench/run.ts does (BENCH_PARTICIPANTS, BENCH_MESSAGES,
 * BENCH_WORK_PLANS, BENCH_REVIEWS; 2,000 / 20,000 / 2,000 / 20,000 by default) into a fresh database,
 * starts the server (server/main.ts, production mode) on a free port, signs in as the demo coach and
 * pulls every collection from zero the way the sync worker does (16 collections per request, up to
 * three requests in flight, each answer's checkpoint sent back). One warm-up pass, then the best of
 * BENCH_PULL_RUNS (3) passes is reported. Timings are printed, never asserted.
 *
 *   node --import tsx tests/bench/pull-server.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { COLLECTION_NAMES, pullFieldName, type CollectionName } from '../../src/domain/sync/collections';
import type { Checkpoint, PullAnswer } from '../../src/domain/sync/types';
import { freePort } from '../../server/test/free-port';
import { lsnValue } from '../../server/db/replicas';
import { startThrowawayReplicaPair } from '../sync/postgres-server';

const root = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'Demo-Wachtwoord-2026!';
const PER_REQUEST = 16;
const IN_FLIGHT = 3;
/** Rows asked per collection and page; the server also cuts a page at its byte budget. */
const PAGE_ROWS = 10_000;
const log = (line: string) => console.log(`[pull-bench] ${line}`);

const size = {
  participants: Number(process.env.BENCH_PARTICIPANTS ?? 2_000),
  messages: Number(process.env.BENCH_MESSAGES ?? 20_000),
  workPlans: Number(process.env.BENCH_WORK_PLANS ?? 2_000),
  reviews: Number(process.env.BENCH_REVIEWS ?? 20_000),
};


function run(args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}`))));
  });
}

async function seed(env: NodeJS.ProcessEnv): Promise<void> {
  await run(
    ['--import', 'tsx', 'server/db/seed-cli.ts', '--quiet', '--participants', String(size.participants), '--messages', String(size.messages),
      '--work-plans', String(size.workPlans), '--reviews', String(size.reviews)],
    env,
  );
}

async function startServer(env: NodeJS.ProcessEnv): Promise<{ base: string; child: ChildProcess }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), NODE_ENV: 'production', WERKPAD_STATIC_DIR: path.join(root, '.tmp/no-static') },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let exited: number | null = null;
  child.on('exit', (code) => (exited = code ?? -1));
  for (let i = 0; i < 240; i++) {
    if (exited !== null) throw new Error(`the server exited with ${String(exited)}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { base, child };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill();
  throw new Error(`the server did not answer on ${base}`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
  });
}

async function signIn(base: string): Promise<string> {
  const res = await fetch(`${base}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ grant_type: 'password', username: 'coach', password: PASSWORD }),
  });
  const body = (await res.json()) as { access_token?: string };
  if (!body.access_token) throw new Error(`sign-in failed: HTTP ${res.status}`);
  return body.access_token;
}

function pullQuery(names: readonly CollectionName[]): string {
  const defs = names.map((_, i) => `$cp${i}: PullCheckpointInput!`).join(', ');
  const fields = names
    .map((name, i) => `${pullFieldName(name)}(checkpoint: $cp${i}, limit: $limit) { documents checkpoint { seq scopeKey } reset hasMore }`)
    .join('\n');
  return `query Pull(${defs}, $limit: Int) {\n${fields}\n}`;
}

/**
 * fetch, tried again when the connection was reset: a keep-alive socket the server closes after its
 * idle timeout just as a lane reuses it (a lane can idle while another holds the last collection).
 */
async function post(url: string, init: RequestInit, tries = 3): Promise<Response> {
  for (let i = 1; ; i++) {
    try {
      return await fetch(url, init);
    } catch (err) {
      if (i >= tries) throw err;
      log(`request failed (${err instanceof Error ? err.message : 'error'}); trying again`);
    }
  }
}

/** One full pull from zero, as the worker does it; answers the number of documents. */
async function pullAll(base: string, token: string): Promise<number> {
  const checkpoints = new Map<CollectionName, Checkpoint>(COLLECTION_NAMES.map((n) => [n, { seq: 0, scopeKey: null }]));
  const waiting = new Set<CollectionName>(COLLECTION_NAMES);
  const busy = new Set<CollectionName>();
  let documents = 0;
  const lane = async (): Promise<void> => {
    for (;;) {
      const batch = [...waiting].filter((n) => !busy.has(n)).slice(0, PER_REQUEST);
      if (batch.length === 0) return;
      for (const n of batch) busy.add(n);
      const variables: Record<string, unknown> = { limit: PAGE_ROWS };
      batch.forEach((n, i) => (variables[`cp${i}`] = checkpoints.get(n)));
      const res = await post(`${base}/api/v2/graph`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}`, origin: base },
        body: JSON.stringify({ query: pullQuery(batch), variables }),
      });
      const body = (await res.json()) as { data?: Record<string, PullAnswer | null>; errors?: { message: string }[] };
      if (!body.data || body.errors?.length) throw new Error(`pull failed: ${JSON.stringify(body.errors ?? res.status)}`);
      for (const n of batch) {
        const answer = body.data[pullFieldName(n)];
        if (!answer) throw new Error(`no answer for ${n}`);
        documents += answer.documents.length;
        checkpoints.set(n, answer.checkpoint);
        if (!answer.hasMore) waiting.delete(n);
        busy.delete(n);
      }
    }
  };
  // Lanes start one after another so they take different collections; a lane that finds nothing to
  // do while another holds the rest waits for it and looks again.
  const lanes: Promise<void>[] = [];
  const drive = async (): Promise<void> => {
    while (waiting.size > 0) {
      await lane();
      if (waiting.size > 0) await new Promise((r) => setTimeout(r, 1));
    }
  };
  for (let i = 0; i < IN_FLIGHT; i++) lanes.push(drive());
  await Promise.all(lanes);
  return documents;
}

/** CPU seconds (user + system) a process used so far, from /proc (0 where there is none). */
function serverCpuSeconds(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

async function measure(label: string, env: NodeJS.ProcessEnv, options: { seed?: boolean } = {}): Promise<number> {
  if (options.seed !== false) {
    log(`${label}: seeding ${size.participants} participants, ${size.messages} messages, ${size.workPlans} work plans, ${size.reviews} reviews`);
    const seeded = performance.now();
    await seed(env);
    log(`${label}: seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);
  }
  const { base, child } = await startServer(env);
  try {
    const token = await signIn(base);
    const warm = await pullAll(base, token);
    log(`${label}: warm-up pulled ${warm} documents`);
    let best = 0;
    const runs = Math.max(1, Number(process.env.BENCH_PULL_RUNS ?? 3));
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      const cpu0 = serverCpuSeconds(child.pid);
      const docs = await pullAll(base, token);
      const ms = performance.now() - t0;
      const cpu = serverCpuSeconds(child.pid) - cpu0;
      const rate = docs / (ms / 1000);
      // The server's own CPU time tells a slow server from a machine shared with other work.
      log(
        `${label}: ${docs} documents in ${Math.round(ms)} ms = ${Math.round(rate)} documents/s; ` +
          `server CPU ${cpu.toFixed(1)} s (${cpu > 0 ? Math.round(docs / cpu) : '-'} documents per CPU second), load average ${loadavg()[0]?.toFixed(1)}`,
      );
      best = Math.max(best, rate);
    }
    return Math.round(best);
  } finally {
    await stopServer(child);
  }
}

function postgresBin(): string | null {
  const dir = '/usr/lib/postgresql';
  if (!existsSync(dir)) return null;
  for (const v of readdirSync(dir).sort((a, b) => Number(b) - Number(a))) {
    if (existsSync(path.join(dir, v, 'bin', 'initdb'))) return path.join(dir, v, 'bin');
  }
  return null;
}

/** Issue 26: pulls from a hot standby against its primary, same data, same run. */
export interface StandbyFigures {
  primaryDocsPerSec: number;
  standbyDocsPerSec: number;
  /** Highest replay lag the primary reported (pg_stat_replication.replay_lag) while the standby served. */
  lagMsMax: number;
  /** How long the standby took to replay what the seed and the primary's runs wrote. */
  catchUpMs: number;
  /** Rows the standby's database returned during its runs (proof that it served them). */
  standbyRowsRead: number;
}

/** Documents per second served by the pull endpoint to one client; postgres and standby are null without Debian's postgresql. */
export async function measurePullServer(): Promise<{ pglite: number; postgres: number | null; standby: StandbyFigures | null }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'werkpad-pull-bench-'));
  let pglite: number;
  try {
    pglite = await measure('PGlite', { WERKPAD_DATA_DIR: dataDir, DATABASE_URL: '' });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  let postgres: number | null = null;
  let standby: StandbyFigures | null = null;
  if (postgresBin()) {
    // Issue 26: a primary and a hot standby; the same data pulled from each, one after the other.
    const pair = await startThrowawayReplicaPair();
    if (!pair) throw new Error('PostgreSQL did not start');
    const { default: pg } = await import('pg');
    const primaryAdmin = new pg.Client({ connectionString: pair.url });
    const standbyAdmin = new pg.Client({ connectionString: pair.readUrl });
    let sampling: ReturnType<typeof setInterval> | null = null;
    try {
      await primaryAdmin.connect();
      await standbyAdmin.connect();
      await primaryAdmin.query('CREATE DATABASE werkpad_pull_bench');
      const target = new URL(pair.url);
      target.pathname = '/werkpad_pull_bench';
      const readTarget = new URL(pair.readUrl);
      readTarget.pathname = '/werkpad_pull_bench';
      postgres = await measure('PostgreSQL primary', { DATABASE_URL: target.toString(), DATABASE_READ_URL: '' });
      // How long the standby took to replay everything the seed and the primary runs wrote.
      const caughtUp = performance.now();
      const lsnOf = async (client: InstanceType<typeof pg.Client>, fn: string) =>
        String(((await client.query(`SELECT ${fn}()::text AS lsn`)).rows[0] as { lsn: string }).lsn);
      const goal = lsnValue(await lsnOf(primaryAdmin, 'pg_current_wal_lsn'));
      while (lsnValue(await lsnOf(standbyAdmin, 'pg_last_wal_replay_lsn')) < goal) await new Promise((r) => setTimeout(r, 10));
      const catchUpMs = Math.round(performance.now() - caughtUp);
      // The lag while the standby serves: the primary's view of its replay (pg_stat_replication), sampled.
      let lagMsMax = 0;
      sampling = setInterval(() => {
        primaryAdmin
          .query("SELECT coalesce(max(extract(epoch FROM replay_lag) * 1000), 0) AS ms FROM pg_stat_replication")
          .then((r) => (lagMsMax = Math.max(lagMsMax, Math.round(Number((r.rows[0] as { ms: number }).ms)))))
          .catch(() => undefined);
      }, 100);
      const reads = async () => Number(((await standbyAdmin.query("SELECT tup_returned FROM pg_stat_database WHERE datname = 'werkpad_pull_bench'")).rows[0] as { tup_returned: number }).tup_returned);
      const before = await reads();
      const standbyRate = await measure('PostgreSQL standby', { DATABASE_URL: target.toString(), DATABASE_READ_URL: readTarget.toString() }, { seed: false });
      const standbyRows = (await reads()) - before;
      log(`standby: ${standbyRows} rows read on the standby during its runs; replay lag at most ${lagMsMax} ms; caught up ${catchUpMs} ms after the primary's runs`);
      standby = { primaryDocsPerSec: postgres, standbyDocsPerSec: standbyRate, lagMsMax, catchUpMs, standbyRowsRead: standbyRows };
    } finally {
      if (sampling) clearInterval(sampling);
      await primaryAdmin.end().catch(() => undefined);
      await standbyAdmin.end().catch(() => undefined);
      pair.stop();
    }
  } else {
    log('PostgreSQL is not installed (Debian postgresql): measured PGlite only');
  }
  return { pglite, postgres, standby };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measurePullServer();
  log(`pull endpoint: PGlite ${result.pglite} documents/s, PostgreSQL ${result.postgres ?? 'not measured'} documents/s, standby ${result.standby?.standbyDocsPerSec ?? 'not measured'} documents/s`);
  console.log(`PULL ${JSON.stringify(result)}`);
}
