/**
 * The connection model (issue 25), beside the polling load model of server-load.ts: N simulated
 * users each hold the live stream (GET /api/v2/stream, the endpoint the sync worker reads in
 * workers/stream.ts); a tenth of them write (sendMessage, the real GraphQL mutation) once a minute,
 * the minute compressed by a printed factor; every write pokes the streams the server pokes (a message
 * pokes the streams of its sender and recipient, 014_message_pokes.sql and server/sync/changes.ts; with
 * shared sessions that is every user holding the sender's or the recipient's account); on a poke a user pulls (messages and participants, the load model's
 * pull, with its own checkpoints), and a poke that comes while it pulls makes one more pull after
 * it, as the worker's engine does.
 *
 * Measured per step: p95 of the writer's commit (its mutation answered) to each poked user's pull done
 * (a pull that started after the first poke that user received after the write was sent),
 * the server's live memory (after a full collection) growth per open stream, and the CPU of the server and of the bench's PostgreSQL.
 * N steps up (250, 500, 1,000, 2,000, 5,000 by default) and stops at the first step with p95 ≥ 150 ms,
 * an error, or a poked user that never pulled, or when the time budget is spent.
 *
 * Each simulated user has an account of its own (by default): the bench adds as many staff accounts
 * (copies of the demo coach: same company and role, an empty caseload) as the largest step has users,
 * with a session each written straight into the database (signing in thousands of users through argon2
 * would take longer than the model), and each writer sends to another of them. A message then pokes
 * two users, as it would in a company of that many users. With `ownAccounts: false` the users share
 * `sessions` sign-ins of the four demo accounts (every user holding the sender's or the recipient's
 * account is poked: a quarter to a half of everyone, which no real company has).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import pg from 'pg';
import { ACCOUNTS, firstSyncs, heapFileOf, postgresDataDir, startRig, User, type Checkpoint, type Rig } from './server-load';
import { cpuSecondsOf, postgresCpuSeconds, rssKb } from './proc-cpu';

export interface ConnectionStep {
  users: number;
  writers: number;
  writes: number;
  /** Poked users' pulls measured (writes × users, less the ones missed). */
  samples: number;
  /** Pull requests the users sent (a poke during a pull makes one more; a pull of several pages, several). */
  pullRequests: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  /** Failed writes, failed pulls, streams that did not open or dropped. */
  errors: number;
  /** (write, user) pairs where the user was never poked or never pulled after the write. */
  missed: number;
  /** Server RSS before the streams opened and with them open (KB). */
  rssBeforeKb: number;
  rssOpenKb: number;
  /** The server's live memory (V8 heap + external + array buffers, after a full collection) before and with the streams open (KB). */
  liveBeforeKb: number;
  liveOpenKb: number;
  /** Live memory growth per open stream (KB): what one more connected user costs the process. */
  memoryPerStreamKb: number;
  /** CPU seconds during the write phase: server process, PostgreSQL (postmaster + backends), this generator. */
  cpu: { server: number; postgres: number; generator: number };
  seconds: number;
  loadAverage: number;
}

export interface ConnectionModelResult {
  steps: ConnectionStep[];
  /** The largest N whose step had p95 < 150 ms with no error and no missed pull (null: not even the first). */
  connectedUsersAtP95Under150: number | null;
  /** Live memory growth per open stream (after a full collection) at the largest N that opened. */
  memoryPerStreamKb: number | null;
  speedup: number;
  stepSeconds: number;
  sessions: number;
  /** Whether every simulated user had an account of its own (else `sessions` shared sign-ins). */
  ownAccounts: boolean;
  stoppedBecause: string;
  /** CPU (server + PostgreSQL) of idle open streams, per stream and minute, at the first step; null when not measured. */
  idle: { users: number; seconds: number; cpuMsPerStreamPerMinute: number; baselineCpuS: number; withStreamsCpuS: number } | null;
}

