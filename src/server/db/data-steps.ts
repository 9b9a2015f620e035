import { eq } from 'drizzle-orm';
import type { Logger } from '../logger';
import { givePatientsToRecords } from '../patients/patients-from-records';
import { issueEarlierReceitas } from '../prescriptions/issue-earlier-receitas';
import type { AppDatabase, AppTransaction } from './database';
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

/** Runs the data steps not yet done; the caller holds the migration lock. */
export async function runDataSteps(db: AppDatabase, logger: Logger): Promise<void> {
  for (const step of DATA_STEPS) {
    await db.transaction(async (tx) => {
      const [done] = await tx.select().from(dataSteps).where(eq(dataSteps.name, step.name));
      if (done) return;
      await step.run(tx, logger);
      await tx.insert(dataSteps).values({ name: step.name, doneAt: new Date() });
    });
  }
}
