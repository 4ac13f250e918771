import type { Db } from '../db/db';
import { SERVER_COLLECTIONS } from './registry';

/**
 * Makes sure every replicated table carries the sync trigger of 004_sync.sql (write lock for the
 * committed high-water mark, NOTIFY for live pokes), also tables that a later migration added.
 * Idempotent; run once at start after the migrations.
 */
export async function ensureSyncTriggers(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ table_name: string }>(
    `SELECT t.table_name FROM information_schema.tables t
      WHERE t.table_schema = current_schema() AND t.table_name = ANY($1)
        AND NOT EXISTS (SELECT 1 FROM pg_trigger g JOIN pg_class c ON c.oid = g.tgrelid
                         WHERE c.relname = t.table_name AND g.tgname = t.table_name || '_a_sync')`,
    [SERVER_COLLECTIONS.map((c) => c.table)],
  );
  for (const { table_name } of rows) await db.query('SELECT sync_attach($1)', [table_name]);
  return rows.map((r) => r.table_name);
}

const ensured = new WeakMap<Db, Promise<unknown>>();

/** ensureSyncTriggers once per database handle (pulls and the stream call it before relying on the triggers). */
export function ensureSyncTriggersOnce(db: Db): Promise<unknown> {
  let done = ensured.get(db);
  if (!done) {
    done = ensureSyncTriggers(db).catch((err: unknown) => {
      ensured.delete(db);
      throw err;
    });
    ensured.set(db, done);
  }
  return done;
}
