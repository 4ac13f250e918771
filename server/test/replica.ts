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

/**
 * Pauses the standby's replay and waits until it has stopped (a pause is only requested at first: the
 * standby may still replay a record or two, e.g. a write the test makes right after asking).
 */
export async function pauseReplay(standby: Db): Promise<void> {
  await standby.query('SELECT pg_wal_replay_pause()');
  for (let tries = 0; ; tries++) {
    const { rows } = await standby.query<{ state: string }>('SELECT pg_get_wal_replay_pause_state() AS state');
    if (rows[0]?.state === 'paused') return;
    if (tries > 2_000) throw new Error(`the standby's replay did not pause (state: ${rows[0]?.state ?? 'unknown'})`);
    await new Promise((r) => setTimeout(r, 2));
  }
}
