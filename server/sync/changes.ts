import type { Db } from '../db/db';
import { collectionOfTable } from './registry';
import { COLLECTION_NAMES, type CollectionName } from '../../src/domain/sync/collections';

export const CHANGES_CHANNEL = 'werkpad_changes';

type Listener = (collections: CollectionName[]) => void;

/** Who a stream reads for: a change that names its parties (a message) pokes only the streams of those parties. */
export interface StreamAudience {
  userId: number;
  participantId: number | null;
}

export interface ChangeHub {
  /**
   * Resolves once LISTEN is active, so no change after it is missed. With an audience, a change that names its
   * parties (messages: sender and recipient, 014_message_pokes.sql) reaches the listener only when it is one of
   * them; without one, every change of the company does.
   */
  subscribe(companyId: number, listener: Listener, audience?: StreamAudience): Promise<() => void>;
  /** Stops listening at once (server shutdown: a held LISTEN connection would keep the pool from closing). */
  close(): Promise<void>;
}

const hubs = new WeakMap<Db, ChangeHub>();

interface Subscriber {
  listener: Listener;
  audience: StreamAudience | undefined;
}

/** The first re-subscribe after a lost LISTEN connection waits about this long; each failure doubles it. */
export const LISTEN_HEAL_BASE_MS = 100;
/** The longest wait between two re-subscribe attempts. */
export const LISTEN_HEAL_MAX_MS = 30_000;

/** Per database handle: how often a LISTEN connection was lost, and how often one was re-subscribed after that. */
const healStats = new WeakMap<Db, { lost: number; healed: number }>();

/** How often this process's LISTEN connections on `db` were lost and re-subscribed (tests, the fault run). */
export function listenHealth(db: Db): { lost: number; healed: number } {
  return { ...(healStats.get(db) ?? { lost: 0, healed: 0 }) };
}

/**
 * Listeners by key behind one LISTEN on `channel`, started with the first listener and stopped with
 * the last (a held LISTEN connection would keep the database from closing).
 *
 * It heals (issue 19, point 5): when the listening connection is lost (a database restart, a
 * failover, an idle kill, `pg_terminate_backend`), it subscribes again with exponential backoff and
 * jitter for as long as anyone listens. Notifications sent while it was down are gone, so after a
 * successful re-subscribe `onHealed` runs once with the listeners (the change hub pokes every stream,
 * the session hub checks every watched session in the database).
 */
