// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { runInThisContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import en from '../../../i18n/en.json';
import nl from '../../../i18n/nl.json';
import { bootUnlockShown, readBootUnlock, releaseBootUnlock, takeBootDerivation } from './boot-unlock';
import { findDeviceUser, saveDeviceUser, type DeviceUser } from './device-users';
import { unlockOffline } from './device-unlock';
import { checkPassword, createVerifier } from './verifier';

/** public/offline-unlock-boot.js, run as the page runs it (a classic script after #root). */
const BOOT_SCRIPT = readFileSync(path.resolve(import.meta.dirname, '../../../../public/offline-unlock-boot.js'), 'utf8');
const PASSWORD = 'Demo-Wachtwoord-2026!';
const user = { id: 3, username: 'coach', givenName: 'Sanne', surname: 'de Vries', roleId: 4, participantId: null, participantStatusId: null, companyId: 1 };

let online = false;
Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });

async function knownUser(patch: Partial<DeviceUser> = {}): Promise<DeviceUser> {
  const entry: DeviceUser = { user, company: null, verifier: await createVerifier(PASSWORD, { iterations: 1_000 }), secondFactor: false, failures: 0, lastFailureAt: null, savedAt: 1, ...patch };
  saveDeviceUser(entry);
  return entry;
}

function runBootScript(): void {
  runInThisContext(BOOT_SCRIPT);
}

const panel = () => document.querySelector<HTMLElement>('#boot-unlock [data-testid="offline-unlock"]');
const field = () => document.querySelector<HTMLInputElement>('#boot-unlock input[autocomplete="current-password"]')!;
const labelText = () => document.querySelector('#boot-unlock label')?.textContent;
const submitButton = () => document.querySelector<HTMLButtonElement>('#boot-unlock button[type="submit"]')!;

beforeEach(() => {
  online = false;
  localStorage.clear();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/participants');
  document.body.innerHTML = '<div id="root"><div class="public-frame"></div></div>';
  (globalThis as { werkpadBootUnlock?: unknown }).werkpadBootUnlock = undefined;
});

afterEach(() => {
  releaseBootUnlock();
});

describe('the unlock form before the app has run (public/offline-unlock-boot.js)', () => {
  it('offline, no session, one user of the device: the form with the texts of nl.json, the focus in the field, #root hidden', async () => {
    await knownUser();
    runBootScript();
    const texts = nl.auth.deviceUnlock;
    expect(panel()?.querySelector('h1')?.textContent).toBe(texts.title);
    expect(panel()?.textContent).toContain(texts.intro);
    expect(panel()?.querySelector('[data-testid="offline-unlock-user"]')?.textContent).toBe(texts.user.replace('{{name}}', 'Sanne de Vries').replace('{{username}}', 'coach'));
    expect(labelText()).toBe(texts.password);
    expect(submitButton().textContent).toBe(texts.submit);
    expect(submitButton().disabled).toBe(false);
    expect(panel()?.textContent).toContain(texts.onlineSignIn);
    expect(document.querySelector('#boot-unlock .skip-link')?.textContent).toBe(nl.app.skipToContent);
    expect(document.querySelector('#boot-unlock .password-input__toggle')?.getAttribute('aria-label')).toBe(nl.login.showPassword);
    expect(document.activeElement).toBe(field());
    expect(document.getElementById('root')?.hidden).toBe(true);
    expect(document.title).toBe(`${texts.title} – ${nl.app.name}`);
    expect(bootUnlockShown()).toBe(true);
  });

  it('in English when that is the stored language; the PIN texts for a PIN user', async () => {
    await knownUser({ secret: 'pin' });
    localStorage.setItem('werkpad.language', 'en');
    runBootScript();
    const texts = en.auth.deviceUnlock;
    expect(panel()?.querySelector('h1')?.textContent).toBe(texts.title);
    expect(panel()?.textContent).toContain(texts.pinIntro);
    expect(labelText()).toBe(texts.pin);
    expect(submitButton().textContent).toBe(texts.submit);
    expect(document.documentElement.lang).toBe('en');
  });

  it('paints nothing where the app may not end on the unlock: online, a session or lock in the tab, not one user ready, a public page', async () => {
    const cases: { name: string; arrange: () => Promise<void> | void }[] = [
      { name: 'online', arrange: () => void (online = true) },
      { name: 'session', arrange: () => sessionStorage.setItem('werkpad.session', JSON.stringify({ status: 'signed-in', user, identityChain: [] })) },
      { name: 'lock', arrange: () => sessionStorage.setItem('werkpad.lock', JSON.stringify({ userId: 3 })) },
      { name: 'two users', arrange: async () => void (await knownUser({ user: { ...user, id: 4, username: 'expert' } })) },
      // Three wrong tries or more: the delays and the lock-out are the app's to show.
      { name: 'wrong tries', arrange: async () => void (await knownUser({ failures: 3, lastFailureAt: 1 })) },
      { name: 'public page', arrange: () => window.history.replaceState(null, '', '/login/forgot-password') },
    ];
    for (const { name, arrange } of cases) {
      localStorage.clear();
      sessionStorage.clear();
      online = false;
      window.history.replaceState(null, '', '/participants');
      await knownUser();
      await arrange();
      runBootScript();
      expect(bootUnlockShown(), name).toBe(false);
      expect(document.getElementById('root')?.hidden, name).toBe(false);
    }
    localStorage.clear();
    runBootScript();
    expect(bootUnlockShown(), 'no user').toBe(false);
  });
});

