import { expect, type Locator, type Page } from '@playwright/test';

/** The signed-in shell: home greeting, impersonation banner, user menu. */
export class ShellPage {
  readonly banner: Locator;

  constructor(private readonly page: Page) {
    // The shell's banner "U bent ingelogd als …" with the way back (src/features/shell/app-shell.tsx).
    this.banner = page.getByRole('status').filter({ hasText: 'U bent ingelogd als' });
  }

  async expectStaffHome(givenName: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/$/);
    await expect(this.page.getByRole('heading', { name: `Welkom, ${givenName}` })).toBeVisible();
  }

  async expectAt(path: string): Promise<void> {
    await expect(this.page).toHaveURL(new RegExp(`${path.replace(/[/]/g, '\\/')}(\\?.*)?$`));
  }

  /** Signs out through the user menu (/user/logout). */
  async signOut(): Promise<void> {
    await this.page.getByRole('button', { name: /Gebruikersmenu van/ }).click();
    await this.page.getByRole('link', { name: 'Uitloggen' }).click();
  }

  async stopImpersonating(): Promise<void> {
    await this.banner.getByRole('link').click();
  }
}
