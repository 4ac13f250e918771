/**
 * Issue 37: rows fold only into rows of the same write version, and every tab migrates the outbox
 * before it takes a write. After a deploy that renamed probes.save's `text` to `body` (version 2), a
 * row queued by the previous version is still in the outbox when a follower tab saves.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import { enqueue, listOutbox, migrateOutbox } from './outbox';
import { migrateBeforeWrites, outboxMigrationLockName } from './migrate-first';
import { pushOutbox } from './push';
import { pushTransport, testReplica } from '../test-support';
import { openReplica } from '../replica/db';
import { createUuidV7 } from '../../src/domain/sync/uuid-v7';
import type * as Registry from '../../src/domain/writes/registry';

vi.mock('../../src/domain/writes/registry', async (importOriginal) => {
  const original = await importOriginal<typeof Registry>();
  const { defineWrite } = await import('../../src/domain/writes/define');
  const current = original.findWrite('probes.save')!;
  // The deployed version: version 2, with the hook that migrates rows of version 1.
  const deployed = defineWrite({
    ...current,
    version: 2,
    migrate: (from, args) => {
      if (from >= 2) return args;
      const { text, ...rest } = args;
      return { ...rest, body: text };
    },
  });
  return { ...original, findWrite: (name: string) => (name === 'probes.save' ? deployed : original.findWrite(name)) };
});

const ids = createUuidV7();
const P1 = ids(1);

/** The outbox as the previous version left it: one pending save of P1 with the old input. */
async function queuedByPreviousVersion() {
  const leader = testReplica();
  await enqueue(leader, 'probes.save', { uuid: P1, body: 'oud' });
  await leader.outbox.toCollection().modify((row) => {
    row.args = { uuid: P1, text: 'oud' };
    row.version = 1;
  });
  // The follower tab opens the same database.
  const follower = openReplica({ companyId: 1, userId: 999 }, leader.dexie.name);
  return { leader, follower };
}

describe('write versions in the outbox', () => {
  it("a follower tab's save made before the migration keeps its new value", async () => {
    const { leader, follower } = await queuedByPreviousVersion();
    // Saved in the follower before any tab migrated: it must not fold into the row of version 1.
    await enqueue(follower, 'probes.save', { uuid: P1, body: 'nieuw' });
    expect((await listOutbox(leader)).map((r) => [r.version, r.args])).toEqual([
      [1, { uuid: P1, text: 'oud' }],
      [2, { uuid: P1, body: 'nieuw' }],
    ]);
    // The leader migrates and sends: the new value is what the server gets last, and what the replica shows.
    await migrateOutbox(leader);
    const transport = pushTransport(() => ({ success: true, reason: null, conflict: null }));
    await pushOutbox(leader, transport);
    expect(transport.rows.map((r) => [r.args.body, r.args.writeVersion])).toEqual([['oud', 2], ['nieuw', 2]]);
    expect((await leader.docs('syncProbes').get(P1))?.body).toBe('nieuw');
  });

  it('every tab migrates under the replica\'s migration lock before it takes writes; a second tab finds nothing to do', async () => {
    const { leader, follower } = await queuedByPreviousVersion();
    const taken: string[] = [];
    const locks = {
      request: <T>(name: string, _options: object, callback: () => Promise<T>) => {
        taken.push(name);
        return callback();
      },
    };
    expect(await migrateBeforeWrites(follower, { locks })).toBe(1);
    expect(taken).toEqual([outboxMigrationLockName(follower.dexie.name)]);
    expect((await listOutbox(follower)).map((r) => [r.version, r.args])).toEqual([[2, { uuid: P1, body: 'oud' }]]);
    expect(await migrateBeforeWrites(leader, { locks })).toBe(0);
    // Saved after the migration: folds into the migrated row, the new value kept.
    await enqueue(follower, 'probes.save', { uuid: P1, body: 'nieuw' });
    expect((await listOutbox(leader)).map((r) => [r.version, r.args])).toEqual([[2, { uuid: P1, body: 'nieuw' }]]);
  });
});
