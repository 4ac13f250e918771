/**
 * AES-256-GCM that runs synchronously, for the sealing layer (seal.ts): an IndexedDB transaction commits as
 * soon as a task ends with no request pending, so the sealing cannot await WebCrypto inside one
 * (docs/decisions-offline-unlock.md, "Encryption at rest: the sealing layer"). Built from @noble/ciphers'
 * audited AES block function and CTR mode and its GHASH, with what depends only on the key (the expanded
 * key, the hash key H and GHASH's 8-bit window table) made once per key instead of once per value: noble's
 * own `gcm` rebuilds them for every call, which cost 0.2 ms per sealed document. The output is standard
 * AES-GCM (96-bit IV, 128-bit tag), checked against WebCrypto by aes-gcm.test.ts.
 */
import { unsafe } from '@noble/ciphers/aes';
import { ghash } from '@noble/ciphers/_polyval';

/** The parts of noble's GHASH instance reused between values (its state is reset before each). */
interface GhashState {
  s0: number;
  s1: number;
  s2: number;
  s3: number;
  finished: boolean;
  update(data: Uint8Array): GhashState;
  digestInto(out: Uint8Array): Uint8Array;
}

export const IV_BYTES = 12;
export const TAG_BYTES = 16;

/** A value that failed to open: a wrong key, another row's sealed value, or changed bytes. */
export class SealOpenError extends Error {
  override readonly name = 'SealOpenError';
}

export interface SyncAesGcm {
  /** iv (12 bytes) || ciphertext || tag (16 bytes). */
  seal(iv: Uint8Array, aad: Uint8Array, plaintext: Uint8Array): Uint8Array;
  /** The plaintext of `seal`'s output; SealOpenError when the tag does not match. */
  open(sealed: Uint8Array, aad: Uint8Array): Uint8Array;
}

function lengthsBlock(aadBytes: number, dataBytes: number): Uint8Array {
  const block = new Uint8Array(16);
  const view = new DataView(block.buffer);
  // len(A) || len(C) in bits, 64-bit big-endian each (values here stay far below 2^53).
  view.setUint32(0, Math.floor((aadBytes * 8) / 2 ** 32));
  view.setUint32(4, (aadBytes * 8) >>> 0);
  view.setUint32(8, Math.floor((dataBytes * 8) / 2 ** 32));
  view.setUint32(12, (dataBytes * 8) >>> 0);
  return block;
}

/** An aligned copy when a view does not start on a 4-byte boundary (noble's CTR reads 32-bit words). */
const aligned = (bytes: Uint8Array): Uint8Array => (bytes.byteOffset % 4 === 0 ? bytes : bytes.slice());

export function syncAesGcm(key: Uint8Array): SyncAesGcm {
  if (key.byteLength !== 32) throw new Error('AES-256-GCM needs a 32-byte key');
  const xk = unsafe.expandKeyLE(key);
  const h = unsafe.encryptBlock(xk, new Uint8Array(16));
  // An expected length above 64 KiB selects the 8-bit window: a 4096-entry table, made once for the key.
  const hash = ghash.create(h, 1 << 17) as unknown as GhashState;

  function tagOf(aad: Uint8Array, ciphertext: Uint8Array, mask: Uint8Array): Uint8Array {
    hash.s0 = hash.s1 = hash.s2 = hash.s3 = 0;
    hash.finished = false;
    if (aad.length > 0) hash.update(aad);
    if (ciphertext.length > 0) hash.update(ciphertext);
    hash.update(lengthsBlock(aad.length, ciphertext.length));
    const tag = hash.digestInto(new Uint8Array(16));
    for (let i = 0; i < 16; i++) tag[i]! ^= mask[i]!;
    return tag;
  }

  /** The tag mask E(K, J0) and the counter block for the first block of data (J0 + 1), from a 96-bit IV. */
  function counters(iv: Uint8Array): { mask: Uint8Array; counter: Uint8Array } {
    if (iv.length !== IV_BYTES) throw new Error('AES-GCM here takes a 96-bit IV');
    const counter = new Uint8Array(16);
    counter.set(iv);
    counter[15] = 1;
    // ctr32 encrypts the counter block and advances it in place: afterwards it is J0 + 1.
    const mask = unsafe.ctr32(xk, false, counter, new Uint8Array(16));
    return { mask, counter };
  }

  return {
    seal(iv, aad, plaintext) {
      const { mask, counter } = counters(iv);
      const out = new Uint8Array(IV_BYTES + plaintext.length + TAG_BYTES);
      out.set(iv, 0);
      // The ciphertext is written at offset 12 (4-byte aligned) of `out`.
      const ciphertext = out.subarray(IV_BYTES, IV_BYTES + plaintext.length);
      if (plaintext.length > 0) unsafe.ctr32(xk, false, counter, aligned(plaintext), ciphertext);
      out.set(tagOf(aad, ciphertext, mask), IV_BYTES + plaintext.length);
      return out;
    },
    open(sealed, aad) {
      if (sealed.length < IV_BYTES + TAG_BYTES) throw new SealOpenError('sealed value too short');
      const bytes = aligned(sealed);
      const { mask, counter } = counters(bytes.subarray(0, IV_BYTES));
      const ciphertext = bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES);
      const tag = tagOf(aad, ciphertext, mask);
      let diff = 0;
      for (let i = 0; i < TAG_BYTES; i++) diff |= tag[i]! ^ bytes[bytes.length - TAG_BYTES + i]!;
      if (diff !== 0) throw new SealOpenError('the sealed value does not open with this key and place');
      return ciphertext.length > 0 ? unsafe.ctr32(xk, false, counter, ciphertext) : new Uint8Array(0);
    },
  };
}
