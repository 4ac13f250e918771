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
import { COLLECTIONS, COLLECTION_NAMES, withDerived, type CollectionName } from './collections';
import type { ReplicaDocument } from './types';
import type { OutboxStatus } from './outbox-machine';
import { replicaNameOf } from './row-identity';

export interface ReplicaVersion {
  version: number;
  /** Dexie store specs; null deletes a table. */
  stores: Record<string, string | null>;
  /** Collections whose documents and checkpoint are dropped (refilled by the next pull). */
  resetCollections?: readonly CollectionName[];
  /** Runs in the upgrade transaction, after the resets. */
  upgrade?: (tx: UpgradeTransaction) => Promise<void>;
}

/** `[status+clientMutationId]`: the oldest row of a status is the first key of its range (no scan past failed rows). */
export const OUTBOX_STORE = '&clientMutationId, status, [collection+target], [status+clientMutationId]';
export const CHECKPOINT_STORE = '&collection';
export const META_STORE = '&key';
/** The bytes of queued uploads, keyed by their outbox row's client mutation id (src/domain/writes/queued-file.ts). */
export const OUTBOX_FILES_STORE = '&clientMutationId';

/** The meta row that holds the outbox counts, kept by the worker on every outbox write (workers/replica/outbox-counts.ts). */
export const OUTBOX_COUNTS_KEY = 'outboxCounts';

/** Outbox rows per status. */
export type OutboxCounts = Record<OutboxStatus, number>;

export const emptyOutboxCounts = (): OutboxCounts => ({ pending: 0, sending: 0, failed: 0, conflict: 0 });

/** Counts every row once: the start of the kept counts when a replica is upgraded. */
export function countOutbox(rows: readonly { status?: unknown }[]): OutboxCounts {
  const counts = emptyOutboxCounts();
  for (const row of rows) {
    const status = row.status;
    if (status === 'pending' || status === 'sending' || status === 'failed' || status === 'conflict') counts[status]++;
  }
  return counts;
}

function collectionStores(): Record<string, string> {
  return Object.fromEntries(COLLECTION_NAMES.map((name) => [name, `&uuid, ${COLLECTIONS[name].indexes}`]));
}

/** Stores as version 1 declared them, where they changed later (a declared version never changes). */
const V1 = {
  messages: '&uuid, id, updatedAt, [recipientKey+createdAt], [senderKey+createdAt], participantId, parentMessageId',
  outbox: '&clientMutationId, status, [collection+target]',
  participants: '&uuid, id, updatedAt, nameLower, coachId, managerId, statusId, userId, [coachId+nameLower], [managerId+nameLower]',
  workPlans: '&uuid, id, updatedAt, participantId, [coachId+status], [managerId+status], [participantId+status]',
  wageValueMeasurements: '&uuid, id, updatedAt, [participantId+createdAt], status, expertUserId',
  files: '&uuid, id, updatedAt, participantId, messageId, workPlanId, measurementId',
};

/** Stores as version 2 declared them. */
const V2 = {
  messages:
    '&uuid, id, updatedAt, [recipientKey+createdAt], [senderKey+createdAt], unreadKey, [inboxKey+createdAt], [sentKey+createdAt], participantId, parentMessageId',
  outbox: '&clientMutationId, status, [collection+target], [status+clientMutationId]',
};

/** Collections whose derived index fields version 3 adds: derived again in place (no refill). */
const V3_DERIVED: readonly CollectionName[] = ['participants', 'workPlans', 'wageValueMeasurements'];

