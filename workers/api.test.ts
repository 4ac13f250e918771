import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Dexie } from 'dexie';
import { startSyncServer, type SyncServerHarness } from '../tests/sync/server-harness';
import { urlOf } from './test-support';
import api from './api';
import type { SyncStatus } from './engine';
import { identityKey } from '../src/domain/sync/status';
import { uuidv7 } from '../src/domain/sync/uuid-v7';
import { replicaName } from '../src/domain/sync/replica-schema';

let f: SyncServerHarness;
const realFetch = globalThis.fetch;
/** The request headers of every live stream the worker opened. */
const streamHeaders: Headers[] = [];
beforeAll(async () => {
  f = await startSyncServer();
  const token = f.users[0]!.token;
  // The worker's fetch, as the browser would send it with the session cookie, routed to the app.
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${token}`);
    const url = new URL(urlOf(input), 'http://werkpad.test');
    if (url.pathname === '/api/v2/stream') streamHeaders.push(new Headers(headers));
    return Promise.resolve(f.app.request(`http://werkpad.test${url.pathname}${url.search}`, { ...init, headers }));
  };
}, 120_000);
afterAll(async () => {
  await api.sync.stop();
  globalThis.fetch = realFetch;
  await f?.db.close();
});

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('worker API end to end (Node, no Web Locks: this context leads)', () => {
  it('starts, writes through the outbox, follows live pokes, and deletes the replica on sign-out', async () => {
    const a = f.users[0]!;
    const session = { companyId: a.companyId, userId: a.id, identity: identityKey(a.companyId, a.id, []), chain: [] };
    const statuses: SyncStatus[] = [];
    const sub = api.sync.subscribe((s) => statuses.push(s));
    const started = await api.sync.start(session);
    expect(started.state).not.toBe('stopped');
    await until(() => api.sync.status().leader && api.sync.status().firstSync?.done === true, 'first sync');
    expect(statuses.some((s) => s.firstSync && s.firstSync.collectionsTotal > 50)).toBe(true);

    const uuid = uuidv7();
    await api.probes.save({ uuid, body: 'via de API' });
    await until(() => api.sync.status().pending === 0 && api.sync.status().state === 'idle', 'push');
    const reader = new Dexie(replicaName(session));
    await reader.open();
    await until(async () => typeof (await reader.table<{ id?: number }, string>('syncProbes').get(uuid))?.id === 'number', 'the server version');
    expect(await api.outbox.list()).toEqual([]);

    // A change made elsewhere (another device, the server) arrives by poke, without asking.
    const other = uuidv7();
    await f.db.query('INSERT INTO sync_probes (uuid, company_id, user_id, body) VALUES ($1, $2, $3, $4)', [other, a.companyId, a.id, 'elders gemaakt']);
    await until(async () => (await reader.table('syncProbes').get(other)) !== undefined, 'the poke and pull');
    reader.close();

    api.sync.unsubscribe(sub);
    await api.sync.deleteReplica(session);
    expect(await Dexie.exists(replicaName(session))).toBe(false);
  }, 60_000);

  it('starts offline when the page is offline (no push), and pushes once the page says it is back', async () => {
    const a = f.users[0]!;
    const session = { companyId: a.companyId, userId: a.id, identity: identityKey(a.companyId, a.id, []), chain: [] };
    // The page is offline when it starts the worker.
    const started = await api.sync.start(session, { online: false });
    expect(started.online).toBe(false);
    const uuid = uuidv7();
    await api.probes.save({ uuid, body: 'offline gemaakt' });
    await until(() => api.sync.status().pending === 1, 'the queued write');
    expect(api.sync.status().online).toBe(false);

    api.sync.setOnline(true);
    await until(() => api.sync.status().pending === 0 && api.sync.status().state === 'idle', 'the push once online');
    const { rows } = await f.db.query<{ body: string }>('SELECT body FROM sync_probes WHERE uuid = $1', [uuid]);
    expect(rows.map((r) => r.body)).toEqual(['offline gemaakt']);
    await api.sync.deleteReplica(session);
  }, 60_000);

  it('a write made while the sync starts waits for it and is queued; after a stop with no start it is refused at once', async () => {
    const a = f.users[0]!;
    const session = { companyId: a.companyId, userId: a.id, identity: identityKey(a.companyId, a.id, []), chain: [] };
    await api.sync.stop();
    // The page shows the stored replica before its session check has started the worker: the user's write comes first.
    const starting = api.sync.start(session, { online: false });
    const uuid = uuidv7();
    const id = await api.probes.save({ uuid, body: 'tijdens het starten' });
    await starting;
    expect((await api.outbox.list()).map((row) => row.clientMutationId)).toEqual([id]);

    await api.sync.stop();
    await expect(api.probes.save({ uuid: uuidv7(), body: 'na het stoppen' })).rejects.toThrow(/has not started/);
    await api.sync.start(session, { online: false });
    expect((await api.outbox.list()).map((row) => row.clientMutationId)).toEqual([id]);
    await api.sync.deleteReplica(session);
  }, 60_000);
});