export interface ConnectionModelOptions {
  databaseUrl: string;
  steps?: number[];
  /** Length of each step's write phase (s). */
  stepSeconds?: number;
  /** The write rate is N/10 per minute times this. */
  speedup?: number;
  sessions?: number;
  /**
   * Before the first step's writes: this long with the streams open and nothing written, against as
   * long with no stream open, for what an idle connected user costs (26 s spans one 25 s heartbeat of
   * every stream; 0: not measured).
   */
  idleSeconds?: number;
  /** Every simulated user an account of its own (default true); false: `sessions` shared sign-ins of the demo accounts. */
  ownAccounts?: boolean;
  /** No new step once the steps have run this long (ms; the sign-ins before them not counted). */
  budgetMs?: number;
  log?: (line: string) => void;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** First index in the ascending `xs` whose value is ≥ x (xs.length when none). */
function lowerBound(xs: readonly number[], x: number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((xs[mid] ?? 0) < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const PULL = `query Pull($cp0: PullCheckpointInput!, $cp1: PullCheckpointInput!, $limit: Int) {
  pullMessages(checkpoint: $cp0, limit: $limit) { documents checkpoint { seq scopeKey } reset hasMore }
  pullParticipants(checkpoint: $cp1, limit: $limit) { documents checkpoint { seq scopeKey } reset hasMore }
}`;

interface PullPage {
  checkpoint: Checkpoint;
  hasMore: boolean;
}

/** One simulated user: a stream of its own on a shared session, its own checkpoints and pulls. */
class StreamUser {
  pokes: number[] = [];
  pullStarts: number[] = [];
  pullEnds: number[] = [];
  errors = 0;
  requests = 0;
  dropped = false;
  private pulling = false;
  private again = false;
  private controller = new AbortController();
  private closed = false;
  checkpoints: [Checkpoint, Checkpoint];

  constructor(readonly session: User) {
    this.checkpoints = [{ ...session.checkpoints[0] }, { ...session.checkpoints[1] }];
  }

  /** Opens the stream; resolves on its `ready` event. */
  open(): Promise<void> {
    return new Promise((resolve, reject) => {
      void (async () => {
        try {
          const res = await fetch(`${this.session.base}/api/v2/stream`, {
            headers: { accept: 'text/event-stream', cookie: this.session.cookie },
            signal: this.controller.signal,
          });
          if (!res.ok || !res.body) throw new Error(`stream HTTP ${res.status}`);
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          let buffer = '';
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            buffer += value;
            let end: number;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              if (/^event: ?ready/m.test(block)) resolve();
              else if (/^event: ?poke/m.test(block)) this.poked();
            }
          }
          if (!this.closed) throw new Error('stream ended');
        } catch (error) {
          if (this.closed) return;
          this.dropped = true;
          reject(error instanceof Error ? error : new Error(String(error)));
        }
      })();
    });
  }

  close(): void {
    this.closed = true;
    this.controller.abort();
  }

  private poked(): void {
    this.pokes.push(performance.now());
    if (this.pulling) {
      this.again = true;
      return;
    }
    void this.pullLoop();
  }

  private async pullLoop(): Promise<void> {
    this.pulling = true;
    do {
      this.again = false;
      const start = performance.now();
      try {
        for (let page = 0; page < 20; page++) {
          this.requests++;
          const answer = await this.session.graph<{ pullMessages: PullPage; pullParticipants: PullPage }>(PULL, { cp0: this.checkpoints[0], cp1: this.checkpoints[1], limit: 500 });
          this.checkpoints = [answer.pullMessages.checkpoint, answer.pullParticipants.checkpoint];
          if (!answer.pullMessages.hasMore && !answer.pullParticipants.hasMore) break;
        }
        this.pullStarts.push(start);
        this.pullEnds.push(performance.now());
      } catch {
        this.errors++;
      }
    } while (this.again && !this.closed);
    this.pulling = false;
  }

  get busy(): boolean {
    return this.pulling;
  }
}

type IdleCost = NonNullable<ConnectionModelResult['idle']>;

/**
 * The server's live memory in KB after a full garbage collection: the bench starts it with --expose-gc
 * and WERKPAD_BENCH_HEAP_FILE, and SIGUSR2 makes it collect and write process.memoryUsage() there
 * (server/main.ts). RSS alone swings by more than the streams cost as the collector runs.
 */
async function liveKb(rig: Rig): Promise<number> {
  // Twice: the first collection's finalisers and weak references free more in the second.
  await probe(rig);
  return probe(rig);
}

async function probe(rig: Rig): Promise<number> {
  const pid = rig.serverPids[0];
  const port = rig.serverPorts[0];
  if (!pid || port === undefined) throw new Error('no server to probe');
  const file = heapFileOf(port);
  rmSync(file, { force: true });
  process.kill(pid, 'SIGUSR2');
  const until = performance.now() + 10_000;
  while (performance.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    if (!existsSync(file)) continue;
    try {
      const m = JSON.parse(readFileSync(file, 'utf8')) as { heapUsed: number; external: number; arrayBuffers: number };
      // arrayBuffers is part of external; count it once.
      return Math.round((m.heapUsed + m.external) / 1024);
    } catch {
      // Half written: read again.
    }
  }
  throw new Error('the server did not answer the memory probe (started without --expose-gc?)');
}

async function step(
  rig: Rig,
  sessions: User[],
  n: number,
  stepSeconds: number,
  speedup: number,
  dataDir: string,
  log: (line: string) => void,
  idleSeconds = 0,
): Promise<ConnectionStep & { idle: IdleCost | null }> {
  const pid = rig.serverPids[0];
  const cpuNow = () => cpuSecondsOf(pid) + postgresCpuSeconds(dataDir);
  let baseline = 0;
  if (idleSeconds > 0) {
    const c0 = cpuNow();
    await new Promise((r) => setTimeout(r, idleSeconds * 1000));
    baseline = cpuNow() - c0;
  }
  const rssBeforeKb = rssKb(pid);
  const liveBeforeKb = await liveKb(rig);
  const users = Array.from({ length: n }, (_, i) => new StreamUser(sessions[i % sessions.length] as User));
  const usernameOf = new Map(sessions.filter((s): s is BenchAccount => s instanceof BenchAccount).map((s) => [s.userId, s.username]));
  let errors = 0;
  // Open the streams a hundred at a time (a crowd arriving, not one burst of thousands of handshakes).
  for (let i = 0; i < users.length; i += 100) {
    const opened = await Promise.allSettled(users.slice(i, i + 100).map((u) => u.open()));
    errors += opened.filter((o) => o.status === 'rejected').length;
  }
  await new Promise((r) => setTimeout(r, 2_000));
  const rssOpenKb = rssKb(pid);
  const liveOpenKb = await liveKb(rig);
  const memoryPerStreamKb = Math.round(((liveOpenKb - liveBeforeKb) / n) * 10) / 10;
  log(
    `${n} streams open (${errors} failed); server live memory ${Math.round(liveBeforeKb / 1024)} → ${Math.round(liveOpenKb / 1024)} MB (${memoryPerStreamKb} KB per stream), ` +
      `RSS ${Math.round(rssBeforeKb / 1024)} → ${Math.round(rssOpenKb / 1024)} MB`,
  );
  let idle: IdleCost | null = null;
  if (idleSeconds > 0) {
    const c0 = cpuNow();
    await new Promise((r) => setTimeout(r, idleSeconds * 1000));
    const withStreams = cpuNow() - c0;
    const perStreamPerMinute = (Math.max(0, withStreams - baseline) * 1000) / n / (idleSeconds / 60);
    idle = { users: n, seconds: idleSeconds, cpuMsPerStreamPerMinute: Math.round(perStreamPerMinute * 100) / 100, baselineCpuS: Math.round(baseline * 100) / 100, withStreamsCpuS: Math.round(withStreams * 100) / 100 };
    log(`idle: ${idleSeconds} s with ${n} streams open used ${idle.withStreamsCpuS} s CPU (server + PostgreSQL), ${idle.baselineCpuS} s with none: ${idle.cpuMsPerStreamPerMinute} ms per stream and minute`);
  }

  // A tenth write once a (compressed) minute, spread evenly over it.
  const writers = Math.max(1, Math.round(n / 10));
  const period = 60_000 / speedup;
  const writes: { sent: number; answered: number; ok: boolean; from: string; to: string | null }[] = [];
  const cpu0 = { server: cpuSecondsOf(pid), postgres: postgresCpuSeconds(dataDir), generator: (process.cpuUsage().user + process.cpuUsage().system) / 1e6 };
  const started = performance.now();
  const end = started + stepSeconds * 1000;
  const pending: Promise<void>[] = [];
  await Promise.all(
    Array.from({ length: writers }, async (_, j) => {
      const writer = users[Math.floor((j * n) / writers)] as StreamUser;
      for (let at = started + (j * period) / writers; at < end; at += period) {
        const wait = at - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        const to = writer.session.recipient && 'userId' in writer.session.recipient ? (usernameOf.get(writer.session.recipient.userId) ?? null) : null;
        const record = { sent: performance.now(), answered: 0, ok: false, from: writer.session.username, to };
        writes.push(record);
        const write = writer.session.send(writes.length).then(
          () => {
            record.answered = performance.now();
            record.ok = true;
          },
          () => {
            record.answered = performance.now();
          },
        );
        pending.push(write);
        await write;
      }
    }),
  );
  await Promise.all(pending);
  if (end > performance.now()) await new Promise((r) => setTimeout(r, end - performance.now()));
  // Let the last pokes arrive and the pulls they started end (at most 15 s).
  const drainUntil = performance.now() + 15_000;
  await new Promise((r) => setTimeout(r, 500));
  while (users.some((u) => u.busy) && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));
  const seconds = (performance.now() - started) / 1000;
  const cpu = {
    server: Math.round((cpuSecondsOf(pid) - cpu0.server) * 100) / 100,
    postgres: Math.round((postgresCpuSeconds(dataDir) - cpu0.postgres) * 100) / 100,
    generator: Math.round(((process.cpuUsage().user + process.cpuUsage().system) / 1e6 - cpu0.generator) * 100) / 100,
  };
  const loadAverage = Math.round((loadavg()[0] ?? 0) * 10) / 10;
  for (const u of users) u.close();

