import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger';
import { createMigratedTestStorage, type TestStorage } from '../testing/test-storage';
import { openDatabase, type Database } from './database';
import { keepStatistics } from './statistics-upkeep';

const logger = createLogger('silent');
let storage: TestStorage;
let database: Database;

beforeAll(async () => {
  storage = await createMigratedTestStorage();
  database = await openDatabase({ ...storage, logger });
});

afterAll(async () => {
  await database.close();
  await storage.cleanup();
});

/** What the planner believes a table holds: -1 until it is first analysed (PostgreSQL 14+). */
async function plannerRowsOf(table: string): Promise<number> {
  const result = (await database.db.execute(
    sql`select reltuples from pg_class where relname = ${table} and relkind = 'r'`,
  )) as { rows: { reltuples: number | string }[] };
  return Number(result.rows[0]?.reltuples);
}

describe('the planner statistics of the embedded database', () => {
  it.runIf(process.env.PRONTU_TEST_DB === 'pglite')(
    'are gathered as the server starts, where no autovacuum would',
    async () => {
      expect(await plannerRowsOf('medical_records')).toBe(-1);
      const upkeep = keepStatistics(database, logger);
      await upkeep.first;
      await upkeep.stop();
      expect(await plannerRowsOf('medical_records')).toBe(0);
      expect(await plannerRowsOf('patients')).toBe(0);
    },
  );

  it('are left to autovacuum on PostgreSQL, and stopping waits for nothing', async () => {
    const upkeep = keepStatistics({ ...database, kind: 'postgres' }, logger);
    await upkeep.first;
    await upkeep.stop();
    if (database.kind === 'postgres') {
      expect(await plannerRowsOf('medical_records')).toBe(-1);
    }
  });
});
