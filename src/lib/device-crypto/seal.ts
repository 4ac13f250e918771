/**
 * The sealing layer (issue 36, docs/decisions-offline-unlock.md "Encryption at rest: the sealing layer"): a
 * Dexie DBCore middleware that seals every value a database stores with its identity's data key
 * (data-keys.ts) and opens it again on every read path (get, getMany, query with values, cursors), so
 * everything above it (Dexie's tables and collections, liveQuery, the outbox counts) sees clear values and
 * IndexedDB only sealed ones. It sits below Dexie's own middlewares (level -10).
 *
 * Without the key, a read or write refuses with ReplicaLockedError: nothing clear is stored or answered.
 * Deletes and counts need no key (they neither store nor answer a value). A record stored in clear by an
 * earlier build is read only inside a schema upgrade (a versionchange transaction), which seals it again;
 * anywhere else it is refused as unsealed.
 */
import type { DBCore, DBCoreCursor, DBCoreMutateRequest, DBCoreTable, Dexie, Middleware } from 'dexie';
import { dataKeyFor, onDataKeyChange } from './data-keys';
import { isSealed, makeSealer, randomIvs, ReplicaLockedError, SealOpenError, type Sealer } from './seal-codec';
import { openedValuesOf } from './opened-values';

export { ReplicaLockedError, SealOpenError };

export interface SealOptions {
  /** The identity whose data key seals this database (the replica's name). */
  identity: string;
  /** The fields of a table that stay clear (its primary key first among them). */
  clearFields: (table: string) => readonly string[];
  /**
   * Keep up to this many opened values in memory (the page's read-only reader): a value read again unchanged is
   * not decrypted and parsed again (opened-values.ts). Never for a context that writes what it reads.
   */
  keepOpened?: number;
}

/** One sealer per identity and key, dropped when the key goes. */
const sealers = new Map<string, { key: Uint8Array; sealer: Sealer }>();
onDataKeyChange((identity) => sealers.delete(identity));

/** The sealer of an identity's current key; ReplicaLockedError without one. */
export function sealerFor(identity: string): Sealer {
  const key = dataKeyFor(identity);
  if (!key) throw new ReplicaLockedError(identity);
  const cached = sealers.get(identity);
  if (cached && cached.key === key) return cached.sealer;
  const sealer = makeSealer(key);
  sealers.set(identity, { key, sealer });
  return sealer;
}

/** Whether a DBCore transaction is a schema upgrade (the only place clear records of an earlier build are read). */
function isUpgrade(trans: unknown): boolean {
  return (trans as { mode?: string } | null)?.mode === 'versionchange';
}

function sealingTable(table: DBCoreTable, options: SealOptions): DBCoreTable {
  const name = table.name;
  const clear = options.clearFields(name);
  const primary = table.schema.primaryKey.keyPath;
  if (table.schema.primaryKey.outbound || typeof primary !== 'string' || clear[0] !== primary) {
    throw new Error(`sealing: table ${name} needs an inbound primary key, first of its clear fields`);
  }
  const open = (trans: unknown, value: unknown): unknown => {
    if (value === undefined || value === null) return value;
    if (!isSealed(value)) {
      if (isUpgrade(trans)) return value;
      throw new SealOpenError(`a record of ${name} is stored in clear`);
    }
    if (!options.keepOpened) return sealerFor(options.identity).open(name, clear, value);
    // Looked up on every read: a new key drops the kept values (opened-values.ts).
    const kept = openedValuesOf(options.identity, options.keepOpened);
    const sealer = sealerFor(options.identity);
    return kept.open(name, clear, value, () => sealer.open(name, clear, value));
  };
  const sealAll = (req: DBCoreMutateRequest): DBCoreMutateRequest => {
    if (req.type !== 'add' && req.type !== 'put') return req;
    const sealer = sealerFor(options.identity);
    const ivs = randomIvs(req.values.length);
    const values = req.values.map((value: Record<string, unknown>, i) => sealer.seal(name, clear, value, ivs[i]!));
    return { ...req, values };
  };
  const openCursor = (cursor: DBCoreCursor, trans: unknown): DBCoreCursor => {
    let raw: unknown = undefined;
    let opened: unknown = undefined;
    // key and primaryKey are the native cursor's getters: read on the cursor itself (not through the wrapper).
    return Object.create(cursor, {
      key: { get: (): unknown => cursor.key },
      primaryKey: { get: (): unknown => cursor.primaryKey },
      value: {
        get() {
          const now: unknown = cursor.value;
          if (now !== raw) {
            raw = now;
            opened = open(trans, now);
          }
          return opened;
        },
      },
    }) as DBCoreCursor;
  };
  return {
    ...table,
    mutate(req) {
      let sealed: DBCoreMutateRequest;
      try {
        sealed = sealAll(req);
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
      return table.mutate(sealed);
    },
    get(req) {
      if (!dataKeyFor(options.identity) && !isUpgrade(req.trans)) return Promise.reject(new ReplicaLockedError(options.identity));
      return table.get(req).then((value) => open(req.trans, value));
    },
    getMany(req) {
      if (!dataKeyFor(options.identity) && !isUpgrade(req.trans)) return Promise.reject(new ReplicaLockedError(options.identity));
      return table.getMany(req).then((values) => values.map((value) => open(req.trans, value)));
    },
    query(req) {
      if (!req.values) return table.query(req);
      if (!dataKeyFor(options.identity) && !isUpgrade(req.trans)) return Promise.reject(new ReplicaLockedError(options.identity));
      return table.query(req).then((res) => ({ ...res, result: res.result.map((value) => open(req.trans, value)) }));
    },
    openCursor(req) {
      if (req.values === false) return table.openCursor(req);
      if (!dataKeyFor(options.identity) && !isUpgrade(req.trans)) return Promise.reject(new ReplicaLockedError(options.identity));
      return table.openCursor(req).then((cursor) => (cursor ? openCursor(cursor, req.trans) : cursor));
    },
  };
}

function sealingMiddleware(options: SealOptions): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'Sealing',
    level: -10,
    create: (core) => ({
      ...core,
      table: (name) => sealingTable(core.table(name), options),
    }),
  };
}

/** Seals every value of `dexie` with the identity's data key (install before the database opens). */
export function sealDatabase(dexie: Dexie, options: SealOptions): void {
  // The bench's baseline build only (vite.config.ts): what the sealing costs, measured beside the sealed figures.
  if (typeof __WERKPAD_BENCH_UNSEALED__ !== 'undefined' && __WERKPAD_BENCH_UNSEALED__) return;
  dexie.use(sealingMiddleware(options));
}

/** Resolves when the identity's data key is in this context (at once when it is). */
export function whenUnlocked(identity: string): Promise<void> {
  if (dataKeyFor(identity)) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = onDataKeyChange((changed, present) => {
      if (changed === identity && present) {
        stop();
        resolve();
      }
    });
  });
}
