import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { expectAccessible, graph, signedIn, waitForServiceWorker } from './pages/work-plans-page';
import { unlockOffline } from './pages/offline-unlock';

const countOf = async (page: Page) => Number(await page.getByTestId('skill-report-count').getAttribute('data-total'));

test('skill report: the caseload\'s scores from the replica, filtered and paged; the CSV export lists the same rows; offline it still reads; axe in Dutch and English, light and dark', async ({ browser }) => {
  test.setTimeout(240_000);
  const { context, page } = await signedIn(browser, 'manager');
  await page.goto('/skill-report');
  await expect(page.getByRole('heading', { name: 'Vaardighedenrapportage', level: 1 })).toBeVisible({ timeout: 30_000 });
  const server = await graph<{ skillReport: { totalItems: number } }>(context.request, '{ skillReport { totalItems } }');
  expect(server.skillReport.totalItems).toBeGreaterThan(15);
  // The replica holds what the server's query answers (after the first sync).
  await expect.poll(() => countOf(page), { timeout: 60_000 }).toBe(server.skillReport.totalItems);
  const rows = page.getByTestId('skill-report-table').locator('tbody tr');
  await expect(rows).toHaveCount(15);
  await expectAccessible(page, '/skill-report nl light');

  // Pages of 15.
  const firstOnPageOne = await rows.first().innerText();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByText(`Pagina 2 van ${Math.ceil(server.skillReport.totalItems / 15)}`)).toBeVisible();
  await expect(rows.first()).not.toHaveText(firstOnPageOne);

  // Only skills: every row is a skill, and the count is the server's for the same filter.
  await page.getByLabel('Soort').selectOption('skill');
  const skills = await graph<{ skillReport: { totalItems: number } }>(context.request, '{ skillReport(kind: "skill") { totalItems } }');
  await expect.poll(() => countOf(page)).toBe(skills.skillReport.totalItems);
  expect(await rows.evaluateAll((trs) => trs.every((tr) => tr.getAttribute('data-kind') === 'skill'))).toBe(true);
  await expect(page.getByLabel('Competentiesysteem')).toBeDisabled();

  // A name nobody has: the empty state.
  await page.getByLabel('Zoek op deelnemer').fill('zzzz-niemand');
  await expect(page.getByText('Geen scores gevonden voor deze filters.')).toBeVisible();
  await page.getByLabel('Zoek op deelnemer').fill('');

  // The CSV export (the server writes it for the same filter): a header and one line per row.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: /CSV/ }).click();
  const file = await (await download).path();
  const lines = (await readFile(file, 'utf8')).replace(/^\uFEFF/, '').trim().split(/\r\n/);
  expect(lines[0]).toBe('Deelnemer;Project;Competentiesysteem;Competentie;Gedrag;Vakgebied;Categorie;Vaardigheid;Startscore;Huidige score;Doelscore');
  expect(lines.length - 1).toBe(skills.skillReport.totalItems);
  await expect(page.getByRole('status').filter({ hasText: String(skills.skillReport.totalItems) })).toBeVisible();

  // Offline, after a reload from the service worker: the report still reads; the export says why it waits.
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await unlockOffline(page);
  await expect(page.getByRole('heading', { name: 'Vaardighedenrapportage', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => countOf(page), { timeout: 30_000 }).toBe(server.skillReport.totalItems);
  await expect(page.getByText('Exporteren kan alleen met een verbinding', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: /CSV/ })).toBeDisabled();
  await context.setOffline(false);
  await context.close();

  // A coach reads the report but gets no export; English and dark pass axe too.
  const coach = await browser.newContext({ colorScheme: 'dark' });
  const coachPage = await coach.newPage();
  const login = new LoginPage(coachPage);
  await login.goto();
  await login.signIn('coach');
  await expect(coachPage).not.toHaveURL(/\/login/, { timeout: 30_000 });
  await coachPage.evaluate(() => localStorage.setItem('werkpad.language', 'en'));
  await coachPage.goto('/skill-report');
  await expect(coachPage.getByRole('heading', { name: 'Skill report', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(coachPage.getByTestId('skill-report-table')).toBeVisible({ timeout: 60_000 });
  await expect(coachPage.getByRole('button', { name: /CSV/ })).toHaveCount(0);
  await expect(coachPage.locator('html')).toHaveAttribute('data-theme', 'dark');
  await expectAccessible(coachPage, '/skill-report en dark');
  await coach.close();
});
