/**
 * The sync worker's one typed API (STYLE.md rule 1). sync.worker.ts exposes it with comlink; the
 * main thread imports `type SyncApi` only and wraps the worker (src/lib/sync-client.ts).
 * Besides `sync` and `outbox`, one namespace per area of declared writes
 * (src/domain/writes/registry.ts): `messages.send(input, extra)`, `probes.save(input)`, ... Each
 * checks its input against the write's schema, queues it and applies the optimistic change, so
 * every write is optimistic, ordered and sent exactly once. Nothing here names a write by hand.
 */
import { proxy, type ProxyMarked } from 'comlink';
import { Dexie, liveQuery, type Subscription } from 'dexie';
import type { CollectionName } from '../src/domain/sync/collections';
import { replicaName } from '../src/domain/sync/replica-schema';
import type { OutboxRow } from '../src/domain/sync/outbox-machine';
import type { WriteApi } from '../src/domain/writes/define';
import { WRITES, type Writes } from '../src/domain/writes/registry';
import { createGraphTransport } from './graph-client';
import { createUploadTransport } from './upload-client';
import { applyEventWithFile, dropOrphanFiles, enqueueFile, type FileToQueue } from './outbox/files';
import { importLegacyWrite, type LegacyImportOutcome, type LegacyWriteImport } from './outbox/legacy-import';
import type { WriteName } from '../src/domain/writes/registry';
import { openReplica, type Replica } from './replica/db';
import { whenUnlocked } from '../src/lib/device-crypto/seal';
import { SyncEngine, initialStatus, type SyncStatus } from './engine';
import { openPokeStream } from './stream';
import { enqueueMany, listOutbox, outboxCounts, resetBackoff, resolveConflict, type QueuedWrite } from './outbox/outbox';
import { migrateBeforeWrites } from './outbox/migrate-first';
import type { SyncSession } from '../src/domain/sync/status';
import { IMITATE_USER_HEADER } from '../src/domain/shared/constants';
import { forgetAllDataKeys, forgetDataKey, setDataKey } from '../src/lib/device-crypto/data-keys';

export type { SyncStatus, OutboxRow, SyncSession };

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

/** The request header that names the identity a worker syncs as (server/sync/identity.ts checks it). */
const IDENTITY_HEADER = 'x-werkpad-identity';

/** The header naming this browser profile (src/lib/device/device-id.ts DEVICE_HEADER), and the id the page handed over. */
const DEVICE_HEADER = 'x-werkpad-device';
let pageDeviceId: string | null = null;

/** Who this worker syncs as: the identity, the impersonated user as the server expects it, and the device. */
function identityHeaders(session: SyncSession): Record<string, string> {
  const last = session.chain[session.chain.length - 1];
  return {
    [IDENTITY_HEADER]: session.identity,
    ...(last !== undefined ? { [IMITATE_USER_HEADER]: String(last) } : {}),
    ...(pageDeviceId ? { [DEVICE_HEADER]: pageDeviceId } : {}),
  };
}

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

/** How long a write waits for the sync to start before it is refused (the page then says so; nothing is queued). */
const START_WAIT_MS = 30_000;
/** The start in progress: writes made while it opens the replica wait for it. */
let pendingStart: Promise<unknown> | null = null;
let everStarted = false;
let signalFirstStart: () => void = () => undefined;
const firstStart = new Promise<void>((resolve) => {
  signalFirstStart = resolve;
});

/**
 * The running sync for a write. A page shows the stored replica before its session check has started
 * the worker (an offline reload): a file chosen or a form sent in that moment waits for the start
 * instead of being refused and lost. After a stop with no start under way (a lock, another identity)
 * it is refused at once.
 */
async function awaitRunning(): Promise<Running> {
  if (running) return running;
  const wait = pendingStart ?? (everStarted ? null : firstStart);
  if (wait) {
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([wait.catch(() => undefined), new Promise((resolve) => (timer = setTimeout(resolve, START_WAIT_MS)))]);
    clearTimeout(timer);
  }
  return requireRunning();
}

