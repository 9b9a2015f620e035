import { fillPlaceholders, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { AppTransaction, AppDatabase } from '../db/database';

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
  return planOfExplained(await db.execute(explain));
}

/**
 * The plan a prepared statement runs with once the database has settled on a generic plan —
 * one plan for any values, made without them (PostgreSQL's plan cache switches to it when it
 * costs no more than the plans made for each call's values).
 * @param statement - a Drizzle query with placeholders, as the app prepares it
 * @param values - its placeholders' values
 */
export async function genericPlanOf(
  db: AppDatabase,
  statement: SQLWrapper,
  values: Record<string, unknown>,
): Promise<QueryPlan> {
  return withPreparedProbe(db, statement, values, 'force_generic_plan', async (tx, execute) =>
    // EXPLAIN takes no bound parameters: the values go in as literals.
    planOfExplained(await tx.execute(sql.raw(`explain (format json) ${execute}`))),
  );
}

let probes = 0;

/** How often the plan cache planned a prepared statement for its call, and how often it reused one plan. */
export interface PlanCacheChoice {
  customPlans: number;
  genericPlans: number;
}

/**
 * Runs a statement prepared as the app prepares it `calls` times with these values, leaving the
 * choice of plan to PostgreSQL (`plan_cache_mode = auto`, its default): after five calls planned
 * for their values, it keeps one plan for any values if that plan costs no more. A statement it
 * keeps planning at every call pays the planning each time.
 */
export async function planCacheChoiceOf(
  db: AppDatabase,
  statement: SQLWrapper,
  values: Record<string, unknown>,
  calls = 10,
): Promise<PlanCacheChoice> {
  return withPreparedProbe(db, statement, values, 'auto', async (tx, execute, name) => {
    for (let call = 0; call < calls; call++) await tx.execute(sql.raw(execute));
    const answer = await tx.execute(
      sql`select generic_plans, custom_plans from pg_prepared_statements where name = ${name}`,
    );
    const [row] = (answer as { rows: { generic_plans: unknown; custom_plans: unknown }[] }).rows;
    return { customPlans: Number(row?.custom_plans), genericPlans: Number(row?.generic_plans) };
  });
}

/**
 * Prepares a statement as the app prepares it, in a transaction with this plan cache mode, and
 * hands `probe` its `execute name(values…)` command (the values as literals) and its name;
 * deallocated afterwards.
 */
async function withPreparedProbe<T>(
  db: AppDatabase,
  statement: SQLWrapper,
  values: Record<string, unknown>,
  mode: 'auto' | 'force_generic_plan',
  probe: (tx: AppTransaction, execute: string, name: string) => Promise<T>,
): Promise<T> {
  const query = new PgDialect().sqlToQuery(statement.getSQL());
  const args = fillPlaceholders(query.params, values).map(literalOf).join(', ');
  // PREPARE outlives a failed transaction: each probe has its own name.
  const name = `plan_probe_${(probes += 1)}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local plan_cache_mode = ${mode}`));
    await tx.execute(sql.raw(`prepare ${name} as ${query.sql}`));
    const result = await probe(tx, `execute ${name}(${args})`, name);
    await tx.execute(sql.raw(`deallocate ${name}`));
    return result;
  });
}

/** A string or a number as an SQL literal (standard-conforming strings). */
function literalOf(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`no literal for ${typeof value}`);
}

function planOfExplained(answer: unknown): QueryPlan {
  const result = answer as { rows: { 'QUERY PLAN': unknown }[] };
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
