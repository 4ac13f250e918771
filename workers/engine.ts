import { COLLECTION_NAMES, type CollectionName } from '../src/domain/sync/collections';
import { backoffDelay } from '../src/domain/sync/outbox-machine';
import type { GraphTransport } from './graph-client';
import type { UploadTransport } from './upload-client';
import type { Replica } from './replica/db';
import { migrateOutbox, outboxCounts, recoverOutbox } from './outbox/outbox';
import type { Write } from '../src/domain/writes/define';
import { pushOutbox } from './outbox/push';
import { pullCollections, storageFailure } from './pull/pull';
import { compareChecksums, markForResync } from './replica/checksum';
import { initialSyncStatus, type SyncStatus } from '../src/domain/sync/status';

export type { SyncStatus };
export const initialStatus = initialSyncStatus;

export interface EngineDeps {
  replica: Replica;
  transport: GraphTransport;
  /** Multipart transport for outbox rows that carry a file (workers/upload-client.ts). */
  upload?: UploadTransport;
  collections?: readonly CollectionName[];
  now?: () => number;
  random?: () => number;
  pullLimit?: number;
  /** Runs `fn` after `ms` and answers a cancel function (tests drive retries themselves). */
  schedule?: (fn: () => void, ms: number) => () => void;
  /**
   * The tab's sync lock (workers/api.ts): released while this engine cannot work (IndexedDB failed),
   * so another tab may lead; asked for again on the user's retry (it calls becomeLeader when granted).
   * Without it the engine keeps leading and recovers itself on resume().
   */
  leadership?: { release(): void; acquire(): void };
  /** Compare the replica's checksums with the server's after each pull and repair drift (default true; the bench measures without). */
  verifyChecksums?: boolean;
  /** A collection that matched is compared again after this long at the earliest (default CHECKSUM_INTERVAL_MS). */
  checksumIntervalMs?: number;
  /** The declared writes as this build knows them (default the registry; the fault run deploys another version). */
  writes?: (name: string) => Write | null;
}

/**
 * How often one collection's checksum is compared at most: comparing reads the whole collection from
 * IndexedDB and costs the server a statement per collection (tests/bench: every collection at once
 * costs several times an incremental sync), so a collection that matched is left alone for a while.
 */
export const CHECKSUM_INTERVAL_MS = 10 * 60_000;

const scheduleWithTimeout = (fn: () => void, ms: number): (() => void) => {
  const handle = setTimeout(fn, ms);
  return () => clearTimeout(handle);
};

/**
 * Runs the sync cycle for the leader: push the outbox in order, then pull the collections that
 * changed (all of them on start, reconnect and `online`; the poked ones otherwise), until nothing
 * is left. Offline or 5xx: wait with backoff and try again; pauses while offline and resumes on
 * `setOnline(true)` or a poke. A blocking catalogue code stops until `resume()`.
 */
export class SyncEngine {
  private status: SyncStatus = initialStatus();
  private listeners = new Set<(s: SyncStatus) => void>();
  private dirty = new Set<CollectionName>();
  private pushWanted = false;
  private running: Promise<void> | null = null;
  /** Cancels the scheduled retry, if any. */
  private timer: (() => void) | null = null;
  private failures = 0;
  private pushOnTimer = false;
  private started = false;
  /**
   * The page's gate (issue 18): closed while the session was opened offline and the server has not
   * confirmed it yet. Pulls go on; the outbox waits, its rows kept as they are.
   */
  private mayPush = true;
  /** Writing to IndexedDB failed (quota): no cycle runs until resume() (the shell's retry button). */
  private storageStopped = false;
  /** The sync lock was given up because IndexedDB failed: resume() asks for it again. */
  private released = false;
  private readonly collections: readonly CollectionName[];
  private readonly now: () => number;
  private readonly random: () => number;
  private readonly schedule: (fn: () => void, ms: number) => () => void;
  /** Collections found drifted and started over since this engine started (replica checksums). */
  checksumRepairs = 0;
  /** Of those, the ones found by the checksum a pull's page carried, before the page was applied (issue 37). */
  checkpointChecksumRepairs = 0;
  /** Checksum requests sent (the bench's cost figure). */
  checksumChecks = 0;
  /** When each collection's checksum last matched (or was repaired). */
  private readonly verifiedAt = new Map<CollectionName, number>();