/** What the page last said (setOnline): the worker's own navigator.onLine lags under network emulation. */
let pageOnline: boolean | null = null;
/** What the page last said (setMayPush): whether its session is confirmed, so the outbox may go out. */
let pageMayPush = true;

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
    void r.engine.becomeLeader();
    const stream = openPokeStream({
      baseUrl: r.session.baseUrl ?? '',
      // The stream reads as the identity this worker syncs as (an impersonated user included): a message
      // pokes only its parties' streams (server/sync/changes.ts), so a stream opened as the real user
      // would miss the pokes of the impersonated user's messages.
      headers: () => identityHeaders(r.session),
      onPoke: (collections) => void r.engine.requestSync(collections, { push: false }),
      onOpen: () => void resetBackoff(r.replica).then(() => r.engine.requestSync()),
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
      // Granted to a sync that was stopped meanwhile (the lock screen stopped it while the request
      // waited for the previous page's worker to let go; the abort does not withdraw a request already
      // granted): give the lock back at once. Held, nobody would ever release it (stopRunning has run),
      // and the sync started after signing in again would wait for it forever, its outbox unsent.
      if (running !== r || r.abort.signal.aborted) return undefined;
      lead();
      return new Promise<void>((resolve) => {
        r.releaseLock = resolve;
      });
    })
    .catch(() => undefined);
}

/** Gives up the sync lock and the stream while this worker cannot work; leaderLoop asks again. */
function releaseLeadership(r: Running): void {
  r.closeStream?.();
  r.closeStream = null;
  const release = r.releaseLock;
  r.releaseLock = null;
  release?.();
}

async function stopRunning(): Promise<void> {
  const r = running;
  if (!r) return;
  running = null;
  r.abort.abort();
  r.closeStream?.();
  r.outboxWatch.unsubscribe();
  // The old leader finishes (and stops) pushing before another tab may take the lock.
  await r.engine.stop();
  r.releaseLock?.();
  r.replica.dexie.close();
}

async function queue(writes: readonly QueuedWrite[]): Promise<string[]> {
  const r = await awaitRunning();
  const ids = await enqueueMany(r.replica, writes);
  void r.engine.requestPush();
  return ids;
}

/** Counts the starts: a start still waiting for its data key when a later one began stops there. */
let startGeneration = 0;

/** Opens the replica of this user and company and starts syncing (api.sync.start). */
async function startRunning(session: SyncSession, page: { online?: boolean; mayPush?: boolean }): Promise<SyncStatus> {
  // The page's navigator.onLine: the engine must not start online (and push) while the page is offline.
  if (page.online !== undefined) pageOnline = page.online;
  // A session opened offline pushes nothing until the page has had the server confirm it (setMayPush).
  if (page.mayPush !== undefined) pageMayPush = page.mayPush;
  if (running && running.session.identity === session.identity) {
    running.engine.setMayPush(pageMayPush);
    return running.engine.getStatus();
  }
  await stopRunning();
  wireOnline();
  const replica = openReplica(session);
  // Sealed (issue 36): nothing is opened, pulled or pushed before the identity's data key is in this worker.
  const generation = ++startGeneration;
  await whenUnlocked(replica.dexie.name);
  if (generation !== startGeneration || running) return running?.engine.getStatus() ?? initialStatus();
  await replica.dexie.open();
  // Issue 37: rows of older write versions are migrated before this tab takes any write (writes wait
  // for `running`), in every tab, under the replica's migration lock. A failure here is tried again
  // by the leader before it sends; rows fold only into rows of their own version meanwhile.
  await migrateBeforeWrites(replica).catch(() => 0);
  // Another start (or a stop) may have come while migrating: `running` is read again.
  const startedMeanwhile = running as Running | null;
  if (generation !== startGeneration || startedMeanwhile) {
    replica.dexie.close();
    return startedMeanwhile?.engine.getStatus() ?? initialStatus();
  }
  let self: Running | null = null;
  const engine = new SyncEngine({
    replica,
    // Every request says who this worker syncs as: a session that became someone else (another
    // tab signed in, or started impersonating) is refused instead of receiving these writes.
    transport: createGraphTransport({
      baseUrl: session.baseUrl ?? '',
      headers: () => identityHeaders(session),
    }),
    upload: createUploadTransport({
      baseUrl: session.baseUrl ?? '',
      headers: () => identityHeaders(session),
    }),
    // IndexedDB failed here: another tab may lead while this one waits for the user's retry.
    leadership: {
      release: () => {
        if (self) releaseLeadership(self);
      },
      acquire: () => {
        if (self && running === self) void leaderLoop(self);
      },
    },
  });
  engine.setMayPush(pageMayPush);
  engine.subscribe(publish);
  // Writes of every tab land in the shared outbox table; Dexie tells every context. Tabs that do
  // not lead follow the leader's counts and last-synced time the same way. The counts are the
  // kept counts row (workers/replica/outbox-counts.ts) and the first key of two index ranges:
  // computed once per change, here, never by reading the outbox.
  const outboxWatch = liveQuery(async () => ({
    counts: await outboxCounts(replica),
    lastSyncedAt: (await replica.meta.get('lastSyncedAt'))?.value,
  })).subscribe({
    next: ({ counts, lastSyncedAt }) => {
      if (typeof lastSyncedAt === 'number') engine.noteSynced(lastSyncedAt);
      engine.setCounts(counts);
      void engine.requestPush();
    },
  });
  const r: Running = {
    session,
    replica,
    engine,
    closeStream: null,
    releaseLock: null,
    outboxWatch,
    abort: new AbortController(),
  };
  running = r;
  self = r;
  everStarted = true;
  signalFirstStart();
  await engine.start({ leader: false, online: pageOnline ?? isOnline() });
  void leaderLoop(r);
  return engine.getStatus();
}