/**
 * Web Locks as the browser runs them: one holder per name, the next request granted when it lets go,
 * its callback run in a later task. The abort signal withdraws a request only while it waits: one
 * already granted runs its callback even when the signal aborted in between.
 */
function fakeLocks() {
  const queues = new Map<string, { granted: boolean; run: () => void; signal?: AbortSignal }[]>();
  const grantWatchers: (() => void)[] = [];
  const grantNext = (name: string) => {
    const next = queues.get(name)?.[0];
    if (!next || next.granted) return;
    next.granted = true;
    for (const watcher of grantWatchers.splice(0)) watcher();
    setTimeout(next.run, 0);
  };
  const release = (name: string) => {
    queues.get(name)?.shift();
    grantNext(name);
  };
  const locks = {
    request(name: string, options: { signal?: AbortSignal }, callback: () => unknown): Promise<unknown> {
      return new Promise((resolve, reject) => {
        const queue = queues.get(name) ?? [];
        queues.set(name, queue);
        const entry = {
          granted: false,
          signal: options.signal,
          run: () => {
            Promise.resolve(callback()).then(resolve, reject).finally(() => release(name));
          },
        };
        options.signal?.addEventListener('abort', () => {
          if (entry.granted) return;
          queue.splice(queue.indexOf(entry), 1);
          reject(new DOMException('aborted', 'AbortError'));
        });
        queue.push(entry);
        grantNext(name);
      });
    },
  };
  /** Another context (the previous page's worker) holds `name` until the returned function is called. */
  const hold = async (name: string): Promise<() => void> => {
    let letGo: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      letGo = r;
    });
    await new Promise<void>((granted) => void locks.request(name, {}, () => (granted(), held)));
    return letGo;
  };
  /** Resolves when the next request is granted, before its callback runs. */
  const nextGrant = () => new Promise<void>((r) => grantWatchers.push(r));
  return { locks, hold, nextGrant };
}

describe('worker API with Web Locks (one leading tab per replica)', () => {
  it('a sync stopped while its lock request waited gives the lock back when it is granted: the next start leads and pushes its outbox', async () => {
    const a = f.users[0]!;
    const session = { companyId: a.companyId, userId: a.id, identity: identityKey(a.companyId, a.id, []), chain: [] };
    const { locks, hold, nextGrant } = fakeLocks();
    streamHeaders.length = 0;
    vi.stubGlobal('navigator', { locks });
    try {
      // After a reload the previous page's worker still holds the sync lock for a moment.
      const previousPage = await hold(`werkpad-sync:${replicaName(session)}`);
      await api.sync.start(session, { online: true });
      expect(api.sync.status().leader).toBe(false);
      const uuid = uuidv7();
      await api.probes.save({ uuid, body: 'voor het vergrendelen' });
      // It lets go just as the page locks the screen, which stops the sync: the waiting request was granted already.
      const granted = nextGrant();
      previousPage();
      await granted;
      await api.sync.stop();
      await new Promise((r) => setTimeout(r, 20));

      // The same user signs in again: the sync starts on the same replica and must lead and send the row.
      await api.sync.start(session, { online: true });
      await until(() => api.sync.status().leader, 'the sync lock');
      // Its stream reads as the identity it syncs as (pokes of messages reach their parties' streams only).
      await until(() => streamHeaders.length > 0, 'the live stream');
      expect(streamHeaders.at(-1)?.get('x-werkpad-identity')).toBe(session.identity);
      await until(() => api.sync.status().pending === 0 && api.sync.status().state === 'idle', 'the push after signing in again');
      const { rows } = await f.db.query<{ body: string }>('SELECT body FROM sync_probes WHERE uuid = $1', [uuid]);
      expect(rows.map((r) => r.body)).toEqual(['voor het vergrendelen']);
      await api.sync.deleteReplica(session);
    } finally {
      vi.unstubAllGlobals();
    }
  }, 60_000);
});
