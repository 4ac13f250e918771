import { subscribe } from 'valtio';
import { openOfflineSession, sessionStore, type SessionState, type SessionUser } from '../../../lib/session/session-store';
import { onSignedOut, type SignedOutReason } from '../../../lib/api/session-events';
import { MAX_FAILURES, recordFailure, unlockState, type UnlockState } from './attempts';
import { findDeviceUser, firstDelayMs, readDeviceUsers, removeDeviceUser, saveDeviceUser, updateDeviceUser, type DeviceUser } from './device-users';
import { takeBootDerivation } from './boot-unlock';
import { checkPassword, createVerifier, type PasswordVerifier } from './verifier';
import { PIN_ITERATIONS } from '../../../domain/auth/device-pin';
import { PASSWORD_WRAP_ITERATIONS } from '../../../lib/device-crypto/keyring';
import { unlockUnderWay } from '../../../lib/device-crypto/session-keys';
import { adoptUnlockedKey, commitPasswordWrap, preparePasswordWrap, startSecretUnwrap, wrapBySecret, type PreparedWrap } from './device-keys';

/**
 * Offline unlock (issue 18), the API the sign-in page and the lock screen use:
 * - at an online password sign-in, `preparePasswordVerifier(username, password, steps)` derives the
 *   verifier while the server is asked; `commitPasswordVerifier()` keeps it once the session is
 *   fully signed in (after two-step, when owed), so the device is the second factor;
 * - offline, `unlockOffline(userId, password)` checks the password on the device and opens the
 *   user's replica, with growing delays and at most MAX_FAILURES wrong tries.
 * Nothing here is ever sent to the server. docs/decisions-offline-unlock.md.
 */

export type { UnlockState };

/** A known user of this device, as the unlock screen shows them (no verifier). */
export interface OfflineUser {
  userId: number;
  /** The user's company: with userId, whose replica the unlock opens. */
  companyId: number;
  username: string;
  displayName: string;
  state: UnlockState;
  failures: number;
  /** What the unlock asks: the password, or the device PIN an SSO-only user set. */
  secret: 'password' | 'pin';
}

export type UnlockResult =
  | { ok: true }
  | { ok: false; reason: 'wrong'; state: UnlockState; failures: number }
  | { ok: false; reason: 'wait'; until: number }
  | { ok: false; reason: 'disabled' }
  | { ok: false; reason: 'unknown' };

function displayName(entry: DeviceUser): string {
  const name = `${entry.user.givenName} ${entry.user.surname}`.trim();
  return name === '' ? entry.user.username : name;
}

function summary(entry: DeviceUser, now: number): OfflineUser {
  return {
    userId: entry.user.id,
    companyId: entry.user.companyId,
    username: entry.user.username,
    displayName: displayName(entry),
    state: unlockState(entry, now, firstDelayMs()),
    failures: entry.failures,
    secret: entry.secret ?? 'password',
  };
}

/** The users this device can open offline for, most recent sign-in first. */
export function offlineUsers(now: number = Date.now()): OfflineUser[] {
  return readDeviceUsers()
    .sort((a, b) => b.savedAt - a.savedAt)
    .map((entry) => summary(entry, now));
}

export function hasOfflineVerifier(userId: number): boolean {
  return findDeviceUser(userId) !== null;
}

/**
 * Whether an online SSO sign-in should offer the device PIN: the device cannot open offline for the user, or only
 * with a PIN set before PINs got their present length and cost (issue 36: it is asked again, then replaced).
 */
export function devicePinWanted(userId: number): boolean {
  const entry = findDeviceUser(userId);
  return !entry || pinOutdated(entry);
}

/** A PIN set before the present length and cost (issue 36): it no longer opens offline; the next SSO sign-in asks anew. */
function pinOutdated(entry: DeviceUser): boolean {
  return entry.secret === 'pin' && entry.verifier.iterations < PIN_ITERATIONS;
}

/** What the device asks to open for the user: their password or their device PIN (null: not known here). */
export function offlineSecretKind(userId: number): 'password' | 'pin' | null {
  const entry = findDeviceUser(userId);
  return entry ? (entry.secret ?? 'password') : null;
}

