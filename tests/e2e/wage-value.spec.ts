import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { expectAccessible } from './pages/axe';
import { LoginPage } from './pages/login-page';
import { pdfText } from '../../server/wage-value/pdf-text';
import { waitForServiceWorker } from './pages/offline-support';
import { unlockOffline } from './pages/offline-unlock';

const TABLET = { width: 1024, height: 768 };

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

async function axe(page: Page): Promise<void> {
  await expectAccessible(page);
}

interface ServerMeasurement { uuid: string; status: string; step: number; wageValue: number | null; summary: string | null; revision: number }
async function serverMeasurements(api: APIRequestContext, uuid: string): Promise<ServerMeasurement[]> {
  const res = await api.post('/api/v2/graph', { data: { query: 'query($u: String) { wageValueMeasurements(uuid: $u) { records { uuid status step wageValue summary revision } } }', variables: { u: uuid } } });
  const body = (await res.json()) as { data?: { wageValueMeasurements: { records: ServerMeasurement[] } } };
  return body.data?.wageValueMeasurements.records ?? [];
}

async function gql<T>(api: APIRequestContext, query: string, variables: Record<string, unknown>): Promise<T> {
  const res = await api.post('/api/v2/graph', { data: { query, variables } });
  const body = (await res.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

const next = (page: Page) => page.getByRole('button', { name: 'Opslaan en verder' }).click();
const stepTitle = (page: Page, name: string) => expect(page.getByRole('heading', { level: 2, name })).toBeVisible();

async function fillTask(task: Locator, description: string, hours: string): Promise<void> {
  await task.getByLabel('Omschrijving').fill(description);
  await task.getByLabel('Uren per week').fill(hours);
  await task.getByLabel('Toelichting').fill(`${description}: dagelijks werk op de afdeling.`);
}

test.describe('wage-value measurement', () => {
  test('a tablet offline: a complete measurement with three tasks, reload, concept PDF, once on the server, definitive, PDF text, read-only', async ({ browser }) => {
    test.setTimeout(420_000);
    const { context, page } = await signedIn(browser, 'expert');
    await page.goto('/wage-value/measurement/search');
    await expect(page.getByRole('heading', { name: 'Loonwaardemetingen zoeken' })).toBeVisible();
    await expect(page.getByTestId('search-count')).toBeVisible({ timeout: 60_000 });
    await axe(page);
    await waitForServiceWorker(page);
    await page.locator('#main').getByRole('link', { name: 'Nieuwe meting' }).click();
    await expect(page.getByRole('heading', { name: 'Nieuwe loonwaardemeting' })).toBeVisible();
    // From here on the tablet has no signal (the service worker serves the app, the report code included).
    await context.setOffline(true);

    // 1 Details
    const participantSelect = page.getByLabel('Deelnemer', { exact: true });
    await expect(participantSelect.locator('option').nth(1)).toBeAttached();
    const participantName = (await participantSelect.locator('option').nth(1).textContent()) ?? '';
    await participantSelect.selectOption({ index: 1 });
    await next(page);
    await expect(page.getByTestId('step-errors')).toBeVisible();
    await expect(page.getByText('Dit veld is verplicht').first()).toBeVisible();
    // Focus goes to the first field in error, not stays on the button; its message goes as soon as it is valid.
    await expect(page.getByLabel('Ingangsdatum')).toBeFocused();
    await expect(page.getByLabel('Ingangsdatum')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Ingangsdatum').fill('02-11-2026');
    await expect(page.getByLabel('Ingangsdatum')).toHaveAttribute('aria-invalid', 'false');
    await page.getByLabel('Werkgever', { exact: true }).fill('Groen Onderhoud BV');
    await page.getByLabel('Contactpersoon werkgever').fill('Mevr. Kramer');
    await page.getByLabel('E-mailadres contactpersoon').fill('hr@groen');
    await page.getByLabel('Geïnterviewde werkgever').fill('Dhr. Hoogland');
    await page.getByLabel('Uitgevoerde functie').fill('Medewerker groenvoorziening');
    await page.getByLabel('Werkuren per week').fill('32');
    await page.getByLabel('Voltijdsuren per week').fill('40');
    await page.getByLabel('Loonwaardedeskundige', { exact: true }).fill('E. Expert');
    await next(page);
    await expect(page.getByText('Vul een geldig e-mailadres in')).toBeVisible();
    await expect(page.getByLabel('E-mailadres contactpersoon')).toBeFocused();
    await page.getByLabel('E-mailadres contactpersoon').fill('hr@groen.nl');
    await expect(page.getByText('Vul een geldig e-mailadres in')).toHaveCount(0);
    await next(page);
    // 2 Research activities (stored inverted; the form asks what happened)
    await stepTitle(page, 'Onderzoeksactiviteiten');
    // A successful save leaves no error text behind.
    await expect(page.locator('.field__error, [data-testid="step-errors"], [data-testid="save-reason"]')).toHaveCount(0);
    await expect(page).toHaveURL(/\/wage-value\/measurement\/edit\//);
    const uuid = page.url().split('/edit/')[1]!.split(/[?#]/)[0]!;
    await page.getByLabel('Rapportagedatum').fill('09-11-2026');
    await page.getByLabel('Datum bedrijfsbezoek').fill('02-11-2026');
    await page.getByLabel('Datum gesprek werknemer').fill('02-11-2026');
    await page.getByLabel('Datum gesprek werkgever').fill('03-11-2026');
    await next(page);
    // 3 Tasks: hours shown, Dutch numbers, the 100 % rule live
    await stepTitle(page, 'Taken');
    await fillTask(page.getByTestId('task-1'), 'Maaien en snoeien', '16');
    await fillTask(page.getByTestId('task-2'), 'Onkruid verwijderen', '9,5');
    await fillTask(page.getByTestId('task-3'), 'Gereedschap onderhouden', '6');
    await next(page);
    await expect(page.getByText('De tijdsbesteding van de taken moet samen precies 100% zijn (nu 98,44%)')).toBeVisible();
    await page.getByTestId('task-3').getByLabel('Uren per week').fill('6,5');
    await expect(page.getByTestId('tasks-total')).toContainText('100%');
    await expect(page.getByText(/moet samen precies 100% zijn/)).toHaveCount(0);
    await next(page);
    // 4 Norm function
    await stepTitle(page, 'Normfunctie en loon');
    await page.getByLabel('Normfunctie', { exact: true }).fill('Hovenier A');
    await page.getByLabel('Wijze van bepalen normfunctie').selectOption({ label: 'Overlaptheorie' });
    await page.getByLabel('Toelichting wijze van bepalen').fill('De taken vallen binnen de cao-functie.');
    await page.getByLabel('Bron normfunctie').selectOption({ label: 'Cao' });
    await page.getByLabel('Toelichting bron').fill('Cao Hoveniers 2026.');
    for (const [i, share] of [['50'], ['30'], ['20']].entries()) {
      const fs = page.locator('fieldset.wv-task').nth(i);
      await fs.getByLabel('Aandeel in de tijd van de normfunctie').fill(share[0]!);
      await fs.getByLabel('Overlap met de taak van de normfunctie').fill('90');
    }
    await next(page);
    // 5 Work performance
    await stepTitle(page, 'Arbeidsprestatie');
    for (const [i, [pace, quality, net]] of [['80', '90', '100'], ['70', '100', '90'], ['100', '100', '100']].entries()) {
      const fs = page.getByTestId(`performance-${i + 1}`);
      await fs.getByLabel('Tempo', { exact: true }).fill(pace!);
      await fs.getByLabel('Toelichting tempo').fill('Iets trager dan een collega.');
      await fs.getByLabel('Kwaliteit', { exact: true }).fill(quality!);
      await fs.getByLabel('Toelichting kwaliteit').fill('Goed werk.');
      await fs.getByLabel('Netto werktijd', { exact: true }).fill(net!);
      await fs.getByLabel('Toelichting netto werktijd').fill('Normale pauzes.');
    }
    await expect(page.getByTestId('performance-1')).toContainText('72%');
    await next(page);
    // 6 Result: 16/32 × 72 + 9,5/32 × 63 + 6,5/32 × 100 = 36 + 18,70 + 20,31 = 75,01 → 75 %
    await stepTitle(page, 'Uitkomst');
    await expect(page.getByTestId('wage-value-percentage')).toHaveText('75%');
    await next(page);
    // 7 Advice
    await stepTitle(page, 'Advies');
    await page.getByRole('group', { name: 'Zijn bijzondere voorwaarden nodig?' }).getByLabel('Nee').check();
    await page.getByLabel('Advies herbeoordeling', { exact: true }).selectOption({ label: 'Twaalf tot vierentwintig maanden' });
    await page.getByLabel('Toelichting herbeoordeling').fill('Ontwikkeling verwacht.');
    await page.getByLabel('Besproken met werkgever op').fill('05-11-2026');
    await page.getByRole('group', { name: 'Werkgever akkoord' }).getByLabel('Ja').check();
    await page.getByLabel('Zienswijze werkgever').fill('De werkgever herkent het beeld.');
    await page.getByLabel('Besproken met werknemer op').fill('05-11-2026');
    await page.getByRole('group', { name: 'Werknemer akkoord' }).getByLabel('Ja').check();
    await page.getByLabel('Zienswijze werknemer').fill('Werknemer kan zich vinden in de uitkomst.');
    await next(page);
    // 8 Summary
    await stepTitle(page, 'Samenvatting');
    await page.getByRole('textbox', { name: 'Samenvatting' }).fill('Stabiele arbeidsprestatie van 75%.');
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await expect(page.getByTestId('pending-count')).toBeVisible();

    // Reload offline: the draft is intact and resumes at the last step.
    await page.reload();
    await unlockOffline(page);
    await stepTitle(page, 'Samenvatting');
    await expect(page.getByRole('textbox', { name: 'Samenvatting' })).toHaveValue('Stabiele arbeidsprestatie van 75%.');
    await page.getByRole('button', { name: /Taken/ }).click();
    await expect(page.getByTestId('task-2').getByLabel('Uren per week')).toHaveValue('9,5');
    await axe(page);

    // The concept PDF, printed in the browser while offline.
    await page.getByRole('button', { name: 'Concept-PDF bekijken' }).click();
    const frame = page.getByTestId('report-frame');
    await expect(frame).toBeVisible({ timeout: 60_000 });
    expect(Number(await frame.getAttribute('data-size'))).toBeGreaterThan(2000);
    const conceptDownload = page.waitForEvent('download');
    await page.getByTestId('report-preview').getByRole('button', { name: 'Downloaden' }).click();
    const conceptText = pdfText(readFileSync((await (await conceptDownload).path())));
    expect(conceptText).toContain('CONCEPT');
    expect(conceptText).toContain('Groen Onderhoud BV');
    expect(conceptText).toContain('75%');
    await page.getByRole('button', { name: 'Sluiten' }).click();

    // Online: the measurement reaches the server once, complete.
    await context.setOffline(false);
    await expect.poll(async () => (await serverMeasurements(context.request, uuid)).map((m) => [m.status, m.step, m.wageValue]), { timeout: 90_000 })
      .toEqual([['concept', 8, 75]]);
    await expect(page.getByTestId('pending-count')).toHaveCount(0, { timeout: 60_000 });

    // Definitive (confirmed), then the stored PDF.
    await page.getByRole('button', { name: 'Definitief maken' }).click();
    await expect.poll(async () => (await serverMeasurements(context.request, uuid))[0]?.status, { timeout: 90_000 }).toBe('definitive');
    await expect(page.getByTestId('measurement-status')).toHaveText('Definitief', { timeout: 60_000 });
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF downloaden' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.pdf$/);
    const text = pdfText(readFileSync((await file.path())));
    for (const s of ['Rapportage loonwaardemeting', 'Loonwaardemeting voor loonkostensubsidie', participantName.split(' ')[0]!, 'Groen Onderhoud BV', 'Mevr. Kramer',
      'hr@groen.nl', 'Dhr. Hoogland', 'Hovenier A', 'Medewerker groenvoorziening', '32 uur', '40 uur', 'E. Expert', 'Maaien en snoeien', '9,5 uur', '72%',
      '75,01%', '75%', '0,8', 'Werknemer kan zich vinden in de uitkomst.', 'De werkgever herkent het beeld.', 'Twaalf tot vierentwintig maanden', '09-11-2026']) {
      expect(text).toContain(s);
    }
    expect(text).not.toContain('CONCEPT');

    // Not editable afterwards: read-only here, and the server refuses a change with the no-access reason.
    await expect(page.getByRole('button', { name: /Opslaan/ })).toHaveCount(0);
    await page.getByRole('button', { name: /Samenvatting/ }).click();
    await expect(page.getByRole('textbox', { name: 'Samenvatting' })).toHaveJSProperty('readOnly', true);
    const refused = await gql<{ r: { success: boolean; reason: string } }>(context.request,
      'mutation($i: SaveWageValueMeasurementInput!) { r: saveWageValueMeasurement(input: $i) { success reason } }',
      { i: { uuid, participantId: 1, type: 1, step: 8, summary: 'Toch wijzigen' } });
    expect(refused.r).toEqual({ success: false, reason: 'wageValue.errors.definitive' });
    expect(await serverMeasurements(context.request, uuid)).toHaveLength(1);
    await context.close();
  });

  test('a concept opened while the replica still holds an older version: the wizard follows the newer one until the expert touches it', async ({ browser }) => {
    test.setTimeout(300_000);
    const { context, page } = await signedIn(browser, 'expert');
    const participants = await gql<{ participants: { records: { id: string }[] } }>(context.request, '{ participants(perPage: 50) { records { id } } }', {});
    const participantId = Number(participants?.participants.records.at(-2)?.id ?? 0);
    expect(participantId).toBeGreaterThan(0);
    const uuid = await page.evaluate(() => crypto.randomUUID());
    const save = (input: Record<string, unknown>) => gql<{ r: { success: boolean; reason: string | null } }>(context.request,
      'mutation($i: SaveWageValueMeasurementInput!) { r: saveWageValueMeasurement(input: $i) { success reason } }', { i: { uuid, participantId, type: 1, ...input } });
    await page.goto('/wage-value/measurement/search');
    expect((await save({ step: 1, replaceExistingConcept: true, details: { startingDate: '02-11-2026', employerName: 'Rijwielhandel Bos', employerContactEmail: 'info@bos.nl', interviewedEmployerName: 'Mevr. Bos', performedFunction: 'Assistent fietsenmaker', workingHoursPerWeek: 20, fullTimeHours: 38, wageValueExpert: 'E. Expert' } })).r.success).toBe(true);
    // The replica holds the version after the details step (the search page reads the replica).
    await expect(page.getByRole('cell', { name: 'Rijwielhandel Bos' })).toBeVisible({ timeout: 60_000 });
    expect((await save({ step: 2, researchActivities: { reportDate: '09-11-2026', companyVisitDate: '02-11-2026', interviewedEmployeeDate: '02-11-2026', interviewedEmployerDate: '02-11-2026' } })).r.success).toBe(true);
    expect((await save({ step: 3, tasks: [{ sortOrder: 1, description: 'Banden plakken', explanation: 'Hoofdtaak', minutesPerWeek: 1200 }] })).r.success).toBe(true);
    // Opened at once: the wizard may start from the older version, and takes the newer one when it arrives.
    await page.goto(`/wage-value/measurement/edit/${uuid}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Normfunctie en loon' })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('Nog niet compleet: Normfunctie en loon')).toBeVisible();
    await page.getByRole('button', { name: /Onderzoeksactiviteiten/ }).click();
    await expect(page.getByLabel('Rapportagedatum')).toHaveValue('09-11-2026');
    await context.close();
  });

  test('a concept changed elsewhere while the expert was offline: only the field changed on both sides is asked about', async ({ browser }) => {
    test.setTimeout(300_000);
    const { context, page } = await signedIn(browser, 'expert');
    // A concept made by the expert (online, through the API the wizard uses).
    const participants = await gql<{ participants: { records: { id: string }[] } }>(context.request, '{ participants(perPage: 50) { records { id } } }', {});
    const participantId = Number(participants?.participants.records.at(-1)?.id ?? 0);
    expect(participantId).toBeGreaterThan(0);
    const uuid = await page.evaluate(() => crypto.randomUUID());
    const save = (api: APIRequestContext, input: Record<string, unknown>) => gql<{ r: { success: boolean; reason: string | null } }>(api,
      'mutation($i: SaveWageValueMeasurementInput!) { r: saveWageValueMeasurement(input: $i) { success reason } }', { i: input });
    const base = { uuid, participantId, type: 1 };
    expect((await save(context.request, { ...base, step: 1, replaceExistingConcept: true, details: { startingDate: '02-11-2026', employerName: 'Fietsenmaker Jansen', employerContactEmail: 'info@jansen.nl', interviewedEmployerName: 'Dhr. Jansen', performedFunction: 'Assistent fietsenmaker', workingHoursPerWeek: 20, fullTimeHours: 38, wageValueExpert: 'E. Expert' } })).r.success).toBe(true);
    expect((await save(context.request, { ...base, step: 2, researchActivities: { reportDate: '09-11-2026', companyVisitDate: '02-11-2026', interviewedEmployeeDate: '02-11-2026', interviewedEmployerDate: '02-11-2026' } })).r.success).toBe(true);
    expect((await save(context.request, { ...base, step: 3, tasks: [{ sortOrder: 1, description: 'Banden plakken', explanation: 'Hoofdtaak', minutesPerWeek: 1200 }] })).r.success).toBe(true);
    await page.goto(`/wage-value/measurement/edit/${uuid}`);
    // The first sync brings the concept into the replica.
    await expect(page.getByRole('heading', { level: 2, name: 'Normfunctie en loon' })).toBeVisible({ timeout: 90_000 });
    await waitForServiceWorker(page);
    await stepTitle(page, 'Normfunctie en loon');
    await expect(page.getByLabel('Werkgever', { exact: true })).toHaveCount(0);
    await page.getByRole('button', { name: /Gegevens/ }).click();
    await expect(page.getByLabel('Werkgever', { exact: true })).toHaveValue('Fietsenmaker Jansen');

    // Offline the expert corrects the employer and the research explanation.
    await context.setOffline(true);
    await page.getByLabel('Werkgever', { exact: true }).fill('Fietsenmaker Jansen & Zn');
    await next(page);
    await stepTitle(page, 'Onderzoeksactiviteiten');
    await page.getByLabel('Toelichting onderzoeksactiviteiten').fill('Twee dagdelen meegelopen.');
    await next(page);
    await stepTitle(page, 'Taken');
    // Offline saves of one measurement fold into one waiting write.
    await expect(page.getByTestId('pending-count')).toContainText('1');

    // Meanwhile an administrator changes the details (employer) and the tasks elsewhere.
    const other = await signedIn(browser, 'admin');
    expect((await save(other.context.request, { ...base, step: 1, details: { startingDate: '02-11-2026', employerName: 'Jansen Tweewielers', employerContactEmail: 'info@jansen.nl', interviewedEmployerName: 'Dhr. Jansen', performedFunction: 'Assistent fietsenmaker', workingHoursPerWeek: 20, fullTimeHours: 38, wageValueExpert: 'E. Expert' } })).r.success).toBe(true);
    expect((await save(other.context.request, { ...base, step: 3, tasks: [{ sortOrder: 1, description: 'Banden plakken en vervangen', explanation: 'Hoofdtaak', minutesPerWeek: 1200 }] })).r.success).toBe(true);
    await other.context.close();

    // Back online: only the details (changed on both sides) are asked about; research and tasks are not.
    await context.setOffline(false);
    const conflict = page.getByTestId('outbox-conflict');
    await expect(conflict).toBeVisible({ timeout: 90_000 });
    await expect(conflict).toContainText('Kies per veld welke versie blijft: Gegevens.');
    await axe(page);
    await conflict.getByRole('link', { name: 'Naar wijzigingen' }).click();
    await expect(page.getByRole('group', { name: 'Gegevens' })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole('group', { name: 'Onderzoeksactiviteiten' })).toHaveCount(0);
    await expect(page.getByRole('group', { name: 'Taken' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Keuze verzenden' }).click();
    // Mine for the details; the research activities go with it; the tasks changed elsewhere stay.
    await expect.poll(async () => {
      const r = await gql<{ wageValueMeasurements: { records: { researchActivities: { researchActivitiesExplanation?: string }; details: { employerName: string }; tasks: { description: string }[] }[] } }>(
        context.request, 'query($u: String) { wageValueMeasurements(uuid: $u) { records { researchActivities details tasks } } }', { u: uuid });
      const m = r.wageValueMeasurements.records[0];
      return [m?.researchActivities.researchActivitiesExplanation, m?.details.employerName, m?.tasks[0]?.description];
    }, { timeout: 90_000 }).toEqual(['Twee dagdelen meegelopen.', 'Fietsenmaker Jansen & Zn', 'Banden plakken en vervangen']);
    await context.close();
  });

  test('planning, notes and settings pages pass axe', async ({ browser }) => {
    test.setTimeout(180_000);
    const { context, page } = await signedIn(browser, 'admin');
    await page.goto('/wage-value/measurement/planning');
    await expect(page.getByRole('heading', { name: 'Planning loonwaardemetingen' })).toBeVisible();
    await expect(page.getByTestId('planning-table')).toBeVisible({ timeout: 60_000 });
    await axe(page);
    await page.getByTestId('planning-table').getByRole('link', { name: 'Notities' }).first().click();
    await expect(page.getByRole('heading', { name: /Notities bij planning/ })).toBeVisible();
    await page.getByRole('button', { name: 'Notitie toevoegen' }).click();
    await page.getByLabel('Notitie', { exact: true }).fill('Afspraak bevestigd met de werkgever.');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Afspraak bevestigd met de werkgever.')).toBeVisible();
    await axe(page);
    const companyId = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('werkpad.session') ?? localStorage.getItem('werkpad.session') ?? '{}') as { company?: { id?: number } }).company?.id ?? 1);
    await page.goto(`/company/${companyId}/settings/wage-value`);
    await expect(page.getByRole('heading', { name: 'Instellingen loonwaarde' })).toBeVisible();
    await expect(page.getByTestId('list-statuses')).toBeVisible({ timeout: 60_000 });
    await axe(page);
    await context.close();
  });
});
