import { PGlite } from '@electric-sql/pglite';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Db, Queryable } from '../db/db';
import { migrate } from '../db/migrate';

/**
 * A migrated PGlite cluster, dumped once per test run (tests/setup/postgres.ts) and loaded by every
 * test file's createTestDb (server/test/db.ts). Starting PGlite from a dump skips its initdb and the
 * migrations, which together took most of a small server test file's time (about 13 s of 15 s on a
 * loaded 2-core machine; loading the dump takes 2 s). The migrations still run on the loaded
 * database (server/test/db.ts), so a dump missing one cannot hide it.
 */
export const PGLITE_SNAPSHOT_ENV = 'WERKPAD_TEST_PGLITE_SNAPSHOT';

export async function writeMigratedPgliteSnapshot(file: string): Promise<void> {
  const pg = new PGlite('memory://');
  try {
    // migrate() only needs transaction(); the product wrapper (openDb) does not hand out its PGlite to dump.
    const db = {
      transaction: <T,>(fn: (tx: Queryable) => Promise<T>) =>
        pg.transaction((tx) =>
          fn({
            query: async <R,>(sql: string, params: readonly unknown[] = []) => {
              const res = await tx.query<R>(sql, [...params]);
              return { rows: res.rows, rowCount: res.affectedRows ?? res.rows.length };
            },
            exec: async (sql: string) => void (await tx.exec(sql)),
          }),
        ),
    } as unknown as Db;
    await migrate(db);
    const dump = await pg.dumpDataDir('none');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await pg.close();
  }
}

let cached: Blob | undefined;

/** The dump written by the global setup, or undefined when the tests run without it. */
export function migratedPgliteSnapshot(): Blob | undefined {
  const file = process.env[PGLITE_SNAPSHOT_ENV];
  if (!file) return undefined;
  cached ??= new Blob([readFileSync(file)]);
  return cached;
}
