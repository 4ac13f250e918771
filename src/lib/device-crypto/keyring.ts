/**
 * The keyring (issue 36): per identity (the replica's name) one random 256-bit data key, kept on the device
 * only WRAPPED, never in the clear. localStorage `werkpad.keyring.<identity>` (the prefix is all the device
 * wipe needs to delete). Each wrap is AES-GCM of the 32 raw bytes under a wrapping key, with the identity and
 * the kind as additional data (a wrap copied to another identity or kind does not open):
 * - `password`: PBKDF2-SHA-256 of the password, its own random salt (not the verifier's), the count stored;
 * - `pin`: the same of the device PIN of an SSO-only user (PIN_ITERATIONS, src/domain/auth/device-pin.ts);
 * - `device`: the device key share the server hands only to this device's live session (device-share.ts);
 * - `webauthn`: a key the authenticator derives (PRF); its credential id etc. travel in `meta`.
 * A wrong wrapping key fails the GCM tag: `unwrapDataKey` answers null. docs/decisions-offline-unlock.md.
 */
import { dataKeyFor } from './data-keys';

export const KEYRING_PREFIX = 'werkpad.keyring.';
export type WrapKind = 'password' | 'pin' | 'device' | 'webauthn';
export const WRAP_KINDS: readonly WrapKind[] = ['password', 'pin', 'device', 'webauthn'];

/** Password wraps: the verifier's count (OWASP 2023, PBKDF2-HMAC-SHA256). PINs: see device-pin.ts. */
export const PASSWORD_WRAP_ITERATIONS = 600_000;
const SALT_BYTES = 16;
const IV_BYTES = 12;

export interface Wrap {
  /** base64 of the 12-byte AES-GCM nonce */
  iv: string;
  /** base64 of the sealed 32 bytes plus the 16-byte tag */
  sealed: string;
  /** What the wrapping key was made from: salt + count for secrets, anything a kind needs (webauthn). */
  meta?: Record<string, string | number>;
  wrappedAt: number;
}

export interface KeyringEntry {
  version: 1;
  wraps: Partial<Record<WrapKind, Wrap>>;
}

export function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

function storageKey(identity: string): string {
  return KEYRING_PREFIX + identity;
}

function isWrap(value: unknown): value is Wrap {
  if (typeof value !== 'object' || value === null) return false;
  const w = value as Partial<Wrap>;
  return typeof w.iv === 'string' && typeof w.sealed === 'string' && typeof w.wrappedAt === 'number';
}

export function readKeyring(identity: string): KeyringEntry | null {
  try {
    const raw = globalThis.localStorage?.getItem(storageKey(identity));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<KeyringEntry> | null;
    if (!parsed || parsed.version !== 1 || typeof parsed.wraps !== 'object' || parsed.wraps === null) return null;
    const wraps: KeyringEntry['wraps'] = {};
    for (const kind of WRAP_KINDS) {
      const wrap: unknown = (parsed.wraps as Record<string, unknown>)[kind];
      if (isWrap(wrap)) wraps[kind] = wrap;
    }
    return { version: 1, wraps };
  } catch {
    return null;
  }
}

function writeKeyring(identity: string, entry: KeyringEntry): void {
  if (Object.keys(entry.wraps).length === 0) globalThis.localStorage?.removeItem(storageKey(identity));
  else globalThis.localStorage?.setItem(storageKey(identity), JSON.stringify(entry));
}

/** Whether the device keeps a data key for the identity (in any wrap). */
export function hasKeyring(identity: string): boolean {
  return readKeyring(identity) !== null;
}

/** The kinds the identity's key is wrapped by on this device. */
export function wrapKinds(identity: string): WrapKind[] {
  const entry = readKeyring(identity);
  return entry ? WRAP_KINDS.filter((kind) => entry.wraps[kind]) : [];
}

/** The meta stored with a wrap (the salt and count of a secret's wrap, a credential id): null when there is none. */
export function wrapMeta(identity: string, kind: WrapKind): Record<string, string | number> | null {
  return readKeyring(identity)?.wraps[kind]?.meta ?? null;
}

