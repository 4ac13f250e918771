import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { enqueue, enqueueMany, applyEvent, listOutbox, recoverOutbox, resetBackoff, resolveConflict, InvalidWriteInput } from './outbox';
import { pushOutbox } from './push';
import { pushTransport, testReplica } from '../test-support';
import { applyPullPage } from '../replica/documents';
import { createUuidV7 } from '../../src/domain/sync/uuid-v7';
import { CREATE_REJECTED } from '../../src/domain/sync/outbox-machine';

const ok = { success: true, reason: null, conflict: null };
const okAt = (revision: number) => ({ success: true, reason: null, conflict: null, revision });
const reject = (reason: string) => ({ success: false, reason, conflict: null });
const ids = createUuidV7();
const P1 = ids(1);
const P2 = ids(2);

async function seedProbe(replica: ReturnType<typeof testReplica>, uuid: string, body: string, revision = 1, title = '') {
  await replica.docs('syncProbes').put({ uuid, id: 1, body, title, counter: 0, revision });
}

describe('outbox', () => {
  it('applies a write at once, marked pending, and keeps the previous version and the base it edits', async () => {
    const replica = testReplica();
    await seedProbe(replica, P1, 'oud');
    const id = await enqueue(replica, 'probes.save', { uuid: P1, body: 'nieuw' });
    expect(await replica.docs('syncProbes').get(P1)).toMatchObject({ body: 'nieuw', _pending: true });
    const [row] = await listOutbox(replica);
    expect(row).toMatchObject({
      clientMutationId: id,
      op: 'probes.save',
      status: 'pending',
      previous: { body: 'oud' },
      mode: 'upsert',
      baseRevision: 1,
      baseValues: { body: 'oud' },
    });
  });

  it('refuses input that does not fit the schema before queueing: nothing enters the outbox', async () => {
    const replica = testReplica();
    const error = await enqueue(replica, 'probes.save', { uuid: 'geen-uuid', body: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidWriteInput);
    expect((error as InvalidWriteInput).issues).toEqual([{ path: 'uuid', message: 'sync.errors.invalidId' }]);
    await expect(enqueue(replica, 'probes.save', { uuid: P1, body: 'x'.repeat(501) })).rejects.toThrow(/sync.errors.bodyTooLong/);
    await expect(enqueueMany(replica, [{ name: 'probes.dropDatabase', input: {} }])).rejects.toThrow(/Unknown write/);
    expect(await listOutbox(replica)).toEqual([]);
  });

  it('a bulk enqueue checks every write first and queues all of them in order, or none', async () => {
    const replica = testReplica();
    await expect(
      enqueueMany(replica, [
        { name: 'probes.bump', input: { uuid: P1, delta: 1 } },
        { name: 'probes.bump', input: { uuid: P1, delta: 'veel' } },
      ]),
    ).rejects.toBeInstanceOf(InvalidWriteInput);
    expect(await listOutbox(replica)).toEqual([]);
    const queued = await enqueueMany(replica, Array.from({ length: 100 }, (_, i) => ({ name: 'probes.bump', input: { uuid: P1, delta: i } })));
    expect(queued).toHaveLength(100);
    expect((await listOutbox(replica)).map((r) => r.args.delta)).toEqual(Array.from({ length: 100 }, (_, i) => i));
  });

  it('rolls back a rejected write, keeps the input, and sends the rows behind it', async () => {
    const replica = testReplica();
    await seedProbe(replica, P1, 'oud');
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'geweigerd' });
    await enqueue(replica, 'probes.save', { uuid: P2, body: 'tweede' });
    const transport = pushTransport((row) => (row.args.uuid === P1 ? reject('access_denied') : ok));
    expect(await pushOutbox(replica, transport)).toEqual({ kind: 'idle' });
    expect(transport.rows.map((r) => [r.op, r.args.uuid])).toEqual([['saveSyncProbe', P1], ['saveSyncProbe', P2]]);
    const rows = await listOutbox(replica);
    expect(rows).toEqual([expect.objectContaining({ status: 'failed', error: 'access_denied', args: { uuid: P1, body: 'geweigerd' } })]);
    expect(await replica.docs('syncProbes').get(P1)).toEqual({ uuid: P1, id: 1, body: 'oud', title: '', counter: 0, revision: 1 });
    // The accepted write keeps its values without the pending mark until the pull brings the server's version.
    expect(await replica.docs('syncProbes').get(P2)).toEqual({ uuid: P2, body: 'tweede' });
  });

  it('a created document that is rejected disappears again, and later changes of it fail with a clear reason', async () => {
    const replica = testReplica();
    const create = await enqueue(replica, 'probes.save', { uuid: P1, body: 'x' });
    await applyEvent(replica, create, { type: 'send' });
    // Typed while the creation was on its way: a row of its own, behind it.
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'y', title: 'later' });
    await enqueue(replica, 'probes.save', { uuid: P2, body: 'ander document' });
    await applyEvent(replica, create, { type: 'answer', answer: reject('access_denied') });
    const transport = pushTransport(() => ok);
    await pushOutbox(replica, transport);
    // The later row of the never-created document is not sent at all.
    expect(transport.rows.map((r) => [r.args.uuid, r.args.body])).toEqual([[P2, 'ander document']]);
    expect(await replica.docs('syncProbes').get(P1)).toBeUndefined();
    expect((await listOutbox(replica)).map((r) => [r.args.body, r.status, r.error])).toEqual([
      ['x', 'failed', 'access_denied'],
      ['y', 'failed', CREATE_REJECTED],
    ]);
  });

  it('twenty offline saves of one document fold into one write based on what the server had', async () => {
    const replica = testReplica();
    await seedProbe(replica, P1, 'v0', 7, 'titel');
    for (let i = 1; i <= 20; i++) await enqueue(replica, 'probes.save', i === 10 ? { uuid: P1, body: `v${i}`, title: 'nieuwe titel' } : { uuid: P1, body: `v${i}` });
    const rows = await listOutbox(replica);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ args: { uuid: P1, body: 'v20', title: 'nieuwe titel' }, baseRevision: 7, baseValues: { body: 'v0', title: 'titel' } });
    expect(await replica.docs('syncProbes').get(P1)).toMatchObject({ body: 'v20', title: 'nieuwe titel', _pending: true });
    const sent = pushTransport(() => okAt(8));
    expect(await pushOutbox(replica, sent)).toEqual({ kind: 'idle' });
    expect(sent.rows).toHaveLength(1);
  });

  it('an edit never folds into a change that already went out once (its answer may have been lost)', async () => {
    const replica = testReplica();
    await seedProbe(replica, P1, 'v0', 7);
    const first = await enqueue(replica, 'probes.save', { uuid: P1, body: 'een' });
    await applyEvent(replica, first, { type: 'send' });
    await applyEvent(replica, first, { type: 'networkError', error: 'Failed to fetch' });
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'twee' });
    expect((await listOutbox(replica)).map((r) => r.args.body)).toEqual(['een', 'twee']);
  });

  it('edits made while the previous one is being sent rebase onto each accepted revision: twenty in a row, no conflict', async () => {
    const replica = testReplica();
    await seedProbe(replica, P1, 'v0', 7);
    let revision = 7;
    let previous: string | null = null;
    const bases: (number | null)[] = [];
    for (let i = 1; i <= 20; i++) {
      const id = await enqueue(replica, 'probes.save', { uuid: P1, body: `v${i}` });
      if (previous) {
        revision += 1;
        await applyEvent(replica, previous, { type: 'answer', answer: okAt(revision) });
      }
      bases.push((await replica.outbox.get(id))?.baseRevision ?? null);
      await applyEvent(replica, id, { type: 'send' });
      previous = id;
    }
    await applyEvent(replica, previous!, { type: 'answer', answer: okAt(revision + 1) });
    // Each queued edit was based on the revision the server had answered for the edit before it.
    expect(bases).toEqual(Array.from({ length: 20 }, (_, i) => 7 + i));
    expect(await listOutbox(replica)).toEqual([]);
    expect(await replica.docs('syncProbes').get(P1)).toMatchObject({ body: 'v20' });
  });

  it('a field without an answer (the resolver hit a deadlock: transient) is retried with backoff, never rolled back, order kept', async () => {
    const replica = testReplica();
    await seedProbe(replica, P1, 'oud');
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'nieuw' });
    await enqueue(replica, 'probes.bump', { uuid: P1, delta: 1 });
    const t0 = 10_000_000;
    const throwing = pushTransport((row) => (row.op === 'saveSyncProbe' ? null : { success: false, reason: 'not_attempted', conflict: null }));
    expect(await pushOutbox(replica, throwing, { now: () => t0, random: () => 1 })).toEqual({ kind: 'offline', error: 'Unexpected error.' });
    const rows = await listOutbox(replica);
    expect(rows.map((r) => [r.op, r.status, r.attempts])).toEqual([['probes.save', 'pending', 1], ['probes.bump', 'pending', 0]]);
    expect(await replica.docs('syncProbes').get(P1)).toMatchObject({ body: 'nieuw', _pending: true });
    const online = pushTransport(() => ok);
    expect(await pushOutbox(replica, online, { now: () => t0 + 1_000 })).toEqual({ kind: 'idle' });
    expect(online.rows.map((r) => r.op)).toEqual(['saveSyncProbe', 'bumpSyncProbe']);
  });

  it('keeps order on a network failure and backs off; the backoff resets when the connection returns', async () => {
    const replica = testReplica();
    await enqueue(replica, 'probes.bump', { uuid: P1, delta: 1 });
    await enqueue(replica, 'probes.bump', { uuid: P1, delta: 2 });
    const t0 = 10_000_000;
    const offline = pushTransport(() => ({ kind: 'network' }));
    expect(await pushOutbox(replica, offline, { now: () => t0, random: () => 1 })).toEqual({ kind: 'offline', error: 'Failed to fetch' });
    await pushOutbox(replica, offline, { now: () => t0 + 1_000, random: () => 1 });
    const rows = await listOutbox(replica);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([['pending', 2], ['pending', 2]]);
    expect(await pushOutbox(replica, offline, { now: () => t0 + 1_010 })).toEqual({ kind: 'wait', until: t0 + 1_000 + 2_000 });
    expect(await resetBackoff(replica)).toBe(2);
    const online = pushTransport(() => ok);
    expect(await pushOutbox(replica, online, { now: () => t0 + 1_010 })).toEqual({ kind: 'idle' });
    expect(online.rows.map((r) => r.args.delta)).toEqual([1, 2]);
    // A replay after a lost answer uses the same id: the server answers it once.
    expect(online.rows[0]?.args.clientMutationId).toBe(rows[0]?.clientMutationId);
  });

  it('a row in backoff holds the rows queued behind it', async () => {
    const replica = testReplica();
    const t0 = 10_000_000;
    await enqueue(replica, 'probes.bump', { uuid: P1, delta: 1 });
    await pushOutbox(replica, pushTransport(() => ({ kind: 'network' })), { now: () => t0, random: () => 1 });
    await enqueue(replica, 'probes.bump', { uuid: P1, delta: 2 });
    const online = pushTransport(() => ok);
    expect(await pushOutbox(replica, online, { now: () => t0 + 10 })).toEqual({ kind: 'wait', until: t0 + 1_000 });
    expect(online.rows).toEqual([]);
  });

  it('stops on a blocking error code without counting an attempt', async () => {
    const replica = testReplica();
    await enqueue(replica, 'probes.bump', { uuid: P1, delta: 1 });
    const out = await pushOutbox(replica, pushTransport(() => ({ kind: 'blocked', code: 'identity_changed' })));
    expect(out).toEqual({ kind: 'blocked', code: 'identity_changed' });
    expect((await listOutbox(replica))[0]).toMatchObject({ status: 'pending', attempts: 0 });
  });

  it('stacked changes of one document: rejecting the first keeps the second on the server version', async () => {
    const replica = testReplica();
    await seedProbe(replica, P1, 'server');
    const first = await enqueue(replica, 'probes.save', { uuid: P1, body: 'een' });
    await applyEvent(replica, first, { type: 'send' });
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'een', title: 'titel' });
    await applyEvent(replica, first, { type: 'answer', answer: { success: false, reason: 'nee' } });
    expect(await replica.docs('syncProbes').get(P1)).toMatchObject({ body: 'een', title: 'titel', _pending: true });
    expect((await listOutbox(replica)).map((r) => r.status)).toEqual(['failed', 'pending']);
  });

  it('a pull under a pending change becomes its new base; the change stays on top', async () => {
    const replica = testReplica();
    await seedProbe(replica, P1, 'oud');
    const id = await enqueue(replica, 'probes.save', { uuid: P1, body: 'oud', title: 'mijn titel' });
    await applyPullPage(replica, 'syncProbes', {
      documents: [{ uuid: P1, id: 1, body: 'van server', title: '', counter: 0, revision: 2, _deleted: false }],
      checkpoint: { seq: 10, scopeKey: 'k' }, reset: false, hasMore: false,
    }, 1);
    expect(await replica.docs('syncProbes').get(P1)).toMatchObject({ body: 'oud', title: 'mijn titel', revision: 2, _pending: true });
    await applyEvent(replica, id, { type: 'send' });
    await applyEvent(replica, id, { type: 'answer', answer: { success: false, reason: 'nee' } });
    expect(await replica.docs('syncProbes').get(P1)).toEqual({ uuid: P1, id: 1, body: 'van server', title: '', counter: 0, revision: 2 });
  });

  it('conflict: only the fields changed on both sides; resolving replaces the row in one step on the server revision', async () => {
    const replica = testReplica();
    await seedProbe(replica, P1, 'oud', 1, 'titel');
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'mijn', title: 'titel' });
    const server = { uuid: P1, id: 1, body: 'hun', title: 'titel', counter: 0, revision: 3 };
    await pushOutbox(replica, pushTransport(() => ({ success: false, reason: 'conflict', conflict: { serverDocument: server, fields: ['body'] } })));
    const [row] = await listOutbox(replica);
    expect(row).toMatchObject({ status: 'conflict', serverDocument: server, conflictFields: ['body'], args: { body: 'mijn' } });
    const next = await resolveConflict(replica, row!.clientMutationId, { body: 'samen' });
    const rows = await listOutbox(replica);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ clientMutationId: next, status: 'pending', args: { uuid: P1, body: 'samen', title: 'titel' }, baseRevision: 3, baseValues: { body: 'hun', title: 'titel' } });
    expect(await replica.docs('syncProbes').get(P1)).toMatchObject({ body: 'samen', _pending: true });
  });

  it('retry after a rejection goes out under a NEW client mutation id and re-applies; discard rolls back', async () => {
    const replica = testReplica();
    await seedProbe(replica, P1, 'oud');
    const id = await enqueue(replica, 'probes.save', { uuid: P1, body: 'nieuw' });
    await pushOutbox(replica, pushTransport(() => reject('nee')));
    expect(await replica.docs('syncProbes').get(P1)).toMatchObject({ body: 'oud' });
    const renewed = await applyEvent(replica, id, { type: 'retry' });
    expect(renewed?.clientMutationId).not.toBe(id);
    expect(await replica.outbox.get(id)).toBeUndefined();
    expect(await replica.docs('syncProbes').get(P1)).toMatchObject({ body: 'nieuw', _pending: true });
    const sent = pushTransport(() => ok);
    await pushOutbox(replica, sent);
    expect(sent.rows.map((r) => r.args.clientMutationId)).toEqual([renewed?.clientMutationId]);
  });

  it('discard drops a pending change and rolls it back', async () => {
    const replica = testReplica();
    await seedProbe(replica, P1, 'oud');
    const id = await enqueue(replica, 'probes.save', { uuid: P1, body: 'nieuw' });
    await applyEvent(replica, id, { type: 'discard' });
    expect(await replica.docs('syncProbes').get(P1)).toEqual({ uuid: P1, id: 1, body: 'oud', title: '', counter: 0, revision: 1 });
    expect(await listOutbox(replica)).toEqual([]);
  });

  it('after a crash, rows that were being sent go back to pending', async () => {
    const replica = testReplica();
    const id = await enqueue(replica, 'probes.bump', { uuid: P1, delta: 1 });
    await applyEvent(replica, id, { type: 'send' });
    await recoverOutbox(replica);
    expect((await listOutbox(replica))[0]?.status).toBe('pending');
  });

  it('an accepted replay after a pull brought a later version (or its tombstone) leaves that version, not the row\'s values', async () => {
    const replica = testReplica();
    // Created here; the answer is lost on the way back (the server applied it at revision 1).
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'nieuw' }, undefined, 1000);
    await pushOutbox(replica, pushTransport(() => ({ kind: 'network' })), { now: () => 2000, random: () => 0 });
    // Meanwhile the document moved to someone else: the pull brings its tombstone at revision 2.
    await applyPullPage(replica, 'syncProbes', { documents: [{ uuid: P1, id: 7, revision: 2, _deleted: true }], checkpoint: { seq: 5, scopeKey: null }, reset: false, hasMore: false }, 3000);
    expect(await replica.docs('syncProbes').get(P1)).toMatchObject({ body: 'nieuw', _pending: true });
    // The replay answers the stored answer: accepted at revision 1, older than the tombstone.
    await pushOutbox(replica, pushTransport(() => okAt(1)), { now: () => 600_000, random: () => 0 });
    expect(await listOutbox(replica)).toEqual([]);
    expect(await replica.docs('syncProbes').get(P1)).toBeUndefined();

    // The same with a later version: the replica shows that version.
    await enqueue(replica, 'probes.save', { uuid: P2, body: 'mijn tekst' }, undefined, 700_000);
    await pushOutbox(replica, pushTransport(() => ({ kind: 'network' })), { now: () => 700_001, random: () => 0 });
    await applyPullPage(replica, 'syncProbes', { documents: [{ uuid: P2, id: 8, revision: 3, body: 'later veranderd', title: '', counter: 0 }], checkpoint: { seq: 9, scopeKey: null }, reset: false, hasMore: false }, 700_002);
    await pushOutbox(replica, pushTransport(() => okAt(1)), { now: () => 1_400_000, random: () => 0 });
    expect(await replica.docs('syncProbes').get(P2)).toMatchObject({ body: 'later veranderd', revision: 3 });
    expect((await replica.docs('syncProbes').get(P2))?._pending).toBeUndefined();
  });
});
