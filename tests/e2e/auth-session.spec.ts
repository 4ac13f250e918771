import { expect, request, test } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';
import { DEMO_PASSWORD } from './pages/demo-users';

test('a revoked token locks the screen with "Uw sessie is verlopen"; signing in there goes on where the user was', async ({ page, context, baseURL }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('manager');
  await new ShellPage(page).expectStaffHome('Marieke');
  await page.goto('/participants');
  await expect(page).toHaveURL(/\/participants$/);

  // Revoke the session from elsewhere (its own request context, so the browser keeps its cookie).
  const token = (await context.cookies()).find((c) => c.name === 'access_token')?.value;
  expect(token).toBeTruthy();
  const outside = await request.newContext({ baseURL });
  expect((await outside.post('/api/oauth/revoke', { data: { token } })).ok()).toBe(true);
  await outside.dispose();

  await page.reload();
  // The screen locks (docs/decisions-auth-client.md, "Session end keeps unsent work"): same address, no data shown.
  await expect(page.getByRole('heading', { level: 1, name: 'Scherm vergrendeld' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Uw sessie is verlopen. Log opnieuw in om verder te werken.')).toBeVisible();
  await expect(page).toHaveURL(/\/participants$/);

  await page.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen en verdergaan' }).click();
  await expect(page).toHaveURL(/\/participants$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Scherm vergrendeld' })).toHaveCount(0);
});

test('a session refused without a screen to lock (a fresh tab) opens Login, and back after signing in', async ({ page, context, baseURL }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('manager');
  await new ShellPage(page).expectStaffHome('Marieke');
  const token = (await context.cookies()).find((c) => c.name === 'access_token')?.value;
  const outside = await request.newContext({ baseURL });
  expect((await outside.post('/api/oauth/revoke', { data: { token } })).ok()).toBe(true);
  await outside.dispose();

  const fresh = await context.newPage();
  await fresh.goto('/participants');
  // With or without "Uw sessie is verlopen": the first tab may have locked and dropped the dead cookie already.
  await expect(fresh).toHaveURL(/\/login\?.*redirect_uri=%2Fparticipants/);
  await expect(fresh.getByRole('heading', { level: 1, name: 'Inloggen' })).toBeVisible();
  await new LoginPage(fresh).signIn('manager');
  await expect(fresh).toHaveURL(/\/participants$/);
});

test('signing out ends the session on the server too', async ({ page, context, baseURL }) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  await login.goto();
  await login.signIn('expert');
  await shell.expectStaffHome('Thomas');
  const token = (await context.cookies()).find((c) => c.name === 'access_token')?.value;
  await shell.signOut();
  await expect(page).toHaveURL(/\/login/);

  const outside = await request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token ?? ''}` } });
  const answer = await outside.post('/api/v2/graph', { data: { query: '{ me { id } }' } });
  const body = (await answer.json()) as { errors?: { extensions?: { code?: string; hint?: string } }[] };
  expect(body.errors?.[0]?.extensions).toMatchObject({ code: 'access_denied', hint: 'Access token has been revoked' });
  await outside.dispose();
});

test('inactivity: a visible countdown, "Ingelogd blijven" starts over, then the screen locks and the session is locked on the server (issue 36)', async ({ page, context, baseURL }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('coach');
  await new ShellPage(page).expectStaffHome('Sanne');
  const token = (await context.cookies()).find((c) => c.name === 'access_token')?.value;
  // Shorten the timeout for this browser (the override can only shorten it; docs/decisions-auth-client.md).
  // A countdown long enough to click in on a busy machine (the dialog shows from 3 s idle).
  await page.evaluate(() => localStorage.setItem('werkpad.inactivity', JSON.stringify({ timeoutMs: 12000, countdownMs: 9000 })));
  await page.reload();

  const dialog = page.getByRole('dialog', { name: 'Het scherm wordt zo vergrendeld' });
  await expect(dialog).toBeVisible({ timeout: 8000 });
  await expect(dialog).toContainText(/Over \d seconden? wordt het scherm vergrendeld/);
  await dialog.getByRole('button', { name: 'Ingelogd blijven' }).click();
  await expect(dialog).toBeHidden();

  await expect(dialog).toBeVisible({ timeout: 8000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Scherm vergrendeld' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('U was een tijd niet actief. Het scherm is vergrendeld om de gegevens te beschermen.')).toBeVisible();

  const outside = await request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token ?? ''}` } });
  await expect
    .poll(async () => {
      const body = (await (await outside.post('/api/v2/graph', { data: { query: '{ me { id } }' } })).json()) as { errors?: { extensions?: { code?: string } }[] };
      return body.errors?.[0]?.extensions?.code;
    })
    .toBe('session_locked');
  await outside.dispose();
});
