import { expect, test, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { LoginPage } from './pages/login-page';

/**
 * The axe sweep (issue 21; `npm run test:a11y`, not part of `npm test`: about an hour on this machine): every route for the role that uses it, WCAG 2.1 AA with axe 4.14, and no
 * horizontal scroll. One browser context per role and width, signed in once; the routes are looped inside.
 * Each width is checked in both languages and both themes (Dutch light + English dark at 360 px, Dutch
 * dark + English light at 1024 px), so every language, theme and width meet each other once without four
 * passes per route. Routes with an id are found by following the first matching link of a list page.
 */

type Route = string | { from: string; link: RegExp };

const STAFF_COMMON: Route[] = ['/', '/berichten', '/berichten/sent', '/berichten/archived', '/wijzigingen', '/user/changepassword', '/user/edit-profiel'];

const ROLES: { username: string; routes: Route[] }[] = [
  {
    username: 'admin',
    routes: [
      ...STAFF_COMMON,
      '/user', '/user/add', { from: '/user', link: /^\/user\/\d+\/edit$/ },
      '/participants', '/participant/add', { from: '/participants', link: /^\/participant\/\d+$/ },
      '/invitations', '/rechten', '/administratie/log', '/administratie/proces', '/administration/caseload',
      '/company/settings/logo-and-color', '/skill-report', '/dashboards', '/instruments', '/instruments/add',
      '/transfer/manage/export-overview', '/transfer/manage/import-overview',
      '/work-order', '/kwnw',
    ],
  },
  {
    username: 'coach',
    routes: [
      ...STAFF_COMMON,
      '/work-plan', '/work-plan/add', '/work-plan/review', { from: '/work-plan', link: /^\/work-plan\/\d+$/ },
      '/participants', { from: '/participants', link: /^\/participant\/\d+$/ },
    ],
  },
  {
    username: 'expert',
    routes: [
      '/wage-value/measurement/search', '/wage-value/measurement/add', '/wage-value/measurement/planning',
      { from: '/wage-value/measurement/search', link: /^\/wage-value\/measurement\/edit\/\d+/ },
    ],
  },
  {
    username: 'participant',
    routes: [
      '/participant-portal', '/participant-portal/my-messages', '/participant-portal/my-messages/compose',
      '/participant-portal/my-documents', '/participant-portal/my-profile', '/participant-portal/my-settings',
      '/participant-portal/my-communication-preferences', '/participant-portal/my-results',
      '/participant-portal/my-work-plans', '/participant-portal/development-profile', '/participant-portal/workplaces',
      { from: '/participant-portal/my-work-plans', link: /^\/participant-portal\/my-work-plans\/work-plan\// },
      '/wijzigingen',
    ],
  },
  { username: 'participant2', routes: ['/deelnemerportal', '/berichten', '/deelnemerportal/werkplan', '/deelnemerportal/resultaten', '/deelnemerportal/document', '/deelnemerportal/vacature'] },
  { username: 'aanmelder', routes: ['/inschrijven/home'] },
];

const PUBLIC: string[] = ['/login', '/login/forgot-password', '/cms/disclaimer', '/cms/privacybeleid', '/offline', '/error/http404'];

const WIDTHS = [
  { width: 360, height: 740, passes: [{ lang: 'nl', scheme: 'light' }, { lang: 'en', scheme: 'dark' }] },
  { width: 1024, height: 768, passes: [{ lang: 'nl', scheme: 'dark' }, { lang: 'en', scheme: 'light' }] },
] as const;

async function settle(page: Page): Promise<void> {
  // A screen is there when its heading is; the loading screen has none.
  // (Not "networkidle": the sync connection keeps the network busy.)
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 20_000 });
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 }).catch(() => undefined);
}

/** Follows the first link on `from` whose path matches; null when the list has none (then nothing to check). */
async function resolve(page: Page, route: Route): Promise<string | null> {
  if (typeof route === 'string') return route;
  await page.goto(route.from);
  await settle(page);
  const hrefs = await page.locator('main a[href]').evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  return hrefs.find((h) => route.link.test(h)) ?? null;
}

async function check(page: Page, path: string, label: string, problems: string[]): Promise<void> {
  await page.goto(path);
  try {
    await settle(page);
  } catch {
    problems.push(`${label}: no heading (screen did not render)`);
    return;
  }
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const found = result.violations.map((v) => `${label}: ${v.id} ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (overflow > 0) found.push(`${label}: horizontal scroll (${overflow}px)`);
  // Written as found, so a long sweep that fails shows everything at once.
  for (const problem of found) console.log(`axe-sweep ${problem}`);
  problems.push(...found);
}

async function sweep(page: Page, routes: Route[], width: (typeof WIDTHS)[number], who: string): Promise<string[]> {
  const problems: string[] = [];
  const paths: string[] = [];
  for (const route of routes) {
    const path = await resolve(page, route);
    if (path) paths.push(path);
    else problems.push(`${who}: no link found for ${String((route as { link: RegExp }).link)}`);
  }
  for (const pass of width.passes) {
    await page.evaluate((lang) => localStorage.setItem('werkpad.language', lang), pass.lang);
    await page.emulateMedia({ colorScheme: pass.scheme });
    for (const path of paths) await check(page, path, `${who} ${width.width}px ${pass.lang} ${pass.scheme} ${path}`, problems);
  }
  await page.evaluate(() => localStorage.setItem('werkpad.language', 'nl'));
  return problems;
}

test.describe('axe on every route', () => {
  test.describe.configure({ timeout: 600_000 });

  for (const width of WIDTHS) {
    test(`public pages at ${width.width}px`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: { width: width.width, height: width.height }, isMobile: width.width < 400, hasTouch: width.width < 1100 });
      const page = await context.newPage();
      await page.goto('/login');
      expect(await sweep(page, PUBLIC, width, 'public')).toEqual([]);
      await context.close();
    });

    for (const role of ROLES) {
      test(`${role.username} at ${width.width}px`, async ({ browser }) => {
        const context = await browser.newContext({ viewport: { width: width.width, height: width.height }, isMobile: width.width < 400, hasTouch: width.width < 1100 });
        const page = await context.newPage();
        const login = new LoginPage(page);
        await login.goto();
        await login.signIn(role.username);
        await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
        expect(await sweep(page, role.routes, width, role.username)).toEqual([]);
        await context.close();
      });
    }
  }
});
