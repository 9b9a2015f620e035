import {
  getTableColumns,
  type Column,
  type InferSelectModel,
  type Query,
  type Table,
} from 'drizzle-orm';
import type { PgPreparedQuery, PreparedQueryConfig } from 'drizzle-orm/pg-core';
import type { AppDatabase } from './database';

/**
 * Prepares a select whose rows are read by `readRow` instead of Drizzle's own mapper, which
 * looks up each field's kind and path again for every value of every row: a tenth of the
 * server's busy time when it answered patient searches under load (profiled). `readRow` gets a
 * row's values in the order the statement selects them, as the driver decoded them (timestamps
 * as text, jsonb parsed) — see {@link tableRowReader} and {@link decodedColumn}.
 * @param name - the prepared statement's name, unique among the server's
 */
export function prepareWithRowReader<Row>(
  db: AppDatabase,
  query: { toSQL(): Query },
  name: string,
  readRow: (values: readonly unknown[]) => Row,
): PgPreparedQuery<PreparedQueryConfig & { execute: Row[] }> {
  return db._.session.prepareQuery(query.toSQL(), undefined, name, true, (rows) =>
    rows.map(readRow),
  );
}

/** A table's row as it comes first in a select's values: `{ row: table, … }`. */
export interface TableRowReader<T extends Table> {
  /** How many values the row takes: the ones after it are the select's other fields. */
  width: number;
  read(values: readonly unknown[]): InferSelectModel<T>;
}

/**
 * Reads a whole table row from the first values of a select's row, each column decoded by its
 * own type, as Drizzle's mapper would. Drizzle selects a table's columns in the order
 * `getTableColumns` lists them, and so does this.
 */
export function tableRowReader<T extends Table>(table: T): TableRowReader<T> {
  const columns = Object.entries<Column>(getTableColumns(table));
  return {
    width: columns.length,
    read(values) {
      const row: Record<string, unknown> = {};
      for (let index = 0; index < columns.length; index++) {
        const [key, column] = columns[index] as [string, Column];
        row[key] = decodedColumn(column, values[index]);
      }
      // Built key by key from the table's own columns, each by its own decoder.
      return row as InferSelectModel<T>;
    },
  };
}

/** One value as its column's type reads it (a timestamp's text as a Date, …); null stays null. */
export function decodedColumn<C extends Column>(column: C, value: unknown): C['_']['data'] | null {
  return value === null || value === undefined ? null : column.mapFromDriverValue(value);
}
