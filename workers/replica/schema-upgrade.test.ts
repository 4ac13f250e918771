import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { declareReplicaSchema, OUTBOX_COUNTS_KEY, REPLICA_VERSION, REPLICA_VERSIONS, type ReplicaVersion } from '../../src/domain/sync/replica-schema';
import { openReplica } from './db';
import { outboxCounts } from '../outbox/outbox';
import { newOutboxRow } from '../../src/domain/sync/outbox-machine';

describe('replica schema upgrades', () => {
  it('a new version with changed indexes refills that collection and keeps the outbox', async () => {
    const name = `upgrade-${Math.random()}`;
    const v1 = new Dexie(name);
    declareReplicaSchema(v1);
    await v1.open();
    await v1.table('participants').put({ uuid: 'p1', id: 1, nameLower: 'jansen piet' });
    await v1.table('messages').put({ uuid: 'm1', id: 1 });
    await v1.table('checkpoints').bulkPut([
      { collection: 'participants', seq: 10, scopeKey: 'k', syncedAt: 1 },
      { collection: 'messages', seq: 12, scopeKey: 'k', syncedAt: 1 },
    ]);
    await v1.table('outbox').put(newOutboxRow({ clientMutationId: 'c1', op: 'saveSyncProbe', args: { body: 'niet kwijtraken' } }, 1));
    v1.close();

    const latest = REPLICA_VERSIONS[REPLICA_VERSIONS.length - 1]!;
    const next: ReplicaVersion = {
      version: latest.version + 1,
      stores: { participants: '&uuid, id, updatedAt, nameLower, coachId, managerId, statusId, userId, projectId' },
      resetCollections: ['participants'],
    };
    const v2 = new Dexie(name);
    declareReplicaSchema(v2, [...REPLICA_VERSIONS, next]);
    await v2.open();
    expect(v2.verno).toBe(next.version);
    expect(await v2.table('participants').count()).toBe(0);
    expect(await v2.table('checkpoints').get('participants')).toBeUndefined();
    expect(await v2.table('messages').get('m1')).toBeDefined();
    expect(await v2.table('checkpoints').get('messages')).toMatchObject({ seq: 12 });
    expect(await v2.table('outbox').toArray()).toEqual([expect.objectContaining({ clientMutationId: 'c1', args: { body: 'niet kwijtraken' } })]);
    v2.close();
  });

  it('version 2 refills messages (their derived index fields) and starts the kept outbox counts from the queued rows', async () => {
    const name = `upgrade-v2-${Math.random()}`;
    const v1 = new Dexie(name);
    declareReplicaSchema(v1, REPLICA_VERSIONS.slice(0, 1));
    await v1.open();
    await v1.table('messages').put({ uuid: 'm1', id: 1, recipientKey: 'u:3', read: false });
    await v1.table('checkpoints').put({ collection: 'messages', seq: 12, scopeKey: 'k', syncedAt: 1 });
    await v1.table('outbox').bulkPut([
      { ...newOutboxRow({ clientMutationId: '0190-a', op: 'probes.save', args: {} }, 5), status: 'pending' },
      { ...newOutboxRow({ clientMutationId: '0190-b', op: 'probes.save', args: {} }, 6), status: 'sending' },
      { ...newOutboxRow({ clientMutationId: '0190-c', op: 'probes.save', args: {} }, 7), status: 'failed' },
      { ...newOutboxRow({ clientMutationId: '0190-d', op: 'probes.save', args: {} }, 8), status: 'failed' },
    ]);
    v1.close();

    const replica = openReplica({ companyId: 0, userId: 0 }, name);
    await replica.dexie.open();
    expect(replica.dexie.verno).toBe(REPLICA_VERSION);
    expect(await replica.docs('messages').count()).toBe(0);
    expect(await replica.checkpoints.get('messages')).toBeUndefined();
    expect(await replica.outbox.count()).toBe(4);
    expect((await replica.meta.get(OUTBOX_COUNTS_KEY))?.value).toEqual({ pending: 1, sending: 1, failed: 2, conflict: 0 });
    expect(await outboxCounts(replica)).toEqual({ pending: 2, failed: 2, conflict: 0, oldestPendingAt: 5 });
    // From here on every write keeps the row.
    await replica.outbox.update('0190-c', { status: 'pending' });
    expect(await outboxCounts(replica)).toEqual({ pending: 3, failed: 1, conflict: 0, oldestPendingAt: 5 });
    replica.dexie.close();
  });

  it('version 3 derives the list index fields in place: documents, checkpoints and the outbox stay', async () => {
    const name = `upgrade-v3-${Math.random()}`;
    const v2 = new Dexie(name);
    declareReplicaSchema(v2, REPLICA_VERSIONS.slice(0, 2));
    await v2.open();
    expect(v2.verno).toBe(2);
    await v2.table('participants').bulkPut([
      { uuid: 'p1', id: 1, firstname: 'Piet', lastname: 'Jansen', nameLower: 'jansen piet', display: 1 },
      { uuid: 'p2', id: 2, firstname: 'Anna', lastname: 'Bakker', nameLower: 'bakker anna', display: 2 },
    ]);
    await v2.table('workPlans').bulkPut([
      { uuid: 'w1', id: 1, name: 'Écht plan', status: 'running', participantId: 1 },
      { uuid: 'w2', id: 2, name: 'Ander plan', status: '', participantId: 1 },
    ]);
    await v2.table('wageValueMeasurements').put({ uuid: 'v1', id: 1, participantId: 1, status: 'concept', createdAt: null });
    await v2.table('messages').put({ uuid: 'm1', id: 1, recipientKey: 'u:3', inboxKey: 'u:3', createdAt: 'x' });
    await v2.table('checkpoints').bulkPut([
      { collection: 'participants', seq: 10, scopeKey: 'k', syncedAt: 1 },
      { collection: 'workPlans', seq: 11, scopeKey: 'k', syncedAt: 1 },
    ]);
    await v2.table('outbox').bulkPut([
      { ...newOutboxRow({ clientMutationId: '0190-a', op: 'probes.save', args: { body: 'niet kwijtraken' } }, 5), status: 'pending' },
      { ...newOutboxRow({ clientMutationId: '0190-b', op: 'probes.save', args: {} }, 6), status: 'failed' },
    ]);
    await v2.table('meta').put({ key: OUTBOX_COUNTS_KEY, value: { pending: 1, sending: 0, failed: 1, conflict: 0 } });
    v2.close();

    // Up to version 5, before the sealing (version 6 drops the documents: sealed-replica.test.ts).
    const v5 = new Dexie(name);
    declareReplicaSchema(v5, REPLICA_VERSIONS.slice(0, 5));
    await v5.open();
    const replica = {
      dexie: v5,
      docs: (n: string) => v5.table<Record<string, unknown>, string>(n),
      outbox: v5.table('outbox'),
      outboxFiles: v5.table('outboxFiles'),
      checkpoints: v5.table('checkpoints'),
      meta: v5.table<{ key: string; value: unknown }, string>('meta'),
    };
    // Upgraded to version 5 (4 adds the table of queued files, empty: nothing else changes).
    expect(replica.dexie.verno).toBe(5);
    expect(await replica.outboxFiles.count()).toBe(0);
    // Derived again with today's derive (the name list keys are no index since version 6, issue 36).
    expect(await replica.docs('participants').get('p1')).toMatchObject({ firstname: 'Piet', nameLower: 'jansen piet' });
    expect(await replica.docs('workPlans').get('w2')).toMatchObject({ listStatus: 'to_start', nameSort: 'ander plan' });
    expect(await replica.docs('workPlans').where('listStatus').equals('running').primaryKeys()).toEqual(['w1']);
    expect(await replica.docs('wageValueMeasurements').where('[status+listCreatedAt]').equals(['concept', '9999']).primaryKeys()).toEqual(['v1']);
    expect(await replica.docs('messages').get('m1')).toBeDefined();
    expect(await replica.checkpoints.get('participants')).toMatchObject({ seq: 10 });
    expect(await replica.checkpoints.get('workPlans')).toMatchObject({ seq: 11 });
    expect(await replica.outbox.toArray()).toEqual([
      expect.objectContaining({ clientMutationId: '0190-a', args: { body: 'niet kwijtraken' }, status: 'pending' }),
      expect.objectContaining({ clientMutationId: '0190-b', status: 'failed' }),
    ]);
    expect((await replica.meta.get(OUTBOX_COUNTS_KEY))?.value).toEqual({ pending: 1, sending: 0, failed: 1, conflict: 0 });
    replica.dexie.close();
  });
});
