import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { jsonInstances } from './vite.config';

/**
 * Two test files at a time in both projects. Vitest's default on a 2-core machine is one (the cores minus one),
 * which left a core idle: the server files mostly wait on their database, the fault-injection file on the
 * servers it starts. `--maxWorkers=1` on the command line runs one file at a time again.
 */
const WORKERS = 2;

/**
 * The files that take minutes, longest first. Vitest orders a clean clone's files by size (and later runs by their
 * last duration, which a fresh CI machine does not have): the fault-injection file (3.5 of the unit phase's 4.7
 * minutes) started among the last, with the other worker idle after the rest. Started first, the other files run
 * beside it.
 */
const LONG_FILES = ['workers/fault-injection.test.ts', 'server/http/fuzz.test.ts', 'server/graph/tenancy.test.ts', 'server/graph/caseload.test.ts'];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (file: TestSpecification) => {
      const index = LONG_FILES.findIndex((long) => file.moduleId.endsWith(long));
      return index < 0 ? LONG_FILES.length : index;
    };
    const sorted = await super.sort(files);
    const projects = [...new Set(sorted.map((file) => file.project.name))];
    const project = (file: TestSpecification) => projects.indexOf(file.project.name);
    // Array.prototype.sort is stable: the projects and the rest keep vitest's order
    return sorted.sort((a, b) => project(a) - project(b) || rank(a) - rank(b));
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: LongFilesFirst },
    projects: [
      {
        // `nl.json?signin` (src/i18n/sign-in-texts.ts), as in the build.
        plugins: [jsonInstances()],
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'workers/**/*.test.ts'],
          environment: 'node',
          // Sealed databases (issue 36): a fixed test data key for identities no test locked (tests/setup/data-keys.ts).
          setupFiles: ['tests/setup/data-keys.ts'],
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
          setupFiles: ['tests/setup/restore-env.ts'],
          maxWorkers: WORKERS,
          // The files of a worker share its modules: each file imported the whole server again (about 3 s of the
          // phase's CPU per file, more than the tests themselves). Every file opens its own database and app;
          // what a file puts in process.env is put back after it (tests/setup/restore-env.ts). The primary +
          // standby phase shares modules too (71 -> 30-40 s): its two routing tests that failed after other sync
          // files had met a new routing that did not yet know the standby's lag; they now wait until it does.
          isolate: false,
          // argon2 at 1 MiB and one pass for the hashes the tests make (server/auth/passwords.ts).
          env: { WERKPAD_TEST_CHEAP_HASHES: '1' },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
