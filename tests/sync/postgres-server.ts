import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../server/test/free-port';
export { freePort };

/**
 * A throwaway PostgreSQL server (Debian's `postgresql` package) on a free loopback port, for tests
 * outside the server project (which has tests/setup/postgres.ts as its global setup). Answers null
 * when the binaries are not installed: the caller skips that database with a notice.
 */
export interface ThrowawayPostgres {
  /** postgres://postgres@127.0.0.1:<port>/postgres */
  url: string;
  stop(): void;
}

export function findPostgresBin(): string | null {
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const v of versions) {
    const bin = path.join(root, v, 'bin');
    if (existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return null;
}

/**
 * Runs PostgreSQL's tools from `bin` on data under `dir`. PostgreSQL refuses to run as root: as root,
 * `dir` goes to the postgres user and the tools run as that user.
 */
function pgTools(bin: string, dir: string): (tool: string, args: string[]) => void {
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    chownSync(dir, uid, gid);
  }
  return (tool, args) => {
    const cmd = asRoot ? 'runuser' : path.join(bin, tool);
    const fullArgs = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    const res = spawnSync(cmd, fullArgs, { encoding: 'utf8' });
    if (res.status !== 0) throw new Error(`${tool} failed: ${res.stderr || res.stdout}`);
  };
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres | null> {
  if (process.env.WERKPAD_TEST_PG_URL) return { url: process.env.WERKPAD_TEST_PG_URL, stop: () => undefined };
  const bin = findPostgresBin();
  if (!bin) return null;
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'werkpad-faults-pg-'));
  const dataDir = path.join(dir, 'data');
  const runPg = pgTools(bin, dir);
  runPg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  runPg('pg_ctl', [
    '-D', dataDir, '-w', '-l', path.join(dir, 'server.log'),
    '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        runPg('pg_ctl', ['-D', dataDir, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}

/** A throwaway primary with one hot standby that streams from it (issue 26, docs/read-replicas.md). */
export interface ThrowawayReplicaPair {
  /** postgres://postgres@127.0.0.1:<port>/postgres of the primary. */
  url: string;
  /** The same for the standby (read-only). */
  readUrl: string;
  stop(): void;
}

/**
 * Starts Debian's PostgreSQL as a primary and a hot standby on two free loopback ports: initdb,
 * the primary, `pg_basebackup -R -X stream` (the standby's primary_conninfo and standby.signal),
 * the standby. The primary commits synchronously to its (unsynced, fsync=off) WAL, so the standby
 * receives a commit within milliseconds; hot_standby_feedback keeps the primary's vacuum from
 * cancelling a long read on the standby. Null when the binaries are not installed.
 */
export async function startThrowawayReplicaPair(): Promise<ThrowawayReplicaPair | null> {
  const bin = findPostgresBin();
  if (!bin) return null;
  const port = await freePort();
  let standbyPort = await freePort();
  while (standbyPort === port) standbyPort = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'werkpad-pg-pair-'));
  const primaryDir = path.join(dir, 'primary');
  const standbyDir = path.join(dir, 'standby');
  const runPg = pgTools(bin, dir);
  const common = `-k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200`;
  runPg('initdb', ['-D', primaryDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-locale']);
  runPg('pg_ctl', [
    '-D', primaryDir, '-w', '-l', path.join(dir, 'primary.log'),
    '-o', `-p ${port} ${common} -c wal_level=replica -c max_wal_senders=5 -c wal_keep_size=256MB`,
    'start',
  ]);
  try {
    runPg('pg_basebackup', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-D', standbyDir, '-R', '-X', 'stream', '-c', 'fast']);
    runPg('pg_ctl', [
      '-D', standbyDir, '-w', '-l', path.join(dir, 'standby.log'),
      '-o', `-p ${standbyPort} ${common} -c hot_standby=on -c hot_standby_feedback=on -c wal_receiver_status_interval=1s -c max_standby_streaming_delay=30s`,
      'start',
    ]);
  } catch (error) {
    runPg('pg_ctl', ['-D', primaryDir, '-m', 'immediate', 'stop']);
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    readUrl: `postgres://postgres@127.0.0.1:${standbyPort}/postgres`,
    stop() {
      try {
        runPg('pg_ctl', ['-D', standbyDir, '-m', 'immediate', 'stop']);
      } catch {
        // stopped already (a test stopped the standby on purpose)
      }
      try {
        runPg('pg_ctl', ['-D', primaryDir, '-m', 'immediate', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
