import { expect, test, type Page } from '@playwright/test';
import { PHONE, TABLET, expectAccessible, signedIn, waitForServiceWorker } from './pages/work-plans-page';
import { graph, signedInApi } from './pages/api';
import { pullFieldName } from '../../src/domain/sync/collections';

/**
 * Issue 23: instruments, matching for a case and KWNW. Journeys as the users do them, with axe on every route
 * in the light theme along the way and in the dark theme at the end.
 */

const noHorizontalScroll = async (page: Page, label: string) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), label).toBeLessThanOrEqual(0);

async function pulled<T>(baseURL: string, username: string, collection: Parameters<typeof pullFieldName>[0]): Promise<T[]> {
  const api = await signedInApi(baseURL, username);
  const field = pullFieldName(collection);
  const data = await graph<Record<string, { documents: (T & { _deleted?: boolean })[] }>>(api, `query($cp: PullCheckpointInput!) { ${field}(checkpoint: $cp, limit: 1000) { documents } }`, { cp: { seq: 0, scopeKey: null } });
  await api.dispose();
  return data[field]!.documents.filter((d) => !d._deleted);
}

test('tablet: a coach finds an instrument offline, links two participants (the rules first), and the links reach the server once online', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const { context, page } = await signedIn(browser, 'coach', TABLET);
  await page.goto('/instruments');
  await expect(page.getByRole('heading', { name: 'Re-integratie-instrumenten', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('instrument-row').first()).toBeVisible({ timeout: 60_000 });
  await waitForServiceWorker(page);
  await expectAccessible(page, '/instruments');
  await noHorizontalScroll(page, '/instruments tablet');

  await context.setOffline(true);
  await page.reload();
  await page.getByLabel('Zoek op naam of omschrijving').fill('heftruck');
  await page.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page.getByTestId('instrument-row')).toHaveCount(1);
  await page.getByRole('link', { name: 'Heftruckcertificaat' }).click();
  await expect(page.getByRole('heading', { name: 'Instrument bewerken: Heftruckcertificaat', level: 1 })).toBeVisible();
  const links = page.getByTestId('instrument-link');
  const before = await links.count();

  // The spec's rules, in Dutch at their fields: at least one participant; end not before start.
  await page.getByRole('button', { name: 'Deelnemers koppelen' }).click();
  await expect(page.getByText('Kies minstens één deelnemer.')).toBeVisible();
  const people = page.getByRole('group', { name: /^Deelnemers/ }).getByRole('checkbox');
  await people.nth(0).check();
  await people.nth(1).check();
  await page.getByLabel('Startdatum').fill('2031-05-01');
  await page.getByLabel('Einddatum').fill('2031-04-30');
  await page.getByRole('button', { name: 'Deelnemers koppelen' }).click();
  await expect(page.getByText('De einddatum mag niet voor de startdatum liggen.')).toBeVisible();
  await page.getByLabel('Einddatum').fill('2031-07-31');
  await page.getByRole('button', { name: 'Deelnemers koppelen' }).click();
  await expect(page.getByText('2 deelnemers gekoppeld.')).toBeVisible();
  await expect(links).toHaveCount(before + 2);
  await expect(links.filter({ hasText: 'wacht op verzenden' })).toHaveCount(2);
  await expectAccessible(page, '/instruments/:id offline');
  await noHorizontalScroll(page, '/instruments/:id tablet');
  // Nothing reached the server while offline.
  await context.setOffline(false);
  await expect(links.filter({ hasText: 'wacht op verzenden' })).toHaveCount(0, { timeout: 60_000 });
  const onServer = await pulled<{ startDate: string; endDate: string }>(baseURL!, 'coach', 'instrumentMatches');
  expect(onServer.filter((m) => String(m.startDate).startsWith('2031-05-01') && String(m.endDate).startsWith('2031-07-31'))).toHaveLength(2);

  // The links show on the participant's page too.
  await page.reload();
  await expect(links).toHaveCount(before + 2, { timeout: 30_000 });
  await context.close();
});