  constructor(private readonly deps: EngineDeps) {
    this.collections = deps.collections ?? COLLECTION_NAMES;
    this.now = deps.now ?? Date.now;
    this.random = deps.random ?? Math.random;
    this.schedule = deps.schedule ?? scheduleWithTimeout;
  }

  get replica(): Replica {
    return this.deps.replica;
  }

  getStatus(): SyncStatus {
    return { ...this.status, firstSync: this.status.firstSync ? { ...this.status.firstSync } : null };
  }

  subscribe(listener: (s: SyncStatus) => void): () => void {
    this.listeners.add(listener);
    listener(this.getStatus());
    return () => this.listeners.delete(listener);
  }

  private set(patch: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...patch };
    const snapshot = this.getStatus();
    for (const l of this.listeners) l(snapshot);
  }

  /** Refreshes the outbox counts (also for tabs that are not the leader): the kept counts row, not the outbox. */
  async refreshCounts(): Promise<void> {
    this.setCounts(await outboxCounts(this.deps.replica));
  }

  /** Counts read elsewhere (the worker's outbox watch); publishes only a change. */
  setCounts(c: { pending: number; failed: number; conflict: number; oldestPendingAt: number | null }): void {
    const s = this.status;
    if (s.pending === c.pending && s.failed === c.failed && s.conflicts === c.conflict && s.oldestPendingAt === c.oldestPendingAt) return;
    this.set({ pending: c.pending, failed: c.failed, conflicts: c.conflict, oldestPendingAt: c.oldestPendingAt });
  }

  async start(options: { leader: boolean; online: boolean }): Promise<void> {
    this.started = true;
    const checkpoints = await this.deps.replica.checkpoints.count();
    this.set({
      leader: options.leader,
      online: options.online,
      state: 'idle',
      firstSync: checkpoints === 0 ? { documents: 0, collectionsDone: 0, collectionsTotal: this.collections.length, done: false } : null,
    });
    const meta = await this.deps.replica.meta.get('lastSyncedAt');
    if (typeof meta?.value === 'number') this.set({ lastSyncedAt: meta.value });
    await this.refreshCounts();
    if (!options.leader) return;
    await this.prepareToLead();
    void this.requestSync();
  }

  /**
   * What every start of leading and every resume does before syncing: reopen a database that was
   * closed under us, put rows left "sending" (a push whose answer could not be applied, a worker
   * that died) back to pending, and migrate rows queued by an older version of their write.
   */
  private async prepareToLead(): Promise<void> {
    const dexie = this.deps.replica.dexie;
    if (!dexie.isOpen()) await dexie.open();
    await recoverOutbox(this.deps.replica);
    await migrateOutbox(this.deps.replica, this.deps.writes);
  }

  /** prepareToLead, then sync; a failure shows as a storage error with its retry. */
  private leadAndSync(): Promise<void> {
    return this.prepareToLead().then(
      () => this.requestSync(),
      (err: unknown) => this.stopForStorage(storageFailure(err).code),
    );
  }

  stop(): Promise<void> {
    this.started = false;
    this.timer?.();
    this.timer = null;
    this.set({ state: 'stopped' });
    return this.running ?? Promise.resolve();
  }

  /** Leadership arrived (another tab closed): start syncing here. */
  becomeLeader(): Promise<void> {
    this.released = false;
    this.storageStopped = false;
    this.set({ leader: true, ...(this.status.state === 'error' ? { state: 'idle', error: null } : {}) });
    return this.leadAndSync();
  }

  setOnline(online: boolean): void {
    this.set({ online });
    if (online) {
      this.failures = 0;
      void this.requestSync();
    } else if (this.status.state !== 'blocked') {
      this.set({ state: 'offline' });
    }
  }

  /** Opens or closes the push gate; opening it sends what waited. */
  setMayPush(allowed: boolean): void {
    if (this.mayPush === allowed) return;
    this.mayPush = allowed;
    if (allowed) void this.requestPush();
  }

  /** Another tab's leader synced (seen through the shared meta table). */
  noteSynced(at: number): void {
    if (at !== this.status.lastSyncedAt) this.set({ lastSyncedAt: at });
  }

  /** Stream refused or another path found a blocking code. */
  blockWith(code: string): void {
    this.block(code);
  }

  /**
   * The shell dealt with a blocking code (signed in again), or the user pressed retry after a
   * storage error: continue. After a storage error the rows left sending are reset first (recovery
   * is part of every resume); when the lock was given up, it is asked for again and the recovery
   * runs once it is granted (becomeLeader).
   */
  resume(): Promise<void> {
    const recovering = this.storageStopped;
    this.storageStopped = false;
    this.failures = 0;
    this.set({ blockedCode: null, state: 'idle', error: null });
    if (this.released && this.deps.leadership) {
      this.deps.leadership.acquire();
      return Promise.resolve();
    }
    return recovering && this.status.leader ? this.leadAndSync() : this.requestSync();
  }

  /** Something changed: push the outbox and pull these collections (all when none given). */
  requestSync(collections?: readonly CollectionName[], options: { push?: boolean } = {}): Promise<void> {
    for (const c of collections ?? this.collections) if (this.collections.includes(c)) this.dirty.add(c);
    if (options.push !== false) this.pushWanted = true;
    return this.settle(this.kick());
  }

  /** The outbox gained rows (this tab or another): push them. */
  requestPush(): Promise<void> {
    this.pushWanted = true;
    return this.settle(this.kick());
  }

  /**
   * Resolves when the work asked for is done: a cycle that was just finishing when the request came
   * starts another one (in its `finally`), and the caller waits for that one too.
   */
  private async settle(cycle: Promise<void>): Promise<void> {
    await cycle;
    while (this.running) await this.running;
  }

  private kick(): Promise<void> {
    if (!this.started || !this.status.leader || this.status.state === 'blocked' || this.storageStopped) return this.running ?? Promise.resolve();
    if (!this.status.online) return Promise.resolve();
    this.timer?.();
    this.timer = null;
    this.running ??= this.loop()
      .catch((err: unknown) => this.stopForStorage(storageFailure(err).code))
      .finally(() => {
        this.running = null;
        if (this.started && (this.dirty.size > 0 || this.pushDue()) && this.status.state === 'idle') void this.kick();
      });
    return this.running;
  }

  private retryLater(until?: number, push = false): void {
    const delay = until !== undefined ? Math.max(0, until - this.now()) : backoffDelay(++this.failures, this.random());
    this.timer?.();
    if (push) this.pushOnTimer = true;
    this.timer = this.schedule(() => {
      this.timer = null;
      if (this.pushOnTimer) this.pushWanted = true;
      this.pushOnTimer = false;
      void this.kick();
    }, delay);
  }

  private async loop(): Promise<void> {
    const touched = new Set<CollectionName>();
    /** Collections started over in this cycle: not again in it, so a drift that persists cannot loop. */
    const repaired = new Set<CollectionName>();
    /** Collections pulled in this cycle whose checksums were not compared yet (a poke may come between). */
    const unverified = new Set<CollectionName>();
    while (this.started && this.status.online && (this.dirty.size > 0 || this.pushDue())) {
      this.set({ state: 'syncing', error: null });
      if (this.pushDue()) {
        this.pushWanted = false;
        const pushed = await pushOutbox(this.deps.replica, this.deps.transport, {
          ...(this.deps.upload ? { upload: this.deps.upload } : {}),
          now: this.now,
          random: this.random,
          onChange: () => void this.refreshCounts(),
          onSent: (row) => {
            if (row.collection) touched.add(row.collection);
          },
        });
        await this.refreshCounts();
        if (pushed.kind === 'blocked') return this.block(pushed.code);
        if (pushed.kind === 'offline') {
          this.pushWanted = true;
          this.set({ state: 'offline', error: pushed.error });
          return this.retryLater();
        }
        if (pushed.kind === 'wait') this.retryLater(pushed.until, true);
        // Our own writes changed the server: pull what they touched. Other effects arrive by poke.
        for (const c of touched) this.dirty.add(c);
        touched.clear();
      }
      if (this.dirty.size > 0) {
        const names = this.collections.filter((c) => this.dirty.has(c));
        this.dirty.clear();
        const first = this.status.firstSync && !this.status.firstSync.done;
        const pulled = await pullCollections(this.deps.replica, this.deps.transport, names, {
          ...(this.deps.pullLimit ? { limit: this.deps.pullLimit } : {}),
          now: this.now,
          onProgress: first ? (p) => this.set({ firstSync: { ...p, done: false } }) : undefined,
          onChecksumRepair: () => {
            this.checksumRepairs++;
            this.checkpointChecksumRepairs++;
          },
        });
        if (pulled.kind === 'partial') for (const f of pulled.failed) this.dirty.add(f.collection);
        else if (pulled.kind !== 'done') for (const n of names) this.dirty.add(n);
        if (pulled.kind === 'blocked') return this.block(pulled.code);
        // Retrying by itself would fail the same way: stop, show it, and wait for the user's retry.
        if (pulled.kind === 'storage') return this.stopForStorage(pulled.code);
        if (pulled.kind === 'offline' || pulled.kind === 'error') {
          this.set({ state: pulled.kind === 'offline' ? 'offline' : 'error', error: pulled.kind === 'offline' ? pulled.error : pulled.message });
          return this.retryLater();
        }
        if (pulled.kind === 'partial') {
          // The other collections are up to date; the failed ones are tried again with backoff.
          const at = this.now();
          await this.deps.replica.meta.put({ key: 'lastSyncedAt', value: at });
          this.set({ lastSyncedAt: at, state: 'error', error: `pull_failed:${pulled.failed.map((f) => f.collection).join(',')}` });
          return this.retryLater();
        }
        const at = this.now();
        await this.deps.replica.meta.put({ key: 'lastSyncedAt', value: at });
        this.set({ lastSyncedAt: at, ...(first ? { firstSync: { ...this.status.firstSync!, done: true } } : {}) });
        await this.refreshCounts();
        for (const n of names) unverified.add(n);
        if (await this.verifyReplica([...unverified], repaired)) unverified.clear();
      }
      this.failures = 0;
    }
    if (this.status.state === 'syncing') this.set({ state: 'idle' });
  }

  /**
   * Replica checksums (workers/replica/checksum.ts): the collections just pulled that are caught up
   * and carry no change of this device are compared with the server's; a drifted one loses its
   * checkpoint and is pulled again from zero in this cycle. A failed check is skipped (the next sync checks again).
   */
  private async verifyReplica(names: readonly CollectionName[], repaired: Set<CollectionName>): Promise<boolean> {
    if (this.deps.verifyChecksums === false) return true;
    // More work waits (a poke came, rows to push): compare once it is done, in this cycle.
    if (this.dirty.size > 0 || this.pushDue()) return false;
    const interval = this.deps.checksumIntervalMs ?? CHECKSUM_INTERVAL_MS;
    const candidates = names.filter((n) => !repaired.has(n) && this.now() - (this.verifiedAt.get(n) ?? -Infinity) >= interval);
    if (candidates.length === 0) return true;
    this.checksumChecks++;
    const outcome = await compareChecksums(this.deps.replica, this.deps.transport, candidates);
    if (outcome.kind !== 'compared') return true;
    for (const c of [...outcome.matched, ...outcome.drifted]) this.verifiedAt.set(c, this.now());
    if (outcome.drifted.length === 0) return true;
    await markForResync(this.deps.replica, outcome.drifted, this.now());
    this.checksumRepairs += outcome.drifted.length;
    for (const c of outcome.drifted) {
      repaired.add(c);
      this.dirty.add(c);
    }
    return true;
  }

  /** Rows are wanted out and the gate is open (a closed gate keeps pushWanted for when it opens). */
  private pushDue(): boolean {
    return this.pushWanted && this.mayPush;
  }

  /**
   * IndexedDB refused a write (quota, a lost connection, a closed database): stop until the user
   * retries (resume), and give up the sync lock meanwhile so another tab may lead.
   */
  private stopForStorage(code: string): void {
    this.storageStopped = true;
    this.timer?.();
    this.timer = null;
    if (this.deps.leadership && this.status.leader) {
      this.released = true;
      this.set({ state: 'error', error: code, leader: false });
      this.deps.leadership.release();
      return;
    }
    this.set({ state: 'error', error: code });
  }

  private block(code: string): void {
    this.set({ state: 'blocked', blockedCode: code });
  }
}
