import { fillPlaceholders, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AppDatabase } from '../db/database';

/** One node of PostgreSQL's `EXPLAIN (FORMAT JSON)`. */
interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Loops'?: number;
  Plans?: PlanNode[];
}

interface Explained {
  Plan: PlanNode;
  'Execution Time'?: number;
}

export interface QueryPlan {
  /**
   * What each scan reads, outermost first: 'Index Scan using <index>', 'Bitmap Index Scan using
   * <index>', or 'Seq Scan on <table>' for a whole table.
   */
  scans: string[];
  /** With `analyze`: how many times each of `scans` ran, in the same order. */
  scanRuns: number[];
  /** With `analyze`: how long running it took in the database, in ms. */
  executionMs: number | undefined;
}

/**
 * The plan the database picks for a statement now, parameters bound as the app binds them.
 * @param statement - exactly what the app sends (a Drizzle query or `sql`)
 * @param options.analyze - run it too (EXPLAIN ANALYZE), for its execution time
 */
export async function planOf(
  db: AppDatabase,
  statement: SQLWrapper,
  options: { analyze?: boolean } = {},
): Promise<QueryPlan> {
  const explain = options.analyze
    ? sql`explain (analyze, format json) ${statement}`
    : sql`explain (format json) ${statement}`;
  const result = (await db.execute(explain)) as { rows: { 'QUERY PLAN': unknown }[] };
  const raw = result.rows[0]?.['QUERY PLAN'];
  // node-postgres and PGlite both parse json; a driver that did not would hand over the text.
  const [explained] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [Explained];
  const scans: string[] = [];
  const scanRuns: number[] = [];
  const visit = (node: PlanNode) => {
    const type = node['Node Type'];
    const scan = node['Index Name']
      ? `${type} using ${node['Index Name']}`
      : type === 'Seq Scan'
        ? `${type} on ${node['Relation Name'] ?? '?'}`
        : undefined;
    if (scan) {
      scans.push(scan);
      scanRuns.push(node['Actual Loops'] ?? Number.NaN);
    }
    node.Plans?.forEach(visit);
  };
  visit(explained.Plan);
  return { scans, scanRuns, executionMs: explained['Execution Time'] };
}

/**
 * A prepared statement (with placeholders) and the values it runs with, as one statement to
 * explain: its text as prepared, the values bound as the same parameters.
 */
export function withValues(statement: SQLWrapper, values: Record<string, unknown>): SQL {
  const query = new PgDialect().sqlToQuery(statement.getSQL());
  const params = fillPlaceholders(query.params, values);
  // The text alternates with its parameters' numbers: "… = $1 and … > $2 …".
  const parts = query.sql.split(/\$(\d+)/);
  return sql.join(
    parts.map((part, index) =>
      index % 2 === 0 ? sql.raw(part) : sql`${params[Number(part) - 1]}`,
    ),
  );
}
