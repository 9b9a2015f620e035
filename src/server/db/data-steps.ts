import { eq, sql } from 'drizzle-orm';
import type { Logger } from '../logger';
import { givePatientsToRecords } from '../patients/patients-from-records';
import { issueEarlierReceitas } from '../prescriptions/issue-earlier-receitas';
import { MIGRATION_LOCK_ID, type AppTransaction, type Database } from './database';
import { dataSteps } from './schema';

/**
 * Data changes made once, in code, after the SQL migrations: those a SQL statement reads badly
 * (grouping records into patients by folded name and agreeing ages) or cannot make (secret codes
 * from the operating system's random source). Each runs in one
 * transaction with the row that marks it done, so a crash leaves it undone, to run again.
 */
const DATA_STEPS = [
  {
    name: '0007-patients-from-records',
    run: async (tx: AppTransaction, logger: Logger) => {
      const linked = await givePatientsToRecords(tx);
      logger.info(linked, 'existing records grouped into patients');
    },
  },
  {
    name: '0011-earlier-receitas-issued',
    run: async (tx: AppTransaction, logger: Logger) => {
      const issued = await issueEarlierReceitas(tx);
      logger.info(issued, 'receitas finalised earlier given validation codes');
    },
  },
] as const;

/**
 * Runs the data steps not yet done, on a database just opened with every migration of this
 * version (`openDatabase` without `migrationsFolder`). On PostgreSQL each step holds the
 * migration lock for its transaction: servers starting together run a step once, never while
 * another still migrates.
 */
export async function runDataSteps(database: Database, logger: Logger): Promise<void> {
  for (const step of DATA_STEPS) {
    await database.db.transaction(async (tx) => {
      if (database.kind === 'postgres') {
        await tx.execute(sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`);
      }
      const [done] = await tx.select().from(dataSteps).where(eq(dataSteps.name, step.name));
      if (done) return;
      await step.run(tx, logger);
      await tx.insert(dataSteps).values({ name: step.name, doneAt: new Date() });
    });
  }
}
