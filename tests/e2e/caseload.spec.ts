import { expect, test } from '@playwright/test';
import { expectAccessible, signedIn } from './pages/work-plans-page';

test('caseload transfer: two of a coach\'s participants to another coach, with a confirmation; undo brings them back; offline the transfer waits and goes out once online', async ({ browser }) => {
  test.setTimeout(240_000);
  const { context, page } = await signedIn(browser, 'manager');
  await page.goto('/administration/caseload');
  await expect(page.getByRole('heading', { name: 'Caseload overdragen', level: 1 })).toBeVisible({ timeout: 30_000 });
  const rows = page.getByTestId('caseload-row');

  // Nothing chosen: the form says what is missing, at its fields.
  await page.getByRole('button', { name: 'Overdragen…' }).click();
  await expect(page.getByText('Kies wie u vervangt.')).toBeVisible();
  await expect(page.getByText('Kies de nieuwe begeleider.')).toBeVisible();
  await expect(page.getByLabel('Huidige begeleider')).toBeFocused();

  await page.getByLabel('Huidige begeleider').selectOption({ label: 'Pieter Hendriks' });
  await expect.poll(() => rows.count(), { timeout: 60_000 }).toBeGreaterThan(2);
  await expect(page.getByText('Kies wie u vervangt.')).toHaveCount(0);
  const before = await rows.count();
  // The old coach cannot take the seat again; a participant user is never offered.
  await expect(page.getByLabel('Nieuwe begeleider').locator('option', { hasText: 'Pieter Hendriks' })).toHaveCount(0);
  await expect(page.getByLabel('Nieuwe begeleider').locator('option', { hasText: 'Lotte de Vries' })).toHaveCount(0);
  await expectAccessible(page, '/administration/caseload');

  // Only two: clear the selection, pick two, then nothing chosen is refused first.
  await page.getByLabel('Alles selecteren').uncheck();
  await page.getByLabel('Nieuwe begeleider').selectOption({ label: 'Yasmina el Amrani' });
  await page.getByRole('button', { name: 'Overdragen…' }).click();
  await expect(page.getByText('Kies minstens één regel', { exact: false })).toBeVisible();
  await expect(page.getByLabel('Alles selecteren')).toBeFocused();
  const moved = [await rows.nth(0).innerText(), await rows.nth(1).innerText()].map((x) => x.split(' · ')[0]!);
  await rows.nth(0).getByRole('checkbox').check();
  await expect(page.getByText('Kies minstens één regel', { exact: false })).toHaveCount(0);
  await rows.nth(1).getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Overdragen…' }).click();
  await expect(page.getByRole('alertdialog')).toContainText(`2 deelnemers overdragen van Pieter Hendriks aan Yasmina el Amrani?`);
  await page.getByRole('button', { name: 'Ja, overdragen' }).click();
  await expect(page.getByTestId('caseload-done')).toContainText('2 regels van Pieter Hendriks aan Yasmina el Amrani overgedragen.');

  // After the push and the pull: Pieter has two fewer, Yasmina has those two.
  await page.getByLabel('Huidige begeleider').selectOption({ label: 'Pieter Hendriks' });
  await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(before - 2);
  await page.getByLabel('Huidige begeleider').selectOption({ label: 'Yasmina el Amrani' });
  for (const name of moved) await expect(rows.filter({ hasText: name })).toHaveCount(1, { timeout: 30_000 });

  // Undo: exactly those two go back.
  await page.getByRole('button', { name: 'Ongedaan maken' }).click();
  await expect(page.getByTestId('caseload-done')).toContainText('De overdracht is teruggedraaid');
  for (const name of moved) await expect(rows.filter({ hasText: name })).toHaveCount(0, { timeout: 60_000 });
  await page.getByLabel('Huidige begeleider').selectOption({ label: 'Pieter Hendriks' });
  await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(before);

  // Offline: the whole caseload of Pieter waits in the outbox, and moves once online.
  await context.setOffline(true);
  await page.getByLabel('Nieuwe begeleider').selectOption({ label: 'Yasmina el Amrani' });
  await page.getByRole('button', { name: 'Overdragen…' }).click();
  await page.getByRole('button', { name: 'Ja, overdragen' }).click();
  await expect(page.getByTestId('caseload-done')).toContainText('U bent offline');
  await page.getByLabel('Huidige begeleider').selectOption({ label: 'Pieter Hendriks' });
  await expect(rows).toHaveCount(before);
  await context.setOffline(false);
  await expect(page.getByTestId('caseload-empty')).toBeVisible({ timeout: 60_000 });
  // And back, so the demo data stays as it was.
  await page.getByRole('button', { name: 'Ongedaan maken' }).click();
  await expect.poll(() => rows.count(), { timeout: 60_000 }).toBe(before);
  await context.close();

  // A coach may not transfer caseloads.
  const coach = await signedIn(browser, 'coach');
  await coach.page.goto('/administration/caseload');
  await expect(coach.page.getByRole('alert').filter({ hasText: 'U mag caseloads niet overdragen.' })).toBeVisible({ timeout: 30_000 });
  await coach.context.close();
});
