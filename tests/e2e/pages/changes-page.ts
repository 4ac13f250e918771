import { expect, type Locator, type Page } from '@playwright/test';

/** /wijzigingen: sync status, the sync self-test and the changes waiting, refused or conflicting. */
export class ChangesPage {
  readonly indicator: Locator;
  readonly connection: Locator;
  readonly participantsOnDevice: Locator;
  readonly probesOnDevice: Locator;
  readonly selfTest: Locator;
  readonly waiting: Locator;
  readonly allSent: Locator;

  constructor(private readonly page: Page) {
    this.indicator = page.locator('.sync-indicator');
    this.connection = page.getByTestId('sync-connection');
    this.participantsOnDevice = page.getByTestId('replica-participant-count');
    this.probesOnDevice = page.getByTestId('replica-probe-count');
    this.selfTest = page.getByRole('button', { name: 'Synchronisatie testen' });
    this.waiting = page.locator('.outbox-row--pending, .outbox-row--sending');
    this.allSent = page.getByText('Alle wijzigingen zijn verzonden.');
  }

  async goto(): Promise<void> {
    await this.page.goto('/wijzigingen');
    await this.expectOpen();
  }

  async expectOpen(): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Wijzigingen' })).toBeVisible();
  }

  /** The first sync finished: the status line says when the replica was brought up to date. */
  async waitForFirstSync(): Promise<void> {
    await expect(this.indicator).toContainText(/Bijgewerkt om/, { timeout: 60_000 });
  }

  /** How many participants the replica holds, as the page shows it. */
  async participantCount(): Promise<number> {
    await expect(this.participantsOnDevice).toHaveText(/\d+ deelnemers?/);
    return Number((await this.participantsOnDevice.innerText()).replace(/\D/g, ''));
  }
}