  const latencies: number[] = [];
  let missed = 0;
  for (const w of writes) {
    if (!w.ok) {
      errors++;
      continue;
    }
    for (const u of users) {
      // With accounts of their own a write's parties are known: only their pulls measure it (another user's
      // pull, started by a later write's poke, says nothing about this write's latency).
      if (w.to !== null && u.session.username !== w.from && u.session.username !== w.to) continue;
      // A message pokes the streams of its sender and recipient only (014_message_pokes.sql): the sender's account
      // must be poked; another user poked after the write (the recipient's account, or another write's party)
      // counts with its pull; a user never poked after it is not a party and costs nothing.
      const p = u.pokes[lowerBound(u.pokes, w.sent)];
      if (p === undefined) {
        if (u.session.username === w.from || u.session.username === w.to) missed++;
        continue;
      }
      const k = lowerBound(u.pullStarts, p);
      const done = k < 0 ? undefined : u.pullEnds[k];
      if (done === undefined) missed++;
      else latencies.push(Math.max(0, done - w.answered));
    }
  }
  errors += users.reduce((sum, u) => sum + u.errors + (u.dropped ? 1 : 0), 0);
  latencies.sort((a, b) => a - b);
  const r = (x: number) => Math.round(x * 10) / 10;
  // Give the server a moment to let the closed streams go before the next step measures its RSS.
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  return {
    users: n,
    writers,
    writes: writes.length,
    samples: latencies.length,
    pullRequests: users.reduce((sum, u) => sum + u.requests, 0),
    p50Ms: r(percentile(latencies, 50)),
    p95Ms: r(percentile(latencies, 95)),
    p99Ms: r(percentile(latencies, 99)),
    errors,
    missed,
    rssBeforeKb,
    rssOpenKb,
    liveBeforeKb,
    liveOpenKb,
    memoryPerStreamKb,
    cpu,
    seconds: Math.round(seconds),
    loadAverage,
    idle,
  };
}

