import { mkdtempSync, rmSync } from 'node:fs';
import { pbkdf2Sync, randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expectAccessible } from './pages/axe';
import { chromium, expect, request, test, type BrowserContext, type Page } from '@playwright/test';
import { chromiumLaunch } from '../../playwright.config';
import { ChangesPage } from './pages/changes-page';
import { DEMO_PASSWORD } from './pages/demo-users';
import { LoginPage } from './pages/login-page';
import { serverProbes, signInAs, waitForServiceWorker } from './pages/offline-support';

/**
 * Issue 18: a device that synced opens offline after the browser is closed. A real browser profile
 * on disk (launchPersistentContext) is closed and launched again, offline from the start.
 */

function newProfile(): string {
  return mkdtempSync(path.join(tmpdir(), 'werkpad-profile-'));
}

/** Browsers still open when a test ends early (closed before their profile is removed). */
const open = new Set<BrowserContext>();

async function closeAll(): Promise<void> {
  for (const context of open) await context.close().catch(() => undefined);
  open.clear();
}

async function launch(profile: string, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.launchPersistentContext(profile, {
    ...chromiumLaunch,
    baseURL,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    viewport: { width: 1024, height: 768 },
  });
  open.add(context);
  context.on('close', () => open.delete(context));
  const page = context.pages()[0] ?? (await context.newPage());
  return { context, page };
}

/** The offline unlock screen. */
function unlockScreen(page: Page) {
  const panel = page.getByTestId('offline-unlock');
  return {
    panel,
    heading: page.getByRole('heading', { level: 1, name: 'Offline openen' }),
    password: panel.getByLabel('Wachtwoord', { exact: true }),
    submit: panel.getByRole('button', { name: 'Openen' }),
    wrongAlert: panel.getByRole('alert').filter({ hasText: 'Dit wachtwoord klopt niet.' }),
    wait: panel.getByTestId('offline-unlock-wait'),
    disabled: panel.getByTestId('offline-unlock-disabled'),
    async unlock(password: string): Promise<void> {
      await expect(this.submit).toBeEnabled({ timeout: 30_000 });
      await this.password.fill(password);
      await this.submit.click();
    },
  };
}

/** The test-note editor of the changes page. */
function noteEditor(page: Page) {
  const form = page.getByRole('form', { name: 'Nieuwste testnotitie bewerken' });
  return {
    body: form.getByLabel('Tekst'),
    state: form.getByTestId('test-note-state'),
    async save(body: string): Promise<void> {
      await form.getByLabel('Tekst').fill(body);
      await form.getByRole('button', { name: 'Testnotitie opslaan' }).click();
    },
  };
}

/** Online: sign in, let the replica sync, have the service worker control the page; answers what the replica holds. */
async function syncOnline(page: Page, username: string): Promise<{ participants: number; participantName: string }> {
  await signInAs(page, username);
  await page.goto('/participants');
  const firstRow = page.getByTestId('participants-table').getByRole('row').nth(1);
  await expect(firstRow).toBeVisible({ timeout: 60_000 });
  const participantName = (await firstRow.getByRole('cell').first().innerText()).trim();
  expect(participantName).not.toBe('');
  const changes = new ChangesPage(page);
  await changes.goto();
  await changes.waitForFirstSync();
  await waitForServiceWorker(page);
  return { participants: await changes.participantCount(), participantName };
}

