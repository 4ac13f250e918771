import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expectAccessible } from './pages/axe';
import { expect, test, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { graph, signedInApi } from './pages/api';
import { mailedLinkPath } from './pages/outbox';
import { waitForServiceWorker } from './pages/offline-support';
import { DEMO_PASSWORD } from './pages/demo-users';

/** Staff administration (issue 13): each screen driven as an administrator would. */
// each test drives several screens in a row (and a second context, offline and back): more than the default minute
test.describe.configure({ timeout: 180_000 });

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'admin-fixtures');

/**
 * The first screen after signing in waits for the administrator's first sync, which takes longer than
 * expect's 10 s when the other half of the browser tests shares the machine (playwright.config.ts).
 */
const FIRST_SYNC = 60_000;

async function signInAsAdmin(page: Page): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('admin');
  await new ShellPage(page).expectStaffHome('Femke');
}

async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  await expectAccessible(page, what);
}

test('users: create a user, invite another, who confirms in a second context and is blocked: their open session ends', async ({ page, browser, baseURL }) => {
  page.on('dialog', (dialog) => void dialog.accept());
  await signInAsAdmin(page);

  await page.goto('/user/add');
  await expect(page.getByRole('heading', { name: 'Gebruiker toevoegen' })).toBeVisible({ timeout: FIRST_SYNC });
  await expectNoAxeViolations(page, '/user/add');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Veld gebruikersnaam is niet ingevuld')).toBeVisible();
  await page.getByLabel('Gebruikersnaam', { exact: true }).fill('nieuwe_jobcoach');
  await page.getByLabel('Voornaam').fill('Noor');
  await page.getByLabel('Achternaam').fill('Nieuwkomer');
  await page.getByLabel('E-mailadres').fill('noor@demo-werkbedrijf.example');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(/\/user$/);
  await page.getByLabel('Zoek op naam, gebruikersnaam of e-mailadres').fill('nieuwkomer');
  await expect(page.getByTestId('users-table').getByRole('rowheader', { name: 'Noor Nieuwkomer' })).toBeVisible();
  await expectNoAxeViolations(page, '/user');

  // invite: the username rule is the accept form's (letters, digits, underscore, or an e-mail address)
  await page.goto('/invitations');
  await page.getByLabel('Gebruikersnaam').fill('fout naam!');
  await page.getByLabel('E-mailadres').fill('gast@demo-werkbedrijf.example');
  await page.getByRole('button', { name: 'Uitnodiging versturen' }).click();
  await expect(page.getByText(/mag alleen letters, cijfers en een liggend streepje/)).toBeVisible();
  await page.getByLabel('Gebruikersnaam').fill('gast_coach13');
  await page.getByLabel('Voornaam').fill('Gijs');
  await page.getByLabel('Achternaam').fill('Gast');
  await page.getByRole('button', { name: 'Uitnodiging versturen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'De uitnodiging is verstuurd naar gast@demo-werkbedrijf.example' })).toBeVisible();
  await expect(page.getByTestId('invitations-table').getByRole('rowheader', { name: 'gast_coach13' })).toBeVisible();
  await expectNoAxeViolations(page, '/invitations');

  // the invitee confirms in a context of their own and signs in
  const api = await signedInApi(baseURL ?? '', 'admin');
  const link = await mailedLinkPath(api, 'gast@demo-werkbedrijf.example', '/login/confirm-invitation/');
  await api.dispose();
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(link);
  await guest.getByLabel('Wachtwoord', { exact: true }).fill('Gast-Wachtwoord-2026!');
  await guest.getByLabel('Herhaal wachtwoord').fill('Gast-Wachtwoord-2026!');
  await guest.getByRole('button', { name: 'Account activeren' }).click();
  await expect(guest.getByText('Uw account is geactiveerd. U kunt nu inloggen.')).toBeVisible();
  const guestLogin = new LoginPage(guest);
  await guestLogin.goto();
  await guestLogin.signIn('gast_coach13', 'Gast-Wachtwoord-2026!');
  await new ShellPage(guest).expectStaffHome('Gijs');

  // the administrator blocks them: their open session ends at once
  await page.goto('/user');
  await page.getByLabel('Zoek op naam, gebruikersnaam of e-mailadres').fill('gast_coach13');
  await page.getByRole('button', { name: 'Blokkeren: Gijs Gast' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Gijs Gast is geblokkeerd.' })).toBeVisible();
  await guest.reload();
  // The session ended without them signing out: the screen locks (their work on the device is kept),
  // and signing in again there is refused.
  await expect(guest.getByRole('heading', { name: 'Scherm vergrendeld' })).toBeVisible();
  await expect(guest.getByRole('navigation')).toHaveCount(0);
  await guest.getByLabel('Wachtwoord', { exact: true }).fill('Gast-Wachtwoord-2026!');
  await guest.getByRole('button', { name: 'Inloggen en verdergaan' }).click();
  await expect(guest.getByRole('alert')).toBeVisible();
  await expect(guest.getByRole('heading', { name: 'Scherm vergrendeld' })).toBeVisible();
  await guestContext.close();
});

test('participants: a BSN failing the eleven test is refused, a passing one accepted and masked; hide with undo, unhide; hiding offline', async ({ page, context, baseURL }) => {
  page.on('dialog', (dialog) => void dialog.accept());
  await signInAsAdmin(page);
  await page.goto('/participant/add');
  await expect(page.getByRole('heading', { name: 'Deelnemer toevoegen' })).toBeVisible({ timeout: FIRST_SYNC });
  await expectNoAxeViolations(page, '/participant/add');
  await page.getByLabel('Voornaam').fill('Elf');
  await page.getByLabel('Achternaam').fill('Proefmans');
  await page.getByLabel('BSN').fill('123456789');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByText('Veld BSN is geen geldig burgerservicenummer')).toBeVisible();
  await expect(page).toHaveURL(/\/participant\/add$/);
  await page.getByLabel('BSN').fill('123456782');
  await page.getByLabel('Postcode').fill('1234 ab');
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page).toHaveURL(/\/participant\/\d+$/);
  await expect(page.getByRole('heading', { name: 'Proefmans, Elf' })).toBeVisible();
  await expect(page.getByTestId('participant-bsn')).toHaveText('******782');
  await expectNoAxeViolations(page, 'participant page');
  await page.getByRole('button', { name: 'BSN tonen' }).click();
  await expect(page.getByTestId('participant-bsn')).toHaveText('123456782');
  await page.getByRole('tab', { name: 'Werkplannen' }).click();
  await expect(page.getByRole('link', { name: 'Naar Werkplannen' })).toBeVisible();
  // a new participant's development profile tab says it is empty
  await page.getByRole('tab', { name: 'Ontwikkelprofiel' }).click();
  await expect(page.getByRole('tabpanel').getByText('Het ontwikkelprofiel is nog leeg.')).toBeVisible();

  // On a short screen the list paints the rows that fit first (10 here), then the rest of its page,
  // and counts the total after the rows: in the end every participant is listed and counted.
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 1280, height: 360 });
  // From another screen through the menu (a route change: the route's loader reads the first rows ahead).
  const menu = page.getByRole('navigation', { name: 'Hoofdmenu' });
  const listLink = menu.getByRole('link', { name: 'Deelnemers zoeken', exact: true });
  if (!(await listLink.isVisible())) await menu.getByRole('button', { name: 'Deelnemers', exact: true }).click();
  await listLink.click();
  await expect(page).toHaveURL(/\/participants$/);
  const count = page.getByTestId('participants-count');
  await expect(count).toHaveAttribute('data-total', /^\d+$/);
  const total = Number(await count.getAttribute('data-total'));
  expect(total).toBeGreaterThan(10);
  await expect(page.getByTestId('participants-table').locator('tbody tr')).toHaveCount(Math.min(100, total));
  await expect(count).toHaveText(new RegExp(`^${total} deelnemers`));
  if (viewport) await page.setViewportSize(viewport);
  await page.getByLabel('Zoeken op achternaam').fill('proefmans');
  const row = page.getByTestId('participants-table').getByRole('row', { name: /Proefmans, Elf/ });
  await expect(row).toContainText('******782');
  await expectNoAxeViolations(page, '/participants');
  await row.getByRole('button', { name: 'Verbergen: Proefmans, Elf' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Proefmans, Elf is verborgen.' })).toBeVisible();
  await expect(page.getByTestId('participants-table')).toHaveCount(0);
  await page.getByRole('button', { name: 'Ongedaan maken' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Proefmans, Elf is weer zichtbaar.' })).toBeVisible();
  await expect(row).toBeVisible();

  await row.getByRole('button', { name: 'Verbergen: Proefmans, Elf' }).click();
  await expect(page.getByTestId('participants-table')).toHaveCount(0);
  await page.getByLabel('Zichtbaarheid').selectOption('hidden');
  await page.getByRole('button', { name: 'Zichtbaar maken: Proefmans, Elf' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is weer zichtbaar' })).toBeVisible();
  await page.getByLabel('Zichtbaarheid').selectOption('active');
  await expect(row).toBeVisible();

  // a declared write: hiding works offline and reaches the server once the connection is back
  const api = await signedInApi(baseURL ?? '', 'admin');
  const hiddenOnServer = async () => {
    const data = await graph<{ participants: { records: { hidden: boolean }[] } }>(api, '{ participants(search: "Proefmans", includeHidden: true) { records { hidden } } }');
    return data.participants.records[0]?.hidden;
  };
  await expect.poll(hiddenOnServer, { timeout: 30_000 }).toBe(false);
  await expect(row).toBeVisible();
  await context.setOffline(true);
  await row.getByRole('button', { name: 'Verbergen: Proefmans, Elf' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Proefmans, Elf is verborgen.' })).toBeVisible();
  await expect(page.getByTestId('participants-table')).toHaveCount(0);
  expect(await hiddenOnServer()).toBe(false);
  await context.setOffline(false);
  await expect.poll(hiddenOnServer, { timeout: 30_000 }).toBe(true);
  await api.dispose();
});

/** Per profile table: its caption, then "name: start/current" per row (the columns staff and participant both read). */
async function profileScores(scope: Locator): Promise<string[]> {
  return scope.locator('table').evaluateAll((tables) => tables.flatMap((table) => [
    // the caption's own text, without the staff's remove button
    [...(table.querySelector('caption')?.childNodes ?? [])].filter((n) => n.nodeType === Node.TEXT_NODE).map((n) => n.textContent).join('').trim(),
    ...[...table.querySelectorAll('tbody tr')].map((tr) => {
      const cells = [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? '');
      return `${tr.querySelector('th')?.textContent?.trim() ?? ''}: ${cells[0] ?? ''}/${cells[1] ?? ''}`;
    }),
  ]));
}

test('participant page: the development profile tab shows what the participant sees, from the replica, offline too', async ({ page, context, browser }) => {
  // the participant's own view of their profile
  const own = await browser.newContext();
  const ownPage = await own.newPage();
  const ownLogin = new LoginPage(ownPage);
  await ownLogin.goto();
  await ownLogin.signIn('participant');
  // signed in (the portal opened) before going to the profile
  await expect(ownPage).not.toHaveURL(/\/login/, { timeout: 30_000 });
  await ownPage.goto('/participant-portal/development-profile');
  await expect(ownPage.locator('table').first()).toBeVisible({ timeout: 60_000 });
  const ownProfile = ownPage.locator('section[aria-labelledby="pdp-title"]');
  // the names come with the company's reference data, which may still be syncing when the scores show
  await expect.poll(async () => (await profileScores(ownProfile)).filter((line) => line.startsWith(':') || line.endsWith(':')), { timeout: 60_000 }).toEqual([]);
  const seen = await profileScores(ownProfile);
  await own.close();
  expect(seen.filter((line) => /: \d\/\d$/.test(line)).length).toBeGreaterThan(0);

  await signInAsAdmin(page);
  await page.goto('/participants');
  await page.getByLabel('Zoeken op achternaam').fill('vries');
  await page.getByTestId('participants-table').getByRole('link', { name: 'Vries, Lotte de', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Vries, Lotte de' })).toBeVisible();
  const participantUrl = page.url();
  await page.getByRole('tab', { name: 'Ontwikkelprofiel' }).click();
  const panel = page.getByRole('tabpanel');
  const profile = panel.locator('section[aria-labelledby="pdp-title"]');
  await expect(panel.getByRole('heading', { level: 2, name: 'Ontwikkelprofiel' })).toBeVisible();
  await expect(panel.locator('table').first()).toBeVisible({ timeout: 30_000 });
  expect(await profileScores(profile)).toEqual(seen);
  await expect(page).toHaveTitle(/Ontwikkelprofiel: Vries, Lotte de/);
  await expectNoAxeViolations(page, 'participant page, development profile tab');

  // offline after a reload: the same profile from the replica (once the service worker holds the app); the
  // replica is sealed and its key lived in the page's memory only (issue 36), so the lock screen asks for the
  // password, checked on the device
  await waitForServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Scherm vergrendeld' })).toBeVisible({ timeout: 30_000 });
  const unlock = page.getByTestId('lock-offline-unlock');
  await unlock.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
  await unlock.getByRole('button', { name: 'Ontgrendelen' }).click();
  await expect(page).toHaveURL(participantUrl);
  await page.getByRole('tab', { name: 'Ontwikkelprofiel' }).click();
  await expect(panel.locator('table').first()).toBeVisible({ timeout: 30_000 });
  expect(await profileScores(profile)).toEqual(seen);
  await context.setOffline(false);
});

test('participants export as XLSX with a progress bar: Dutch headers and the rows read back with exceljs', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/participants');
  await expect(page.getByTestId('participants-table')).toBeVisible({ timeout: FIRST_SYNC });
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exporteren als Excel (xlsx)' }).click();
  const file = await (await download).path();
  await expect(page.getByRole('status').filter({ hasText: /De export is gedownload \(\d+ rijen\)/ })).toBeVisible();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.getWorksheet('Deelnemers');
  expect(sheet?.getRow(1).values).toEqual(expect.arrayContaining(['Achternaam', 'Voornaam', 'BSN', 'Status', 'Coach']));
  const total = Number(/\((\d+) rijen\)/.exec((await page.getByRole('status').filter({ hasText: 'De export is gedownload' }).textContent()) ?? '')?.[1]);
  expect(total).toBeGreaterThan(0);
  expect((sheet?.rowCount ?? 0) - 1).toBe(total);
});

test('logo and colours: 150 KB refused, 50 KB stored; colours change live and stay after a reload; AA warning', async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto('/company/settings/logo-and-color');
  await expect(page.getByRole('heading', { name: 'Logo en kleuren', level: 1 })).toBeVisible({ timeout: FIRST_SYNC });
  await expectNoAxeViolations(page, 'logo-and-color');
  await page.getByLabel('Logo uploaden').setInputFiles(path.join(fixtures, 'logo-150kb.png'));
  await expect(page.getByRole('alert')).toHaveText('Het logo is te groot: maximaal 100 KB.');
  await page.getByLabel('Logo uploaden').setInputFiles(path.join(fixtures, 'logo-50kb.png'));
  await expect(page.getByRole('status').filter({ hasText: 'Het logo is opgeslagen.' })).toBeVisible();
  await expect(page.getByTestId('logo-preview')).toBeVisible();
  expect(await page.getByTestId('logo-preview').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);

  const primary = () => page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
  expect(await primary()).toBe('#3383a9');
  await page.getByLabel('Hoofdkleur').fill('#7a1f5c');
  await expect.poll(primary).toBe('#7a1f5c');
  const menuTextWarning = page.getByTestId('contrast-warning').filter({ hasText: 'de menutekst op de menuachtergrond' });
  await expect(menuTextWarning).toHaveCount(0);
  await page.getByLabel('Tekst en iconen menu').fill('#eeeeee');
  await expect(menuTextWarning).toContainText('WCAG AA vraagt minimaal 4,5:1');
  await page.getByLabel('Tekst en iconen menu').fill('#242424');
  await expect(menuTextWarning).toHaveCount(0);
  await page.locator('section').filter({ hasText: 'Kleuren' }).getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'De kleuren zijn opgeslagen.' })).toBeVisible();
  const css = await page.request.get('/api/instantie/style.css');
  expect(await css.text()).toContain('--color-primary: #7a1f5c;');
  await page.reload();
  await expect.poll(primary).toBe('#7a1f5c');
  const logo = await page.request.get('/api/instantie/logo');
  expect(logo.headers()['content-type']).toBe('image/png');
});

test('certificates: add a PEM and see its parsed validity; the other settings screens pass axe', async ({ page, baseURL }) => {
  page.on('dialog', (dialog) => void dialog.accept());
  await signInAsAdmin(page);
  const api = await signedInApi(baseURL ?? '', 'admin');
  const me = await graph<{ me: { company: { id: string } } }>(api, '{ me { company { id } } }');
  await api.dispose();
  const company = me.me.company.id;

  await page.goto(`/company/${company}/settings/certificates/add`);
  await expectNoAxeViolations(page, 'certificate add');
  await page.getByLabel('Naam').fill('SSO-certificaat');
  await page.getByLabel('Certificaat (PEM)').fill('geen certificaat');
  await page.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(page.getByText('Dit is geen geldig X.509-certificaat in PEM-formaat.')).toBeVisible();
  await page.getByLabel('Certificaat (PEM)').fill(readFileSync(path.join(fixtures, 'test-certificate.pem'), 'utf8'));
  await page.getByRole('button', { name: 'Toevoegen' }).click();
  await expect(page).toHaveURL(new RegExp(`/company/${company}/settings/certificates$`));
  const row = page.getByTestId('certificates-table').getByRole('row', { name: /SSO-certificaat/ });
  await expect(row).toContainText('CN=sso.werkpad.test');
  await expect(row).toContainText('1234');
  await expect(row).toContainText('Geldig');
  const year = new Date().getFullYear();
  await expect(row).toContainText(String(year + 10));
  await expectNoAxeViolations(page, 'certificates');

  for (const [url, heading] of [
    [`/company/${company}/settings/placements`, 'Plaatsingen'],
    [`/company/${company}/settings/srg`, 'SRG-redenen van beëindiging'],
    [`/company/${company}/authentication/sso`, 'Inloggen via single sign-on'],
    ['/rechten', 'Rechten en rollen'],
    ['/administratie/proces', 'Procesbord'],
    ['/user/edit-profiel', 'Mijn profiel'],
  ] as const) {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, url);
  }

  // placements: a process label that occupies a place, saved and read back from the replica
  await page.goto(`/company/${company}/settings/placements`);
  const labels = page.getByRole('group', { name: 'Processtappen' });
  await labels.getByRole('button', { name: 'Regel toevoegen' }).click();
  await labels.getByLabel('Omschrijving').last().fill('Detachering');
  await labels.getByLabel('Bezet een plaats').last().check();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Opgeslagen.' })).toBeVisible();
  await page.reload();
  await expect(labels.getByLabel('Omschrijving').last()).toHaveValue('Detachering');
});
