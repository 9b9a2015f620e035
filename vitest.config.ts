import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { PATH_ALIASES } from './scripts/path-aliases';

/** Tests that start the real server on a real database; everything else is a fast unit test. */
const SERVER_TESTS = ['src/**/*.integration.test.ts'];

/**
 * What every project shares: the run's own temporary folder as the tests' TMPDIR, named after
 * this Vitest process so that a later run can tell it was abandoned; the global setup makes it
 * before the tests start and removes it after them, with what they left in it.
 */
const RUN_FOLDER_SETUP = './src/server/testing/global-setup/test-run-folder.ts';
const RUN_ENV = { TMPDIR: path.join(os.tmpdir(), `prontu-run-${process.pid}`) };

export default defineConfig({
  resolve: { alias: PATH_ALIASES },
  test: {
    // One more test file at a time than there are cores: the server and browser suites spend
    // most of their time waiting (on the database, the browser, a fake provider's deliberate
    // delays), not computing.
    maxWorkers: os.availableParallelism() + 1,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}', 'tests/support/**/*.test.ts', 'eslint/**/*.test.ts'],
          exclude: [...SERVER_TESTS],
          globalSetup: [RUN_FOLDER_SETUP],
          env: RUN_ENV,
          // Component tests render whole screens in happy-dom: a few seconds each on a shared
          // two-core machine, past Vitest's default 5 s when the machine is busy.
          testTimeout: 15_000,
        },
      },
      // The server suites run twice: once on the embedded PGlite, once on a real PostgreSQL.
      {
        extends: true,
        test: {
          name: 'server-pglite',
          include: SERVER_TESTS,
          globalSetup: [RUN_FOLDER_SETUP],
          env: { ...RUN_ENV, PRONTU_TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server-postgres',
          include: SERVER_TESTS,
          globalSetup: [RUN_FOLDER_SETUP, './src/server/testing/global-setup/postgres.ts'],
          env: { ...RUN_ENV, PRONTU_TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: [RUN_FOLDER_SETUP, './tests/e2e/support/chromium-global-setup.ts'],
          env: RUN_ENV,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
