/**
 * npm run bench: the replica and sync engine at size, in headless Chromium (issue 4).
 *
 * Starts its own server (own port, own PGlite data dir), seeds 2,000 participants, 20,000 messages,
 * 2,000 work plans and 20,000 reviews into the demo coach's caseload, signs in as that coach, and
 * prints: the first full sync (time, documents per second) against the same documents written with
 * plain Dexie bulkPut in the same browser (the IndexedDB ceiling); navigation to a rendered
 * participant list from the replica against the same list over the network, both under a 300 ms
 * emulated latency; the p50/p95 of each screen's replica query; and how long 1,000 writes queued
 * offline take to drain after reconnecting. Timings are printed, never asserted.
 *
 * Then the sign-in route's first-load JavaScript (KB gzip) and Lighthouse (mobile) on /login, the
 * pull endpoint alone (documents/s on PGlite and PostgreSQL, tests/bench/pull-server.ts when it is
 * there), and the load run on PostgreSQL (tests/bench/server-load.ts: 200 users, 2 minutes, one
 * server process and two behind a round-robin proxy). Ends with one machine-readable line:
 * `BENCH {...}` (issue 9).
 *
 * Issue 25: the first sync and bulkPut three times (fresh browser context each; medians, ranges and
 * the ratio's median and range); the offline start after a browser restart (a profile on disk, no
 * network, navigation to the first participant row; median of 3); documents per CPU second of the
 * pull endpoint (server process, plus the bench's PostgreSQL); CPU ms per request of the load mix
 * (server + PostgreSQL); the connection model (tests/bench/stream-load.ts: N users on the live
 * stream, a tenth writing once a minute, p95 write → poked pull done, memory per stream; after the
 * load runs, on their database). A table of every figure against the issue's goal precedes the
 * BENCH line.
 *
 * Options: --quick (small data set, 20 users for 15 s, 3 list runs, connection model 50 and 100 users: a few minutes), --skip-load (also skips the connection model),
 * --skip-lighthouse, --skip-browser (only the server parts), --skip-unsealed (no baseline of the encryption at rest:
 * otherwise, when sync or list is measured, a second process measures them again on a build that does not seal the
 * replica, and both are printed side by side), --only <parts> (a comma-separated list of
 * sync, ceiling, list, queries, queue, drain, offline, signin, lighthouse, pull, load, streams, dashboards: only those are measured;
 * the browser parts always sign in and sync first, e.g. `npm run bench -- --only queue,drain`); for
 * the load run --cpu-prof <dir> (the servers' CPU profiles; tests/bench/cpu-profile-top.ts sums them)
 * and --slow-ms N (PostgreSQL's statements slower than N ms, costliest first).
 * Environment: WERKPAD_BENCH_PORT (default: a free port), WERKPAD_BENCH_REUSE_BUILD=1 to build once into
 * .tmp/bench-dist and reuse it,
 * WERKPAD_BENCH_KEEP=1 to keep the data dir, WERKPAD_BENCH_CONSOLE=1 to print the page's and the sync worker's console, WERKPAD_BENCH_OFFLINE_TRACE=<dir> to write each offline start's CPU profile and timeline there, WERKPAD_BENCH_SYNC_TRACE=<dir> each first sync's Chrome trace (every thread's CPU samples; tests/bench/trace-profile-top.ts --thread worker sums the sync worker's). Sizes: BENCH_PARTICIPANTS, BENCH_MESSAGES,
 * BENCH_WORK_PLANS, BENCH_REVIEWS, BENCH_WRITES, BENCH_CEILING_PAGES (e.g. 500,20000: bulkPut again with these documents per transaction, printed only), BENCH_LOAD_USERS, BENCH_LOAD_SECONDS; the connection model:
 * BENCH_STREAM_STEPS (250,500,1000,2000,5000), BENCH_STREAM_SECONDS (30 per step), BENCH_STREAM_SPEEDUP (1: the
 * real rate; 6 with --quick), BENCH_STREAM_BUDGET_S (240: no new step after that), BENCH_STREAM_IDLE_S (26; 0 with
 * --quick: the idle streams' CPU before the first step).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';
import { chromium, type Browser, type BrowserContext, type Page, type Request as PlaywrightRequest } from '@playwright/test';
import type { BenchApi, BenchSession, QueryTiming } from './page-api';
import { measureLighthouse, type LighthouseResult } from './lighthouse';
import { ACCOUNTS, measureServerLoad, type ServerLoadResult } from './server-load';
import { measureConnectionModel, type ConnectionModelResult } from './stream-load';
import { measureDashboardDatasets } from './dashboard-datasets';
import { measureSignInJs, type SignInJs } from './sign-in-js';
import { freePort } from '../../server/test/free-port';

const root = path.resolve(import.meta.dirname, '../..');
const benchStart = performance.now();
/** A port nobody listens on (the bench must never measure someone else's server). */

const port = process.env.WERKPAD_BENCH_PORT ? Number(process.env.WERKPAD_BENCH_PORT) : await freePort();
const base = `http://localhost:${port}`;
const reuseBuild = process.env.WERKPAD_BENCH_REUSE_BUILD === '1';
const dataDir = mkdtempSync(path.join(tmpdir(), 'werkpad-bench-'));
const { values: flags } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    // The baseline of the encryption at rest (issue 36), run by the bench itself as a second process: the same
    // browser parts on a build whose replica is not sealed (vite.config.ts, __WERKPAD_BENCH_UNSEALED__).
    unsealed: { type: 'boolean', default: false },
    'skip-unsealed': { type: 'boolean', default: false },
    'skip-load': { type: 'boolean', default: false },
    'skip-lighthouse': { type: 'boolean', default: false },
    'skip-browser': { type: 'boolean', default: false },
    only: { type: 'string' },
    // The load run: write the servers' CPU profiles here; log PostgreSQL statements slower than N ms.
    'cpu-prof': { type: 'string' },
    'slow-ms': { type: 'string' },
  },
});
const buildDir = path.join(root, `.tmp/bench-dist${flags.unsealed ? '-unsealed' : ''}${reuseBuild ? '' : `-${process.pid}`}`);
const PARTS = ['sync', 'ceiling', 'list', 'queries', 'queue', 'drain', 'offline', 'signin', 'lighthouse', 'pull', 'load', 'streams', 'dashboards'] as const;
type Part = (typeof PARTS)[number];
const onlyParts = flags.only
  ? new Set(
      flags.only.split(',').map((p) => {
        const part = p.trim();
        if (!(PARTS as readonly string[]).includes(part)) throw new Error(`--only: unknown part ${part} (${PARTS.join(', ')})`);
        return part as Part;
      }),
    )
  : null;
/** Whether this run measures `part` (--only, --skip-*). */
function wanted(part: Part): boolean {
  if (onlyParts) return onlyParts.has(part);
  if (part === 'lighthouse') return !flags['skip-lighthouse'];
  if (part === 'load' || part === 'streams') return !flags['skip-load'];
  if (part === 'pull' || part === 'dashboards') return true;
  return !flags['skip-browser'];
}
const BROWSER_PARTS: readonly Part[] = ['sync', 'ceiling', 'list', 'queries', 'queue', 'drain', 'offline', 'signin', 'lighthouse'];
const quick = flags.quick === true;
const size = {
  participants: Number(process.env.BENCH_PARTICIPANTS ?? (quick ? 300 : 2_000)),
  messages: Number(process.env.BENCH_MESSAGES ?? (quick ? 3_000 : 20_000)),
  workPlans: Number(process.env.BENCH_WORK_PLANS ?? (quick ? 300 : 2_000)),
  reviews: Number(process.env.BENCH_REVIEWS ?? (quick ? 3_000 : 20_000)),
  writes: Number(process.env.BENCH_WRITES ?? (quick ? 200 : 1_000)),
  loadUsers: Number(process.env.BENCH_LOAD_USERS ?? (quick ? 20 : 200)),
  loadSeconds: Number(process.env.BENCH_LOAD_SECONDS ?? (quick ? 15 : 120)),
};
const LATENCY_MS = 300;
const LIST_RUNS = quick ? 3 : 5;
/** First sync and bulkPut: each measured this many times in one run (fresh browser context each), medians reported. */
const SYNC_RUNS = 3;
const OFFLINE_RUNS = 3;
/** The typed offline starts (offlineStart.typed): milliseconds between two keys of the password. */
const OFFLINE_TYPING_MS = 100;
/** The connection model (tests/bench/stream-load.ts): steps of N, seconds per step, the write rate's speed-up. */
const streamModel = {
  steps: (process.env.BENCH_STREAM_STEPS ?? (quick ? '50,100' : '250,500,1000,2000,5000')).split(',').map(Number),
  seconds: Number(process.env.BENCH_STREAM_SECONDS ?? (quick ? 10 : 30)),
  speedup: Number(process.env.BENCH_STREAM_SPEEDUP ?? (quick ? 6 : 1)),
  budgetMs: Number(process.env.BENCH_STREAM_BUDGET_S ?? (quick ? 60 : 240)) * 1000,
  sessions: quick ? 12 : 40,
  /** Idle streams' CPU at the first step: 26 s spans one heartbeat (25 s) of every stream; not in --quick. */
  idleSeconds: Number(process.env.BENCH_STREAM_IDLE_S ?? (quick ? 0 : 26)),
};

