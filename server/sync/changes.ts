import type { Db } from '../db/db';
import { collectionOfTable } from './registry';
import type { CollectionName } from '../../src/domain/sync/collections';

export const CHANGES_CHANNEL = 'werkpad_changes';

type Listener = (collections: CollectionName[]) => void;

export interface ChangeHub {
  /** Resolves once LISTEN is active, so no change after it is missed. */
  subscribe(companyId: number, listener: Listener): Promise<() => void>;
  /** Stops listening at once (server shutdown: a held LISTEN connection would keep the pool from closing). */
  close(): Promise<void>;
}

const hubs = new WeakMap<Db, ChangeHub>();

/**
 * Listeners by key behind one LISTEN on `channel`, started with the first listener and stopped with
 * the last (a held LISTEN connection would keep the database from closing).
 */
function keyedListen<K, L>(db: Db, channel: string, onPayload: (payload: string, listeners: Map<K, Set<L>>) => void) {
  const listeners = new Map<K, Set<L>>();
  let count = 0;
  let listening: Promise<() => Promise<void>> | null = null;
  const stop = async () => {
    const unlisten = listening;
    listening = null;
    if (unlisten) await unlisten.then((u) => u()).catch(() => undefined);
  };
  return {
    listeners,
    async close() {
      listeners.clear();
      count = 0;
      await stop();
    },
    /** Resolves once LISTEN is active (so nothing after it is missed), with the function that removes the listener. */
    async add(key: K, listener: L): Promise<() => void> {
      let set = listeners.get(key);
      if (!set) listeners.set(key, (set = new Set()));
      set.add(listener);
      count++;
      listening ??= db.listen(channel, (payload) => onPayload(payload, listeners));
      try {
        await listening;
      } catch (err) {
        listening = null;
        set.delete(listener);
        count--;
        throw err;
      }
      let done = false;
      return () => {
        if (done) return;
        done = true;
        const current = listeners.get(key);
        current?.delete(listener);
        if (current?.size === 0) listeners.delete(key);
        count--;
        if (count === 0) void stop();
      };
    },
  };
}

/**
 * One LISTEN per server process and database (NOTIFY crosses processes), fanned out to the SSE
 * connections of each company, held only while someone listens (so the database can close).
 * Notifications of one burst are coalesced per company for `batchMs`.
 */
export function changeHub(db: Db, batchMs = 50): ChangeHub {
  const existing = hubs.get(db);
  if (existing) return existing;
  const pending = new Map<number, Set<CollectionName>>();
  const keyed = keyedListen<number, Listener>(db, CHANGES_CHANNEL, (payload, listeners) => {
    let parsed: { c?: unknown; t?: unknown };
    try {
      parsed = JSON.parse(payload) as { c?: unknown; t?: unknown };
    } catch {
      return;
    }
    const companyId = Number(parsed.c);
    const collection = typeof parsed.t === 'string' ? collectionOfTable(parsed.t) : undefined;
    if (!collection || !Number.isFinite(companyId) || !listeners.has(companyId)) return;
    let names = pending.get(companyId);
    if (!names) {
      names = new Set();
      pending.set(companyId, names);
      setTimeout(() => flush(companyId), batchMs);
    }
    names.add(collection.name);
  });
  const flush = (companyId: number) => {
    const names = pending.get(companyId);
    pending.delete(companyId);
    if (!names) return;
    for (const l of keyed.listeners.get(companyId) ?? []) l([...names]);
  };
  const hub: ChangeHub = {
    async close() {
      hubs.delete(db);
      await keyed.close();
    },
    subscribe: (companyId, listener) => keyed.add(companyId, listener),
  };
  hubs.set(db, hub);
  return hub;
}

/** For the server's shutdown, before db.close(): releases the LISTEN connection of this database. */
export async function closeChangeHub(db: Db): Promise<void> {
  await hubs.get(db)?.close();
  await sessionHubs.get(db)?.close();
}

export const SESSIONS_CHANNEL = 'werkpad_sessions';

export interface SessionHub {
  /** Calls `onEnd` when the session is revoked (logout, revocation) or deleted; resolves once LISTEN is active. */
  watch(sessionId: string, onEnd: () => void): Promise<() => void>;
  close(): Promise<void>;
}

const sessionHubs = new WeakMap<Db, SessionHub>();

/**
 * One LISTEN on 'werkpad_sessions' per server process and database (006_sync_pull.sql notifies the
 * id of a revoked or deleted session), held while a live stream watches a session, so a stream ends
 * the moment its session is logged out or revoked, in whichever process that happened.
 */
export function sessionHub(db: Db): SessionHub {
  const existing = sessionHubs.get(db);
  if (existing) return existing;
  const keyed = keyedListen<string, () => void>(db, SESSIONS_CHANNEL, (sessionId, watchers) => {
    const set = watchers.get(sessionId);
    if (!set) return;
    watchers.delete(sessionId);
    for (const end of set) end();
  });
  const hub: SessionHub = {
    async close() {
      sessionHubs.delete(db);
      await keyed.close();
    },
    watch: (sessionId, onEnd) => keyed.add(sessionId, onEnd),
  };
  sessionHubs.set(db, hub);
  return hub;
}