describe('the app takes the boot form over (boot-unlock.ts)', () => {
  it('what was typed, the focus and the caret, for the same user only; releasing shows #root again', async () => {
    await knownUser();
    runBootScript();
    field().value = 'Demo-W';
    field().setSelectionRange(3, 3);
    expect(readBootUnlock(4)).toBeNull();
    expect(readBootUnlock(3)).toEqual({ password: 'Demo-W', submitted: false, focused: true, selection: { start: 3, end: 3 } });
    expect(releaseBootUnlock()).toEqual({ onlineSignIn: false });
    expect(bootUnlockShown()).toBe(false);
    expect(document.getElementById('root')?.hidden).toBe(false);
    expect(releaseBootUnlock()).toBeNull();
  });

  it('a screen other than the unlock panel releases the form and forgets a submitted password and its hash', async () => {
    const entry = await knownUser();
    runBootScript();
    field().value = PASSWORD;
    field().form!.requestSubmit();
    expect(releaseBootUnlock()).toEqual({ onlineSignIn: false });
    expect((globalThis as { werkpadBootUnlock?: unknown }).werkpadBootUnlock).toBeNull();
    expect(takeBootDerivation(PASSWORD, entry.verifier)).toBeNull();
  });

  it('"Online inloggen" in the boot form is handed over', async () => {
    await knownUser();
    runBootScript();
    [...document.querySelectorAll<HTMLButtonElement>('#boot-unlock .link-button')].find((b) => b.textContent === nl.auth.deviceUnlock.onlineSignIn)!.click();
    expect(releaseBootUnlock()).toEqual({ onlineSignIn: true });
  });

  it('"Openen" before the app: marked as submitted, the hash started; the app checks with it and counts as always', async () => {
    const entry = await knownUser();
    runBootScript();
    field().value = PASSWORD;
    field().form!.requestSubmit();
    expect(submitButton().disabled).toBe(true);
    expect(submitButton().textContent).toBe(nl.auth.deviceUnlock.checking);
    expect(readBootUnlock(3)).toMatchObject({ password: PASSWORD, submitted: true });
    releaseBootUnlock({ keepPendingCheck: true });
    // The boot form's derivation is the verifier's own hash of this password.
    const derived = takeBootDerivation(PASSWORD, entry.verifier);
    expect(derived).not.toBeNull();
    expect(btoa(String.fromCharCode(...(await derived!)))).toBe(entry.verifier.hash);
    // Taken once.
    expect(takeBootDerivation(PASSWORD, entry.verifier)).toBeNull();
  });

  it('a derivation of another password, salt or count is never used: a wrong password stays wrong and is counted', async () => {
    const entry = await knownUser();
    runBootScript();
    field().value = PASSWORD;
    field().form!.requestSubmit();
    releaseBootUnlock({ keepPendingCheck: true });
    expect(await unlockOffline(3, 'not-the-password')).toMatchObject({ ok: false, reason: 'wrong', failures: 1 });
    expect(findDeviceUser(3)?.failures).toBe(1);

    // Another salt (the verifier changed meanwhile): not used either.
    runBootScript();
    field().value = PASSWORD;
    field().form!.requestSubmit();
    expect(takeBootDerivation(PASSWORD, { salt: 'AAAA', iterations: entry.verifier.iterations })).toBeNull();
    expect(await checkPassword(entry.verifier, PASSWORD, null)).toBe(true);
  });

  it('the right password submitted in the boot form opens the session through unlockOffline', async () => {
    await knownUser({ failures: 2, lastFailureAt: 1 });
    runBootScript();
    field().value = PASSWORD;
    field().form!.requestSubmit();
    releaseBootUnlock({ keepPendingCheck: true });
    expect(await unlockOffline(3, PASSWORD)).toEqual({ ok: true });
    expect(findDeviceUser(3)?.failures).toBe(0);
  });
});
