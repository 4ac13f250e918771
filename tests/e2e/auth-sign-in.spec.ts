import { expect, test } from '@playwright/test';
import { DEMO_HOMES } from './pages/demo-users';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';

test.describe('sign-in lands each role on its home (01 §2, §4)', () => {
  for (const { username, givenName, home } of DEMO_HOMES) {
    test(`${username} → ${home}`, async ({ page }) => {
      const login = new LoginPage(page);
      const shell = new ShellPage(page);
      await login.goto();
      await login.signIn(username);
      await shell.expectAt(home);
      if (givenName && home === '/') await shell.expectStaffHome(givenName);
      else await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  }
});

test('a logged-in route opened without a session returns there after signing in (redirect_uri)', async ({ page }) => {
  const login = new LoginPage(page);
  await page.goto('/participants?zoek=lotte');
  await expect(page).toHaveURL(/\/login\?redirect_uri=%2Fparticipants$/);
  await login.signIn('coach');
  await expect(page).toHaveURL(/\/participants$/);
});

test('a registration participant is kept in the registration area', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto('/participant-portal');
  await login.signIn('aanmelder');
  await expect(page).toHaveURL(/\/inschrijven\/home$/);
  await page.goto('/participant-portal');
  await expect(page).toHaveURL(/\/inschrijven\/home$/);
});

test('a wrong password shows the spec message and keeps the username', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('expert', 'Niet-Het-Wachtwoord-1!');
  await expect(login.error).toHaveText('We kunnen uw inlog gegevens niet valideren. Probeer het nogmaals.');
  await expect(login.username).toHaveValue('expert');
});

test('too many failed sign-ins lock the account, even for the right password', async ({ page }) => {
  // A user no other test signs in with: the lock lasts the whole run.
  const login = new LoginPage(page);
  await login.goto();
  for (let attempt = 1; attempt <= 4; attempt++) {
    await login.signIn('yasmina_elamrani', `Fout-Wachtwoord-${attempt}!`);
    await expect(login.error).toHaveText('We kunnen uw inlog gegevens niet valideren. Probeer het nogmaals.');
  }
  await login.signIn('yasmina_elamrani', 'Fout-Wachtwoord-5!');
  await expect(login.error).toContainText('Te veel mislukte inlogpogingen');
  await login.signIn('yasmina_elamrani');
  await expect(login.error).toContainText('Te veel mislukte inlogpogingen');
  await expect(page).toHaveURL(/\/login/);
});

test('an unvalidated password forces the password change before anything else', async ({ page }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('wachtwoord');
  await expect(page).toHaveURL(/\/user\/changepassword/);
  await expect(page.getByText('U moet uw wachtwoord wijzigen voordat u verder kunt.')).toBeVisible();

  // No way around it.
  await page.goto('/participants');
  await expect(page).toHaveURL(/\/user\/changepassword/);

  await page.getByLabel('Huidig wachtwoord').fill('Demo-Wachtwoord-2026!');
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('kort');
  await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await expect(page.getByText('Het wachtwoord moet minimaal 16 tekens lang zijn.')).toBeVisible();

  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('Nieuw-Wachtwoord-2026!');
  await page.getByLabel('Herhaal nieuw wachtwoord').fill('Nieuw-Wachtwoord-2026!');
  await page.getByRole('button', { name: 'Wachtwoord wijzigen' }).click();
  await new ShellPage(page).expectStaffHome('Willem');
  await page.goto('/participants');
  await expect(page).toHaveURL(/\/participants$/);
});