test('a case manager matches instruments for a case on a phone (order changes, match saved); then runs KWNW 2 on a tablet: status, plan of approach, work plan, instrument matching; a company without KWNW has none', async ({ browser, baseURL }) => {
  test.setTimeout(300_000);
  const [theCase] = await pulled<{ id: number; name: string }>(baseURL!, 'manager', 'cases');
  expect(theCase).toBeTruthy();
  const { context, page } = await signedIn(browser, 'manager', PHONE, true);
  await page.goto(`/instruments/match/case/${theCase!.id}`);
  await expect(page.getByRole('heading', { name: `Instrumenten matchen voor casus ${theCase!.name}`, level: 1 })).toBeVisible({ timeout: 60_000 });
  const results = page.getByTestId('match-result');
  await expect(results.first()).toBeVisible({ timeout: 60_000 });
  const names = async () => (await results.locator('h3').allInnerTexts()).map((s) => s.trim());
  const start = await names();
  expect(start.length).toBeGreaterThan(1);
  // Occurrences are shown with each criterion.
  await expect(page.getByText(/\(\d+ instrument(en)?\)/).first()).toBeVisible();
  // Choose criteria one by one until the ranking changes; the score is explained in words.
  const criteria = page.locator('.instruments__criteria input:not([type="radio"]), .instruments__criteria label:not(:first-of-type) input[type="radio"]');
  let changed = false;
  for (let i = 0; i < (await criteria.count()) && !changed; i++) {
    await criteria.nth(i).check();
    changed = (await names()).join('|') !== start.join('|');
  }
  expect(changed).toBe(true);
  await expect(results.first()).toContainText(/\d+ van \d+ criteria \(\d+%\)/);
  await expectAccessible(page, '/instruments/match/case/:caseId');
  await noHorizontalScroll(page, '/instruments/match/case phone');
  const top = (await names())[0]!;
  await results.first().getByRole('button', { name: `${top} koppelen` }).click();
  await results.first().getByLabel('Startdatum').fill('2032-01-01');
  await results.first().getByLabel('Einddatum').fill('2032-03-31');
  await results.first().getByRole('button', { name: 'Match opslaan' }).click();
  const saved = page.getByTestId('saved-match').filter({ hasText: top });
  await expect(saved.filter({ hasNotText: 'wacht op verzenden' })).toHaveCount(1, { timeout: 60_000 });

  // KWNW 2 on a tablet.
  await page.setViewportSize(TABLET);
  await page.goto('/kwnw');
  await expect(page.getByRole('heading', { name: 'Kortste Weg Naar Werk', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('KWNW 2')).toBeVisible();
  await expectAccessible(page, '/kwnw');
  await page.getByLabel('Andere deelnemer').selectOption({ label: 'Lotte de Vries' });
  await page.getByRole('button', { name: 'Openen' }).click();
  await expect(page.getByRole('heading', { name: 'Status: Lotte de Vries', level: 1 })).toBeVisible();
  await expect(page.getByText('Huidige status: In ontwikkeling')).toBeVisible();
  const statusUrl = page.url();
  await expectAccessible(page, '/kwnw/status/:open');
  await noHorizontalScroll(page, '/kwnw/status tablet');
  await page.getByRole('link', { name: /Plan van aanpak (maken|bewerken)/ }).click();
  await expect(page.getByRole('heading', { name: 'Plan van aanpak: Lotte de Vries', level: 1 })).toBeVisible();
  await page.getByLabel('Doel').fill('');
  await page.getByRole('button', { name: 'Plan van aanpak opslaan' }).click();
  await expect(page.getByText('Vul het doel in.')).toBeVisible();
  await page.getByLabel('Doel').fill('Binnen een jaar betaald werk in de logistiek');
  await page.getByRole('button', { name: 'Afspraak toevoegen' }).click();
  await page.getByLabel('Afspraak 1', { exact: true }).fill('Heftruckcertificaat halen');
  await page.getByRole('button', { name: 'Plan van aanpak opslaan' }).click();
  await expect(page.getByText('Opgeslagen.', { exact: false })).toBeVisible();
  await expectAccessible(page, '/kwnw/plan/:open');
  await expect.poll(async () => (await pulled<{ content: { goal: string } }>(baseURL!, 'manager', 'plansOfApproach')).some((p) => p.content.goal === 'Binnen een jaar betaald werk in de logistiek'), { timeout: 60_000 }).toBe(true);

  await page.getByRole('navigation', { name: 'Onderdelen' }).getByRole('link', { name: 'Werkplannen' }).click();
  await expect(page.getByRole('heading', { name: 'Werkplannen: Lotte de Vries', level: 1 })).toBeVisible();
  await expectAccessible(page, '/kwnw/work-plan/add');
  await page.locator('#add-blueprintId').selectOption({ index: 1 });
  await page.locator('#add-name').fill('KWNW-werkplan logistiek');
  await page.getByRole('button', { name: 'Werkplan aanmaken' }).click();
  await expect(page).toHaveURL(/\/kwnw\/work-plan\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { name: 'KWNW-werkplan logistiek', level: 1 })).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, '/kwnw/work-plan/:id');

  await page.goto(statusUrl);
  await expect(page.getByRole('link', { name: 'KWNW-werkplan logistiek' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('navigation', { name: 'Onderdelen' }).getByRole('link', { name: 'Instrumenten matchen' }).click();
  await expect(page.getByRole('heading', { name: 'Instrumenten matchen: Lotte de Vries', level: 1 })).toBeVisible();
  await expect(results.first()).toBeVisible({ timeout: 30_000 });
  await criteria.first().check();
  await expect(page.getByText(/\d+ van \d+ criteria|Geen instrument voldoet/).first()).toBeVisible();
  await expectAccessible(page, '/kwnw/instruments/match');
  await context.close();

  // A company with kwnwVersion none: no KWNW in the menu, the screen says it is off, the server refuses.
  const admin2 = await signedInApi(baseURL!, 'admin2');
  expect((await graph<{ setCompanySettings: { success: boolean } }>(admin2, 'mutation($s: JSON!) { setCompanySettings(settings: $s) { success } }', { s: { kwnwVersion: 'none' } })).setCompanySettings.success).toBe(true);
  const nav = (await (await admin2.get('/api/navigation')).json()) as { items: { uri: string }[] };
  expect(nav.items.map((i) => i.uri)).not.toContain('/kwnw');
  const refused = await graph<{ savePlanOfApproach: { success: boolean; reason: string } }>(
    admin2,
    'mutation($i: SavePlanOfApproachInput!) { savePlanOfApproach(input: $i) { success reason } }',
    { i: { clientMutationId: '0190a8f0-0000-7000-8000-0000000000a1', uuid: '0190a8f0-0000-7000-8000-0000000000a2', participantId: 1, status: 'open', content: { goal: 'x', strengths: [], obstacles: [], agreements: [] } } },
  );
  expect(refused.savePlanOfApproach).toMatchObject({ success: false, reason: 'instruments.errors.kwnwOff' });
  const other = await signedIn(browser, 'manager2', TABLET);
  await expect(other.page.getByRole('navigation').first()).toBeVisible({ timeout: 30_000 });
  await expect(other.page.getByRole('link', { name: 'Kortste Weg Naar Werk' })).toHaveCount(0);
  await other.page.goto('/kwnw');
  await expect(other.page.getByRole('heading', { name: 'Kortste Weg Naar Werk staat uit', level: 1 })).toBeVisible({ timeout: 30_000 });
  await other.context.close();
  await admin2.dispose();
});

test('dark theme: every instrument and KWNW route passes axe', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const [theCase] = await pulled<{ id: number }>(baseURL!, 'manager', 'cases');
  const [instrument] = await pulled<{ id: number }>(baseURL!, 'manager', 'instruments');
  const [participant] = await pulled<{ id: number }>(baseURL!, 'manager', 'plansOfApproach').then((p) => p.map((x) => ({ id: (x as unknown as { participantId: number }).participantId })));
  const context = await browser.newContext({ colorScheme: 'dark', viewport: TABLET });
  const page = await context.newPage();
  const { LoginPage } = await import('./pages/login-page');
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('manager');
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const p = participant?.id ?? 1;
  const routes: [string, string][] = [
    ['/instruments', 'Re-integratie-instrumenten'],
    ['/instruments/add', 'Nieuw re-integratie-instrument'],
    [`/instruments/${instrument!.id}`, 'Instrument bewerken'],
    [`/instruments/match/case/${theCase!.id}`, 'Instrumenten matchen voor casus'],
    ['/kwnw', 'Kortste Weg Naar Werk'],
    [`/kwnw/status/${p}`, 'Status:'],
    [`/kwnw/plan/${p}`, 'Plan van aanpak:'],
    [`/kwnw/work-plan/add?participant=${p}`, 'Werkplannen:'],
    [`/kwnw/instruments/match?participant=${p}`, 'Instrumenten matchen:'],
  ];
  for (const [route, heading] of routes) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 }).filter({ hasText: heading })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('Bezig met laden…')).toHaveCount(0, { timeout: 30_000 });
    await expectAccessible(page, `${route} dark`);
  }
  await page.setViewportSize(PHONE);
  for (const [route] of routes.slice(0, 6)) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    await noHorizontalScroll(page, `${route} phone`);
  }
  await context.close();
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