/**
 * Sets the device PIN of the signed-in user (issue 24: SSO-only users have no password to check offline).
 * Only in a full session of the user themself (not while impersonating, not while two-step is owed: the
 * session is `signed-in` only after it), and not over a password verifier: a user who signed in here with
 * a password keeps unlocking with it. The PIN is hashed like a password (PBKDF2, 600,000 iterations) and
 * never leaves the device; the same wrong-try limits apply.
 */
export async function setDevicePin(
  pin: string,
  session: Pick<SessionState, 'status' | 'user' | 'company' | 'identityChain'> = sessionStore,
): Promise<boolean> {
  const user = session.user ? { ...session.user } : null;
  if (session.status !== 'signed-in' || !user || session.identityChain.length > 0) return false;
  const existing = findDeviceUser(user.id);
  if (existing && (existing.secret ?? 'password') === 'password') return false;
  const company = session.company ? { ...session.company, branding: session.company.branding ? { ...session.company.branding } : null } : null;
  // The PIN's cost (device-pin.ts PIN_ITERATIONS) for the verifier and the wrap alike: either would do for a guess.
  const [verifier] = await Promise.all([createVerifier(pin, { iterations: PIN_ITERATIONS }), wrapBySecret(user, 'pin', pin, PIN_ITERATIONS).catch(() => false)]);
  saveDeviceUser({ user, company, verifier, secondFactor: false, secret: 'pin', failures: 0, lastFailureAt: null, savedAt: Date.now() });
  return true;
}

/** Whether a password may be tried for the user now (null: the device does not know them). */
export function offlineUnlockState(userId: number, now: number = Date.now()): UnlockState | null {
  const entry = findDeviceUser(userId);
  return entry ? unlockState(entry, now, firstDelayMs()) : null;
}

/**
 * Checks the password against the device's verifier; right: the session opens offline on the
 * user's replica (unconfirmed: nothing is pushed until the server confirms). The try is counted
 * before the slow check, so closing the page during it does not undo a wrong one.
 */
export async function unlockOffline(userId: number, password: string, now: () => number = Date.now): Promise<UnlockResult> {
  const entry = findDeviceUser(userId);
  if (!entry) return { ok: false, reason: 'unknown' };
  const before = unlockState(entry, now(), firstDelayMs());
  if (before.kind === 'disabled' || pinOutdated(entry)) return { ok: false, reason: 'disabled' };
  if (before.kind === 'wait') return { ok: false, reason: 'wait', until: before.until };
  const counted = updateDeviceUser(userId, (e) => ({ ...e, ...recordFailure(e, now()) })) ?? entry;
  const kind = entry.secret ?? 'password';
  // The wrap's own derivation runs beside the verifier's check (issue 36); the verifier decides.
  const unwrapped = startSecretUnwrap(entry.user, kind, password);
  if (!(await checkPassword(entry.verifier, password, takeBootDerivation(password, entry.verifier)))) {
    void unwrapped.then((raw) => raw?.fill(0));
    const state = unlockState(counted, now(), firstDelayMs());
    return { ok: false, reason: 'wrong', state, failures: counted.failures };
  }
  const opened = updateDeviceUser(userId, (e) => ({ ...e, failures: 0, lastFailureAt: null })) ?? entry;
  await adoptUnlockedKey(opened.user, kind, password, await unwrapped, entry.verifier.iterations);
  openOfflineSession({ user: opened.user, company: opened.company });
  return { ok: true };
}

interface Prepared {
  username: string;
  secondFactor: boolean;
  verifier: Promise<PasswordVerifier | null>;
  /** The data key's password wrap (issue 36), derived beside the verifier. */
  wrap: PreparedWrap;
  /** Marks the unlock done: until then a start waits before it locks for want of a key. */
  settle: () => void;
}

/** The verifier of the sign-in in progress: in memory only, never stored before the sign-in completes. */
let prepared: Prepared | null = null;

/**
 * At an accepted online password sign-in: derives the verifier of this password (the slow hash
 * runs while the next steps load). `secondFactor`: the sign-in still owes two-step, so the
 * verifier is kept only once that is done on this device.
 */
