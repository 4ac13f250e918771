import { expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { LoginPage } from './login-page';

export const PHONE = { width: 360, height: 740 };

/** A phone (360×740, touch) signed in as a demo user. */
export async function phoneSignedIn(browser: Browser, username: string, colorScheme: 'light' | 'dark' = 'light'): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, colorScheme });
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(username);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  return { context, page };
}

export { waitForServiceWorker } from './offline-support';

/** A graph query with the page's session cookie; retried once when a pre-offline connection was reset. */
export async function serverGraph<T>(api: APIRequestContext, query: string): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await api.post('/api/v2/graph', { data: { query } });
      const body = (await response.json()) as { data: T; errors?: unknown[] };
      expect(body.errors).toBeUndefined();
      return body.data;
    } catch (error) {
      if (attempt >= 2 || !String(error).includes('ECONNRESET')) throw error;
    }
  }
}

/** The portal on a phone: widgets, settings, documents, workplaces. */
export class PortalPhone {
  readonly homeWidgets: Locator;
  readonly reorder: Locator;
  readonly documents: Locator;

  constructor(readonly page: Page) {
    this.homeWidgets = page.getByTestId('widgets-home');
    this.reorder = page.getByTestId('reorder-toggle');
    this.documents = page.getByTestId('document');
  }

  async widgetOrder(): Promise<string[]> {
    return this.homeWidgets.locator(':scope > li').evaluateAll((items) => items.map((li) => li.getAttribute('data-widget') ?? ''));
  }

  async theme(): Promise<string | undefined> {
    return this.page.evaluate(() => document.documentElement.dataset.theme);
  }

  /** No element sticks out sideways on the phone. */
  async expectNoSidewaysScroll(): Promise<void> {
    const overflow = await this.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBe(0);
  }
}
