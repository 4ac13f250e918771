import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSyncServer, type SyncServerHarness } from '../../tests/sync/server-harness';
import { createGraphTransport, type GraphTransport } from '../graph-client';
import { testReplica, urlOf } from '../test-support';
import { pullCollections } from './pull';
import { enqueue } from '../outbox/outbox';
import { pushOutbox } from '../outbox/push';
import { uuidv7 } from '../../src/domain/sync/uuid-v7';
import { CHECKSUM_REPAIR_KEY } from '../replica/checksum';
import type { CollectionName } from '../../src/domain/sync/collections';
import type { Replica } from '../replica/db';

// Issue 37: checksums at every checkpoint, compared before the page is applied, repaired at once.
let f: SyncServerHarness;
let transport: GraphTransport;
beforeAll(async () => {
  f = await startSyncServer();
  const token = f.users[0]!.token;
  transport = createGraphTransport({
    baseUrl: 'http://werkpad.test',
    fetchFn: (input, init) => Promise.resolve(f.app.request(urlOf(input), init)),
    headers: () => ({ authorization: `Bearer ${token}` }),
  });
}, 120_000);
afterAll(async () => {
  await f?.db.close();
});

/** A replica holding `n` probes the server has, synced. */
async function syncedWithProbes(n: number): Promise<{ replica: Replica; uuids: string[] }> {
  const replica = testReplica();
  const uuids = Array.from({ length: n }, () => uuidv7());
  for (const [i, uuid] of uuids.entries()) await enqueue(replica, 'probes.save', { uuid, body: `probe ${i}` });
  expect(await pushOutbox(replica, transport)).toEqual({ kind: 'idle' });
  expect((await pullCollections(replica, transport, ['syncProbes'])).kind).toBe('done');
  return { replica, uuids };
}

/** A transport that notes, for every request, the checkpoint sent and what the replica held as checkpoint then. */
function watching(replica: Replica) {
  const sent: { seq: number; stored: number | undefined }[] = [];
  const t: GraphTransport = async (q, v) => {
    const cp = v.cp0 as { seq: number } | undefined;
    if (cp) sent.push({ seq: cp.seq, stored: (await replica.checkpoints.get('syncProbes'))?.seq });
    return transport(q, v);
  };
  return { transport: t, sent };
}

async function serverBody(uuid: string): Promise<{ body: string; revision: number }> {
  const { rows } = await f.db.query<{ body: string; revision: number }>('SELECT body, revision FROM sync_probes WHERE uuid = $1', [uuid]);
  return rows[0]!;
}

