import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore, type SessionState } from '../../../lib/session/session-store';
import { dataKeyFor, forgetAllDataKeys, forgetDataKey } from '../../../lib/device-crypto/data-keys';
import { readKeyring, wrapKinds } from '../../../lib/device-crypto/keyring';
import { ensureSessionKey, onNewDataKey } from '../../../lib/device-crypto/session-keys';
import { commitPasswordVerifier, devicePinWanted, preparePasswordVerifier, refreshPasswordVerifier, setDevicePin, unlockOffline } from './device-unlock';
import { findDeviceUser, saveDeviceUser } from './device-users';
import { createVerifier } from './verifier';

/** Issue 36: the data key's lifecycle through sign-in, offline unlock, password change and reset. */
const PASSWORD = 'Demo-Wachtwoord-2026!';
const NEW_PASSWORD = 'Nieuw-Wachtwoord-2027?';
const user = { id: 3, username: 'coach', givenName: 'Sanne', surname: 'de Vries', roleId: 4, participantId: null, participantStatusId: null, companyId: 1 };
const company = { id: 1, name: 'Demo Werkbedrijf', participantPortalVersion: 'standard' as const, branding: null };
const signedIn: SessionState = { status: 'signed-in', user, company, identityChain: [] };
const IDENTITY = 'werkpad-1-3';

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

/**
 * The server's key share of this device and user; `available: false` answers as offline, `refuse` with that status,
 * `failFirst` lets that many requests fail on the network before it answers.
 */
const server = { share: btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32)))), available: true, asked: 0, refuse: 0, failFirst: 0 };
const fakeFetch = vi.fn((path: string, init?: RequestInit) => {
  server.asked++;
  if (!server.available) return Promise.reject(new TypeError('Failed to fetch'));
  if (server.failFirst > 0) {
    server.failFirst--;
    return Promise.reject(new TypeError('Failed to fetch'));
  }
  if (server.refuse) return Promise.resolve(new Response(JSON.stringify({ error: 'registration_confined' }), { status: server.refuse }));
  expect(path).toBe('/api/device/key-share');
  expect(new Headers(init?.headers).get('x-werkpad-device')).toMatch(/^[0-9a-f-]{36}$/);
  return Promise.resolve(new Response(JSON.stringify({ share: server.share }), { status: 200 }));
});

async function signInOnline(password: string): Promise<void> {
  preparePasswordVerifier('coach', password, false);
  expect(await commitPasswordVerifier(signedIn)).toBe(true);
}

const heldKey = () => {
  const key = dataKeyFor(IDENTITY);
  expect(key).not.toBeNull();
  return new Uint8Array(key!);
};

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  vi.stubGlobal('fetch', fakeFetch);
  server.available = true;
  server.asked = 0;
  server.refuse = 0;
  server.failFirst = 0;
  forgetAllDataKeys();
  // The unit project's stand-in key (tests/setup/data-keys.ts) is for identities no test touched: this one has none.
  forgetDataKey(IDENTITY);
  clearSession();
});
afterEach(() => vi.unstubAllGlobals());

describe('the data key at an online password sign-in', () => {
  it('is made at the first sign-in, kept only wrapped (password and device share), and opened offline by the password alone', async () => {
    await signInOnline(PASSWORD);
    const key = heldKey();
    expect(wrapKinds(IDENTITY)).toEqual(['password', 'device']);
    const stored = [...(localStorage as unknown as MemoryStorage).items.values()].join('\n');
    expect(stored).not.toContain(btoa(String.fromCharCode(...key)));
    expect(stored).not.toContain(PASSWORD);

    forgetAllDataKeys();
    server.available = false;
    expect(await unlockOffline(user.id, 'wrong password', () => 1_000)).toMatchObject({ ok: false, reason: 'wrong', failures: 1 });
    expect(dataKeyFor(IDENTITY)).toBeNull();
    expect(await unlockOffline(user.id, PASSWORD)).toEqual({ ok: true });
    expect(heldKey()).toEqual(key);
    expect(sessionStore.unlockedOffline).toBe(true);
  }, 60_000);

  it('a reload online with a live session opens the same key with the device share, asking nothing', async () => {
    await signInOnline(PASSWORD);
    const key = heldKey();
    forgetAllDataKeys();
    expect(await ensureSessionKey(IDENTITY)).toBe('open');
    expect(heldKey()).toEqual(key);
    // Offline (or the share refused) it cannot: the user's password or PIN is needed.
    // Offline the browser says so: one failed try is enough, none of the retries a slow link gets.
    forgetAllDataKeys();
    server.available = false;
    server.asked = 0;
    vi.stubGlobal('navigator', { ...globalThis.navigator, onLine: false });
    expect(await ensureSessionKey(IDENTITY)).toBe('needs-user');
    expect(server.asked).toBe(1);
    expect(dataKeyFor(IDENTITY)).toBeNull();
  }, 60_000);

  it('after a password reset by mail, the next online sign-in opens the key with the share and re-wraps it by the new password', async () => {
    await signInOnline(PASSWORD);
    const key = heldKey();
    forgetAllDataKeys();
    await signInOnline(NEW_PASSWORD);
    expect(heldKey()).toEqual(key);
    forgetAllDataKeys();
    server.available = false;
    expect(await unlockOffline(user.id, NEW_PASSWORD)).toEqual({ ok: true });
    expect(heldKey()).toEqual(key);
  }, 60_000);

  it('with no share to open it and a password wrap of a reset password, a new key starts and says so', async () => {
    await signInOnline(PASSWORD);
    const key = heldKey();
    forgetAllDataKeys();
    // The server no longer knows the old share (the device was revoked and signed in again): another share.
    server.share = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
    const renewed: string[] = [];
    const stop = onNewDataKey((identity) => renewed.push(identity));
    await signInOnline(NEW_PASSWORD);
    stop();
    expect(renewed).toEqual([IDENTITY]);
    expect(heldKey()).not.toEqual(key);
    forgetAllDataKeys();
    expect(await ensureSessionKey(IDENTITY)).toBe('open');
  }, 60_000);

  it('the same password with a lost share still opens the old key (no new key)', async () => {
    await signInOnline(PASSWORD);
    const key = heldKey();
    forgetAllDataKeys();
    server.share = btoa(String.fromCharCode(...crypto.getRandomValues(new Uint8Array(32))));
    // A reload alone cannot open it now: the user is asked (the screen locks), nothing new is made.
    expect(await ensureSessionKey(IDENTITY)).toBe('needs-user');
    expect(readKeyring(IDENTITY)?.wraps.password).toBeDefined();
    await signInOnline(PASSWORD);
    expect(heldKey()).toEqual(key);
  }, 60_000);
});

