import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/login-page';

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

  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(axe.violations).toEqual([]);
});

test('a coach is told only administrators may read the audit log', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('coach');
  await expect(page).not.toHaveURL(/\/login/);
  await page.goto('/administratie/log');
  await expect(page.getByRole('alert')).toContainText('Alleen beheerders');
});