/** What the BENCH line reports (null: not measured in this run). */
interface BenchFigures {
  docs: number | null;
  /** Median of SYNC_RUNS first syncs in one bench run (each in a fresh browser context). */
  firstSyncMs: number | null;
  /** Every run of the first sync and of bulkPut, and the ratio sync / bulkPut (median, range). */
  firstSyncRuns: { firstSyncMs: number[]; bulkPutMs: number[]; ratio: { median: number; min: number; max: number } | null } | null;
  /** Bytes of API answer bodies the first sync received over the wire (compressed), and the same bodies decoded (issue 25). */
  firstSyncBytes: number | null;
  firstSyncBytesUncompressed: number | null;
  /** An incremental sync of every collection with nothing new, without and with the replica checksum check (median ms). */
  checksumPerSync: { syncMs: number; syncWithCheckMs: number; checkMs: number; localMs: number; matched: number; collections: number } | null;
  bulkPutMs: number | null;
  listReplicaMs: number | null;
  listNetworkMs: number | null;
  /** The same list reached from another screen through the menu's route change (no page load). */
  listInAppReplicaMs: number | null;
  listInAppNetworkMs: number | null;
  /** The list's heading painted in the network runs (the screen without its data): page load and route change. */
  listHeadMs: { pageLoad: number; routeChange: number } | null;
  queue1000Ms: number | null;
  drain1000Ms: number | null;
  queryP95Ms: Record<string, number>;
  pullDocsPerSec: { pglite: number | null; postgres: number | null };
  /** Documents pulled per CPU second: the server process (PGlite runs inside it), plus PostgreSQL's processes (the bench's own instance). */
  pullDocsPerCpuSecond: { pglite: number | null; postgres: number | null; pgliteUncompressed?: number | null };
  /** The load mix on one process: (server + PostgreSQL CPU) / requests answered, and the split. */
  cpuMsPerRequest: number | null;
  cpuMsPerRequestSplit: { serverMs: number; databaseMs: number } | null;
  /** The baseline of the same run: server + PostgreSQL CPU per `{ __typename }` request (server-load.ts FloorResult). */
  cpuMsPerRequestFloor: number | null;
  /** The connection model: the largest N of users holding the stream with p95 write → poked pull done < 150 ms, one process. */
  connectedUsersAtP95Under150: number | null;
  memoryPerStreamKb: number | null;
  connectionModel: { speedup: number; stepSeconds: number; sessions: number; ownAccounts: boolean; stoppedBecause: string; idle: ConnectionModelResult['idle']; steps: { users: number; writes: number; p95Ms: number; errors: number; missed: number; memoryPerStreamKb: number; cpuServerS: number; cpuPostgresS: number }[] } | null;
  /** From navigation (browser restarted with its profile, offline) to the first replica row painted, median of OFFLINE_RUNS. */
  offlineStartMs: number | null;
  offlineStart: {
    runs: number[];
    toUnlockFormMs: number[];
    unlockToRowMs: number[];
    /** Of unlock → row: the submit until the unlock panel left (the password checked on the device, PBKDF2). */
    unlockVerifyMs: number[];
    /** The page's document answered (by the service worker) and DOMContentLoaded, from navigation start. */
    documentMs: number[];
    domContentLoadedMs: number[];
    unlock: boolean;
    failedRequests: string[];
    /**
     * The same starts with the password typed key by key (OFFLINE_TYPING_MS per key), as a person does:
     * what the app loads while the form waits is then done by the submit. The figure is the same (form
     * ready + submit → row); `typingMs` (form ready → submit: the bench noticing the form, then the typing)
     * is what it leaves out.
     */
    typed: { runs: number[]; toUnlockFormMs: number[]; unlockToRowMs: number[]; unlockVerifyMs: number[]; typingMs: number[] } | null;
  } | null;
  /** Issue 26: the same pulls from a hot standby and from its primary, with the replay lag seen (docs/read-replicas.md). */
  pullStandby: { primaryDocsPerSec: number; standbyDocsPerSec: number; lagMsMax: number; catchUpMs: number; standbyRowsRead: number } | null;
  load: { users: number; p95Ms: number; errors: number; requestsPerSecond: number; twoProcesses: { p95Ms: number; errors: number; requestsPerSecond: number } | null } | null;
  signInJsKbGzip: number | null;
  lighthouseLogin: { performance: number; fcpMs: number; lcpMs: number; tbtMs: number } | null;
  /** Issue 22: p95 of one dashboard dataset (POST graph/datasets' computation) on PostgreSQL, 10,000 participants / 50,000 work plans. */
  dashboardDatasetP95Ms: number | null;
  /** Issue 36: the same first sync and list on a build that does not seal the replica (a second process of this run). */
  unsealed: { firstSyncMs: number | null; listReplicaMs: number | null; listInAppReplicaMs: number | null } | null;
}

const figures: BenchFigures = {
  docs: null,
  firstSyncMs: null,
  firstSyncRuns: null,
  firstSyncBytes: null,
  firstSyncBytesUncompressed: null,
  checksumPerSync: null,
  bulkPutMs: null,
  listReplicaMs: null,
  listNetworkMs: null,
  listInAppReplicaMs: null,
  listInAppNetworkMs: null,
  listHeadMs: null,
  queue1000Ms: null,
  drain1000Ms: null,
  queryP95Ms: {},
  pullDocsPerSec: { pglite: null, postgres: null },
  pullDocsPerCpuSecond: { pglite: null, postgres: null },
  cpuMsPerRequest: null,
  cpuMsPerRequestSplit: null,
  cpuMsPerRequestFloor: null,
  connectedUsersAtP95Under150: null,
  memoryPerStreamKb: null,
  connectionModel: null,
  offlineStartMs: null,
  offlineStart: null,
  pullStandby: null,
  load: null,
  signInJsKbGzip: null,
  lighthouseLogin: null,
  dashboardDatasetP95Ms: null,
  unsealed: null,
};

/** The pull endpoint alone (tests/bench/pull-server.ts, written by the sync work); null until it is on this branch. */
type PullServerResult = { pglite: number; postgres: number | null; standby?: BenchFigures['pullStandby']; pullDocsPerCpuSecond?: { pglite: number; postgres: number | null; pgliteUncompressed: number | null } };
async function pullServer(): Promise<PullServerResult | null> {
  const modulePath = './pull-server.ts';
  try {
    const module = (await import(modulePath)) as { measurePullServer?: () => Promise<PullServerResult> };
    if (typeof module.measurePullServer !== 'function') return null;
    return await module.measurePullServer();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') return null;
    throw error;
  }
}
const PASSWORD = 'Demo-Wachtwoord-2026!';
const CHROMIUM = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

const log = (line: string) => console.log(`[bench] ${line}`);
const fmtMs = (ms: number) => (ms >= 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`);
const fmtN = (n: number) => new Intl.NumberFormat('en-US').format(Math.round(n));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

function run(command: string, args: string[], env: NodeJS.ProcessEnv, quiet = false): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: quiet ? 'ignore' : ['ignore', 'inherit', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

async function startServer(): Promise<ChildProcess> {
  const taken = await fetch(`${base}/api/health`).then(
    () => true,
    () => false,
  );
  if (taken) throw new Error(`port ${port} is already in use: choose another with WERKPAD_BENCH_PORT`);
  const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), WERKPAD_STATIC_DIR: buildDir, WERKPAD_DATA_DIR: dataDir, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const child: { exited: number | null } = { exited: null };
  server.on('exit', (code) => {
    child.exited = code ?? -1;
  });
  for (let i = 0; i < 240; i++) {
    if (child.exited !== null) throw new Error(`the server exited with ${child.exited}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  server.kill();
  throw new Error(`the server did not answer on ${base}`);
}

async function pageBundle(): Promise<string> {
  const out = await build({
    entryPoints: [path.join(import.meta.dirname, 'page-api.ts')],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'error',
  });
  const file = out.outputFiles[0];
  if (!file) throw new Error('esbuild produced nothing');
  return file.text;
}

async function bench<T>(page: Page, script: string, fn: (api: BenchApi, session: BenchSession, arg: number) => Promise<T>, arg = 0): Promise<T> {
  if (!(await page.evaluate(() => 'werkpadBench' in globalThis))) await page.addScriptTag({ content: script });
  const session = await page.evaluate(() => {
    const raw = sessionStorage.getItem('werkpad.session');
    const user = raw ? (JSON.parse(raw) as { user: { id: number; companyId: number } }).user : null;
    if (!user) throw new Error('not signed in');
    return { companyId: user.companyId, userId: user.id };
  });
  return page.evaluate(
    async ([source, s, a]) => {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the function's source, sent across to the page
      const f = new Function('api', 'session', 'arg', `return (${source})(api, session, arg);`) as (api: BenchApi, session: BenchSession, arg: number) => Promise<T>;
      const benchApi = (globalThis as unknown as { werkpadBench: BenchApi }).werkpadBench;
      // The sealed replica (issue 36): the bench's own copy of the data keys opens the identity's key first.
      await benchApi.unlock(s);
      return f(benchApi, s, a);
    },
    [fn.toString(), session, arg] as const,
  );
}

/**
 * In the page: resolves when the participant list shows its first rows (`ms`, the figure) and again
 * when it is complete (`completeMs`: the total counted and the whole first page of 100 rendered; the
 * replica list renders what fits on screen first), both at animation frames, from `start`.
 */
async function waitForList(page: Page, start: 'navigation' | 'benchStart'): Promise<{ ms: number; completeMs: number; headMs: number; total: number; rows: number }> {
  const handle = await page.waitForFunction(
    (from) => {
      const w = window as unknown as { benchStart?: number; benchFirstRows?: number; benchHead?: number };
      const origin = from === 'navigation' ? 0 : (w.benchStart ?? 0);
      // The screen without its data: the list's own heading painted (the floor any source of rows adds to).
      if (w.benchHead === undefined && document.querySelector('.participants-page h1')) w.benchHead = performance.now() - origin;
      const table = document.querySelector('[data-testid="participants-table"]');
      const count = document.querySelector('[data-testid="participants-count"]');
      if (!table || !count) return null;
      const rows = Number(table.getAttribute('data-rows'));
      if (rows > 0 && w.benchFirstRows === undefined) w.benchFirstRows = performance.now() - origin;
      const totalText = count.getAttribute('data-total');
      if (totalText === null) return null;
      const total = Number(totalText);
      if (rows < Math.min(100, total)) return null;
      const firstRows = w.benchFirstRows ?? performance.now() - origin;
      const headMs = w.benchHead ?? firstRows;
      w.benchFirstRows = undefined;
      w.benchHead = undefined;
      return { ms: firstRows, completeMs: performance.now() - origin, headMs, total, rows };
    },
    start,
    { polling: 'raf', timeout: 60_000 },
  );
  return (await handle.jsonValue()) as { ms: number; completeMs: number; headMs: number; total: number; rows: number };
}

