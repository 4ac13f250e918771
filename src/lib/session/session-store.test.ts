// @vitest-environment jsdom
import { subscribe } from 'valtio';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setApiEffects } from '../api/effects';
import { onSignedOut } from '../api/session-events';
import { endScreenLock, lockedReplicaName, lockStore } from '../api/session-lock';
import { replicaName } from '../../domain/sync/replica-schema';
import {
  checkSessionInBackground,
  clearSession,
  ensureSession,
  lastSessionCheckReachable,
  lockSignedInSession,
  signedInAnew,
  openOfflineSession,
  refreshSession,
  resetSessionCheck,
  SESSION_CHECK_TIMEOUT_MS,
  sessionNeedsServer,
  sessionStore,
  setSession,
} from './session-store';

const user = { id: 3, username: 'coach', givenName: 'Sanne', surname: 'de Vries', roleId: 4, participantId: null, participantStatusId: null, companyId: 1 };

async function flush(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 0));
}

// The server cannot be reached in these tests: refreshSession falls back to what this tab stored.
describe('session store (offline)', () => {
  afterEach(() => vi.unstubAllGlobals());
  beforeEach(() => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    sessionStorage.clear();
    Object.assign(sessionStore, { status: 'unknown', user: null, identityChain: [], company: null });
  });

  it('starts unknown and resolves to anonymous without a stored session', async () => {
    expect(sessionStore.status).toBe('unknown');
    const state = await ensureSession();
    expect(state.status).toBe('anonymous');
    expect(state.user).toBeNull();
  });

  it('persists a signed-in session in session storage and restores it', async () => {
    setSession({ user, identityChain: [7], company: null });
    await flush();
    expect(JSON.parse(sessionStorage.getItem('werkpad.session') ?? '{}')).toMatchObject({ status: 'signed-in', identityChain: [7] });
    Object.assign(sessionStore, { status: 'unknown', user: null, identityChain: [] });
    await refreshSession();
    expect(sessionStore.status).toBe('signed-in');
    expect(sessionStore.user?.username).toBe('coach');
    expect(sessionStore.identityChain).toEqual([7]);
  });

  it('clears the session and its stored copy', async () => {
    setSession({ user, identityChain: [], company: null });
    await flush();
    clearSession();
    await flush();
    expect(sessionStore.status).toBe('anonymous');
    expect(sessionStorage.getItem('werkpad.session')).toBeNull();
  });

  it('asks the server nothing when the browser is offline and the tab has no session (a restart offline: the unlock at once)', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      resetSessionCheck();
      const state = await ensureSession();
      expect(state.status).toBe('anonymous');
      expect(fetch).not.toHaveBeenCalled();
      // Login reads this to offer the device's offline unlock.
      expect(lastSessionCheckReachable()).toBe(false);
    } finally {
      vi.restoreAllMocks();
    }
  });

  it('says when ensureSession will ask the server: only online, with no session in the tab and none stored', () => {
    expect(sessionNeedsServer()).toBe(true);
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(sessionNeedsServer()).toBe(false);
    online.mockRestore();
    sessionStorage.setItem('werkpad.session', JSON.stringify({ status: 'signed-in', user, identityChain: [], company: null }));
    expect(sessionNeedsServer()).toBe(false);
    sessionStorage.clear();
    Object.assign(sessionStore, { status: 'anonymous' });
    expect(sessionNeedsServer()).toBe(false);
  });

  it('ignores a malformed stored session', async () => {
    sessionStorage.setItem('werkpad.session', '{"status":"signed-in"}');
    await refreshSession();
    expect(sessionStore.status).toBe('anonymous');
  });
});

const meAnswer = (givenName: string) => ({
  data: {
    mfa: { required: false, setup: true },
    me: { id: 3, username: 'coach', givenName, surname: 'de Vries', role: { id: 4 }, participant: null, company: { id: 1, name: 'Demo', settings: {}, branding: null } },
  },
});
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

/** A stored session as a reload finds it: in session storage, the store not yet resolved. */
async function storedSession(): Promise<void> {
  Object.assign(sessionStore, { status: 'unknown', user: null, identityChain: [], company: null });
  await flush();
  sessionStorage.setItem('werkpad.session', JSON.stringify({ status: 'signed-in', user, identityChain: [], company: null }));
  resetSessionCheck();
}

