import { expectAccessible } from './pages/axe';
import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { graph, signedInApi } from './pages/api';
import { waitForServiceWorker } from './pages/offline-support';

test('an administrator reads, filters, pages and exports the audit log (/administratie/log)', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('admin');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/administratie/log');
  await expect(page.getByRole('heading', { name: 'Auditlog' })).toBeVisible();
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('cell', { name: 'login.success' }).first()).toBeVisible();

  await page.getByLabel('Actie (begin)').fill('login.success');
  await page.getByRole('button', { name: 'Filteren' }).click();
  // The filtered page replaces the first one: wait until every row shown is a sign-in, and some are.
  const actions = () => table.locator('tbody tr td:nth-child(2)').allTextContents();
  await expect.poll(async () => { const a = await actions(); return a.length > 0 && a.every((x) => x === 'login.success'); }).toBe(true);

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exporteren (CSV)' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^auditlog-.*\.csv$/);

  await expectAccessible(page, '/administratie/log');
});

test('a coach is told only administrators may read the audit log', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('coach');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/administratie/log');
  await expect(page.getByRole('alert')).toContainText('Alleen beheerders');
});

test('opening a participant file offline is logged once the device is online again (NEN 7513)', async ({ page, context, baseURL }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('admin');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/participants');
  // Offline, the file's screen comes from the service worker's cache.
  await waitForServiceWorker(page);
  const table = page.getByTestId('participants-table');
  await expect(table).toBeVisible();
  const api = await signedInApi(baseURL ?? '', 'admin');
  const logged = async (id: string) => {
    const data = await graph<{ auditLog: { records: { subjectId: string | null }[] } }>(
      api,
      '{ auditLog(action: "participant.read", perPage: 500) { records { subjectId } } }',
    );
    return data.auditLog.records.filter((r) => r.subjectId === id).length;
  };

  await context.setOffline(true);
  const first = table.locator('tbody tr').first().getByRole('link').first();
  await first.click();
  await expect(page).toHaveURL(/\/participant\/\d+$/);
  const id = /\/participant\/(\d+)$/.exec(page.url())![1]!;
  await expect(page.getByRole('tab', { name: 'Gegevens' })).toBeVisible();
  const before = await logged(id);
  await context.setOffline(false);
  await expect.poll(() => logged(id), { timeout: 30_000 }).toBe(before + 1);
  await api.dispose();
});
