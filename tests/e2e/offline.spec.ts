import { expect, test } from '@playwright/test';
import { ChangesPage } from './pages/changes-page';
import { serverProbes, signInAs, waitForServiceWorker } from './pages/offline-support';
import { expectAccessible } from './pages/axe';
import { DEMO_PASSWORD } from './pages/demo-users';

/** "1 testnotitie", "3 testnotities": how the changes page counts the test notes on the device. */
function notes(n: number): string {
  return n === 1 ? '1 testnotitie' : `${n} testnotities`;
}

test.describe('offline', () => {
  test('opens from the service worker with the replica; an offline write waits, reaches the server once, and a second tab sees it', async ({
    context,
    page,
  }) => {
    test.setTimeout(180_000);
    await signInAs(page, 'coach');
    const changes = new ChangesPage(page);
    await changes.goto();
    await changes.waitForFirstSync();
    await waitForServiceWorker(page);
    await changes.expectOpen();
    const participants = await changes.participantCount();
    expect(participants).toBeGreaterThan(0);
    const before = await serverProbes(context.request);

    // A second tab of the same browser, on the same page.
    const other = await context.newPage();
    const otherChanges = new ChangesPage(other);
    await otherChanges.goto();
    await expect(otherChanges.probesOnDevice).toHaveText(notes(before.length));

    // Offline, a reload opens the app from the service worker; the replica is sealed and its key lived in the
    // page's memory only (issue 36), so the lock screen asks for the password, checked on the device, and then
    // shows what the replica holds.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Scherm vergrendeld' })).toBeVisible({ timeout: 30_000 });
    const unlock = page.getByTestId('lock-offline-unlock');
    await unlock.getByLabel('Wachtwoord', { exact: true }).fill(DEMO_PASSWORD);
    await unlock.getByRole('button', { name: 'Ontgrendelen' }).click();
    await changes.expectOpen();
    await expect(changes.connection).toHaveText('Offline');
    await expect(changes.indicator).toContainText('Offline');
    expect(await changes.participantCount()).toBe(participants);

    // A write made offline appears at once as waiting, here and in the other tab.
    await changes.selfTest.click();
    await expect(changes.waiting).toHaveCount(1);
    await expect(changes.waiting).toContainText('Testnotitie opslaan');
    await expect(changes.indicator).toContainText('Offline · 1 wacht op verzenden');
    await expect(changes.probesOnDevice).toHaveText(notes(before.length + 1));
    await expect(otherChanges.waiting).toHaveCount(1);
    expect(await serverProbes(context.request)).toHaveLength(before.length);

    // Back online: it is sent, exactly once, and both tabs see the outbox empty.
    await context.setOffline(false);
    await expect(changes.allSent).toBeVisible({ timeout: 60_000 });
    await expect(otherChanges.allSent).toBeVisible();
    await expect(changes.indicator).toContainText(/Bijgewerkt om/);
    const after = await serverProbes(context.request);
    const known = new Set(before.map((p) => p.uuid));
    const added = after.filter((p) => !known.has(p.uuid));
    expect(added).toHaveLength(1);
    expect(added[0]?.body).toMatch(/^Zelftest van /);
    // Revision 1: the server applied the mutation once (a second application would have raised it).
    expect(added[0]?.revision).toBe(1);
    await expect(otherChanges.probesOnDevice).toHaveText(notes(after.length));
  });

  test('signing out with a change waiting asks first; discarding signs out and deletes the replica', async ({ context, page }) => {
    test.setTimeout(120_000);
    await signInAs(page, 'manager');
    const changes = new ChangesPage(page);
    await changes.goto();
    await changes.waitForFirstSync();
    const replicas = () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith('werkpad-')));
    // The manager's replica (the portal's queue may sit beside it); sign-out must leave none of them.
    expect((await replicas()).filter((n) => !n.startsWith('werkpad-portal-'))).toHaveLength(1);

    await context.setOffline(true);
    await changes.selfTest.click();
    await expect(changes.waiting).toHaveCount(1);

    await page.getByRole('button', { name: /Gebruikersmenu van/ }).click();
    await page.getByRole('link', { name: 'Uitloggen' }).click();
    const question = page.getByRole('region', { name: 'Uitloggen' });
    await expect(question).toContainText('1 wijziging staat nog niet op de server');

    // Offline, "send now" cannot send: it says so and stays.
    await question.getByRole('button', { name: 'Nu verzenden en uitloggen' }).click();
    await expect(question).toContainText('U bent offline');
    await question.getByRole('button', { name: 'Annuleren' }).click();
    await expect(question).toBeHidden();
    await expect(changes.waiting).toHaveCount(1);

    await page.getByRole('button', { name: /Gebruikersmenu van/ }).click();
    await page.getByRole('link', { name: 'Uitloggen' }).click();
    // The discard button in the dark theme: white on the dark theme's light error red was 2:1.
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expectAccessible(page, 'sign-out question, dark');
    await page.getByRole('region', { name: 'Uitloggen' }).getByRole('button', { name: 'Weggooien en uitloggen' }).click();
    await expect(page).toHaveURL(/\/login/);
    await expect.poll(replicas).toEqual([]);
  });
});