export function preparePasswordVerifier(username: string, password: string, secondFactor: boolean): void {
  prepared?.settle();
  const known = readDeviceUsers().find((u) => u.user.username.toLowerCase() === username.trim().toLowerCase()) ?? null;
  prepared = { username, secondFactor, verifier: createVerifier(password).catch(() => null), wrap: preparePasswordWrap(password, known), settle: unlockUnderWay() };
}

/**
 * The session is fully signed in (after two-step, when owed): keeps the prepared verifier for this
 * user, with what the shell needs to open offline, and clears the wrong tries (an online sign-in
 * turns a disabled offline unlock on again). Not while impersonating: the device opens as the user.
 */
export async function commitPasswordVerifier(session: Pick<SessionState, 'status' | 'user' | 'company' | 'identityChain'> = sessionStore): Promise<boolean> {
  const pending = prepared;
  const user = session.user ? { ...session.user } : null;
  if (!pending || session.status !== 'signed-in' || !user || session.identityChain.length > 0) return false;
  if (pending.username.trim().toLowerCase() !== user.username.toLowerCase()) return false;
  prepared = null;
  try {
    return await commitPrepared(pending, user, session);
  } finally {
    pending.settle();
  }
}

async function commitPrepared(pending: Prepared, user: SessionUser, session: Pick<SessionState, 'company'>): Promise<boolean> {
  // Plain copies, taken now (the store may change while the hash finishes).
  const company = session.company ? { ...session.company, branding: session.company.branding ? { ...session.company.branding } : null } : null;
  const [verifier] = await Promise.all([pending.verifier, commitPasswordWrap(user, pending.wrap).catch(() => false)]);
  if (!verifier) return false;
  saveDeviceUser({
    user,
    company,
    verifier,
    secondFactor: pending.secondFactor,
    failures: 0,
    lastFailureAt: null,
    savedAt: Date.now(),
  });
  return true;
}

/** The user changed their password online: the device's verifier follows (same user, signed in). */
export async function refreshPasswordVerifier(userId: number, password: string): Promise<void> {
  const entry = findDeviceUser(userId);
  if (!entry) return;
  const [verifier] = await Promise.all([createVerifier(password), wrapBySecret(entry.user, 'password', password, PASSWORD_WRAP_ITERATIONS).catch(() => false)]);
  updateDeviceUser(userId, (e) => ({ ...e, verifier, failures: 0, lastFailureAt: null, savedAt: Date.now() }));
}

/** Offline unlock off for the user until the next online sign-in (revoked, blocked, two-step attacked). */
export function disableOfflineUnlock(userId: number): void {
  updateDeviceUser(userId, (e) => ({ ...e, failures: MAX_FAILURES, lastFailureAt: Date.now() }));
}

/** The server refused this username as blocked: the device no longer opens offline for them (until an online sign-in). */
export function refusedOnline(username: string, code: string | null): void {
  if (code !== 'user_blocked') return;
  const entry = readDeviceUsers().find((u) => u.user.username.toLowerCase() === username.trim().toLowerCase());
  if (entry) disableOfflineUnlock(entry.user.id);
}

/** The user's own sign-out: the device forgets them (their replica goes too). */
export function forgetOfflineUser(userId: number): void {
  removeDeviceUser(userId);
}

let installed = false;

/**
 * Follows the session: the user's own sign-out forgets their offline unlock; too many two-step
 * codes switches it off until an online sign-in. Call once at start-up.
 */
export function installDeviceUnlock(): void {
  if (installed) return;
  installed = true;
  // The listeners run after the session store is cleared: remember whose session it was.
  let current: number | null = null;
  const remember = () => {
    if (sessionStore.status === 'signed-in' && sessionStore.user && sessionStore.identityChain.length === 0) current = sessionStore.user.id;
  };
  remember();
  subscribe(sessionStore, remember);
  onSignedOut((reason: SignedOutReason) => {
    if (current === null) return;
    if (reason === 'logout') forgetOfflineUser(current);
    if (reason === 'mfaAttempts') disableOfflineUnlock(current);
  });
}
