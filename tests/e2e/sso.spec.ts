import { expectAccessible } from './pages/axe';
import { expect, test, type Page } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { graph, signedInApi } from './pages/api';
import { startTestProvider, type TestProvider } from '../../server/test/oidc-provider';

/**
 * Single sign-on (issue 24) through a real OpenID Connect provider (oidc-provider) started by this test on a
 * loopback port: the administrator's adapter shows its button on the login page, an unknown subject is refused,
 * a signed-in user links their provider account, and then signs in through the provider with a normal session.
 * The server allows the http loopback issuer because playwright.config.ts sets WERKPAD_SSO_LOOPBACK_ISSUERS=1.
 */
test.describe.configure({ timeout: 180_000 });

const LABEL = 'Inloggen met Test-IdP';

async function expectNoAxeViolations(page: Page, what: string): Promise<void> {
  await expectAccessible(page, what);
}

/** At the provider's (development) sign-in form: any login name becomes the subject. */
async function signInAtProvider(page: Page, op: TestProvider, login: string): Promise<void> {
  await expect(page).toHaveURL(new RegExp(`^${op.issuer.replace(/[.]/g, '\\.')}/interaction/`));
  await page.locator('input[name="login"]').fill(login);
  await page.locator('input[name="password"]').fill('wachtwoord-bij-de-idp');
  await page.getByRole('button', { name: 'Sign-in' }).click();
}

