import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// One fresh embedded database per run: the server seeds the demo data into it on start.
process.env.WERKPAD_E2E_DATA ??= mkdtempSync(path.join(tmpdir(), 'werkpad-e2e-'));
const port = Number(process.env.WERKPAD_E2E_PORT ?? 3100);

export const chromiumLaunch = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

export default defineConfig({
  testDir: 'tests/e2e',
  // `npm run test:a11y` adds the axe sweep of every route (tests/e2e/axe-routes.sweep.ts), outside `npm test`; `-g <role>` runs one role.
  testMatch: process.env.WERKPAD_AXE_SWEEP === '1' ? ['**/*.spec.ts', '**/*.sweep.ts'] : '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch } },
  ],
  webServer: {
    command: 'npm start',
    url: `http://localhost:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      WERKPAD_BUILD_DIR: `.tmp/e2e-dist-${port}`,
      WERKPAD_STATIC_DIR: `.tmp/e2e-dist-${port}`,
      WERKPAD_DATA_DIR: process.env.WERKPAD_E2E_DATA,
      WERKPAD_LOGIN_MAX_FAILURES: process.env.WERKPAD_LOGIN_MAX_FAILURES ?? '5',
      // npm start is production: the tests that read mailed links switch the dev mail outbox on explicitly.
      WERKPAD_DEV_OUTBOX: '1',
      // tests/e2e/sso.spec.ts starts an OpenID Connect provider on http://127.0.0.1: allow loopback http issuers.
      WERKPAD_SSO_LOOPBACK_ISSUERS: '1',
      // tests/e2e/transfer.spec.ts imports from an endpoint the test starts on the loopback address.
      WERKPAD_TRANSFER_PRIVATE_HOSTS: '127.0.0.1',
    },
  },
});