/** Time from navigation start to the list's first rows on screen, and to the complete first page with its total (ms, in the page's clock). */
async function timeList(page: Page, url: string): Promise<{ ms: number; completeMs: number; headMs: number; total: number; rows: number }> {
  await page.goto(url, { waitUntil: 'commit' });
  return waitForList(page, 'navigation');
}

/**
 * The participant list reached from another screen of the running app, as a coach does through the
 * menu: the route changes through the router's history (TanStack Router follows history.pushState),
 * no page load. Timed from the route change to the rendered table, in the page, after the previous
 * screen was idle for a second.
 */
async function timeListInApp(page: Page, from: string, to: string): Promise<{ ms: number; completeMs: number; headMs: number; rows: number }> {
  await page.goto(from);
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  // A coach spends a moment on a screen before choosing the next: the page gets idle (the menu's
  // routes load their code then, src/features/shell/preload-menu.ts) and a second passes.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => resolve(null), { timeout: 5_000 })));
  await page.waitForTimeout(1_000);
  if ((await page.locator('[data-testid="participants-table"]').count()) > 0) throw new Error(`the list is already on ${from}`);
  await page.evaluate((target) => {
    (window as unknown as { benchStart: number }).benchStart = performance.now();
    history.pushState(history.state, '', target);
  }, to);
  return waitForList(page, 'benchStart');
}

