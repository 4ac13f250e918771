/**
 * The authenticator's wrap of an identity's data key (issue 36, WebAuthn PRF): the PRF output of a platform
 * credential (32 bytes the authenticator computes from its own secret and our salt, after the user's fingerprint,
 * face or device PIN) goes through HKDF-SHA-256 (info "werkpad data key wrap v1") to an AES-GCM-256 wrapping key,
 * and the keyring (src/lib/device-crypto/keyring.ts) keeps the data key wrapped by it as kind `webauthn`, with the
 * credential id and the salt in the wrap's meta. Without the authenticator's secret the wrap opens nothing.
 * docs/decisions-offline-unlock.md, "Unlock with the device's authenticator (WebAuthn PRF)".
 */
import { fromBase64, removeWrap, toBase64, unwrapDataKey, wrapDataKey, wrapMeta } from '../../../lib/device-crypto/keyring';

export const PRF_WRAP_INFO = 'werkpad data key wrap v1';
export const PRF_SALT_BYTES = 32;

/** What the unlock needs to ask the authenticator again: which credential, and the salt it is evaluated with. */
export interface AuthenticatorWrap {
  credentialId: Uint8Array<ArrayBuffer>;
  salt: Uint8Array<ArrayBuffer>;
}

/** A fresh random PRF salt (the `first` input of the PRF extension). */
export function newPrfSalt(): Uint8Array<ArrayBuffer> {
  return crypto.getRandomValues(new Uint8Array(PRF_SALT_BYTES));
}

/** The AES-GCM wrapping key derived from the authenticator's PRF output (HKDF-SHA-256, empty salt, the info above). */
export async function wrappingKeyFromPrf(prfOutput: BufferSource): Promise<CryptoKey> {
  const length = prfOutput.byteLength;
  if (length < 32) throw new Error('PRF output must be at least 32 bytes');
  const base = await crypto.subtle.importKey('raw', prfOutput, 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: new Uint8Array(0), info: new TextEncoder().encode(PRF_WRAP_INFO) },
    base,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** Wraps the identity's data key (held in this context: data-keys.ts) by the authenticator, replacing an earlier wrap of it. */
export async function wrapWithAuthenticator(identity: string, prfOutput: BufferSource, wrap: AuthenticatorWrap): Promise<void> {
  const key = await wrappingKeyFromPrf(prfOutput);
  await wrapDataKey(identity, 'webauthn', key, { credentialId: toBase64(wrap.credentialId), salt: toBase64(wrap.salt) });
}

/** The identity's data key opened with the authenticator's PRF output; null when there is no such wrap or the output is another's. */
export async function unwrapWithAuthenticator(identity: string, prfOutput: BufferSource): Promise<Uint8Array | null> {
  if (!authenticatorWrapOf(identity)) return null;
  return unwrapDataKey(identity, 'webauthn', await wrappingKeyFromPrf(prfOutput));
}

/** The credential and salt of the identity's authenticator wrap; null when the device keeps none. */
export function authenticatorWrapOf(identity: string): AuthenticatorWrap | null {
  const meta = wrapMeta(identity, 'webauthn');
  const credentialId = typeof meta?.credentialId === 'string' ? meta.credentialId : null;
  const salt = typeof meta?.salt === 'string' ? meta.salt : null;
  if (!credentialId || !salt) return null;
  try {
    const wrap = { credentialId: fromBase64(credentialId), salt: fromBase64(salt) };
    return wrap.credentialId.byteLength > 0 && wrap.salt.byteLength === PRF_SALT_BYTES ? wrap : null;
  } catch {
    return null;
  }
}

/** Switching it off: the wrap goes (the credential stays in the authenticator, opening nothing). */
export function removeAuthenticatorWrap(identity: string): void {
  removeWrap(identity, 'webauthn');
}
