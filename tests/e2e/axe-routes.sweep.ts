import { expect, test, type Browser, type Page } from '@playwright/test';
import { LoginPage } from './pages/login-page';
import { axeViolations } from './pages/axe';

/**
 * The axe sweep (issue 21; `npm run test:a11y`, not part of `npm test`): every route for the role that uses it,
 * WCAG 2.1 AA with axe 4.14, and no horizontal scroll. One browser context per role and width, signed in once, axe
 * injected once per page load and run in the page (pages/axe.ts); the routes are looped inside; the 1024 px
 * context also checks each page for sideways scrolling at 390, 768 and 1280 px. Each width is
 * checked in both languages and both themes (Dutch light + English dark at 360 px, Dutch dark + English light at
 * 1024 px; all 8 combinations with WERKPAD_AXE_ALL=1), so every language, theme and width meet each other once.
 * Routes with an id are found by following the first matching link of a list page. One role at a time:
 * `npm run test:a11y -- -g admin` (titles "<role> at <width>px"). WERKPAD_AXE_TIMES=1 logs each route's time.
 */

/**
 * A route: a path (`$company` stands for the signed-in user's company id), or the first link on another route
 * whose path matches `link` (plus `suffix`, for pages only reached from a detail page).
 */
type Route = string | { from: Route; link: RegExp; suffix?: string };

const STAFF_COMMON: Route[] = ['/', '/berichten', '/berichten/sent', '/berichten/archived', '/wijzigingen', '/user/changepassword', '/user/edit-profiel'];
const PLAN: Route = { from: '/work-plan', link: /^\/work-plan\/\d+$/ };
const PARTICIPANT: Route = { from: '/participants', link: /^\/participant\/\d+$/ };
/** A participant on the route to work (KWNW), from the KWNW start page; their work plans open inside KWNW. */
const KWNW_STATUS: Route = { from: '/kwnw', link: /^\/kwnw\/status\/\d+$/ };

