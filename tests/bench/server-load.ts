/**
 * The server under load (issue 9): 200 simulated staff on PostgreSQL for 2 minutes. Each signs in
 * (password grant, its own session), then every ~1 s does what a signed-in client does: one
 * incremental pull of messages and participants (batched in one request, as the sync worker
 * does) and the unread count; every 20th round it sends a message. Plain fetch with one bounded
 * loop per user (not autocannon: every user carries its own cookie and checkpoints). Runs with one
 * server process, or with two behind a round-robin proxy (tests/bench/rr-proxy.ts).
 *
 * PostgreSQL is Debian's, started on loopback only exactly as the server tests do
 * (tests/setup/postgres.ts); the servers, the proxy and this generator share the machine.
 *
 * Standalone: node --import tsx tests/bench/server-load.ts [--users 200] [--seconds 120]
 *   [--processes 1|2|both] [--participants N] [--messages N] [--cpu-prof <dir>] [--slow-ms 20]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import startTestPostgres from '../setup/postgres';
import { freePort } from '../../server/test/free-port';
import { cpuSecondsOf, postgresCpuSeconds } from './proc-cpu';

const root = path.resolve(import.meta.dirname, '../..');
const PASSWORD = 'Demo-Wachtwoord-2026!';
/** Staff of the demo company the users sign in as (each sign-in is its own session). */
export const ACCOUNTS = ['coach', 'manager', 'expert', 'admin'];

export interface ServerLoadOptions {
  users?: number;
  durationMs?: number;
  /** Server processes: 1, or 2 behind the round-robin proxy. */
  processes?: 1 | 2;
  /** A PostgreSQL server URL to use (a database is created on it); default: start one. */
  postgresUrl?: string;
  /** Seeded on top of the demo data (the demo coach's caseload). */
  seed?: { participants: number; messages: number };
  /** Write the servers' CPU profiles (node --cpu-prof) into this directory. */
  cpuProfDir?: string;
  /** Log statements slower than this (ms) in PostgreSQL and print the costliest at the end. */
  slowQueryMs?: number;
  /** After the one-process mix, measure the floor (FloorResult) with the same users. */
  floor?: boolean;
  log?: (line: string) => void;
}

export interface LatencySummary {
  requests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
}

export interface ServerLoadResult extends LatencySummary {
  users: number;
  processes: number;
  durationMs: number;
  requestsPerSecond: number;
  byKind: Record<'pull' | 'unreadCount' | 'send', LatencySummary>;
  signIn: LatencySummary;
  /** CPU seconds used during the load phase (after sign-in), per part. */
  cpu: CpuUse;
  /** The first few error texts, to see what failed. */
  errorSamples: string[];
  /** The same users, after the mix, sending only the empty query (see FLOOR); one process only. */
  floor: FloorResult | null;
}

/**
 * The request pipeline's own cost, as the baseline the mix's CPU per request is set against: the same
 * signed-in users at the same rate, each request the smallest the endpoint answers (`{ __typename }`:
 * HTTP, the session from its cache, GraphQL parse, validation and execution, the answer) and nothing
 * the database has to do. What the mix costs above it is its operations' own work.
 */
export interface FloorResult {
  requests: number;
  durationMs: number;
  errors: number;
  serverMsPerRequest: number;
  postgresMsPerRequest: number;
  loadAverage: [number, number];
}


function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

function summarize(times: number[], errors: number): LatencySummary {
  const sorted = [...times].sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 10) / 10;
  return { requests: times.length, p50Ms: r(percentile(sorted, 50)), p95Ms: r(percentile(sorted, 95)), p99Ms: r(percentile(sorted, 99)), errors };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] });
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} exited with ${code}`))));
  });
}

async function waitHealthy(url: string, child: ChildProcess): Promise<void> {
  const state = { exited: null as number | null };
  child.once('exit', (code) => (state.exited = code ?? -1));
  for (let i = 0; i < 240; i++) {
    if (state.exited !== null) throw new Error(`the server exited with ${state.exited}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`no answer on ${url}`);
}

/** Where the server on this port writes its memory figures when sent SIGUSR2. */
export function heapFileOf(port: number): string {
  return path.join(tmpdir(), `werkpad-bench-heap-${port}.json`);
}

