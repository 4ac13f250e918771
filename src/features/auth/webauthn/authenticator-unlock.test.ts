import { createHmac, randomBytes } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dataKeyFor, forgetAllDataKeys, setDataKey } from '../../../lib/device-crypto/data-keys';
import { newDataKey, wrapKinds, wrapWithSecret } from '../../../lib/device-crypto/keyring';
import { clearSession, sessionStore, type SessionState } from '../../../lib/session/session-store';
import { MAX_FAILURES } from '../device-unlock/attempts';
import { findDeviceUser, saveDeviceUser, updateDeviceUser } from '../device-unlock/device-users';
import { createVerifier } from '../device-unlock/verifier';
import { enrolAuthenticatorUnlock, enrolStatus, hasAuthenticatorUnlock, ownIdentity, switchOffAuthenticatorUnlock, unlockWithAuthenticator } from './authenticator-unlock';

const user = { id: 3, username: 'coach', givenName: 'Sanne', surname: 'de Vries', roleId: 4, participantId: null, participantStatusId: null, companyId: 1 };
const company = { id: 1, name: 'Demo Werkbedrijf', participantPortalVersion: 'standard' as const, branding: null };
const signedIn: SessionState = { status: 'signed-in', user, company, identityChain: [], unlockedOffline: false };
const IDENTITY = ownIdentity(user);

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

/** The browser's credential type, as far as this code reads it. */
class FakeCredential {
  constructor(
    readonly rawId: ArrayBuffer,
    private readonly prf: { enabled?: boolean; results?: { first: ArrayBuffer } } | undefined,
  ) {}
  getClientExtensionResults() {
    return this.prf ? { prf: this.prf } : {};
  }
  static available = true;
  static capabilities: Record<string, boolean> | null = null;
  static isUserVerifyingPlatformAuthenticatorAvailable() {
    return Promise.resolve(FakeCredential.available);
  }
  static get getClientCapabilities() {
    const capabilities = FakeCredential.capabilities;
    return capabilities ? () => Promise.resolve(capabilities) : undefined;
  }
}

/**
 * A platform authenticator with the PRF extension: a secret per credential, PRF = HMAC-SHA-256(secret, salt)
 * (what CTAP's hmac-secret computes, up to the browser's hashing of the salt). `answer` decides what it does next.
 */
class FakeAuthenticator {
  secrets = new Map<string, Buffer>();
  answer: 'verify' | 'cancel' | 'no-prf-at-create' | 'cannot-prf' = 'verify';
  created: CredentialCreationOptions[] = [];
  asked: CredentialRequestOptions[] = [];

  private prfFor(id: string, salt: BufferSource): ArrayBuffer {
    const bytes = ArrayBuffer.isView(salt) ? Buffer.from(salt.buffer, salt.byteOffset, salt.byteLength) : Buffer.from(salt);
    return new Uint8Array(createHmac('sha256', this.secrets.get(id)!).update(bytes).digest()).buffer;
  }

  create = (options: CredentialCreationOptions) => {
    this.created.push(options);
    if (this.answer === 'cancel') return Promise.reject(new DOMException('cancelled', 'NotAllowedError'));
    const id = randomBytes(16);
    this.secrets.set(id.toString('hex'), randomBytes(32));
    const salt = options.publicKey!.extensions!.prf!.eval!.first;
    const prf =
      this.answer === 'cannot-prf' ? { enabled: false } : this.answer === 'no-prf-at-create' ? { enabled: true } : { enabled: true, results: { first: this.prfFor(id.toString('hex'), salt) } };
    return Promise.resolve(new FakeCredential(new Uint8Array(id).buffer, prf));
  };

  get = (options: CredentialRequestOptions) => {
    this.asked.push(options);
    if (this.answer === 'cancel') return Promise.reject(new DOMException('cancelled', 'NotAllowedError'));
    const allowed = options.publicKey!.allowCredentials![0]!.id as Uint8Array;
    const id = Buffer.from(allowed).toString('hex');
    if (!this.secrets.has(id)) return Promise.reject(new DOMException('unknown credential', 'NotAllowedError'));
    const salt = options.publicKey!.extensions!.prf!.eval!.first;
    return Promise.resolve(new FakeCredential(new Uint8Array(allowed).buffer, { results: { first: this.prfFor(id, salt) } }));
  };
}

