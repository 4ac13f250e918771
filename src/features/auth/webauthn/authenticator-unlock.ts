/**
 * Unlock with the device's authenticator (issue 36, part 4): switching it on and off for the signed-in user, and
 * opening the user's replica offline with it. The authenticator's PRF output wraps the identity's data key
 * (prf-wrap.ts); the unlock opens the session the same way a right offline password does. A cancelled or failed
 * authenticator is not a wrong password: it is not counted, and the password or PIN stays the way in.
 * docs/decisions-offline-unlock.md, "Unlock with the device's authenticator (WebAuthn PRF)".
 */
import { dataKeyFor } from '../../../lib/device-crypto/data-keys';
import { sessionStore, type SessionState } from '../../../lib/session/session-store';
import { ownIdentity } from '../device-unlock/device-keys';
import { findDeviceUser } from '../device-unlock/device-users';
import { offlineUnlockState } from '../device-unlock/device-unlock';
import { createPrfCredential, evaluatePrf, platformAuthenticatorAvailable, type AuthenticatorFailure } from './authenticator';
import { authenticatorWrapOf, newPrfSalt, removeAuthenticatorWrap, unwrapWithAuthenticator, wrapWithAuthenticator } from './prf-wrap';
import { openWithDataKey, offlineCapAllows } from './open-session';

type SessionView = Pick<SessionState, 'status' | 'user' | 'identityChain' | 'unlockedOffline'>;

/** The identity whose data key an unlock opens: the user's own replica (never an impersonation chain's). */
export { ownIdentity };

/**
 * What the settings page may offer the session: `unavailable` (no platform authenticator), `not-here` (not the
 * user's own full session confirmed by the server, no data key held, or the device does not open offline for
 * them at all: the password or PIN is the fallback and must exist), `off` or `on`.
 */
export type EnrolStatus = 'unavailable' | 'not-here' | 'off' | 'on';

function eligibleIdentity(session: SessionView): string | null {
  const user = session.user;
  if (session.status !== 'signed-in' || !user || session.identityChain.length > 0 || session.unlockedOffline) return null;
  if (!findDeviceUser(user.id)) return null;
  const identity = ownIdentity(user);
  return dataKeyFor(identity) ? identity : null;
}

export async function enrolStatus(session: SessionView = sessionStore): Promise<EnrolStatus> {
  if (!(await platformAuthenticatorAvailable())) return 'unavailable';
  const identity = eligibleIdentity(session);
  if (!identity) return 'not-here';
  return authenticatorWrapOf(identity) ? 'on' : 'off';
}

export type EnrolResult = { ok: true } | { ok: false; reason: AuthenticatorFailure | 'not-here' };

async function userHandle(identity: string): Promise<Uint8Array<ArrayBuffer>> {
  // A hash of the replica's name: stable, so enrolling again replaces this user's entry in the authenticator.
  return new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(`werkpad-unlock\u0000${identity}`)));
}

/** Switches unlock with the authenticator on for the signed-in user (replacing an earlier credential of theirs). */
export async function enrolAuthenticatorUnlock(appName: string, session: SessionView = sessionStore): Promise<EnrolResult> {
  const identity = eligibleIdentity(session);
  const user = session.user;
  if (!identity || !user) return { ok: false, reason: 'not-here' };
  const salt = newPrfSalt();
  const displayName = `${user.givenName} ${user.surname}`.trim() || user.username;
  const created = await createPrfCredential({ handle: await userHandle(identity), name: user.username, displayName }, appName, salt);
  if (!created.ok) return created;
  // The session may have ended or locked while the authenticator asked (the key is then gone): nothing is kept.
  if (!dataKeyFor(identity)) return { ok: false, reason: 'not-here' };
  await wrapWithAuthenticator(identity, created.prf, { credentialId: created.credentialId, salt });
  return { ok: true };
}

/** Switches it off: the wrap is deleted (the credential left in the authenticator opens nothing any more). */
export function switchOffAuthenticatorUnlock(session: SessionView = sessionStore): void {
  const user = session.user;
  if (session.status !== 'signed-in' || !user || session.identityChain.length > 0) return;
  removeAuthenticatorWrap(ownIdentity(user));
}

/** Whether the unlock screens offer the authenticator for this known user of the device. */
export function hasAuthenticatorUnlock(userId: number): boolean {
  const entry = findDeviceUser(userId);
  return entry !== null && authenticatorWrapOf(ownIdentity(entry.user)) !== null;
}

export type AuthenticatorUnlockResult =
  | { ok: true }
  | { ok: false; reason: AuthenticatorFailure | 'unknown' | 'disabled' | 'capped' | 'not-opened' };

/**
 * Offline: asks the authenticator (the user's fingerprint, face or device PIN) for the PRF output, opens the data
 * key with it and the session on the user's replica, unconfirmed, as a right password does. Not a password try:
 * nothing is counted, whatever the authenticator answers; a success clears the wrong tries, as the password's does.
 * Refused when offline unlock is switched off for the user (10 wrong tries, blocked, revoked) or the device has
 * been offline past the company's cap.
 */
export async function unlockWithAuthenticator(userId: number): Promise<AuthenticatorUnlockResult> {
  const entry = findDeviceUser(userId);
  if (!entry) return { ok: false, reason: 'unknown' };
  const identity = ownIdentity(entry.user);
  const wrap = authenticatorWrapOf(identity);
  if (!wrap) return { ok: false, reason: 'unknown' };
  if (offlineUnlockState(userId)?.kind === 'disabled') return { ok: false, reason: 'disabled' };
  if (!offlineCapAllows(identity)) return { ok: false, reason: 'capped' };
  const answer = await evaluatePrf(wrap.credentialId, wrap.salt);
  if (!answer.ok) return answer;
  const key = await unwrapWithAuthenticator(identity, answer.prf);
  // The authenticator verified the user but its output opens nothing: another credential, or the wrap was made
  // for an earlier key. Not a guess either; the password or PIN still opens it.
  if (!key) return { ok: false, reason: 'not-opened' };
  openWithDataKey(userId, identity, key);
  return { ok: true };
}