test('a case manager adds a document to an instrument offline; it is listed at once as not sent and reaches the server once online', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const [instrument] = await pulled<{ id: number; name: string }>(baseURL!, 'manager', 'instruments');
  expect(instrument, 'a demo instrument').toBeTruthy();
  const { context, page } = await signedIn(browser, 'manager', TABLET);

  // Documents: chosen and queued offline, listed at once as not sent, sent exactly once when back online.
  await page.goto(`/instruments/${instrument!.id}`);
  const section = page.getByTestId('instrument-files');
  await expect(section.getByRole('heading', { name: 'Documenten' })).toBeVisible({ timeout: 60_000 });
  const name = `werkwijze-${Date.now()}.pdf`;
  await context.setOffline(true);
  await section.getByLabel('Bestand kiezen').setInputFiles({ name: 'setup.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') });
  await expect(section.getByRole('alert')).toHaveText(/Dit type bestand is niet toegestaan/);
  await section.getByLabel('Bestand kiezen').setInputFiles({ name, mimeType: 'application/pdf', buffer: PDF });
  await section.getByRole('button', { name: 'Uploaden' }).click();
  await expect(section.getByText(`${name} wordt verstuurd zodra er verbinding is.`)).toBeVisible();
  const doc = section.getByTestId('instrument-file').filter({ hasText: name });
  await expect(doc.filter({ hasText: 'nog niet verstuurd' })).toHaveCount(1);
  await expectAccessible(page, 'instrument documents offline');
  await context.setOffline(false);
  await expect(doc).toHaveCount(1);
  await expect(doc.filter({ hasText: 'nog niet verstuurd' })).toHaveCount(0, { timeout: 60_000 });
  const onServer = (await pulled<{ name: string; instrumentId: number | null }>(baseURL!, 'coach', 'files')).filter((f) => f.name === name);
  expect(onServer.map((f) => f.instrumentId)).toEqual([instrument!.id]);

  await context.close();
});
