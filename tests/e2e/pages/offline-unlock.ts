import { expect, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';

/**
 * A page load while offline: the replica is sealed and its key lived in the page's memory only (issue 36), so the
 * lock screen asks for the password (or PIN), checked on the device; then the page goes on where it was.
 */
export async function unlockOffline(page: Page, secret = DEMO_PASSWORD): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Scherm vergrendeld' })).toBeVisible({ timeout: 30_000 });
  const unlock = page.getByTestId('lock-offline-unlock');
  await unlock.getByLabel(/^(Wachtwoord|Pincode)$/).fill(secret);
  await unlock.getByRole('button', { name: 'Ontgrendelen' }).click();
}
