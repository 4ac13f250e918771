import { replicaName } from '../../../domain/sync/replica-schema';
import { dataKeyFor, setDataKey } from '../../../lib/device-crypto/data-keys';
import {
  PASSWORD_WRAP_ITERATIONS,
  deriveSecretWrappingKey,
  fromBase64,
  readKeyring,
  removeWrap,
  toBase64,
  unwrapWithSecret,
  wrapDataKey,
  wrapMeta,
  wrapWithSecret,
} from '../../../lib/device-crypto/keyring';
import { ensureSessionKey, startNewDataKey } from '../../../lib/device-crypto/session-keys';

/**
 * The data key's part in the offline unlock (issue 36): the password or PIN wraps the user's own identity's data
 * key beside the verifier (src/lib/device-crypto/keyring.ts). The verifier still decides whether a secret is
 * right (its wrong-try counter and delays are unchanged); the wrap is what opens the data.
 * docs/decisions-offline-unlock.md, "The key hierarchy".
 */

/** The identity of a user's own session (not impersonating): their replica's name. */
export const ownIdentity = (user: { companyId: number; id: number }): string => replicaName({ companyId: user.companyId, userId: user.id });

export interface PreparedWrap {
  /** The new password's wrapping key, with a fresh salt. */
  fresh: Promise<{ key: CryptoKey; salt: string; iterations: number } | null>;
  /** The key of the password wrap the device already keeps for this user (the same password opens it, unless it was reset). */
  old: Promise<CryptoKey | null>;
}

/** At an accepted online password sign-in, beside the verifier: both derivations run while the server answers. */
export function preparePasswordWrap(password: string, known: { user: { companyId: number; id: number } } | null): PreparedWrap {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const fresh = deriveSecretWrappingKey(password, salt, PASSWORD_WRAP_ITERATIONS).then(
    (key) => ({ key, salt: toBase64(salt), iterations: PASSWORD_WRAP_ITERATIONS }),
    () => null,
  );
  const meta = known ? wrapMeta(ownIdentity(known.user), 'password') : null;
  const old =
    meta && typeof meta.salt === 'string' && typeof meta.iterations === 'number' && meta.iterations > 0
      ? deriveSecretWrappingKey(password, fromBase64(meta.salt), meta.iterations).catch(() => null)
      : Promise.resolve(null);
  return { fresh, old };
}

/**
 * The session is fully signed in with the password: the key is opened (the device share, else the old password
 * wrap, else — a password reset with no share — a new key) and wrapped by the new password, replacing a PIN's.
 */
export async function commitPasswordWrap(user: { companyId: number; id: number }, prepared: PreparedWrap): Promise<boolean> {
  const identity = ownIdentity(user);
  const old = await prepared.old;
  await ensureSessionKey(identity, { extra: old ? { kind: 'password', key: old } : null });
  // No share to be had (refused, or unreachable after its retries) and nothing on the device to open: the user has
  // just proved the password, so the first key starts here, wrapped by it alone (a reload then asks for it).
  if (!dataKeyFor(identity) && readKeyring(identity) === null) startNewDataKey(identity);
  const fresh = await prepared.fresh;
  if (!fresh || !dataKeyFor(identity)) return false;
  await wrapDataKey(identity, 'password', fresh.key, { salt: fresh.salt, iterations: fresh.iterations });
  removeWrap(identity, 'pin');
  return true;
}

/** Offline unlock: opens the wrap of the secret, started beside the verifier's check (null: none, or it does not open). */
export function startSecretUnwrap(user: { companyId: number; id: number }, kind: 'password' | 'pin', secret: string): Promise<Uint8Array | null> {
  return unwrapWithSecret(ownIdentity(user), kind, secret).catch(() => null);
}

/**
 * The verifier accepted the secret: the page holds the key it opened. When no wrap of it opened (a device from
 * before encryption, or a wrap never made), the identity starts a new key wrapped by this secret at the
 * verifier's own cost (a copied disk then offers no cheaper guess than the verifier already did).
 */
export async function adoptUnlockedKey(user: { companyId: number; id: number }, kind: 'password' | 'pin', secret: string, opened: Uint8Array | null, iterations: number): Promise<void> {
  const identity = ownIdentity(user);
  if (opened) {
    setDataKey(identity, opened);
    opened.fill(0);
    return;
  }
  startNewDataKey(identity);
  await wrapWithSecret(identity, kind, secret, iterations);
}

/**
 * A new password (`/user/changepassword`) or PIN: the key the page holds (or opens with the device share) is
 * wrapped by it. False when no key could be had (nothing is wrapped then).
 */
export async function wrapBySecret(user: { companyId: number; id: number }, kind: 'password' | 'pin', secret: string, iterations: number): Promise<boolean> {
  const identity = ownIdentity(user);
  if (!dataKeyFor(identity)) await ensureSessionKey(identity);
  if (!dataKeyFor(identity)) return false;
  await wrapWithSecret(identity, kind, secret, iterations);
  if (kind === 'password') removeWrap(identity, 'pin');
  return true;
}
