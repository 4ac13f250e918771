// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readableReplica, readerSession } from '../lib/replica/reader-session';
import { clearSession, sessionStore, setSession } from '../lib/session/session-store';
import { followReplicaReader } from './start-sync';

const db = vi.hoisted(() => ({
  open: vi.fn(() => Promise.resolve()),
  replicaReader: vi.fn(),
  closeReplicaReader: vi.fn(),
}));
vi.mock('../lib/replica/replica-db', () => ({
  replicaReader: (session: unknown) => {
    db.replicaReader(session);
    return { dexie: { open: db.open } };
  },
  // Opens once the identity's data key is here (issue 36); the test's identities are unlocked.
  openReplicaReader: (session: unknown) => {
    db.replicaReader(session);
    return db.open();
  },
  closeReplicaReader: db.closeReplicaReader,
}));

const user = (id: number, companyId = 1) => ({ id, username: `u${id}`, givenName: 'A', surname: 'B', roleId: 4, participantId: null, participantStatusId: null, companyId });

/** Lets valtio's batched notifications and the dynamic import settle. */
async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 0));
}

describe('the replica reader follows the stored session (before the sync code loads)', () => {
  beforeEach(async () => {
    sessionStorage.clear();
    clearSession();
    await settle();
    readerSession.early = null;
    readerSession.stopped = false;
    vi.clearAllMocks();
  });

  it('opens the stored session replica at once and closes it when the session ends', async () => {
    setSession({ user: user(7), identityChain: [], company: null });
    followReplicaReader();
    expect(readerSession.early).toEqual({ companyId: 1, userId: 7 });
    expect(readableReplica(null, readerSession)).toEqual({ companyId: 1, userId: 7 });
    await settle();
    expect(db.replicaReader).toHaveBeenCalledWith({ companyId: 1, userId: 7 });
    expect(db.open).toHaveBeenCalledTimes(1);

    clearSession();
    await settle();
    expect(readerSession.early).toBeNull();
    expect(readableReplica(null, readerSession)).toBeNull();
    expect(db.closeReplicaReader).toHaveBeenCalledWith({ companyId: 1, userId: 7 });
  });

  it('switches to the new identity, and reads nothing once another tab took the session over', async () => {
    followReplicaReader();
    setSession({ user: user(7), identityChain: [], company: null });
    await settle();
    expect(readerSession.early).toEqual({ companyId: 1, userId: 7 });
    // Impersonating: the replica of that identity, once the real user is known (none opened before).
    setSession({ user: user(9, 2), identityChain: [9], company: null, realUser: null });
    await settle();
    expect(readerSession.early).toBeNull();
    setSession({ user: user(9, 2), identityChain: [9], company: null, realUser: { id: 7, name: 'A B' } });
    await settle();
    expect(readerSession.early).toEqual({ companyId: 2, userId: 9, chain: [9], realUserId: 7 });
    expect(db.replicaReader).toHaveBeenLastCalledWith({ companyId: 2, userId: 9, chain: [9], realUserId: 7 });

    readerSession.stopped = true;
    vi.clearAllMocks();
    setSession({ user: user(11), identityChain: [], company: null });
    await settle();
    expect(readableReplica(null, readerSession)).toBeNull();
    expect(db.replicaReader).not.toHaveBeenCalled();
    // The sync session, once started, is what counts.
    expect(readableReplica({ companyId: 1, userId: 11 }, readerSession)).toEqual({ companyId: 1, userId: 11 });
    expect(sessionStore.status).toBe('signed-in');
  });
});
