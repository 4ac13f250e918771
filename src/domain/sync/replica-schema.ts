/**
 * The replica's IndexedDB schema, shared by the sync worker (which writes) and the main thread
 * (whose screens read through liveQuery). Both open the same database with the same versions, so
 * this is the only place a version is declared. The Dexie instance is passed in: this module holds
 * no IndexedDB code of its own.
 *
 * Upgrading: append a version. Tables not mentioned keep their data; a collection whose indexes
 * change can be listed in `resetCollections`: its documents and checkpoint are cleared and the next
 * pull refills it. The outbox is never cleared: pending changes survive every upgrade.
 */
import { COLLECTIONS, COLLECTION_NAMES, type CollectionName } from './collections';

export interface ReplicaVersion {
  version: number;
  /** Dexie store specs; null deletes a table. */
  stores: Record<string, string | null>;
  /** Collections whose documents and checkpoint are dropped (refilled by the next pull). */
  resetCollections?: readonly CollectionName[];
}

export const OUTBOX_STORE = '&clientMutationId, status, [collection+target]';
export const CHECKPOINT_STORE = '&collection';
export const META_STORE = '&key';

function collectionStores(): Record<string, string> {
  return Object.fromEntries(COLLECTION_NAMES.map((name) => [name, `&uuid, ${COLLECTIONS[name].indexes}`]));
}

export const REPLICA_VERSIONS: readonly ReplicaVersion[] = [
  {
    version: 1,
    stores: { ...collectionStores(), outbox: OUTBOX_STORE, checkpoints: CHECKPOINT_STORE, meta: META_STORE },
  },
];

export const REPLICA_VERSION = REPLICA_VERSIONS[REPLICA_VERSIONS.length - 1]?.version ?? 1;

/** `werkpad-<companyId>-<userId>`: one replica per signed-in user and company. */
export function replicaName(session: { companyId: number; userId: number }): string {
  return `werkpad-${session.companyId}-${session.userId}`;
}

/** What declaring the schema needs of a Dexie instance (structural, so this module imports no IndexedDB code). */
export interface SchemaTarget {
  version(n: number): {
    stores(spec: Record<string, string | null>): {
      upgrade(fn: (tx: UpgradeTransaction) => Promise<void>): unknown;
    };
  };
}
export interface UpgradeTransaction {
  table(name: string): { clear(): PromiseLike<unknown>; delete(key: string): PromiseLike<unknown> };
}

/** Declares every version on a fresh Dexie instance, before it opens. */
export function declareReplicaSchema(db: SchemaTarget, versions: readonly ReplicaVersion[] = REPLICA_VERSIONS): void {
  for (const v of versions) {
    const declared = db.version(v.version).stores(v.stores);
    const reset = v.resetCollections ?? [];
    if (reset.length > 0) {
      declared.upgrade(async (tx) => {
        for (const name of reset) {
          await tx.table(name).clear();
          await tx.table('checkpoints').delete(name);
        }
      });
    }
  }
}

/** A stored checkpoint row. */
export interface CheckpointRow {
  collection: CollectionName;
  seq: number;
  scopeKey: string | null;
  /** When the last pull of this collection finished (ms). */
  syncedAt: number;
}

export interface MetaRow {
  key: string;
  value: unknown;
}
