/**
 * The server under fault injection (workers/fault-injection.test.ts, tests/faults/run.ts), on one
 * of two databases, always a real server process on a free loopback port that `crash()` kills with
 * SIGKILL (mid-push when the caller times it so, see `pushInFlight`) and starts again:
 * - PostgreSQL: `node --import tsx tests/sync/pg-fault-server.ts` (server/main.ts after the run's deploy) against DATABASE_URL. The test keeps its own
 *   connection for scope changes and the final checks.
 * - PGlite: `node --import tsx tests/sync/pglite-fault-server.ts`, the same app on a PGlite data
 *   directory; after the SIGKILL a new process opens the same directory (PGlite's durability is
 *   part of the test). PGlite is one process's embedded database, so the test's SQL goes through
 *   a loopback route of that harness process (see there), waiting while the server is down.
 * `tenant()` makes a fresh company with an administrator and coaches (bearer sessions) and
 * participants spread over the coaches, so every seed starts empty.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { LISTEN_APPLICATION_NAME, openDb, type Db, type Queryable, type QueryResult } from '../../server/db/db';
import { lsnValue, publishReadMark } from '../../server/db/replicas';
import { migrate } from '../../server/db/migrate';
import { createSession } from '../../server/auth/session';
import { freePort } from './postgres-server';

export type FaultDatabase = 'pglite' | 'postgres';

export interface FaultUser {
  id: number;
  token: string;
  role: 'admin' | 'coach';
}

export interface FaultParticipant {
  id: number;
  uuid: string;
  /** The coach it starts with. */
  coachId: number;
}

export interface FaultTenant {
  companyId: number;
  /** The first is an administrator (moves participants between coaches), the others coaches. */
  users: FaultUser[];
  participants: FaultParticipant[];
}

/** The test's access to the database under the server (scope changes, checks): no transactions. */
export type FaultDb = Queryable;