test('single sign-on: the button, an unknown subject refused, linking, then signing in through the provider', async ({ page, baseURL }) => {
  const op = await startTestProvider(`${baseURL}/oauth/authorization-code`);
  const admin = await signedInApi(baseURL!, 'admin');
  const add = await graph<{ addCompanyAuthenticationAdapter: { success: boolean; reason: string | null } }>(
    admin,
    'mutation($i: CompanyAuthenticationAdapterInput!) { addCompanyAuthenticationAdapter(input: $i) { success reason } }',
    { i: { adapter: 'oidc', label: LABEL, settings: JSON.stringify({ issuer: op.issuer, clientId: op.clientId, clientSecret: op.clientSecret }) } },
  );
  expect(add.addCompanyAuthenticationAdapter).toEqual({ success: true, reason: null });
  const adapters = await graph<{ companyAuthenticationAdapters: { uuid: string; label: string }[] }>(admin, '{ companyAuthenticationAdapters { uuid label } }');
  const uuid = adapters.companyAuthenticationAdapters.find((a) => a.label === LABEL)!.uuid;
  const forgetProviderSession = () => page.context().clearCookies({ domain: '127.0.0.1' });

  try {
    // 1. The login page shows the company's button; an account the provider knows but Werkpad does not is refused.
    const login = new LoginPage(page);
    await login.goto();
    const sso = page.getByRole('region', { name: 'Of log in via' });
    await sso.getByRole('link', { name: LABEL }).click();
    await signInAtProvider(page, op, 'idp-onbekend');
    await expect(page).toHaveURL(/\/oauth\/authorization-code$/); // the code is gone from the address bar
    await expect(page.getByRole('heading', { name: 'Inloggen via single sign-on is niet gelukt' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText(/niet gekoppeld aan een gebruiker van Werkpad/);
    await expectNoAxeViolations(page, '/oauth/authorization-code (refused)');
    await page.getByRole('link', { name: 'Terug naar inloggen' }).click();
    await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();

    // 2. Signed in with the password, the coach links the provider account on /sso/:id.
    await forgetProviderSession();
    await login.signIn('coach');
    const shell = new ShellPage(page);
    await shell.expectStaffHome('Sanne');
    await page.goto(`/sso/${uuid}`);
    await expect(page.getByRole('heading', { name: 'Account koppelen' })).toBeVisible();
    await expectNoAxeViolations(page, '/sso/:id (link)');
    await page.getByRole('button', { name: `Koppelen met ${LABEL}` }).click();
    await signInAtProvider(page, op, 'idp-sanne');
    await expect(page.getByRole('status').filter({ hasText: 'Uw account is gekoppeld' })).toBeVisible();
    await expectNoAxeViolations(page, '/oauth/authorization-code (linked)');
    await page.getByRole('link', { name: 'Naar de startpagina' }).click();
    await shell.expectStaffHome('Sanne');
    await shell.signOut();
    await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();

    // 3. Signed out, the button signs the coach in through the provider: a normal session (HttpOnly cookie, survives a reload).
    await forgetProviderSession();
    await page.getByRole('region', { name: 'Of log in via' }).getByRole('link', { name: LABEL }).click();
    await signInAtProvider(page, op, 'idp-sanne');
    // This device cannot open offline for her (her password sign-in was forgotten at sign-out): it offers a device PIN.
    await expect(page.getByRole('heading', { name: 'Pincode voor offline gebruik' })).toBeVisible();
    await expectNoAxeViolations(page, '/oauth/authorization-code (device PIN)');
    await page.getByLabel('Pincode (8 tot 12 cijfers)', { exact: true }).fill('12345678');
    await page.getByLabel('Pincode herhalen', { exact: true }).fill('12345678');
    await page.getByRole('button', { name: 'Pincode instellen' }).click();
    await expect(page.getByText('Kies een pincode die niet uit één herhaald cijfer of een oplopende of aflopende reeks bestaat.')).toBeVisible();
    await page.getByLabel('Pincode (8 tot 12 cijfers)', { exact: true }).fill('48291573');
    await page.getByLabel('Pincode herhalen', { exact: true }).fill('48291573');
    await page.getByRole('button', { name: 'Pincode instellen' }).click();
    await shell.expectStaffHome('Sanne');
    const cookies = await page.context().cookies(baseURL);
    expect(cookies.find((c) => c.name === 'access_token')?.httpOnly).toBe(true);
    expect(cookies.some((c) => c.name === 'sso_flow')).toBe(false);
    await page.reload();
    await shell.expectStaffHome('Sanne');

    // 4. /document/copy/:id is a real screen: a document that is not in the user's replica is said so (axe on it).
    await page.goto('/document/copy/0190a6f0-0000-7000-8000-000000000000');
    await expect(page.getByRole('heading', { name: 'Document kopiëren' })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'Dit document bestaat niet (meer) of u heeft er geen toegang toe.' })).toBeVisible();
    await expectNoAxeViolations(page, '/document/copy/:id (unknown document)');

    // 5. Offline, after a reload, the SSO-only user opens the device with her PIN (no password asked) and sees her data.
    await page.goto('/participants');
    const rows = page.getByTestId('participants-table').locator('tbody tr');
    await expect(rows.first()).toBeVisible({ timeout: 30_000 });
    // The list paints the rows that fit on screen first, then the rest of its page, and its total after them.
    const listed = page.getByTestId('participants-count');
    await expect(listed).toHaveAttribute('data-total', /^\d+$/, { timeout: 30_000 });
    await expect(rows).toHaveCount(Math.min(100, Number(await listed.getAttribute('data-total'))));
    const count = await rows.count();
    await page.context().setOffline(true);
    // A restart of the app: the session state lives in session storage (01 §9), which a closed browser or tab
    // loses; the session cookie stays. A plain reload keeps the open session and would not ask for the device.
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    const unlock = page.getByTestId('offline-unlock');
    await expect(page.getByRole('heading', { level: 1, name: 'Offline openen' })).toBeVisible({ timeout: 30_000 });
    await expect(unlock.getByLabel('Wachtwoord', { exact: true })).toHaveCount(0);
    await expect(rows).toHaveCount(0);
    await unlock.getByLabel('Pincode', { exact: true }).fill('48291574');
    await unlock.getByRole('button', { name: 'Openen' }).click();
    await expect(unlock.getByRole('alert')).toContainText('Deze pincode klopt niet. Resterende pogingen: 9');
    await expectNoAxeViolations(page, 'offline unlock with a PIN');
    await unlock.getByLabel('Pincode', { exact: true }).fill('48291573');
    await unlock.getByRole('button', { name: 'Openen' }).click();
    await expect(page.getByTestId('offline-unconfirmed')).toBeVisible({ timeout: 30_000 });
    await expect(rows).toHaveCount(count, { timeout: 30_000 });
    await page.context().setOffline(false);
  } finally {
    await graph(admin, 'mutation($u: String!) { deleteCompanyAuthenticationAdapter(uuid: $u) { success } }', { u: uuid });
    await admin.dispose();
    await op.close();
  }
});