function startServer(port: number, databaseUrl: string, cpuProfDir: string | undefined): ChildProcess {
  const flags = cpuProfDir ? [`--cpu-prof`, `--cpu-prof-dir=${cpuProfDir}`] : [];
  return spawn(process.execPath, [...flags, '--expose-gc', '--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      // The memory probe: SIGUSR2 collects garbage and writes process.memoryUsage() here (server/main.ts).
      WERKPAD_BENCH_HEAP_FILE: heapFileOf(port),
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      NODE_ENV: 'production',
      WERKPAD_STATIC_DIR: path.join(root, '.tmp/no-static'),
      // Every simulated user signs in from this one address.
      WERKPAD_LOGIN_MAX_FAILURES: '1000',
      // Simulated users share 4 accounts: the per-user graph rate limit (issue 20) would meter fifty of them as one
      // user and answer 429 (a run on 27 November: 7,619 of 27,905 requests), which measures the limiter, not the server.
      WERKPAD_GRAPH_RATE_LIMIT: '0',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export interface Checkpoint {
  seq: number;
  scopeKey: string | null;
}

interface PullPage {
  documents: unknown[];
  checkpoint: Checkpoint;
  hasMore: boolean;
}

const PULL = `query Pull($cp0: PullCheckpointInput!, $cp1: PullCheckpointInput!, $limit: Int) {
  pullMessages(checkpoint: $cp0, limit: $limit) { documents checkpoint { seq scopeKey } reset hasMore }
  pullParticipants(checkpoint: $cp1, limit: $limit) { documents checkpoint { seq scopeKey } reset hasMore }
}`;
const UNREAD = `query Unread { messages(tab: inbox, read: false, perPage: 1) { totalItems } }`;
const SEND = `mutation Send($input: SendMessageInput!) { sendMessage(input: $input) { success reason } }`;
const RECIPIENTS = `query R { messageRecipients(search: "", limit: 5) { type id } }`;
/** The floor's request: authenticated and executed like every query, with nothing to read. */
const FLOOR = `query Floor { __typename }`;

/** The first sync's final checkpoints per account (see User.settle). */
export const firstSyncs = new Map<string, Promise<[Checkpoint, Checkpoint]>>();

export class User {
  cookie = '';
  checkpoints: [Checkpoint, Checkpoint] = [
    { seq: 0, scopeKey: null },
    { seq: 0, scopeKey: null },
  ];
  recipient: { userId: string } | { participantId: string } | null = null;

  constructor(
    readonly base: string,
    readonly username: string,
  ) {}

  async signIn(): Promise<void> {
    const res = await fetch(`${this.base}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', username: this.username, password: PASSWORD }).toString(),
    });
    if (!res.ok) throw new Error(`sign-in ${res.status}: ${(await res.text()).slice(0, 120)}`);
    this.cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    await res.arrayBuffer();
  }

  async graph<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
    const res = await fetch(`${this.base}/api/v2/graph`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: this.cookie },
      body: JSON.stringify({ query, variables }),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`HTTP ${res.status}: ${text.slice(0, 160)}`);
    const body = JSON.parse(text) as { data?: T; errors?: { message: string }[] };
    if (body.errors?.length || !body.data) throw new Error(`graph: ${body.errors?.map((e) => e.message).join(', ') ?? 'no data'}`);
    return body.data;
  }

  /**
   * Where a client that finished its first sync stands: the checkpoints of a full pull from zero of
   * both collections (checkpoints are signed per user, not per session, so the users of one account
   * share one first sync), then a recipient for its sends.
   */
  async settle(): Promise<void> {
    let synced = firstSyncs.get(this.username);
    if (!synced) {
      synced = this.firstSync();
      firstSyncs.set(this.username, synced);
    }
    this.checkpoints = await synced;
    const recipients = await this.graph<{ messageRecipients: { type: string; id: string }[] }>(RECIPIENTS);
    const pick = recipients.messageRecipients[0];
    this.recipient = pick ? (pick.type === 'user' ? { userId: pick.id } : { participantId: pick.id }) : null;
  }

  private async firstSync(): Promise<[Checkpoint, Checkpoint]> {
    let checkpoints: [Checkpoint, Checkpoint] = [
      { seq: 0, scopeKey: null },
      { seq: 0, scopeKey: null },
    ];
    for (let page = 0; page < 1000; page++) {
      const answer = await this.graph<{ pullMessages: PullPage; pullParticipants: PullPage }>(PULL, { cp0: checkpoints[0], cp1: checkpoints[1], limit: 10_000 });
      checkpoints = [answer.pullMessages.checkpoint, answer.pullParticipants.checkpoint];
      if (!answer.pullMessages.hasMore && !answer.pullParticipants.hasMore) return checkpoints;
    }
    throw new Error(`first sync of ${this.username} did not end`);
  }

  async pull(): Promise<void> {
    const answer = await this.graph<{ pullMessages: PullPage; pullParticipants: PullPage }>(PULL, { cp0: this.checkpoints[0], cp1: this.checkpoints[1], limit: 500 });
    this.checkpoints = [answer.pullMessages.checkpoint, answer.pullParticipants.checkpoint];
  }

  async unreadCount(): Promise<number> {
    return (await this.graph<{ messages: { totalItems: number } }>(UNREAD)).messages.totalItems;
  }

  async send(round: number): Promise<void> {
    if (!this.recipient) throw new Error('no recipient');
    const uuid = crypto.randomUUID();
    const answer = await this.graph<{ sendMessage: { success: boolean; reason: string | null } }>(SEND, {
      input: { clientMutationId: crypto.randomUUID(), uuid, subject: `Belasting ${round}`, body: '<p>Een bericht van de belastingtest.</p>', recipient: this.recipient },
    });
    if (!answer.sendMessage.success) throw new Error(`send refused: ${answer.sendMessage.reason}`);
  }
}

/** A running system under test: PostgreSQL with the seeded database, the servers (and proxy). */
export interface Rig {
  base: string;
  databaseUrl: string;
  /** Process ids of the servers and of the proxy (when there is one). */
  serverPids: number[];
  /** The servers' ports, in the order of serverPids (heapFileOf(port) is where each writes its memory figures). */
  serverPorts: number[];
  proxyPid: number | null;
  stop(): Promise<void>;
}

/** Where the CPU time of a load run went (seconds), to tell a slow server from a starved machine. */
export interface CpuUse {
  servers: number;
  proxy: number;
  postgres: number;
  generator: number;
  /** The machine's 1-minute load average at the start and the end of the run, and its cores. */
  loadAverage: [number, number];
  cores: number;
}

export async function postgresDataDir(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query<{ data_directory: string }>('SHOW data_directory')).rows[0]?.data_directory ?? '';
  } finally {
    await client.end();
  }
}

/** PostgreSQL's log of slow statements (log_min_duration_statement), summed by statement. */
async function slowStatements(databaseUrl: string): Promise<{ statement: string; calls: number; totalMs: number; maxMs: number }[]> {
  const dataDir = await postgresDataDir(databaseUrl);
  const logFile = path.join(path.dirname(dataDir), 'server.log');
  if (!existsSync(logFile)) return [];
  const totals = new Map<string, { calls: number; totalMs: number; maxMs: number }>();
  const pattern = /duration: ([\d.]+) ms {2}(?:statement|execute [^:]*): ([\s\S]*?)(?=\n\S|$)/g;
  for (const match of readFileSync(logFile, 'utf8').matchAll(pattern)) {
    const ms = Number(match[1]);
    const statement = (match[2] ?? '').replace(/\s+/g, ' ').trim().slice(0, 160);
    const t = totals.get(statement) ?? { calls: 0, totalMs: 0, maxMs: 0 };
    t.calls++;
    t.totalMs += ms;
    t.maxMs = Math.max(t.maxMs, ms);
    totals.set(statement, t);
  }
  return [...totals.entries()]
    .map(([statement, t]) => ({ statement, calls: t.calls, totalMs: Math.round(t.totalMs), maxMs: Math.round(t.maxMs) }))
    .sort((a, b) => b.totalMs - a.totalMs);
}

export async function prepareDatabase(opts: ServerLoadOptions, log: (line: string) => void): Promise<{ databaseUrl: string; stop: () => void }> {
  let teardown: (() => void) | undefined;
  let serverUrl = opts.postgresUrl;
  if (!serverUrl) {
    const saved = { db: process.env.WERKPAD_TEST_DB, url: process.env.WERKPAD_TEST_PG_URL };
    process.env.WERKPAD_TEST_DB = 'postgres';
    delete process.env.WERKPAD_TEST_PG_URL;
    teardown = await startTestPostgres();
    serverUrl = process.env.WERKPAD_TEST_PG_URL;
    if (saved.db === undefined) delete process.env.WERKPAD_TEST_DB;
    else process.env.WERKPAD_TEST_DB = saved.db;
    if (saved.url === undefined) delete process.env.WERKPAD_TEST_PG_URL;
    else process.env.WERKPAD_TEST_PG_URL = saved.url;
  }
  if (!serverUrl) throw new Error('no PostgreSQL');
  const name = `werkpad_load_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  if (opts.slowQueryMs !== undefined) await admin.query(`ALTER DATABASE ${name} SET log_min_duration_statement = ${Math.max(0, Math.round(opts.slowQueryMs))}`);
  await admin.end();
  const databaseUrl = serverUrl.replace(/\/[^/]*$/, `/${name}`);
  const seed = opts.seed ?? { participants: 2_000, messages: 20_000 };
  log(`seeding PostgreSQL: ${seed.participants} participants, ${seed.messages} messages`);
  await run(process.execPath, ['--import', 'tsx', 'server/db/seed-cli.ts', '--quiet', '--participants', String(seed.participants), '--messages', String(seed.messages)], {
    DATABASE_URL: databaseUrl,
  });
  // A live database's tables have been through autovacuum: the bulk seed's last writes leave most of
  // the messages' pages not all-visible, and the unread count's index-only scan would visit the table
  // for each of them (11 ms instead of 0.3 ms for a coach with 1,800 unread; issue 25).
  const vacuum = new pg.Client({ connectionString: databaseUrl });
  await vacuum.connect();
  try {
    await vacuum.query('VACUUM ANALYZE');
  } finally {
    await vacuum.end();
  }
  return {
    databaseUrl,
    stop: () => {
      if (teardown) teardown();
    },
  };
}

export async function startRig(databaseUrl: string, processes: 1 | 2, cpuProfDir: string | undefined): Promise<Rig> {
  const ports = [await freePort(), await freePort()].slice(0, processes);
  const children: ChildProcess[] = [];
  for (const port of ports) {
    // One after the other: the first applies migrations, the second finds them applied.
    const child = startServer(port, databaseUrl, cpuProfDir);
    children.push(child);
    await waitHealthy(`http://127.0.0.1:${port}`, child);
  }
  let base = `http://127.0.0.1:${ports[0]}`;
  if (processes === 2) {
    const proxyPort = await freePort();
    const proxy = spawn(process.execPath, ['--import', 'tsx', 'tests/bench/rr-proxy.ts', String(proxyPort), ...ports.map(String)], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    children.push(proxy);
    base = `http://127.0.0.1:${proxyPort}`;
    await waitHealthy(base, proxy);
  }
  return {
    base,
    databaseUrl,
    serverPids: children.slice(0, ports.length).map((c) => c.pid ?? 0),
    serverPorts: ports,
    proxyPid: processes === 2 ? (children[ports.length]?.pid ?? null) : null,
    stop: async () => void (await Promise.all(children.map(stop))),
  };
}

/** One load run against a started rig. */
async function loadRun(rig: Rig, users: number, durationMs: number, processes: number, floorMs: number, log: (line: string) => void, cpuProfDir?: string): Promise<ServerLoadResult> {
  const errorSamples: string[] = [];
  const noteError = (error: unknown) => {
    if (errorSamples.length < 5) errorSamples.push(error instanceof Error ? error.message : String(error));
  };
  // Sign in (four at a time: argon2 is meant to be slow), then settle each client's checkpoints.
  const people = Array.from({ length: users }, (_, i) => new User(rig.base, ACCOUNTS[i % ACCOUNTS.length] ?? 'coach'));
  const signInTimes: number[] = [];
  let signInErrors = 0;
  firstSyncs.clear();
  let nextUser = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (nextUser < people.length) {
        const person = people[nextUser++];
        if (!person) break;
        const start = performance.now();
        try {
          await person.signIn();
          signInTimes.push(performance.now() - start);
          await person.settle();
        } catch (error) {
          signInErrors++;
          noteError(error);
        }
      }
    }),
  );
  log(`${users - signInErrors} of ${users} users signed in; load for ${Math.round(durationMs / 1000)} s`);

  const times = { pull: [] as number[], unreadCount: [] as number[], send: [] as number[] };
  const errors = { pull: 0, unreadCount: 0, send: 0 };
  const timed = async (kind: keyof typeof times, fn: () => Promise<unknown>) => {
    const start = performance.now();
    try {
      await fn();
      times[kind].push(performance.now() - start);
    } catch (error) {
      errors[kind]++;
      noteError(error);
    }
  };
  const dataDir = await postgresDataDir(rig.databaseUrl);
  const cpuNow = () => ({
    servers: rig.serverPids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0),
    proxy: rig.proxyPid ? cpuSecondsOf(rig.proxyPid) : 0,
    postgres: postgresCpuSeconds(dataDir),
    generator: (process.cpuUsage().user + process.cpuUsage().system) / 1e6,
  });
  const cpuBefore = cpuNow();
  const loadBefore = loadavg()[0] ?? 0;
  const started = performance.now();
  const startedUs = monotonicUs();
  const end = started + durationMs;
  await Promise.all(
    people
      .filter((p) => p.cookie)
      .map(async (person, i) => {
        // Spread the users over the first second, as real clients are.
        await new Promise((r) => setTimeout(r, (i * 1000) / users));
        for (let round = 1; performance.now() < end; round++) {
          const roundStart = performance.now();
          await Promise.all([timed('pull', () => person.pull()), timed('unreadCount', () => person.unreadCount())]);
          if (round % 20 === 0) await timed('send', () => person.send(round));
          const wait = 1000 - (performance.now() - roundStart);
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        }
      }),
  );
  const elapsed = performance.now() - started;
  const mixWindow = { from: startedUs, to: monotonicUs() };
  const cpuAfter = cpuNow();
  const used = (k: keyof typeof cpuAfter) => Math.round((cpuAfter[k] - cpuBefore[k]) * 100) / 100;
  const cpu: CpuUse = {
    servers: used('servers'),
    proxy: used('proxy'),
    postgres: used('postgres'),
    generator: used('generator'),
    loadAverage: [Math.round(loadBefore * 10) / 10, Math.round((loadavg()[0] ?? 0) * 10) / 10],
    cores: cpus().length,
  };
  const all = [...times.pull, ...times.unreadCount, ...times.send];
  const totalErrors = errors.pull + errors.unreadCount + errors.send + signInErrors;
  const floorFrom = monotonicUs();
  const floor = floorMs > 0 ? await floorRun(people.filter((p) => p.cookie), users, floorMs, rig, dataDir, log) : null;
  if (cpuProfDir) {
    writePhases(cpuProfDir, rig, {
      mix: { ...mixWindow, requests: all.length },
      ...(floor ? { floor: { from: floorFrom, to: monotonicUs(), requests: floor.requests } } : {}),
    });
  }
  return {
    users,
    processes,
    durationMs: Math.round(elapsed),
    requestsPerSecond: Math.round((all.length / elapsed) * 1000),
    ...summarize(all, totalErrors),
    byKind: {
      pull: summarize(times.pull, errors.pull),
      unreadCount: summarize(times.unreadCount, errors.unreadCount),
      send: summarize(times.send, errors.send),
    },
    signIn: summarize(signInTimes, signInErrors),
    cpu,
    errorSamples,
    floor,
  };
}

/** Now on the clock V8 stamps its CPU profiles with (CLOCK_MONOTONIC, microseconds), the same in every process. */
function monotonicUs(): number {
  return Number(process.hrtime.bigint() / 1000n);
}

/** A phase of a load run on the profiles' clock, and how many requests it answered. */
export interface ProfilePhase {
  from: number;
  to: number;
  requests: number;
}

/**
 * Next to the servers' CPU profiles: when the mix and the floor ran (phases.<server pid>.json), so
 * tests/bench/cpu-profile-top.ts --phase mix|floor sums only their samples, per request.
 */
function writePhases(dir: string, rig: Rig, phases: Record<string, ProfilePhase>): void {
  for (const pid of rig.serverPids) writeFileSync(path.join(dir, `phases.${pid}.json`), JSON.stringify({ processes: rig.serverPids.length, ...phases }));
}

/** The floor (FloorResult): the mix's users and rate (two requests a round), each request `FLOOR`. */
async function floorRun(people: User[], users: number, durationMs: number, rig: Rig, dataDir: string, log: (line: string) => void): Promise<FloorResult> {
  log(`floor: the same ${people.length} users sending only { __typename } for ${Math.round(durationMs / 1000)} s`);
  const cpu = () => ({ servers: rig.serverPids.reduce((sum, pid) => sum + cpuSecondsOf(pid), 0), postgres: postgresCpuSeconds(dataDir) });
  const before = cpu();
  const loadBefore = loadavg()[0] ?? 0;
  let requests = 0;
  let errors = 0;
  const one = async (person: User) => {
    try {
      await person.graph(FLOOR);
      requests++;
    } catch {
      errors++;
    }
  };
  const started = performance.now();
  const end = started + durationMs;
  await Promise.all(
    people.map(async (person, i) => {
      await new Promise((r) => setTimeout(r, (i * 1000) / users));
      while (performance.now() < end) {
        const roundStart = performance.now();
        await Promise.all([one(person), one(person)]);
        const wait = 1000 - (performance.now() - roundStart);
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    }),
  );
  const elapsed = performance.now() - started;
  const after = cpu();
  const per = (seconds: number) => (requests ? Math.round(((seconds * 1000) / requests) * 100) / 100 : 0);
  return {
    requests,
    durationMs: Math.round(elapsed),
    errors,
    serverMsPerRequest: per(after.servers - before.servers),
    postgresMsPerRequest: per(after.postgres - before.postgres),
    loadAverage: [Math.round(loadBefore * 10) / 10, Math.round((loadavg()[0] ?? 0) * 10) / 10],
  };
}

/**
 * Starts PostgreSQL (unless given), seeds it, and runs the load with each asked process count.
 * Answers one result per run.
 */
export async function measureServerLoad(
  opts: ServerLoadOptions & { runs?: (1 | 2)[]; /** Runs on the same seeded database after the load runs (the connection model). */ after?: (databaseUrl: string) => Promise<void> } = {},
): Promise<ServerLoadResult[]> {
  const log = opts.log ?? ((line: string) => console.log(`[load] ${line}`));
  const users = opts.users ?? 200;
  const durationMs = opts.durationMs ?? 120_000;
  const runs = opts.runs ?? [opts.processes ?? 1];
  if (opts.cpuProfDir) mkdirSync(opts.cpuProfDir, { recursive: true });
  const database = await prepareDatabase(opts, log);
  const results: ServerLoadResult[] = [];
  try {
    for (const processes of runs) {
      log(`${processes} server process${processes === 2 ? 'es behind the round-robin proxy' : ''}`);
      const rig = await startRig(database.databaseUrl, processes, opts.cpuProfDir);
      try {
        // The floor after the one-process mix only: behind the proxy the baseline would mix in the proxy's cost.
        const floorMs = opts.floor && processes === 1 ? Math.min(durationMs, 30_000) : 0;
        const result = await loadRun(rig, users, durationMs, processes, floorMs, log, opts.cpuProfDir);
        results.push(result);
        printLoad(result);
        if (opts.slowQueryMs !== undefined) {
          const slow = await slowStatements(database.databaseUrl);
          console.log(`\nStatements slower than ${opts.slowQueryMs} ms (PostgreSQL log, all runs so far), costliest first:`);
          for (const q of slow.slice(0, 10)) console.log(`${String(q.totalMs).padStart(8)} ms total, ${String(q.calls).padStart(6)} calls, max ${q.maxMs} ms: ${q.statement}`);
          // With --slow-ms 0 this is every statement: the most frequent show the statements per request.
          console.log(`\nThe same, most frequent first (${slow.reduce((n, q) => n + q.calls, 0)} statements in all):`);
          for (const q of [...slow].sort((a, b) => b.calls - a.calls).slice(0, 15)) {
            console.log(`${String(q.calls).padStart(8)} calls, ${String(q.totalMs).padStart(6)} ms total: ${q.statement}`);
          }
        }
      } finally {
        await rig.stop();
      }
    }
    if (opts.after) await opts.after(database.databaseUrl);
  } finally {
    database.stop();
  }
  return results;
}

export function printLoad(r: ServerLoadResult): void {
  const line = (name: string, s: LatencySummary) =>
    `| ${name.padEnd(26)} | ${String(s.requests).padStart(8)} | ${`${s.p50Ms} ms`.padStart(9)} | ${`${s.p95Ms} ms`.padStart(9)} | ${`${s.p99Ms} ms`.padStart(9)} | ${String(s.errors).padStart(6)} |`;
  console.log(`\n${r.users} users, ${r.processes} server process${r.processes === 2 ? 'es (round-robin proxy)' : ''}, ${Math.round(r.durationMs / 1000)} s: ${r.requestsPerSecond} requests/s`);
  console.log(`| ${'requests'.padEnd(26)} | ${'count'.padStart(8)} | ${'p50'.padStart(9)} | ${'p95'.padStart(9)} | ${'p99'.padStart(9)} | ${'errors'.padStart(6)} |`);
  console.log(`|:${'-'.repeat(26)}|${'-'.repeat(9)}:|${'-'.repeat(10)}:|${'-'.repeat(10)}:|${'-'.repeat(10)}:|${'-'.repeat(7)}:|`);
  console.log(line('all (after sign-in)', r));
  console.log(line('pull (2 collections)', r.byKind.pull));
  console.log(line('unread count', r.byKind.unreadCount));
  console.log(line('send', r.byKind.send));
  console.log(line('sign-in', r.signIn));
  const c = r.cpu;
  const perRequest = (seconds: number) => (r.requests ? `${((seconds * 1000) / r.requests).toFixed(2)} ms` : '-');
  console.log(
    `CPU during the load (${c.cores} cores, load average ${c.loadAverage[0]} → ${c.loadAverage[1]}): servers ${c.servers} s (${perRequest(c.servers)}/request), ` +
      `PostgreSQL ${c.postgres} s (${perRequest(c.postgres)}/request), load generator ${c.generator} s${r.processes === 2 ? `, proxy ${c.proxy} s` : ''}; ` +
      `together ${((c.servers + c.postgres + c.generator + c.proxy) / (r.durationMs / 1000)).toFixed(2)} of the ${c.cores} cores`,
  );
  if (r.errorSamples.length) console.log(`errors, first ${r.errorSamples.length}: ${r.errorSamples.join(' | ')}`);
  const f = r.floor;
  if (f) {
    console.log(
      `floor ({ __typename }, same users and rate, ${Math.round(f.durationMs / 1000)} s, load average ${f.loadAverage[0]} → ${f.loadAverage[1]}): ${f.requests} requests, ` +
        `${f.errors} errors, server ${f.serverMsPerRequest} ms + PostgreSQL ${f.postgresMsPerRequest} ms CPU per request`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      users: { type: 'string', default: '200' },
      seconds: { type: 'string', default: '120' },
      processes: { type: 'string', default: 'both' },
      participants: { type: 'string', default: '2000' },
      messages: { type: 'string', default: '20000' },
      'cpu-prof': { type: 'string' },
      'slow-ms': { type: 'string' },
    },
  });
  await measureServerLoad({
    users: Number(values.users),
    durationMs: Number(values.seconds) * 1000,
    runs: values.processes === 'both' ? [1, 2] : [Number(values.processes) === 2 ? 2 : 1],
    seed: { participants: Number(values.participants), messages: Number(values.messages) },
    cpuProfDir: values['cpu-prof'] ? path.resolve(values['cpu-prof']) : undefined,
    slowQueryMs: values['slow-ms'] === undefined ? undefined : Number(values['slow-ms']),
    floor: true,
  });
}
