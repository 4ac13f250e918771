import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { applyEvent, enqueue, listOutbox, resolveConflict } from './outbox';
import { pushOutbox } from './push';
import { pushTransport, testReplica } from '../test-support';

/**
 * Found by the fault-injection test (tests/faults/scenario.ts): a later row may only take the
 * revision an accepted row answered when that revision holds nothing but what this client sent on
 * top of what it saw. When the server merged another device's change into the accepted row (the
 * answered revision skips revisions), the later row keeps its older base, so the server merges it
 * per field against the values this client saw, instead of overwriting the other device's change.
 */
const P1 = '01900000-0000-7000-8000-000000000001';
const okAt = (revision: number) => ({ success: true, reason: null, conflict: null, revision });

describe('rebase after an accepted row', () => {
  it('rebases later rows when the accepted row applied on the revision it was based on', async () => {
    const replica = testReplica();
    await replica.docs('syncProbes').put({ uuid: P1, id: 1, body: 'basis', title: 'titel', counter: 0, revision: 4 });
    // The second edit is made while the first is on its way (so they do not fold into one write).
    await applyEvent(replica, await enqueue(replica, 'probes.save', { uuid: P1, body: 'een' }), { type: 'send' });
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'een', title: 'twee' });
    await applyEvent(replica, (await listOutbox(replica))[0]!.clientMutationId, { type: 'recover' });
    let revision = 4;
    const transport = pushTransport(() => okAt(++revision));
    expect(await pushOutbox(replica, transport, { batch: 1 })).toEqual({ kind: 'idle' });
    expect(transport.rows.map((r) => r.args.baseRevision)).toEqual([4, 5]);
  });

  it('keeps the older base when the answered revision holds changes this client never saw', async () => {
    const replica = testReplica();
    await replica.docs('syncProbes').put({ uuid: P1, id: 1, body: 'basis', title: 'titel', counter: 0, revision: 4 });
    await applyEvent(replica, await enqueue(replica, 'probes.save', { uuid: P1, body: 'een' }), { type: 'send' });
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'een', title: 'twee' });
    await applyEvent(replica, (await listOutbox(replica))[0]!.clientMutationId, { type: 'recover' });
    // Another device changed the title meanwhile (revision 5); the first row merged onto it (revision 6).
    const answers = [okAt(6), okAt(7)];
    const transport = pushTransport(() => answers.shift()!);
    expect(await pushOutbox(replica, transport, { batch: 1 })).toEqual({ kind: 'idle' });
    // The second row is not based on revision 6 (whose title it never saw): the server compares its
    // title with 'titel' and finds the other device's change (a conflict on the title, as it is).
    expect(transport.rows.map((r) => [r.args.baseRevision, r.args.baseValues])).toEqual([
      [4, { body: 'basis' }],
      [4, { body: 'een', title: 'titel' }],
    ]);
    expect(await listOutbox(replica)).toEqual([]);
  });

  it('keeps the base of a resolved conflict, so keeping their value does not undo a later accepted edit', async () => {
    // Found by the fault-injection test (seed 1 under load): the resolution row is made from the
    // server's version, not from this client's pending edit, so that edit's revision is not its base.
    const replica = testReplica();
    await replica.docs('syncProbes').put({ uuid: P1, id: 1, body: 'basis', title: 'titel', counter: 0, revision: 4 });
    const first = await enqueue(replica, 'probes.save', { uuid: P1, body: 'mijn' });
    const theirs = { uuid: P1, id: 1, body: 'hun', title: 'titel', counter: 0, revision: 5 };
    const conflictTransport = pushTransport(() => ({ success: false, reason: 'conflict', conflict: { serverDocument: theirs }, revision: null }));
    await pushOutbox(replica, conflictTransport, { batch: 1 });
    expect((await listOutbox(replica)).map((r) => [r.clientMutationId, r.status])).toEqual([[first, 'conflict']]);
    // The pull brings revision 5; the user edits again, then settles the conflict with their body.
    await replica.docs('syncProbes').put(theirs);
    const edit = await enqueue(replica, 'probes.save', { uuid: P1, body: 'nieuw', title: 'nieuw' });
    await applyEvent(replica, edit, { type: 'send' });
    await resolveConflict(replica, first, { body: 'hun' });
    await applyEvent(replica, edit, { type: 'recover' });
    const answers = [okAt(6), okAt(7)];
    const transport = pushTransport(() => answers.shift()!);
    expect(await pushOutbox(replica, transport, { batch: 1 })).toEqual({ kind: 'idle' });
    // The resolution saw body 'hun' at revision 5; revision 6 has 'nieuw'. Based on 6, its 'hun' would
    // overwrite the later edit; based on 5, the server sees the body unchanged by it and keeps 'nieuw'.
    expect(transport.rows.map((r) => [r.args.body, r.args.baseRevision, r.args.baseValues])).toEqual([
      ['nieuw', 5, { body: 'hun', title: 'titel' }],
      ['hun', 5, { body: 'hun' }],
    ]);
  });
});
