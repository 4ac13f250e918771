import { expect, test } from '@playwright/test';
import { axeViolations, expectAccessible } from './pages/axe';

test.describe('foundation', () => {
  test('opens on the Dutch sign-in page, switches to English, and shows a 404 for an unknown route', async ({ page }) => {
    await page.goto('/');
    // Without a session the logged-in home redirects to Login with the path as redirect_uri.
    await expect(page).toHaveURL(/\/login/);
    await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');

    await page.getByRole('group', { name: 'Taal' }).getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');

    await page.goto('/this/route/does/not/exist');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  });

  test('the disclaimer and the privacy statement open from the sign-in page, in Dutch and English, light and dark, and pass axe', async ({ browser }) => {
    for (const colorScheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ colorScheme });
      const page = await context.newPage();
      await page.goto('/login');
      await page.getByRole('link', { name: 'Disclaimer' }).click();
      await expect(page.getByRole('heading', { name: 'Disclaimer', level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Aansprakelijkheid', level: 2 })).toBeVisible();
      await expectAccessible(page, `/cms/disclaimer nl ${colorScheme}`);
      await page.goto('/login');
      await page.getByRole('link', { name: 'Privacybeleid' }).click();
      await expect(page.getByRole('heading', { name: 'Privacybeleid', level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Gegevens op uw apparaat', level: 2 })).toBeVisible();
      await expectAccessible(page, `/cms/privacybeleid nl ${colorScheme}`);
      await page.getByRole('group', { name: 'Taal' }).getByRole('button', { name: 'English' }).click();
      await expect(page.getByRole('heading', { name: 'Data on your device', level: 2 })).toBeVisible();
      await expectAccessible(page, `/cms/privacybeleid en ${colorScheme}`);
      await context.close();
    }
  });

  test('the axe check finds what it should: an image without text and low contrast, in the page or in a part of it', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.evaluate(() => {
      const part = document.createElement('section');
      part.id = 'axe-probe';
      part.innerHTML = '<img src="/favicon.svg"><p style="color:#777;background:#888">te weinig contrast</p>';
      document.body.append(part);
    });
    const found = await axeViolations(page);
    expect(found.map((v) => v.split(' ')[0]).sort()).toEqual(['color-contrast', 'image-alt']);
    // only inside the part asked for: the same rules, nothing from elsewhere
    expect((await axeViolations(page, 'main')).map((v) => v.split(' ')[0])).toEqual([]);
    expect((await axeViolations(page, '#axe-probe')).map((v) => v.split(' ')[0]).sort()).toEqual(['color-contrast', 'image-alt']);
  });

  test('the graph endpoint answers', async ({ request }) => {
    const res = await request.post('/api/v2/graph', { data: { query: '{ __typename }' } });
    expect(res.ok()).toBe(true);
    expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
  });
});
