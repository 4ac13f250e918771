/**
 * Issue 19: a refusal restores the server's truth at once, and a replica proves it matches (replica
 * checksums, compared after a sync, a drifted collection resynced). Real outbox, real engine, real
 * server (PGlite), fake-indexeddb replicas.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSyncServer, type SyncServerHarness } from '../tests/sync/server-harness';
import { createGraphTransport, type GraphTransport } from './graph-client';
import { testReplica, urlOf } from './test-support';
import { CHECKSUM_INTERVAL_MS, SyncEngine } from './engine';
import { applyEvent, enqueue, resetBackoff } from './outbox/outbox';
import { uuidv7 } from '../src/domain/sync/uuid-v7';
import { CHECKSUM_REPAIR_KEY, compareChecksums, localChecksum } from './replica/checksum';

let f: SyncServerHarness;
let transport: GraphTransport;
let online = true;
beforeAll(async () => {
  f = await startSyncServer();
  const token = f.users[0]!.token;
  transport = createGraphTransport({
    baseUrl: 'http://werkpad.test',
    fetchFn: async (input, init) => {
      if (!online) throw new TypeError('Failed to fetch');
      return f.app.request(urlOf(input), init);
    },
    headers: () => ({ authorization: `Bearer ${token}` }),
  });
}, 120_000);
afterAll(async () => {
  await f?.db.close();
});

async function serverProbe(uuid: string): Promise<{ body: string; title: string; revision: number } | undefined> {
  const { rows } = await f.db.query<{ body: string; title: string; revision: number }>('SELECT body, title, revision FROM sync_probes WHERE uuid = $1 AND deleted_at IS NULL', [uuid]);
  return rows[0] ? { ...rows[0], revision: Number(rows[0].revision) } : undefined;
}

describe('a refusal restores the server\'s truth at once', () => {
  it('a rejected edit: the document is the server\'s version again, the input stays on the row', async () => {
    const replica = testReplica();
    const uuid = uuidv7();
    const base = { uuid, id: 1, revision: 3, body: 'op de server', title: 'titel' };
    await replica.docs('syncProbes').put(base);
    const id = await enqueue(replica, 'probes.save', { uuid, body: 'geweigerd', title: 'titel' });
    expect(await replica.docs('syncProbes').get(uuid)).toMatchObject({ body: 'geweigerd', _pending: true });
    await applyEvent(replica, id, { type: 'send' });
    await applyEvent(replica, id, { type: 'answer', answer: { success: false, reason: 'wageValue.errors.definitive' } });
    expect(await replica.docs('syncProbes').get(uuid)).toEqual(base);
    expect(await replica.outbox.get(id)).toMatchObject({ status: 'failed', error: 'wageValue.errors.definitive', args: { body: 'geweigerd' } });
  });

  it('a conflict whose answer brings a newer server version: that version is the document at once, later changes stay on top', async () => {
    const replica = testReplica();
    const uuid = uuidv7();
    await replica.docs('syncProbes').put({ uuid, id: 1, revision: 3, body: 'oud', title: 'oud' });
    const first = await enqueue(replica, 'probes.save', { uuid, body: 'mijn tekst', title: 'oud' });
    await applyEvent(replica, first, { type: 'send' });
    // A later change of the title waits behind it (queued while the first was out).
    const later = await enqueue(replica, 'probes.save', { uuid, body: 'mijn tekst', title: 'mijn titel' });
    const server = { uuid, id: 1, revision: 5, body: 'van elders', title: 'oud', _deleted: false };
    await applyEvent(replica, first, { type: 'answer', answer: { success: false, reason: 'conflict', conflict: { serverDocument: server, fields: ['body'] } } });
    const doc = await replica.docs('syncProbes').get(uuid);
    // The server's body and revision; the waiting title change on top.
    expect(doc).toMatchObject({ revision: 5, body: 'mijn tekst', title: 'mijn titel', _pending: true });
    expect(await replica.outbox.get(later)).toMatchObject({ previous: { revision: 5, body: 'van elders' }, pulledRevision: 5 });
    await applyEvent(replica, later, { type: 'discard' });
    expect(await replica.docs('syncProbes').get(uuid)).toEqual({ uuid, id: 1, revision: 5, body: 'van elders', title: 'oud' });
  });

  it('a refusal whose answer brings nothing: the engine pulls the server\'s newer version before it settles', async () => {
    const replica = testReplica();
    const engine = new SyncEngine({ replica, transport, collections: ['syncProbes'] });
    await engine.start({ leader: true, online: true });
    const uuid = uuidv7();
    await enqueue(replica, 'probes.save', { uuid, body: 'begin', title: 't' });
    await engine.requestSync();
    expect((await serverProbe(uuid))?.body).toBe('begin');
    // Offline an edit waits; meanwhile the document is given to another user on the server (it leaves this user's scope).
    online = false;
    await enqueue(replica, 'probes.save', { uuid, body: 'offline', title: 't' });
    await engine.requestPush();
    await f.db.query('UPDATE sync_probes SET user_id = $2 WHERE uuid = $1', [uuid, f.users[1]!.id]);
    online = true;
    await resetBackoff(replica);
    engine.setOnline(true);
    await engine.requestPush();
    const [row] = await replica.outbox.toArray();
    expect(row).toMatchObject({ status: 'failed', args: { body: 'offline' } });
    // Not the refused text, nor the version before it: the server's truth (no longer this user's).
    expect(await replica.docs('syncProbes').get(uuid)).toBeUndefined();
    await engine.stop();
  });
});

describe('replica checksums', () => {
  it('a clean replica matches; a drifted one is found, resynced and noted, and matches again', async () => {
    const replica = testReplica();
    const engine = new SyncEngine({ replica, transport, collections: ['syncProbes'], checksumIntervalMs: 0 });
    await engine.start({ leader: true, online: true });
    const uuids = [uuidv7(), uuidv7(), uuidv7()];
    for (const uuid of uuids) await enqueue(replica, 'probes.save', { uuid, body: `b ${uuid}`, title: '' });
    await engine.requestSync();
    expect(engine.checksumRepairs).toBe(0);
    expect(await compareChecksums(replica, transport, ['syncProbes'])).toMatchObject({ kind: 'compared', matched: ['syncProbes'], drifted: [] });

    // Silent corruption: a revision goes back, a document disappears, one appears that the server never sent.
    await replica.docs('syncProbes').update(uuids[0]!, { revision: 0 });
    await replica.docs('syncProbes').delete(uuids[1]!);
    await replica.docs('syncProbes').put({ uuid: uuidv7(), id: 999_999, revision: 1, body: 'spook', title: '' });
    expect(await compareChecksums(replica, transport, ['syncProbes'])).toMatchObject({ kind: 'compared', drifted: ['syncProbes'] });

    await engine.requestSync(['syncProbes'], { push: false });
    expect(engine.checksumRepairs).toBe(1);
    expect(await compareChecksums(replica, transport, ['syncProbes'])).toMatchObject({ matched: ['syncProbes'] });
    const local = (await replica.docs('syncProbes').toArray()).filter((d) => uuids.includes(d.uuid));
    expect(local.map((d) => [d.uuid, d.revision]).sort()).toEqual(await Promise.all(uuids.map(async (u) => [u, (await serverProbe(u))!.revision])).then((x) => x.sort()));
    expect((await replica.docs('syncProbes').toArray()).some((d) => d.body === 'spook')).toBe(false);
    expect((await replica.meta.get(CHECKSUM_REPAIR_KEY))?.value).toMatchObject({ collections: ['syncProbes'] });
    // A clean sync afterwards repairs nothing.
    await engine.requestSync(['syncProbes'], { push: false });
    expect(engine.checksumRepairs).toBe(1);
    await engine.stop();
  });

  it('a collection that matched is compared again only after the interval', async () => {
    const replica = testReplica();
    let clock = Date.now();
    const engine = new SyncEngine({ replica, transport, collections: ['syncProbes'], now: () => clock });
    await engine.start({ leader: true, online: true });
    await enqueue(replica, 'probes.save', { uuid: uuidv7(), body: 'x', title: '' });
    await engine.requestSync();
    const checks = engine.checksumChecks;
    expect(checks).toBeGreaterThan(0);
    await engine.requestSync(['syncProbes'], { push: false });
    expect(engine.checksumChecks).toBe(checks);
    clock += CHECKSUM_INTERVAL_MS;
    await engine.requestSync(['syncProbes'], { push: false });
    expect(engine.checksumChecks).toBe(checks + 1);
    await engine.stop();
  });

  it('a collection with a change on its way is not compared (it differs by design), nor is one behind the server', async () => {
    const replica = testReplica();
    const engine = new SyncEngine({ replica, transport, collections: ['syncProbes'], verifyChecksums: false });
    await engine.start({ leader: true, online: true });
    const uuid = uuidv7();
    await enqueue(replica, 'probes.save', { uuid, body: 'x', title: '' });
    await engine.requestSync();
    online = false;
    await enqueue(replica, 'probes.save', { uuid, body: 'nog onderweg', title: '' });
    online = true;
    expect(await localChecksum(replica, 'syncProbes')).toBeNull();
    expect(await compareChecksums(replica, transport, ['syncProbes'])).toMatchObject({ kind: 'compared', matched: [], drifted: [], skipped: ['syncProbes'] });
    await engine.requestSync();
    // A change on the server the replica has not pulled yet: stale, not drift.
    await f.db.query("UPDATE sync_probes SET body = 'elders' WHERE uuid = $1", [uuid]);
    expect(await compareChecksums(replica, transport, ['syncProbes'])).toMatchObject({ drifted: [], skipped: ['syncProbes'] });
    await engine.stop();
  });
});