const ROLES: { username: string; routes: Route[] }[] = [
  {
    username: 'admin',
    routes: [
      ...STAFF_COMMON,
      '/user', '/user/add', { from: '/user', link: /^\/user\/\d+\/edit$/ }, { from: '/user', link: /^\/user\/\d+\/imitation-options$/ },
      '/participants', '/participant/add', '/moddeelnemer/deelnemerwizard', PARTICIPANT, { ...PARTICIPANT, suffix: '/edit' },
      '/invitations', { from: '/participants', link: /^\/invitations\/participant\/\d+$/ },
      '/rechten', '/administratie/log', '/administratie/proces', '/administration/caseload',
      '/company/settings/logo-and-color', '/company/$company/settings/srg', '/company/$company/settings/placements',
      '/company/$company/settings/wage-value', '/company/$company/settings/certificates', '/company/$company/settings/certificates/add',
      '/company/$company/authentication/sso',
      '/skill-report', '/dashboards', { from: '/dashboards', link: /^\/dashboards\/[0-9a-f-]{36}$/ },
      // a figure's related list opens by clicking a chart (no link): every participant, every work plan
      `/dashboards/lijst/participant?q=${encodeURIComponent('{"subject":"participant"}')}`, `/dashboards/lijst/work-plan?q=${encodeURIComponent('{"subject":"work-plan"}')}`,
      // the demo data's one case (no list links to it)
      '/instruments/match/case/1',
      '/instruments', '/instruments/add', { from: '/instruments', link: /^\/instruments\/\d+$/ },
      '/transfer/manage/export-overview', '/transfer/manage/import-overview',
      { from: '/transfer/manage/export-overview', link: /^\/transfer\/exporter\/\d+\/settings$/ },
      { from: '/transfer/manage/import-overview', link: /^\/transfer\/importer\/(\d+|flexible\/\d+|eva-instruments\/\d+)\/settings$/ },
      // the overviews' "new" buttons: each kind's settings form (the demo data has one flexible importer and one exporter)
      '/transfer/exporter/new/settings', '/transfer/importer/new/settings', '/transfer/importer/flexible/new/settings', '/transfer/importer/eva-instruments/new/settings',
      '/work-order', '/work-order/create', '/zoek/werkplanblauwdruk', '/werkplanblauwdrukwizard',
      '/kwnw', '/kwnw/plan', '/kwnw/status', '/kwnw/instruments/match', '/kwnw/work-plan/add',
      KWNW_STATUS, { from: '/kwnw/plan', link: /^\/kwnw\/plan\/\d+$/ }, { from: KWNW_STATUS, link: /^\/kwnw\/work-plan\/\d+$/ },
      { from: KWNW_STATUS, link: /^\/kwnw\/work-plan\/add\?participant=\d+$/ }, { from: KWNW_STATUS, link: /^\/kwnw\/instruments\/match\?participant=\d+$/ },
    ],
  },
  {
    username: 'coach',
    routes: [
      ...STAFF_COMMON,
      '/work-plan', '/work-plan/add', '/work-plan/review', PLAN, { ...PLAN, suffix: '/end' }, 
      // no screen links to the copy page and the demo data has no files: the page's "not in your replica" state
      '/document/copy/0190a6f0-0000-7000-8000-000000000000',
      '/work-order', '/skill-report', '/participants', PARTICIPANT,
    ],
  },
  {
    username: 'expert',
    routes: [
      '/wage-value/measurement/search', '/wage-value/measurement/add', '/wage-value/measurement/planning', '/wage-value/measurement/copy',
      { from: '/wage-value/measurement/search', link: /^\/wage-value\/measurement\/edit\/\d+/ },
      { from: '/wage-value/measurement/planning', link: /^\/wage-value\/measurement\/planning\/[0-9a-f-]{36}\/notes$/ },
    ],
  },
  {
    username: 'participant',
    routes: [
      '/participant-portal', '/participant-portal/my-messages', '/participant-portal/my-messages/compose',
      '/participant-portal/my-messages?tab=sent',
      { from: '/participant-portal/my-messages', link: /^\/participant-portal\/my-messages\/[0-9a-f-]{36}$/ },
      '/participant-portal/my-documents', '/participant-portal/my-profile', '/participant-portal/my-settings',
      '/participant-portal/my-communication-preferences', '/participant-portal/my-results', '/participant-portal/my-results/personal-development',
      '/participant-portal/my-results/work-plans',
      '/participant-portal/my-work-plans', '/participant-portal/my-work-plans/unstarted', '/participant-portal/my-work-plans/finished',
      '/participant-portal/development-profile', '/participant-portal/workplaces',
      { from: '/participant-portal/my-work-plans', link: /^\/participant-portal\/my-work-plans\/work-plan\// },
      '/wijzigingen', '/user/changepassword',
      // the addresses without /participant-portal render the same screens: one stands for them all
      '/my-documents',
      // a staff page (refused inside the shell) and an address that does not exist (not found inside the shell)
      '/work-plan', '/bestaat-niet',
    ],
  },
  {
    username: 'participant2',
    routes: [
      '/deelnemerportal', '/berichten', '/berichten/sent', '/deelnemerportal/werkplan', '/deelnemerportal/werkplan/index/tab/1',
      '/deelnemerportal/werkplan/index/tab/2', '/deelnemerportal/resultaten', '/deelnemerportal/document', '/deelnemerportal/vacature',
      '/berichten/archived', { from: '/berichten', link: /^\/berichten\?open=/ },
      { from: '/deelnemerportal/werkplan', link: /^\/deelnemerportal\/werkplan\?plan=\d+$/ },
      // the standard portal's older pages this version does not have (its catch-all)
      '/deelnemerportal/profiel',
    ],
  },
  { username: 'aanmelder', routes: ['/inschrijven/home'] },
];

/** Pages without a session; the token pages with a token that does not exist (their "link not valid" state). */
const PUBLIC: string[] = [
  '/login', '/login/forgot-password', '/login/setup', '/login/verify', '/aanmelden', '/cms/disclaimer', '/cms/privacybeleid', '/offline',
  '/login/reset-password/0000000000000000', '/login/confirm-invitation/0000000000000000', '/registration/confirm/0000000000000000',
  '/e-mail-herstellen/0000000000000000',
  '/error/http404', '/error/http403', '/error/expired', '/error/locked', '/error/deelnemernotfound', '/error/werkplannotfound',
  '/error/werkopdrachtnotfound', '/error/testnotfound', '/error/imitation-not-allowed', '/error/nosaimitation', '/error/userreturn',
  // single sign-on with a provider that does not exist, its return without a code, an address that does not exist,
  // and a development page (not found in production)
  '/sso/0', '/oauth/authorization-code', '/bestaat-niet', '/development/typography',
];

/**
 * Each width is checked in both languages; each language load is checked in one theme, or both with
 * WERKPAD_AXE_ALL=1 (all 8 combinations: the theme is switched in the loaded page, no reload).
 */
const ALL = process.env.WERKPAD_AXE_ALL === '1';
const WIDTHS = [
  { width: 360, height: 740, passes: [{ lang: 'nl', scheme: 'light' }, { lang: 'en', scheme: 'dark' }], layouts: [] },
  // the 1024 px context also resizes each page to the issue's other widths, for sideways scrolling only
  { width: 1024, height: 768, passes: [{ lang: 'nl', scheme: 'dark' }, { lang: 'en', scheme: 'light' }], layouts: [390, 768, 1280] },
] as const;
type Width = (typeof WIDTHS)[number];
type Scheme = 'light' | 'dark';


/** How far the page scrolls sideways, and the outermost elements that reach past it (inside a parent that does not: where it comes from). */
async function overflow(page: Page): Promise<string | null> {
  const found = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const past = (e: Element) => e.getBoundingClientRect().right > width + 0.5;
    const wide = [...document.querySelectorAll('body *')].filter((e) => past(e) && !(e.parentElement && past(e.parentElement)));
    return { by: document.documentElement.scrollWidth - width, where: wide.slice(0, 3).map((e) => `${e.tagName.toLowerCase()}${[...e.classList].map((c) => `.${c}`).join('')}`).join(', ') };
  });
  return found.by > 0 ? `horizontal scroll (${found.by}px: ${found.where || 'no element past the edge'})` : null;
}