describe('the device share on a slow or refusing link', () => {
  it('a reload whose share request fails on the network twice still opens the key, asking nothing', async () => {
    await signInOnline(PASSWORD);
    const key = heldKey();
    forgetAllDataKeys();
    server.failFirst = 2;
    server.asked = 0;
    expect(await ensureSessionKey(IDENTITY)).toBe('open');
    expect(server.asked).toBe(3);
    expect(heldKey()).toEqual(key);
  }, 60_000);

  it('a refused share is not asked again, and the first sign-in still keeps a key the password opens offline', async () => {
    server.refuse = 403;
    await signInOnline(PASSWORD);
    expect(server.asked).toBe(1);
    const key = heldKey();
    const entry = readKeyring(IDENTITY);
    expect(entry?.wraps.password).toBeDefined();
    expect(entry?.wraps.device).toBeUndefined();
    forgetAllDataKeys();
    // A reload cannot open it (no share): the user is asked, and the password opens the same key offline.
    expect(await ensureSessionKey(IDENTITY)).toBe('needs-user');
    expect(await unlockOffline(user.id, PASSWORD)).toEqual({ ok: true });
    expect(heldKey()).toEqual(key);
  }, 60_000);
});

describe('a password change', () => {
  it('re-wraps the key held by the new password: the old one no longer opens it offline', async () => {
    await signInOnline(PASSWORD);
    const key = heldKey();
    await refreshPasswordVerifier(user.id, NEW_PASSWORD);
    forgetAllDataKeys();
    server.available = false;
    expect(await unlockOffline(user.id, PASSWORD, () => 1_000)).toMatchObject({ ok: false, reason: 'wrong' });
    expect(await unlockOffline(user.id, NEW_PASSWORD)).toEqual({ ok: true });
    expect(heldKey()).toEqual(key);
  }, 60_000);
});

describe('the device PIN of an SSO user', () => {
  it('wraps the key the share opened; the PIN opens it offline', async () => {
    expect(await setDevicePin('48291573', signedIn)).toBe(true);
    const key = heldKey();
    expect(wrapKinds(IDENTITY)).toEqual(['pin', 'device']);
    expect(readKeyring(IDENTITY)?.wraps.pin?.meta).toMatchObject({ iterations: 1_500_000 });
    forgetAllDataKeys();
    server.available = false;
    expect(await unlockOffline(user.id, '48291573')).toEqual({ ok: true });
    expect(heldKey()).toEqual(key);
  }, 60_000);

  it('an older, cheaper PIN no longer opens offline and is asked anew at the next SSO sign-in', async () => {
    saveDeviceUser({ user, company, verifier: await createVerifier('482915', { iterations: 600_000 }), secondFactor: false, secret: 'pin', failures: 0, lastFailureAt: null, savedAt: 1 });
    expect(devicePinWanted(user.id)).toBe(true);
    expect(await unlockOffline(user.id, '482915')).toEqual({ ok: false, reason: 'disabled' });
    expect(findDeviceUser(user.id)!.failures).toBe(0);
    expect(await setDevicePin('48291573', signedIn)).toBe(true);
    expect(devicePinWanted(user.id)).toBe(false);
  }, 60_000);
});
