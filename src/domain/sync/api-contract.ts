/**
 * The shape of the sync worker's comlink API. workers/api.ts builds the API object and checks it
 * against this contract with `satisfies` (no member missing, none extra), and the main thread wraps
 * the worker with it (src/lib/sync-client.ts). It lives here because the app's and the worker's
 * TypeScript projects share only src/domain; a type import of workers/api.ts from src is not
 * possible with separate composite projects (TS6307).
 */
import type { CollectionName } from './collections';
import type { OutboxRow } from './outbox-machine';

export interface SyncSession {
  companyId: number;
  userId: number;
  /** Server origin; empty for same-origin. */
  baseUrl?: string;
}

export interface FirstSyncProgress {
  documents: number;
  collectionsDone: number;
  collectionsTotal: number;
  done: boolean;
}

/** What the shell shows beside the replica (online, pending, last synced, first-sync progress). */
export interface SyncStatus {
  state: 'stopped' | 'idle' | 'syncing' | 'offline' | 'blocked' | 'error';
  online: boolean;
  /** This tab's worker holds the sync lock. */
  leader: boolean;
  pending: number;
  failed: number;
  conflicts: number;
  /** When the oldest unsent change was made (warn when older than a day: Safari may evict). */
  oldestPendingAt: number | null;
  lastSyncedAt: number | null;
  firstSync: FirstSyncProgress | null;
  /** A catalogue code (token_expired, mfa_validation_required, ...) the shell must act on. */
  blockedCode: string | null;
  error: string | null;
}

export const initialSyncStatus = (): SyncStatus => ({
  state: 'stopped',
  online: true,
  leader: false,
  pending: 0,
  failed: 0,
  conflicts: 0,
  oldestPendingAt: null,
  lastSyncedAt: null,
  firstSync: null,
  blockedCode: null,
  error: null,
});

export interface EnqueueInput {
  /** A mutation of workers/outbox/operations.ts. */
  op: string;
  /** Its arguments without clientMutationId. */
  args: Record<string, unknown>;
  /** The document changed optimistically, with the fields it gets (`_deleted: true` to remove it). */
  optimistic?: { collection: CollectionName; target: string; patch: Record<string, unknown> };
}

type Async<T> = T | Promise<T>;

export interface SyncApiContract {
  sync: {
    start(session: SyncSession): Async<SyncStatus>;
    stop(): Async<void>;
    status(): Async<SyncStatus>;
    pullNow(collections?: CollectionName[]): Async<void>;
    resume(): Async<void>;
    /** The main thread's online/offline events (workers do not reliably get their own). */
    setOnline(online: boolean): Async<void>;
    subscribe(cb: (status: SyncStatus) => void): Async<number>;
    unsubscribe(id: number): Async<void>;
    deleteReplica(session: SyncSession): Async<void>;
  };
  outbox: {
    list(): Async<OutboxRow[]>;
    enqueue(input: EnqueueInput): Async<string>;
    retry(clientMutationId: string): Async<void>;
    discard(clientMutationId: string): Async<void>;
    resolveConflict(clientMutationId: string, chosen: Record<string, unknown>): Async<string>;
  };
  probes: {
    save(input: { uuid?: string; body: string; baseRevision?: number | null }): Async<string>;
    bump(uuid: string, delta: number): Async<string>;
  };
}
