import { expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { LoginPage } from './login-page';

export const TABLET = { width: 1024, height: 768 };
export const PHONE = { width: 360, height: 740 };

export async function signedIn(browser: Browser, username: string, viewport?: { width: number; height: number }, mobile = false): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(viewport ? { viewport, isMobile: mobile, hasTouch: mobile || viewport === TABLET } : {});
  const page = await context.newPage();
  const login = new LoginPage(page);
  await login.goto();
  await login.signIn(username);
  await expect(page).not.toHaveURL(/\/login/, { timeout: 30_000 });
  return { context, page };
}

export { waitForServiceWorker } from './offline-support';

export { expectAccessible } from './axe';

export async function graph<T>(api: APIRequestContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      const response = await api.post('/api/v2/graph', { data: { query, variables } });
      const body = (await response.json()) as { data?: T; errors?: { message: string; extensions?: { code?: string; retryAfterSeconds?: number } }[] };
      // The test's calls share the user's row budget with the app's own sync (server/graph/row-cost.ts): a 429
      // says when to come back, as it does to the app.
      const limited = body.errors?.find((e) => e.extensions?.code === 'RATE_LIMITED');
      if (limited && attempt < 5) {
        await new Promise((resolve) => setTimeout(resolve, (limited.extensions?.retryAfterSeconds ?? 1) * 1000));
        continue;
      }
      expect(body.errors).toBeUndefined();
      return body.data as T;
    } catch (error) {
      if (attempt >= 2 || !String(error).includes('ECONNRESET')) throw error;
    }
  }
}

export interface ServerPlan {
  id: string;
  uuid: string;
  status: string;
  name: string;
  assignments: { uuid: string; reviewRequestedAt: string | null; currentScore: number | null; reviews: { top: string | null; score: number | null }[]; participantReviews: { top: string | null }[] }[];
}

/**
 * The plans of a search with their assignments and reviews, in pages of 3 plans (two requests a page), because the server's row cost (nested lists multiply) refuses both
 * review lists of many plans in one request.
 */
export async function serverPlans(api: APIRequestContext, search: string, filter = 1): Promise<ServerPlan[]> {
  const plans: ServerPlan[] = [];
  for (let page = 1; page <= 100; page++) {
    const data = await graph<{ workPlans: { records: ServerPlan[] } }>(
      api,
      'query($s: String, $f: Int, $p: Int) { workPlans(search: $s, filter: $f, perPage: 3, page: $p) { records { id uuid status name assignments { uuid reviewRequestedAt currentScore reviews { top score } } } } }',
      { s: search, f: filter, p: page },
    );
    const own = await graph<{ workPlans: { records: { uuid: string; assignments: { uuid: string; participantReviews: { top: string | null }[] }[] }[] } }>(
      api,
      'query($s: String, $f: Int, $p: Int) { workPlans(search: $s, filter: $f, perPage: 3, page: $p) { records { uuid assignments { uuid participantReviews { top } } } } }',
      { s: search, f: filter, p: page },
    );
    const participantReviews = new Map(own.workPlans.records.flatMap((plan) => plan.assignments.map((a) => [a.uuid, a.participantReviews] as const)));
    for (const plan of data.workPlans.records) {
      plans.push({ ...plan, assignments: plan.assignments.map((a) => ({ ...a, participantReviews: participantReviews.get(a.uuid) ?? [] })) });
    }
    if (data.workPlans.records.length < 3) break;
  }
  return plans;
}

/** The coach's review round. */
export class ReviewRoundPage {
  readonly participant: Locator;
  readonly assignment: Locator;
  readonly pickers: Locator;
  readonly top: Locator;
  readonly save: Locator;
  readonly saved: Locator;
  readonly nextAssignment: Locator;
  readonly nextParticipant: Locator;

  constructor(readonly page: Page) {
    this.participant = page.getByTestId('round-participant');
    this.assignment = page.getByTestId('round-assignment');
    this.pickers = page.locator('form.review-form [data-testid="score-picker"]');
    this.top = page.getByLabel('Top (wat ging goed)');
    this.save = page.getByRole('button', { name: 'Beoordeling opslaan' });
    this.saved = page.getByText('De beoordeling is opgeslagen en wordt verzonden.');
    this.nextAssignment = page.getByRole('button', { name: 'Volgende werkopdracht' });
    this.nextParticipant = page.getByRole('button', { name: 'Volgende deelnemer' });
  }

  /** Scores every behaviour and skill (`score` on the 1..3 scale), writes a top, saves. */
  async review(score: 1 | 2 | 3, top: string): Promise<void> {
    const n = await this.pickers.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) await this.pickers.nth(i).locator('label').filter({ hasText: `${score} –` }).click();
    await this.top.fill(top);
    await this.save.click();
    await expect(this.saved).toBeVisible();
  }
}
