/**
 * The small databases an identity keeps beside its replica (review drafts, dashboard figures: issue 36), one
 * per identity (identity-databases.ts names them) and sealed with its data key like the replica. The shared
 * clear database of an earlier build gives its rows of this identity once, on the first open, and is then
 * deleted (the rows of other identities in it go with it: they were kept in clear).
 */
import { Dexie } from 'dexie';
import { sealDatabase } from './seal';

export interface IdentityStoreSpec {
  /** The database's name for an identity (identity-databases.ts). */
  name: (identity: string) => string;
  /** Dexie stores of version 1. */
  stores: Record<string, string>;
  /** The clear fields per table (the primary key first, then what an index needs: non-personal only). */
  clear: Record<string, readonly string[]>;
  /** The shared clear database of an earlier build and which of its rows are this identity's. */
  legacy?: { name: string; rowsOf: (identity: string) => { table: string; mine: (key: string) => boolean }[] };
}

export function identityStore(spec: IdentityStoreSpec): (identity: string) => Promise<Dexie> {
  const open = new Map<string, Promise<Dexie>>();
  return (identity) => {
    let db = open.get(identity);
    if (!db) {
      db = openStore(spec, identity);
      open.set(identity, db);
      db.catch(() => open.delete(identity));
    }
    return db;
  };
}

async function openStore(spec: IdentityStoreSpec, identity: string): Promise<Dexie> {
  const db = new Dexie(spec.name(identity));
  sealDatabase(db, {
    identity,
    clearFields: (table) => {
      const fields = spec.clear[table];
      if (!fields) throw new Error(`sealing: ${db.name} has no clear-field list for ${table}`);
      return fields;
    },
  });
  db.version(1).stores(spec.stores);
  await db.open();
  if (spec.legacy && (await Dexie.exists(spec.legacy.name))) await moveLegacy(db, spec.legacy, identity);
  return db;
}

async function moveLegacy(db: Dexie, legacy: NonNullable<IdentityStoreSpec['legacy']>, identity: string): Promise<void> {
  const old = new Dexie(legacy.name);
  try {
    await old.open();
    for (const { table, mine: isMine } of legacy.rowsOf(identity)) {
      if (!old.tables.some((t) => t.name === table)) continue;
      const rows = (await old.table(table).toArray()) as { key?: unknown }[];
      const mine = rows.filter((row) => typeof row.key === 'string' && isMine(row.key));
      if (mine.length > 0) await db.table(table).bulkPut(mine);
    }
  } finally {
    old.close();
  }
  await Dexie.delete(legacy.name);
}
