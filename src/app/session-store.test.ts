// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, ensureSession, refreshSession, sessionStore, setSession } from './session-store';

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

  it('ignores a malformed stored session', async () => {
    sessionStorage.setItem('werkpad.session', '{"status":"signed-in"}');
    await refreshSession();
    expect(sessionStore.status).toBe('anonymous');
  });
});
