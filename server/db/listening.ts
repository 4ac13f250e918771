import { performance } from 'node:perf_hooks';
import type { Db, Unlisten } from './db';

/** After a lost LISTEN connection, wait this long before listening again. */
const RETRY_MS = 1_000;

/**
 * The LISTEN side of a per-process cache invalidated by a notification channel (the session cache,
 * the message counts cache). A cache may serve entries only while `state` is 'on', and none loaded
 * before `activeSince`; a lost connection calls `dropAll` and turns the cache off until it listens
 * again (after RETRY_MS). `catchUp` takes in the notifications up to the handle's latest write (one
 * round trip on the LISTEN connection, shared by every caller waiting), so a change this process
 * committed is seen by its next request.
 */
export abstract class ListeningCache {
  protected state: 'off' | 'starting' | 'on' | 'closed' = 'off';
  /** When the current LISTEN became active: nothing loaded before it may be kept. */
  protected activeSince = Infinity;
  private retryAfter = 0;
  private unlisten: Unlisten | null = null;
  /** The database handle's write count up to which notifications have been taken in. */
  private synced = 0;
  private syncing: Promise<void> | null = null;
  private onListening: Array<() => void> = [];

  protected constructor(
    protected readonly db: Db,
    private readonly channel: string,
  ) {}

  /** One notification of the channel (committed). */
  protected abstract notified(payload: string): void;
  /** Forgets every entry (connection lost, shutdown). */
  protected abstract dropAll(): void;

  /** Resolves once the LISTEN is active and entries are kept (starts it when needed). */
  listening(): Promise<void> {
    this.ensureListening();
    if (this.state === 'on') return Promise.resolve();
    return new Promise((resolve) => this.onListening.push(resolve));
  }

  /** Whether this process wrote since the notifications were last taken in. */
  protected behind(): boolean {
    return this.db.writeCount() > this.synced;
  }

  protected async catchUp(): Promise<void> {
    const target = this.db.writeCount();
    while (this.synced < target && this.state === 'on') {
      if (!this.syncing) {
        const upTo = this.db.writeCount();
        const unlisten = this.unlisten;
        if (!unlisten) return;
        this.syncing = unlisten
          .sync()
          .then(
            () => {
              this.synced = Math.max(this.synced, upTo);
            },
            () => this.lost(),
          )
          .finally(() => {
            this.syncing = null;
          });
      }
      await this.syncing;
    }
  }

  protected ensureListening(): void {
    if (this.state !== 'off' || performance.now() < this.retryAfter) return;
    this.state = 'starting';
    this.db
      .listen(this.channel, (payload) => this.notified(payload), () => this.lost())
      .then((unlisten) => {
        if (this.state !== 'starting') {
          void unlisten();
          return;
        }
        this.unlisten = unlisten;
        // Notifications are taken in from here on: writes before it are covered by activeSince.
        this.synced = this.db.writeCount();
        this.activeSince = performance.now();
        this.state = 'on';
        this.releaseWaiting();
      })
      .catch(() => {
        if (this.state === 'starting') this.lost();
      });
  }

  private releaseWaiting(): void {
    const waiting = this.onListening;
    this.onListening = [];
    for (const resolve of waiting) resolve();
  }

  private lost(): void {
    if (this.state === 'closed') return;
    this.dropAll();
    this.state = 'off';
    this.activeSince = Infinity;
    this.retryAfter = performance.now() + RETRY_MS;
    const unlisten = this.unlisten;
    this.unlisten = null;
    if (unlisten) void unlisten().catch(() => undefined);
  }

  /** Stops listening (server shutdown). */
  async close(): Promise<void> {
    this.state = 'closed';
    this.dropAll();
    this.releaseWaiting();
    const unlisten = this.unlisten;
    this.unlisten = null;
    if (unlisten) await unlisten().catch(() => undefined);
  }
}
