import { getTableName, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AppDatabase, DatabaseKind } from '../db/database';
import { sessions, verifications } from '../db/schema';

/**
 * A logical copy of the whole database: every table of the `public` schema with every stored
 * column, each value in PostgreSQL's own text form (what `COPY` writes), so jsonb, timestamps to
 * the microsecond, booleans, bigints and arrays come back exactly; the sequences; and which
 * migrations had run, so a restore rebuilds the same schema before loading the rows. Tables other
 * features add are copied as they come; only {@link TABLES_OF_KEYS} are named, to leave their rows
 * out. Secrets are never in it (docs/durabilidade.md, "Backups").
 */
export const snapshotSchema = z.object({
  format: z.literal('prontu-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  databaseKind: z.enum(['pglite', 'postgres']),
  /** drizzle's `__drizzle_migrations` rows: the SQL file's hash and its journal time. */
  migrations: z.array(z.object({ hash: z.string(), createdAt: z.number() })),
  tables: z.array(
    z.object({
      name: z.string(),
      columns: z.array(z.string()),
      rows: z.array(z.array(z.string().nullable())),
    }),
  ),
  sequences: z.array(z.object({ name: z.string(), lastValue: z.string(), isCalled: z.boolean() })),
  /**
   * Only in backups of earlier versions: the auth secret generated in DATA_DIR. Read so those
   * backups still restore; never written any more.
   */
  authSecret: z.string().optional(),
});
export type Snapshot = z.infer<typeof snapshotSchema>;

/**
 * Tables whose rows are keys to the running system rather than data: signed-in sessions (a
 * token is a session), and Better Auth's verifications (two-factor sign-in challenges, trusted
 * devices, reset links). A backup keeps their columns but none of their rows, and a restore
 * loads none from an older backup either, so a backup opens no session and every restore signs
 * everybody out.
 */
export const TABLES_OF_KEYS: ReadonlySet<string> = new Set(
  [sessions, verifications].map((table) => getTableName(table)),
);

/**
 * The snapshot without anything that grants access: no rows of {@link TABLES_OF_KEYS}, no auth
 * secret. Applied to whatever a backup writes and whatever a restore loads.
 */
export function withoutKeys(snapshot: Snapshot): Snapshot {
  const { authSecret: _authSecret, ...data } = snapshot;
  return {
    ...data,
    tables: data.tables.map((table) =>
      TABLES_OF_KEYS.has(table.name) ? { ...table, rows: [] } : table,
    ),
  };
}

type Executor = Pick<AppDatabase, 'execute'>;

async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  // Both drivers answer an object with `rows`; PgDatabase's generic result type does not say so.
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

const quoteIdentifier = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Ordinary and partitioned tables of `public` (not partitions, whose rows the parent holds). */
async function publicTables(db: Executor): Promise<string[]> {
  const rows = await rowsOf<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
        order by c.relname`,
  );
  return rows.map((row) => row.name);
}

/** Stored columns in table order: not dropped, not generated (those are computed again). */
async function storedColumns(
  db: Executor,
  table: string,
): Promise<{ name: string; type: string }[]> {
  return rowsOf(
    db,
    sql`select a.attname as name, format_type(a.atttypid, a.atttypmod) as type
        from pg_attribute a
        where a.attrelid = ${`public.${quoteIdentifier(table)}`}::regclass and a.attnum > 0
          and not a.attisdropped and a.attgenerated = ''
        order by a.attnum`,
  );
}

async function migrationsTableExists(db: Executor): Promise<boolean> {
  const [row] = await rowsOf<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  return row?.present === true;
}

/**
 * Reads the whole database in one REPEATABLE READ, read-only transaction: one consistent moment
 * even while doctors keep writing. The rows of {@link TABLES_OF_KEYS} are not even read.
 */
export async function takeSnapshot(db: AppDatabase, databaseKind: DatabaseKind): Promise<Snapshot> {
  return db.transaction(
    async (tx) => {
      const migrations = (await migrationsTableExists(tx))
        ? await rowsOf<{ hash: string; createdAt: string | number }>(
            tx,
            sql`select hash, created_at as "createdAt" from drizzle.__drizzle_migrations
                order by created_at`,
          )
        : [];
      const tables: Snapshot['tables'] = [];
      for (const name of await publicTables(tx)) {
        const columns = await storedColumns(tx, name);
        const values = columns.map((column) => `${quoteIdentifier(column.name)}::text`);
        const rows = TABLES_OF_KEYS.has(name)
          ? []
          : await rowsOf<{ row: string }>(
              tx,
              sql.raw(
                `select to_json(array[${values.join(', ')}]::text[])::text as row from public.${quoteIdentifier(name)}`,
              ),
            );
        tables.push({
          name,
          columns: columns.map((column) => column.name),
          rows: rows.map((row) => JSON.parse(row.row) as (string | null)[]),
        });
      }
      const sequences: Snapshot['sequences'] = [];
      const sequenceNames = await rowsOf<{ name: string }>(
        tx,
        sql`select sequencename as name from pg_sequences where schemaname = 'public'
            order by sequencename`,
      );
      for (const { name } of sequenceNames) {
        const [state] = await rowsOf<{ lastValue: string; isCalled: boolean }>(
          tx,
          sql.raw(
            `select last_value::text as "lastValue", is_called as "isCalled" from public.${quoteIdentifier(name)}`,
          ),
        );
        if (state) sequences.push({ name, ...state });
      }
      return {
        format: 'prontu-backup' as const,
        version: 1 as const,
        createdAt: new Date().toISOString(),
        databaseKind,
        migrations: migrations.map((row) => ({ hash: row.hash, createdAt: Number(row.createdAt) })),
        tables,
        sequences,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/** Whether the database holds nothing yet: no table in `public`, no migration run. */
export async function isEmptyDatabase(db: AppDatabase): Promise<boolean> {
  return (await publicTables(db)).length === 0 && !(await migrationsTableExists(db));
}

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters for any table. */
const MAX_PARAMETERS_PER_INSERT = 20_000;

/**
 * Loads a snapshot's rows into a database whose schema is already at the snapshot's migrations,
 * in one transaction: all or nothing. Rows that migrations inserted are replaced by the
 * snapshot's. Triggers (and with them foreign-key checks) are off while loading when the role may
 * do that, as `pg_restore --disable-triggers` does; otherwise tables load parents first.
 */
export async function loadSnapshotRows(db: AppDatabase, snapshot: Snapshot): Promise<void> {
  await db.transaction(async (tx) => {
    const existing = new Set(await publicTables(tx));
    for (const table of snapshot.tables) {
      if (!existing.has(table.name)) {
        throw new Error(`A tabela ${table.name} do backup não existe no banco restaurado.`);
      }
    }
    const [role] = await rowsOf<{ superuser: boolean }>(
      tx,
      sql`select current_setting('is_superuser') = 'on' as superuser`,
    );
    if (role?.superuser) await tx.execute(sql`set local session_replication_role = replica`);
    // Only tables migrations put rows in: the append-only audit trail refuses TRUNCATE when the
    // role cannot switch triggers off, and it is empty in a new database anyway.
    const filled: string[] = [];
    for (const table of snapshot.tables) {
      const name = `public.${quoteIdentifier(table.name)}`;
      const [row] = await rowsOf<{ filled: boolean }>(
        tx,
        sql.raw(`select exists (select 1 from ${name}) as filled`),
      );
      if (row?.filled) filled.push(name);
    }
    if (filled.length) await tx.execute(sql.raw(`truncate table ${filled.join(', ')}`));

    for (const table of await parentsFirst(tx, snapshot.tables)) {
      if (!table.rows.length) continue;
      const types = new Map(
        (await storedColumns(tx, table.name)).map((column) => [column.name, column.type]),
      );
      const columnList = table.columns.map(quoteIdentifier).join(', ');
      const rowsPerInsert = Math.max(
        1,
        Math.floor(MAX_PARAMETERS_PER_INSERT / table.columns.length),
      );
      for (let start = 0; start < table.rows.length; start += rowsPerInsert) {
        const batch = table.rows.slice(start, start + rowsPerInsert);
        const tuples = batch.map(
          (row) =>
            sql`(${sql.join(
              row.map((value, index) => {
                const type = types.get(table.columns[index] ?? '');
                if (!type) throw new Error(`Coluna desconhecida em ${table.name}.`);
                // text → any type goes through the type's own input function, as COPY does.
                return sql`${value}::text::${sql.raw(type)}`;
              }),
              sql`, `,
            )})`,
        );
        await tx.execute(
          sql`insert into ${sql.raw(`public.${quoteIdentifier(table.name)}`)} (${sql.raw(columnList)}) overriding system value values ${sql.join(tuples, sql`, `)}`,
        );
      }
    }
    for (const sequence of snapshot.sequences) {
      await tx.execute(
        sql`select setval(${`public.${quoteIdentifier(sequence.name)}`}::regclass, ${sequence.lastValue}::bigint, ${sequence.isCalled})`,
      );
    }
  });
}

/** Orders tables so that one referenced by a foreign key loads before those referencing it. */
async function parentsFirst(db: Executor, tables: Snapshot['tables']): Promise<Snapshot['tables']> {
  const references = await rowsOf<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint k
        join pg_class child on child.oid = k.conrelid
        join pg_class parent on parent.oid = k.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where k.contype = 'f' and n.nspname = 'public' and child.oid <> parent.oid`,
  );
  const ordered: Snapshot['tables'] = [];
  const placed = new Set<string>();
  let remaining = [...tables];
  while (remaining.length) {
    const ready = remaining.filter((table) =>
      references.every(
        (reference) =>
          reference.child !== table.name ||
          placed.has(reference.parent) ||
          !remaining.some((other) => other.name === reference.parent),
      ),
    );
    // A cycle of references: load the rest as they come (triggers are off for a superuser).
    const next = ready.length ? ready : remaining;
    for (const table of next) {
      ordered.push(table);
      placed.add(table.name);
    }
    remaining = remaining.filter((table) => !placed.has(table.name));
  }
  return ordered;
}
