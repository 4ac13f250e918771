import { expect, test, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { expectAccessible } from './pages/axe';
import { signInAs } from './pages/offline-support';

/**
 * Issue 36, part 4: unlock with the device's authenticator (WebAuthn PRF). Chromium's virtual authenticator stands in
 * for the platform authenticator (fingerprint, face or device PIN); the PRF output it computes wraps the data key.
 */

const SWITCH = 'Ontgrendelen met dit apparaat (vingerafdruk, gezicht of pincode van het apparaat)';

/** A platform authenticator with user verification and PRF, as a phone or laptop with a fingerprint reader has. */
async function addPlatformAuthenticator(context: BrowserContext, page: Page): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, hasPrf: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

/** Through the main menu to the participant list (a route change in the signed-in app, no page load). */
async function openParticipants(page: Page): Promise<void> {
  const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
  const listLink = menu.getByRole('link', { name: 'Deelnemers zoeken', exact: true });
  if (!(await listLink.isVisible())) await menu.getByRole('button', { name: 'Deelnemers', exact: true }).click();
  await listLink.click();
  await expect(page).toHaveURL(/\/participants$/);
}

/**
 * Online: signed in, the replica synced (the list shows its rows), the service worker active for an offline start;
 * what the list shows. Within the signed-in app only, as a user clicks: the key stays in the page.
 */
async function syncOnline(page: Page): Promise<{ participantName: string; participantRows: number }> {
  await signInAs(page, 'coach');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The first sync is done: the shell's status says when the replica was brought up to date.
  await expect(page.locator('.sync-indicator')).toContainText(/Bijgewerkt om/, { timeout: 60_000 });
  await openParticipants(page);
  const rows = page.getByTestId('participants-table').locator('tbody tr');
  await expect(rows.first()).toBeVisible({ timeout: 60_000 });
  const count = page.getByTestId('participants-count');
  await expect(count).toHaveAttribute('data-total', /^\d+$/, { timeout: 60_000 });
  const participantName = (await rows.first().getByRole('cell').first().innerText()).trim();
  expect(participantName).not.toBe('');
  return { participantName, participantRows: await rows.count() };
}

/** Through the user menu and the profile to the user's own devices. */
async function openOwnDevices(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Gebruikersmenu van/ }).click();
  await page.getByRole('link', { name: 'Mijn profiel en instellingen' }).click();
  await page.getByRole('link', { name: 'Mijn apparaten' }).click();
  await expect(page).toHaveURL(/\/user\/devices$/);
}

/** The wraps of the coach's data key on this device (kinds only). */
function wrapKinds(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('werkpad.keyring.werkpad-1-3');
    return raw ? Object.keys((JSON.parse(raw) as { wraps: Record<string, unknown> }).wraps).sort() : [];
  });
}

/** The offline unlock screen of the sign-in page. */
function unlockScreen(page: Page) {
  const panel = page.getByTestId('offline-unlock');
  return {
    panel,
    heading: page.getByRole('heading', { level: 1, name: 'Offline openen' }),
    authenticator: panel.getByRole('button', { name: 'Ontgrendelen met dit apparaat' }),
    password: panel.getByLabel('Wachtwoord', { exact: true }),
  };
}

test.describe('unlock with the device authenticator (issue 36, WebAuthn PRF)', () => {
  test('a coach switches it on online; offline, a new start opens the replica with the authenticator alone', async ({ context, page }) => {
    test.setTimeout(300_000);
    const { cdp, authenticatorId } = await addPlatformAuthenticator(context, page);
    const { participantName, participantRows } = await syncOnline(page);

    // Switched on from the user's own devices page.
    await openOwnDevices(page);
    const setting = page.getByTestId('authenticator-setting');
    const toggle = setting.getByRole('switch', { name: SWITCH });
    await expect(toggle).not.toBeChecked({ timeout: 30_000 });
    // The switch turns on once the authenticator has answered (it is the device's state, not the click's): click, then wait.
    await toggle.click();
    await expect(setting.getByRole('status')).toHaveText('Ontgrendelen met dit apparaat is ingeschakeld.', { timeout: 30_000 });
    await expect(toggle).toBeChecked();
    await expectAccessible(page, '/user/devices with the switch on');
    // The authenticator holds the credential; the device keeps the data key wrapped by it beside the password's wrap.
    expect((await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials).toHaveLength(1);
    expect(await wrapKinds(page)).toContain('webauthn');

    // Offline, the app starts anew in this tab: the unlock screen offers the authenticator, shows no data.
    await context.setOffline(true);
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/participants');
    const unlock = unlockScreen(page);
    await expect(unlock.heading).toBeVisible({ timeout: 30_000 });
    await expect(unlock.authenticator).toBeVisible();
    await expect(page.getByText(participantName)).toHaveCount(0);
    await expectAccessible(page, 'offline unlock with the authenticator');

    // Not asserted here: a refused authenticator (Chromium's virtual one refuses every later request once it has
    // refused user verification); that it is not a wrong try is in authenticator-unlock.test.ts.
    // The authenticator confirms the user: the replica opens without the password, unconfirmed until the server is reached.
    await unlock.authenticator.click();
    await expect(page.getByTestId('participants-table').getByText(participantName).first()).toBeVisible({ timeout: 30_000 });
    await expect(unlock.password).toHaveCount(0);
    await expect(page.getByTestId('offline-unconfirmed')).toBeVisible();
    // The list reads the replica: as many rows as were synced online (up to the first screen of them).
    await expect(page.getByTestId('participants-table').locator('tbody tr')).toHaveCount(participantRows);
  });

  test('where the device has no platform authenticator the switch is absent, and the unlock screen offers only the password', async ({ context, page }) => {
    test.setTimeout(240_000);
    await signInAs(page, 'coach');
    await openOwnDevices(page);
    const setting = page.getByTestId('authenticator-setting');
    await expect(setting.getByTestId('authenticator-unavailable')).toBeVisible({ timeout: 30_000 });
    await expect(setting.getByRole('switch')).toHaveCount(0);
    await expectAccessible(page, '/user/devices without an authenticator');

    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await context.setOffline(true);
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/participants');
    const unlock = unlockScreen(page);
    await expect(unlock.password).toBeVisible({ timeout: 30_000 });
    await expect(unlock.authenticator).toHaveCount(0);
  });
});