function table(title: string, header: string[], rows: (string | number)[][]): void {
  const cells = [header, ...rows.map((r) => r.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => (r[i] ?? '').length)));
  const line = (r: string[]) => `| ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  console.log(`\n${title}`);
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? `:${'-'.repeat(w + 1)}` : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const r of cells.slice(1)) console.log(line(r));
}

/**
 * A fresh browser context (empty replica) signs in as the demo coach and syncs: time from the end of
 * the sign-in to the sync indicator's "Bijgewerkt", in the page's clock. With `countWire`, the API
 * answers' bodies are counted as they came over the wire (compressed) and decoded, the sync worker's
 * requests included (Chromium reports them to the page).
 */
/**
 * BENCH_CEILING_PAGES=500,20000: after each bulkPut run, the same documents again with these documents per
 * transaction, printed only (does the writer's transaction size matter? the sync writes up to 20,000 in one).
 */
async function ceilingAtPageSizes(page: Page, script: string): Promise<void> {
  for (const size of (process.env.BENCH_CEILING_PAGES ?? '').split(',').filter(Boolean).map(Number)) {
    const c = await bench(page, script, (api, s, n) => api.ceiling(s, n), size);
    log(`bulkPut, ${fmtN(size)} documents per transaction: ${fmtN(c.documents)} documents in ${fmtMs(c.ms)}`);
  }
}

/** WERKPAD_BENCH_SYNC_TRACE=<dir>: each first sync's Chrome trace (CPU samples of every thread, the timeline, IndexedDB). */
const SYNC_TRACE_CATEGORIES = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'IndexedDB'];
let syncTraces = 0;

async function signInAndSync(browser: Browser, countWire: boolean): Promise<{ context: BrowserContext; page: Page; syncMs: number; wire: { encoded: number; decoded: number; answers: number } }> {
  // The page's Content-Security-Policy (script-src 'self') would refuse the bench's injected script.
  const context = await browser.newContext({ locale: 'nl-NL', viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  page.on('pageerror', (e) => log(`page error: ${e.message}`));
  if (process.env.WERKPAD_BENCH_CONSOLE === '1') page.on('console', (m) => log(`console: ${m.text()}`));
  const wire = { encoded: 0, decoded: 0, answers: 0 };
  const counting: Promise<void>[] = [];
  const countAnswer = (request: PlaywrightRequest) => {
    if (!request.url().includes('/api/')) return;
    counting.push(
      (async () => {
        const response = await request.response();
        if (!response) return;
        const [sizes, body] = await Promise.all([request.sizes(), response.body().catch(() => null)]);
        if (!body) return;
        wire.encoded += sizes.responseBodySize;
        wire.decoded += body.length;
        wire.answers++;
      })().catch(() => undefined),
    );
  };
  if (countWire) context.on('requestfinished', countAnswer);
  await page.goto(`${base}/login`);
  await page.getByLabel('Gebruikersnaam').fill('coach');
  await page.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
  const traceDir = process.env.WERKPAD_BENCH_SYNC_TRACE ? path.resolve(process.env.WERKPAD_BENCH_SYNC_TRACE) : null;
  const tracePath = traceDir ? path.join(traceDir, `first-sync-${++syncTraces}.json`) : null;
  if (traceDir && tracePath) {
    mkdirSync(traceDir, { recursive: true });
    // Every thread of the browser: the page, the sync worker, IndexedDB's (summarise with trace-profile-top.ts).
    await browser.startTracing(page, { path: tracePath, categories: SYNC_TRACE_CATEGORIES });
  }
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  const syncStart = await page.evaluate(() => performance.now());
  const syncEnd = await (
    await page.waitForFunction(() => (document.querySelector('.sync-indicator')?.textContent?.includes('Bijgewerkt') ? performance.now() : null), undefined, {
      polling: 50,
      timeout: 600_000,
    })
  ).jsonValue();
  if (tracePath) {
    await browser.stopTracing();
    log(`first sync trace: ${tracePath}`);
  }
  if (countWire) {
    context.off('requestfinished', countAnswer);
    await Promise.all(counting);
  }
  // After "Bijgewerkt" the engine still compares the replica's checksums with the server's (about 10 s at full
  // size). The bulkPut that follows must not share the cores with that, or the ceiling comes out slower.
  const settled = await (
    await page.waitForFunction(() => (document.querySelector('.sync-indicator--busy') ? null : performance.now()), undefined, { polling: 100, timeout: 600_000 })
  ).jsonValue();
  log(`first sync: the engine was idle ${fmtMs(Number(settled) - Number(syncEnd))} after "Bijgewerkt" (the checksum check)`);
  return { context, page, syncMs: Number(syncEnd) - syncStart, wire };
}

/**
 * The offline start (issue 25): a browser profile on disk (launchPersistentContext) signs in, syncs,
 * lets the service worker take the page and shows the participant list once; the browser is closed
 * and started again OFFLINE_RUNS times with no network (context.setOffline before the navigation).
 * Each start is timed in the page's clock (performance.now(), 0 at navigation start) to the first
 * participant row painted. Where the app asks for the password first (offline unlock after a
 * restart), the time is navigation → unlock form ready to submit, plus the unlock's submit → first
 * row: the typing between them is left out. Every other start fills the password at once (OFFLINE_RUNS of
 * them: offlineStartMs); the others type it key by key, OFFLINE_TYPING_MS apart (offlineStart.typed): what
 * the app does while a person types is then no longer counted after the submit.
 */
/**
 * In the page (an init script of the offline runs): the first frame with the unlock form submittable, and with a
 * participant row. A string, not a function: tsx wraps named functions in a helper the page does not have.
 */
const WATCH_OFFLINE_START = `(() => {
  const frame = () => {
    const row = document.querySelector('[data-testid="participants-table"] tbody tr');
    if (row && (row.textContent || '').trim() !== '' && window.benchRowAt === undefined) window.benchRowAt = performance.now();
    const submit = document.querySelector('[data-testid="offline-unlock"] button[type="submit"]');
    if (submit && !submit.disabled && window.benchFormAt === undefined) window.benchFormAt = performance.now();
    if (window.benchRowAt === undefined && performance.now() < 120000) requestAnimationFrame(frame);
  };
  requestAnimationFrame(frame);
})();`;

async function measureOfflineStart(): Promise<NonNullable<BenchFigures['offlineStart']>> {
  const profile = mkdtempSync(path.join(tmpdir(), 'werkpad-bench-profile-'));
  const traceDir = process.env.WERKPAD_BENCH_OFFLINE_TRACE ? path.resolve(process.env.WERKPAD_BENCH_OFFLINE_TRACE) : null;
  if (traceDir) mkdirSync(traceDir, { recursive: true });
  const launch = async () => {
    const context = await chromium.launchPersistentContext(profile, { ...CHROMIUM, locale: 'nl-NL', viewport: { width: 1280, height: 900 } });
    const page = context.pages()[0] ?? (await context.newPage());
    page.on('pageerror', (e) => log(`page error (offline start): ${e.message}`));
    return { context, page };
  };
  const firstRow = () => {
    const row = document.querySelector('[data-testid="participants-table"] tbody tr');
    return row && (row.textContent ?? '').trim() !== '' ? performance.now() : null;
  };
  try {
    let { context, page } = await launch();
    await page.goto(`${base}/login`);
    await page.getByLabel('Gebruikersnaam').fill('coach');
    await page.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await page.waitForFunction(() => document.querySelector('.sync-indicator')?.textContent?.includes('Bijgewerkt') ?? false, undefined, { polling: 100, timeout: 600_000 });
    await page.goto(`${base}/participants`);
    await page.waitForFunction(firstRow, undefined, { polling: 'raf', timeout: 60_000 });
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) await page.reload();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
    await context.close();

    const runs: number[] = [];
    const toForm: number[] = [];
    const unlockToRow: number[] = [];
    const failed = new Set<string>();
    const verify: number[] = [];
    const documentMs: number[] = [];
    const dclMs: number[] = [];
    const typed = { runs: [] as number[], toUnlockFormMs: [] as number[], unlockToRowMs: [] as number[], unlockVerifyMs: [] as number[], typingMs: [] as number[] };
    let unlock = false;
    for (let i = 0; i < OFFLINE_RUNS * 2; i++) {
      // Alternated, so neither kind has the later (warmer or quieter) starts to itself.
      const typing = i % 2 === 1;
      ({ context, page } = await launch());
      await context.setOffline(true);
      page.on('requestfailed', (r) => failed.add(`${r.method()} ${new URL(r.url()).pathname}`));
      context.on('requestfailed', (r) => failed.add(`${r.method()} ${new URL(r.url()).pathname}`));
      // WERKPAD_BENCH_OFFLINE_TRACE=<dir>: the main thread's CPU profile of each start (summarise with
      // tests/bench/trace-profile-top.ts) and its timeline of fetched files and marks, to see what the path waits for.
      const cdp = traceDir ? await context.newCDPSession(page) : null;
      if (cdp) {
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
      }
      // The page notes, at each animation frame from its first script on, when the unlock form could be
      // submitted and when the first row was there: the times do not depend on how fast this process
      // (on a busy machine) gets round to asking.
      await context.addInitScript({ content: WATCH_OFFLINE_START });
      await page.goto(`${base}/participants`, { waitUntil: 'commit' });
      // Either the list (no unlock asked) or the unlock form with its submit button enabled.
      const first = (await (
        await page.waitForFunction(
          () => {
            const w = window as unknown as { benchFormAt?: number; benchRowAt?: number };
            if (w.benchRowAt !== undefined) return { kind: 'row', ms: w.benchRowAt };
            if (w.benchFormAt !== undefined) return { kind: 'form', ms: w.benchFormAt };
            return null;
          },
          undefined,
          { polling: 100, timeout: 60_000 },
        )
      ).jsonValue()) as { kind: 'row' | 'form'; ms: number };
      if (first.kind === 'row') {
        (typing ? typed.runs : runs).push(first.ms);
      } else {
        unlock = true;
        const panel = page.getByTestId('offline-unlock');
        // Typed: key by key into the focused field (the form that is on screen; a form taking over keeps the focus).
        if (typing) await panel.getByLabel('Wachtwoord', { exact: true }).pressSequentially(PASSWORD, { delay: OFFLINE_TYPING_MS });
        else await panel.getByLabel('Wachtwoord', { exact: true }).fill(PASSWORD);
        await page.evaluate(() => {
          const w = window as unknown as { benchUnlockAt: number; benchUnlockedAt: number };
          document.addEventListener('submit', () => (w.benchUnlockAt = performance.now()), { capture: true, once: true });
          // The unlock panel leaves the page once the password is checked on the device (PBKDF2).
          const observer = new MutationObserver(() => {
            if (!document.querySelector('[data-testid="offline-unlock"]')) {
              w.benchUnlockedAt = performance.now();
              observer.disconnect();
            }
          });
          observer.observe(document.body, { childList: true, subtree: true });
        });
        await panel.getByRole('button', { name: 'Openen' }).click();
        const row = Number(await (await page.waitForFunction(() => (window as unknown as { benchRowAt?: number }).benchRowAt ?? null, undefined, { polling: 100, timeout: 60_000 })).jsonValue());
        const { unlockedAt, panelGoneAt } = await page.evaluate(() => {
          const w = window as unknown as { benchUnlockAt?: number; benchUnlockedAt?: number };
          return { unlockedAt: w.benchUnlockAt ?? null, panelGoneAt: w.benchUnlockedAt ?? null };
        });
        if (unlockedAt === null) throw new Error('the unlock form was not submitted');
        const into = typing ? typed : { runs, toUnlockFormMs: toForm, unlockToRowMs: unlockToRow, unlockVerifyMs: verify, typingMs: [] as number[] };
        if (panelGoneAt !== null) into.unlockVerifyMs.push(panelGoneAt - unlockedAt);
        into.toUnlockFormMs.push(first.ms);
        into.unlockToRowMs.push(row - unlockedAt);
        into.runs.push(first.ms + (row - unlockedAt));
        into.typingMs.push(unlockedAt - first.ms);
      }
      if (cdp && traceDir) {
        const { profile: cpu } = await cdp.send('Profiler.stop');
        writeFileSync(path.join(traceDir, `offline-start-${i + 1}.cpuprofile`), JSON.stringify(cpu));
        const timeline = await page.evaluate(() =>
          performance
            .getEntries()
            .filter((e) => e.entryType === 'resource' || e.entryType === 'mark' || e.entryType === 'measure' || e.entryType === 'navigation' || e.entryType === 'paint')
            .map((e) => ({ type: e.entryType, name: e.name.replace(location.origin, ''), start: Math.round(e.startTime), end: Math.round(e.startTime + e.duration) })),
        );
        writeFileSync(path.join(traceDir, `offline-start-${i + 1}.timeline.json`), JSON.stringify(timeline, null, 1));
        log(`offline start ${i + 1} timeline:\n${timeline.map((e) => `  ${String(e.start).padStart(6)} → ${String(e.end).padStart(6)} ms  ${e.type.padEnd(10)} ${e.name}`).join('\n')}`);
      }
      const nav = await page.evaluate(() => {
        const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
        return n ? { responseEnd: n.responseEnd, domContentLoaded: n.domContentLoadedEventEnd } : null;
      });
      if (nav && !typing) {
        documentMs.push(nav.responseEnd);
        dclMs.push(nav.domContentLoaded);
      }
      const done = typing ? typed : { runs, unlockToRowMs: unlockToRow, typingMs: [] as number[] };
      log(
        `offline start ${i + 1} of ${OFFLINE_RUNS * 2}${typing ? ' (typed)' : ' (instant submit)'}: ${fmtMs(done.runs.at(-1) ?? 0)}${first.kind === 'form' ? ` (to the unlock form ${fmtMs(first.ms)}, unlock to first row ${fmtMs(done.unlockToRowMs.at(-1) ?? 0)}${typing ? `, left out: ${fmtMs(done.typingMs.at(-1) ?? 0)} form → submit` : ''})` : ''}`,
      );
      await context.close();
    }
    return {
      runs: runs.map(Math.round),
      toUnlockFormMs: toForm.map(Math.round),
      unlockToRowMs: unlockToRow.map(Math.round),
      unlockVerifyMs: verify.map(Math.round),
      documentMs: documentMs.map(Math.round),
      domContentLoadedMs: dclMs.map(Math.round),
      unlock,
      failedRequests: [...failed].sort(),
      typed: {
        runs: typed.runs.map(Math.round),
        toUnlockFormMs: typed.toUnlockFormMs.map(Math.round),
        unlockToRowMs: typed.unlockToRowMs.map(Math.round),
        unlockVerifyMs: typed.unlockVerifyMs.map(Math.round),
        typingMs: typed.typingMs.map(Math.round),
      },
    };
  } finally {
    rmSync(profile, { recursive: true, force: true });
  }
}

/** The offline start after a browser restart (its own profile on disk: sign-in, sync, restarts), and its table. */
async function offlinePart(): Promise<void> {
  log(`offline start: sign in and sync in a browser profile on disk, then ${OFFLINE_RUNS} restarts with no network`);
  const off = await measureOfflineStart();
  figures.offlineStart = off;
  figures.offlineStartMs = Math.round(median(off.runs));
  table(`Offline start after a browser restart, no network, to the first participant row (median of ${OFFLINE_RUNS}; goal < 1 s, typing excluded)`, ['measure', 'median', 'runs'], [
    ['instant submit: navigation → first replica row' + (off.unlock ? ' (to the unlock form + unlock submit → row)' : ''), fmtMs(median(off.runs)), off.runs.map(fmtMs).join(', ')],
    ...(off.unlock
      ? [
          ['navigation → unlock form ready', fmtMs(median(off.toUnlockFormMs)), off.toUnlockFormMs.map(fmtMs).join(', ')],
          ['unlock submit → first row', fmtMs(median(off.unlockToRowMs)), off.unlockToRowMs.map(fmtMs).join(', ')],
          ['  of which submit → unlock panel gone (PBKDF2 on the device)', fmtMs(median(off.unlockVerifyMs)), off.unlockVerifyMs.map(fmtMs).join(', ')],
        ]
      : []),
    ...(off.typed && off.typed.runs.length > 0
      ? [
          [`typed (${OFFLINE_TYPING_MS} ms per key): navigation → first replica row, typing left out`, fmtMs(median(off.typed.runs)), off.typed.runs.map(fmtMs).join(', ')],
          ...(off.typed.unlockToRowMs.length > 0
            ? [
                ['  typed: navigation → unlock form ready', fmtMs(median(off.typed.toUnlockFormMs)), off.typed.toUnlockFormMs.map(fmtMs).join(', ')],
                ['  typed: unlock submit → first row', fmtMs(median(off.typed.unlockToRowMs)), off.typed.unlockToRowMs.map(fmtMs).join(', ')],
                ['  typed: left out (form ready → submit: noticing the form, then typing)', fmtMs(median(off.typed.typingMs)), off.typed.typingMs.map(fmtMs).join(', ')],
              ]
            : []),
        ]
      : []),
    ['document from the service worker (responseEnd, instant-submit starts)', fmtMs(median(off.documentMs)), off.documentMs.map(fmtMs).join(', ')],
    ['DOMContentLoaded (instant-submit starts)', fmtMs(median(off.domContentLoadedMs)), off.domContentLoadedMs.map(fmtMs).join(', ')],
    ['requests that failed offline on the way (network waited for)', String(off.failedRequests.length), off.failedRequests.slice(0, 8).join(', ') || 'none'],
  ]);
}

async function browserParts(): Promise<void> {
  if (reuseBuild && existsSync(path.join(buildDir, 'index.html'))) log(`reusing the build in ${buildDir}`);
  else {
    log('building the app');
    await run('npx', ['vite', 'build', '--logLevel', 'error'], { WERKPAD_BUILD_DIR: buildDir, ...(flags.unsealed ? { WERKPAD_BENCH_UNSEALED: '1' } : {}) });
  }
  log(`seeding ${fmtN(size.participants)} participants, ${fmtN(size.messages)} messages, ${fmtN(size.workPlans)} work plans, ${fmtN(size.reviews)} reviews into ${dataDir}`);
  const seedStart = performance.now();
  await run(
    process.execPath,
    ['--import', 'tsx', 'server/db/seed-cli.ts', '--quiet', '--participants', String(size.participants), '--messages', String(size.messages), '--work-plans', String(size.workPlans), '--reviews', String(size.reviews)],
    { WERKPAD_DATA_DIR: dataDir },
  );
  log(`seeded in ${fmtMs(performance.now() - seedStart)}`);
  const script = await pageBundle();
  const server = await startServer();
  log(`server on ${base}`);
  const browser = await chromium.launch(CHROMIUM);
  try {
    // Only the offline start: its own profile signs in and syncs, so the shared context's sync is skipped.
    if (BROWSER_PARTS.every((part) => part === 'offline' || !wanted(part))) {
      await offlinePart();
      return;
    }
    // 1. First full sync after sign-in, SYNC_RUNS times, each in a fresh browser context (an empty
    // replica), each followed by the bulkPut ceiling in the same context; the last context goes on.
    const syncRuns: number[] = [];
    const bulkRuns: number[] = [];
    const runsWanted = wanted('sync') || wanted('ceiling') ? SYNC_RUNS : 1;
    let first = await signInAndSync(browser, true);
    const wire = first.wire;
    for (let i = 1; i < runsWanted; i++) {
      syncRuns.push(first.syncMs);
      log(`first sync, run ${i} of ${runsWanted}: ${fmtMs(first.syncMs)}`);
      if (wanted('ceiling')) {
        const c = await bench(first.page, script, (api, s) => api.ceiling(s));
        bulkRuns.push(c.ms);
        log(`bulkPut, run ${i} of ${runsWanted}: ${fmtN(c.documents)} documents in ${fmtMs(c.ms)}`);
        await ceilingAtPageSizes(first.page, script);
      }
      await first.context.close();
      first = await signInAndSync(browser, false);
    }
    const { context, page } = first;
    const syncMs = first.syncMs;
    syncRuns.push(syncMs);
    log(`first sync over the wire: ${fmtN(wire.encoded)} bytes of ${fmtN(wire.answers)} API answers, ${fmtN(wire.decoded)} decoded (${(wire.decoded / Math.max(1, wire.encoded)).toFixed(1)}x)`);
    if (wanted('sync')) {
      figures.firstSyncBytes = wire.encoded;
      figures.firstSyncBytesUncompressed = wire.decoded;
    }
    const { collections } = await bench(page, script, (api, s) => api.counts(s));
    const synced = Object.values(collections).reduce((a, b) => a + b, 0);
    log(`first sync: ${fmtN(synced)} documents in ${fmtMs(syncMs)}`);
    figures.docs = synced;
    if (wanted('sync')) figures.firstSyncMs = Math.round(median(syncRuns));
    // The cost of replica checksums per sync (issue 19): an incremental sync with nothing new, alone and with the check.
    const checksum = wanted('sync') ? await bench(page, script, (api, s, n) => api.checksumCost(s, n), quick ? 5 : 15) : null;
    if (checksum) {
      log(`replica checksums: sync ${fmtMs(checksum.syncMs)}, with the check ${fmtMs(checksum.syncWithCheckMs)} (${checksum.matched}/${checksum.collections} collections matched)`);
      figures.checksumPerSync = { syncMs: Math.round(checksum.syncMs), syncWithCheckMs: Math.round(checksum.syncWithCheckMs), checkMs: Math.round(checksum.checkMs), localMs: Math.round(checksum.localMs), matched: checksum.matched, collections: checksum.collections };
    }

    // 2. The IndexedDB ceiling: the same documents with plain bulkPut, same browser, same run.
    const ceiling = wanted('ceiling') ? await bench(page, script, (api, s) => api.ceiling(s)) : null;
    if (ceiling) {
      log(`bulkPut: ${fmtN(ceiling.documents)} documents in ${fmtMs(ceiling.ms)}`);
      await ceilingAtPageSizes(page, script);
      bulkRuns.push(ceiling.ms);
      figures.bulkPutMs = Math.round(median(bulkRuns));
    }
    const ratios = bulkRuns.length === syncRuns.length ? syncRuns.map((ms, i) => ms / (bulkRuns[i] ?? 1)) : [];
    if (wanted('sync')) {
      figures.firstSyncRuns = {
        firstSyncMs: syncRuns.map(Math.round),
        bulkPutMs: bulkRuns.map(Math.round),
        ratio: ratios.length ? { median: Math.round(median(ratios) * 100) / 100, min: Math.round(Math.min(...ratios) * 100) / 100, max: Math.round(Math.max(...ratios) * 100) / 100 } : null,
      };
    }

    // Let the service worker take the page, so the shell comes from its cache as for a returning user.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();

    // 3. Navigation to a rendered participant list: replica vs network, both at 300 ms latency.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: LATENCY_MS, downloadThroughput: -1, uploadThroughput: -1 });
    const replicaRuns: number[] = [];
    const networkRuns: number[] = [];
    /** The same runs to the complete first page with its total. */
    const replicaComplete: number[] = [];
    const inAppReplicaComplete: number[] = [];
    /**
     * The network runs to the list's heading (waitForList's headMs): the screen painted without its data
     * (the route renders at once there; the replica's route waits for its loader's first rows).
     */
    const networkHead: number[] = [];
    const inAppNetworkHead: number[] = [];
    let listTotal = 0;
    let listRows = 0;
    if (wanted('list')) log('participant list: replica vs network at 300 ms latency');
    for (let i = 0; wanted('list') && i < LIST_RUNS; i++) {
      const r = await timeList(page, `${base}/participants`);
      replicaRuns.push(r.ms);
      replicaComplete.push(r.completeMs);
      listTotal = r.total;
      listRows = r.rows;
      const n = await timeList(page, `${base}/participants?source=network`);
      networkRuns.push(n.ms);
      networkHead.push(n.headMs);
    }
    const inAppReplica: number[] = [];
    const inAppNetwork: number[] = [];
    for (let i = 0; wanted('list') && i < LIST_RUNS; i++) {
      const r = await timeListInApp(page, `${base}/wijzigingen`, '/participants');
      inAppReplica.push(r.ms);
      inAppReplicaComplete.push(r.completeMs);
      const n = await timeListInApp(page, `${base}/wijzigingen`, '/participants?source=network');
      inAppNetwork.push(n.ms);
      inAppNetworkHead.push(n.headMs);
    }
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    if (wanted('list')) {
      figures.listReplicaMs = Math.round(median(replicaRuns));
      figures.listNetworkMs = Math.round(median(networkRuns));
      figures.listInAppReplicaMs = Math.round(median(inAppReplica));
      figures.listInAppNetworkMs = Math.round(median(inAppNetwork));
      figures.listHeadMs = { pageLoad: Math.round(median(networkHead)), routeChange: Math.round(median(inAppNetworkHead)) };
    }

    // 4. The screens' replica queries at this size.
    let queries: QueryTiming[] = [];
    if (wanted('queries')) {
      await page.goto(`${base}/wijzigingen`);
      await page.getByRole('heading', { level: 1, name: 'Wijzigingen' }).waitFor();
      log('replica queries');
      queries = await bench(page, script, (api, s) => api.queries(s, 200));
      for (const q of queries) figures.queryP95Ms[q.name] = Math.round(q.p95 * 100) / 100;
    }

    // 5. 1,000 writes queued offline, then reconnect: time until the outbox is empty (on the home page,
    // as a user would be, not on the changes page that lists the outbox).
    const writes = wanted('queue') || wanted('drain');
    let queueMs = 0;
    let drain = { ms: 0, firstSentMs: null as number | null, left: 0, failed: 0 };
    if (writes) {
      log(`queueing ${fmtN(size.writes)} writes offline, then reconnecting`);
      await page.goto(`${base}/`);
      await page.locator('.sync-indicator').waitFor();
      await context.setOffline(true);
      const queueStart = performance.now();
      await bench(page, script, (api, s, n) => api.queueWrites(s, n), size.writes);
      queueMs = performance.now() - queueStart;
      await page.waitForTimeout(500);
      await context.setOffline(false);
      drain = await bench(page, script, (api, s) => api.waitForEmptyOutbox(s, 600_000));
      if (wanted('queue')) figures.queue1000Ms = Math.round(queueMs);
      if (wanted('drain')) figures.drain1000Ms = Math.round(drain.ms);
    }
    const probes = !writes ? 0 : await page.evaluate(async () => {
      let seq = 0;
      let count = 0;
      for (;;) {
        const res = await fetch('/api/v2/graph', {
          method: 'POST',
          credentials: 'include',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: 'query($s: Float!) { pullSyncProbes(checkpoint: { seq: $s }, limit: 2000) { documents checkpoint { seq } hasMore } }', variables: { s: seq } }),
        });
        const body = (await res.json()) as { data: { pullSyncProbes: { documents: { _deleted?: boolean }[]; checkpoint: { seq: number }; hasMore: boolean } } };
        const p = body.data.pullSyncProbes;
        count += p.documents.filter((d) => !d._deleted).length;
        seq = p.checkpoint.seq;
        if (!p.hasMore) return count;
      }
    });

    // The report.
    const collectionRows = Object.entries(collections)
      .filter(([, n]) => n > 0)
      .sort((a, b) => b[1] - a[1]);
    const top = collectionRows.slice(0, 8).map(([name, n]) => `${name} ${fmtN(n)}`).join(', ');
    console.log(`\nWerkpad benchmark: Chromium headless, server and PGlite on this machine, signed in as the demo coach`);
    console.log(`Data set: ${fmtN(size.participants)} participants, ${fmtN(size.messages)} messages, ${fmtN(size.workPlans)} work plans, ${fmtN(size.reviews)} reviews (seeded).`);
    console.log(`Replica after the first sync: ${fmtN(synced)} documents in ${collectionRows.length} collections (${top}, ...).`);
    if (wanted('sync')) {
      const range = (xs: number[]) => (xs.length ? `${fmtMs(Math.min(...xs))} – ${fmtMs(Math.max(...xs))}` : '');
      table(`First full sync vs the IndexedDB ceiling (median of ${syncRuns.length} runs, each in a fresh browser context; goal: ratio ≤ 1.15x)`, ['measure', 'documents', 'median', 'range', 'documents/s (median)'], [
        ['first full sync (sign-in to "bijgewerkt")', fmtN(synced), fmtMs(median(syncRuns)), range(syncRuns), fmtN((synced / median(syncRuns)) * 1000)],
        ...(ceiling
          ? [
              ['raw Dexie bulkPut, pages of 500', fmtN(ceiling.documents), fmtMs(median(bulkRuns)), range(bulkRuns), fmtN((ceiling.documents / median(bulkRuns)) * 1000)],
              ['ratio sync / bulkPut (per run)', '', `${median(ratios).toFixed(2)}x`, ratios.length ? `${Math.min(...ratios).toFixed(2)}x – ${Math.max(...ratios).toFixed(2)}x` : '', ''],
            ]
          : []),
        ['bytes over the wire (first run; compressed / decoded)', '', fmtN(wire.encoded), fmtN(wire.decoded), `${(wire.decoded / Math.max(1, wire.encoded)).toFixed(1)}x`],
      ]);
      if (figures.checksumPerSync) {
        const c = figures.checksumPerSync;
        table(`Replica checksums per sync (every collection, nothing new; median of ${quick ? 5 : 15}; the worker compares a collection at most once per 10 minutes)`, ['measure', 'time'], [
          ['incremental sync of every collection, no check', fmtMs(c.syncMs)],
          ['the same sync + checksum compare of every collection', fmtMs(c.syncWithCheckMs)],
          ['of which the compare (request + local hash)', fmtMs(c.checkMs)],
          ['the local hash alone (read + SHA-256 of every collection)', fmtMs(c.localMs)],
          ['collections matched', `${c.matched} of ${c.collections}`],
        ]);
      }
    }
    if (wanted('list')) {
      table(`Navigation to a rendered participant list (${fmtN(listTotal)} participants, times to the first rows painted, the replica painting what fits on screen before the rest of its page of ${listRows}; ${LATENCY_MS} ms latency, median of ${LIST_RUNS})`, ['source', 'median', 'min', 'max'], [
        ['replica (IndexedDB)', fmtMs(median(replicaRuns)), fmtMs(Math.min(...replicaRuns)), fmtMs(Math.max(...replicaRuns))],
        ['network (graph query)', fmtMs(median(networkRuns)), fmtMs(Math.min(...networkRuns)), fmtMs(Math.max(...networkRuns))],
        ['ratio, page load', `${(median(networkRuns) / median(replicaRuns)).toFixed(1)}x`, '', ''],
        ['replica, from another screen (route change)', fmtMs(median(inAppReplica)), fmtMs(Math.min(...inAppReplica)), fmtMs(Math.max(...inAppReplica))],
        ['network, from another screen (route change)', fmtMs(median(inAppNetwork)), fmtMs(Math.min(...inAppNetwork)), fmtMs(Math.max(...inAppNetwork))],
        ['ratio, route change', `${(median(inAppNetwork) / median(inAppReplica)).toFixed(1)}x`, '', ''],
        ['replica, page load, to the whole first page and its total', fmtMs(median(replicaComplete)), fmtMs(Math.min(...replicaComplete)), fmtMs(Math.max(...replicaComplete))],
        ['replica, route change, to the whole first page and its total', fmtMs(median(inAppReplicaComplete)), fmtMs(Math.min(...inAppReplicaComplete)), fmtMs(Math.max(...inAppReplicaComplete))],
        ['the screen without its data (its heading, network runs), page load', fmtMs(median(networkHead)), fmtMs(Math.min(...networkHead)), fmtMs(Math.max(...networkHead))],
        ['the screen without its data (its heading, network runs), route change', fmtMs(median(inAppNetworkHead)), fmtMs(Math.min(...inAppNetworkHead)), fmtMs(Math.max(...inAppNetworkHead))],
        ['highest ratio any source of rows could reach (network / heading), page load', `${(median(networkRuns) / Math.max(1, median(networkHead))).toFixed(1)}x`, '', ''],
        ['highest ratio any source of rows could reach (network / heading), route change', `${(median(inAppNetwork) / Math.max(1, median(inAppNetworkHead))).toFixed(1)}x`, '', ''],
      ]);
    }
    if (wanted('queries')) table('Replica queries of the screens (200 runs each)', ['query', 'p50', 'p95', 'rows'], queries.map((q) => [q.name, `${q.p50.toFixed(2)} ms`, `${q.p95.toFixed(2)} ms`, q.rows]));
    if (writes) table(`${fmtN(size.writes)} writes queued offline, then reconnect`, ['measure', 'value'], [
      ['queueing (outbox + optimistic document)', fmtMs(queueMs)],
      ['reconnect to first write accepted', drain.firstSentMs === null ? 'n/a' : fmtMs(drain.firstSentMs)],
      ['reconnect to outbox empty', fmtMs(drain.ms)],
      ['writes per second while draining', fmtN((size.writes / Math.max(1, drain.ms - (drain.firstSentMs ?? 0))) * 1000)],
      ['left pending / refused', `${drain.left} / ${drain.failed}`],
      ['self-test notes on the server (expect the same number)', fmtN(probes)],
    ]);
    console.log('');
    await context.close();

    if (wanted('offline')) await offlinePart();

    // 6. The sign-in route: first-load JavaScript and Lighthouse (mobile), on this production build.
    if (wanted('signin')) {
      const signIn: SignInJs = await measureSignInJs({ browser, base, distDir: buildDir });
      figures.signInJsKbGzip = signIn.kbGzip;
      table(`Sign-in route (/login), first load: ${signIn.files.length} scripts`, ['measure', 'value'], [
        ['JavaScript, gzip (target ≤ 200 KB)', `${signIn.kbGzip} KB`],
        ['JavaScript, uncompressed', `${signIn.kbRaw} KB`],
        ['largest script', signIn.files.slice().sort((a, b) => b.gzip - a.gzip)[0]?.file ?? ''],
      ]);
    }
    if (wanted('lighthouse')) {
      log('Lighthouse on /login (mobile)');
      const lh: LighthouseResult = await measureLighthouse(`${base}/login`);
      figures.lighthouseLogin = { performance: lh.performance, fcpMs: lh.firstContentfulPaintMs, lcpMs: lh.largestContentfulPaintMs, tbtMs: lh.totalBlockingTimeMs };
      table('Lighthouse, mobile profile, /login', ['measure', 'value'], [
        ['performance (target ≥ 90)', lh.performance],
        ['first contentful paint', fmtMs(lh.firstContentfulPaintMs)],
        ['largest contentful paint', fmtMs(lh.largestContentfulPaintMs)],
        ['total blocking time', fmtMs(lh.totalBlockingTimeMs)],
        ['speed index', fmtMs(lh.speedIndexMs)],
        ['unused JavaScript (estimate)', `${lh.unusedJsKb} KB`],
        ['could be saved by compression', `${lh.uncompressedKb} KB`],
      ]);
    }
  } finally {
    await browser.close();
    server.kill();
    if (process.env.WERKPAD_BENCH_KEEP !== '1') rmSync(dataDir, { recursive: true, force: true });
    if (!reuseBuild) rmSync(buildDir, { recursive: true, force: true });
  }
}

async function serverParts(): Promise<void> {
  if (wanted('pull')) await pullPart();
  if (wanted('load') || wanted('streams')) await loadPart();
  if (wanted('dashboards')) await dashboardsPart();
}

async function dashboardsPart(): Promise<void> {
  const participants = quick ? 2_000 : 10_000;
  const workPlans = quick ? 10_000 : 50_000;
  log(`dashboard datasets on PostgreSQL: ${fmtN(participants)} participants, ${fmtN(workPlans)} work plans`);
  const result = await measureDashboardDatasets({ participants, workPlans, runs: quick ? 10 : 30, log });
  figures.dashboardDatasetP95Ms = result.p95Ms;
  table(`Dashboard datasets on PostgreSQL (${fmtN(participants)} participants, ${fmtN(workPlans)} work plans; target p95 < 200 ms)`, ['viewer', 'dataset', 'p95'], result.perDataset.map((d) => [d.viewer, d.name, `${d.p95Ms} ms`]));
}

async function pullPart(): Promise<void> {
  log('pull endpoint alone (tests/bench/pull-server.ts)');
  const pull = await pullServer();
  if (pull) {
    figures.pullDocsPerSec = { pglite: pull.pglite, postgres: pull.postgres };
    figures.pullStandby = pull.standby ?? null;
    if (pull.pullDocsPerCpuSecond) figures.pullDocsPerCpuSecond = pull.pullDocsPerCpuSecond;
    const perCpu = figures.pullDocsPerCpuSecond;
    table('Pull endpoint alone, loopback (issue 25 goal: ≥ 30,000 documents/s on PGlite, ≥ 100,000 on PostgreSQL, quiet machine)', ['database', 'documents/s (best run)', 'documents per CPU second (median)', 'CPU counted'], [
      ['PGlite', fmtN(pull.pglite), perCpu.pglite === null ? 'n/a' : fmtN(perCpu.pglite), 'server process (PGlite inside it)'],
      ['PGlite, answers not compressed (Accept-Encoding: identity)', '', perCpu.pgliteUncompressed == null ? 'n/a' : fmtN(perCpu.pgliteUncompressed), 'server process'],
      ['PostgreSQL', pull.postgres === null ? 'n/a' : fmtN(pull.postgres), perCpu.postgres === null ? 'n/a' : fmtN(perCpu.postgres), 'server process + the bench\'s PostgreSQL (all its processes)'],
      ['PostgreSQL hot standby (DATABASE_READ_URL)', pull.standby ? `${fmtN(pull.standby.standbyDocsPerSec)} (replay lag ≤ ${pull.standby.lagMsMax} ms)` : 'n/a', '', ''],
    ]);
  } else log('tests/bench/pull-server.ts is not on this branch yet: pullDocsPerSec stays null');
}

async function loadPart(): Promise<void> {
  const polling = wanted('load');
  if (polling) log(`load run on PostgreSQL: ${size.loadUsers} users for ${size.loadSeconds} s, one server process, then two behind a round-robin proxy`);
  else log('connection model on PostgreSQL (the polling load run is not asked for)');
  const results: ServerLoadResult[] = await measureServerLoad({
    users: size.loadUsers,
    durationMs: size.loadSeconds * 1000,
    runs: polling ? [1, 2] : [],
    seed: { participants: size.participants, messages: size.messages },
    ...(flags['cpu-prof'] ? { cpuProfDir: path.resolve(flags['cpu-prof']) } : {}),
    ...(flags['slow-ms'] !== undefined ? { slowQueryMs: Number(flags['slow-ms']) } : {}),
    ...(wanted('streams') ? { after: streamsPart } : {}),
    floor: true,
    log,
  });
  if (!polling) return;
  const one = results.find((r) => r.processes === 1);
  const two = results.find((r) => r.processes === 2);
  if (one) {
    figures.load = {
      users: one.users,
      p95Ms: one.p95Ms,
      errors: one.errors,
      requestsPerSecond: one.requestsPerSecond,
      twoProcesses: two ? { p95Ms: two.p95Ms, errors: two.errors, requestsPerSecond: two.requestsPerSecond } : null,
    };
    if (one.requests > 0) {
      const serverMs = (one.cpu.servers * 1000) / one.requests;
      const databaseMs = (one.cpu.postgres * 1000) / one.requests;
      figures.cpuMsPerRequest = Math.round((serverMs + databaseMs) * 100) / 100;
      figures.cpuMsPerRequestSplit = { serverMs: Math.round(serverMs * 100) / 100, databaseMs: Math.round(databaseMs * 100) / 100 };
    }
    if (one.floor && one.floor.requests > 0) figures.cpuMsPerRequestFloor = Math.round((one.floor.serverMsPerRequest + one.floor.postgresMsPerRequest) * 100) / 100;
  }
  table(`Load on PostgreSQL: ${size.loadUsers} users, ${size.loadSeconds} s (target p95 < 150 ms, 0 errors; CPU per request ≤ 1.0 ms)`, ['server', 'requests/s', 'p50', 'p95', 'errors', 'CPU ms/request (server + PostgreSQL = total)', 'load average'], results.map((r) => [
    r.processes === 1 ? 'one process' : 'two processes, round-robin proxy',
    fmtN(r.requestsPerSecond),
    `${r.p50Ms} ms`,
    `${r.p95Ms} ms`,
    r.errors,
    r.requests ? `${((r.cpu.servers * 1000) / r.requests).toFixed(2)} + ${((r.cpu.postgres * 1000) / r.requests).toFixed(2)} = ${(((r.cpu.servers + r.cpu.postgres) * 1000) / r.requests).toFixed(2)}` : '-',
    `${r.cpu.loadAverage[0]} → ${r.cpu.loadAverage[1]}`,
  ]).concat(one?.floor ? [[
    'one process, floor: { __typename } only (same users and rate)',
    fmtN(Math.round((one.floor.requests / one.floor.durationMs) * 1000)),
    '',
    '',
    one.floor.errors,
    `${one.floor.serverMsPerRequest.toFixed(2)} + ${one.floor.postgresMsPerRequest.toFixed(2)} = ${(one.floor.serverMsPerRequest + one.floor.postgresMsPerRequest).toFixed(2)}`,
    `${one.floor.loadAverage[0]} → ${one.floor.loadAverage[1]}`,
  ]] : []));
}

/** The connection model (tests/bench/stream-load.ts) on the load run's seeded database. */
async function streamsPart(databaseUrl: string): Promise<void> {
  log(`connection model: N users holding the stream, steps ${streamModel.steps.join(', ')}, ${streamModel.seconds} s each, writes ×${streamModel.speedup}`);
  const model: ConnectionModelResult = await measureConnectionModel({ databaseUrl, steps: streamModel.steps, stepSeconds: streamModel.seconds, speedup: streamModel.speedup, budgetMs: streamModel.budgetMs, sessions: streamModel.sessions, idleSeconds: streamModel.idleSeconds, log });
  figures.connectedUsersAtP95Under150 = model.connectedUsersAtP95Under150;
  figures.memoryPerStreamKb = model.memoryPerStreamKb;
  figures.connectionModel = {
    speedup: model.speedup,
    stepSeconds: model.stepSeconds,
    sessions: model.sessions,
    ownAccounts: model.ownAccounts,
    stoppedBecause: model.stoppedBecause,
    idle: model.idle,
    steps: model.steps.map((st) => ({ users: st.users, writes: st.writes, p95Ms: st.p95Ms, errors: st.errors, missed: st.missed, memoryPerStreamKb: st.memoryPerStreamKb, cpuServerS: st.cpu.server, cpuPostgresS: st.cpu.postgres })),
  };
  table(
    `Connection model on PostgreSQL, one process: N users hold /api/v2/stream; N/10 writes (sendMessage) per minute ×${model.speedup}, ${model.stepSeconds} s per step; ` +
      `a message pokes its sender's and recipient's streams (${model.ownAccounts ? 'every user an account of its own' : `every user sharing those accounts: ${model.sessions} sessions of ${ACCOUNTS.length} accounts`}), each poked user pulls. Goal: p95 write → pull done < 150 ms at ≥ 5,000 users, < 1 GB. Stopped: ${model.stoppedBecause}`,
    ['users', 'writes', 'poked pulls (requests)', 'p50', 'p95', 'errors / missed', 'server RSS open', 'live memory open', 'KB per stream (live)', 'CPU server + PostgreSQL + generator', 'load average'],
    model.steps.map((st) => [
      fmtN(st.users),
      st.writes,
      `${fmtN(st.samples)} (${fmtN(st.pullRequests)})`,
      `${st.p50Ms} ms`,
      `${st.p95Ms} ms`,
      `${st.errors} / ${st.missed}`,
      `${Math.round(st.rssOpenKb / 1024)} MB`,
      `${Math.round(st.liveOpenKb / 1024)} MB`,
      st.memoryPerStreamKb,
      `${st.cpu.server} + ${st.cpu.postgres} + ${st.cpu.generator} s in ${st.seconds} s`,
      st.loadAverage,
    ]),
  );
  if (model.idle) {
    console.log(
      `Idle connected users: ${model.idle.seconds} s with ${fmtN(model.idle.users)} streams open and nothing written used ${model.idle.withStreamsCpuS} s CPU (server + PostgreSQL), ` +
        `${model.idle.baselineCpuS} s with none open: ${model.idle.cpuMsPerStreamPerMinute} ms CPU per idle stream and minute (a heartbeat with a session recheck every 25 s).`,
    );
  }
}

/** Every figure of the BENCH line beside the issue's goal (issue 25), met or not; n/a where this run did not measure it. */
function printGoals(): void {
  const f = figures;
  type Row = [string, string, string, string];
  const rows: Row[] = [];
  const verdict = (ok: boolean | null) => (ok === null ? 'n/a' : ok ? 'met' : 'NOT met');
  const add = (name: string, value: string | null, goal: string, ok: boolean | null) => rows.push([name, value ?? 'n/a', goal, value === null ? 'n/a' : verdict(ok)]);
  const ratio = (a: number | null, b: number | null) => (a !== null && b !== null && b > 0 ? a / b : null);
  const bytesRatio = ratio(f.firstSyncBytesUncompressed, f.firstSyncBytes);
  add('firstSyncBytes / firstSyncBytesUncompressed', f.firstSyncBytes === null ? null : `${fmtN(f.firstSyncBytes)} / ${fmtN(f.firstSyncBytesUncompressed ?? 0)} (${bytesRatio?.toFixed(1)}x fewer)`, '≥ 5x fewer bytes', bytesRatio === null ? null : bytesRatio >= 5);
  const syncRatio = f.firstSyncRuns?.ratio ?? null;
  // The same documents from the pull endpoint alone (the pull part, same data set, same server kind): the
  // server's share of the sync, which bulkPut does not have.
  const serverAlone = f.docs !== null && f.pullDocsPerSec.pglite ? (f.docs / f.pullDocsPerSec.pglite) * 1000 : null;
  add('firstSyncMs / bulkPutMs (medians)', f.firstSyncMs === null ? null : `${fmtMs(f.firstSyncMs)} / ${f.bulkPutMs === null ? 'n/a' : fmtMs(f.bulkPutMs)}${syncRatio ? ` = ${syncRatio.median}x (${syncRatio.min}–${syncRatio.max}x)` : ''}${serverAlone === null ? '' : `; the pull endpoint alone serves them in ${fmtMs(serverAlone)}`}`, 'ratio ≤ 1.15x (median of 3)', syncRatio ? syncRatio.median <= 1.15 : null);
  const pageLoad = ratio(f.listNetworkMs, f.listReplicaMs);
  /** What the screen alone (its heading, no rows) leaves for any source of rows: network / heading. */
  const ceilingOf = (network: number | null, head: number | undefined) =>
    network === null || head === undefined ? '' : `; the screen without data ${fmtMs(head)}, so at most ${(network / Math.max(1, head)).toFixed(1)}x`;
  add('listReplicaMs vs listNetworkMs, page load', f.listReplicaMs === null ? null : `${fmtMs(f.listReplicaMs)} vs ${fmtMs(f.listNetworkMs ?? 0)} (${pageLoad?.toFixed(1)}x${ceilingOf(f.listNetworkMs, f.listHeadMs?.pageLoad)})`, 'replica ≥ 10x faster', pageLoad === null ? null : pageLoad >= 10);
  const inApp = ratio(f.listInAppNetworkMs, f.listInAppReplicaMs);
  add('listInAppReplicaMs vs listInAppNetworkMs, route change', f.listInAppReplicaMs === null ? null : `${fmtMs(f.listInAppReplicaMs)} vs ${fmtMs(f.listInAppNetworkMs ?? 0)} (${inApp?.toFixed(1)}x${ceilingOf(f.listInAppNetworkMs, f.listHeadMs?.routeChange)})`, 'replica ≥ 10x faster', inApp === null ? null : inApp >= 10);
  add('offlineStartMs (median)', f.offlineStartMs === null ? null : `${fmtMs(f.offlineStartMs)}${f.offlineStart?.unlock ? ' (to unlock form + unlock → row, instant submit)' : ''}${f.offlineStart?.typed?.runs.length ? `; typed ${OFFLINE_TYPING_MS} ms per key: ${fmtMs(median(f.offlineStart.typed.runs))}` : ''}`, '< 1 s, typing excluded', f.offlineStartMs === null ? null : f.offlineStartMs < 1000);
  add('pullDocsPerSec, PGlite', f.pullDocsPerSec.pglite === null ? null : fmtN(f.pullDocsPerSec.pglite), '≥ 30,000/s (quiet machine)', f.pullDocsPerSec.pglite === null ? null : f.pullDocsPerSec.pglite >= 30_000);
  add('pullDocsPerSec, PostgreSQL', f.pullDocsPerSec.postgres === null ? null : fmtN(f.pullDocsPerSec.postgres), '≥ 100,000/s (quiet machine)', f.pullDocsPerSec.postgres === null ? null : f.pullDocsPerSec.postgres >= 100_000);
  const perCpu = f.pullDocsPerCpuSecond;
  add('pullDocsPerCpuSecond (PGlite / PostgreSQL)', perCpu.pglite === null ? null : `${fmtN(perCpu.pglite)} / ${perCpu.postgres === null ? 'n/a' : fmtN(perCpu.postgres)}`, 'reported (compare runs across machines)', true);
  const drop = perCpu.pglite !== null && perCpu.pgliteUncompressed ? 1 - perCpu.pglite / perCpu.pgliteUncompressed : null;
  add('pull documents per CPU second, compressed vs not (PGlite)', drop === null ? null : `${fmtN(perCpu.pglite ?? 0)} vs ${fmtN(perCpu.pgliteUncompressed ?? 0)} (${Math.round(drop * 100)} % fewer)`, 'compression costs ≤ 15 %', drop === null ? null : drop <= 0.15);
  add('cpuMsPerRequest (server + PostgreSQL)', f.cpuMsPerRequest === null ? null : `${f.cpuMsPerRequest} ms (${f.cpuMsPerRequestSplit?.serverMs} + ${f.cpuMsPerRequestSplit?.databaseMs})${f.cpuMsPerRequestFloor === null ? '' : `; the { __typename } floor of the same run: ${f.cpuMsPerRequestFloor} ms`}`, '≤ 1.0 ms', f.cpuMsPerRequest === null ? null : f.cpuMsPerRequest <= 1.0);
  add('load, one process: p95 / errors', f.load ? `${f.load.p95Ms} ms / ${f.load.errors}` : null, 'p95 < 150 ms, 0 errors', f.load ? f.load.p95Ms < 150 && f.load.errors === 0 : null);
  const two = f.load?.twoProcesses ?? null;
  add('load, two processes behind the proxy: errors', two ? `${two.errors} (p95 ${two.p95Ms} ms)` : null, '0 errors', two ? two.errors === 0 : null);
  const model = f.connectionModel;
  add('connectedUsersAtP95Under150', model ? (f.connectedUsersAtP95Under150 === null ? `none (${model.stoppedBecause})` : `${fmtN(f.connectedUsersAtP95Under150)} (${model.stoppedBecause})`) : null, '≥ 5,000 on one process', model ? (f.connectedUsersAtP95Under150 ?? 0) >= 5_000 : null);
  const per = f.memoryPerStreamKb;
  add('memoryPerStreamKb', per === null ? null : `${per} KB (5,000 streams ≈ ${fmtN((per * 5_000) / 1024)} MB over the idle server)`, '5,000 streams in < 1 GB', per === null ? null : per * 5_000 < 1024 * 1024);
  add('signInJsKbGzip', f.signInJsKbGzip === null ? null : `${f.signInJsKbGzip} KB`, '≤ 200 KB', f.signInJsKbGzip === null ? null : f.signInJsKbGzip <= 200);
  add('lighthouseLogin.performance', f.lighthouseLogin ? String(f.lighthouseLogin.performance) : null, '≥ 90', f.lighthouseLogin ? f.lighthouseLogin.performance >= 90 : null);
  const sealedCost = (name: string, sealed: number | null, plain: number | null | undefined) =>
    add(name, sealed === null || plain === null || plain === undefined ? null : `${fmtMs(sealed)} vs ${fmtMs(plain)} not sealed (${(sealed / Math.max(1, plain)).toFixed(2)}x)`, '≤ 1.25x the unsealed build', sealed === null || !plain ? null : sealed <= plain * 1.25);
  sealedCost('firstSyncMs, sealed vs not sealed (issue 36)', f.firstSyncMs, f.unsealed?.firstSyncMs);
  sealedCost('listReplicaMs, sealed vs not sealed (issue 36)', f.listReplicaMs, f.unsealed?.listReplicaMs);
  sealedCost('listInAppReplicaMs, sealed vs not sealed (issue 36)', f.listInAppReplicaMs, f.unsealed?.listInAppReplicaMs);
  add('dashboardDatasetP95Ms', f.dashboardDatasetP95Ms === null ? null : `${f.dashboardDatasetP95Ms} ms`, '< 200 ms', f.dashboardDatasetP95Ms === null ? null : f.dashboardDatasetP95Ms < 200);
  table(`Every figure against its goal (load average now ${loadavg()[0]?.toFixed(1)} on ${cpus().length} cores: wall times swing on a busy machine)`, ['figure', 'value', 'goal', 'verdict'], rows);
}

/**
 * The baseline of the encryption at rest (issue 36): this bench again as a child process with --unsealed, only the
 * first sync and the list, on its own build, data set and server. Its figures come back in its BENCH line.
 */
async function unsealedPart(): Promise<void> {
  const parts = (['sync', 'list'] as const).filter(wanted);
  log(`the same ${parts.join(' and ')} on a build that does not seal the replica (the baseline of issue 36)`);
  const args = ['--import', 'tsx', path.join(import.meta.dirname, 'run.ts'), '--unsealed', '--only', parts.join(','), ...(quick ? ['--quick'] : [])];
  const child = spawn(process.execPath, args, { cwd: root, env: { ...process.env, WERKPAD_BENCH_PORT: '' }, stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const line = out.split('\n').find((l) => l.startsWith('BENCH '));
  if (code !== 0 || !line) throw new Error(`the unsealed run exited with ${code}:\n${out.slice(-2000)}`);
  const theirs = JSON.parse(line.slice('BENCH '.length)) as BenchFigures;
  figures.unsealed = { firstSyncMs: theirs.firstSyncMs, listReplicaMs: theirs.listReplicaMs, listInAppReplicaMs: theirs.listInAppReplicaMs };
  const pct = (sealed: number | null, plain: number | null) => (sealed === null || plain === null ? 'n/a' : `${sealed >= plain ? '+' : ''}${Math.round(((sealed - plain) / Math.max(1, plain)) * 100)} %`);
  table('Encryption at rest (issue 36): the replica sealed vs not sealed, same run', ['figure', 'sealed', 'not sealed', 'difference (budget ≤ +25 %)'], [
    ['first sync (median)', figures.firstSyncMs === null ? 'n/a' : fmtMs(figures.firstSyncMs), theirs.firstSyncMs === null ? 'n/a' : fmtMs(theirs.firstSyncMs), pct(figures.firstSyncMs, theirs.firstSyncMs)],
    ['list from the replica, page load', figures.listReplicaMs === null ? 'n/a' : fmtMs(figures.listReplicaMs), theirs.listReplicaMs === null ? 'n/a' : fmtMs(theirs.listReplicaMs), pct(figures.listReplicaMs, theirs.listReplicaMs)],
    ['list from the replica, route change', figures.listInAppReplicaMs === null ? 'n/a' : fmtMs(figures.listInAppReplicaMs), theirs.listInAppReplicaMs === null ? 'n/a' : fmtMs(theirs.listInAppReplicaMs), pct(figures.listInAppReplicaMs, theirs.listInAppReplicaMs)],
  ]);
}

async function main(): Promise<void> {
  if (BROWSER_PARTS.some(wanted)) await browserParts();
  if (!flags.unsealed && !flags['skip-unsealed'] && (wanted('sync') || wanted('list'))) await unsealedPart();
  await serverParts();
  printGoals();
  const elapsedS = Math.round((performance.now() - benchStart) / 1000);
  console.log(`\nWhole bench: ${Math.floor(elapsedS / 60)} min ${elapsedS % 60} s${quick ? ' (--quick)' : ''}`);
  console.log(`\nBENCH ${JSON.stringify(figures)}`);
}

await main();
