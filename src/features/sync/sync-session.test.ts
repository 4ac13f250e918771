import { beforeEach, describe, expect, it, vi } from 'vitest';
import { initialSyncStatus } from '../../domain/sync/status';
import { syncStore } from '../../lib/sync-client';
import type * as SyncClient from '../../lib/sync-client';
import { endSyncSession } from './sync-session';
import { readableReplica, readerSession } from '../../lib/replica/reader-session';

const worker = vi.hoisted(() => ({ deleteReplica: vi.fn(() => Promise.resolve()), deleteReplicas: vi.fn(() => Promise.resolve()), stop: vi.fn(() => Promise.resolve()) }));

vi.mock('../../lib/sync-client', async (importOriginal) => {
  const actual = await importOriginal<typeof SyncClient>();
  return {
    ...actual,
    syncApi: () => ({ sync: { deleteReplica: worker.deleteReplica, deleteReplicas: worker.deleteReplicas } }),
    stopSync: worker.stop,
    startSync: vi.fn(() => Promise.resolve()),
  };
});
vi.mock('../../lib/replica/replica-db', () => ({ closeReplicaReader: vi.fn() }));

beforeEach(() => {
  vi.clearAllMocks();
  Object.assign(syncStore, { ...initialSyncStatus(), state: 'idle', session: { companyId: 1, userId: 7 } });
});

describe('endSyncSession (the sign-out listener)', () => {
  it('signing out deletes the replica, with a plain (cloneable) session, and stops syncing', async () => {
    await endSyncSession('logout');
    expect(worker.deleteReplica).toHaveBeenCalledWith({ companyId: 1, userId: 7 });
    const sent = (worker.deleteReplica.mock.calls[0] as unknown[])[0];
    expect(() => structuredClone(sent)).not.toThrow();
    expect(worker.stop).toHaveBeenCalledWith({ deleteReplica: false });
    expect(syncStore.session).toBeNull();
  });

  it('screens stop reading the stored session replica too (reader-session.ts)', async () => {
    readerSession.early = { companyId: 1, userId: 7 };
    await endSyncSession('logout');
    expect(readerSession.early).toBeNull();
    expect(readableReplica(syncStore.session, readerSession)).toBeNull();
  });

  it('an expired session keeps the replica while changes wait', async () => {
    syncStore.pending = 2;
    await endSyncSession('expired');
    expect(worker.deleteReplica).not.toHaveBeenCalled();
    expect(worker.stop).toHaveBeenCalledWith({ deleteReplica: false });
  });

  it('inactivity deletes it even with changes waiting (shared device)', async () => {
    syncStore.pending = 2;
    await endSyncSession('inactivity');
    expect(worker.deleteReplica).toHaveBeenCalledTimes(1);
  });
});