/** A simulated user's own account (ownAccounts): a copy of the demo coach with a session written into the database. */
class BenchAccount extends User {
  constructor(
    base: string,
    username: string,
    readonly userId: string,
  ) {
    super(base, username);
  }
}

/**
 * `count` staff accounts of their own, copies of the demo coach (same company and role; their caseload is
 * empty, so their first sync is two short pulls), each with a session written into the database as the
 * server's createSession writes it (only the token's SHA-256 is stored), each sending to the next one.
 * Made once per bench database; a second run reuses the accounts and adds sessions.
 */
async function ownAccounts(databaseUrl: string, base: string, count: number, log: (line: string) => void): Promise<BenchAccount[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const started = performance.now();
  let accounts: BenchAccount[];
  try {
    await client.query(
      `INSERT INTO users (company_id, acl_role_id, username, password_hash, password_validated, initials, given_name, surname, email, settings)
       SELECT c.company_id, c.acl_role_id, 'bench-stream-' || g, c.password_hash, true, 'B.', 'Bench', 'Stroom ' || g, 'bench-stream-' || g || '@demo-werkbedrijf.example', c.settings
         FROM users c, generate_series(1, $1::int) g
        WHERE c.username = 'coach'
       ON CONFLICT DO NOTHING`,
      [count],
    );
    const { rows } = await client.query<{ id: string; company_id: string; username: string }>(
      `SELECT id::text, company_id::text, username FROM users WHERE username LIKE 'bench-stream-%' ORDER BY id LIMIT $1`,
      [count],
    );
    if (rows.length < count) throw new Error(`only ${rows.length} of ${count} bench accounts`);
    const tokens = rows.map(() => randomBytes(32).toString('base64url'));
    await client.query(
      `INSERT INTO sessions (id, user_id, company_id, expires_at, max_expires_at, mfa_validated)
       SELECT t.id, t.user_id, t.company_id, now() + interval '1 hour', now() + interval '24 hours', true
         FROM unnest($1::text[], $2::bigint[], $3::bigint[]) AS t(id, user_id, company_id)`,
      [tokens.map((t) => createHash('sha256').update(t).digest('hex')), rows.map((r) => r.id), rows.map((r) => r.company_id)],
    );
    accounts = rows.map((r, i) => {
      const account = new BenchAccount(base, r.username, r.id);
      account.cookie = `access_token=${tokens[i]}`;
      account.recipient = { userId: rows[(i + 1) % rows.length]!.id };
      return account;
    });
  } finally {
    await client.end();
  }
  // (Its expiry below the server's sliding TTL: a first use that shortened it would notify the session and end its streams.)
  // Each account's first sync (its checkpoints are signed for it), eight at a time.
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < accounts.length) {
        const a = accounts[next++];
        if (a) await a.pull();
      }
    }),
  );
  log(`${accounts.length} accounts of their own with a session each, first-synced in ${Math.round(performance.now() - started)} ms`);
  return accounts;
}

