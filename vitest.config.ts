import os from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';
import { PATH_ALIASES } from './scripts/path-aliases.js';

/** Tests that start the real server on a real database; everything else is a fast unit test. */
const SERVER_TESTS = ['src/**/*.integration.test.ts'];

/**
 * Server suites whose subject is not our SQL but what sits in front of it or beside it: the AI
 * provider and transcription, sign-in and its second factor, rate limits, the catalogues read
 * from files, the static web app, the fake provider itself. They run on PGlite only. The data
 * they store goes through the same repositories every other suite drives on both databases, and
 * each of those suites signs a doctor up and in, so PostgreSQL still sees every table they touch
 * (docs/testing.md, "Dois bancos").
 */
const ONE_DATABASE_SUITES = [
  'src/server/ai/ai-logs.integration.test.ts',
  'src/server/ai/ai-tasks.integration.test.ts',
  'src/server/ai/chat.integration.test.ts',
  'src/server/ai/demo-chat.integration.test.ts',
  'src/server/ai/extract.integration.test.ts',
  'src/server/ai/key-leak.integration.test.ts',
  'src/server/ai/transcription.integration.test.ts',
  'src/server/auth/accounts.integration.test.ts',
  'src/server/auth/doctor-sessions.integration.test.ts',
  'src/server/auth/sign-in-throttle.integration.test.ts',
  'src/server/auth/two-factor.integration.test.ts',
  'src/server/cid10/cid10.integration.test.ts',
  'src/server/http/error-answers.integration.test.ts',
  'src/server/http/rate-limit.integration.test.ts',
  'src/server/medications/medications.integration.test.ts',
  'src/server/testing/fake-openai-server.integration.test.ts',
  'src/server/web-app.integration.test.ts',
];

/**
 * What every project shares: the run's own temporary folder as the tests' TMPDIR, named after
 * this Vitest process so that a later run can tell it was abandoned; the global setup makes it
 * before the tests start and removes it after them, with what they left in it.
 */
const RUN_FOLDER_SETUP = './src/server/testing/global-setup/test-run-folder.ts';
/** The run's migrated PGlite, which the servers of the suites start from a copy of. */
const PGLITE_TEMPLATE_SETUP = './src/server/testing/global-setup/pglite-template.ts';
const RUN_ENV = { TMPDIR: path.join(os.tmpdir(), `prontu-run-${process.pid}`) };

export default defineConfig({
  resolve: { alias: PATH_ALIASES },
  test: {
    // One more test file at a time than there are cores: the server and browser suites spend
    // most of their time waiting (on the database, the browser, a fake provider's deliberate
    // delays), not computing.
    maxWorkers: os.availableParallelism() + 1,
    projects: [
      // Pure logic: the rules in src/shared and src/clinical and the browser's non-visual code.
      // Seconds, and `npm run test:watch` keeps it running while you edit.
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'src/shared/**/*.test.ts',
            'src/clinical/**/*.test.ts',
            'src/web/**/*.test.ts',
            'eslint/**/*.test.ts',
          ],
          exclude: [...SERVER_TESTS],
          globalSetup: [RUN_FOLDER_SETUP],
          env: RUN_ENV,
          // Property tests draw hundreds of cases: room for a busy machine.
          testTimeout: 15_000,
        },
      },
      // Screens rendered whole in happy-dom, as the doctor uses them.
      {
        extends: true,
        test: {
          name: 'screens',
          include: ['src/web/**/*.test.tsx'],
          globalSetup: [RUN_FOLDER_SETUP],
          env: RUN_ENV,
          // A few seconds each on a shared two-core machine, past Vitest's default 5 s when the
          // machine is busy.
          testTimeout: 15_000,
        },
      },
      // The server's parts without a running server (PDF, signing, configuration, worker
      // threads) and the test tooling itself (throwaway PostgreSQL, Chromium, temporary folders).
      {
        extends: true,
        test: {
          name: 'server-modules',
          include: [
            'src/server/**/*.test.ts',
            'tests/support/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          exclude: [...SERVER_TESTS],
          globalSetup: [RUN_FOLDER_SETUP],
          env: RUN_ENV,
          testTimeout: 15_000,
        },
      },
      // The server suites run on the embedded PGlite and on a real PostgreSQL; those of
      // ONE_DATABASE_SUITES on PGlite only.
      {
        extends: true,
        test: {
          name: 'server-pglite',
          // Files share their worker's loaded modules: each starts its own server and database
          // anyway, and loading the server's code again for every file took longer than many
          // of the files' tests.
          isolate: false,
          include: SERVER_TESTS,
          globalSetup: [RUN_FOLDER_SETUP, PGLITE_TEMPLATE_SETUP],
          env: { ...RUN_ENV, PRONTU_TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server-postgres',
          // Files share their worker's loaded modules: each starts its own server and database
          // anyway, and loading the server's code again for every file took longer than many
          // of the files' tests.
          isolate: false,
          include: SERVER_TESTS,
          exclude: ONE_DATABASE_SUITES,
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
          globalSetup: [
            RUN_FOLDER_SETUP,
            PGLITE_TEMPLATE_SETUP,
            './tests/e2e/support/chromium-global-setup.ts',
          ],
          env: RUN_ENV,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // One file at a time, beside the other projects from the start: a file spends most
          // of its time waiting on the browser and the app's own timers, which the others
          // fill; two Chromiums and their servers on a two-core machine slow each other down
          // past what they save. Each file in a fresh module graph: with shared modules, the
          // offline chat's /atualizar-prontuario once failed after the chat, voice and
          // workspace files had run in the same worker.
          fileParallelism: false,
        },
      },
    ],
  },
});
