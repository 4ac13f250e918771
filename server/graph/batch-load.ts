import type { Queryable } from '../db/db';
import { raw, run, sql } from '../db/sql';
import type { Viewer } from '../auth/viewer';
import { scopeOf } from '../auth/scope';

/**
 * Nested references load in one query per level (issue 20, DataLoader-style): every `coach`, `manager`,
 * `project`, `company` asked for by the rows of one list is collected while the list's fields resolve,
 * then read with one `id = ANY(...)` query per table, in the viewer's scope. The batch lives with the
 * request (keyed by its Request object), so nothing is shared between requests or users.
 */
const SAFE = /^[a-z_][a-z0-9_]*$/;

interface Batch {
  ids: Set<number>;
  waiting: { id: number; resolve: (row: unknown) => void; reject: (e: unknown) => void }[];
}

interface RequestLoads {
  pending: Map<string, Batch>;
  done: Map<string, Map<number, Promise<unknown>>>;
}

const loads = new WeakMap<object, RequestLoads>();

function loadsOf(key: object): RequestLoads {
  let l = loads.get(key);
  if (!l) loads.set(key, (l = { pending: new Map(), done: new Map() }));
  return l;
}

async function flush(db: Queryable, viewer: Viewer, table: string, batch: Batch): Promise<void> {
  try {
    const ids = [...batch.ids];
    const { rows } = await run<{ id: number | string }>(db, sql`SELECT t.* FROM ${raw(table)} t WHERE t.id = ANY(${ids}::bigint[]) AND t.deleted_at IS NULL AND ${scopeOf(table)(viewer, 't')}`);
    const byId = new Map(rows.map((r) => [Number(r.id), r]));
    for (const w of batch.waiting) w.resolve(byId.get(w.id) ?? null);
  } catch (err) {
    for (const w of batch.waiting) w.reject(err);
  }
}

/** findInScope for a nested reference, batched per request and table; the same id is read once. */
export function loadInScope<T>(ctx: { db: Queryable; request: Request }, table: string, viewer: Viewer, id: number | string | null | undefined): Promise<T | null> {
  const n = typeof id === 'string' ? Number(id) : id;
  if (n === null || n === undefined || !Number.isSafeInteger(n) || n <= 0 || !SAFE.test(table)) return Promise.resolve(null);
  const l = loadsOf(ctx.request);
  const key = `${table}:${viewer.userId}:${viewer.realUserId}`;
  let known = l.done.get(key);
  if (!known) l.done.set(key, (known = new Map<number, Promise<unknown>>()));
  const cached = known.get(n);
  if (cached) return cached as Promise<T | null>;
  let batch = l.pending.get(key);
  if (!batch) {
    const fresh: Batch = { ids: new Set(), waiting: [] };
    batch = fresh;
    l.pending.set(key, fresh);
    // After the fields of this level have asked (they resolve synchronously, list item after list item).
    setImmediate(() => {
      l.pending.delete(key);
      void flush(ctx.db, viewer, table, fresh);
    });
  }
  const b = batch;
  const promise = new Promise<T | null>((resolve, reject) => {
    b.ids.add(n);
    b.waiting.push({ id: n, resolve: resolve as (row: unknown) => void, reject });
  });
  known.set(n, promise);
  return promise;
}

const memos = new WeakMap<object, Map<string, Promise<unknown>>>();

/** One answer per request and key (small lookups many rows share, e.g. a status by id). */
export function oncePerRequest<T>(ctx: { request: Request }, key: string, load: () => Promise<T>): Promise<T> {
  let m = memos.get(ctx.request);
  if (!m) memos.set(ctx.request, (m = new Map<string, Promise<unknown>>()));
  const found = m.get(key);
  if (found) return found as Promise<T>;
  const p = load();
  m.set(key, p);
  return p;
}
