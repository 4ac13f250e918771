import { expect, type Locator, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './demo-users';

/** Login (/login): username, password, the page's messages. */
export class LoginPage {
  readonly username: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly error: Locator;
  readonly notice: Locator;

  constructor(private readonly page: Page) {
    this.username = page.getByLabel('Gebruikersnaam');
    this.password = page.getByLabel('Wachtwoord', { exact: true });
    this.submit = page.getByRole('button', { name: 'Inloggen' });
    this.error = page.locator('.login__form').getByRole('alert');
    this.notice = page.getByTestId('login-notice');
  }

  async goto(redirectUri?: string): Promise<void> {
    await this.page.goto(redirectUri ? `/login?redirect_uri=${encodeURIComponent(redirectUri)}` : '/login');
    await expect(this.page.getByRole('heading', { name: 'Inloggen' })).toBeVisible();
  }

  /** Fills the form and submits; does not wait for where it leads. */
  async signIn(username: string, password: string = DEMO_PASSWORD): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.submit.click();
  }

  async expectSessionExpired(): Promise<void> {
    await expect(this.page).toHaveURL(/\/login\?.*expired=/);
    await expect(this.page.getByText('Uw sessie is verlopen. Log alstublieft opnieuw in.')).toBeVisible();
  }
}