export const REPLICA_VERSIONS: readonly ReplicaVersion[] = [
  {
    version: 1,
    stores: { ...collectionStores(), ...V1, checkpoints: CHECKPOINT_STORE, meta: META_STORE },
  },
  {
    // Issue 9: the unread badge, the inbox and Verzonden read their own index (derived fields on
    // messages, refilled by the next pull); the outbox counts are kept in a meta row, starting here
    // from one count of the rows already queued.
    version: 2,
    stores: { ...V2 },
    resetCollections: ['messages'],
    upgrade: async (tx) => {
      const rows = (await tx.table('outbox').toArray()) as { status?: unknown }[];
      await tx.table('meta').put({ key: OUTBOX_COUNTS_KEY, value: countOutbox(rows) });
    },
  },
  {
    // Screen queries by index (docs/decisions-client-speed.md): the participants list (listName),
    // the work-plan list ([listStatus+nameSort]) and the measurement search (listCreatedAt,
    // [status+listCreatedAt]) page and count by index. The documents stay: their derived fields are
    // computed here, in the upgrade transaction, so nothing is pulled again and the outbox is untouched.
    version: 3,
    stores: Object.fromEntries(V3_DERIVED.map((name) => [name, `&uuid, ${COLLECTIONS[name].indexes}`])),
    upgrade: async (tx) => {
      for (const name of V3_DERIVED) {
        const table = tx.table(name);
        const docs = (await table.toArray()) as ReplicaDocument[];
        if (docs.length > 0) await table.bulkPut(docs.map((doc) => withDerived(name, doc)));
      }
    },
  },
  {
    // Issue 18, one queue: the bytes of a queued upload beside its outbox row (docs/writes.md, "Files").
    version: 4,
    stores: { outboxFiles: OUTBOX_FILES_STORE },
  },
  {
    // Issue 23: an instrument's documents are read by their instrument link. The documents stay (every file
    // row already carries instrumentId; IndexedDB builds the new index in place), nothing is pulled again.
    version: 5,
    stores: { files: `&uuid, ${COLLECTIONS.files.indexes}` },
  },
  {
    // Issue 36, encryption at rest: every value is sealed with the identity's data key (src/lib/device-crypto/seal.ts,
    // which seals whatever this upgrade writes back) and no index holds a name any more (participants, users, work
    // plans). The documents of the clear replica are dropped and pulled again; the outbox rows, the bytes of
    // queued files and the meta rows are read and written back, so they are sealed and nothing unsent is lost.
    version: 6,
    stores: Object.fromEntries((['participants', 'users', 'workPlans'] as const).map((name) => [name, `&uuid, ${COLLECTIONS[name].indexes}`])),
    resetCollections: COLLECTION_NAMES,
    // A queued file's Blob is read synchronously for sealing only in the sync worker (FileReaderSync): a page that
    // opens first with queued files fails this upgrade and the worker's open makes it (replica-db.ts retries).
    upgrade: async (tx) => {
      for (const table of ['outbox', 'meta', 'outboxFiles']) {
        const rows = await tx.table(table).toArray();
        if (rows.length > 0) await tx.table(table).bulkPut(rows);
      }
    },
  },
];

export const REPLICA_VERSION = REPLICA_VERSIONS[REPLICA_VERSIONS.length - 1]?.version ?? 1;

/**
 * `werkpad-<companyId>-<userId>`: one replica per identity; while impersonating the name also
 * carries the real user and the chain (row-identity.ts, replicaNameOf).
 */
export function replicaName(session: { companyId: number; userId: number; chain?: readonly number[]; realUserId?: number | null }): string {
  return replicaNameOf(session);
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
  table(name: string): {
    clear(): PromiseLike<unknown>;
    delete(key: string): PromiseLike<unknown>;
    toArray(): PromiseLike<unknown[]>;
    put(value: unknown): PromiseLike<unknown>;
    bulkPut(values: readonly unknown[]): PromiseLike<unknown>;
  };
}

/** Declares every version on a fresh Dexie instance, before it opens. */
export function declareReplicaSchema(db: SchemaTarget, versions: readonly ReplicaVersion[] = REPLICA_VERSIONS): void {
  for (const v of versions) {
    const declared = db.version(v.version).stores(v.stores);
    const reset = v.resetCollections ?? [];
    const more = v.upgrade;
    if (reset.length > 0 || more) {
      declared.upgrade(async (tx) => {
        for (const name of reset) {
          await tx.table(name).clear();
          await tx.table('checkpoints').delete(name);
        }
        if (more) await more(tx);
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