const LOADING = /^(Bezig met laden…|Laden…|Loading…|Werkplannen laden…|Loading work plans…)$/;

async function settle(page: Page): Promise<void> {
  // A screen is there when its heading is; the loading screen has none.
  // (Not "networkidle": the sync connection keeps the network busy.)
  await page.locator('h1').first().waitFor({ state: 'visible', timeout: 20_000 });
  await expect(page.getByText(LOADING)).toHaveCount(0, { timeout: 20_000 }).catch(() => undefined);
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0, { timeout: 10_000 }).catch(() => undefined);
}

/** The links on `from` whose path matches (waiting a while for the first: the list fills from the replica after its heading shows). */
async function matchingLinks(page: Page, from: string, link: RegExp): Promise<string[]> {
  await page.goto(from);
  await settle(page);
  const links = page.locator('main a[href]');
  const all = async () => [...new Set((await links.evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''))).filter((h) => link.test(h)))];
  await expect.poll(async () => (await all()).length, { timeout: 15_000 }).toBeGreaterThan(0).catch(() => undefined);
  return all();
}

/**
 * Follows the first link on `from` whose path matches; null when the list has none (then nothing to check). When
 * `from` is itself a link, each of its matches is tried in turn (the first participant may have no work plan).
 */
async function resolve(page: Page, route: Route, company: () => Promise<string>): Promise<string | null> {
  if (typeof route === 'string') return route.includes('$company') ? route.replace('$company', await company()) : route;
  let froms: string[];
  if (typeof route.from === 'string') froms = [await resolve(page, route.from, company) ?? ''];
  else {
    const outer = await resolve(page, route.from.from, company);
    froms = outer ? (await matchingLinks(page, outer, route.from.link)).slice(0, 5).map((h) => `${h}${(route.from as { suffix?: string }).suffix ?? ''}`) : [];
  }
  for (const from of froms.filter(Boolean)) {
    const found = (await matchingLinks(page, from, route.link))[0];
    if (found) return `${found}${route.suffix ?? ''}`;
  }
  return null;
}

/** The signed-in user's company id, from where the legacy SRG address sends an administrator. */
function companyOf(page: Page): () => Promise<string> {
  let id: string | null = null;
  return async () => {
    if (id) return id;
    await page.goto('/administratie/srg');
    await page.waitForURL(/\/company\/\d+\//);
    id = /\/company\/(\d+)\//.exec(page.url())![1]!;
    return id;
  };
}

async function inScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).toHaveAttribute('data-theme', scheme);
}

