import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { Dexie } from 'dexie';
import { declareReplicaSchema, REPLICA_VERSIONS, type ReplicaVersion } from '../../src/domain/sync/replica-schema';
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
});
