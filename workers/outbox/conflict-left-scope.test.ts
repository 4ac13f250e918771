import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { applyEvent, enqueue, listOutbox, resolveConflict } from './outbox';
import { pushOutbox } from './push';
import { applyPullPage } from '../replica/documents';
import { pushTransport, testReplica } from '../test-support';
import type { ReplicaDocument } from '../../src/domain/sync/types';

/**
 * Found by the fault-injection test (tests/faults/scenario.ts, a participant moved to another coach
 * mid-run): a coach's edit came back as a conflict; before the coach chose, the participant moved
 * to another coach and the pull removed it from this replica. Resolving the conflict then rebuilt
 * the document from the server's version the conflict carried, the new row was refused
 * (`not_found`), and the rollback put that old version back for good: no later pull removes a
 * document that, for the server, this user never had since. A conflict now takes what the pull
 * brings: the newer version, or null when the document left (deleted or out of scope), which the
 * screen shows as "removed on the server" with only a discard.
 */
const P1 = '01900000-0000-7000-8000-000000000001';
const mine = { uuid: P1, id: 1, body: 'basis', title: 'titel', counter: 0, revision: 4 };
const theirs = { ...mine, body: 'hun', revision: 5 };
const page = (documents: ReplicaDocument[], seq: number) => ({ documents, checkpoint: { seq, scopeKey: 'k' }, reset: false, hasMore: false });

async function conflicted() {
  const replica = testReplica();
  await replica.docs('syncProbes').put(mine);
  const id = await enqueue(replica, 'probes.save', { uuid: P1, body: 'mijn' });
  await pushOutbox(replica, pushTransport(() => ({ success: false, reason: 'conflict', conflict: { serverDocument: theirs }, revision: null })), { batch: 1 });
  expect((await listOutbox(replica)).map((r) => [r.clientMutationId, r.status])).toEqual([[id, 'conflict']]);
  return { replica, id };
}

describe('a conflict whose document changes or leaves while the user decides', () => {
  it('takes null when the pull says the document left, and the document stays gone after the discard', async () => {
    const { replica, id } = await conflicted();
    await applyPullPage(replica, 'syncProbes', page([{ uuid: P1, id: 1, revision: 6, _deleted: true }], 10), 1);
    expect(await replica.docs('syncProbes').get(P1)).toBeUndefined();
    const [row] = await listOutbox(replica);
    expect(row?.serverDocument).toBeNull();
    await applyEvent(replica, id, { type: 'discard' });
    expect(await listOutbox(replica)).toEqual([]);
    expect(await replica.docs('syncProbes').get(P1)).toBeUndefined();
  });

  it('a resolution sent anyway and refused leaves no document behind', async () => {
    const { replica, id } = await conflicted();
    await applyPullPage(replica, 'syncProbes', page([{ uuid: P1, id: 1, revision: 6, _deleted: true }], 10), 1);
    await resolveConflict(replica, id, { body: 'mijn' });
    await pushOutbox(replica, pushTransport(() => ({ success: false, reason: 'not_found', conflict: null, revision: null })), { batch: 1 });
    expect((await listOutbox(replica)).map((r) => [r.status, r.error])).toEqual([['failed', 'not_found']]);
    expect(await replica.docs('syncProbes').get(P1)).toBeUndefined();
  });

  it('takes a newer version the pull brings, so the resolution is based on it', async () => {
    const { replica, id } = await conflicted();
    const newer = { ...theirs, title: 'nieuwe titel', revision: 7 };
    await applyPullPage(replica, 'syncProbes', page([newer], 10), 1);
    expect((await listOutbox(replica))[0]?.serverDocument).toMatchObject({ title: 'nieuwe titel', revision: 7 });
    // An older version arriving late does not replace it.
    await applyPullPage(replica, 'syncProbes', page([theirs], 11), 1);
    expect((await listOutbox(replica))[0]?.serverDocument).toMatchObject({ revision: 7 });
    await resolveConflict(replica, id, { body: 'mijn' });
    const transport = pushTransport(() => ({ success: true, reason: null, conflict: null, revision: 8 }));
    await pushOutbox(replica, transport, { batch: 1 });
    expect(transport.rows.map((r) => [r.args.baseRevision, r.args.body])).toEqual([[7, 'mijn']]);
  });
});

describe('a conflict when the collection starts over (reset)', () => {
  it('is removed on the server until a page of the reset brings its document again', async () => {
    const { replica } = await conflicted();
    const reset = { documents: [] as ReplicaDocument[], checkpoint: { seq: 20, scopeKey: 'other' }, reset: true, hasMore: true };
    await applyPullPage(replica, 'syncProbes', reset, 1);
    expect((await listOutbox(replica))[0]?.serverDocument).toBeNull();
    expect(await replica.docs('syncProbes').get(P1)).toBeUndefined();
    await applyPullPage(replica, 'syncProbes', page([theirs], 21), 1);
    expect((await listOutbox(replica))[0]?.serverDocument).toMatchObject({ body: 'hun', revision: 5 });
  });
});
