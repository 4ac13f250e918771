// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endScreenLock, lockStore, rememberedLocks, REMEMBERED_LOCKS_KEY } from '../api/session-lock';
import { PENDING_SIGN_OUT_KEY, rememberSignOut, sendPendingLocks, signOutPending } from './pending-intents';
import { ensureSession, lockSignedInSession, resetSessionCheck, sessionStore, setSession, signedInAnew } from './session-store';
import { noteOfflineCap, noteSessionConfirmed, OFFLINE_CAP_KEY, withinOfflineCap } from '../device/offline-cap';

/** Issue 36: locks only the user lifts, sign-out made offline, the offline cap (what the device remembers). */
const user = { id: 3, username: 'coach', givenName: 'Sanne', surname: 'de Vries', roleId: 4, participantId: null, participantStatusId: null, companyId: 1 };
const DAY = 24 * 60 * 60_000;

function offline(): void {
  vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetSessionCheck();
  Object.assign(sessionStore, { status: 'unknown', user: null, identityChain: [], company: null });
  lockStore.lock = null;
});
afterEach(() => {
  vi.unstubAllGlobals();
  endScreenLock();
});

describe('a lock only its user lifts', () => {
  it('is remembered on the device, survives every `me` answer and a new tab, and ends at the user’s sign-in', async () => {
    offline();
    setSession({ user, identityChain: [], company: null });
    expect(lockSignedInSession('inactivity')).toBe(true);
    // Offline: the lock request could not go; it is kept to be sent.
    await sendPendingLocks();
    expect(Object.values(rememberedLocks())).toEqual([expect.objectContaining({ userId: 3, sent: false })]);
    // A new tab (or a restart) has no lock of its own; the server confirms the same user: still locked.
    lockStore.lock = null;
    setSession({ user, identityChain: [], company: null });
    expect(lockStore.lock).toMatchObject({ userId: 3, reason: 'inactivity' });
    signedInAnew();
    setSession({ user, identityChain: [], company: null });
    expect(lockStore.lock).toBeNull();
    expect(localStorage.getItem(REMEMBERED_LOCKS_KEY)).toBeNull();
  });

  it('is sent to the server at the next connection, once', async () => {
    offline();
    setSession({ user, identityChain: [], company: null });
    lockSignedInSession('inactivity');
    await sendPendingLocks();
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    await sendPendingLocks();
    await sendPendingLocks();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]).toEqual(['/api/session/lock', expect.objectContaining({ method: 'POST' })]);
    expect(Object.values(rememberedLocks())[0]?.sent).toBe(true);
  });

  it('a lock taken because the server refused the session needs no lock request', async () => {
    setSession({ user, identityChain: [], company: null });
    lockSignedInSession('expired');
    const fetchMock = vi.fn(() => Promise.resolve(new Response(null, { status: 204 })));
    vi.stubGlobal('fetch', fetchMock);
    await sendPendingLocks();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('a sign-out made offline', () => {
  it('is completed before the session is asked about, and the device stays signed out meanwhile', async () => {
    rememberSignOut();
    offline();
    expect((await ensureSession()).status).toBe('anonymous');
    expect(signOutPending()).toBe(true);
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((path: string) => {
        calls.push(path);
        return Promise.resolve(new Response(JSON.stringify({ chain: [] }), { status: 200, headers: { 'content-type': 'application/json' } }));
      }),
    );
    Object.assign(sessionStore, { status: 'unknown' });
    expect((await ensureSession()).status).toBe('anonymous');
    // The sign-out went first and alone: no `me` under the old session.
    expect(calls).toEqual(['/api/oauth/logout']);
    expect(localStorage.getItem(PENDING_SIGN_OUT_KEY)).toBeNull();
  });
});

describe('the offline cap', () => {
  it('allows offline unlock within the cap and refuses past it; a new confirmation allows it again', () => {
    const identity = 'werkpad-1-3';
    const start = Date.UTC(2026, 0, 1);
    noteSessionConfirmed(identity, start);
    noteOfflineCap(identity, 2);
    expect(withinOfflineCap(identity, start + 2 * DAY)).toBe(true);
    expect(withinOfflineCap(identity, start + 2 * DAY + 1)).toBe(false);
    noteSessionConfirmed(identity, start + 3 * DAY);
    expect(withinOfflineCap(identity, start + 3 * DAY + 1)).toBe(true);
    expect(JSON.parse(localStorage.getItem(OFFLINE_CAP_KEY) ?? '{}')).toEqual({ [identity]: { confirmedAt: start + 3 * DAY, capDays: 2 } });
  });

  it('ignores a cap out of range (keeps the default of 14 days)', () => {
    const identity = 'werkpad-1-4';
    const start = Date.UTC(2026, 0, 1);
    noteSessionConfirmed(identity, start);
    noteOfflineCap(identity, 0);
    noteOfflineCap(identity, 366);
    expect(withinOfflineCap(identity, start + 14 * DAY)).toBe(true);
    expect(withinOfflineCap(identity, start + 15 * DAY)).toBe(false);
  });
});