export interface FaultServer {
  database: FaultDatabase;
  /** Sends one HTTP request to the server (path and query of `url` are kept). */
  fetch(url: string, init?: RequestInit): Promise<Response>;
  /** The test's own connection (scope changes, checks). */
  db: FaultDb;
  tenant(users: number): Promise<FaultTenant>;
  /**
   * Sends a push and kills the server process with SIGKILL while it holds it, then starts it again
   * on the same database and waits until it answers. PGlite: the process kills itself before a
   * random SQL statement of the push (`random` picks which); PostgreSQL: the test kills it once one
   * of its connections has a transaction open. `midPush` is false when the answer came back first
   * (the process is killed all the same).
   */
  crashDuring(url: string, init: RequestInit | undefined, random: () => number): Promise<{ midPush: boolean }>;
  /**
   * Ends the server's LISTEN connections (PostgreSQL: `pg_terminate_backend` of the backends named
   * `werkpad-listen`, as a restart, failover or idle kill does; PGlite: the harness drops them, see
   * server/sync/testing/listen-drop.ts). Answers how many were ended.
   */
  dropListens(): Promise<number>;
  /**
   * PostgreSQL with a hot standby (issue 26): injects replication delay. `start` pauses and resumes
   * the standby's replay at random moments (and publishes the primary's mark, as another server
   * process's writes would); `stop` resumes, waits until the standby has replayed everything and
   * answers the milliseconds replay stood paused and the rows the standby's database returned (pulls it served).
   */
  replicaLag?: { start(random: () => number): void; stop(): Promise<{ pausedMs: number; rowsRead: number }> };
  close(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

async function makeTenant(db: FaultDb, count: number): Promise<FaultTenant> {
  const name = `Faults ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const companyId = Number((await db.query<{ id: number }>('INSERT INTO companies (name) VALUES ($1) RETURNING id', [name])).rows[0]!.id);
  const users: FaultUser[] = [];
  for (let i = 0; i < count; i++) {
    const role = i === 0 ? 'admin' : 'coach';
    const { rows } = await db.query<{ id: number }>(
      'INSERT INTO users (company_id, acl_role_id, username, given_name, surname) VALUES ($1, $2, $3, $3, $4) RETURNING id',
      [companyId, role === 'admin' ? 7 : 4, `${name.replace(/\W/g, '').toLowerCase()}-u${i}`, 'Test'],
    );
    const id = Number(rows[0]!.id);
    const { token } = await createSession(db, { id, companyId }, { mfaValidated: true });
    users.push({ id, token, role });
  }
  // Three participants per coach to begin with; the administrator moves them around.
  const coaches = users.filter((u) => u.role === 'coach');
  const participants: FaultParticipant[] = [];
  for (let i = 0; i < coaches.length * 3; i++) {
    const { rows } = await db.query<{ id: number; uuid: string }>(
      `INSERT INTO participants (company_id, firstname, lastname, coach_id, phone, city)
       VALUES ($1, $2, 'Deelnemer', $3, '0600000000', 'Utrecht') RETURNING id, uuid::text AS uuid`,
      [companyId, `P${i}`, coaches[i % coaches.length]!.id],
    );
    participants.push({ id: Number(rows[0]!.id), uuid: rows[0]!.uuid, coachId: coaches[i % coaches.length]!.id });
  }
  return { companyId, users, participants };
}

/** The body prefix that makes the fault server's saveSyncProbe resolver throw (poison rows). */
export const POISON_PREFIX = 'poison ';

/**
 * Poison rows, in the fault server's database only (never a migration, never production): a
 * trigger that raises an exception when a sync probe is stored with a body starting with
 * POISON_PREFIX, so the saveSyncProbe resolver throws an error that is not transient (a bug, as
 * after a bad deploy). Idempotent: every seed installs it again.
 */
export async function installPoisonRows(db: FaultDb): Promise<void> {
  await db.query(`CREATE OR REPLACE FUNCTION fault_poison_probe() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.body LIKE '${POISON_PREFIX}%' THEN RAISE EXCEPTION 'fault injection: poison row %', NEW.uuid; END IF;
      RETURN NEW;
    END $$`);
  await db.query('DROP TRIGGER IF EXISTS fault_poison_probe ON sync_probes');
  await db.query('CREATE TRIGGER fault_poison_probe BEFORE INSERT OR UPDATE ON sync_probes FOR EACH ROW EXECUTE FUNCTION fault_poison_probe()');
}

function pathOf(url: string): string {
  const u = new URL(url, 'http://werkpad.test');
  return `${u.pathname}${u.search}`;
}

/** A server process: started, killed with a signal, started again with the same environment. */
function serverProcess(script: string, env: NodeJS.ProcessEnv, log?: (line: string) => void) {
  let child: ChildProcess | null = null;
  const start = async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: ROOT,
      env: { ...process.env, ...env, WERKPAD_SEED_DEMO: '0', SENTRY_DSN: '', NODE_ENV: 'test' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      // Generous: on the shared 2-core machine under load 30 a first start took more than 3 minutes.
      const timer = setTimeout(() => {
        proc.kill('SIGKILL');
        reject(new Error(`server did not start in 600 s:\n${output}`));
      }, 600_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('listens on')) {
          clearTimeout(timer);
          resolve();
        }
      };
      proc.stdout?.on('data', onData);
      proc.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        log?.(chunk.toString());
      });
      proc.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
      });
    });
    proc.removeAllListeners('exit');
  };
  /** Resolves with the signal that ends the running process (null for an exit of its own). */
  const exited = (): Promise<NodeJS.Signals | null> => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve(proc?.signalCode ?? null);
    return new Promise((r) => proc.once('exit', (_code, signal) => r(signal)));
  };
  const kill = async (signal: NodeJS.Signals) => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((r) => proc.once('exit', () => r()));
    proc.kill(signal);
    await exited;
  };
  return { start, kill, exited };
}

export async function startPgliteFaultServer(options: { log?: (line: string) => void } = {}): Promise<FaultServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'werkpad-faults-pglite-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const secret = randomBytes(16).toString('hex');
  const proc = serverProcess(
    'tests/sync/pglite-fault-server.ts',
    {
      PORT: String(port),
      WERKPAD_FAULT_PGLITE_DIR: path.join(dir, 'pglite'),
      WERKPAD_FAULT_SECRET: secret,
      WERKPAD_DATA_DIR: dir,
      WERKPAD_STATIC_DIR: path.join(dir, 'no-static'),
    },
    options.log,
  );
  await proc.start();
  // While the server is down (a crash), the test's queries wait for the new process.
  let up: Promise<void> = Promise.resolve();
  const query = async <T,>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> => {
    for (let attempt = 0; ; attempt++) {
      await up;
      let res: Response;
      try {
        res = await fetch(`${base}/__faults/sql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-fault-secret': secret },
          body: JSON.stringify({ sql, params }),
        });
      } catch (error) {
        // The process is being replaced: wait for it (a statement that never reached it is sent again).
        if (attempt < 50) {
          await new Promise((r) => setTimeout(r, 200));
          continue;
        }
        throw error;
      }
      const answer = (await res.json()) as QueryResult<T> & { error?: string };
      if (!res.ok) throw new Error(`${answer.error ?? res.status}: ${sql}`);
      return answer;
    }
  };
  const db: FaultDb = { query, exec: async (sql) => void (await query(sql)) };
  return {
    database: 'pglite',
    db,
    fetch: (url, init) => fetch(`${base}${pathOf(url)}`, init),
    tenant: (n) => makeTenant(db, n),
    async crashDuring(url, init, random) {
      let release!: () => void;
      up = new Promise((r) => (release = r));
      try {
        const arm = (afterQueries: number | null) =>
          fetch(`${base}/__faults/kill`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-fault-secret': secret },
            body: JSON.stringify({ afterQueries }),
          });
        await arm(1 + Math.floor(random() * 12));
        const exited = proc.exited();
        const answered = await fetch(`${base}${pathOf(url)}`, init).then(
          async (r) => (await r.text(), true),
          () => false,
        );
        const midPush = !answered && (await exited) === 'SIGKILL';
        if (answered) await arm(null).catch(() => undefined);
        await proc.kill('SIGKILL');
        await proc.start();
        return { midPush };
      } finally {
        release();
      }
    },
    async dropListens() {
      await up;
      const res = await fetch(`${base}/__faults/drop-listens`, { method: 'POST', headers: { 'x-fault-secret': secret } });
      return ((await res.json()) as { dropped: number }).dropped;
    },
    async close() {
      await proc.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The application_name of the server process's connections (pushInFlight looks for their transactions). */
const SERVER_APP_NAME = 'werkpad-fault-server';

/** A new database on the PostgreSQL server at `adminUrl`, migrated, and the server process on it. */
export async function startPostgresFaultServer(adminUrl: string, options: { log?: (line: string) => void; readUrl?: string } = {}): Promise<FaultServer> {
  const name = `faults_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = openDb({ databaseUrl: adminUrl });
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.close();
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  const databaseUrl = target.toString();
  const db = openDb({ databaseUrl });
  await migrate(db);
  const serverUrl = new URL(databaseUrl);
  serverUrl.searchParams.set('application_name', SERVER_APP_NAME);
  const standby = options.readUrl ? await standbyOf(options.readUrl, name) : null;
  const standbyUrl = standby?.url ?? null;
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'werkpad-faults-data-'));
  const base = `http://127.0.0.1:${port}`;
  const proc = serverProcess(
    'tests/sync/pg-fault-server.ts',
    {
      PORT: String(port),
      DATABASE_URL: serverUrl.toString(),
      DATABASE_POOL_SIZE: '12',
      WERKPAD_DATA_DIR: dataDir,
      WERKPAD_STATIC_DIR: path.join(dataDir, 'no-static'),
      ...(standbyUrl ? { DATABASE_READ_URL: standbyUrl } : {}),
    },
    options.log,
  );
  await proc.start();

  return {
    database: 'postgres',
    db,
    fetch: (url, init) => fetch(`${base}${pathOf(url)}`, init),
    tenant: (n) => makeTenant(db, n),
    async crashDuring(url, init, random) {
      let settled = false;
      const inFlight = fetch(`${base}${pathOf(url)}`, init).then(
        (r) => r.text(),
        () => undefined,
      ).finally(() => (settled = true));
      const open = async () => {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM pg_stat_activity
            WHERE datname = current_database() AND application_name = $1 AND xact_start IS NOT NULL`,
          [SERVER_APP_NAME],
        );
        return Number(rows[0]?.n ?? 0) > 0;
      };
      for (let i = 0; i < 5000 && !settled && !(await open()); i++) await new Promise((r) => setTimeout(r, 1));
      await new Promise((r) => setTimeout(r, Math.floor(random() * 4)));
      const midPush = !settled;
      await proc.kill('SIGKILL');
      await inFlight;
      await proc.start();
      return { midPush };
    },
    async dropListens() {
      const { rows } = await db.query<{ ended: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`,
        [LISTEN_APPLICATION_NAME],
      );
      return rows.filter((r) => r.ended).length;
    },
    ...(standby ? { replicaLag: replicaLagInjector(db, standby.db) } : {}),
    async close() {
      await proc.kill('SIGTERM');
      await db.close();
      await standby?.db.close();
      rmSync(dataDir, { recursive: true, force: true });
      const cleanup = openDb({ databaseUrl: adminUrl });
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await cleanup.close();
    },
  };
}

/** The standby's copy of database `name` (waits until CREATE DATABASE has reached it). */
async function standbyOf(readUrl: string, name: string): Promise<{ url: string; db: Db }> {
  const url = new URL(readUrl);
  url.pathname = `/${name}`;
  const db = openDb({ databaseUrl: url.toString() });
  for (let tries = 0; ; tries++) {
    try {
      await db.query('SELECT 1');
      return { url: url.toString(), db };
    } catch (error) {
      if (tries > 500) throw error;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
}

/** Replication delay at random moments (FaultServer.replicaLag). */
function replicaLagInjector(primary: Db, standby: Db): NonNullable<FaultServer['replicaLag']> {
  let running: Promise<void> | null = null;
  let stopping = false;
  let pausedMs = 0;
  let rowsBefore = 0;
  const rowsRead = async () =>
    Number((await standby.query<{ n: number }>('SELECT tup_returned AS n FROM pg_stat_database WHERE datname = current_database()')).rows[0]?.n ?? 0);
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  const replayed = async () => {
    const { rows } = await primary.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    const target = lsnValue(rows[0]?.lsn);
    for (let i = 0; i < 5000; i++) {
      const { rows: r } = await standby.query<{ lsn: string }>('SELECT pg_last_wal_replay_lsn()::text AS lsn');
      if (lsnValue(r[0]?.lsn) >= target) return;
      await sleep(2);
    }
    throw new Error('the standby did not catch up within 10 s');
  };
  return {
    start(random) {
      stopping = false;
      pausedMs = 0;
      running = (async () => {
        rowsBefore = await rowsRead();
        while (!stopping) {
          await sleep(20 + Math.floor(random() * 200));
          if (stopping) break;
          const paused = Date.now();
          await standby.query('SELECT pg_wal_replay_pause()');
          await sleep(20 + Math.floor(random() * 400));
          await standby.query('SELECT pg_wal_replay_resume()');
          pausedMs += Date.now() - paused;
          // Another process's writes: the test's own (scope moves) reach the standby's mark this way.
          await publishReadMark(primary);
        }
      })();
    },
    async stop() {
      stopping = true;
      await running;
      running = null;
      await standby.query('SELECT pg_wal_replay_resume()');
      await publishReadMark(primary);
      await replayed();
      // pg_stat_database is updated when a standby backend reports (at most every 500 ms).
      await sleep(700);
      return { pausedMs, rowsRead: (await rowsRead()) - rowsBefore };
    },
  };
}
