import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Route } from '@playwright/test';
import { expectAccessible } from './pages/axe';
import { graph, signedIn } from './pages/work-plans-page';

/** The files section of a work plan (issue 11): upload, list, download, delete with undo; refusals in Dutch; axe. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface PlanFiles {
  uuid: string;
  files: { uuid: string; name: string }[];
}

async function coachPlans(page: Page): Promise<PlanFiles[]> {
  const data = await graph<{ workPlans: { records: PlanFiles[] } }>(page.context().request, '{ workPlans(filter: 5, perPage: 100) { records { uuid files { uuid name } } } }');
  return data.workPlans.records;
}

async function sectionAccessible(page: Page, label: string): Promise<void> {
  await expectAccessible(page, label, '[data-testid="plan-files"]');
}

test('work-plan files: upload with progress and refusals in Dutch, listed, downloaded, deleted with undo; offline a delete is queued', async ({ browser }) => {
  test.setTimeout(240_000);
  const { context, page } = await signedIn(browser, 'coach');
  const plans = await coachPlans(page);
  const plan = plans.find((p) => p.files.length === 0);
  expect(plan, 'a started plan without files').toBeTruthy();
  const name = `verslag-${Date.now()}.pdf`;

  await page.goto(`/work-plan/${plan!.uuid}`);
  const section = page.getByTestId('plan-files');
  await expect(section.getByRole('heading', { name: 'Bestanden' })).toBeVisible({ timeout: 60_000 });
  await expect(section.getByText('Er zijn nog geen bestanden bij dit werkplan.')).toBeVisible();
  await sectionAccessible(page, 'empty');

  const chooser = section.getByLabel('Bestand kiezen');
  const upload = section.getByRole('button', { name: 'Uploaden' });
  const alert = section.getByRole('alert');

  // Refused before sending: too large, a type that is not allowed.
  await chooser.setInputFiles({ name: 'groot.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(10 * 1024 * 1024 + 1, 0x20) });
  await expect(alert).toHaveText('Het bestand is te groot. Het maximum is 10 MB.');
  await sectionAccessible(page, 'error');
  await chooser.setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(alert).toHaveText(/Dit type bestand is niet toegestaan/);
  // Refused by the server: the bytes are not what the name says.
  await chooser.setInputFiles({ name: 'nep.pdf', mimeType: 'application/pdf', buffer: Buffer.from('#!/bin/sh\necho nep\n') });
  await expect(alert).toHaveCount(0);
  await upload.click();
  await expect(alert).toHaveText(/nep\.pdf is niet verstuurd: Dit type bestand is niet toegestaan/, { timeout: 30_000 });
  // The refused upload waits with its reason until the user removes it (or tries again).
  await alert.getByRole('button', { name: 'Weghalen' }).click();
  await expect(alert).toHaveCount(0);

  // A real PDF: a progress bar while it is on its way (the answer is held back until the bar was seen),
  // then listed from the replica with size, date and uploader.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route) => {
    if ((route.request().headers()['content-type'] ?? '').startsWith('multipart/form-data')) await held;
    await route.continue();
  };
  await page.route('**/api/v2/graph', hold);
  await chooser.setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
  await upload.click();
  await expect(section.getByRole('progressbar', { name: new RegExp(`^${name.replace('.', '\\.')} wordt verstuurd: \\d+%$`) })).toBeVisible({ timeout: 30_000 });
  const row = section.getByTestId('plan-file').filter({ hasText: name });
  await expect(row).toContainText('nog niet verstuurd');
  release();
  await expect(section.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  await page.unroute('**/api/v2/graph', hold);
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).not.toContainText('nog niet verstuurd', { timeout: 30_000 });
  await expect(row).toContainText(`${PDF.length} B`);
  await expect(row).toContainText('Sanne');
  await expect.poll(async () => (await coachPlans(page)).find((p) => p.uuid === plan!.uuid)?.files.map((f) => f.name)).toEqual([name]);
  await sectionAccessible(page, 'listed');

  // Download through the signed link: the same bytes, the file's name.
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `${name} downloaden` }).click()]);
  expect(download.suggestedFilename()).toBe(name);
  expect(readFileSync(await download.path()).equals(PDF)).toBe(true);

  // Delete: confirmation first, then undo brings it back, then delete for good.
  await row.getByRole('button', { name: `${name} verwijderen` }).click();
  const dialog = section.getByRole('alertdialog');
  await expect(dialog).toContainText(`Weet u zeker dat u ${name} wilt verwijderen?`);
  await sectionAccessible(page, 'confirm');
  await dialog.getByRole('button', { name: 'Annuleren' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `${name} verwijderen` }).click();
  await dialog.getByRole('button', { name: 'Ja, verwijderen' }).click();
  await expect(row).toHaveCount(0);
  await expect(section.getByText(`${name} is verwijderd.`)).toBeVisible();
  await sectionAccessible(page, 'deleted');
  await section.getByRole('button', { name: 'Ongedaan maken' }).click();
  await expect(section.getByText(`${name} is teruggezet.`)).toBeVisible({ timeout: 30_000 });
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect.poll(async () => (await coachPlans(page)).find((p) => p.uuid === plan!.uuid)?.files.length, { timeout: 30_000 }).toBe(1);

  // Offline: deleting works (queued) and reaches the server once online (adding offline: offline-files.spec.ts).
  await context.setOffline(true);
  await row.getByRole('button', { name: `${name} verwijderen` }).click();
  await dialog.getByRole('button', { name: 'Ja, verwijderen' }).click();
  await expect(row).toHaveCount(0);
  await expect(section.getByText('Er zijn nog geen bestanden bij dit werkplan.')).toBeVisible();
  await sectionAccessible(page, 'offline');
  await context.setOffline(false);
  await expect.poll(async () => (await coachPlans(page)).find((p) => p.uuid === plan!.uuid)?.files.length, { timeout: 60_000 }).toBe(0);
  await context.close();
});
