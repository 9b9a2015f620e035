/**
 * The throwaway PostgreSQL the server suites use when TEST_DATABASE_URL is not set: a real
 * server, gone without a trace when stopped, and when the process that started it is killed.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { isRunning } from './owned-temp-folder';
import { startThrowawayPostgres } from './throwaway-postgres';

async function query<T extends pg.QueryResultRow>(url: string, sql: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(sql)).rows;
  } finally {
    await client.end();
  }
}

async function ownedFolders(pid: number): Promise<string[]> {
  return (await readdir(os.tmpdir())).filter((name) => name.startsWith(`prontu-pg-${pid}-`));
}

// Each test starts a PostgreSQL: seconds, not milliseconds, on a busy machine.
describe('startThrowawayPostgres', { timeout: 60_000 }, () => {
  it('runs a real PostgreSQL in UTF-8 that may create databases, and stop() leaves nothing', async () => {
    const postgres = await startThrowawayPostgres();
    try {
      expect(postgres.version).toMatch(/^PostgreSQL \d+\.\d+/);
      expect(postgres.url).toMatch(/^postgres:\/\/prontu:\w+@127\.0\.0\.1:\d+\/postgres$/);
      const [settings] = await query<{ encoding: string; upper: string; superuser: string }>(
        postgres.url,
        "select current_setting('server_encoding') as encoding, upper('coração') as upper, " +
          "current_setting('is_superuser') as superuser",
      );
      expect(settings).toEqual({ encoding: 'UTF8', upper: 'CORAÇÃO', superuser: 'on' });
      await query(postgres.url, 'create database consultas');
      expect(await ownedFolders(process.pid)).toHaveLength(1);
    } finally {
      await postgres.stop();
    }
    await expect(query(postgres.url, 'select 1')).rejects.toThrow(/ECONNREFUSED/);
    expect(await ownedFolders(process.pid)).toEqual([]);
    await postgres.stop();
  });

  it('is stopped and removed by its guard when the process that started it is killed outright', async () => {
    const scratch = await mkdtemp(path.join(os.tmpdir(), 'owner-'));
    try {
      const script = path.join(scratch, 'owner.mts');
      await writeFile(
        script,
        `import { startThrowawayPostgres } from ${JSON.stringify(path.resolve(import.meta.dirname, 'throwaway-postgres.ts'))};\n` +
          'const postgres = await startThrowawayPostgres();\n' +
          'console.log(postgres.url);\n' +
          'setInterval(() => undefined, 1000);\n',
      );
      const owner = spawn(process.execPath, ['--import', 'tsx', script], {
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const [firstOutput] = (await Promise.race([
        once(owner.stdout, 'data'),
        once(owner, 'exit').then(() => {
          throw new Error('the owner process ended before starting PostgreSQL');
        }),
      ])) as [Buffer];
      const url = firstOutput.toString().trim();
      const ownerPid = owner.pid ?? 0;
      owner.kill('SIGKILL');
      await once(owner, 'exit');
      expect(isRunning(ownerPid)).toBe(false);

      // Killed outright, the owner could not stop its server; its guard does.
      const state = async () => ({
        server: await query(url, 'select 1').then(
          () => 'up',
          () => 'down',
        ),
        folders: await ownedFolders(ownerPid),
      });
      await expect.poll(state, { timeout: 20_000 }).toEqual({ server: 'down', folders: [] });
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
