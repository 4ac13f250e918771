import { openDb, type Db } from '../db/db';
import { readReplicas, withReplicas } from '../db/replicas';

/** The test database mode: PGlite (default), one PostgreSQL server, or a primary with a hot standby. */
export function testDbMode(): 'pglite' | 'postgres' | 'postgres-replica' {
  const mode = process.env.WERKPAD_TEST_DB;
  return mode === 'postgres' || mode === 'postgres-replica' ? mode : 'pglite';
}

/**
 * With WERKPAD_TEST_DB=postgres-replica (tests/setup/postgres.ts): the test database `name` on the
 * primary, with its standby copy attached as a read replica, so pulls read the standby. The tests
 * read right after they write, also outside a session's requests: reads see every write of this
 * process (processWrites) and wait for the standby to replay it (waitMs) before falling back to
 * the primary. Without a standby URL the database is answered as it is.
 */
export async function withTestStandby(db: Db, name: string): Promise<Db> {
  const readBase = process.env.WERKPAD_TEST_PG_READ_URL;
  if (!readBase) return db;
  const url = new URL(readBase);
  url.pathname = `/${name}`;
  const standby = openDb({ databaseUrl: url.toString() });
  // CREATE DATABASE reaches the standby within milliseconds; wait for it so reads do not start on a failed standby.
  for (let tries = 0; ; tries++) {
    try {
      await standby.query('SELECT 1');
      break;
    } catch (error) {
      if (tries > 500) throw error;
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  return withReplicas(db, readReplicas(db, [standby], { processWrites: true, waitMs: 5_000, retryMs: 200, maxLagMs: 30_000 }));
}

/** The advisory lock (on the standby's `postgres` database) that one test file holds while it pauses replay. */
const REPLAY_PAUSE_LOCK = 727026;

/**
 * Runs `fn` while the standby's replay is paused, and resumes it afterwards. Replay pauses for the
 * whole server, which every test file of the phase shares: the pause is held under an advisory lock
 * (advisory locks work on a hot standby and are never replayed), so one file's resume never ends
 * another file's pause. A pause is only requested at first (the standby may still replay a record or
 * two): `fn` starts once it has stopped.
 */
export async function whileReplayPaused<T>(standby: Db, fn: () => Promise<T>): Promise<T> {
  return standby.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [REPLAY_PAUSE_LOCK]);
    await tx.query('SELECT pg_wal_replay_pause()');
    try {
      for (let tries = 0; ; tries++) {
        const { rows } = await tx.query<{ state: string }>('SELECT pg_get_wal_replay_pause_state() AS state');
        if (rows[0]?.state === 'paused') break;
        if (tries > 2_000) throw new Error(`the standby's replay did not pause (state: ${rows[0]?.state ?? 'unknown'})`);
        await new Promise((r) => setTimeout(r, 2));
      }
      return await fn();
    } finally {
      await tx.query('SELECT pg_wal_replay_resume()');
    }
  });
}
