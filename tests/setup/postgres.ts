import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/test/free-port';
import { PGLITE_SNAPSHOT_ENV, writeMigratedPgliteSnapshot } from '../../server/test/pglite-snapshot';
import { openDb } from '../../server/db/db';
import { migrate } from '../../server/db/migrate';
import { PG_TEMPLATE_ENV } from '../../server/test/db';
import { startThrowawayReplicaPair } from '../sync/postgres-server';

/**
 * Vitest global setup for the server suite: with WERKPAD_TEST_DB=postgres it starts a throwaway
 * PostgreSQL server (Debian's `postgresql` package) on a free loopback port and exports its URL as
 * WERKPAD_TEST_PG_URL; each test file then creates its own database there. Without it, tests use PGlite.
 */
export default async function setup(): Promise<(() => void) | undefined> {
  if (process.env.WERKPAD_TEST_DB === 'postgres-replica') {
    // Issue 26: a primary and a hot standby streaming from it; test databases get both URLs (server/test/db.ts).
    if (process.env.WERKPAD_TEST_PG_URL) return undefined;
    const pair = await startThrowawayReplicaPair();
    if (!pair) throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (.ci/run does this).');
    process.env.WERKPAD_TEST_PG_URL = pair.url;
    process.env.WERKPAD_TEST_PG_READ_URL = pair.readUrl;
    console.log(`PostgreSQL test primary ${pair.url}, standby ${pair.readUrl}`);
    return () => pair.stop();
  }
  if (process.env.WERKPAD_TEST_DB !== 'postgres') {
    // PGlite: every test file starts from one migrated cluster dumped here (server/test/pglite-snapshot.ts).
    if (process.env[PGLITE_SNAPSHOT_ENV]) return undefined;
    const dir = mkdtempSync(path.join(tmpdir(), 'werkpad-pglite-'));
    const file = path.join(dir, 'migrated.tar');
    await writeMigratedPgliteSnapshot(file);
    process.env[PGLITE_SNAPSHOT_ENV] = file;
    return () => {
      delete process.env[PGLITE_SNAPSHOT_ENV];
      rmSync(dir, { recursive: true, force: true });
    };
  }
  if (process.env.WERKPAD_TEST_PG_URL) return undefined; // an outside server was given

  const bin = findPostgresBin();
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'werkpad-pg-'));
  const dataDir = path.join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  const pgUid = asRoot ? Number(execFileSync('id', ['-u', 'postgres']).toString().trim()) : undefined;
  const pgGid = asRoot ? Number(execFileSync('id', ['-g', 'postgres']).toString().trim()) : undefined;
  if (pgUid !== undefined && pgGid !== undefined) chownSync(dir, pgUid, pgGid);

  // PostgreSQL refuses to run as root: run its tools as the postgres user then.
  const runPg = (tool: string, args: string[]) => {
    const cmd = asRoot ? 'runuser' : path.join(bin, tool);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    const res = spawnSync(cmd, fullArgs, { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${tool} failed: ${res.stderr || res.stdout}`);
  };

  runPg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  runPg('pg_ctl', [
    '-D', dataDir, '-w', '-l', path.join(dir, 'server.log'),
    '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ]);
  process.env.WERKPAD_TEST_PG_URL = `postgres://postgres@127.0.0.1:${port}/postgres`;
  console.log(`PostgreSQL test server on 127.0.0.1:${port}`);
  // Every test file's database is a copy of this migrated one (server/test/db.ts), not migrated anew.
  await createMigratedTemplate(process.env.WERKPAD_TEST_PG_URL);

  return () => {
    try {
      runPg('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

function findPostgresBin(): string {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (existsSync(path.join(bin, 'initdb'))) return bin;
  }
  throw new Error('PostgreSQL is not installed: apt-get install -y postgresql (.ci/run does this).');
}


/** A migrated database on the throwaway server that test databases are created from (CREATE DATABASE … TEMPLATE). */
async function createMigratedTemplate(serverUrl: string): Promise<void> {
  const name = 't_migrated_template';
  const admin = openDb({ databaseUrl: serverUrl });
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = openDb({ databaseUrl: url.toString() });
  try {
    await migrate(db);
  } finally {
    await db.close(); // a template must have no connections while it is copied
  }
  process.env[PG_TEMPLATE_ENV] = name;
}
