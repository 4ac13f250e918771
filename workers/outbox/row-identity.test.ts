/**
 * Every outbox row records the identity it was made under (the real user and the whole
 * impersonation chain), and a worker pushes only rows of its own identity, sending that identity
 * with each row (src/domain/sync/row-identity.ts).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { enqueue, applyEvent, listOutbox, resolveConflict } from './outbox';
import { pushOutbox } from './push';
import { pushTransport } from '../test-support';
import { openReplica } from '../replica/db';
import { createUuidV7 } from '../../src/domain/sync/uuid-v7';
import { IDENTITY_MISMATCH, parseRowIdentity, replicaNameOf, rowIdentityKey } from '../../src/domain/sync/row-identity';

const make = createUuidV7();
const U = [1, 2, 3, 4, 5, 6].map((i) => make(i));
const ids = (i: number) => U[i]!;
let n = 0;
/** The same IndexedDB database opened by a worker of one identity. */
function open(name: string, realUserId: number, chain: number[] = []) {
  return openReplica({ companyId: 4, userId: chain[chain.length - 1] ?? realUserId, realUserId, chain }, name);
}
const fresh = () => `werkpad-identity-test-${++n}-${Math.random().toString(36).slice(2)}`;

describe('the identity of a row', () => {
  it('is recorded on every row: the real user and the whole chain, and a resolution or a retry keeps it', async () => {
    const replica = open(fresh(), 3, [7, 9]);
    const id = await enqueue(replica, 'probes.save', { uuid: ids(1), body: 'als 9 via 7' });
    const [row] = await listOutbox(replica);
    expect(row?.identity).toBe('4:3>7>9');
    expect(parseRowIdentity(row?.identity)).toEqual({ companyId: 4, realUserId: 3, chain: [7, 9] });
    await applyEvent(replica, id, { type: 'send' });
    await applyEvent(replica, id, { type: 'answer', answer: { success: false, reason: 'not_found', conflict: null } });
    await applyEvent(replica, id, { type: 'retry' });
    const [retried] = await listOutbox(replica);
    expect(retried?.clientMutationId).not.toBe(id);
    expect(retried?.identity).toBe('4:3>7>9');
    await applyEvent(replica, retried!.clientMutationId, { type: 'send' });
    await applyEvent(replica, retried!.clientMutationId, {
      type: 'answer',
      answer: { success: false, reason: 'conflict', conflict: { serverDocument: { uuid: ids(1), body: 'server', revision: 2 }, fields: ['body'] } },
    });
    await resolveConflict(replica, retried!.clientMutationId, { body: 'mijn keuze' });
    const [resolved] = await listOutbox(replica);
    expect(resolved?.identity).toBe('4:3>7>9');
    replica.dexie.close();
  });

  it('a worker pushes only rows of its own identity and sends the identity with each; rows of another wait untouched', async () => {
    const name = fresh();
    const admin = open(name, 3, [7]);
    await enqueue(admin, 'probes.save', { uuid: ids(2), body: 'als 7' });
    const coach = open(name, 7);
    await enqueue(coach, 'probes.save', { uuid: ids(3), body: 'de coach zelf' });

    const seen = pushTransport(() => ({ success: true, reason: null, conflict: null, revision: 1 }));
    expect(await pushOutbox(coach, seen)).toEqual({ kind: 'idle' });
    expect(seen.rows.map((r) => [r.args.uuid, r.args.identity])).toEqual([[ids(3), '4:7']]);
    // The impersonation's row is still there, pending, never sent.
    const left = await listOutbox(coach);
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ identity: '4:3>7', status: 'pending', attempts: 0 });
    expect(left[0]!.sentOnce).toBeUndefined();

    // Its own worker sends it, with its identity.
    const own = pushTransport(() => ({ success: true, reason: null, conflict: null, revision: 1 }));
    expect(await pushOutbox(admin, own)).toEqual({ kind: 'idle' });
    expect(own.rows.map((r) => [r.args.uuid, r.args.identity])).toEqual([[ids(2), '4:3>7']]);
    expect(await listOutbox(admin)).toEqual([]);
    admin.dexie.close();
    coach.dexie.close();
  });

  it('a row the server refuses for its identity stays pending and stops the push (the session is someone else)', async () => {
    const replica = open(fresh(), 3);
    await enqueue(replica, 'probes.save', { uuid: ids(4), body: 'x' });
    const refused = pushTransport(() => ({ success: false, reason: IDENTITY_MISMATCH, conflict: null }));
    expect(await pushOutbox(replica, refused)).toEqual({ kind: 'blocked', code: 'identity_changed' });
    const [row] = await listOutbox(replica);
    expect(row).toMatchObject({ status: 'pending', identity: '4:3' });
    replica.dexie.close();
  });

  it('rows queued before identities (none recorded) go with their replica', async () => {
    const name = fresh();
    const before = openReplica({ companyId: 4, userId: 5 }, name);
    await enqueue(before, 'probes.save', { uuid: ids(5), body: 'oud' });
    expect((await listOutbox(before))[0]?.identity).toBeUndefined();
    const now = open(name, 5);
    const seen = pushTransport(() => ({ success: true, reason: null, conflict: null, revision: 1 }));
    await pushOutbox(now, seen);
    expect(seen.rows).toHaveLength(1);
    before.dexie.close();
    now.dexie.close();
  });
});

describe('the replica of an identity', () => {
  it('keeps the old name for a user as themselves and has its own while impersonating', () => {
    expect(replicaNameOf({ companyId: 1, userId: 5 })).toBe('werkpad-1-5');
    expect(replicaNameOf({ companyId: 1, userId: 5, chain: [], realUserId: 5 })).toBe('werkpad-1-5');
    expect(replicaNameOf({ companyId: 1, userId: 5, chain: [5], realUserId: 2 })).toBe('werkpad-1-5-via-2.5');
    expect(replicaNameOf({ companyId: 1, userId: 5, chain: [5], realUserId: 3 })).not.toBe(replicaNameOf({ companyId: 1, userId: 5, chain: [5], realUserId: 2 }));
    expect(rowIdentityKey({ companyId: 1, realUserId: 2, chain: [5] })).toBe('1:2>5');
    expect(parseRowIdentity('1:2>5>')).toBeNull();
  });
});
