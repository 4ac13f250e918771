import { defineConfig } from 'vitest/config';
import { jsonInstances } from './vite.config';

/**
 * Two test files at a time in both projects. Vitest's default on a 2-core machine is one (the cores minus one),
 * which left a core idle: the server files mostly wait on their database, the fault-injection file on the
 * servers it starts. `--maxWorkers=1` on the command line runs one file at a time again.
 */
const WORKERS = 2;

export default defineConfig({
  test: {
    projects: [
      {
        // `nl.json?signin` (src/i18n/sign-in-texts.ts), as in the build.
        plugins: [jsonInstances()],
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'workers/**/*.test.ts'],
          environment: 'node',
          maxWorkers: WORKERS,
          // Two files share two cores: a test that takes 3 s alone must not fail at vitest's 5 s default.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/postgres.ts'],
          maxWorkers: WORKERS,
          // argon2 at 1 MiB and one pass for the hashes the tests make (server/auth/passwords.ts).
          env: { WERKPAD_TEST_CHEAP_HASHES: '1' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
