import { expect, type Locator, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';

const PERIOD_MS = 30_000;

/** The authenticator app of the tests: codes for a secret at a moment. */
export class Authenticator {
  private readonly totp: OTPAuth.TOTP;

  constructor(secret: string) {
    this.totp = new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) });
  }

  code(at: number = Date.now()): string {
    return this.totp.generate({ timestamp: at });
  }

  /** The code of the time-step after `at`'s (the server accepts one step of drift). */
  nextCode(at: number): string {
    return this.code(at + PERIOD_MS);
  }

  /** Six digits that are none of the codes the server would accept around now. */
  wrongCode(at: number = Date.now()): string {
    const valid = new Set([-2, -1, 0, 1, 2].map((step) => this.code(at + step * PERIOD_MS)));
    for (let n = 123456; ; n = (n + 111111) % 1_000_000) {
      const candidate = String(n).padStart(6, '0');
      if (!valid.has(candidate)) return candidate;
    }
  }
}

/** /login/setup and /login/verify: the secret, the six-digit code and its error. */
export class TwoStepPage {
  readonly code: Locator;
  readonly codeError: Locator;
  readonly secret: Locator;
  readonly qrCode: Locator;

  constructor(private readonly page: Page) {
    this.code = page.getByLabel('Zescijferige code');
    this.codeError = page.locator('#mfa-code-error');
    this.secret = page.getByTestId('mfa-secret');
    this.qrCode = page.getByRole('img', { name: 'QR-code voor uw authenticator-app' });
  }

  /** The setup page asks the password again (issue 10) before it shows the QR code. */
  async expectSetup(password = 'Demo-Wachtwoord-2026!'): Promise<void> {
    await expect(this.page).toHaveURL(/\/login\/setup/);
    await expect(this.page.getByRole('heading', { name: 'Tweestapsverificatie instellen' })).toBeVisible();
    await this.page.getByLabel('Wachtwoord', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Doorgaan' }).click();
    await expect(this.qrCode).toBeVisible();
  }

  async expectVerify(): Promise<void> {
    await expect(this.page).toHaveURL(/\/login\/verify/);
    await expect(this.page.getByRole('heading', { name: 'Tweestapsverificatie' })).toBeVisible();
  }

  async readSecret(): Promise<string> {
    const text = (await this.secret.textContent()) ?? '';
    return text.replace(/\s+/g, '');
  }

  async enter(code: string): Promise<void> {
    await this.code.fill(code);
    await this.code.press('Enter');
  }
}
