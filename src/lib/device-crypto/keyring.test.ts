import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAllDataKeys, forgetDataKey, setDataKey } from './data-keys';
import {
  KEYRING_PREFIX,
  forgetKeyring,
  importWrappingKey,
  newDataKey,
  readKeyring,
  removeWrap,
  unwrapDataKey,
  unwrapWithSecret,
  wrapDataKey,
  wrapKinds,
  wrapWithSecret,
} from './keyring';

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

const ID = 'werkpad-replica-c1-u3';
let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  forgetAllDataKeys();
  // No stand-in key (tests/setup/data-keys.ts): this identity has only what a test sets.
  forgetDataKey(ID);
});
afterEach(() => vi.unstubAllGlobals());

describe('keyring', () => {
  it('keeps the data key only wrapped, under its own prefix, and opens it with the right wrapping key only', async () => {
    const raw = newDataKey();
    setDataKey(ID, raw);
    const share = await importWrappingKey(crypto.getRandomValues(new Uint8Array(32)));
    const other = await importWrappingKey(crypto.getRandomValues(new Uint8Array(32)));
    await wrapDataKey(ID, 'device', share);
    expect([...storage.items.keys()]).toEqual([KEYRING_PREFIX + ID]);
    const stored = storage.items.get(KEYRING_PREFIX + ID) ?? '';
    expect(stored).not.toContain(btoa(String.fromCharCode(...raw)));
    expect(await unwrapDataKey(ID, 'device', share)).toEqual(raw);
    expect(await unwrapDataKey(ID, 'device', other)).toBeNull();
    // A wrap is bound to its identity and kind: copied elsewhere it does not open.
    storage.setItem(KEYRING_PREFIX + 'werkpad-replica-c1-u4', stored);
    expect(await unwrapDataKey('werkpad-replica-c1-u4', 'device', share)).toBeNull();
    expect(await unwrapDataKey(ID, 'password', share)).toBeNull();
  });

  it('wraps by a password with its own salt and count; a wrong password opens nothing', async () => {
    const raw = newDataKey();
    setDataKey(ID, raw);
    await wrapWithSecret(ID, 'password', 'Demo-Wachtwoord-2026!', 1000);
    expect(readKeyring(ID)?.wraps.password?.meta).toMatchObject({ iterations: 1000 });
    expect(await unwrapWithSecret(ID, 'password', 'Demo-Wachtwoord-2026!')).toEqual(raw);
    expect(await unwrapWithSecret(ID, 'password', 'demo-wachtwoord-2026!')).toBeNull();
    expect(await unwrapWithSecret(ID, 'pin', 'Demo-Wachtwoord-2026!')).toBeNull();
  });

  it('keeps several kinds side by side; removing one leaves the others; forgetting removes all', async () => {
    setDataKey(ID, newDataKey());
    await wrapWithSecret(ID, 'pin', '48291573', 1000);
    await wrapDataKey(ID, 'device', await importWrappingKey(new Uint8Array(32).fill(7)));
    expect(wrapKinds(ID)).toEqual(['pin', 'device']);
    removeWrap(ID, 'pin');
    expect(wrapKinds(ID)).toEqual(['device']);
    forgetKeyring(ID);
    expect(storage.items.size).toBe(0);
  });

  it('refuses to wrap when no key is held', async () => {
    await expect(wrapDataKey(ID, 'device', await importWrappingKey(new Uint8Array(32)))).rejects.toThrow();
    expect(storage.items.size).toBe(0);
  });
});