function additionalData(identity: string, kind: WrapKind): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(`werkpad-data-key\u0000${identity}\u0000${kind}`);
}

/** A fresh random data key (32 bytes). */
export function newDataKey(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(32));
}

/**
 * Stores the identity's data key held in this context (data-keys.ts `dataKeyFor`: set it first) wrapped by
 * `wrappingKey` (AES-GCM, usages encrypt + decrypt), replacing an earlier wrap of that kind; other kinds' wraps
 * stay. Throws when no key is held for the identity.
 */
export async function wrapDataKey(identity: string, kind: WrapKind, wrappingKey: CryptoKey, meta?: Record<string, string | number>): Promise<void> {
  const raw = dataKeyFor(identity);
  if (!raw) throw new Error('no data key held for this identity');
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: additionalData(identity, kind) }, wrappingKey, new Uint8Array(raw)),
  );
  const entry = readKeyring(identity) ?? { version: 1, wraps: {} };
  entry.wraps[kind] = { iv: toBase64(iv), sealed: toBase64(sealed), ...(meta ? { meta } : {}), wrappedAt: Date.now() };
  writeKeyring(identity, entry);
}

/** The identity's data key opened with `wrappingKey`; null when there is no such wrap or the key is wrong. */
export async function unwrapDataKey(identity: string, kind: WrapKind, wrappingKey: CryptoKey): Promise<Uint8Array | null> {
  const wrap = readKeyring(identity)?.wraps[kind];
  if (!wrap) return null;
  try {
    const opened = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: fromBase64(wrap.iv), additionalData: additionalData(identity, kind) },
      wrappingKey,
      fromBase64(wrap.sealed),
    );
    const raw = new Uint8Array(opened);
    return raw.byteLength === 32 ? raw : null;
  } catch {
    return null;
  }
}

/** Drops one wrap (the PIN replaced by a password, a revoked authenticator). */
export function removeWrap(identity: string, kind: WrapKind): void {
  const entry = readKeyring(identity);
  if (!entry?.wraps[kind]) return;
  delete entry.wraps[kind];
  writeKeyring(identity, entry);
}

/** Forgets the identity's key on this device (explicit sign-out: its data goes too). */
export function forgetKeyring(identity: string): void {
  globalThis.localStorage?.removeItem(storageKey(identity));
}

/** An AES-GCM wrapping key from 32 raw bytes (the device share, an authenticator's PRF output after HKDF). */
export function importWrappingKey(raw: Uint8Array): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', new Uint8Array(raw), { name: 'AES-GCM' }, false, ['encrypt', 'decrypt']);
}

/** The wrapping key of a password or PIN: PBKDF2-SHA-256 (`salt`, `iterations`) to an AES-GCM-256 key. */
export async function deriveSecretWrappingKey(secret: string, salt: Uint8Array, iterations: number): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), 'PBKDF2', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt: new Uint8Array(salt), iterations },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Wraps the data key by a password or PIN, with a fresh salt (stored in the wrap's meta with the count). */
export async function wrapWithSecret(identity: string, kind: 'password' | 'pin', secret: string, iterations: number): Promise<void> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const key = await deriveSecretWrappingKey(secret, salt, iterations);
  await wrapDataKey(identity, kind, key, { salt: toBase64(salt), iterations });
}

/** Opens the data key with a password or PIN (the salt and count come from the wrap); null: no wrap or wrong secret. */
export async function unwrapWithSecret(identity: string, kind: 'password' | 'pin', secret: string): Promise<Uint8Array | null> {
  const meta = wrapMeta(identity, kind);
  const salt = typeof meta?.salt === 'string' ? meta.salt : null;
  const iterations = typeof meta?.iterations === 'number' ? meta.iterations : 0;
  if (!salt || !(iterations > 0)) return null;
  const key = await deriveSecretWrappingKey(secret, fromBase64(salt), iterations);
  return unwrapDataKey(identity, kind, key);
}