let authenticator: FakeAuthenticator;

async function knownUser(): Promise<void> {
  saveDeviceUser({ user, company, verifier: await createVerifier('Demo-Wachtwoord-2026!', { iterations: 1_000 }), secondFactor: false, failures: 0, lastFailureAt: null, savedAt: 1 });
}

beforeEach(async () => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  authenticator = new FakeAuthenticator();
  FakeCredential.available = true;
  FakeCredential.capabilities = null;
  vi.stubGlobal('PublicKeyCredential', FakeCredential);
  vi.stubGlobal('navigator', { credentials: { create: authenticator.create, get: authenticator.get } });
  forgetAllDataKeys();
  clearSession();
  await knownUser();
});
afterEach(() => vi.unstubAllGlobals());

/** Signed in online with the data key held, then switched on. */
async function enrolled(): Promise<Uint8Array> {
  const raw = newDataKey();
  setDataKey(IDENTITY, raw);
  expect(await enrolAuthenticatorUnlock('Werkpad', signedIn)).toEqual({ ok: true });
  return raw;
}

describe('switching unlock with the authenticator on', () => {
  it('asks for a platform credential with user verification and the PRF extension, and keeps only the wrap', async () => {
    setDataKey(IDENTITY, newDataKey());
    expect(await enrolStatus(signedIn)).toBe('off');
    expect(await enrolAuthenticatorUnlock('Werkpad', signedIn)).toEqual({ ok: true });
    const request = authenticator.created[0]!.publicKey!;
    expect(request.authenticatorSelection).toEqual({ authenticatorAttachment: 'platform', userVerification: 'required', residentKey: 'preferred' });
    expect((request.extensions!.prf!.eval!.first as Uint8Array).byteLength).toBe(32);
    // No relying party id: the page's own host. The user handle is a hash, not the user's id or name.
    expect(request.rp).toEqual({ name: 'Werkpad' });
    expect(Buffer.from(request.user.id as Uint8Array).toString()).not.toContain('coach');
    expect(request.user.name).toBe('coach');
    expect(wrapKinds(IDENTITY)).toEqual(['webauthn']);
    expect(await enrolStatus(signedIn)).toBe('on');
    expect(hasAuthenticatorUnlock(user.id)).toBe(true);
  });

  it('when the authenticator gives no PRF result at creation, it is asked once more and the wrap still opens', async () => {
    authenticator.answer = 'no-prf-at-create';
    const raw = newDataKey();
    setDataKey(IDENTITY, raw);
    expect(await enrolAuthenticatorUnlock('Werkpad', signedIn)).toEqual({ ok: true });
    expect(authenticator.asked).toHaveLength(1);
    authenticator.answer = 'verify';
    forgetAllDataKeys();
    expect(await unlockWithAuthenticator(user.id)).toEqual({ ok: true });
    expect(dataKeyFor(IDENTITY)).toEqual(raw);
  });

  it('an authenticator without PRF or a cancel keeps nothing', async () => {
    setDataKey(IDENTITY, newDataKey());
    authenticator.answer = 'cannot-prf';
    expect(await enrolAuthenticatorUnlock('Werkpad', signedIn)).toEqual({ ok: false, reason: 'no-prf' });
    authenticator.answer = 'cancel';
    expect(await enrolAuthenticatorUnlock('Werkpad', signedIn)).toEqual({ ok: false, reason: 'cancelled' });
    expect(wrapKinds(IDENTITY)).toEqual([]);
    expect(hasAuthenticatorUnlock(user.id)).toBe(false);
  });

  it('not offered without a platform authenticator, while impersonating, in a session opened offline, without the data key, or for a user the device cannot open offline', async () => {
    setDataKey(IDENTITY, newDataKey());
    FakeCredential.available = false;
    expect(await enrolStatus(signedIn)).toBe('unavailable');
    FakeCredential.available = true;
    expect(await enrolStatus(signedIn)).toBe('off');
    // A browser that tells it has no PRF (WebAuthn level 3 client capabilities) is not offered the switch either.
    FakeCredential.capabilities = { 'extension:prf': false };
    expect(await enrolStatus(signedIn)).toBe('unavailable');
    FakeCredential.capabilities = { 'extension:prf': true };
    expect(await enrolStatus(signedIn)).toBe('off');
    forgetAllDataKeys();
    expect(await enrolStatus(signedIn)).toBe('not-here');
    setDataKey(IDENTITY, newDataKey());
    expect(await enrolStatus({ ...signedIn, identityChain: [9] })).toBe('not-here');
    expect(await enrolStatus({ ...signedIn, unlockedOffline: true })).toBe('not-here');
    expect(await enrolAuthenticatorUnlock('Werkpad', { ...signedIn, identityChain: [9] })).toEqual({ ok: false, reason: 'not-here' });
    localStorage.removeItem('werkpad.deviceUsers');
    expect(await enrolStatus(signedIn)).toBe('not-here');
    expect(authenticator.created).toHaveLength(0);
  });

  it('switching off deletes the authenticator wrap and keeps the password wrap', async () => {
    await enrolled();
    await wrapWithSecret(IDENTITY, 'password', 'Demo-Wachtwoord-2026!', 1_000);
    switchOffAuthenticatorUnlock(signedIn);
    expect(wrapKinds(IDENTITY)).toEqual(['password']);
    expect(hasAuthenticatorUnlock(user.id)).toBe(false);
    expect(await unlockWithAuthenticator(user.id)).toEqual({ ok: false, reason: 'unknown' });
  });
});

