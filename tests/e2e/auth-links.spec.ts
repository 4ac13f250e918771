import { expect, test } from '@playwright/test';
import { graph, signedInApi } from './pages/api';
import { LoginPage } from './pages/login-page';
import { mailedLinkPath } from './pages/outbox';
import { ShellPage } from './pages/shell-page';

test('self-registration: a wrong code is refused at its field; the mailed link sets a password; the participant lands in the registration area', async ({ page, request }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Aanmelden als deelnemer' }).click();
  await expect(page).toHaveURL(/\/aanmelden$/);
  await page.getByLabel('Aanmeldcode').fill('GEEN-CODE');
  await page.getByLabel('Gebruikersnaam').fill('nieuwe_deelnemer');
  await page.getByLabel('E-mailadres').fill('nieuwe.deelnemer@mail.example');
  await page.getByRole('button', { name: 'Aanmelden' }).click();
  await expect(page.locator('#register-code-error')).toHaveText('De aanmeldcode is ongeldig.');
  await expect(page.getByLabel('Gebruikersnaam')).toHaveValue('nieuwe_deelnemer');

  await page.getByLabel('Aanmeldcode').fill('WERKPAD-2026');
  await page.getByRole('button', { name: 'Aanmelden' }).click();
  await expect(page.getByText('Bevestig uw aanmelding binnen 24 uur')).toBeVisible();

  await page.goto(await mailedLinkPath(request, 'nieuwe.deelnemer@mail.example', '/registration/confirm/'));
  await page.getByLabel('Wachtwoord', { exact: true }).fill('Mijn-Eigen-Wachtwoord-1!');
  await page.getByLabel('Herhaal wachtwoord').fill('Mijn-Eigen-Wachtwoord-2!');
  await page.getByRole('button', { name: 'Aanmelding bevestigen' }).click();
  await expect(page.getByText('De wachtwoorden komen niet overeen.')).toBeVisible();
  await page.getByLabel('Herhaal wachtwoord').fill('Mijn-Eigen-Wachtwoord-1!');
  await page.getByRole('button', { name: 'Aanmelding bevestigen' }).click();
  await expect(page.getByText('Uw aanmelding is bevestigd. U kunt nu inloggen.')).toBeVisible();

  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('nieuwe_deelnemer', 'Mijn-Eigen-Wachtwoord-1!');
  await expect(page).toHaveURL(/\/inschrijven\/home$/);
});

test('forgot password: the mailed single-use link sets a new password that signs in', async ({ page, request }) => {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
  await page.getByLabel('Gebruikersnaam of e-mailadres').fill('jeroen_dekker');
  await page.getByRole('button', { name: 'Link versturen' }).click();
  await expect(page.getByText('ontvangt u binnen enkele minuten een e-mail')).toBeVisible();

  const link = await mailedLinkPath(request, 'jeroen.dekker@demo-werkbedrijf.example', '/login/reset-password/');
  await page.goto(link);
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('Vergeten-Wachtwoord-2026!');
  await page.getByLabel('Herhaal nieuw wachtwoord').fill('Vergeten-Wachtwoord-2026!');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByText('Uw wachtwoord is gewijzigd. U kunt nu inloggen.')).toBeVisible();

  // Single use: the same link is refused now.
  await page.goto(link);
  await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('Nog-Een-Wachtwoord-2026!');
  await page.getByLabel('Herhaal nieuw wachtwoord').fill('Nog-Een-Wachtwoord-2026!');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByRole('alert')).toContainText('ongeldig of verlopen');

  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('jeroen_dekker', 'Vergeten-Wachtwoord-2026!');
  await new ShellPage(page).expectStaffHome('Jeroen');
});

test('an invitation link: greets the invitee, the password policy is enforced, the new account signs in; the link then counts as used', async ({ page, baseURL }) => {
  const admin = await signedInApi(baseURL ?? '', 'admin');
  const result = await graph<{ addInvitation: { success: boolean; reason: string | null } }>(
    admin,
    'mutation($input: InvitationInput!) { addInvitation(input: $input) { success reason } }',
    { input: { username: 'uitgenodigde_coach', email: 'uitgenodigd@demo-werkbedrijf.example', givenName: 'Ilse', surname: 'Uitnodiging', roleId: '4' } },
  );
  expect(result.addInvitation).toMatchObject({ success: true });
  const link = await mailedLinkPath(admin, 'uitgenodigd@demo-werkbedrijf.example', '/login/confirm-invitation/');
  await admin.dispose();

  await page.goto(link);
  await expect(page.getByText('Welkom Ilse Uitnodiging.')).toBeVisible();
  await expect(page.getByLabel('Gebruikersnaam')).toHaveValue('uitgenodigde_coach');
  await page.getByLabel('Wachtwoord', { exact: true }).fill('GeenSpeciaalTeken2026');
  await page.getByRole('button', { name: 'Account activeren' }).click();
  await expect(page.getByText('Het wachtwoord moet minimaal 1 speciaal teken bevatten')).toBeVisible();
  await page.getByLabel('Wachtwoord', { exact: true }).fill('Uitgenodigd-Wachtwoord-1!');
  await page.getByLabel('Herhaal wachtwoord').fill('Uitgenodigd-Wachtwoord-1!');
  await page.getByRole('button', { name: 'Account activeren' }).click();
  await expect(page.getByText('Uw account is geactiveerd. U kunt nu inloggen.')).toBeVisible();

  await page.goto(link);
  await expect(page.getByText('Deze uitnodiging is al gebruikt. U kunt inloggen.')).toBeVisible();

  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('uitgenodigde_coach', 'Uitgenodigd-Wachtwoord-1!');
  await new ShellPage(page).expectStaffHome('Ilse');
});
