import { randomBytes } from 'node:crypto';
import { openDb, type Db } from '../db/db';
import { migrate } from '../db/migrate';
import { migratedPgliteSnapshot } from './pglite-snapshot';
import { testDbMode, withTestStandby } from './replica';

/** The migrated template database on the throwaway PostgreSQL server (tests/setup/postgres.ts). */
export const PG_TEMPLATE_ENV = 'WERKPAD_TEST_PG_TEMPLATE';

/**
 * A fresh migrated database for a test file: PGlite in memory, or — with WERKPAD_TEST_DB=postgres —
 * a new database `t_<random>` on the server at WERKPAD_TEST_PG_URL (started by tests/setup/postgres.ts);
 * with WERKPAD_TEST_DB=postgres-replica its standby copy serves the pulls (server/test/replica.ts).
 * Closing a PostgreSQL test database also drops it.
 */
export async function createTestDb(): Promise<Db> {
  if (testDbMode() === 'pglite') {
    // From the migrated dump of the global setup (server/test/pglite-snapshot.ts): migrate() then finds nothing to do.
    const db = openDb({ loadDataDir: migratedPgliteSnapshot() });
    await migrate(db);
    return db;
  }
  const serverUrl = process.env.WERKPAD_TEST_PG_URL;
  if (!serverUrl) throw new Error('WERKPAD_TEST_DB=postgres needs WERKPAD_TEST_PG_URL (tests/setup/postgres.ts sets it)');
  const name = `t_${randomBytes(8).toString('hex')}`;
  const admin = openDb({ databaseUrl: serverUrl });
  try {
    // tests/setup/postgres.ts migrates a template once per run; migrate() below then finds nothing to do.
    const template = process.env[PG_TEMPLATE_ENV];
    await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  } finally {
    await admin.close();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const db = await withTestStandby(openDb({ databaseUrl: url.toString() }), name);
  await migrate(db);
  return {
    ...db,
    kind: db.kind,
    async close() {
      await db.close();
      const dropper = openDb({ databaseUrl: serverUrl });
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.close();
      }
    },
  };
}
