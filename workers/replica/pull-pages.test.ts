import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { applyPullPages } from './pull-pages';
import { enqueue } from '../outbox/outbox';
import { testReplica } from '../test-support';
import { createUuidV7 } from '../../src/domain/sync/uuid-v7';
import type { CollectionName } from '../../src/domain/sync/collections';
import type { PullAnswer } from '../../src/domain/sync/types';

const ids = createUuidV7();
const P1 = ids(1);
const P2 = ids(2);
const U1 = ids(3);

const answer = (documents: PullAnswer['documents'], seq: number, extra: Partial<PullAnswer> = {}): PullAnswer => ({
  documents,
  checkpoint: { seq, scopeKey: `k${seq}` },
  reset: false,
  hasMore: false,
  ...extra,
});

describe('applyPullPages', () => {
  it('writes the pages of several collections with their checkpoints, derives index fields, and applies tombstones', async () => {
    const replica = testReplica();
    await replica.docs('syncProbes').put({ uuid: P2, id: 2, body: 'weg', revision: 1 });
    const stored = new Map<CollectionName, number>();
    await applyPullPages(
      replica,
      [
        { collection: 'syncProbes', answer: answer([{ uuid: P1, id: 1, body: 'een', revision: 1 }, { uuid: P2, id: 2, revision: 2, _deleted: true }], 7) },
        { collection: 'users', answer: answer([{ uuid: U1, id: 5, givenName: 'Anna', surname: 'Berg', _deleted: false }], 7) },
        { collection: 'projects', answer: answer([], 7) },
      ],
      100,
      stored,
    );
    expect(await replica.docs('syncProbes').toArray()).toEqual([{ uuid: P1, id: 1, body: 'een', revision: 1 }]);
    expect(await replica.docs('users').get(U1)).toEqual({ uuid: U1, id: 5, givenName: 'Anna', surname: 'Berg', nameLower: 'anna berg' });
    expect((await replica.checkpoints.toArray()).map((c) => [c.collection, c.seq, c.scopeKey, c.syncedAt])).toEqual([
      ['projects', 7, 'k7', 100],
      ['syncProbes', 7, 'k7', 100],
      ['users', 7, 'k7', 100],
    ]);
    expect([...stored].sort()).toEqual([['projects', 7], ['syncProbes', 7], ['users', 7]]);
  });

  it('does not write a page that changes nothing (no documents, same seq), and writes one whose seq moved', async () => {
    const replica = testReplica();
    const stored = new Map<CollectionName, number>();
    await applyPullPages(replica, [{ collection: 'projects', answer: answer([], 7) }], 100, stored);
    await applyPullPages(replica, [{ collection: 'projects', answer: answer([], 7) }], 200, stored);
    expect(await replica.checkpoints.get('projects')).toMatchObject({ seq: 7, syncedAt: 100 });
    await applyPullPages(replica, [{ collection: 'projects', answer: answer([], 9) }], 300, stored);
    expect(await replica.checkpoints.get('projects')).toMatchObject({ seq: 9, scopeKey: 'k9', syncedAt: 300 });
  });

  it('a page touching a document with a pending change rebases it (the change stays on top); a reset keeps pending documents', async () => {
    const replica = testReplica();
    await replica.docs('syncProbes').bulkPut([
      { uuid: P1, id: 1, body: 'oud', title: '', revision: 1 },
      { uuid: P2, id: 2, body: 'ander', title: '', revision: 1 },
    ]);
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'oud', title: 'mijn titel' });
    const stored = new Map<CollectionName, number>();
    await applyPullPages(
      replica,
      [
        { collection: 'syncProbes', answer: answer([{ uuid: P1, id: 1, body: 'van server', title: '', revision: 2 }], 8) },
        { collection: 'users', answer: answer([{ uuid: U1, id: 5, givenName: 'Anna', surname: 'Berg' }], 8) },
      ],
      100,
      stored,
    );
    // The save carries the body as seen: the stored document is the server's version with the change on top.
    expect(await replica.docs('syncProbes').get(P1)).toMatchObject({ body: 'oud', title: 'mijn titel', revision: 2, _pending: true });
    expect((await replica.outbox.toArray())[0]?.previous).toMatchObject({ body: 'van server', revision: 2 });
    expect(await replica.docs('users').get(U1)).toMatchObject({ nameLower: 'anna berg' });
    expect(await replica.checkpoints.get('syncProbes')).toMatchObject({ seq: 8 });

    await applyPullPages(replica, [{ collection: 'syncProbes', answer: answer([], 9, { reset: true }) }], 200, stored);
    expect((await replica.docs('syncProbes').toArray()).map((d) => d.uuid)).toEqual([P1]);
    expect(await replica.checkpoints.get('syncProbes')).toMatchObject({ seq: 9 });
  });

  it('refuses two pages of one collection in one call (a later page must never be written before an earlier one)', async () => {
    const replica = testReplica();
    await expect(
      applyPullPages(
        replica,
        [
          { collection: 'projects', answer: answer([], 7) },
          { collection: 'projects', answer: answer([], 8) },
        ],
        100,
        new Map(),
      ),
    ).rejects.toThrow(/two pages of projects/);
  });
});