/** Loads `path` in `lang` and checks it in `schemes`: axe, and no horizontal scroll (once per load). */
async function check(page: Page, path: string, lang: string, schemes: Scheme[], label: string, problems: string[]): Promise<void> {
  const started = Date.now();
  await page.emulateMedia({ colorScheme: schemes[0]! });
  await page.goto(path);
  try {
    await settle(page);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
  } catch {
    problems.push(`${label} ${lang} ${path}: the screen did not render (no heading, or not in ${lang})`);
    return;
  }
  const found: string[] = [];
  const scroll = await overflow(page);
  if (scroll) found.push(`${label} ${lang} ${path}: ${scroll}`);
  for (const scheme of schemes) {
    await inScheme(page, scheme);
    found.push(...(await axeViolations(page)).map((v) => `${label} ${lang} ${scheme} ${path}: ${v}`));
  }
  if (process.env.WERKPAD_AXE_TIMES === '1') console.log(`axe-sweep time ${label} ${lang} ${path}: ${Date.now() - started} ms`);
  // Written as found, so a long sweep that fails shows everything at once.
  for (const problem of found) console.log(`axe-sweep ${problem}`);
  problems.push(...found);
}

async function sweep(page: Page, routes: Route[], width: Width, who: string): Promise<string[]> {
  const problems: string[] = [];
  const paths: string[] = [];
  const company = companyOf(page);
  for (const route of routes) {
    const path = await resolve(page, route, company);
    if (path) paths.push(path);
    else problems.push(`${who}: no link found for ${String((route as { link: RegExp }).link)}`);
  }
  for (const pass of width.passes) {
    await page.evaluate((lang) => localStorage.setItem('werkpad.language', lang), pass.lang);
    const schemes: Scheme[] = ALL ? [pass.scheme, pass.scheme === 'light' ? 'dark' : 'light'] : [pass.scheme];
    for (const path of paths) await check(page, path, pass.lang, schemes, `${who} ${width.width}px`, problems);
  }
  await page.evaluate(() => localStorage.setItem('werkpad.language', 'nl'));
  if (width.layouts.length > 0) for (const path of paths) await layouts(page, path, width, who, problems);
  return problems;
}

/** The other widths the issue names (390, 768, 1280 px): the page loaded once, resized, no horizontal scroll at each. */
async function layouts(page: Page, path: string, width: Width, who: string, problems: string[]): Promise<void> {
  await page.goto(path);
  try {
    await settle(page);
  } catch {
    problems.push(`${who} layout ${path}: the screen did not render`);
    return;
  }
  for (const w of width.layouts) {
    await page.setViewportSize({ width: w, height: width.height });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const scroll = await overflow(page);
    if (scroll) {
      console.log(`axe-sweep ${who} ${w}px nl ${path}: ${scroll}`);
      problems.push(`${who} ${w}px nl ${path}: ${scroll}`);
    }
  }
  await page.setViewportSize({ width: width.width, height: width.height });
}

async function openContext(browser: Browser, width: Width): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: width.width, height: width.height }, isMobile: width.width < 400, hasTouch: width.width < 1100 });
  return context.newPage();
}

// Titles "<role> at <width>px": one role at a time with `-g admin`, `-g "participant at"`, `-g participant2`, `-g public`.
test.describe('axe on every route', () => {
  // admin has about 70 routes × 2 languages × 2 themes, plus three more widths at 1024 px: 40 minutes on a loaded machine
  test.describe.configure({ timeout: 2_400_000 });

  for (const width of WIDTHS) {
    test(`public at ${width.width}px`, async ({ browser }) => {
      const page = await openContext(browser, width);
      await page.goto('/login');
      expect(await sweep(page, PUBLIC, width, 'public')).toEqual([]);
      await page.context().close();
    });

    for (const role of ROLES) {
      test(`${role.username} at ${width.width}px`, async ({ browser }) => {
        const page = await openContext(browser, width);
        const login = new LoginPage(page);
        await login.goto();
        await login.signIn(role.username);
        await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
        expect(await sweep(page, role.routes, width, role.username)).toEqual([]);
        await page.context().close();
      });
    }
  }
});
