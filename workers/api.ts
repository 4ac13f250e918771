/**
 * The sync worker's one typed API (STYLE.md rule 1). sync.worker.ts exposes it with comlink; the
 * main thread imports `type SyncApi` only and wraps the worker (src/lib/sync-client.ts).
 * Areas add their write entry points here (messages, reviews, ...), each queueing through
 * `outbox.enqueue` so every write is optimistic, ordered and sent exactly once.
 */
import { liveQuery, type Subscription } from 'dexie';
import type { CollectionName } from '../src/domain/sync/collections';
import { replicaName } from '../src/domain/sync/replica-schema';
import type { OutboxRow } from '../src/domain/sync/outbox-machine';
import { uuidv7 } from '../src/domain/sync/uuid-v7';
import { createGraphTransport } from './graph-client';
import { openReplica, type Replica } from './replica/db';
import { SyncEngine, initialStatus, type SyncStatus } from './engine';
import { openPokeStream } from './stream';
import { applyEvent, enqueue, listOutbox, resolveConflict } from './outbox/outbox';
import type { EnqueueInput, SyncApiContract, SyncSession } from '../src/domain/sync/api-contract';

export type { SyncStatus, OutboxRow, EnqueueInput, SyncSession };

interface Running {
  session: SyncSession;
  replica: Replica;
  engine: SyncEngine;
  closeStream: (() => void) | null;
  releaseLock: (() => void) | null;
  outboxWatch: Subscription;
  abort: AbortController;
}

let running: Running | null = null;
const subscribers = new Map<number, (status: SyncStatus) => void>();
let nextSubscriber = 1;
let onlineWired = false;

function publish(status: SyncStatus): void {
  for (const cb of subscribers.values()) {
    try {
      cb(status);
    } catch {
      // a closed tab's callback: ignore
    }
  }
}

function requireRunning(): Running {
  if (!running) throw new Error('Sync has not started: call sync.start(session) first');
  return running;
}

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function wireOnline(): void {
  if (onlineWired || typeof self === 'undefined' || typeof self.addEventListener !== 'function') return;
  onlineWired = true;
  self.addEventListener('online', () => running?.engine.setOnline(true));
  self.addEventListener('offline', () => running?.engine.setOnline(false));
}

async function leaderLoop(r: Running): Promise<void> {
  const lead = () => {
    r.engine.becomeLeader();
    const stream = openPokeStream({
      baseUrl: r.session.baseUrl ?? '',
      onPoke: (collections) => void r.engine.requestSync(collections, { push: false }),
      onOpen: () => void r.engine.requestSync(),
      onRefused: (code) => r.engine.blockWith(code),
    });
    r.closeStream = () => stream.close();
  };
  if (typeof navigator === 'undefined' || !('locks' in navigator) || !navigator.locks) {
    lead();
    return;
  }
  // Only one tab's worker syncs at a time; when it closes, the lock passes to the next tab.
  await navigator.locks
    .request(`werkpad-sync:${replicaName(r.session)}`, { signal: r.abort.signal }, () => {
      lead();
      return new Promise<void>((resolve) => {
        r.releaseLock = resolve;
      });
    })
    .catch(() => undefined);
}

async function stopRunning(): Promise<void> {
  const r = running;
  if (!r) return;
  running = null;
  r.abort.abort();
  r.closeStream?.();
  r.releaseLock?.();
  r.outboxWatch.unsubscribe();
  await r.engine.stop();
  r.replica.dexie.close();
}