function keyedListen<K, L>(
  db: Db,
  channel: string,
  onPayload: (payload: string, listeners: Map<K, Set<L>>) => void,
  onHealed: (listeners: Map<K, Set<L>>) => Promise<void> | void = () => undefined,
) {
  const listeners = new Map<K, Set<L>>();
  let count = 0;
  let listening: Promise<() => Promise<void>> | null = null;
  /** Bumped by every connect and stop: a loss reported by an older connection is ignored. */
  let generation = 0;
  /** A connection was lost and no connection since has run onHealed. */
  let missed = false;
  let attempt = 0;
  let retry: ReturnType<typeof setTimeout> | null = null;
  const stats = healStats.get(db) ?? { lost: 0, healed: 0 };
  healStats.set(db, stats);

  const connect = (): Promise<() => Promise<void>> => {
    const gen = ++generation;
    const started = db.listen(channel, (payload) => onPayload(payload, listeners), () => lost(gen));
    listening = started;
    void started.then(
      async () => {
        if (gen !== generation || !missed) return;
        missed = false;
        attempt = 0;
        stats.healed++;
        await Promise.resolve(onHealed(listeners)).catch((err: unknown) =>
          console.error(`After re-subscribing to ${channel}:`, err instanceof Error ? err.message : err),
        );
      },
      () => {
        if (gen !== generation) return;
        listening = null;
        if (missed) heal();
      },
    );
    return started;
  };
  const lost = (gen: number) => {
    if (gen !== generation) return;
    stats.lost++;
    console.error(`LISTEN ${channel}: connection lost; subscribing again`);
    const dead = listening;
    listening = null;
    missed = true;
    // Release what is left of the old connection (its client object).
    if (dead) void dead.then((u) => u()).catch(() => undefined);
    heal();
  };
  const heal = () => {
    if (retry || count === 0) return;
    const ceiling = Math.min(LISTEN_HEAL_MAX_MS, LISTEN_HEAL_BASE_MS * 2 ** attempt);
    attempt++;
    retry = setTimeout(() => {
      retry = null;
      if (count === 0 || listening) return;
      connect().catch(() => undefined);
    }, Math.round(ceiling * (0.5 + 0.5 * Math.random())));
    retry.unref?.();
  };
  const stop = async () => {
    generation++;
    missed = false;
    attempt = 0;
    if (retry) clearTimeout(retry);
    retry = null;
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
      const active = listening ?? connect();
      try {
        await active;
      } catch (err) {
        if (listening === active) listening = null;
        set.delete(listener);
        if (set.size === 0) listeners.delete(key);
        count--;
        if (count === 0) void stop();
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
 * The first change after a quiet spell pokes at once; changes within `batchMs` of a poke are
 * coalesced per company into one poke at the end of that window. A notification naming its
 * parties ("u" users, "p" participants: messages) reaches only the streams of those parties.
 */
export function changeHub(db: Db, batchMs = 50): ChangeHub {
  const existing = hubs.get(db);
  if (existing) return existing;
  /** Per company, in the current burst: collections changed for everyone, and collections changed for named parties only. */
  const pending = new Map<number, { all: Set<CollectionName>; parties: Map<CollectionName, { users: Set<number>; participants: Set<number> }> }>();
  const keyed = keyedListen<number, Subscriber>(
    db,
    CHANGES_CHANNEL,
    (payload, listeners) => {
      let parsed: { c?: unknown; t?: unknown; u?: unknown; p?: unknown };
      try {
        parsed = JSON.parse(payload) as typeof parsed;
      } catch {
        return;
      }
      const companyId = Number(parsed.c);
      const collection = typeof parsed.t === 'string' ? collectionOfTable(parsed.t) : undefined;
      if (!collection || !Number.isFinite(companyId) || !listeners.has(companyId)) return;
      let burst = pending.get(companyId);
      if (!burst) {
        burst = { all: new Set(), parties: new Map() };
        pending.set(companyId, burst);
        // The first change after a quiet spell goes out at once (after the notifications that arrived with
        // it: one transaction's rows come together); within `batchMs` of a poke, changes wait for the window's end.
        if (!cooling.has(companyId)) setImmediate(() => flush(companyId));
      }
      if (Array.isArray(parsed.u) && Array.isArray(parsed.p)) {
        let named = burst.parties.get(collection.name);
        if (!named) burst.parties.set(collection.name, (named = { users: new Set(), participants: new Set() }));
        for (const id of parsed.u) if (typeof id === 'number') named.users.add(id);
        for (const id of parsed.p) if (typeof id === 'number') named.participants.add(id);
      } else {
        burst.all.add(collection.name);
      }
    },
    (listeners) => {
      // Changes committed while the connection was down were never announced: every stream pulls everything once.
      for (const set of listeners.values()) for (const s of set) s.listener([...COLLECTION_NAMES]);
    },
  );
  /** Companies poked within the last `batchMs`: a change now waits for the end of that window. */
  const cooling = new Set<number>();
  const flush = (companyId: number) => {
    const burst = pending.get(companyId);
    pending.delete(companyId);
    if (!burst) return;
    cooling.add(companyId);
    setTimeout(() => {
      cooling.delete(companyId);
      if (pending.has(companyId)) flush(companyId);
    }, batchMs).unref?.();
    for (const s of keyed.listeners.get(companyId) ?? []) {
      const names = new Set(burst.all);
      for (const [name, named] of burst.parties) {
        if (names.has(name)) continue;
        const concerned = !s.audience || named.users.has(s.audience.userId) || (s.audience.participantId !== null && named.participants.has(s.audience.participantId));
        if (concerned) names.add(name);
      }
      if (names.size > 0) s.listener([...names]);
    }
  };
  const hub: ChangeHub = {
    async close() {
      hubs.delete(db);
      await keyed.close();
    },
    subscribe: (companyId, listener, audience) => keyed.add(companyId, { listener, audience }),
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
  const end = (sessionId: string, watchers: Map<string, Set<() => void>>) => {
    const set = watchers.get(sessionId);
    if (!set) return;
    watchers.delete(sessionId);
    for (const onEnd of set) onEnd();
  };
  const keyed = keyedListen<string, () => void>(db, SESSIONS_CHANNEL, end, async (watchers) => {
    // A revocation or deletion while the connection was down was never announced: ask the database.
    const ids = [...watchers.keys()];
    if (ids.length === 0) return;
    const { rows } = await db.query<{ id: string }>('SELECT id FROM sessions WHERE id = ANY($1::text[]) AND revoked_at IS NULL', [ids]);
    const alive = new Set(rows.map((r) => r.id));
    for (const id of ids) if (!alive.has(id)) end(id, watchers);
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
