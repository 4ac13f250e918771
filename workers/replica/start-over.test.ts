import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { enqueue, listOutbox } from '../outbox/outbox';
import { pushOutbox } from '../outbox/push';
import { checkpointOf, pullCollections } from '../pull/pull';
import { pushTransport, scriptedTransport, testReplica } from '../test-support';
import { applyPullPage } from './documents';
import type { PullAnswer, ReplicaDocument } from '../../src/domain/sync/types';

/**
 * Found by the fault-injection test (issue 8): a sync from zero (the first one, or after a reset)
 * sends no tombstones, so a document this replica holds and the sync does not bring must not stay.
 * - A probe created offline was accepted before the client's first sync completed (its answers were
 *   lost); the probe then moved to another user. The first sync brought everything else, and the
 *   replica kept the probe for good.
 * - A reset page did not bring a document an edit was waiting on; the edit was refused (the document
 *   was gone) and the rollback put back the version the replica had before the reset.
 */
const P1 = '01900000-0000-7000-8000-000000000011';
const P2 = '01900000-0000-7000-8000-000000000012';
const kept = { uuid: P1, id: 1, userId: 1, body: 'aangemaakt', title: 't', counter: 0, revision: 4 };
const other = { uuid: P2, id: 2, userId: 1, body: 'ander', title: 't', counter: 0, revision: 1 };
const page = (documents: ReplicaDocument[], seq: number, extra: Partial<PullAnswer> = {}): PullAnswer => ({
  documents,
  checkpoint: { seq, scopeKey: `signed-${seq}` },
  reset: false,
  hasMore: false,
  ...extra,
});

describe('a sync from zero starts the collection over', () => {
  it('the first sync removes a document kept from an accepted push that it does not bring', async () => {
    const replica = testReplica();
    await replica.docs('syncProbes').put(kept);
    const transport = scriptedTransport(() => ({ kind: 'data', data: { pullSyncProbes: page([other], 40) } }));
    expect(await pullCollections(replica, transport, ['syncProbes'])).toEqual({ kind: 'done', documents: 1 });
    expect((transport.calls[0]!.variables.cp0 as { seq: number }).seq).toBe(0);
    expect(await replica.docs('syncProbes').toArray()).toEqual([other]);
    expect((await checkpointOf(replica, 'syncProbes')).seq).toBe(40);
  });

  it('a later pull from a stored checkpoint keeps documents its page does not bring', async () => {
    const replica = testReplica();
    await replica.docs('syncProbes').put(kept);
    await replica.checkpoints.put({ collection: 'syncProbes', seq: 30, scopeKey: 'signed-30', syncedAt: 1 });
    const transport = scriptedTransport(() => ({ kind: 'data', data: { pullSyncProbes: page([other], 40) } }));
    await pullCollections(replica, transport, ['syncProbes']);
    expect((await replica.docs('syncProbes').toArray()).map((d) => d.uuid).sort()).toEqual([P1, P2]);
  });

  it('a waiting edit of a document the reset does not bring: refused, it leaves nothing behind', async () => {
    const replica = testReplica();
    await replica.docs('syncProbes').put(kept);
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'mijn wijziging' });
    await applyPullPage(replica, 'syncProbes', page([other], 50, { reset: true }), 1);
    // Only the waiting edit shows, without the old server version under it.
    expect(await replica.docs('syncProbes').get(P1)).toEqual({ uuid: P1, body: 'mijn wijziging', _pending: true });
    await pushOutbox(replica, pushTransport(() => ({ success: false, reason: 'not_found', conflict: null, revision: null })), { batch: 1 });
    expect((await listOutbox(replica)).map((r) => [r.status, r.error])).toEqual([['failed', 'not_found']]);
    expect(await replica.docs('syncProbes').get(P1)).toBeUndefined();
  });

  it('a later page of the same sync that brings the document sets its server version again', async () => {
    const replica = testReplica();
    await replica.docs('syncProbes').put(kept);
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'mijn wijziging' });
    await applyPullPage(replica, 'syncProbes', page([other], 50, { reset: true, hasMore: true }), 1);
    const newer = { ...kept, title: 'nieuwe titel', revision: 6 };
    await applyPullPage(replica, 'syncProbes', page([newer], 60), 2);
    expect(await replica.docs('syncProbes').get(P1)).toEqual({ ...newer, body: 'mijn wijziging', _pending: true });
    await pushOutbox(replica, pushTransport(() => ({ success: false, reason: 'not_found', conflict: null, revision: null })), { batch: 1 });
    expect(await replica.docs('syncProbes').get(P1)).toEqual(newer);
  });
});
