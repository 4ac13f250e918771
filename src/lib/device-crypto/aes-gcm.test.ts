import { describe, expect, it } from 'vitest';
import { SealOpenError, syncAesGcm } from './aes-gcm';

/** The synchronous AES-256-GCM is standard AES-GCM: WebCrypto opens what it seals and the other way round. */
describe('syncAesGcm', () => {
  it.each([0, 1, 12, 15, 16, 17, 31, 64, 1000, 70_000])('equals WebCrypto for %i bytes', async (length) => {
    const key = crypto.getRandomValues(new Uint8Array(32));
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const aad = crypto.getRandomValues(new Uint8Array(length % 41));
    const plain = new Uint8Array(length).map((_, i) => (i * 7919 + length) & 0xff);
    const webKey = await crypto.subtle.importKey('raw', key, 'AES-GCM', false, ['encrypt', 'decrypt']);
    const mine = syncAesGcm(key).seal(iv, aad, plain);
    const theirs = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad }, webKey, plain));
    expect(mine.subarray(0, 12)).toEqual(iv);
    expect(Buffer.from(mine.subarray(12)).equals(Buffer.from(theirs))).toBe(true);
    expect(Buffer.from(syncAesGcm(key).open(mine, aad)).equals(Buffer.from(plain))).toBe(true);
  });

  it('refuses a changed byte, other additional data or another key', () => {
    const key = crypto.getRandomValues(new Uint8Array(32));
    const gcm = syncAesGcm(key);
    const aad = new TextEncoder().encode('participants');
    const sealed = gcm.seal(crypto.getRandomValues(new Uint8Array(12)), aad, new TextEncoder().encode('Wilhelmina'));
    const changed = sealed.slice();
    changed[14]! ^= 1;
    expect(() => gcm.open(changed, aad)).toThrow(SealOpenError);
    expect(() => gcm.open(sealed, new TextEncoder().encode('users'))).toThrow(SealOpenError);
    expect(() => syncAesGcm(crypto.getRandomValues(new Uint8Array(32))).open(sealed, aad)).toThrow(SealOpenError);
    expect(new TextDecoder().decode(gcm.open(sealed, aad))).toBe('Wilhelmina');
  });
});
