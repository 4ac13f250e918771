import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, sessionStore, type SessionState } from '../../../lib/session/session-store';
import { MAX_FAILURES } from './attempts';
import { commitPasswordVerifier, disableOfflineUnlock, refusedOnline, hasOfflineVerifier, offlineSecretKind, offlineUnlockState, offlineUsers, preparePasswordVerifier, setDevicePin, unlockOffline } from './device-unlock';
import { findDeviceUser, saveDeviceUser } from './device-users';
import { createVerifier } from './verifier';

const PASSWORD = 'Demo-Wachtwoord-2026!';
const user = { id: 3, username: 'coach', givenName: 'Sanne', surname: 'de Vries', roleId: 4, participantId: null, participantStatusId: null, companyId: 1 };
const company = { id: 1, name: 'Demo Werkbedrijf', participantPortalVersion: 'standard' as const, branding: null };
const signedIn: SessionState = { status: 'signed-in', user, company, identityChain: [] };

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

/** A known user with a cheap verifier (the count is the verifier's own; verifier.test.ts checks 600,000). */
async function knownUser(): Promise<void> {
  saveDeviceUser({ user, company, verifier: await createVerifier(PASSWORD, { iterations: 1_000 }), secondFactor: false, failures: 0, lastFailureAt: null, savedAt: 1 });
}

beforeEach(() => {
  vi.stubGlobal('localStorage', new MemoryStorage());
  clearSession();
});

describe('keeping the verifier at an online sign-in', () => {
  it('keeps it once the session is fully signed in, for the user who typed the password', async () => {
    preparePasswordVerifier('Coach', PASSWORD, false);
    expect(hasOfflineVerifier(user.id)).toBe(false);
    expect(await commitPasswordVerifier(signedIn)).toBe(true);
    const entry = findDeviceUser(user.id)!;
    expect(entry.verifier.iterations).toBe(600_000);
    expect(entry.user).toEqual(user);
    expect(entry.company).toEqual(company);
    expect(JSON.stringify(localStorage.getItem('werkpad.deviceUsers'))).not.toContain(PASSWORD);
    expect(offlineUsers(0)).toEqual([{ userId: 3, companyId: 1, username: 'coach', displayName: 'Sanne de Vries', state: { kind: 'ready' }, failures: 0, secret: 'password' }]);
  }, 60_000);

  it('not while a second factor is owed (anonymous), for someone else, or while impersonating', async () => {
    preparePasswordVerifier('coach', PASSWORD, true);
    expect(await commitPasswordVerifier({ ...signedIn, status: 'anonymous', user: null })).toBe(false);
    expect(await commitPasswordVerifier({ ...signedIn, identityChain: [9] })).toBe(false);
    preparePasswordVerifier('expert', PASSWORD, false);
    expect(await commitPasswordVerifier(signedIn)).toBe(false);
    expect(hasOfflineVerifier(user.id)).toBe(false);
    // Nothing prepared: nothing kept.
    expect(await commitPasswordVerifier(signedIn)).toBe(false);
  });
});

