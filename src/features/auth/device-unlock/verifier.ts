/**
 * The password verifier kept on the device for offline unlock (issue 18): PBKDF2-SHA-256 through
 * WebCrypto at OWASP's current iteration count, a random 16-byte salt per verifier. It is never sent
 * anywhere; only the device checks a password against it. docs/decisions-offline-unlock.md.
 */

/** OWASP Password Storage Cheat Sheet (2023+): PBKDF2-HMAC-SHA256, 600,000 iterations. */
export const VERIFIER_ITERATIONS = 600_000;
export const VERIFIER_SALT_BYTES = 16;
const HASH_BITS = 256;

export interface PasswordVerifier {
  algorithm: 'PBKDF2-SHA-256';
  /** Stored with the verifier, so a later raise of the count still checks older verifiers. */
  iterations: number;
  /** base64 */
  salt: string;
  /** base64 of the 32-byte derived key */
  hash: string;
}

function toBase64(bytes: Uint8Array): string {
  let text = '';
  for (const byte of bytes) text += String.fromCharCode(byte);
  return btoa(text);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const raw = atob(text);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

async function derive(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations }, key, HASH_BITS);
  return new Uint8Array(bits);
}

/** Equal bytes, compared without stopping at the first difference. */
function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

/** A fresh verifier of `password` (a new random salt every time). */
export async function createVerifier(password: string, options: { iterations?: number } = {}): Promise<PasswordVerifier> {
  const iterations = options.iterations ?? VERIFIER_ITERATIONS;
  const salt = crypto.getRandomValues(new Uint8Array(VERIFIER_SALT_BYTES));
  const hash = await derive(password, salt, iterations);
  return { algorithm: 'PBKDF2-SHA-256', iterations, salt: toBase64(salt), hash: toBase64(hash) };
}

/**
 * Whether `password` is the one the verifier was made from. `derived`: the same derivation started
 * earlier (the boot unlock form's, boot-unlock.ts takeBootDerivation checks it is of this password,
 * salt and count); when it failed, the password is derived here.
 */
export async function checkPassword(verifier: PasswordVerifier, password: string, derived: Promise<Uint8Array> | null = null): Promise<boolean> {
  if (verifier.algorithm !== 'PBKDF2-SHA-256' || !(verifier.iterations > 0)) return false;
  const early = derived ? await derived.catch(() => null) : null;
  const hash = early ?? (await derive(password, fromBase64(verifier.salt), verifier.iterations));
  return sameBytes(hash, fromBase64(verifier.hash));
}

export function isPasswordVerifier(value: unknown): value is PasswordVerifier {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Partial<PasswordVerifier>;
  return v.algorithm === 'PBKDF2-SHA-256' && typeof v.iterations === 'number' && typeof v.salt === 'string' && typeof v.hash === 'string';
}
