import { expect, request, test } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';

test('a revoked token leads to Login with "Uw sessie is verlopen" and back after signing in', async ({ page, context, baseURL }) => {
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
  await login.expectSessionExpired();
  await expect(page).toHaveURL(/redirect_uri=%2Fparticipants/);

  await login.signIn('manager');
  await expect(page).toHaveURL(/\/participants$/);
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

test('inactivity: a visible countdown, "Ingelogd blijven" starts over, then the staff user is signed out', async ({ page, context, baseURL }) => {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn('coach');
  await new ShellPage(page).expectStaffHome('Sanne');
  const token = (await context.cookies()).find((c) => c.name === 'access_token')?.value;
  // Shorten the timeout for this browser (the override can only shorten it; docs/decisions-auth-client.md).
  await page.evaluate(() => localStorage.setItem('werkpad.inactivity', JSON.stringify({ timeoutMs: 6000, countdownMs: 4000 })));
  await page.reload();

  const dialog = page.getByRole('dialog', { name: 'U wordt zo uitgelogd' });
  await expect(dialog).toBeVisible({ timeout: 8000 });
  await expect(dialog).toContainText(/Over \d seconden? wordt u automatisch uitgelogd/);
  await dialog.getByRole('button', { name: 'Ingelogd blijven' }).click();
  await expect(dialog).toBeHidden();

  await expect(dialog).toBeVisible({ timeout: 8000 });
  await expect(page).toHaveURL(/\/login\?notice=inactivity/, { timeout: 10_000 });
  await expect(login.notice).toHaveText('U bent automatisch uitgelogd omdat u een tijd niet actief was.');

  const outside = await request.newContext({ baseURL, extraHTTPHeaders: { authorization: `Bearer ${token ?? ''}` } });
  const body = (await (await outside.post('/api/v2/graph', { data: { query: '{ me { id } }' } })).json()) as { errors?: { extensions?: { code?: string } }[] };
  expect(body.errors?.[0]?.extensions?.code).toBe('access_denied');
  await outside.dispose();
});