// Issue 9: screens render from the stored session at once; the server check runs in the background.
describe('session store (restored session, checked in the background)', () => {
  let navigate: ReturnType<typeof vi.fn<(href: string) => void>>;
  let restoreEffects: () => void;
  beforeEach(() => {
    sessionStorage.clear();
    navigate = vi.fn<(href: string) => void>();
    restoreEffects = setApiEffects({ navigate, clearSession });
  });
  afterEach(() => {
    restoreEffects();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('answers the stored session without waiting for the server', async () => {
    const fetchMock = vi.fn(() => new Promise<Response>(() => undefined)); // the server never answers
    vi.stubGlobal('fetch', fetchMock);
    await storedSession();
    const state = await ensureSession();
    expect(state.status).toBe('signed-in');
    expect(state.user?.username).toBe('coach');
    expect(fetchMock).toHaveBeenCalledOnce(); // the check did start
  });

  it('ends a session the server refuses and opens Login with the notice', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json({ errors: [{ message: 'expired', extensions: { code: 'token_expired' } }] }))));
    await storedSession();
    expect((await ensureSession()).status).toBe('signed-in');
    await checkSessionInBackground();
    expect(sessionStore.status).toBe('anonymous');
    expect(sessionStorage.getItem('werkpad.session')).toBeNull();
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?expired=1/));
  });

  it('locks the screen instead when the app can lock (issue 18): the user stays known, nothing is signed out', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json({ errors: [{ message: 'expired', extensions: { code: 'token_expired' } }] }))));
    const listener = vi.fn();
    const stopListening = onSignedOut(listener);
    const restore = setApiEffects({ lockSession: lockSignedInSession });
    try {
      await storedSession();
      expect((await ensureSession()).status).toBe('signed-in');
      await checkSessionInBackground();
      expect(lockStore.lock).toMatchObject({ reason: 'expired', userId: 3, username: 'coach' });
      expect(sessionStore.status).toBe('signed-in');
      expect(listener).not.toHaveBeenCalled();
      expect(navigate).not.toHaveBeenCalled();
      // A `me` answer for the same user does not lift the lock (issue 36)…
      setSession({ user, identityChain: [], company: null });
      expect(lockStore.lock).toMatchObject({ userId: 3 });
      // …only the user's own sign-in does.
      signedInAnew();
      setSession({ user, identityChain: [], company: null });
      expect(lockStore.lock).toBeNull();
    } finally {
      restore();
      stopListening();
      endScreenLock();
    }
  });

  it('keeps the stored session when the server does not answer within the timeout', async () => {
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>(() => undefined)));
    await storedSession();
    vi.useFakeTimers();
    await ensureSession();
    const done = checkSessionInBackground();
    await vi.advanceTimersByTimeAsync(SESSION_CHECK_TIMEOUT_MS);
    await done;
    expect(sessionStore.status).toBe('signed-in');
    expect(navigate).not.toHaveBeenCalled();
  });

  it("takes the server's answer over the stored copy", async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json(meAnswer('Sanne-Marie')))));
    await storedSession();
    await ensureSession();
    await checkSessionInBackground();
    expect(sessionStore.user?.givenName).toBe('Sanne-Marie');
    expect(sessionStore.company?.name).toBe('Demo');
  });

  it('leaves the store untouched when the answer equals what the tab shows (no start-up re-render)', async () => {
    const fetchMock = vi.fn(() => Promise.resolve(json(meAnswer('Sanne'))));
    vi.stubGlobal('fetch', fetchMock);
    await storedSession();
    await ensureSession();
    await checkSessionInBackground(); // the stored copy takes the server's shape
    await flush();
    const userBefore = sessionStore.user;
    const companyBefore = sessionStore.company;
    const changes = vi.fn();
    const unsubscribe = subscribe(sessionStore, changes);
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    try {
      resetSessionCheck();
      await checkSessionInBackground();
      await flush();
      expect(fetchMock).toHaveBeenCalledTimes(2);
      expect(changes).not.toHaveBeenCalled();
      expect(setItem).not.toHaveBeenCalled();
      expect(sessionStore.user).toBe(userBefore);
      expect(sessionStore.company).toBe(companyBefore);
      // A real change still arrives, and only the part that changed is replaced.
      fetchMock.mockImplementation(() => Promise.resolve(json(meAnswer('Sanne-Marie'))));
      resetSessionCheck();
      await checkSessionInBackground();
      await flush();
      expect(changes).toHaveBeenCalled();
      expect(sessionStore.user?.givenName).toBe('Sanne-Marie');
      expect(sessionStore.company).toBe(companyBefore);
    } finally {
      unsubscribe();
      setItem.mockRestore();
    }
  });

  it('drops a late answer when the user signed out meanwhile', async () => {
    let answer: (r: Response) => void = () => undefined;
    vi.stubGlobal('fetch', vi.fn(() => new Promise<Response>((resolve) => (answer = resolve))));
    await storedSession();
    await ensureSession();
    const done = checkSessionInBackground();
    clearSession();
    answer(json(meAnswer('Sanne')));
    await done;
    expect(sessionStore.status).toBe('anonymous');
  });

  it('waits for the server when the tab has no stored session', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json(meAnswer('Sanne')))));
    Object.assign(sessionStore, { status: 'unknown', user: null, identityChain: [], company: null });
    resetSessionCheck();
    expect((await ensureSession()).status).toBe('signed-in');
  });
});

