import { expect, request, test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from './pages/axe';
import { ChangesPage } from './pages/changes-page';
import { DEMO_PASSWORD } from './pages/demo-users';
import { serverProbes, signInAs } from './pages/offline-support';

/**
 * Issue 36, part 3 (docs/decisions-offline-unlock.md): locks only the user lifts, a sign-out made offline that
 * holds, devices an organisation revokes and wipes, and the company's offline cap.
 */

function lockScreen(page: Page) {
  return {
    heading: page.getByRole('heading', { level: 1, name: 'Scherm vergrendeld' }),
    password: page.getByLabel('Wachtwoord', { exact: true }),
    submit: page.getByRole('button', { name: 'Inloggen en verdergaan' }),
  };
}

/** The wire code the server answers a request of this browser's session (its cookie) with. */
async function sessionAnswer(api: APIRequestContext): Promise<string> {
  const res = await api.get('/api/devices');
  if (res.ok()) return 'ok';
  return ((await res.json()) as { error?: string }).error ?? String(res.status());
}

/** Shortens the inactivity timeout for this browser (the override may only shorten it). */
async function shortInactivity(page: Page): Promise<void> {
  await page.evaluate(() => localStorage.setItem('werkpad.inactivity', JSON.stringify({ timeoutMs: 10000, countdownMs: 5000 })));
  await page.reload();
}

async function accessToken(context: BrowserContext): Promise<string> {
  const cookie = (await context.cookies()).find((c) => c.name === 'access_token' || c.name === '__Host-access_token');
  expect(cookie).toBeDefined();
  return cookie!.value;
}

test('an inactivity lock taken offline survives a reload online, the server answers session_locked, and only the password lifts it', async ({ page, context }) => {
  test.setTimeout(180_000);
  await signInAs(page, 'expert');
  const changes = new ChangesPage(page);
  await changes.goto();
  await changes.waitForFirstSync();
  await shortInactivity(page);
  await changes.expectOpen();

  await context.setOffline(true);
  const lock = lockScreen(page);
  await expect(lock.heading).toBeVisible({ timeout: 30_000 });
  // Remembered on the device, not yet on the server.
  expect(await page.evaluate(() => Object.values(JSON.parse(localStorage.getItem('werkpad.locks') ?? '{}') as Record<string, { sent: boolean }>).map((l) => l.sent))).toEqual([false]);

  await page.evaluate(() => localStorage.removeItem('werkpad.inactivity'));
  await context.setOffline(false);
  await page.reload();
  // Online, reloaded: still locked, and the lock reached the server.
  await expect(lock.heading).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => sessionAnswer(context.request), { timeout: 30_000 }).toBe('session_locked');
  await page.reload();
  await expect(lock.heading).toBeVisible({ timeout: 30_000 });

  await lock.password.fill(DEMO_PASSWORD);
  await lock.submit.click();
  await changes.expectOpen();
  await expect(lock.heading).toBeHidden();
  expect(await sessionAnswer(context.request)).toBe('ok');
  expect(await page.evaluate(() => localStorage.getItem('werkpad.locks'))).toBeNull();
});

test('a sign-out made offline lands on the sign-in page after a reload online and the server session is ended', async ({ page, context, baseURL }) => {
  test.setTimeout(180_000);
  await signInAs(page, 'manager');
  const changes = new ChangesPage(page);
  await changes.goto();
  await changes.waitForFirstSync();
  const token = await accessToken(context);

  await context.setOffline(true);
  await page.getByRole('button', { name: /Gebruikersmenu van/ }).click();
  await page.getByRole('link', { name: 'Uitloggen' }).click();
  await expect(page).toHaveURL(/\/login/, { timeout: 30_000 });
  expect(await page.evaluate(() => localStorage.getItem('werkpad.pendingSignOut'))).not.toBeNull();

  await context.setOffline(false);
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('werkpad.pendingSignOut'))).toBeNull();
  // The old cookie opens nothing any more.
  const old = await request.newContext({ baseURL, extraHTTPHeaders: { cookie: `access_token=${token}` } });
  try {
    const res = await old.get('/api/devices');
    expect(res.status()).toBe(401);
  } finally {
    await old.dispose();
  }
});

