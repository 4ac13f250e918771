import { expect, test } from '@playwright/test';
import { PHONE, ReviewRoundPage, TABLET, expectAccessible, graph, serverPlans, signedIn, waitForServiceWorker } from './pages/work-plans-page';
import { todayIso } from '../../src/domain/format/format';
import { unlockOffline } from './pages/offline-unlock';

const LOTTE = 'Lotte de Vries';

test.describe('work plans', () => {
  test('tablet: the coach reviews four assignments of two participants offline, reloads, goes online; each review reaches the server once and the participant sees the scores', async ({ browser }) => {
    test.setTimeout(300_000);
    const coach = await signedIn(browser, 'coach', TABLET);
    const stamp = `Ronde ${Date.now()}`;
    const [plan] = await serverPlans(coach.context.request, 'Lotte', 5);
    expect(plan?.uuid).toBeTruthy();

    await coach.page.goto('/work-plan');
    await expect(coach.page.getByTestId('work-plan-row').first()).toBeVisible({ timeout: 60_000 });
    await expectAccessible(coach.page, '/work-plan');
    await coach.page.goto(`/work-plan/review?plan=${plan!.uuid}`);
    await waitForServiceWorker(coach.page);
    const round = new ReviewRoundPage(coach.page);
    await expect(round.participant).toHaveText(LOTTE, { timeout: 60_000 });
    await expect(round.pickers.first()).toBeVisible();
    // Large touch targets for the tablet.
    const box = await round.pickers.first().locator('label').first().boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(44);
    expect(box!.width).toBeGreaterThanOrEqual(44);
    await expectAccessible(coach.page, '/work-plan/review');

    await coach.context.setOffline(true);
    const visited: { who: string; what: string }[] = [];
    const steps = [round.nextAssignment, round.nextParticipant, round.nextAssignment, null];
    for (const [i, next] of steps.entries()) {
      visited.push({ who: (await round.participant.textContent()) ?? '', what: (await round.assignment.textContent()) ?? '' });
      await round.review(3, `${stamp} #${i + 1}`);
      if (next) await next.click();
    }
    expect(visited.map((v) => v.who)).toEqual([LOTTE, LOTTE, visited[2]!.who, visited[2]!.who]);
    expect(visited[2]!.who).not.toBe(LOTTE);
    expect(new Set(visited.map((v) => `${v.who}/${v.what}`)).size).toBe(4);

    // A draft survives a reload too: type a top without saving, reload offline. It is kept sealed in the
    // identity's drafts database (issue 36): one row, and its text nowhere in clear.
    await round.top.fill('Nog niet klaar');
    await expect
      .poll(() =>
        coach.page.evaluate(async () => {
          const name = (await indexedDB.databases()).map((d) => d.name ?? '').find((n) => n.endsWith('-drafts'));
          if (!name) return 'none';
          return new Promise<string>((resolve) => {
            const open = indexedDB.open(name);
            open.onsuccess = () => {
              const all = open.result.transaction('drafts').objectStore('drafts').getAll();
              all.onsuccess = () => {
                const rows = all.result as Record<string, unknown>[];
                const clear = rows.some((row) => JSON.stringify(row).includes('Nog niet klaar'));
                open.result.close();
                resolve(`${rows.filter((row) => row.$sealed instanceof Uint8Array).length} sealed${clear ? ', clear text' : ''}`);
              };
            };
          });
        }),
      )
      .toBe('1 sealed');
    await coach.page.reload();
    await unlockOffline(coach.page);
    await expect(coach.page.getByText('Uw concept van deze beoordeling is teruggezet.')).toBeVisible({ timeout: 30_000 });
    await expect(round.top).toHaveValue('Nog niet klaar');

    // Offline reload of Lotte's plan: her two reviews are there, waiting to be sent; nothing reached the server.
    await coach.page.goto(`/work-plan/${plan!.uuid}`);
    await unlockOffline(coach.page);
    const mine = coach.page.getByTestId('review').filter({ hasText: 'wacht op verzenden' });
    await expect(mine).toHaveCount(2, { timeout: 30_000 });

    await coach.context.setOffline(false);
    await expect
      .poll(async () => (await serverPlans(coach.context.request, '', 5)).flatMap((p) => p.assignments.flatMap((a) => a.reviews)).filter((r) => r.top?.startsWith(stamp)).length, { timeout: 60_000 })
      .toBe(4);
    // Exactly once: four distinct reviews, one per top.
    const tops = (await serverPlans(coach.context.request, '', 5)).flatMap((p) => p.assignments.flatMap((a) => a.reviews)).map((r) => r.top).filter((x) => x?.startsWith(stamp));
    expect(new Set(tops).size).toBe(4);
    await expect(mine).toHaveCount(0, { timeout: 60_000 });
    await coach.context.close();

    // The participant sees the new scores: both reviewed assignments now score 3.
    const participant = await signedIn(browser, 'participant');
    await participant.page.goto(`/participant-portal/my-work-plans/work-plan/${plan!.uuid}`);
    const reviewed = participant.page.getByTestId('assignment').filter({ has: participant.page.getByTestId('review').filter({ hasText: stamp }) });
    await expect(reviewed).toHaveCount(2, { timeout: 60_000 });
    for (let i = 0; i < 2; i++) await expect(reviewed.nth(i).getByTestId('current-score')).toHaveText('3');
    await expectAccessible(participant.page, 'participant plan');
    await participant.context.close();
  });

  test('phone: the participant self-reviews offline and requests a review; online the coach sees the request; a second request answers "already requested"', async ({ browser }) => {
    test.setTimeout(240_000);
    const participant = await signedIn(browser, 'participant', PHONE, true);
    const page = participant.page;
    const stamp = `Zelf ${Date.now()}`;
    await page.goto('/participant-portal/my-work-plans');
    const first = page.getByTestId('my-plan').first();
    await expect(first).toBeVisible({ timeout: 60_000 });
    await expectAccessible(page, '/participant-portal/my-work-plans');
    // The first running plan with an active assignment to score (the specs share the demo data: another spec may
    // have given the participant a newer plan whose assignments are all planned).
    const active = page.locator('section').filter({ has: page.getByRole('heading', { name: 'Actief' }) }).getByTestId('assignment');
    const plans = await page.getByTestId('my-plan').count();
    for (let i = 0; ; i++) {
      expect(i, 'a running plan of the participant with an active assignment').toBeLessThan(plans);
      if (i > 0) await page.goto('/participant-portal/my-work-plans');
      await page.getByTestId('my-plan').nth(i).getByRole('link').click();
      await expect(page.getByTestId('assignment').first().or(page.getByText('Dit werkplan heeft nog geen werkopdrachten.'))).toBeVisible({ timeout: 30_000 });
      if ((await active.count()) > 0) break;
    }
    const planUuid = await page.evaluate(() => location.pathname.split('/').pop() ?? '');
    await waitForServiceWorker(page);
    await expectAccessible(page, 'participant plan (phone)');

    await participant.context.setOffline(true);
    const card = active.first();
    await card.getByText('Zelfbeoordeling', { exact: true }).click();
    const pickers = card.getByTestId('score-picker');
    const n = await pickers.count();
    expect(n).toBeGreaterThan(0);
    for (let i = 0; i < n; i++) await pickers.nth(i).locator('label').filter({ hasText: i === 0 ? '0 – geen score' : '2 –' }).click();
    await card.getByLabel('Wat ging goed?').fill(stamp);
    await card.getByRole('button', { name: 'Zelfbeoordeling opslaan' }).click();
    await expect(card.getByText('Uw zelfbeoordeling is opgeslagen.')).toBeVisible();
    await expect(card.getByTestId('self-review').filter({ hasText: 'wacht op verzenden' })).toHaveCount(1);
    await card.getByRole('button', { name: 'Beoordeling vragen' }).click();
    await expect(card.getByText('U heeft om een beoordeling gevraagd.')).toBeVisible();
    await page.screenshot({ path: 'test-results/work-plans-phone-self-review.png', fullPage: true });

    await participant.context.setOffline(false);
    const planOnServer = async () => (await serverPlans(participant.context.request, '', 1)).find((p) => p.uuid === planUuid || String(p.id) === planUuid);
    await expect.poll(async () => (await planOnServer())?.assignments.some((a) => a.participantReviews.some((r) => r.top === stamp) && a.reviewRequestedAt !== null), { timeout: 60_000 }).toBe(true);

    // The coach sees the request.
    const coach = await signedIn(browser, 'coach');
    await coach.page.goto(`/work-plan/${planUuid}`);
    await expect(coach.page.getByText(/beoordeling gevraagd op/).first()).toBeVisible({ timeout: 60_000 });
    await coach.context.close();

    // A second request: already requested.
    await card.getByRole('button', { name: 'Beoordeling vragen' }).click();
    await expect(card.getByText('U heeft al om een beoordeling gevraagd')).toBeVisible();
    await participant.context.close();
  });

  test('create a plan from a blueprint, end it with a reason, reopen it, delete it (with undo)', async ({ browser }) => {
    test.setTimeout(240_000);
    const manager = await signedIn(browser, 'manager');
    const page = manager.page;
    const name = `E2E werkplan ${Date.now()}`;
    await page.goto('/work-plan/add');
    await expect(page.getByRole('heading', { name: 'Nieuw werkplan vanuit een blauwdruk' })).toBeVisible();
    await expect.poll(() => page.getByLabel('Blauwdruk', { exact: true }).locator('option').count(), { timeout: 60_000 }).toBeGreaterThan(1);
    await expectAccessible(page, '/work-plan/add');
    await page.getByRole('button', { name: 'Werkplan aanmaken' }).click();
    await expect(page.getByText('Kies een deelnemer')).toBeVisible();
    await page.getByLabel('Deelnemer', { exact: true }).selectOption({ label: LOTTE });
    await page.getByLabel('Blauwdruk', { exact: true }).selectOption({ index: 1 });
    await page.getByLabel('Naam', { exact: true }).fill(name);
    await page.getByRole('button', { name: 'Werkplan aanmaken' }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId('assignment').first()).toBeVisible({ timeout: 60_000 });
    await expectAccessible(page, 'plan page');
    const [created] = await serverPlans(manager.context.request, name);
    expect(created?.status).toBe('running');

    // The list finds it by search.
    await page.goto(`/work-plan?search=${encodeURIComponent(name)}`);
    await expect(page.getByTestId('work-plan-row')).toHaveCount(1, { timeout: 30_000 });
    await page.getByTestId('work-plan-row').getByRole('link', { name }).click();

    // End: reason and date required.
    await page.getByRole('link', { name: 'Beëindigen' }).click();
    await expect(page.getByRole('heading', { name: 'Werkplan beëindigen' })).toBeVisible();
    await expectAccessible(page, 'end page');
    await page.getByRole('button', { name: 'Werkplan beëindigen' }).click();
    await expect(page.getByText('Kies een reden van beëindiging')).toBeVisible();
    await page.getByLabel('Reden van beëindiging', { exact: true }).selectOption({ index: 1 });
    await page.getByLabel('Einddatum', { exact: true }).fill('01-01-2000'); // the date field's dd-mm-jjjj
    await page.getByRole('button', { name: 'Werkplan beëindigen' }).click();
    await expect(page.getByText('De einddatum mag niet voor de startdatum liggen')).toBeVisible();
    await page.getByLabel('Einddatum', { exact: true }).fill(todayIso().split('-').reverse().join('-'));
    await page.getByRole('button', { name: 'Werkplan beëindigen' }).click();
    await expect(page.getByTestId('plan-status')).toHaveText(/^Afgerond/, { timeout: 30_000 });
    await expect.poll(async () => (await serverPlans(manager.context.request, name))[0]?.status, { timeout: 30_000 }).toBe('finished');

    // Reopen.
    await page.getByRole('button', { name: 'Heropenen' }).click();
    await expect(page.getByTestId('plan-status')).toHaveText(/^Lopend/, { timeout: 30_000 });
    await expect.poll(async () => (await serverPlans(manager.context.request, name))[0]?.status, { timeout: 30_000 }).toBe('running');

    // Delete, undo, delete again.
    await page.getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByRole('button', { name: 'Ja, verwijderen' }).click();
    await expect(page.getByText(`Het werkplan ${name} is verwijderd.`)).toBeVisible();
    await expect.poll(async () => (await serverPlans(manager.context.request, name)).length, { timeout: 30_000 }).toBe(0);
    await page.getByRole('button', { name: 'Ongedaan maken' }).click();
    await expect(page.getByRole('heading', { name })).toBeVisible({ timeout: 60_000 });
    await expect.poll(async () => (await serverPlans(manager.context.request, name)).length, { timeout: 30_000 }).toBe(1);
    await page.getByRole('button', { name: 'Verwijderen' }).click();
    await page.getByRole('button', { name: 'Ja, verwijderen' }).click();
    await expect(page.getByText(`Het werkplan ${name} is verwijderd.`)).toBeVisible();
    await expect.poll(async () => (await serverPlans(manager.context.request, name)).length, { timeout: 30_000 }).toBe(0);
    await manager.context.close();
  });

  test('the coach\'s screens fit a 360-px phone and a 1024-px tablet: no sideways scrolling of the page, tables scroll in their own box, touch targets large enough', async ({ browser }) => {
    test.setTimeout(240_000);
    const coach = await signedIn(browser, 'coach', PHONE);
    const page = coach.page;
    await page.goto('/work-plan');
    await expect(page.getByTestId('work-plan-row').first()).toBeVisible({ timeout: 60_000 });
    const planHref = await page.getByTestId('work-plan-row').first().getByRole('link').first().getAttribute('href');
    expect(planHref).toMatch(/^\/work-plan\//);
    // Each route with what shows once its content is there (an empty page would fit trivially).
    const routes: [string, () => Promise<void>][] = [
      ['/work-plan', () => expect(page.getByTestId('work-plan-row').first()).toBeVisible({ timeout: 30_000 })],
      [planHref!, () => expect(page.getByTestId('plan-status')).toBeVisible({ timeout: 30_000 })],
      ['/work-plan/review', () => expect(page.getByTestId('round-participant')).toBeVisible({ timeout: 30_000 })],
      ['/work-order', () => expect(page.getByTestId('work-order').first()).toBeVisible({ timeout: 30_000 })],
      ['/skill-report', () => expect(page.getByTestId('skill-report-table')).toBeVisible({ timeout: 30_000 })],
    ];
    for (const viewport of [PHONE, TABLET]) {
      await page.setViewportSize(viewport);
      for (const [path, shown] of routes) {
        await page.goto(path);
        await shown();
        const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
        expect(scroll, `${path} at ${viewport.width} px: the page scrolls sideways`).toBeLessThanOrEqual(inner);
      }
    }
    // On the phone: the list's checkboxes at least 24×24 px, its primary action at least 44 px high.
    await page.setViewportSize(PHONE);
    await page.goto('/work-plan');
    const box = await page.getByTestId('work-plan-row').first().getByRole('checkbox').boundingBox();
    expect(box!.width).toBeGreaterThanOrEqual(24);
    expect(box!.height).toBeGreaterThanOrEqual(24);
    const primary = await page.getByRole('link', { name: 'Nieuw werkplan' }).boundingBox();
    expect(primary!.height).toBeGreaterThanOrEqual(44);
    await coach.context.close();
  });

  test('the other work-plan pages pass axe: filters, results with charts and tables, development profile, blueprints, work orders', async ({ browser }) => {
    test.setTimeout(240_000);
    const admin = await signedIn(browser, 'admin');
    const page = admin.page;
    await page.goto('/work-plan?filter=3');
    await expect(page.getByTestId('work-plan-row').first()).toBeVisible({ timeout: 60_000 });
    const finished = await graph<{ workPlans: { totalItems: number } }>(admin.context.request, '{ workPlans(filter: 3) { totalItems } }');
    await expect(page.getByText(finished.workPlans.totalItems === 1 ? '1 werkplan' : `${finished.workPlans.totalItems} werkplannen`)).toBeVisible();
    for (const path of ['/zoek/werkplanblauwdruk', '/werkplanblauwdrukwizard', '/work-order', '/work-order/create']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
      await expect(page.getByText('Niet beschikbaar')).toHaveCount(0);
      await expectAccessible(page, path);
    }
    // The list reads the replica live: it fills in once the first sync has brought the blueprints, without
    // a reload (reloading over and over restarts the sync and, on a loaded machine, outruns it).
    await page.goto('/zoek/werkplanblauwdruk');
    await expect(page.getByTestId('blueprint').first()).toBeVisible({ timeout: 90_000 });

    // The work-order form (react-hook-form on the write's schema): focus moves to the field in error, the
    // message goes as soon as the field is valid, and no message is left after the save.
    await page.goto('/work-order/create');
    const nameField = page.getByLabel('Naam', { exact: true });
    await expect(nameField).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByText('Vul een naam in')).toBeVisible();
    await expect(nameField).toBeFocused();
    await expect(nameField).toHaveAttribute('aria-invalid', 'true');
    const orderName = `E2E werkopdracht ${Date.now()}`;
    await nameField.fill(orderName);
    await expect(page.getByText('Vul een naam in')).toHaveCount(0);
    await expect(nameField).not.toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Opslaan' }).click();
    await expect(page.getByTestId('work-order').filter({ hasText: orderName })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator('.field-error')).toHaveCount(0);
    await admin.context.close();

    const participant = await signedIn(browser, 'participant');
    for (const path of ['/participant-portal/my-results/personal-development', '/participant-portal/development-profile']) {
      await participant.page.goto(path);
      await expect(participant.page.locator('table').first()).toBeVisible({ timeout: 60_000 });
      await expectAccessible(participant.page, path);
    }
    await participant.context.close();
  });
});