type AreaApis = {
  [Area in keyof WriteApi<Writes>]: WriteApi<Writes>[Area] & ProxyMarked;
};

/** `messages.send(input, extra)`, ...: one method per declared write, typed from the registry. */
function buildWriteApi(): AreaApis {
  const areas: Record<string, Record<string, (input: unknown, extra?: object) => Promise<string>> & ProxyMarked> = {};
  for (const [area, actions] of Object.entries(WRITES)) {
    const methods: Record<string, (input: unknown, extra?: object) => Promise<string>> = {};
    for (const [action, write] of Object.entries(actions as Record<string, { file?: unknown }>)) {
      // A write with a file is queued with its bytes (outbox.enqueueFile), never without them.
      if (write.file) {
        methods[action] = () => Promise.reject(new Error(`${area}.${action} carries a file: queue it with outbox.enqueueFile`));
        continue;
      }
      methods[action] = async (input, extra) => (await queue([{ name: `${area}.${action}`, input, ...(extra ? { extra } : {}) }]))[0]!;
    }
    areas[area] = proxy(methods);
  }
  // Built from the registry at run time; its type is the registry's (WriteApi).
  return areas as unknown as AreaApis;
}

/*
 * Each namespace is marked with comlink's proxy(): the main thread's Remote<SyncApi> then types
 * `remote.sync.start(...)` as a call (comlink walks the path at run time either way).
 */
