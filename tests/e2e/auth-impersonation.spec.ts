import { expect, test, type APIRequestContext } from '@playwright/test';
import { graph, signedInApi, userId } from './pages/api';
import { LoginPage } from './pages/login-page';
import { ShellPage } from './pages/shell-page';

let ids: { coach: number; manager: number; admin: number; lotteParticipant: number };

test.beforeAll(async ({ baseURL }) => {
  const api: APIRequestContext = await signedInApi(baseURL ?? '', 'admin');
  const participants = await graph<{ participants: { records: { id: string; firstname: string; lastname: string }[] } }>(
    api,
    'query { participants(search: "Vries", perPage: 0) { records { id firstname lastname } } }',
  );
  const lotte = participants.participants.records.find((p) => p.firstname === 'Lotte');
  ids = {
    coach: await userId(api, 'coach'),
    manager: await userId(api, 'manager'),
    admin: await userId(api, 'admin'),
    lotteParticipant: Number(lotte?.id),
  };
  await api.dispose();
});

test('admin signs in as the coach, sees the banner, and stops', async ({ page }) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  await login.goto();
  await login.signIn('admin');
  await shell.expectStaffHome('Femke');

  await page.goto(`/user/login-as/id/${ids.coach}`);
  await shell.expectStaffHome('Sanne');
  await expect(shell.banner).toContainText('U bent ingelogd als Sanne Visser');
  const chain = (await page.context().cookies()).find((c) => c.name === 'identity_chain');
  expect(decodeURIComponent(chain?.value ?? '')).toBe(`[${ids.coach}]`);
  expect(chain?.sameSite).toBe('Strict');

  await shell.stopImpersonating();
  await shell.expectStaffHome('Femke');
  await expect(shell.banner).toHaveCount(0);
});

test('sign-out while impersonating only leaves the impersonation', async ({ page }) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  await login.goto();
  await login.signIn('admin');
  await shell.expectStaffHome('Femke');
  await page.goto(`/default/user/login-as/id/${ids.manager}`);
  await shell.expectStaffHome('Marieke');
  await expect(shell.banner).toBeVisible();

  await shell.signOut();
  await shell.expectStaffHome('Femke');
  await expect(shell.banner).toHaveCount(0);
});

test('admin signs in as a participant by participant id and lands in the portal', async ({ page }) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  await login.goto();
  await login.signIn('admin');
  await shell.expectStaffHome('Femke');
  await page.goto(`/default/user/login-as/id/${ids.lotteParticipant}/isdeelnemer/1`);
  await shell.expectAt('/participant-portal');
  await expect(shell.banner).toContainText('U bent ingelogd als Lotte');
  await shell.stopImpersonating();
  await shell.expectStaffHome('Femke');
});

test('a forbidden impersonation shows its error page and leaves the user as they were', async ({ page }) => {
  const login = new LoginPage(page);
  const shell = new ShellPage(page);
  await login.goto();
  // The manager may act as the coach only.
  await login.signIn('manager');
  await shell.expectStaffHome('Marieke');
  await page.goto(`/user/login-as/id/${ids.admin}`);
  await expect(page).toHaveURL(/\/error\/imitation-not-allowed$/);
  await expect(page.getByRole('heading', { name: 'Inloggen als niet toegestaan' })).toBeVisible();
  await page.goto('/');
  await shell.expectStaffHome('Marieke');
  await expect(shell.banner).toHaveCount(0);
});
