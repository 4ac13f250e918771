import { defineConfig } from 'vitest/config';
import { jsonInstances } from './vite.config';

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
        },
      },
      {
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/setup/postgres.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