describe('checksums at every checkpoint', () => {
  it('a document changed behind the engine\'s back is repaired at the very next pull, before its page is applied, with pending rows of another document', async () => {
    const { replica, uuids } = await syncedWithProbes(4);
    const [wrong, edited, other] = uuids as [string, string, string, string];
    // Silently wrong: another body at another revision, written straight into IndexedDB.
    const good = await replica.docs('syncProbes').get(wrong);
    await replica.docs('syncProbes').put({ ...good!, body: 'stil veranderd', revision: Number(good!.revision) + 5 });
    // Pending changes of this device in the same collection: an edit and a new document, not sent.
    await enqueue(replica, 'probes.save', { uuid: edited, body: 'mijn wijziging' });
    const created = uuidv7();
    await enqueue(replica, 'probes.save', { uuid: created, body: 'nieuw hier' });
    // The server changes another document, so the next pull brings a page.
    await f.db.query("UPDATE sync_probes SET body = 'op de server', revision = revision + 1, change_seq = nextval('change_seq') WHERE uuid = $1", [other]);
    const before = (await replica.checkpoints.get('syncProbes'))!.seq;

    const repairs: CollectionName[] = [];
    const watch = watching(replica);
    const out = await pullCollections(replica, watch.transport, ['syncProbes'], { onChecksumRepair: (c) => repairs.push(c) });

    expect(out.kind).toBe('done');
    expect(repairs).toEqual(['syncProbes']);
    // The incremental page was not written: the collection was asked for again from zero while the
    // replica still had no newer checkpoint than before (the repair dropped it, the page never set one).
    expect(watch.sent).toEqual([{ seq: before, stored: before }, { seq: 0, stored: undefined }]);
    expect(await replica.docs('syncProbes').get(wrong)).toMatchObject({ body: 'probe 0', revision: (await serverBody(wrong)).revision });
    expect(await replica.docs('syncProbes').get(other)).toMatchObject({ body: 'op de server' });
    // The changes on their way stay as the user made them.
    expect(await replica.docs('syncProbes').get(edited)).toMatchObject({ body: 'mijn wijziging', _pending: true });
    expect(await replica.docs('syncProbes').get(created)).toMatchObject({ body: 'nieuw hier', _pending: true });
    // Noted for the sync details on /wijzigingen.
    expect((await replica.meta.get(CHECKSUM_REPAIR_KEY))?.value).toMatchObject({ collections: ['syncProbes'] });
    // Sent and pulled, the replica matches the next checkpoint without another repair.
    expect(await pushOutbox(replica, transport)).toEqual({ kind: 'idle' });
    expect(await pullCollections(replica, transport, ['syncProbes'], { onChecksumRepair: (c) => repairs.push(c) })).toMatchObject({ kind: 'done' });
    expect(repairs).toEqual(['syncProbes']);
    expect(await replica.docs('syncProbes').get(edited)).toMatchObject({ body: 'mijn wijziging', revision: (await serverBody(edited)).revision });
  });

  it('is found at the next pull when nothing changed on the server (the empty page carries the checksum too)', async () => {
    const { replica, uuids } = await syncedWithProbes(2);
    await replica.docs('syncProbes').delete(uuids[1]!);
    const repairs: CollectionName[] = [];
    expect((await pullCollections(replica, transport, ['syncProbes'], { onChecksumRepair: (c) => repairs.push(c) })).kind).toBe('done');
    expect(repairs).toEqual(['syncProbes']);
    expect(await replica.docs('syncProbes').get(uuids[1]!)).toMatchObject({ body: 'probe 1' });
  });

  it('no repair for a replica that is right: pending edits, creates and deletions are compared against their server base', async () => {
    const { replica, uuids } = await syncedWithProbes(4);
    const [edited, removed, other] = uuids as [string, string, string, string];
    await enqueue(replica, 'probes.save', { uuid: edited, body: 'eerst' });
    await enqueue(replica, 'probes.bump', { uuid: edited, delta: 2 });
    await enqueue(replica, 'probes.remove', { uuid: removed });
    await enqueue(replica, 'probes.save', { uuid: uuidv7(), body: 'nog niet verstuurd' });
    // The server changes the edited document too (another user's edit): its page rebases the pending rows.
    for (const uuid of [edited, other]) {
      await f.db.query("UPDATE sync_probes SET counter = counter + 10, revision = revision + 1, change_seq = nextval('change_seq') WHERE uuid = $1", [uuid]);
    }
    const repairs: CollectionName[] = [];
    const watch = watching(replica);
    expect((await pullCollections(replica, watch.transport, ['syncProbes'], { onChecksumRepair: (c) => repairs.push(c) })).kind).toBe('done');
    expect(repairs).toEqual([]);
    expect(watch.sent).toHaveLength(1);
    expect(await replica.docs('syncProbes').get(removed)).toBeUndefined();
    expect(await replica.docs('syncProbes').get(edited)).toMatchObject({ body: 'eerst', _pending: true });
    // And again with the server unchanged: still nothing to repair.
    expect((await pullCollections(replica, transport, ['syncProbes'], { onChecksumRepair: (c) => repairs.push(c) })).kind).toBe('done');
    expect(repairs).toEqual([]);
  });
});