const api = {
  sync: {
    /** Opens the replica of this user and company and starts syncing (when this tab leads). */
    async start(session: SyncSession): Promise<SyncStatus> {
      if (running && running.session.companyId === session.companyId && running.session.userId === session.userId) {
        return running.engine.getStatus();
      }
      await stopRunning();
      wireOnline();
      const replica = openReplica(session);
      await replica.dexie.open();
      const engine = new SyncEngine({
        replica,
        transport: createGraphTransport({ baseUrl: session.baseUrl ?? '' }),
      });
      engine.subscribe(publish);
      // Writes of every tab land in the shared outbox table; Dexie tells every context. Tabs that do
      // not lead follow the leader's counts and last-synced time the same way.
      const outboxWatch = liveQuery(async () => ({
        pending: await replica.outbox.where('status').equals('pending').count(),
        lastSyncedAt: (await replica.meta.get('lastSyncedAt'))?.value,
      })).subscribe({
        next: ({ lastSyncedAt }) => {
          if (typeof lastSyncedAt === 'number') engine.noteSynced(lastSyncedAt);
          void engine.refreshCounts();
          void engine.requestPush();
        },
      });
      const r: Running = { session, replica, engine, closeStream: null, releaseLock: null, outboxWatch, abort: new AbortController() };
      running = r;
      await engine.start({ leader: false, online: isOnline() });
      void leaderLoop(r);
      return engine.getStatus();
    },
    async stop(): Promise<void> {
      await stopRunning();
    },
    status(): SyncStatus {
      return running?.engine.getStatus() ?? initialStatus();
    },
    /** Push and pull now (the shell's "sync now", a screen's pull-to-refresh). */
    async pullNow(collections?: CollectionName[]): Promise<void> {
      await requireRunning().engine.requestSync(collections);
    },
    /** The shell handled a blocking code (signed in again, two-step done): continue. */
    resume(): void {
      requireRunning().engine.resume();
    },
    /**
     * The page's online/offline events, forwarded by the main thread: a dedicated worker does not
     * reliably get its own (Chromium under network emulation fires none), and without them a worker
     * started offline would never push after the connection returns.
     */
    setOnline(online: boolean): void {
      running?.engine.setOnline(online);
    },
    /** Calls `cb` (wrap it with comlink's `proxy`) with every status change; returns an id for unsubscribe. */
    subscribe(cb: (status: SyncStatus) => void): number {
      const id = nextSubscriber++;
      subscribers.set(id, cb);
      cb(running?.engine.getStatus() ?? initialStatus());
      return id;
    },
    unsubscribe(id: number): void {
      subscribers.delete(id);
    },
    /** Sign-out: stops syncing and deletes this user's replica (ask first when changes are pending). */
    async deleteReplica(session: SyncSession): Promise<void> {
      const r = running && running.session.userId === session.userId && running.session.companyId === session.companyId ? running : null;
      await stopRunning();
      const replica = r?.replica ?? openReplica(session);
      await replica.dexie.delete();
    },
  },
  outbox: {
    list(): Promise<OutboxRow[]> {
      return listOutbox(requireRunning().replica);
    },
    /** Queues a write (optimistic, ordered, exactly once); answers its client mutation id. */
    async enqueue(input: EnqueueInput): Promise<string> {
      const r = requireRunning();
      const id = await enqueue(r.replica, input);
      void r.engine.refreshCounts();
      void r.engine.requestPush();
      return id;
    },
    async retry(clientMutationId: string): Promise<void> {
      const r = requireRunning();
      await applyEvent(r.replica, clientMutationId, { type: 'retry' });
      void r.engine.requestPush();
    },
    async discard(clientMutationId: string): Promise<void> {
      const r = requireRunning();
      await applyEvent(r.replica, clientMutationId, { type: 'discard' });
      void r.engine.refreshCounts();
    },
    /** Conflict: send the values the user chose, field by field, on the server's revision. */
    async resolveConflict(clientMutationId: string, chosen: Record<string, unknown>): Promise<string> {
      const r = requireRunning();
      const id = await resolveConflict(r.replica, clientMutationId, chosen);
      void r.engine.requestPush();
      return id;
    },
  },
  /** The sync self-test document (also what the fault-injection test writes). */
  probes: {
    save(input: { uuid?: string; body: string; baseRevision?: number | null }): Promise<string> {
      const uuid = input.uuid ?? uuidv7();
      return api.outbox.enqueue({
        op: 'saveSyncProbe',
        args: { uuid, body: input.body, baseRevision: input.baseRevision ?? null },
        optimistic: { collection: 'syncProbes', target: uuid, patch: { body: input.body } },
      });
    },
    bump(uuid: string, delta: number): Promise<string> {
      return api.outbox.enqueue({ op: 'bumpSyncProbe', args: { uuid, delta } });
    },
  },
} satisfies SyncApiContract;

export type SyncApi = typeof api;
export default api;