/** Runs the connection model against one server process on the given (seeded) PostgreSQL database. */
export async function measureConnectionModel(opts: ConnectionModelOptions): Promise<ConnectionModelResult> {
  const log = opts.log ?? ((line: string) => console.log(`[streams] ${line}`));
  const steps = opts.steps ?? [250, 500, 1_000, 2_000, 5_000];
  const stepSeconds = opts.stepSeconds ?? 30;
  const speedup = opts.speedup ?? 1;
  const budgetMs = opts.budgetMs ?? 240_000;
  const rig = await startRig(opts.databaseUrl, 1, undefined);
  const results: ConnectionStep[] = [];
  let stoppedBecause = 'every step ran';
  let idle: IdleCost | null = null;
  const own = opts.ownAccounts !== false;
  const sessionCount = own ? Math.max(...steps) : Math.min(opts.sessions ?? 40, Math.max(...steps));
  try {
    const dataDir = await postgresDataDir(opts.databaseUrl);
    firstSyncs.clear();
    let sessions: User[];
    if (own) sessions = await ownAccounts(opts.databaseUrl, rig.base, sessionCount, log);
    else {
      sessions = Array.from({ length: sessionCount }, (_, i) => new User(rig.base, ACCOUNTS[i % ACCOUNTS.length] ?? 'coach'));
      let next = 0;
      await Promise.all(
        Array.from({ length: 4 }, async () => {
          while (next < sessions.length) {
            const s = sessions[next++];
            if (!s) break;
            await s.signIn();
            await s.settle();
          }
        }),
      );
    }
    // Warm the server up (its first requests run cold code): forty sessions pull a few times.
    for (let round = 0; round < 5; round++) await Promise.all(sessions.slice(0, 40).map((s) => s.pull()));
    const modelStart = performance.now();
    log(`${sessionCount} sessions ${own ? '(an account each)' : `of ${ACCOUNTS.length} shared accounts`} signed in; writes: a tenth of the users once a minute, ×${speedup}; ${stepSeconds} s per step`);
    for (const n of steps) {
      if (performance.now() - modelStart > budgetMs) {
        stoppedBecause = `time budget of ${Math.round(budgetMs / 1000)} s spent before ${n} users`;
        break;
      }
      const { idle: idleCost, ...result } = await step(rig, sessions, n, stepSeconds, speedup, dataDir, log, results.length === 0 ? (opts.idleSeconds ?? 0) : 0);
      if (idleCost) idle = idleCost;
      results.push(result);
      log(
        `${n} users: ${result.writes} writes, ${result.pullRequests} pull requests, p50 ${result.p50Ms} ms, p95 ${result.p95Ms} ms over ${result.samples} poked pulls, ${result.errors} errors, ${result.missed} missed; ` +
          `CPU server ${result.cpu.server} s, PostgreSQL ${result.cpu.postgres} s, generator ${result.cpu.generator} s in ${result.seconds} s`,
      );
      if (result.errors > 0 || result.missed > 0 || result.p95Ms >= 150) {
        stoppedBecause = `${n} users: ${result.p95Ms >= 150 ? `p95 ${result.p95Ms} ms ≥ 150 ms` : ''}${result.errors > 0 ? ` ${result.errors} errors` : ''}${result.missed > 0 ? ` ${result.missed} missed pulls` : ''}`.trim();
        break;
      }
    }
  } finally {
    await rig.stop();
  }
  const good = results.filter((s) => s.errors === 0 && s.missed === 0 && s.p95Ms < 150);
  const largest = results.at(-1);
  return {
    steps: results,
    connectedUsersAtP95Under150: good.length ? Math.max(...good.map((s) => s.users)) : null,
    memoryPerStreamKb: largest ? largest.memoryPerStreamKb : null,
    speedup,
    stepSeconds,
    sessions: sessionCount,
    ownAccounts: own,
    stoppedBecause,
    idle,
  };
}