test('a device revoked by the administrator wipes itself at its next contact, says why, and the audit log shows both', async ({ page, browser }) => {
  test.setTimeout(240_000);
  await signInAs(page, 'coach');
  const changes = new ChangesPage(page);
  await changes.goto();
  await changes.waitForFirstSync();
  const deviceId = await page.evaluate(() => localStorage.getItem('werkpad.deviceId'));
  expect(deviceId).toMatch(/^[0-9a-f-]{36}$/);
  const databases = () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? '').filter((name) => name.startsWith('werkpad')));
  expect((await databases()).length).toBeGreaterThan(0);

  // The user's own list names this device.
  await page.goto('/user/devices');
  await expect(page.getByRole('heading', { level: 1, name: 'Mijn apparaten' })).toBeVisible();
  await expect(page.locator(`tr[data-device="${deviceId}"]`)).toContainText('dit apparaat');
  await expectAccessible(page, '/user/devices');

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  try {
    await signInAs(admin, 'admin');
    await admin.goto('/administratie/apparaten');
    await expect(admin.getByRole('heading', { level: 1, name: 'Apparaten van de organisatie' })).toBeVisible();
    const row = admin.locator(`tr[data-device="${deviceId}"]`);
    await expect(row).toContainText('Actief');
    await expectAccessible(admin, '/administratie/apparaten');
    await row.getByRole('button', { name: /intrekken$/ }).click();
    const dialog = admin.getByRole('dialog', { name: /intrekken\?$/ });
    await expect(dialog).toContainText('Alle sessies op dit apparaat worden direct beëindigd.');
    await expectAccessible(admin, 'revoke dialog');
    await dialog.getByRole('button', { name: 'Apparaat intrekken' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Ingetrokken');

    // The coach's next contact: the device wipes itself and says why.
    await page.goto('/wijzigingen');
    await expect(page).toHaveURL(/\/apparaat-ingetrokken/, { timeout: 30_000 });
    await expect(page.getByText('Dit apparaat is ingetrokken door de beheerder; alle gegevens van Werkpad zijn van dit apparaat verwijderd.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Opnieuw inloggen' })).toBeVisible();
    await expect.poll(databases, { timeout: 30_000 }).toEqual([]);
    // What the app kept for its users is gone (the fresh page may start a new device id and its own settings).
    const kept = await page.evaluate(() => Object.keys(localStorage).filter((key) => /^werkpad\.(deviceUsers|replicas|locks|session|offlineCap|pendingSignOut|keyring\.)/.test(key)));
    expect(kept).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('werkpad.deviceId'))).not.toBe(deviceId);
    await expectAccessible(page, '/apparaat-ingetrokken');

    // The organisation's audit log holds the revocation and the wipe.
    await expect
      .poll(async () => {
        const csv = await (await admin.request.get(`/api/audit-log.csv?subjectId=${deviceId}`)).text();
        return ['device.revoke', 'device.wiped'].filter((action) => csv.includes(action));
      })
      .toEqual(['device.revoke', 'device.wiped']);
    await admin.reload();
    await expect(admin.locator(`tr[data-device="${deviceId}"]`)).toContainText('Ingetrokken en gewist');
  } finally {
    await adminContext.close();
  }
});

test('the device pages pass axe in Dutch and English, light and dark, on a phone and a tablet', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'admin');
  for (const path of ['/user/devices', '/administratie/apparaten']) {
    for (const width of [360, 800]) {
      await page.setViewportSize({ width, height: 800 });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        await page.goto(path);
        await expect(page.locator('table.devices-table')).toBeVisible();
        await expectAccessible(page, `${path} nl ${scheme} ${width}`);
      }
    }
  }
  await page.setViewportSize({ width: 800, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/user/devices');
  await expect(page.locator('table.devices-table')).toBeVisible();
  const header = page.locator('.language-switcher--on-header').getByRole('button', { name: 'English', exact: true });
  if (await header.isVisible()) await header.click();
  else {
    await page.locator('.user-menu__button').click();
    await page.locator('.user-menu__language').getByRole('button', { name: 'English', exact: true }).click();
    await page.keyboard.press('Escape');
  }
  await expect(page.getByRole('heading', { level: 1, name: 'My devices' })).toBeVisible();
  await expectAccessible(page, '/user/devices en');
  await page.goto('/administratie/apparaten');
  await expect(page.getByRole('heading', { level: 1, name: 'Devices of the organisation' })).toBeVisible();
  await expect(page.locator('table.devices-table')).toBeVisible();
  await expectAccessible(page, '/administratie/apparaten en');
});

test('a device past the company’s offline cap refuses offline unlock and keeps its unsent rows for the online sign-in', async ({ page, browser, context }) => {
  test.setTimeout(240_000);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const setCap = async (days: number) => {
    await admin.goto('/company/settings/logo-and-color');
    const field = admin.getByLabel('Maximaal aantal dagen dat een apparaat offline mag blijven');
    await field.fill(String(days));
    await field.locator('xpath=ancestor::section[1]').getByRole('button', { name: 'Opslaan' }).click();
    await expect(admin.getByText('De functies zijn opgeslagen.')).toBeVisible();
  };
  try {
    await signInAs(admin, 'admin');
    await setCap(1);

    await signInAs(page, 'expert');
    const changes = new ChangesPage(page);
    await changes.goto();
    await changes.waitForFirstSync();
    // The device reported after its sync and was told the cap.
    await expect
      .poll(() => page.evaluate(() => Object.values(JSON.parse(localStorage.getItem('werkpad.offlineCap') ?? '{}') as Record<string, { capDays: number }>).map((e) => e.capDays)))
      .toEqual([1]);
    await shortInactivity(page);
    await changes.expectOpen();

    await context.setOffline(true);
    await changes.selfTest.click();
    await expect(changes.waiting).toHaveCount(1);
    // Two days since the server last confirmed this device's session.
    await page.evaluate(() => {
      const all = JSON.parse(localStorage.getItem('werkpad.offlineCap') ?? '{}') as Record<string, { confirmedAt: number; capDays: number }>;
      for (const entry of Object.values(all)) entry.confirmedAt -= 2 * 24 * 60 * 60_000;
      localStorage.setItem('werkpad.offlineCap', JSON.stringify(all));
    });

    const lock = lockScreen(page);
    await expect(lock.heading).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('offline-unlock-capped')).toBeVisible();
    await expect(page.getByTestId('offline-unlock-capped')).toContainText('Log online in');
    await expect(page.getByText('1 wijziging wacht en wordt verzonden zodra u weer bent ingelogd.')).toBeVisible();

    // Online: the ordinary sign-in opens it, and the kept row reaches the server.
    await page.evaluate(() => localStorage.removeItem('werkpad.inactivity'));
    await context.setOffline(false);
    await expect(lock.submit).toBeEnabled({ timeout: 30_000 });
    await lock.password.fill(DEMO_PASSWORD);
    await lock.submit.click();
    await changes.expectOpen();
    await expect(changes.allSent).toBeVisible({ timeout: 60_000 });
    expect((await serverProbes(context.request)).length).toBeGreaterThan(0);
  } finally {
    await setCap(14).catch(() => undefined);
    await adminContext.close();
  }
});
