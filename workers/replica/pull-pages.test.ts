import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { applyPullPages } from './pull-pages';
import { enqueue, listOutbox } from '../outbox/outbox';
import { pushOutbox } from '../outbox/push';
import { countWrites, pushTransport, testReplica } from '../test-support';
import type { PullAnswer } from '../../src/domain/sync/types';

const P1 = '01900000-0000-7000-8000-000000000021';
const P2 = '01900000-0000-7000-8000-000000000022';
const U1 = '01900000-0000-7000-8000-000000000023';

const answer = (documents: PullAnswer['documents'], seq: number, extra: Partial<PullAnswer> = {}): PullAnswer => ({
  documents,
  checkpoint: { seq, scopeKey: `k${seq}` },
  reset: false,
  hasMore: false,
  ...extra,
});

describe('applyPullPages', () => {
  it('writes the pages of several collections with their checkpoints in one transaction, derives index fields, and applies tombstones', async () => {
    const replica = testReplica();
    await replica.docs('syncProbes').put({ uuid: P2, id: 2, body: 'weg', revision: 1 });
    const writes = countWrites(replica);
    await applyPullPages(
      replica,
      [
        { collection: 'syncProbes', answer: answer([{ uuid: P1, id: 1, body: 'een', revision: 1, _deleted: false }, { uuid: P2, id: 2, revision: 2, _deleted: true }], 7) },
        { collection: 'users', answer: answer([{ uuid: U1, id: 5, givenName: 'Anna', surname: 'Berg', _deleted: false }], 7) },
        { collection: 'projects', answer: answer([], 7) },
      ],
      100,
    );
    expect(writes.count()).toBe(1);
    expect(await replica.docs('syncProbes').toArray()).toEqual([{ uuid: P1, id: 1, body: 'een', revision: 1 }]);
    expect(await replica.docs('users').get(U1)).toEqual({ uuid: U1, id: 5, givenName: 'Anna', surname: 'Berg', nameLower: 'anna berg' });
    expect((await replica.checkpoints.toArray()).map((c) => [c.collection, c.seq, c.scopeKey, c.syncedAt])).toEqual([
      ['projects', 7, 'k7', 100],
      ['syncProbes', 7, 'k7', 100],
      ['users', 7, 'k7', 100],
    ]);
  });

  it('does not write a page that changes nothing (no documents, the seq the replica holds), and writes one whose seq moved', async () => {
    const replica = testReplica();
    await applyPullPages(replica, [{ collection: 'projects', answer: answer([], 7) }], 100);
    const writes = countWrites(replica);
    await applyPullPages(replica, [{ collection: 'projects', answer: { ...answer([], 7), checkpoint: { seq: 7, scopeKey: 'k7-later' } } }], 200);
    expect(writes.count()).toBe(0);
    expect(await replica.checkpoints.get('projects')).toEqual({ collection: 'projects', seq: 7, scopeKey: 'k7', syncedAt: 100 });
    await applyPullPages(replica, [{ collection: 'projects', answer: answer([], 9) }], 300);
    expect(writes.count()).toBe(1);
    expect(await replica.checkpoints.get('projects')).toMatchObject({ seq: 9, scopeKey: 'k9', syncedAt: 300 });
  });

  it('writes an empty page of the held seq when it resets, continues a paged sync, or has no checkpoint stored', async () => {
    const replica = testReplica();
    await replica.checkpoints.bulkPut([
      { collection: 'projects', seq: 7, scopeKey: 'old', syncedAt: 1 },
      { collection: 'users', seq: 7, scopeKey: 'old', syncedAt: 1 },
    ]);
    await replica.docs('projects').put({ uuid: P1, id: 1, name: 'weg' });
    await applyPullPages(
      replica,
      [
        { collection: 'projects', answer: answer([], 7, { reset: true }) },
        { collection: 'users', answer: answer([], 7, { hasMore: true }) },
        { collection: 'messages', answer: answer([], 7) },
      ],
      100,
    );
    expect((await replica.checkpoints.toArray()).map((c) => [c.collection, c.scopeKey, c.syncedAt])).toEqual([
      ['messages', 'k7', 100],
      ['projects', 'k7', 100],
      ['users', 'k7', 100],
    ]);
    expect(await replica.docs('projects').count()).toBe(0);
  });

  it('a page touching a document with a pending change rebases it (the change stays on top); the other pages go plainly', async () => {
    const replica = testReplica();
    await replica.docs('syncProbes').bulkPut([
      { uuid: P1, id: 1, body: 'oud', title: '', revision: 1 },
      { uuid: P2, id: 2, body: 'ander', title: '', revision: 1 },
    ]);
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'oud', title: 'mijn titel' });
    await applyPullPages(
      replica,
      [
        { collection: 'syncProbes', answer: answer([{ uuid: P1, id: 1, body: 'van server', title: '', revision: 2 }], 8) },
        { collection: 'users', answer: answer([{ uuid: U1, id: 5, givenName: 'Anna', surname: 'Berg' }], 8) },
      ],
      100,
    );
    // The save carries the body as seen: the stored document is the server's version with the change on top.
    expect(await replica.docs('syncProbes').get(P1)).toEqual({ uuid: P1, id: 1, body: 'oud', title: 'mijn titel', revision: 2, _pending: true });
    expect((await listOutbox(replica))[0]).toMatchObject({ previous: { body: 'van server', revision: 2 }, pulledRevision: 2 });
    expect(await replica.docs('syncProbes').get(P2)).toEqual({ uuid: P2, id: 2, body: 'ander', title: '', revision: 1 });
    expect(await replica.docs('users').get(U1)).toMatchObject({ nameLower: 'anna berg' });
    expect((await replica.checkpoints.toArray()).map((c) => [c.collection, c.seq])).toEqual([
      ['syncProbes', 8],
      ['users', 8],
    ]);
    // Refused: the document rolls back to the version the pull brought, not to the one before it.
    await pushOutbox(replica, pushTransport(() => ({ success: false, reason: 'not_found', conflict: null, revision: null })), { batch: 1 });
    expect(await replica.docs('syncProbes').get(P1)).toEqual({ uuid: P1, id: 1, body: 'van server', title: '', revision: 2 });
  });

  it('a page touching a document of a conflict gives the conflict the newer server version', async () => {
    const replica = testReplica();
    const mine = { uuid: P1, id: 1, body: 'basis', title: 'titel', counter: 0, revision: 4 };
    await replica.docs('syncProbes').put(mine);
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'mijn' });
    await pushOutbox(replica, pushTransport(() => ({ success: false, reason: 'conflict', conflict: { serverDocument: { ...mine, body: 'hun', revision: 5 } }, revision: null })), { batch: 1 });
    expect((await listOutbox(replica)).map((r) => r.status)).toEqual(['conflict']);
    await applyPullPages(replica, [{ collection: 'syncProbes', answer: answer([{ ...mine, body: 'hun', title: 'nieuw', revision: 7 }], 10) }], 100);
    expect((await listOutbox(replica))[0]?.serverDocument).toMatchObject({ title: 'nieuw', revision: 7 });
  });

  it('a page asked for from the initial checkpoint starts the collection over, even empty at the seq the replica holds', async () => {
    const replica = testReplica();
    const kept = { uuid: P1, id: 1, body: 'aangemaakt', title: 't', counter: 0, revision: 4 };
    const held = { uuid: P2, id: 2, body: 'vastgehouden', title: 't', counter: 0, revision: 2 };
    await replica.docs('syncProbes').bulkPut([kept, held]);
    await enqueue(replica, 'probes.save', { uuid: P2, body: 'mijn wijziging' });
    await replica.checkpoints.put({ collection: 'syncProbes', seq: 40, scopeKey: 'k40', syncedAt: 1 });
    await replica.docs('users').put({ uuid: U1, id: 5, givenName: 'Anna', surname: 'Berg', nameLower: 'anna berg' });
    await applyPullPages(
      replica,
      [
        { collection: 'syncProbes', answer: answer([], 40), startsOver: true },
        { collection: 'users', answer: answer([], 40) },
      ],
      100,
    );
    // Nothing kept that the sync from zero did not bring; the waiting edit shows without a server version under it.
    expect(await replica.docs('syncProbes').toArray()).toEqual([{ uuid: P2, body: 'mijn wijziging', _pending: true }]);
    expect((await listOutbox(replica)).map((r) => [r.previous, r.pulledRevision])).toEqual([[null, null]]);
    expect(await replica.checkpoints.get('syncProbes')).toMatchObject({ seq: 40, syncedAt: 100 });
    // A page that does not start over keeps what it does not bring.
    expect(await replica.docs('users').count()).toBe(1);
  });

  it('a first sync: the pages that start over are written together in one transaction, each as a reset, held documents rebased', async () => {
    const replica = testReplica();
    const stale = { uuid: P1, id: 1, body: 'van eerder', title: 't', counter: 0, revision: 3 };
    const held = { uuid: P2, id: 2, body: 'vastgehouden', title: 't', counter: 0, revision: 2 };
    await replica.docs('syncProbes').bulkPut([stale, held]);
    await enqueue(replica, 'probes.save', { uuid: P2, body: 'mijn wijziging' });
    await replica.docs('projects').put({ uuid: U1, id: 9, name: 'weg' });
    const writes = countWrites(replica);
    await applyPullPages(
      replica,
      [
        { collection: 'syncProbes', answer: answer([{ ...held, body: 'van server', revision: 5, _deleted: false }], 12), startsOver: true },
        { collection: 'users', answer: answer([{ uuid: U1, id: 5, givenName: 'Anna', surname: 'Berg', _deleted: false }], 12), startsOver: true },
        { collection: 'projects', answer: answer([], 12), startsOver: true },
      ],
      100,
    );
    expect(writes.count()).toBe(1);
    // Reset: what the sync from zero did not bring is gone; the held document has the server's version under the change.
    expect(await replica.docs('syncProbes').toArray()).toEqual([{ ...held, body: 'mijn wijziging', revision: 5, _pending: true }]);
    expect((await listOutbox(replica)).map((r) => [r.previous?.body, r.pulledRevision])).toEqual([['van server', 5]]);
    expect(await replica.docs('projects').count()).toBe(0);
    expect(await replica.docs('users').get(U1)).toMatchObject({ nameLower: 'anna berg' });
    expect((await replica.checkpoints.toArray()).map((c) => [c.collection, c.seq, c.syncedAt])).toEqual([
      ['projects', 12, 100],
      ['syncProbes', 12, 100],
      ['users', 12, 100],
    ]);
  });

  it('refuses two pages of one collection in one call (a later page must never be written before an earlier one)', async () => {
    const replica = testReplica();
    await expect(
      applyPullPages(replica, [
        { collection: 'projects', answer: answer([], 7) },
        { collection: 'projects', answer: answer([], 8) },
      ], 100),
    ).rejects.toThrow(/two pages of projects/);
  });
});