describe('unlocking offline', () => {
  it('the right password opens the session offline, unconfirmed (nothing is pushed until the server confirms)', async () => {
    await knownUser();
    expect(await unlockOffline(user.id, PASSWORD)).toEqual({ ok: true });
    expect(sessionStore.status).toBe('signed-in');
    expect(sessionStore.user).toEqual(user);
    expect(sessionStore.identityChain).toEqual([]);
    expect(sessionStore.unlockedOffline).toBe(true);
  });

  it('a wrong password opens nothing and is counted; an unknown user cannot unlock', async () => {
    await knownUser();
    expect(await unlockOffline(user.id, 'wrong', () => 1_000)).toEqual({ ok: false, reason: 'wrong', state: { kind: 'ready' }, failures: 1 });
    expect(sessionStore.status).toBe('anonymous');
    expect(await unlockOffline(99, PASSWORD)).toEqual({ ok: false, reason: 'unknown' });
  });

  it('after three wrong tries each waits longer; a try while waiting is refused unchecked; after ten, not even the right password opens', async () => {
    await knownUser();
    let at = 1_000;
    const now = () => at;
    for (let i = 1; i <= 3; i++) await unlockOffline(user.id, 'wrong', now);
    expect(offlineUnlockState(user.id, at)).toEqual({ kind: 'wait', until: at + 5_000 });
    expect(await unlockOffline(user.id, PASSWORD, now)).toEqual({ ok: false, reason: 'wait', until: at + 5_000 });
    expect(sessionStore.status).toBe('anonymous');
    expect(findDeviceUser(user.id)!.failures).toBe(3);
    for (let i = 4; i <= MAX_FAILURES; i++) {
      at += 5_000 * 2 ** (i - 4);
      const result = await unlockOffline(user.id, 'wrong', now);
      expect(result).toMatchObject({ ok: false, reason: 'wrong', failures: i });
    }
    expect(offlineUnlockState(user.id, at + 10 ** 9)).toEqual({ kind: 'disabled' });
    expect(await unlockOffline(user.id, PASSWORD, () => at + 10 ** 9)).toEqual({ ok: false, reason: 'disabled' });
    expect(sessionStore.status).toBe('anonymous');

    // An online sign-in turns it on again.
    preparePasswordVerifier('coach', PASSWORD, false);
    expect(await commitPasswordVerifier(signedIn)).toBe(true);
    expect(offlineUnlockState(user.id)).toEqual({ kind: 'ready' });
  }, 60_000);

  it('the right password resets the count; disableOfflineUnlock switches it off', async () => {
    await knownUser();
    await unlockOffline(user.id, 'wrong');
    await unlockOffline(user.id, 'wrong');
    expect(await unlockOffline(user.id, PASSWORD)).toEqual({ ok: true });
    expect(findDeviceUser(user.id)!.failures).toBe(0);
    disableOfflineUnlock(user.id);
    expect(offlineUnlockState(user.id)).toEqual({ kind: 'disabled' });
  });

  it('a blocked account (refused online as user_blocked) no longer opens offline; other refusals change nothing', async () => {
    await knownUser();
    refusedOnline('COACH', 'invalid_grant');
    expect(offlineUnlockState(user.id)).toEqual({ kind: 'ready' });
    refusedOnline('COACH', 'user_blocked');
    expect(offlineUnlockState(user.id)).toEqual({ kind: 'disabled' });
    expect(await unlockOffline(user.id, PASSWORD)).toEqual({ ok: false, reason: 'disabled' });
  });

  it('a browser may shorten the delays, never lengthen them', async () => {
    await knownUser();
    localStorage.setItem('werkpad.offlineUnlock', JSON.stringify({ firstDelayMs: 200 }));
    for (let i = 1; i <= 3; i++) await unlockOffline(user.id, 'wrong', () => 0);
    expect(offlineUnlockState(user.id, 0)).toEqual({ kind: 'wait', until: 200 });
    localStorage.setItem('werkpad.offlineUnlock', JSON.stringify({ firstDelayMs: 10 ** 9 }));
    expect(offlineUnlockState(user.id, 0)).toEqual({ kind: 'wait', until: 5_000 });
  });
});

describe('the device PIN of an SSO-only user (issue 24)', () => {
  it('is kept only in a full session of the user, opens offline like a password, with the same wrong-try limits', async () => {
    expect(await setDevicePin('48291573', { ...signedIn, status: 'anonymous', user: null })).toBe(false);
    expect(await setDevicePin('48291573', { ...signedIn, identityChain: [1] })).toBe(false);
    expect(hasOfflineVerifier(user.id)).toBe(false);
    expect(await setDevicePin('48291573', signedIn)).toBe(true);
    expect(offlineSecretKind(user.id)).toBe('pin');
    expect(offlineUsers(0)[0]).toMatchObject({ userId: 3, secret: 'pin' });
    expect(localStorage.getItem('werkpad.deviceUsers')).not.toContain('48291573');
    // a slower hash than a password's (issue 36: the PIN space is small; device-pin.ts)
    expect(findDeviceUser(user.id)!.verifier.iterations).toBe(1_500_000);
    let t = 1_000_000;
    const now = () => t;
    expect(await unlockOffline(user.id, '48291574', now)).toMatchObject({ ok: false, reason: 'wrong', failures: 1 });
    expect(await unlockOffline(user.id, '48291573', now)).toEqual({ ok: true });
    expect(sessionStore.user?.id).toBe(user.id);
    disableOfflineUnlock(user.id);
    t += 1;
    expect(await unlockOffline(user.id, '48291573', now)).toEqual({ ok: false, reason: 'disabled' });
  }, 60_000);

  it('does not replace a password verifier: who signed in here with a password keeps unlocking with it', async () => {
    await knownUser();
    expect(await setDevicePin('48291573', signedIn)).toBe(false);
    expect(offlineSecretKind(user.id)).toBe('password');
    expect(await unlockOffline(user.id, PASSWORD)).toEqual({ ok: true });
  }, 60_000);
});
