import { defineConfig } from 'vitest/config';

/** Tests that start the real server on a real database; everything else is a fast unit test. */
const SERVER_TESTS = ['src/**/*.integration.test.ts'];

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: [...SERVER_TESTS],
        },
      },
      // The server suites run twice: once on the embedded PGlite, once on a real PostgreSQL.
      {
        test: {
          name: 'server-pglite',
          include: SERVER_TESTS,
          env: { PRONTU_TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-postgres',
          include: SERVER_TESTS,
          env: { PRONTU_TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
