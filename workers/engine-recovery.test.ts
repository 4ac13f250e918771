/**
 * Issue 19, point 2: a failed write of a push's answer (quota, "connection lost", a closed database)
 * no longer freezes the outbox until reload. Failed before the fix: the rows stayed "sending", the
 * retry found nothing to send, and the stuck tab kept the sync lock.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { SyncEngine } from './engine';
import { enqueue, listOutbox } from './outbox/outbox';
import { pushTransport, testReplica } from './test-support';
import type { Replica } from './replica/db';
import { createUuidV7 } from '../src/domain/sync/uuid-v7';

const ids = createUuidV7();
const P1 = ids(1);
const okAt = (revision: number) => ({ success: true, reason: null, conflict: null, revision });

/** Makes the replica's `n`-th read-write transaction from now fail as a full disk does. */
function failWriteNumber(replica: Replica, n: number, error: () => Error = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError')) {
  const dexie = replica.dexie;
  const original = dexie.transaction.bind(dexie) as (...args: unknown[]) => unknown;
  let count = 0;
  (dexie as unknown as { transaction: (...args: unknown[]) => unknown }).transaction = (...args: unknown[]) => {
    if (args[0] === 'rw' && ++count === n) {
      return original(args[0], args[1], () => {
        throw error();
      });
    }
    return original(...args);
  };
}

async function setup() {
  const replica = testReplica();
  await replica.docs('syncProbes').put({ uuid: P1, id: 1, body: 'oud', title: '', counter: 0, revision: 1 });
  const transport = pushTransport(() => okAt(2));
  const lock = { held: true, releases: 0, granted: Promise.resolve() };
  const engine: SyncEngine = new SyncEngine({
    replica,
    transport,
    collections: [],
    schedule: () => () => undefined,
    leadership: {
      release: () => {
        lock.held = false;
        lock.releases++;
      },
      // The lock is free (no other tab): granted at once.
      acquire: () => {
        lock.held = true;
        lock.granted = engine.becomeLeader();
      },
    },
  });
  await engine.start({ leader: true, online: true });
  return { replica, transport, lock, engine };
}

describe('recovery is part of every resume', () => {
  it('a push answer that cannot be written shows an error, gives up the lock, and the retry sends and applies it', async () => {
    const { replica, transport, lock, engine } = await setup();
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'nieuw' });
    // The first write is marking the batch sending; the second, applying the answer, hits a full disk.
    failWriteNumber(replica, 2);
    await engine.requestPush();
    expect(engine.getStatus()).toMatchObject({ state: 'error', error: 'storage_quota', leader: false });
    expect(lock).toMatchObject({ held: false, releases: 1 });
    expect((await listOutbox(replica)).map((r) => r.status)).toEqual(['sending']);

    // The user presses retry: the lock is asked for again, the row left sending is reset and replayed.
    await engine.resume();
    await lock.granted;
    expect(lock.held).toBe(true);
    expect(engine.getStatus()).toMatchObject({ state: 'idle', leader: true, pending: 0, error: null });
    expect(await listOutbox(replica)).toEqual([]);
    expect(transport.rows.map((r) => r.args.body)).toEqual(['nieuw', 'nieuw']);
    expect(transport.rows[0]?.args.clientMutationId).toBe(transport.rows[1]?.args.clientMutationId);
    expect(await replica.docs('syncProbes').get(P1)).toMatchObject({ body: 'nieuw', revision: 2 });
  });

  it('a database closed under the engine is opened again on the retry', async () => {
    const { replica, transport, engine, lock } = await setup();
    await enqueue(replica, 'probes.save', { uuid: P1, body: 'na sluiten' });
    failWriteNumber(replica, 2, () => {
      // Safari's "connection lost": the database is gone under the worker.
      replica.dexie.close();
      return new DOMException('Connection to Indexed Database server lost. Refresh the page to try again', 'UnknownError');
    });
    await engine.requestPush();
    expect(engine.getStatus()).toMatchObject({ state: 'error', error: 'storage_error' });
    await engine.resume();
    await lock.granted;
    expect(engine.getStatus()).toMatchObject({ state: 'idle', pending: 0 });
    expect(transport.rows.map((r) => r.args.body)).toEqual(['na sluiten', 'na sluiten']);
  });
});
