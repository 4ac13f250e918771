import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetAllDataKeys, setDataKey } from '../../../lib/device-crypto/data-keys';
import { KEYRING_PREFIX, newDataKey, wrapKinds, wrapWithSecret } from '../../../lib/device-crypto/keyring';
import { PRF_WRAP_INFO, authenticatorWrapOf, newPrfSalt, removeAuthenticatorWrap, unwrapWithAuthenticator, wrapWithAuthenticator, wrappingKeyFromPrf } from './prf-wrap';

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

const ID = 'werkpad-1-3';
const prf = (fill: number) => new Uint8Array(32).fill(fill);
const credentialId = new Uint8Array([9, 8, 7, 6, 5]);
let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  forgetAllDataKeys();
});
afterEach(() => vi.unstubAllGlobals());

describe('the wrapping key derived from the PRF output', () => {
  it('is HKDF-SHA-256 with the info "werkpad data key wrap v1": the same output gives the same key, another output another', async () => {
    const sealWith = async (key: CryptoKey) => {
      const sealed = await crypto.subtle.encrypt({ name: 'AES-GCM', iv: new Uint8Array(12) }, key, new Uint8Array(32));
      return Buffer.from(sealed).toString('hex');
    };
    // The same derivation written out with WebCrypto's own HKDF, as a reader of the decision would redo it.
    const base = await crypto.subtle.importKey('raw', prf(1), 'HKDF', false, ['deriveKey']);
    const expected = await crypto.subtle.deriveKey(
      { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: new TextEncoder().encode('werkpad data key wrap v1') },
      base,
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt'],
    );
    expect(PRF_WRAP_INFO).toBe('werkpad data key wrap v1');
    expect(await sealWith(await wrappingKeyFromPrf(prf(1)))).toBe(await sealWith(expected));
    expect(await sealWith(await wrappingKeyFromPrf(prf(2)))).not.toBe(await sealWith(expected));
  });

  it('is not extractable, and refuses an output shorter than 32 bytes', async () => {
    const key = await wrappingKeyFromPrf(prf(1));
    expect(key.extractable).toBe(false);
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 });
    await expect(wrappingKeyFromPrf(new Uint8Array(16))).rejects.toThrow(/32 bytes/);
  });
});

describe('wrapping the data key by the authenticator', () => {
  it('the same PRF output opens the key; the device keeps the credential id and salt, never the key or the output', async () => {
    const raw = newDataKey();
    setDataKey(ID, raw);
    const salt = newPrfSalt();
    expect(salt.byteLength).toBe(32);
    await wrapWithAuthenticator(ID, prf(7), { credentialId, salt });
    forgetAllDataKeys();

    expect(wrapKinds(ID)).toEqual(['webauthn']);
    expect(authenticatorWrapOf(ID)).toEqual({ credentialId, salt });
    const stored = storage.getItem(KEYRING_PREFIX + ID)!;
    expect(stored).not.toContain(Buffer.from(raw).toString('base64'));
    expect(stored).not.toContain(Buffer.from(prf(7)).toString('base64'));
    expect(await unwrapWithAuthenticator(ID, prf(7))).toEqual(raw);
  });

  it('another authenticator output opens nothing, nor does the wrap copied to another identity', async () => {
    setDataKey(ID, newDataKey());
    await wrapWithAuthenticator(ID, prf(7), { credentialId, salt: newPrfSalt() });
    expect(await unwrapWithAuthenticator(ID, prf(8))).toBeNull();
    storage.setItem(`${KEYRING_PREFIX}werkpad-1-4`, storage.getItem(KEYRING_PREFIX + ID)!);
    expect(await unwrapWithAuthenticator('werkpad-1-4', prf(7))).toBeNull();
  });

  it('switching off removes only the authenticator wrap: the password wrap stays', async () => {
    const raw = newDataKey();
    setDataKey(ID, raw);
    await wrapWithSecret(ID, 'password', 'Demo-Wachtwoord-2026!', 1_000);
    await wrapWithAuthenticator(ID, prf(7), { credentialId, salt: newPrfSalt() });
    expect(wrapKinds(ID)).toEqual(['password', 'webauthn']);
    removeAuthenticatorWrap(ID);
    expect(wrapKinds(ID)).toEqual(['password']);
    expect(authenticatorWrapOf(ID)).toBeNull();
    expect(await unwrapWithAuthenticator(ID, prf(7))).toBeNull();
  });

  it('wrapping without the data key held refuses and keeps nothing', async () => {
    await expect(wrapWithAuthenticator(ID, prf(7), { credentialId, salt: newPrfSalt() })).rejects.toThrow();
    expect(storage.items.size).toBe(0);
  });

  it('a wrap whose meta is damaged is not offered (no credential or a salt of the wrong length)', async () => {
    setDataKey(ID, newDataKey());
    await wrapWithAuthenticator(ID, prf(7), { credentialId, salt: new Uint8Array(16) });
    expect(authenticatorWrapOf(ID)).toBeNull();
  });
});
