import { performance } from 'node:perf_hooks';
import type { Db, Queryable } from '../db/db';
import { ListeningCache } from '../db/listening';

/**
 * The session cache (issue 9): per server process and database, token hash -> the session row
 * with its user and company (what `loadSession` reads), so a request with a known session runs no
 * statement on the sessions table.
 *
 * Only fully signed-in sessions are kept (two-step done, password valid), and only an answer that
 * lets a request in is served from here: whatever would refuse it (expiry reached, revoked, blocked)
 * is judged on a fresh read.
 *
 * Invalidation:
 * - in this process at once: `forgetSession`, `forgetUser`, `forgetCompany` (called by revocation,
 *   sign-out, blocking, password change, user edits). They also hold back new entries for that
 *   session, user or company for HOLD_MS, so a request that read the row while the changing
 *   transaction had not committed yet cannot put the old row back;
 * - in every process on the database: the `werkpad_sessions` NOTIFY (006_sync_pull.sql,
 *   009_session_cache.sql), LISTENed here. Entries are served only while that LISTEN is active;
 *   if its connection is lost, everything is dropped and the cache is off until it listens again.
 *   PGlite is one process: its notifications arrive in-process.
 * - every entry is read again after MAX_AGE_MS regardless.
 * Impersonation is not cached: the chain comes with each request and is checked each time.
 */

export const SESSIONS_CHANNEL = 'werkpad_sessions';

/** An entry is re-read from the database after this long, whatever happened. */
export const MAX_AGE_MS = 60_000;
/** After an in-process invalidation, no entry for that key is filled for this long. */
const HOLD_MS = 5_000;
const MAX_ENTRIES = 20_000;

export interface CacheableSession {
  session_id: string;
  user_id: number;
  company_id: number;
}

interface Entry<R> {
  row: R;
  loadedAt: number;
}

// Fences: no entry loaded (or started loading) before fence[key] is valid. Process-wide, since an
// in-process invalidation holds for every database handle of the process.
const sessionFence = new Map<string, number>();
const userFence = new Map<number, number>();
const companyFence = new Map<number, number>();
let allFence = 0;

function sweepFences(now: number): void {
  for (const fences of [sessionFence, userFence, companyFence] as Map<unknown, number>[]) {
    if (fences.size < MAX_ENTRIES) continue;
    for (const [key, at] of fences) if (now - at > MAX_AGE_MS + HOLD_MS) fences.delete(key);
  }
}

function fence<K>(fences: Map<K, number>, key: K, at: number): void {
  sweepFences(at);
  fences.set(key, Math.max(fences.get(key) ?? 0, at));
}

/** A session was revoked, signed out or changed: the next request reads it from the database. */
export function forgetSession(sessionId: string): void {
  fence(sessionFence, sessionId, performance.now() + HOLD_MS);
}

/** A user was blocked, deleted, edited or changed their password: every session of theirs is read again. */
export function forgetUser(userId: number): void {
  fence(userFence, userId, performance.now() + HOLD_MS);
}

/** A company's settings changed (e.g. two-step forced): every session in it is read again. */
export function forgetCompany(companyId: number): void {
  fence(companyFence, companyId, performance.now() + HOLD_MS);
}

/** Applies one `werkpad_sessions` notification (committed: no hold needed). */
export function applySessionNotification(payload: string): void {
  const now = performance.now();
  if (payload === '*') allFence = Math.max(allFence, now);
  else if (payload.startsWith('u:')) fence(userFence, Number(payload.slice(2)), now);
  else if (payload.startsWith('c:')) fence(companyFence, Number(payload.slice(2)), now);
  else if (payload) fence(sessionFence, payload, now);
}

function validSince<R extends CacheableSession>(row: R): number {
  return Math.max(allFence, sessionFence.get(row.session_id) ?? 0, userFence.get(row.user_id) ?? 0, companyFence.get(row.company_id) ?? 0);
}

export class SessionCache<R extends CacheableSession> extends ListeningCache {
  private readonly entries = new Map<string, Entry<R>>();

  constructor(db: Db) {
    super(db, SESSIONS_CHANNEL);
  }

  protected notified(payload: string): void {
    applySessionNotification(payload);
  }

  protected dropAll(): void {
    this.entries.clear();
  }

  /** A time stamp to take before reading a session, for `put`. */
  stamp(): number {
    this.ensureListening();
    return performance.now();
  }

  /**
   * The cached row, if it is still valid. When this process has written since the last time (any
   * statement but a read), the notifications up to now are taken in first (one round trip on the
   * LISTEN connection, shared by every request waiting): a change this process committed, by
   * whatever path, is seen by its next request.
   */
  async get(sessionId: string): Promise<R | undefined> {
    if (!this.valid(this.entries.get(sessionId))) return undefined;
    if (this.behind()) {
      await this.catchUp();
      const entry = this.entries.get(sessionId);
      return this.valid(entry) ? entry.row : undefined;
    }
    return this.entries.get(sessionId)?.row;
  }

  private valid(entry: Entry<R> | undefined): entry is Entry<R> {
    if (this.state !== 'on' || !entry) return false;
    const now = performance.now();
    if (now - entry.loadedAt > MAX_AGE_MS || entry.loadedAt < this.activeSince || entry.loadedAt <= validSince(entry.row)) {
      this.entries.delete(entry.row.session_id);
      return false;
    }
    return true;
  }

  /** Keeps a row read from the database, unless something invalidated it since `startedAt`. */
  put(row: R, startedAt: number): void {
    if (this.state !== 'on' || startedAt < this.activeSince || startedAt <= validSince(row)) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const now = performance.now();
      for (const [id, entry] of this.entries) if (now - entry.loadedAt > MAX_AGE_MS) this.entries.delete(id);
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    }
    this.entries.set(row.session_id, { row, loadedAt: startedAt });
  }

  /** Changes a kept row in place (the session's own sliding expiry, written by this process). */
  update(sessionId: string, change: (row: R) => R): void {
    const entry = this.entries.get(sessionId);
    if (entry) entry.row = change(entry.row);
  }

  get size(): number {
    return this.entries.size;
  }
}

const caches = new WeakMap<Db, SessionCache<CacheableSession>>();

function isDb(db: Db | Queryable): db is Db {
  return typeof (db as Partial<Db>).listen === 'function' && typeof (db as Partial<Db>).transaction === 'function';
}

/** The cache of a database handle; none for an open transaction (it reads its own snapshot). */
export function sessionCacheOf<R extends CacheableSession>(db: Db | Queryable): SessionCache<R> | null {
  if (!isDb(db) || process.env.WERKPAD_SESSION_CACHE === '0') return null;
  let cache = caches.get(db);
  if (!cache) {
    cache = new SessionCache<CacheableSession>(db);
    caches.set(db, cache);
  }
  return cache as unknown as SessionCache<R>;
}

/** For the server's shutdown, before db.close(). */
export async function closeSessionCache(db: Db): Promise<void> {
  const cache = caches.get(db);
  caches.delete(db);
  await cache?.close();
}
