import { expectAccessible } from './pages/axe';
import { expect, test, type Page } from '@playwright/test';
import { phoneSignedIn, PortalPhone, serverGraph, waitForServiceWorker } from './pages/portal-page';
import { DEMO_PASSWORD } from './pages/demo-users';

/** A tiny valid PDF: the server checks uploads by content. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

const NEWER_PAGES = [
  '/participant-portal',
  '/participant-portal/my-profile',
  '/participant-portal/my-settings',
  '/participant-portal/my-communication-preferences',
  '/participant-portal/workplaces',
  '/participant-portal/my-documents',
  '/my-profile',
  '/my-settings',
  '/my-communication-preferences',
  '/workplaces',
  '/my-documents',
];
const STANDARD_PAGES = ['/deelnemerportal', '/deelnemerportal/resultaten', '/deelnemerportal/vacature', '/deelnemerportal/document', '/my-profile', '/my-settings', '/my-communication-preferences'];

/**
 * One portal page, loaded once and checked in both themes: axe finds nothing and nothing scrolls sideways. The
 * theme follows the phone's (the user's setting is automatic): switched live, as the phone does at dusk.
 */
async function axeClean(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator('.portal__title')).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('.portal__loading')).toHaveCount(0, { timeout: 30_000 });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
    await expectAccessible(page, `${path} ${scheme}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `${path} scrolls sideways`).toBe(0);
  }
}

/**
 * A reload while offline: the replica is sealed and its key lived in the page's memory only (issue 36), so the
 * lock screen asks for the password, checked on the phone.
 */
async function unlockOffline(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Scherm vergrendeld' })).toBeVisible({ timeout: 30_000 });
  const unlock = page.getByTestId('lock-offline-unlock');
  await unlock.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
  await unlock.getByRole('button', { name: 'Ontgrendelen' }).click();
}

test.describe('participant portal on a phone', () => {
  test('axe finds nothing on every portal page, light and dark theme (both versions and the registration area)', async ({ browser }) => {
    // 19 pages, each waiting for its replica and two axe runs, on a machine shared with other builds.
    test.setTimeout(600_000);
    for (const [user, pages] of [['participant', NEWER_PAGES], ['participant2', STANDARD_PAGES], ['aanmelder', ['/inschrijven/home']]] as const) {
      const { context, page } = await phoneSignedIn(browser, user);
      for (const path of pages) await axeClean(page, path);
      await context.close();
    }
  });

  test('newer portal: reorder the home widgets, dark theme without flash, notification mode, an offline upload that arrives, apply for a workplace', async ({ browser }) => {
    test.setTimeout(300_000);
    const { context, page } = await phoneSignedIn(browser, 'participant');
    const portal = new PortalPhone(page);
    await page.goto('/participant-portal');
    await expect(portal.homeWidgets).toBeVisible({ timeout: 30_000 });
    await waitForServiceWorker(page);
    await expect(portal.homeWidgets).toBeVisible({ timeout: 30_000 });
    await portal.expectNoSidewaysScroll();

    // Reorder: the first widget one place down, by its button (keyboard and screen readers use the same).
    const before = await portal.widgetOrder();
    expect(before.slice(0, 4)).toEqual(['my-profile', 'my-progress', 'my-work-plans', 'my-tasks']);
    await portal.reorder.click();
    await page.getByRole('button', { name: 'Mijn profiel omlaag' }).click();
    const expected = [before[1], before[0], ...before.slice(2)];
    await expect.poll(() => portal.widgetOrder()).toEqual(expected);
    await expect
      .poll(async () => (await serverGraph<{ settings: { widgetOrders?: { home?: string[] } } }>(context.request, '{ settings }')).settings.widgetOrders?.home, { timeout: 30_000 })
      .toEqual(expected);
    await page.reload();
    await expect.poll(() => portal.widgetOrder(), { timeout: 30_000 }).toEqual(expected);

    // Dark theme: applied at once, stored on the server, painted before the app starts after a reload.
    await page.goto('/participant-portal/my-settings');
    await page.getByLabel('Donker').check();
    await page.getByLabel('Geen meldingen').check();
    await page.getByRole('button', { name: 'Instellingen bewaren' }).click();
    await expect.poll(() => portal.theme()).toBe('dark');
    await expect
      .poll(async () => (await serverGraph<{ settings: { theme?: string; notificationSetting?: string } }>(context.request, '{ settings }')).settings, { timeout: 30_000 })
      .toMatchObject({ theme: 'dark', notificationSetting: 'none' });
    await page.getByRole('button', { name: 'Voorbeeldmelding tonen' }).click();
    await expect(page.getByTestId('toast')).toHaveCount(0);
    const firstPaint = await page.evaluate(async () => {
      // what the boot script paints before any module runs
      const html = await (await fetch('/participant-portal')).text();
      return html.includes('/theme-boot.js') && !html.includes('<script>');
    });
    expect(firstPaint).toBe(true);
    await page.reload({ waitUntil: 'commit' });
    await page.waitForFunction(() => document.documentElement.dataset.theme !== undefined);
    expect(await portal.theme()).toBe('dark');
    // Timeout mode: a toast closes by itself.
    await page.getByLabel('Meldingen sluiten vanzelf').check();
    await page.getByLabel('Na hoeveel seconden sluiten').fill('1');
    await page.getByRole('button', { name: 'Instellingen bewaren' }).click();
    await expect(page.getByTestId('toast').first()).toBeVisible();
    await expect(page.getByTestId('toast')).toHaveCount(0, { timeout: 5_000 });
    await page.getByLabel('Na hoeveel seconden sluiten').fill('-1');
    await page.getByRole('button', { name: 'Instellingen bewaren' }).click();
    await expect(page.getByText('Veld meldingstijd moet minimaal 0 zijn')).toBeVisible();

    // Offline upload: waits on the phone (also through a reload), arrives once online.
    await page.goto('/participant-portal/my-documents');
    await expect(page.getByRole('heading', { name: 'Mijn documenten' })).toBeVisible();
    await context.setOffline(true);
    const name = `cv-${Date.now()}.pdf`;
    await page.getByTestId('document-file').setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
    const row = portal.documents.filter({ hasText: name });
    await expect(row.getByTestId('upload-state')).toHaveText('Wacht op verbinding');
    await page.reload();
    await unlockOffline(page);
    await expect(row.getByTestId('upload-state')).toHaveText('Wacht op verbinding', { timeout: 30_000 });
    await context.setOffline(false);
    await expect(row.getByTestId('upload-state')).toHaveCount(0, { timeout: 60_000 });
    await expect(row.getByRole('link', { name: `${name} downloaden` })).toBeVisible();
    const docs = await serverGraph<{ participantDocuments: { records: { name: string }[] } }>(context.request, '{ participantDocuments(perPage: 0) { records { name } } }');
    expect(docs.participantDocuments.records.filter((d) => d.name === name)).toHaveLength(1);

    // Apply for a workplace (online): the answer comes back through the replica as "Verstuurd".
    await page.goto('/participant-portal/workplaces');
    const first = page.getByTestId('workplace').filter({ has: page.getByRole('button', { name: /^Solliciteren op / }) }).first();
    const workplaceName = (await first.getByRole('heading').textContent()) ?? '';
    expect(workplaceName).not.toBe('');
    const open = page.getByTestId('workplace').filter({ has: page.getByRole('heading', { name: workplaceName, exact: true }) });
    await open.getByRole('button', { name: /^Solliciteren op / }).click();
    await open.getByLabel('Waarom past deze werkplek bij u? (mag leeg blijven)').fill('Ik werk graag met mijn handen.');
    await open.getByRole('button', { name: 'Sollicitatie versturen' }).click();
    await expect(open.getByTestId('applied')).toBeVisible();
    await expect(page.getByTestId('applications').getByText(`${workplaceName}: Verstuurd`)).toBeVisible({ timeout: 30_000 });
    await portal.expectNoSidewaysScroll();
    await context.close();
  });

  test('standard portal: reorder, dark theme, offline upload and an offline application that go out once online', async ({ browser }) => {
    test.setTimeout(300_000);
    const { context, page } = await phoneSignedIn(browser, 'participant2');
    const portal = new PortalPhone(page);
    await page.goto('/deelnemerportal');
    await expect(portal.homeWidgets).toBeVisible({ timeout: 30_000 });
    await waitForServiceWorker(page);
    await expect(portal.homeWidgets).toBeVisible({ timeout: 30_000 });

    // Offline from here on: reorder, theme, upload and application all wait on the phone.
    await context.setOffline(true);
    await page.reload();
    await unlockOffline(page);
    await expect(portal.homeWidgets).toBeVisible({ timeout: 30_000 });
    const before = await portal.widgetOrder();
    await portal.reorder.click();
    const last = before[before.length - 1] ?? '';
    await page.getByRole('button', { name: /omhoog$/ }).last().click();
    const expected = [...before.slice(0, -2), last, before[before.length - 2] ?? ''];
    await expect.poll(() => portal.widgetOrder()).toEqual(expected);

    await page.goto('/my-settings');
    await unlockOffline(page);
    await page.getByLabel('Donker').check();
    await page.getByRole('button', { name: 'Instellingen bewaren' }).click();
    await expect.poll(() => portal.theme()).toBe('dark');

    await page.goto('/deelnemerportal/document');
    await unlockOffline(page);
    const name = `diploma-${Date.now()}.pdf`;
    await page.getByTestId('document-file').setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
    const row = portal.documents.filter({ hasText: name });
    await expect(row.getByTestId('upload-state')).toHaveText('Wacht op verbinding');

    await page.goto('/deelnemerportal/vacature');
    await unlockOffline(page);
    await expect(page.getByRole('heading', { name: 'Vacatures', level: 1 })).toBeVisible();
    const first = page.getByTestId('workplace').filter({ has: page.getByRole('button', { name: /^Solliciteren op / }) }).first();
    const workplaceName = (await first.getByRole('heading').textContent()) ?? '';
    expect(workplaceName).not.toBe('');
    const open = page.getByTestId('workplace').filter({ has: page.getByRole('heading', { name: workplaceName, exact: true }) });
    await open.getByRole('button', { name: /^Solliciteren op / }).click();
    await open.getByRole('button', { name: 'Sollicitatie versturen' }).click();
    await expect(page.getByTestId('applications').getByText(`${workplaceName}: Sollicitatie wacht op verbinding`)).toBeVisible();

    // Back online: everything goes out, in order, and comes back from the server.
    await context.setOffline(false);
    await expect(page.getByTestId('applications').getByText(`${workplaceName}: Verstuurd`)).toBeVisible({ timeout: 60_000 });
    await expect
      .poll(async () => (await serverGraph<{ settings: { theme?: string; widgetOrders?: { home?: string[] } } }>(context.request, '{ settings }')).settings, { timeout: 30_000 })
      .toMatchObject({ theme: 'dark', widgetOrders: { home: expected } });
    await expect
      .poll(async () => (await serverGraph<{ participantDocuments: { records: { name: string }[] } }>(context.request, '{ participantDocuments(perPage: 0) { records { name } } }')).participantDocuments.records.filter((d) => d.name === name).length, { timeout: 60_000 })
      .toBe(1);
    await page.goto('/deelnemerportal/document');
    await expect(row.getByRole('link', { name: `${name} downloaden` })).toBeVisible({ timeout: 30_000 });
    await context.close();
  });
});