const api = {
  sync: proxy({
    /** Opens the replica of this user and company and starts syncing (when this tab leads). */
    async start(session: SyncSession, page: { online?: boolean; mayPush?: boolean } = {}): Promise<SyncStatus> {
      const started = startRunning(session, page);
      pendingStart = started;
      try {
        return await started;
      } finally {
        if (pendingStart === started) pendingStart = null;
      }
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
    /**
     * The shell handled a blocking code (signed in again, two-step done), or the user pressed retry
     * after a storage error: continue (rows left sending are reset, the lock is asked for again).
     */
    async resume(): Promise<void> {
      await requireRunning().engine.resume();
    },
    /**
     * The page's online/offline events, forwarded by the main thread: a dedicated worker does not
     * reliably get its own (Chromium under network emulation fires none), and without them a worker
     * started offline would never push after the connection returns.
     */
    setOnline(online: boolean): void {
      pageOnline = online;
      const r = running;
      if (!r) return;
      // Back online: every pending row may go at once, whatever backoff it had reached.
      if (online) void resetBackoff(r.replica).then(() => r.engine.setOnline(true));
      else r.engine.setOnline(false);
    },
    /**
     * The push gate (issue 18): false while the page's session was opened offline and not yet
     * confirmed by the server (`me`); true once it is, which sends what waited.
     */
    setMayPush(allowed: boolean): void {
      pageMayPush = allowed;
      running?.engine.setMayPush(allowed);
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
    async deleteReplica(session: Pick<SyncSession, 'companyId' | 'userId'> & Partial<Pick<SyncSession, 'chain' | 'realUserId'>>): Promise<void> {
      const r = running && replicaName(running.session) === replicaName(session) ? running : null;
      await stopRunning();
      const replica = r?.replica ?? openReplica(session);
      await replica.dexie.delete();
    },
    /** Deletes replicas by database name (sign-out: every user impersonated in the session too). */
    async deleteReplicas(names: string[]): Promise<void> {
      for (const name of names) {
        if (running && running.replica.dexie.name === name) await stopRunning();
        await Dexie.delete(name);
      }
    },
    /** Unsent changes in a replica this worker does not run (one left behind by an expired session). */
    async unsentIn(name: string): Promise<number> {
      if (!(await Dexie.exists(name))) return 0;
      const other = openReplica({ companyId: 0, userId: 0 }, name);
      try {
        await other.dexie.open();
        return await other.outbox.count();
      } finally {
        other.dexie.close();
      }
    },
    /**
     * Every unsent row of a replica by status, read from its outbox (not from a worker's last report):
     * what decides whether a session end may delete the replica (src/features/sync/sign-out-flow.ts).
     */
    async unsentCountsIn(name: string): Promise<{
      pending: number;
      sending: number;
      failed: number;
      conflict: number;
    }> {
      const counts = { pending: 0, sending: 0, failed: 0, conflict: 0 };
      if (!(await Dexie.exists(name))) return counts;
      const other = openReplica({ companyId: 0, userId: 0 }, name);
      try {
        await other.dexie.open();
        for (const status of ['pending', 'sending', 'failed', 'conflict'] as const) counts[status] = await other.outbox.where('status').equals(status).count();
        return counts;
      } finally {
        other.dexie.close();
      }
    },
  }),
  /**
   * The data keys (issue 36): the page unlocks (password, PIN, authenticator or the device share) and hands the
   * identity's key here before `sync.start`, transferred, never copied into a log; at lock and sign-out it is
   * forgotten here as in the page. Held in this worker's memory only (src/lib/device-crypto/data-keys.ts).
   */
  keys: proxy({
    setDataKey(identity: string, raw: Uint8Array): void {
      try {
        setDataKey(identity, raw);
      } finally {
        raw.fill(0);
      }
    },
    forget(identity: string): void {
      forgetDataKey(identity);
    },
    forgetAll(): void {
      forgetAllDataKeys();
    },
    /** The page's device id (workers have no localStorage): every request of this worker names it. */
    adoptDevice(id: string): void {
      if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id)) pageDeviceId = id;
    },
  }),
  outbox: proxy({
    list(): Promise<OutboxRow[]> {
      return listOutbox(requireRunning().replica);
    },
    /** Several declared writes in one transaction (a bulk enqueue), in order; answers their client mutation ids. */
    enqueueMany(writes: QueuedWrite[]): Promise<string[]> {
      return queue(writes);
    },
    /**
     * A write that carries a file (docs/writes.md, "Files"): checked (InvalidWriteInput, FileRefused
     * with the reason: too large, empty, device full; nothing queued then), then queued with its
     * bytes in one transaction. Answers the client mutation id.
     */
    async enqueueFile(name: WriteName, input: unknown, file: FileToQueue, extra?: object): Promise<string> {
      const r = await awaitRunning();
      const id = await enqueueFile(r.replica, name, input, file, extra);
      void r.engine.requestPush();
      return id;
    },
    /** One row of the portal's former queue, moved under its own id, once; handed back as refused when it cannot be sent (issue 37). */
    async importLegacy(w: LegacyWriteImport): Promise<LegacyImportOutcome> {
      const r = await awaitRunning();
      const outcome = await importLegacyWrite(r.replica, w);
      if (outcome.kind === 'queued') void r.engine.requestPush();
      return outcome;
    },
    /** A failed or conflicting row goes out again, under a new client mutation id (its file, if any, goes along). */
    async retry(clientMutationId: string): Promise<void> {
      const r = requireRunning();
      await applyEventWithFile(r.replica, clientMutationId, { type: 'retry' });
      void r.engine.requestPush();
    },
    /** Throws OutboxRowSending (message sync.errors.discardWhileSending) while the row is being sent. */
    async discard(clientMutationId: string): Promise<void> {
      const r = requireRunning();
      // The outbox watch above updates the counts; the row's file, if any, leaves with it.
      await applyEventWithFile(r.replica, clientMutationId, {
        type: 'discard',
      });
      await dropOrphanFiles(r.replica);
    },
    /** Conflict: send the values the user chose, field by field, on the server's revision. */
    async resolveConflict(clientMutationId: string, chosen: Record<string, unknown>): Promise<string> {
      const r = requireRunning();
      const id = await resolveConflict(r.replica, clientMutationId, chosen);
      void r.engine.requestPush();
      return id;
    },
  }),
  ...buildWriteApi(),
};

export type SyncApi = typeof api;
export default api;
