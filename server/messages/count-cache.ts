import { performance } from 'node:perf_hooks';
import type { Db } from '../db/db';
import { ListeningCache } from '../db/listening';
import { CHANGES_CHANNEL } from '../sync/changes';

/**
 * The message counts cache (issue 25): per server process and database, the answer of
 * `messages(tab, read) { totalItems }` per company, party and filter. The unread badge asks for it
 * about once a second per signed-in user; counting a coach's 1,800 unread messages was the
 * database's costliest statement of the load mix, and the count changes only when a message of the
 * company does.
 *
 * Invalidation, the same way as the session cache (server/auth/session-cache.ts):
 * - every write to `messages` notifies `werkpad_changes` with its company at commit (004_sync.sql,
 *   sync_row_changed); LISTENed here, it drops every count of that company loaded before it came;
 * - this process's own writes: before a count is served, the notifications up to the handle's
 *   latest write are taken in (one round trip on the LISTEN connection, shared by every request
 *   waiting), so a client that reads its badge after its own write sees that write;
 * - counts are served only while the LISTEN is active; a lost connection drops everything and the
 *   cache is off until it listens again; every count is read again after MAX_AGE_MS regardless.
 * Hard deletes (housekeeping) remove only rows deleted long ago, which no count includes.
 */

/** A count is read again after this long, whatever happened. */
export const COUNT_MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 20_000;

interface Entry {
  companyId: number;
  count: number;
  loadedAt: number;
}

export class MessageCountCache extends ListeningCache {
  private readonly entries = new Map<string, Entry>();
  /** No count of the company loaded (started loading) at or before this moment is valid. */
  private readonly fences = new Map<number, number>();

  constructor(db: Db) {
    super(db, CHANGES_CHANNEL);
  }

  protected dropAll(): void {
    this.entries.clear();
  }

  /** The count under `key`, or `load`'s answer (kept when nothing invalidated it meanwhile). */
  async count(companyId: number, key: string, load: () => Promise<number>): Promise<number> {
    this.ensureListening();
    const hit = await this.get(key);
    if (hit !== undefined) return hit;
    const startedAt = performance.now();
    const count = await load();
    this.put(key, companyId, count, startedAt);
    return count;
  }

  get size(): number {
    return this.entries.size;
  }

  private async get(key: string): Promise<number | undefined> {
    if (!this.valid(key)) return undefined;
    if (this.behind()) {
      await this.catchUp();
      if (!this.valid(key)) return undefined;
    }
    return this.entries.get(key)?.count;
  }

  private valid(key: string): boolean {
    const entry = this.entries.get(key);
    if (this.state !== 'on' || !entry) return false;
    if (performance.now() - entry.loadedAt > COUNT_MAX_AGE_MS || entry.loadedAt < this.activeSince || entry.loadedAt <= (this.fences.get(entry.companyId) ?? 0)) {
      this.entries.delete(key);
      return false;
    }
    return true;
  }

  private put(key: string, companyId: number, count: number, startedAt: number): void {
    if (this.state !== 'on' || startedAt < this.activeSince || startedAt <= (this.fences.get(companyId) ?? 0)) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, { companyId, count, loadedAt: startedAt });
  }

  /** One `werkpad_changes` notification: a write to `messages` of a company (committed). */
  protected notified(payload: string): void {
    let change: { c?: unknown; t?: unknown };
    try {
      change = JSON.parse(payload) as { c?: unknown; t?: unknown };
    } catch {
      return;
    }
    if (change.t !== 'messages') return;
    const companyId = Number(change.c);
    if (!Number.isSafeInteger(companyId)) {
      // No company: nothing of this process can be trusted.
      this.entries.clear();
      return;
    }
    if (this.fences.size >= MAX_ENTRIES) this.fences.clear();
    this.fences.set(companyId, performance.now());
  }
}

const caches = new WeakMap<Db, MessageCountCache>();

/** The cache of a database handle (the primary's: give `unrouted(db)`); null when switched off (WERKPAD_COUNT_CACHE=0). */
export function messageCountCacheOf(db: Db): MessageCountCache | null {
  if (process.env.WERKPAD_COUNT_CACHE === '0') return null;
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new MessageCountCache(db)));
  return cache;
}

/** For the server's shutdown, before db.close(). */
export async function closeMessageCountCache(db: Db): Promise<void> {
  const cache = caches.get(db);
  caches.delete(db);
  await cache?.close();
}
