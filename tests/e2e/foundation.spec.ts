import { expect, test } from '@playwright/test';

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

  test('the graph endpoint answers', async ({ request }) => {
    const res = await request.post('/api/v2/graph', { data: { query: '{ __typename }' } });
    expect(res.ok()).toBe(true);
    expect(await res.json()).toEqual({ data: { __typename: 'Query' } });
  });
});
