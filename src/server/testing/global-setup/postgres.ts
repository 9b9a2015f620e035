/**
 * Vitest global setup of the server-postgres project: the PostgreSQL its suites create their
 * databases on. TEST_DATABASE_URL when set (CI points it at the machine's PostgreSQL 15); else a
 * throwaway PostgreSQL from npm, started once for the run and removed afterwards.
 */
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startThrowawayPostgres } from '../throwaway-postgres';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL URL whose user may create and drop databases. */
    testPostgresUrl: string;
  }
}

export default async function setUpTestPostgres(
  project: TestProject,
): Promise<(() => Promise<void>) | undefined> {
  const given = process.env.TEST_DATABASE_URL;
  if (given) {
    project.provide('testPostgresUrl', given);
    console.log(`${project.name}: ${await serverVersion(given)} from TEST_DATABASE_URL`);
    return undefined;
  }
  const started = performance.now();
  const postgres = await startThrowawayPostgres();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${project.name}: throwaway ${postgres.version} from npm, up in ${seconds} s`);
  project.provide('testPostgresUrl', postgres.url);
  return () => postgres.stop();
}

/** e.g. `PostgreSQL 15.18`; a server that cannot be reached fails the run here, with its URL. */
async function serverVersion(url: string): Promise<string> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `TEST_DATABASE_URL: no PostgreSQL at ${new URL(url).host} (${String(error)}). ` +
        'Start it, or unset TEST_DATABASE_URL to let the tests start their own.',
      { cause: error },
    );
  }
  try {
    const { rows } = await client.query<{ version: string }>(
      "select split_part(current_setting('server_version'), ' ', 1) as version",
    );
    return `PostgreSQL ${rows[0]?.version ?? '?'}`;
  } finally {
    await client.end();
  }
}
