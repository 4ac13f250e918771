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
