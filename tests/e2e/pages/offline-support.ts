import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { LoginPage } from './login-page';

/** A sync self-test note as the server's pull gives it. */
export interface Probe {
  uuid: string;
  body: string;
  title: string;
  revision: number;
  userId: number;
  _deleted?: boolean;
}

/** The sync self-test notes on the server, as the signed-in user of `api` may see them (same cookies as the page). */
export async function serverProbes(api: APIRequestContext): Promise<Probe[]> {
  const response = await api.post('/api/v2/graph', {
    data: { query: 'query { pullSyncProbes(checkpoint: { seq: 0 }, limit: 1000) { documents } }' },
  });
  const body = (await response.json()) as { data?: { pullSyncProbes: { documents: Probe[] } }; errors?: unknown[] };
  expect(body.errors).toBeUndefined();
  return (body.data?.pullSyncProbes.documents ?? []).filter((d) => !d._deleted);
}

/** Signs in through the login page and waits until the app has left it. */
export async function signInAs(page: Page, username: string): Promise<void> {
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(username);
  await expect(page).not.toHaveURL(/\/login/);
}

/** The service worker controls this page (after its first install a reload hands the page to it). */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (!(await page.evaluate(() => navigator.serviceWorker.controller !== null))) {
    // A signed-in page opens its sealed replica after a reload with the device's key share (issue 36): a test that
    // goes offline next must not cut that request off (the start would then rightly ask for the password).
    const sealed = await page.evaluate(() => Object.keys(localStorage).some((k) => k.startsWith('werkpad.keyring.')));
    const share = sealed ? page.waitForResponse((r) => r.url().endsWith('/api/device/key-share'), { timeout: 30_000 }) : null;
    await page.reload();
    if (share) expect((await share).ok()).toBe(true);
  }
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}
