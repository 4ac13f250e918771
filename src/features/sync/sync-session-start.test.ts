// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore, setSession } from '../../app/session-store';
import { initialSyncStatus } from '../../domain/sync/status';
import { replicaName } from '../../domain/sync/replica-schema';
import { syncStore } from '../../lib/sync-client';
import type * as SyncClient from '../../lib/sync-client';
import { endSyncSession, installSyncSession } from './sync-session';

const worker = vi.hoisted(() => ({
  start: vi.fn(() => Promise.resolve()),
  deleteReplica: vi.fn(() => Promise.resolve()),
  deleteReplicas: vi.fn(() => Promise.resolve()),
  unsentIn: vi.fn(() => Promise.resolve(0)),
  stop: vi.fn(() => Promise.resolve()),
}));

vi.mock('../../lib/sync-client', async (importOriginal) => {
  const actual = await importOriginal<typeof SyncClient>();
  return {
    ...actual,
    syncApi: () => ({ sync: { deleteReplica: worker.deleteReplica, deleteReplicas: worker.deleteReplicas, unsentIn: worker.unsentIn } }),
    stopSync: worker.stop,
    startSync: worker.start,
  };
});
vi.mock('../../lib/replica/replica-db', () => ({ closeReplicaReader: vi.fn() }));

const user = { id: 7, username: 'participant', givenName: 'Piet', surname: 'Jansen', roleId: 1, participantId: 3, participantStatusId: 1, companyId: 1 };
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

// Issue 9 (portal Lighthouse): a session restored at page load starts its worker after the first screen.
describe('installSyncSession holds the worker back until the first screen has rendered', () => {
  beforeEach(() => {
    vi.clearAllMocks();
    localStorage.clear();
    Object.assign(syncStore, { ...initialSyncStatus(), session: null });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('starts the worker only then, and a sign-out meanwhile still deletes the replica and starts nothing', async () => {
    setSession({ user, identityChain: [], company: null });
    let rendered: () => void = () => undefined;
    installSyncSession(new Promise<void>((resolve) => (rendered = resolve)));
    await flush();
    expect(worker.start).not.toHaveBeenCalled();

    // The replica is known at once: signing out before the worker runs deletes it.
    await endSyncSession('logout');
    expect(worker.deleteReplicas).toHaveBeenCalledWith([replicaName({ companyId: 1, userId: 7 })]);
    Object.assign(sessionStore, { status: 'anonymous', user: null });
    rendered();
    await flush();
    expect(worker.start).not.toHaveBeenCalled();

    // Signed in again (the first screen is long there): the worker starts at once.
    setSession({ user, identityChain: [], company: null });
    await flush();
    await flush();
    expect(worker.start).toHaveBeenCalledTimes(1);
    expect(worker.start).toHaveBeenCalledWith(expect.objectContaining({ companyId: 1, userId: 7 }));
  });
});