// Issue 18: a session opened offline on the device (features/auth/device-unlock) is confirmed by the server before anything is pushed.
describe('session store (opened offline, confirmed when the server answers)', () => {
  let navigate: ReturnType<typeof vi.fn<(href: string) => void>>;
  let restoreEffects: () => void;
  beforeEach(() => {
    sessionStorage.clear();
    navigate = vi.fn<(href: string) => void>();
    restoreEffects = setApiEffects({ navigate, clearSession });
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    clearSession();
  });
  afterEach(() => {
    restoreEffects();
    vi.unstubAllGlobals();
  });

  it('opens signed in and unconfirmed; offline it stays so', async () => {
    openOfflineSession({ user, company: null });
    expect(sessionStore).toMatchObject({ status: 'signed-in', user, identityChain: [], unlockedOffline: true });
    await checkSessionInBackground();
    expect(sessionStore.unlockedOffline).toBe(true);
    expect(navigate).not.toHaveBeenCalled();
  });

  it("the same user's live session confirms it", async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json(meAnswer('Sanne')))));
    // Online: opening asks the server at once; the test waits for that check.
    openOfflineSession({ user, company: null });
    await checkSessionInBackground();
    expect(sessionStore.status).toBe('signed-in');
    expect(sessionStore.unlockedOffline).toBe(false);
  });

  it("another user's session does not: the device asks for an online sign-in", async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json(meAnswer('Sanne')))));
    // Online: opening asks the server at once; the test waits for that check.
    openOfflineSession({ user: { ...user, id: 99, username: 'expert' }, company: null });
    await checkSessionInBackground();
    expect(sessionStore.status).toBe('anonymous');
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?expired=1/));
  });

  it('no session at all (no cookie): sign in online, with the expiry notice', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json({ errors: [{ message: 'no user', extensions: { code: 'no_current_user' } }] }))));
    // Online: opening asks the server at once; the test waits for that check.
    openOfflineSession({ user, company: null });
    await checkSessionInBackground();
    expect(sessionStore.status).toBe('anonymous');
    expect(navigate).toHaveBeenCalledWith(expect.stringMatching(/^\/login\?expired=1/));
  });

  it('a refused offline-opened session locks the screen like any session end (issue 18): replica kept, nothing signed out', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(json({ errors: [{ message: 'expired', extensions: { code: 'token_expired' } }] }))));
    const listener = vi.fn();
    const stopListening = onSignedOut(listener);
    const restore = setApiEffects({ lockSession: lockSignedInSession });
    try {
      openOfflineSession({ user, company: null });
      await checkSessionInBackground();
      expect(lockStore.lock).toMatchObject({ reason: 'expired', userId: user.id, username: user.username });
      expect(sessionStore.status).toBe('signed-in');
      expect(sessionStore.unlockedOffline).toBe(true);
      expect(listener).not.toHaveBeenCalled();
      expect(navigate).not.toHaveBeenCalled();
    } finally {
      restore();
      stopListening();
      endScreenLock();
    }
  });

  it('unlocking a locked screen on the device ends the lock and reopens the same user unconfirmed', () => {
    setSession({ user, identityChain: [], company: null });
    expect(lockSignedInSession('inactivity')).toBe(true);
    expect(lockStore.lock).not.toBeNull();
    openOfflineSession({ user, company: null });
    expect(lockStore.lock).toBeNull();
    expect(sessionStore).toMatchObject({ status: 'signed-in', user, unlockedOffline: true });
  });

  it('a lock while impersonating keeps the chain and the real user, so the lock screen counts the replica the sync used', () => {
    setSession({ user, identityChain: [7, user.id], company: null, realUser: { id: 7, name: 'Admin' } });
    expect(lockSignedInSession('inactivity')).toBe(true);
    const lock = lockStore.lock!;
    expect(lock).toMatchObject({ username: null, chain: [7, user.id], realUserId: 7 });
    expect(lockedReplicaName(lock)).toBe(replicaName({ companyId: user.companyId, userId: user.id, chain: [7, user.id], realUserId: 7 }));
    expect(lockedReplicaName(lock)).not.toBe(replicaName({ companyId: user.companyId, userId: user.id }));
    expect(lockedReplicaName({ ...lock, realUserId: null })).toBeNull();
    expect(lockedReplicaName({ ...lock, chain: [] })).toBe(replicaName({ companyId: user.companyId, userId: user.id }));
    endScreenLock();
  });
});
