import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { identityDatabaseNames } from '../../lib/device-crypto/identity-databases';
import { initialSyncStatus } from '../../domain/sync/status';
import { syncStore } from '../../lib/sync-client';
import type * as SyncClient from '../../lib/sync-client';
import { dropUnreadableReplica, endSyncSession } from './sync-session';
import { startNewDataKey } from '../../lib/device-crypto/session-keys';
import { forgetDataKey } from '../../lib/device-crypto/data-keys';
import { readableReplica, readerSession } from '../../lib/replica/reader-session';
import { replicaName } from '../../domain/sync/replica-schema';
import { confirmSignOut, signOutMustAsk } from './sign-out-flow';

const worker = vi.hoisted(() => ({
  deleteReplica: vi.fn(() => Promise.resolve()),
  deleteReplicas: vi.fn((_names: string[]) => Promise.resolve()),
  stop: vi.fn(() => Promise.resolve()),
  /** The outbox as it is (what unsentCountsIn reads), whatever the worker last reported. */
  outbox: { pending: 0, sending: 0, failed: 0, conflict: 0 },
}));

vi.mock('../../lib/sync-client', async (importOriginal) => {
  const actual = await importOriginal<typeof SyncClient>();
  return {
    ...actual,
    syncApi: () => ({
      sync: { deleteReplica: worker.deleteReplica, deleteReplicas: worker.deleteReplicas, unsentCountsIn: () => Promise.resolve({ ...worker.outbox }) },
    }),
    stopSync: worker.stop,
    startSync: vi.fn(() => Promise.resolve()),
  };
});
vi.mock('../../lib/replica/replica-db', () => ({ closeReplicaReader: vi.fn() }));

const name = replicaName({ companyId: 1, userId: 7 });

beforeEach(() => {
  vi.clearAllMocks();
  worker.outbox = { pending: 0, sending: 0, failed: 0, conflict: 0 };
  Object.assign(syncStore, { ...initialSyncStatus(), state: 'idle', session: { companyId: 1, userId: 7 } });
});

describe('endSyncSession (the sign-out listener)', () => {
  it('signing out with an empty outbox deletes the replica, by its (cloneable) name, and stops syncing first', async () => {
    await endSyncSession('logout');
    expect(worker.stop).toHaveBeenCalledWith({ deleteReplica: false });
    // Every database of the identity: the replica, its drafts and its figures (issue 36).
    expect(worker.deleteReplicas).toHaveBeenCalledWith(identityDatabaseNames(name));
    expect(() => structuredClone(worker.deleteReplicas.mock.calls[0]![0])).not.toThrow();
    expect(syncStore.session).toBeNull();
  });

  it('screens stop reading the stored session replica too (reader-session.ts)', async () => {
    readerSession.early = { companyId: 1, userId: 7 };
    await endSyncSession('logout');
    expect(readerSession.early).toBeNull();
    expect(readableReplica(syncStore.session, readerSession)).toBeNull();
  });

  it.each(['pending', 'sending', 'failed', 'conflict'] as const)(
    'an expired session keeps the replica with a %s row, though the worker reported nothing pending',
    async (status) => {
      syncStore.pending = 0;
      worker.outbox[status] = 1;
      await endSyncSession('expired');
      expect(worker.deleteReplicas).not.toHaveBeenCalled();
      expect(worker.stop).toHaveBeenCalledWith({ deleteReplica: false });
    },
  );

  it('inactivity keeps it with changes waiting (it locks; nothing is deleted)', async () => {
    worker.outbox.pending = 2;
    await endSyncSession('inactivity');
    expect(worker.deleteReplicas).not.toHaveBeenCalled();
  });

  it('a sign-out that got past the question without an answer keeps unsent rows', async () => {
    worker.outbox.failed = 1;
    await endSyncSession('logout');
    expect(worker.deleteReplicas).not.toHaveBeenCalled();
  });

  it('"keep them for later" keeps them; after the question discarded the listed rows, a row queued since keeps the replica, an empty outbox does not', async () => {
    worker.outbox.conflict = 1;
    confirmSignOut('keep');
    expect(signOutMustAsk(1)).toBe(false);
    await endSyncSession('logout');
    expect(worker.deleteReplicas).not.toHaveBeenCalled();

    // The listed rows are gone (discardListed); a row another tab queued since is still there.
    Object.assign(syncStore, { session: { companyId: 1, userId: 7 } });
    confirmSignOut('discard');
    expect(signOutMustAsk(1)).toBe(false);
    await endSyncSession('logout');
    expect(worker.deleteReplicas).not.toHaveBeenCalled();

    worker.outbox.conflict = 0;
    Object.assign(syncStore, { session: { companyId: 1, userId: 7 } });
    confirmSignOut('discard');
    expect(signOutMustAsk(1)).toBe(false);
    await endSyncSession('logout');
    expect(worker.deleteReplicas).toHaveBeenCalledWith(identityDatabaseNames(name));
  });
});

describe('a new data key in place of one that no longer opens (issue 36)', () => {
  const storage = new Map<string, string>();
  beforeEach(() => {
    storage.clear();
    vi.stubGlobal('localStorage', { getItem: (k: string) => storage.get(k) ?? null, setItem: (k: string, v: string) => storage.set(k, v), removeItem: (k: string) => storage.delete(k) });
    // The device kept a key for the identity, wrapped by a share that no longer opens it.
    storage.set(`werkpad.keyring.${name}`, JSON.stringify({ version: 1, wraps: { device: { iv: 'AAAA', sealed: 'AAAA', wrappedAt: 1 } } }));
    forgetDataKey(name);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('without unsent rows: every database of the identity goes before the sync starts, once', async () => {
    expect(await dropUnreadableReplica(name)).toBe('none');
    startNewDataKey(name);
    expect(await dropUnreadableReplica(name)).toBe('dropped');
    expect(worker.deleteReplicas).toHaveBeenCalledWith(identityDatabaseNames(name));
    expect(await dropUnreadableReplica(name)).toBe('none');
    expect(worker.deleteReplicas).toHaveBeenCalledTimes(1);
  });

  it('with unsent rows the replica is kept: they are never deleted silently', async () => {
    worker.outbox.failed = 1;
    startNewDataKey(name);
    expect(await dropUnreadableReplica(name)).toBe('kept');
    expect(worker.deleteReplicas).not.toHaveBeenCalled();
  });

  it('a first key (nothing kept before) deletes nothing', async () => {
    storage.clear();
    startNewDataKey(name);
    expect(await dropUnreadableReplica(name)).toBe('none');
    expect(worker.deleteReplicas).not.toHaveBeenCalled();
  });
});
