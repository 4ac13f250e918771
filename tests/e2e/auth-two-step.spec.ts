import { expect, test } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { Authenticator, TwoStepPage } from './pages/two-step-page';

test('two-step: enrol at /login/setup, sign out, sign in again with a fresh code; a used code is refused', async ({ page }) => {
  const login = new LoginPage(page);
  const twoStep = new TwoStepPage(page);
  const shell = new ShellPage(page);

  await login.goto();
  await login.signIn('tweestap');
  await twoStep.expectSetup();
  const app = new Authenticator(await twoStep.readSecret());
  const enrolledAt = Date.now();
  const firstCode = app.code(enrolledAt);
  await twoStep.enter(firstCode);
  await shell.expectStaffHome('Tessa');

  await shell.signOut();
  await expect(page).toHaveURL(/\/login/);

  await login.signIn('tweestap');
  await twoStep.expectVerify();
  // The code that enrolled the app has been used: refused.
  await twoStep.enter(firstCode);
  await expect(twoStep.codeError).toHaveText('Deze code is al gebruikt. Wacht op de volgende code in uw app.');
  await expect(twoStep.code).toHaveValue(firstCode);
  await twoStep.enter(app.nextCode(enrolledAt));
  await shell.expectStaffHome('Tessa');
});

test('two-step: a wrong code shows the message; too many sign the user out', async ({ page }) => {
  const login = new LoginPage(page);
  const twoStep = new TwoStepPage(page);
  const shell = new ShellPage(page);

  await login.goto();
  await login.signIn('tweestap2');
  await twoStep.expectSetup();
  const app = new Authenticator(await twoStep.readSecret());
  await twoStep.enter(app.code());
  await shell.expectStaffHome('Timo');
  await shell.signOut();

  await login.signIn('tweestap2');
  await twoStep.expectVerify();
  // Issue 10: ten wrong codes (per account, within 15 minutes) lock two-step and end the session.
  for (let attempt = 1; attempt <= 9; attempt++) {
    await twoStep.enter(app.wrongCode());
    await expect(twoStep.codeError).toHaveText('De code is ongeldig. Probeer het opnieuw.');
  }
  await twoStep.enter('12345');
  await expect(twoStep.codeError).toHaveText('Vul de zescijferige code in.');

  await twoStep.enter(app.wrongCode());
  await expect(page).toHaveURL(/\/login\?notice=mfaAttempts/);
  await expect(login.notice).toHaveText('Te veel ongeldige codes. U bent uitgelogd; log opnieuw in.');

  // Signed out for real: the app needs a new sign-in.
  await page.goto('/');
  await expect(page).toHaveURL(/\/login/);
});
