import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices, type PlaywrightTestConfig } from '@playwright/test';

type WebServer = Extract<NonNullable<PlaywrightTestConfig['webServer']>, unknown[]>[number];

/**
 * The browser tests run one at a time against `npm start` on a fresh embedded database seeded with the demo
 * data. `WERKPAD_E2E_SERVERS=2` (for machines with more than two cores) runs them in two halves at once, each
 * half one test at a time against its own server and its own fresh demo database, so a test shares its server
 * only with the tests of its own half. Measured on a 2-core machine: one worker used a third of the machine,
 * but two halves at once saturated it (load average 13-15) and took 43.8 instead of 40.1 minutes, with screens
 * waiting longer for their first sync: not worth the risk there, so one server stays the default.
 *
 * The halves are split by the files' measured run times; a new spec file goes to the first half unless listed
 * in `SECOND_HALF`.
 */
const SECOND_HALF = [
  'admin.spec.ts',
  'auth-impersonation.spec.ts',
  'auth-links.spec.ts',
  'auth-session.spec.ts',
  'auth-two-step.spec.ts',
  'field-journeys.spec.ts',
  'foundation.spec.ts',
  'offline-restart.spec.ts',
  'offline-writes.spec.ts',
  'offline.spec.ts',
  'session-keeps-work.spec.ts',
  'sso.spec.ts',
  'transfer.spec.ts',
  'work-plans.spec.ts',
].map((file) => `**/${file}`);

const servers = process.env.WERKPAD_E2E_SERVERS === '2' ? 2 : 1;
const basePort = Number(process.env.WERKPAD_E2E_PORT ?? 3100);
const ports = Array.from({ length: servers }, (_, i) => basePort + i);
// One fresh embedded database per server and run: the server seeds the demo data into it on start.
const dataDirs = ports.map((_, i) => (i === 0 && process.env.WERKPAD_E2E_DATA) || mkdtempSync(path.join(tmpdir(), 'werkpad-e2e-')));
process.env.WERKPAD_E2E_DATA ??= dataDirs[0];
const buildDir = `.tmp/e2e-dist-${basePort}`;
// The tests put axe-core into this build (tests/e2e/pages/axe.ts), so the browser loads it as a cached script.
process.env.WERKPAD_E2E_BUILD_DIR ??= path.resolve(buildDir);

export const chromiumLaunch = {
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
};

/** The first server is `npm start` itself (build, then the production server); the second serves that build. */
function webServer(index: number): WebServer {
  const port = ports[index]!;
  return {
    command: index === 0 ? 'npm start' : 'node --import tsx server/main.ts',
    url: `http://localhost:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(port),
      WERKPAD_BUILD_DIR: buildDir,
      WERKPAD_STATIC_DIR: buildDir,
      WERKPAD_DATA_DIR: dataDirs[index]!,
      WERKPAD_LOGIN_MAX_FAILURES: process.env.WERKPAD_LOGIN_MAX_FAILURES ?? '5',
      // npm start is production: the tests that read mailed links switch the dev mail outbox on explicitly.
      WERKPAD_DEV_OUTBOX: '1',
      // tests/e2e/sso.spec.ts starts an OpenID Connect provider on http://127.0.0.1: allow loopback http issuers.
      WERKPAD_SSO_LOOPBACK_ISSUERS: '1',
      // tests/e2e/transfer.spec.ts imports from an endpoint the test starts on the loopback address.
      WERKPAD_TRANSFER_PRIVATE_HOSTS: '127.0.0.1',
    },
  };
}

const desktop = { ...devices['Desktop Chrome'], launchOptions: chromiumLaunch };

export default defineConfig({
  testDir: 'tests/e2e',
  // `npm run test:a11y` adds the axe sweep of every route (tests/e2e/axe-routes.sweep.ts), outside `npm test`; `-g <role>` runs one role.
  testMatch: process.env.WERKPAD_AXE_SWEEP === '1' ? ['**/*.spec.ts', '**/*.sweep.ts'] : '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: servers,
  retries: 0,
  reporter: [['list']],
  use: {
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    // A trace records every test as it runs (screencast frames, DOM snapshots) and keeps it only when the test
    // fails: that costs the browser and its compositor CPU in every test (the whole phase took 33.0 min with it,
    // 22.3 without). Off unless asked for (WERKPAD_E2E_TRACE=1, e.g. to look at a failure again); a failure still
    // leaves its screenshot.
    trace: process.env.WERKPAD_E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: chromiumLaunch,
  },
  projects:
    servers === 1
      ? [{ name: 'desktop', use: { ...desktop, baseURL: `http://localhost:${ports[0]}` } }]
      : [
          { name: 'desktop', workers: 1, testIgnore: SECOND_HALF, use: { ...desktop, baseURL: `http://localhost:${ports[0]}` } },
          { name: 'desktop-2', workers: 1, testMatch: SECOND_HALF, use: { ...desktop, baseURL: `http://localhost:${ports[1]}` } },
        ],
  webServer: ports.map((_, i) => webServer(i)),
});
