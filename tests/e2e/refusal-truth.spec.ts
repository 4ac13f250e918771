/**
 * Issue 19, point 7: a refusal restores the server's truth at once. Offline, the expert changes the
 * summary of a measurement a colleague meanwhile makes definitive; online the change is refused. The
 * measurement page shows the server's summary under the Definitief badge at once, the refused text
 * stays on /wijzigingen, and no PDF made on the tablet passes the refused text off as definitive.
 */
import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { pdfText } from '../../server/wage-value/pdf-text';
import { draftOfDocument, type MeasurementDocument } from '../../src/domain/wage-value/measurement';
import { measurementSteps } from '../../src/domain/wage-value/constants';
import { stepPayload } from '../../src/domain/wage-value/schemas';
import { waitForServiceWorker } from './pages/offline-support';

const TABLET = { width: 1024, height: 768 };
const SERVER_SUMMARY = 'Samenvatting zoals de server haar definitief vastlegde.';
const REFUSED_SUMMARY = 'Offline herschreven samenvatting die de server weigert.';

async function signedIn(browser: Browser, username: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: TABLET, hasTouch: true, acceptDownloads: true });
  const page = await context.newPage();
  page.on('dialog', (d) => void d.accept());
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(username);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  return { context, page };
}

async function gql<T>(api: APIRequestContext, query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await api.post('/api/v2/graph', { data: { query, variables } });
  const body = (await res.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

/** A complete concept measurement of the expert, saved step by step through the API the wizard uses (the groups of a seeded definitive one). */
async function completeConcept(api: APIRequestContext, uuid: string): Promise<void> {
  type Stored = MeasurementDocument & { participantId: number };
  const found = await gql<{ wageValueMeasurements: { records: Stored[] } }>(api,
    '{ wageValueMeasurements(status: "definitive", perPage: 1) { records { participantId type details researchActivities tasks normFunction advice summary } } }', {});
  const source = found.wageValueMeasurements.records[0];
  expect(source).toBeTruthy();
  const draft = { ...draftOfDocument(source!), summary: SERVER_SUMMARY };
  for (let step = 1; step <= measurementSteps.length; step++) {
    const input = stepPayload(uuid, source!.participantId, draft, step, { replaceExistingConcept: step === 1 });
    const answer = await gql<{ r: { success: boolean; reason: string | null } }>(api,
      'mutation($i: SaveWageValueMeasurementInput!) { r: saveWageValueMeasurement(input: $i) { success reason } }', { i: input });
    expect(answer.r).toEqual({ success: true, reason: null });
  }
}

async function downloadText(page: Page, click: () => Promise<void>): Promise<{ name: string; text: string }> {
  const download = page.waitForEvent('download');
  await click();
  const file = await download;
  return { name: file.suggestedFilename(), text: pdfText(readFileSync(await file.path())) };
}

test('a change refused because a colleague made the measurement definitive: the page, the badge and every PDF show the server\'s version at once', async ({ browser }) => {
  test.setTimeout(420_000);
  const tablet = await signedIn(browser, 'expert');
  const { page } = tablet;
  const uuid = await page.evaluate(() => crypto.randomUUID());
  await completeConcept(tablet.context.request, uuid);

  await page.goto(`/wage-value/measurement/edit/${uuid}`);
  const summary = page.getByRole('textbox', { name: 'Samenvatting' });
  await expect(summary).toHaveValue(SERVER_SUMMARY, { timeout: 90_000 });
  await expect(page.getByTestId('measurement-status')).toHaveText('Concept');
  await waitForServiceWorker(page);
  await expect(summary).toHaveValue(SERVER_SUMMARY, { timeout: 60_000 });

  // Offline at the company: the expert rewrites the summary; the change waits on the tablet.
  await tablet.context.setOffline(true);
  await summary.fill(REFUSED_SUMMARY);
  await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
  await expect(page.getByTestId('pending-count')).toBeVisible();

  // A PDF made while the change waits is a concept, under a name of its own.
  await page.getByRole('button', { name: 'Concept-PDF bekijken' }).click();
  await expect(page.getByTestId('report-frame')).toBeVisible({ timeout: 60_000 });
  const pending = await downloadText(page, () => page.getByTestId('report-preview').getByRole('button', { name: 'Downloaden' }).click());
  expect.soft(pending.text).toContain('CONCEPT');
  expect.soft(pending.name).toMatch(/-concept-niet-bevestigd-\d{4}-\d{2}-\d{2}\.pdf$/);
  await page.getByTestId('report-preview').getByRole('button', { name: 'Sluiten' }).click();

  // Meanwhile a colleague makes it definitive in another browser.
  const colleague = await signedIn(browser, 'admin');
  await colleague.page.goto(`/wage-value/measurement/edit/${uuid}`);
  await expect(colleague.page.getByRole('button', { name: 'Definitief maken' })).toBeEnabled({ timeout: 90_000 });
  await colleague.page.getByRole('button', { name: 'Definitief maken' }).click();
  await expect.poll(async () => (await gql<{ wageValueMeasurements: { records: { status: string }[] } }>(colleague.context.request,
    'query($u: String) { wageValueMeasurements(uuid: $u) { records { status } } }', { u: uuid })).wageValueMeasurements.records[0]?.status, { timeout: 90_000 }).toBe('definitive');
  await colleague.context.close();

  // Online again: the change is refused, and the tablet shows the server's version at once, without a reload.
  await tablet.context.setOffline(false);
  await expect(page.getByTestId('outbox-failed')).toBeVisible({ timeout: 90_000 });
  await expect(page.getByTestId('measurement-status')).toHaveText('Definitief', { timeout: 30_000 });
  await expect(summary).toHaveValue(SERVER_SUMMARY);
  await expect(summary).toHaveJSProperty('readOnly', true);

  // The report the server stored: definitive, the server's summary, never the refused one.
  const stored = await downloadText(page, () => page.getByRole('button', { name: 'PDF downloaden' }).click());
  expect(stored.name).toMatch(/-definitief-\d{4}-\d{2}-\d{2}\.pdf$/);
  expect(stored.text).toContain(SERVER_SUMMARY);
  expect(stored.text).not.toContain(REFUSED_SUMMARY);
  expect(stored.text).not.toContain('CONCEPT');

  // A PDF printed on the tablet now: the server's text; marked as a concept while a refused change of it is still listed.
  await page.getByRole('button', { name: 'PDF bekijken' }).click();
  await expect(page.getByTestId('report-frame')).toBeVisible({ timeout: 60_000 });
  const device = await downloadText(page, () => page.getByTestId('report-preview').getByRole('button', { name: 'Downloaden' }).click());
  expect(device.text).toContain(SERVER_SUMMARY);
  expect(device.text).not.toContain(REFUSED_SUMMARY);
  expect(device.text).toContain('CONCEPT');
  expect(device.name).not.toBe(stored.name);
  expect(device.name).toMatch(/-concept-niet-bevestigd-\d{4}-\d{2}-\d{2}\.pdf$/);

  // The refused input is kept on /wijzigingen, to copy or retry.
  await page.getByRole('link', { name: 'Naar wijzigingen' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wijzigingen' })).toBeVisible();
  const input = page.getByTestId('refused-input');
  await expect(input).toHaveCount(1, { timeout: 30_000 });
  await input.getByText('Uw geweigerde invoer').click();
  await expect(input.getByText(REFUSED_SUMMARY)).toBeVisible();
  await tablet.context.close();
});