describe('unlocking offline with the authenticator', () => {
  it('opens the data key and the session offline, unconfirmed, and clears earlier wrong tries', async () => {
    const raw = await enrolled();
    forgetAllDataKeys();
    updateDeviceUser(user.id, (e) => ({ ...e, failures: 4, lastFailureAt: Date.now() }));
    expect(await unlockWithAuthenticator(user.id)).toEqual({ ok: true });
    const request = authenticator.asked.at(-1)!.publicKey!;
    expect(request.userVerification).toBe('required');
    expect(request.allowCredentials).toHaveLength(1);
    expect(dataKeyFor(IDENTITY)).toEqual(raw);
    expect(sessionStore.status).toBe('signed-in');
    expect(sessionStore.user).toEqual(user);
    expect(sessionStore.unlockedOffline).toBe(true);
    expect(findDeviceUser(user.id)!.failures).toBe(0);
  });

  it('a cancelled authenticator opens nothing and is not counted as a wrong try', async () => {
    await enrolled();
    forgetAllDataKeys();
    authenticator.answer = 'cancel';
    expect(await unlockWithAuthenticator(user.id)).toEqual({ ok: false, reason: 'cancelled' });
    expect(sessionStore.status).toBe('anonymous');
    expect(dataKeyFor(IDENTITY)).toBeNull();
    expect(findDeviceUser(user.id)!.failures).toBe(0);
  });

  it('an authenticator whose output does not fit (enrolled again elsewhere, reset) opens nothing and counts nothing', async () => {
    await enrolled();
    forgetAllDataKeys();
    for (const id of authenticator.secrets.keys()) authenticator.secrets.set(id, randomBytes(32));
    expect(await unlockWithAuthenticator(user.id)).toEqual({ ok: false, reason: 'not-opened' });
    expect(sessionStore.status).toBe('anonymous');
    expect(findDeviceUser(user.id)!.failures).toBe(0);
  });

  it('refused without asking the authenticator once offline unlock is off for the user (10 wrong passwords)', async () => {
    await enrolled();
    forgetAllDataKeys();
    const before = authenticator.asked.length;
    updateDeviceUser(user.id, (e) => ({ ...e, failures: MAX_FAILURES, lastFailureAt: Date.now() }));
    expect(await unlockWithAuthenticator(user.id)).toEqual({ ok: false, reason: 'disabled' });
    expect(authenticator.asked).toHaveLength(before);
    expect(sessionStore.status).toBe('anonymous');
  });

  it('a user the device does not know cannot unlock', async () => {
    expect(await unlockWithAuthenticator(99)).toEqual({ ok: false, reason: 'unknown' });
  });
});
