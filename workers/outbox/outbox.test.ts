import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { enqueue, applyEvent, listOutbox, recoverOutbox, resolveConflict } from './outbox';
import { pushOutbox } from './push';
import { pushTransport, testReplica } from '../test-support';
import { applyPullPage } from '../replica/documents';

const ok = { success: true, reason: null, conflict: null };
const reject = (reason: string) => ({ success: false, reason, conflict: null });

async function seedProbe(replica: ReturnType<typeof testReplica>, uuid: string, body: string, revision = 1) {
  await replica.docs('syncProbes').put({ uuid, id: 1, body, counter: 0, revision });
}

describe('outbox', () => {
  it('applies a write at once, marked pending, and keeps the previous version', async () => {
    const replica = testReplica();
    await seedProbe(replica, 'p1', 'oud');
    const id = await enqueue(replica, {
      op: 'saveSyncProbe',
      args: { uuid: 'p1', body: 'nieuw', baseRevision: 1 },
      optimistic: { collection: 'syncProbes', target: 'p1', patch: { body: 'nieuw' } },
    });
    expect(await replica.docs('syncProbes').get('p1')).toMatchObject({ body: 'nieuw', _pending: true });
    const [row] = await listOutbox(replica);
    expect(row).toMatchObject({ clientMutationId: id, status: 'pending', previous: { body: 'oud' } });
  });

  it('rolls back a rejected write, keeps the input, and sends the rows behind it', async () => {
    const replica = testReplica();
    await seedProbe(replica, 'p1', 'oud');
    await enqueue(replica, { op: 'saveSyncProbe', args: { uuid: 'p1', body: 'x'.repeat(600) }, optimistic: { collection: 'syncProbes', target: 'p1', patch: { body: 'x'.repeat(600) } } });
    await enqueue(replica, { op: 'saveSyncProbe', args: { uuid: 'p2', body: 'tweede' }, optimistic: { collection: 'syncProbes', target: 'p2', patch: { body: 'tweede' } } });
    const transport = pushTransport((row) => (row.args.uuid === 'p1' ? reject('body_too_long') : ok));
    expect(await pushOutbox(replica, transport)).toEqual({ kind: 'idle' });
    expect(transport.rows.map((r) => r.args.uuid)).toEqual(['p1', 'p2']);
    const rows = await listOutbox(replica);
    expect(rows).toEqual([expect.objectContaining({ status: 'failed', error: 'body_too_long', args: { uuid: 'p1', body: 'x'.repeat(600) } })]);
    expect(await replica.docs('syncProbes').get('p1')).toEqual({ uuid: 'p1', id: 1, body: 'oud', counter: 0, revision: 1 });
    // The accepted write keeps its values without the pending mark until the pull brings the server's version.
    expect(await replica.docs('syncProbes').get('p2')).toEqual({ uuid: 'p2', body: 'tweede' });
  });

  it('a created document that is rejected disappears again', async () => {
    const replica = testReplica();
    await enqueue(replica, { op: 'saveSyncProbe', args: { uuid: 'n1', body: 'x' }, optimistic: { collection: 'syncProbes', target: 'n1', patch: { body: 'x' } } });
    expect(await replica.docs('syncProbes').get('n1')).toBeDefined();
    await pushOutbox(replica, pushTransport(() => reject('access_denied')));
    expect(await replica.docs('syncProbes').get('n1')).toBeUndefined();
  });

  it('keeps order on a network failure and backs off', async () => {
    const replica = testReplica();
    await enqueue(replica, { op: 'bumpSyncProbe', args: { uuid: 'p1', delta: 1 } });
    await enqueue(replica, { op: 'bumpSyncProbe', args: { uuid: 'p1', delta: 2 } });
    const t0 = 10_000_000;
    const offline = pushTransport(() => ({ kind: 'network' }));
    const first = await pushOutbox(replica, offline, { now: () => t0, random: () => 1 });
    expect(first).toEqual({ kind: 'offline', error: 'Failed to fetch' });
    // The batch went together and failed together.
    const rows = await listOutbox(replica);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([['pending', 1], ['pending', 1]]);
    expect(await pushOutbox(replica, offline, { now: () => t0 + 10 })).toEqual({ kind: 'wait', until: t0 + 1_000 });
    const online = pushTransport(() => ok);
    expect(await pushOutbox(replica, online, { now: () => t0 + 1_000 })).toEqual({ kind: 'idle' });
    expect(online.rows.map((r) => r.args.delta)).toEqual([1, 2]);
    expect(online.rows[0]?.args.clientMutationId).toBe(rows[0]?.clientMutationId);
  });

  it('a row in backoff holds the rows queued behind it (one at a time)', async () => {
    const replica = testReplica();
    const t0 = 10_000_000;
    await enqueue(replica, { op: 'bumpSyncProbe', args: { uuid: 'p1', delta: 1 } });
    await pushOutbox(replica, pushTransport(() => ({ kind: 'network' })), { now: () => t0, random: () => 1 });
    await enqueue(replica, { op: 'bumpSyncProbe', args: { uuid: 'p1', delta: 2 } });
    const online = pushTransport(() => ok);
    expect(await pushOutbox(replica, online, { now: () => t0 + 10 })).toEqual({ kind: 'wait', until: t0 + 1_000 });
    expect(online.rows).toEqual([]);
  });

  it('stops on a blocking error code without counting an attempt', async () => {
    const replica = testReplica();
    await enqueue(replica, { op: 'bumpSyncProbe', args: { uuid: 'p1', delta: 1 } });
    const out = await pushOutbox(replica, pushTransport(() => ({ kind: 'blocked', code: 'token_expired' })));
    expect(out).toEqual({ kind: 'blocked', code: 'token_expired' });
    expect((await listOutbox(replica))[0]).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('stacked changes of one document: rejecting the first keeps the second on the server version', async () => {
    const replica = testReplica();
    await seedProbe(replica, 'p1', 'server');
    const patch = (body: string) => ({ op: 'saveSyncProbe', args: { uuid: 'p1', body }, optimistic: { collection: 'syncProbes' as const, target: 'p1', patch: { body } } });
    const first = await enqueue(replica, patch('een'));
    await enqueue(replica, { op: 'bumpSyncProbe', args: { uuid: 'p1', delta: 1 }, optimistic: { collection: 'syncProbes', target: 'p1', patch: { counter: 1 } } });
    await applyEvent(replica, first, { type: 'send' });
    await applyEvent(replica, first, { type: 'answer', answer: { success: false, reason: 'nee' } });
    expect(await replica.docs('syncProbes').get('p1')).toMatchObject({ body: 'server', counter: 1, _pending: true });
  });

  it('a pull under a pending change becomes its new base; the change stays on top', async () => {
    const replica = testReplica();
    await seedProbe(replica, 'p1', 'oud');
    const id = await enqueue(replica, { op: 'bumpSyncProbe', args: { uuid: 'p1', delta: 5 }, optimistic: { collection: 'syncProbes', target: 'p1', patch: { counter: 5 } } });
    await applyPullPage(replica, 'syncProbes', {
      documents: [{ uuid: 'p1', id: 1, body: 'van server', counter: 0, revision: 2, _deleted: false }],
      checkpoint: { seq: 10, scopeKey: 'k' }, reset: false, hasMore: false,
    }, 1);
    expect(await replica.docs('syncProbes').get('p1')).toMatchObject({ body: 'van server', counter: 5, revision: 2, _pending: true });
    await applyEvent(replica, id, { type: 'send' });
    await applyEvent(replica, id, { type: 'answer', answer: { success: false, reason: 'nee' } });
    expect(await replica.docs('syncProbes').get('p1')).toEqual({ uuid: 'p1', id: 1, body: 'van server', counter: 0, revision: 2 });
  });

  it('conflict: both versions kept; resolving sends the chosen values on the server revision', async () => {
    const replica = testReplica();
    await seedProbe(replica, 'p1', 'oud', 1);
    await enqueue(replica, { op: 'saveSyncProbe', args: { uuid: 'p1', body: 'mijn', baseRevision: 1 }, optimistic: { collection: 'syncProbes', target: 'p1', patch: { body: 'mijn' } } });
    const server = { uuid: 'p1', id: 1, body: 'hun', counter: 0, revision: 3 };
    await pushOutbox(replica, pushTransport(() => ({ success: false, reason: 'conflict', conflict: { serverDocument: server } })));
    const [row] = await listOutbox(replica);
    expect(row).toMatchObject({ status: 'conflict', serverDocument: server, args: { body: 'mijn' } });
    await resolveConflict(replica, row!.clientMutationId, { body: 'samen' });
    const [next] = await listOutbox(replica);
    expect(next).toMatchObject({ status: 'pending', args: { uuid: 'p1', body: 'samen', baseRevision: 3 } });
    expect(await replica.docs('syncProbes').get('p1')).toMatchObject({ body: 'samen', _pending: true });
  });

  it('retry re-applies a failed change; discard drops a pending one and rolls it back', async () => {
    const replica = testReplica();
    await seedProbe(replica, 'p1', 'oud');
    const id = await enqueue(replica, { op: 'saveSyncProbe', args: { uuid: 'p1', body: 'nieuw' }, optimistic: { collection: 'syncProbes', target: 'p1', patch: { body: 'nieuw' } } });
    await pushOutbox(replica, pushTransport(() => reject('nee')));
    expect(await replica.docs('syncProbes').get('p1')).toMatchObject({ body: 'oud' });
    await applyEvent(replica, id, { type: 'retry' });
    expect(await replica.docs('syncProbes').get('p1')).toMatchObject({ body: 'nieuw', _pending: true });
    await applyEvent(replica, id, { type: 'discard' });
    expect(await replica.docs('syncProbes').get('p1')).toEqual({ uuid: 'p1', id: 1, body: 'oud', counter: 0, revision: 1 });
    expect(await listOutbox(replica)).toEqual([]);
  });

  it('after a crash, rows that were being sent go back to pending', async () => {
    const replica = testReplica();
    const id = await enqueue(replica, { op: 'bumpSyncProbe', args: { uuid: 'p1', delta: 1 } });
    await applyEvent(replica, id, { type: 'send' });
    await recoverOutbox(replica);
    expect((await listOutbox(replica))[0]?.status).toBe('pending');
  });

  it('refuses unknown operations', async () => {
    await expect(enqueue(testReplica(), { op: 'dropDatabase', args: {} })).rejects.toThrow(/Unknown outbox operation/);
  });
});
