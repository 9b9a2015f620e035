import { sql, type SQL } from 'drizzle-orm';
import type { Logger } from '../logger';
import type { Database } from './database';

/** How often the embedded database is analysed again while the server runs. */
export const ANALYZE_EVERY_MS = 60 * 60 * 1000;

/**
 * The columns analysed of the tables whose rows carry a visit's or a receita's whole text: the
 * ones their queries filter, join and order on. Sampling the JSON too took 4.8 s of the 5.6 s
 * a whole-database ANALYZE took on 100,000 visits, where these take 0.5 s; every other table is
 * analysed whole.
 */
const ANALYSED_COLUMNS: Readonly<Record<string, readonly string[]>> = {
  medical_records: ['id', 'user_id', 'patient_id', 'status', 'created_at', 'updated_at'],
  prescriptions: ['id', 'user_id', 'patient_id', 'is_finalized', 'created_at', 'updated_at'],
};

/** ANALYZE of one table: of its {@link ANALYSED_COLUMNS} when it has some listed. */
function analyseStatement(table: string): SQL {
  const columns = ANALYSED_COLUMNS[table];
  if (!columns) return sql`analyze ${sql.identifier(table)}`;
  const columnList = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  );
  return sql`analyze ${sql.identifier(table)} (${columnList})`;
}

export interface StatisticsUpkeep {
  /** The analysis started with the upkeep (settled, never rejected). */
  first: Promise<void>;
  /** No further analysis; waits for one in progress. */
  stop(): Promise<void>;
}

/**
 * Keeps the planner's statistics of the embedded database. PostgreSQL's autovacuum analyses
 * tables as they grow; PGlite has no autovacuum, and a planner with no statistics reads a
 * patient's latest visit through all of the doctor's visits (measured on 100,000 visits: a name
 * search 2.3 s in the database instead of 0.3 ms). So PGlite is analysed as the server starts,
 * then every {@link ANALYZE_EVERY_MS}, in the background, a table at a time (0.7 s in all on
 * 100,000 visits, measured). PostgreSQL is left to autovacuum.
 */
export function keepStatistics(
  database: Database,
  logger: Logger,
  everyMs = ANALYZE_EVERY_MS,
): StatisticsUpkeep {
  if (database.kind !== 'pglite') {
    return { first: Promise.resolve(), stop: () => Promise.resolve() };
  }
  let running: Promise<void> = Promise.resolve();
  const analyse = () => {
    running = running.then(async () => {
      const started = performance.now();
      try {
        // Table by table, so requests get the database between them.
        const tables = (await database.db.execute(
          sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
        )) as { rows: { tablename: string }[] };
        for (const { tablename } of tables.rows) {
          await database.db.execute(analyseStatement(tablename));
        }
        logger.info({ ms: Math.round(performance.now() - started) }, 'database analysed');
      } catch (error) {
        logger.warn({ err: error }, 'database analysis failed');
      }
    });
    return running;
  };
  const first = analyse();
  const timer = setInterval(() => void analyse(), everyMs);
  timer.unref();
  return {
    first,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