test.describe('open offline after a restart (issue 18)', () => {
  test('sign in and sync, close the browser; offline from the start the app opens, the password unlocks it, a change is saved and reaches the server once online', async ({ baseURL }) => {
    test.setTimeout(360_000);
    const profile = newProfile();
    try {
      // At the office: online, synced, one note of our own on the server.
      let { context, page } = await launch(profile, baseURL!);
      const { participants, participantName } = await syncOnline(page, 'coach');
      const changes = new ChangesPage(page);
      const before = new Set((await serverProbes(context.request)).map((p) => p.uuid));
      await changes.selfTest.click();
      const fresh = async () => (await serverProbes(context.request)).filter((p) => !before.has(p.uuid));
      await expect.poll(async () => (await fresh()).length, { timeout: 60_000 }).toBe(1);
      await expect(changes.allSent).toBeVisible({ timeout: 60_000 });
      const note = (await fresh())[0]!;
      await context.close();

      // At the company visit: the browser starts again, with no connection at all.
      ({ context, page } = await launch(profile, baseURL!));
      const changesOffline = new ChangesPage(page);
      const cookie = (await context.cookies()).find((c) => c.name === 'access_token');
      // The session cookie survived the restart: it lives as long as the server session.
      expect(cookie?.expires).toBeGreaterThan(Date.now() / 1000);
      await context.setOffline(true);
      await page.goto('/wijzigingen');
      const unlock = unlockScreen(page);
      await expect(unlock.heading).toBeVisible({ timeout: 30_000 });
      await expect(unlock.panel).toContainText('Sanne');
      // Locked: nothing of the user's data.
      await expect(page.getByText(participantName)).toHaveCount(0);
      await unlock.unlock(DEMO_PASSWORD);

      // Open on the user's replica: their data, readable and writable.
      await changesOffline.expectOpen();
      await expect(page).toHaveURL(/\/wijzigingen/);
      expect(await changesOffline.participantCount()).toBe(participants);
      await expect(page.getByTestId('offline-unconfirmed')).toBeVisible();
      const editor = noteEditor(page);
      await expect(editor.body).toHaveValue(note.body);
      await editor.save('na een herstart offline bewerkt');
      await expect(editor.state).toHaveText('Wacht op verzenden');
      await page.goto('/participants');
      // A page load while offline asks for the password again: the data key lives in memory only (issue 36).
      await expect(page.getByRole('heading', { level: 1, name: 'Scherm vergrendeld' })).toBeVisible({ timeout: 30_000 });
      const again = page.getByTestId('lock-offline-unlock');
      await again.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
      await again.getByRole('button', { name: 'Ontgrendelen' }).click();
      await expect(page.getByTestId('participants-table').getByText(participantName).first()).toBeVisible({ timeout: 30_000 });
      // Nothing went out while offline: the server still has the note as it was.
      expect((await serverProbes(context.request)).find((p) => p.uuid === note.uuid)?.body).toBe(note.body);

      // Back online: the session is confirmed with the server first, then the change goes out.
      await context.setOffline(false);
      await expect.poll(async () => (await serverProbes(context.request)).find((p) => p.uuid === note.uuid)?.body, { timeout: 90_000 }).toBe('na een herstart offline bewerkt');
      await expect(page.getByTestId('offline-unconfirmed')).toHaveCount(0);
      await changesOffline.goto();
      await expect(changesOffline.allSent).toBeVisible({ timeout: 60_000 });
      await context.close();
    } finally {
      await closeAll();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('the server session ended while the device was offline: nothing is pushed until the same user signs in online, then the change goes out', async ({ baseURL }) => {
    test.setTimeout(360_000);
    const profile = newProfile();
    try {
      let { context, page } = await launch(profile, baseURL!);
      await syncOnline(page, 'coach');
      const online = new ChangesPage(page);
      const before = new Set((await serverProbes(context.request)).map((p) => p.uuid));
      await online.selfTest.click();
      const fresh = async () => (await serverProbes(context.request)).filter((p) => !before.has(p.uuid));
      await expect.poll(async () => (await fresh()).length, { timeout: 60_000 }).toBe(1);
      await expect(online.allSent).toBeVisible({ timeout: 60_000 });
      const note = (await fresh())[0]!;
      await context.close();

      ({ context, page } = await launch(profile, baseURL!));
      const changes = new ChangesPage(page);
      await context.setOffline(true);
      await page.goto('/wijzigingen');
      await unlockScreen(page).unlock(DEMO_PASSWORD);
      await changes.expectOpen();
      const editor = noteEditor(page);
      await editor.save('bewerkt terwijl de sessie verliep');
      await expect(editor.state).toHaveText('Wacht op verzenden');

      // Meanwhile the session ends on the server (revoked from elsewhere, as an administrator would).
      const token = (await context.cookies()).find((c) => c.name === 'access_token')!.value;
      const elsewhere = await request.newContext({ baseURL });
      expect((await elsewhere.post('/api/oauth/revoke', { form: { token } })).ok()).toBe(true);

      // Online: the check finds no session; the screen locks (replica and outbox kept), and nothing went out.
      await context.setOffline(false);
      await expect(page.getByRole('heading', { level: 1, name: 'Scherm vergrendeld' })).toBeVisible({ timeout: 60_000 });
      await expect(page.getByText('Uw sessie is verlopen. Log opnieuw in om verder te werken.')).toBeVisible();
      await expect(page.getByText('1 wijziging wacht en wordt verzonden zodra u weer bent ingelogd.')).toBeVisible();
      const api = await request.newContext({ baseURL });
      const fresh2 = await api.post('/api/oauth/token', { form: { grant_type: 'password', username: 'coach', password: DEMO_PASSWORD } });
      expect(fresh2.ok()).toBe(true);
      expect((await serverProbes(api)).find((p) => p.uuid === note.uuid)?.body).toBe(note.body);

      // The same user signs in online on the lock screen: back on the same page, the row kept on the device goes out.
      await page.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Inloggen en verdergaan' }).click();
      await changes.expectOpen();
      await expect(page).toHaveURL(/\/wijzigingen$/);
      await expect.poll(async () => (await serverProbes(api)).find((p) => p.uuid === note.uuid)?.body, { timeout: 90_000 }).toBe('bewerkt terwijl de sessie verliep');
      await elsewhere.dispose();
      await api.dispose();
      await context.close();
    } finally {
      await closeAll();
      rmSync(profile, { recursive: true, force: true });
    }
  });

  test('ten wrong passwords offline: refused with growing delays, nothing shown, then locked until an online sign-in', async ({ baseURL }) => {
    test.setTimeout(360_000);
    const profile = newProfile();
    try {
      let { context, page } = await launch(profile, baseURL!);
      const { participantName } = await syncOnline(page, 'expert');
      // This browser shortens the delays (it may never lengthen them): 100 ms, 200 ms, 400 ms, …
      await page.evaluate(() => localStorage.setItem('werkpad.offlineUnlock', JSON.stringify({ firstDelayMs: 100 })));
      await context.close();

      ({ context, page } = await launch(profile, baseURL!));
      await context.setOffline(true);
      await page.goto('/');
      const unlock = unlockScreen(page);
      await expect(unlock.heading).toBeVisible({ timeout: 30_000 });
      await expect(unlock.panel).toContainText('Thomas');

      // Dutch, accessible, keyboard usable.
      await expectAccessible(page, 'unlock form offline');
      await expect(unlock.password).toBeFocused();
      await page.keyboard.type('niet-het-wachtwoord');
      await page.keyboard.press('Enter');
      await expect(unlock.wrongAlert).toContainText('Resterende pogingen: 9');

      for (let attempt = 2; attempt <= 10; attempt++) {
        await unlock.unlock(`fout-${attempt}`);
        if (attempt < 10) await expect(unlock.wrongAlert).toContainText(`Resterende pogingen: ${10 - attempt}`);
        // After the ninth the next try waits 6.4 s here (5 min 20 s without the shortening): the screen says so and the button waits.
        if (attempt === 9) {
          await expect(unlock.wait).toContainText('Wacht nog');
          await expect(unlock.submit).toBeDisabled();
        }
        await expect(page.getByText(participantName)).toHaveCount(0);
        await expect(page.getByRole('navigation')).toHaveCount(0);
      }
      await expect(unlock.disabled).toContainText('Offline openen is uitgeschakeld na 10 verkeerde wachtwoorden');
      await expect(unlock.password).toHaveCount(0);

      // A reload does not bring it back; the right password has nowhere to go.
      await page.goto('/participants');
      await expect(unlock.disabled).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText(participantName)).toHaveCount(0);

      // Online sign-in turns it on again: offline once more, the right password opens the app.
      await context.setOffline(false);
      await page.getByRole('button', { name: 'Online inloggen' }).click();
      const login = new LoginPage(page);
      await login.signIn('expert');
      await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
      await context.setOffline(true);
      await page.evaluate(() => sessionStorage.clear());
      await page.goto('/login');
      await unlock.unlock(DEMO_PASSWORD);
      await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
      await expect(page.getByTestId('offline-unconfirmed')).toBeVisible();
      await context.close();
    } finally {
      await closeAll();
      rmSync(profile, { recursive: true, force: true });
    }
  });
});

/** A device user as the app stores it after a sign-in (device-users.ts), with a cheap verifier (the count is the verifier's own). */
function storedDeviceUser(password: string): string {
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, 1_000, 32, 'sha256');
  const user = { id: 3, username: 'coach', givenName: 'Sanne', surname: 'de Vries', roleId: 4, participantId: null, participantStatusId: null, companyId: 1 };
  const verifier = { algorithm: 'PBKDF2-SHA-256', iterations: 1_000, salt: salt.toString('base64'), hash: hash.toString('base64') };
  return JSON.stringify([{ user, company: null, verifier, secondFactor: false, failures: 0, lastFailureAt: null, savedAt: 1 }]);
}

test.describe('the unlock form before the app has run (issue 25)', () => {
  /**
   * The browser says it is offline and the device knows a user; the app's entry is held back (no service worker
   * here, so page.route sees it): the form is the boot script's (public/offline-unlock-boot.js).
   */
  async function offlineWithEntryHeld(page: Page): Promise<{ release: () => void }> {
    await page.addInitScript((users) => {
      Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => false });
      if (!sessionStorage.getItem('e2e.deviceUsersSet')) {
        localStorage.setItem('werkpad.deviceUsers', users);
        sessionStorage.setItem('e2e.deviceUsersSet', '1');
      }
    }, storedDeviceUser(DEMO_PASSWORD));
    let release = () => undefined as void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await released;
      await route.continue();
    });
    return { release };
  }

  test.use({ serviceWorkers: 'block' });

  test('is on screen and accessible before the entry has run; the app takes over what was typed and the focus, and checks the password itself', async ({ page }) => {
    const { release } = await offlineWithEntryHeld(page);
    await page.goto('/participants', { waitUntil: 'commit' });
    const unlock = unlockScreen(page);
    await expect(unlock.heading).toBeVisible();
    await expect(unlock.panel).toContainText('Sanne de Vries (coach)');
    // The app has not run: its root is still hidden and the form is the boot script's.
    await expect(page.locator('#boot-unlock')).toHaveCount(1);
    await expect(page.locator('#root')).toBeHidden();
    await expectAccessible(page, 'boot unlock form');
    await unlock.password.pressSequentially('Demo-Wacht');
    await expect(unlock.password).toHaveValue('Demo-Wacht');

    release();
    // The app's own form (inside #root) replaces it, with the text and the focus kept: typing goes on there.
    await expect(page.locator('#boot-unlock')).toHaveCount(0, { timeout: 30_000 });
    const appField = page.locator('#root').getByLabel('Wachtwoord', { exact: true });
    await expect(appField).toHaveValue('Demo-Wacht');
    await expect(appField).toBeFocused();
    await page.keyboard.type('woord-2026?');
    await expect(appField).toHaveValue('Demo-Wachtwoord-2026?');
    await unlock.submit.click();
    // A wrong password is the app's to judge and count, as before.
    await expect(unlock.wrongAlert).toContainText('Resterende pogingen: 9.');
    expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('werkpad.deviceUsers') ?? '[]') as { failures: number }[])[0]?.failures)).toBe(1);
  });

  test('"Openen" before the entry has run: the app submits it once it takes over; the right password opens the device', async ({ page }) => {
    const { release } = await offlineWithEntryHeld(page);
    await page.goto('/participants', { waitUntil: 'commit' });
    const unlock = unlockScreen(page);
    await expect(page.locator('#boot-unlock')).toHaveCount(1);
    await unlock.password.fill(DEMO_PASSWORD);
    await unlock.password.press('Enter');
    await expect(page.getByRole('button', { name: 'Bezig met controleren…' })).toBeDisabled();
    release();
    await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
    await expect(page.locator('#boot-unlock')).toHaveCount(0);
    expect(await page.evaluate(() => (JSON.parse(localStorage.getItem('werkpad.deviceUsers') ?? '[]') as { failures: number }[])[0]?.failures)).toBe(0);
  });
});
