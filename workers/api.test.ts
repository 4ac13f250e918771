import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
beforeAll(async () => {
  f = await startSyncServer();
  const token = f.users[0]!.token;
  // The worker's fetch, as the browser would send it with the session cookie, routed to the app.
  globalThis.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    headers.set('authorization', `Bearer ${token}`);
    const url = new URL(urlOf(input), 'http://werkpad.test');
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
