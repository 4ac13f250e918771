/**
 * The server under fault injection (workers/fault-injection.test.ts, tests/faults/run.ts), on one
 * of two databases:
 * - PostgreSQL: the real server process, `node --import tsx server/main.ts` on a free loopback port
 *   against DATABASE_URL; `crash()` kills it with SIGKILL (mid-push when the caller times it so)
 *   and starts it again. The test keeps its own connection for scope changes and the final checks.
 * - PGlite: the app in this process on a PGlite data directory; `crash()` waits for the requests
 *   in flight, closes the database and opens it again with a new app (a restart, not a kill: PGlite
 *   is one process's embedded database, so a child process holding it would leave the test no way
 *   to move owners mid-run or read the rows afterwards; docs/decisions-sync.md, Fault injection).
 * `tenant()` makes a fresh company with users and bearer sessions, so every seed starts empty.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDb, type Db } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { createSession } from '../../server/auth/session';
import { createTestApp } from '../../server/sync/test-fixture';
import { freePort } from './postgres-server';

export type FaultDatabase = 'pglite' | 'postgres';

export interface FaultTenant {
  companyId: number;
  users: { id: number; token: string }[];
}

export interface FaultServer {
  database: FaultDatabase;
  /** What `crash()` does: 'SIGKILL' of the server process, or 'restart' of the in-process app. */
  crashKind: 'SIGKILL' | 'restart';
  /** Sends one HTTP request to the server (path and query of `url` are kept). */
  fetch(url: string, init?: RequestInit): Promise<Response>;
  /** The test's own connection (scope changes, checks). */
  db: Db;
  tenant(users: number): Promise<FaultTenant>;
  /** Kills (or restarts) the server and waits until it answers again. */
  crash(): Promise<void>;
  close(): Promise<void>;
}

const ROOT = path.resolve(import.meta.dirname, '../..');

async function makeTenant(db: Db, count: number): Promise<FaultTenant> {
  const name = `Faults ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const companyId = Number((await db.query<{ id: number }>('INSERT INTO companies (name) VALUES ($1) RETURNING id', [name])).rows[0]!.id);
  const users: FaultTenant['users'] = [];
  for (let i = 0; i < count; i++) {
    const { rows } = await db.query<{ id: number }>(
      'INSERT INTO users (company_id, acl_role_id, username, given_name, surname) VALUES ($1, $2, $3, $3, $4) RETURNING id',
      [companyId, i % 2 === 0 ? 7 : 4, `${name.replace(/\W/g, '').toLowerCase()}-u${i}`, 'Test'],
    );
    const id = Number(rows[0]!.id);
    const { token } = await createSession(db, { id, companyId }, { mfaValidated: true });
    users.push({ id, token });
  }
  return { companyId, users };
}

function pathOf(url: string): string {
  const u = new URL(url, 'http://werkpad.test');
  return `${u.pathname}${u.search}`;
}

export async function startPgliteFaultServer(): Promise<FaultServer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'werkpad-faults-pglite-'));
  const dataDir = path.join(dir, 'pglite');
  let db = openDb({ dataDir });
  await migrate(db);
  let app = createTestApp(db);
  let inFlight = 0;
  let down: Promise<void> | null = null;
  const server: FaultServer = {
    database: 'pglite',
    crashKind: 'restart',
    get db() {
      return db;
    },
    async fetch(url, init) {
      if (down) throw new TypeError('fetch failed: connection refused');
      inFlight++;
      try {
        return await app.request(pathOf(url), init);
      } finally {
        inFlight--;
      }
    },
    tenant: (n) => makeTenant(db, n),
    async crash() {
      let release!: () => void;
      down = new Promise((r) => (release = r));
      while (inFlight > 0) await new Promise((r) => setTimeout(r, 5));
      await db.close();
      db = openDb({ dataDir });
      await migrate(db);
      app = createTestApp(db);
      down = null;
      release();
    },
    async close() {
      await db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return server;
}

/** A new database on the PostgreSQL server at `adminUrl`, migrated, and the server process on it. */
export async function startPostgresFaultServer(adminUrl: string, options: { log?: (line: string) => void } = {}): Promise<FaultServer> {
  const name = `faults_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = openDb({ databaseUrl: adminUrl });
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.close();
  const target = new URL(adminUrl);
  target.pathname = `/${name}`;
  const databaseUrl = target.toString();
  const db = openDb({ databaseUrl });
  await migrate(db);
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'werkpad-faults-data-'));
  const base = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;

  const start = async () => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: '12',
        WERKPAD_DATA_DIR: dataDir,
        WERKPAD_STATIC_DIR: path.join(dataDir, 'no-static'),
        WERKPAD_SEED_DEMO: '0',
        SENTRY_DSN: '',
        NODE_ENV: 'test',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`server did not start in 120 s:\n${output}`)), 120_000);
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
        options.log?.(chunk.toString());
      });
      proc.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`server exited (${code ?? signal}) before listening:\n${output}`));
      });
    });
    proc.removeAllListeners('exit');
  };
  await start();

  const kill = async (signal: NodeJS.Signals) => {
    const proc = child;
    child = null;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise<void>((r) => proc.once('exit', () => r()));
    proc.kill(signal);
    await exited;
  };

  return {
    database: 'postgres',
    crashKind: 'SIGKILL',
    db,
    fetch: (url, init) => fetch(`${base}${pathOf(url)}`, init),
    tenant: (n) => makeTenant(db, n),
    async crash() {
      await kill('SIGKILL');
      await start();
    },
    async close() {
      await kill('SIGTERM');
      await db.close();
      rmSync(dataDir, { recursive: true, force: true });
      const cleanup = openDb({ databaseUrl: adminUrl });
      await cleanup.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await cleanup.close();
    },
  };
}
