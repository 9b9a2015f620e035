import { createHash } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config';
import { MIGRATIONS_FOLDER, openDatabase, pgliteDirectory } from '../db/database';
import { migrationsFolderOfFirst, readMigrationJournal } from '../db/migrations-folder';
import type { Logger } from '../logger';
import { BACKUP_ENDPOINT_FILE, type BackupEndpoint } from './backup-endpoint';
import { decodeBackupFile, encodeBackupFile } from './backup-file';
import {
  isEmptyDatabase,
  loadSnapshotRows,
  snapshotSchema,
  takeSnapshot,
  type Snapshot,
} from './snapshot';

/** A backup or restore that cannot go ahead, with the reason in Portuguese for the operator. */
export class BackupError extends Error {
  constructor(
    message: string,
    readonly code: string,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

const AUTH_SECRET_FILE = 'auth-secret';

async function generatedAuthSecret(config: Config): Promise<string | undefined> {
  if (config.authSecret) return undefined;
  try {
    return (await readFile(path.join(config.dataDir, AUTH_SECRET_FILE), 'utf8')).trim();
  } catch {
    return undefined;
  }
}

async function readEndpoint(dataDir: string): Promise<BackupEndpoint | undefined> {
  try {
    return JSON.parse(
      await readFile(path.join(dataDir, BACKUP_ENDPOINT_FILE), 'utf8'),
    ) as BackupEndpoint;
  } catch {
    return undefined;
  }
}

/** The server's answer, or undefined when nothing listens there any more (it was killed). */
async function snapshotFromRunningServer(endpoint: BackupEndpoint): Promise<Buffer | undefined> {
  let response: Response;
  try {
    response = await fetch(new URL('/api/backup/snapshot', endpoint.url), {
      headers: { authorization: `Bearer ${endpoint.secret}` },
    });
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code === 'ECONNREFUSED') return undefined;
    throw error;
  }
  if (!response.ok) {
    throw new BackupError(
      `O servidor em ${endpoint.url} recusou o backup (HTTP ${response.status}). Rode o backup com o mesmo DATA_DIR do servidor.`,
      'backup_refused',
    );
  }
  return Buffer.from(await response.arrayBuffer());
}

async function snapshotFromDatabase(config: Config, logger: Logger): Promise<Snapshot> {
  if (!config.databaseUrl) {
    const entries = await readdir(pgliteDirectory(config.dataDir)).catch(() => []);
    if (!entries.length) {
      throw new BackupError(
        `Não há banco do Prontu em ${config.dataDir}. Confira o DATA_DIR (ou o DATABASE_URL).`,
        'backup_no_database',
      );
    }
  }
  // No migration: a backup copies the database as it is.
  const database = await openDatabase({ ...config, logger, migrationsFolder: null });
  try {
    return await takeSnapshot(database.db, database.kind, await generatedAuthSecret(config));
  } finally {
    await database.close();
  }
}

/** Writes the file and makes it durable: a backup that a power cut can half-write is no backup. */
async function writeDurably(file: string, bytes: Buffer): Promise<void> {
  const partial = `${file}.partial`;
  const handle = await open(partial, 'w', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(partial, file);
  const folder = await open(path.dirname(path.resolve(file)), 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}

/**
 * `npm run backup`: a consistent snapshot of the configured database, written to `file`. With
 * PostgreSQL, or the embedded database while no server runs, the database is read directly;
 * while a server runs on DATA_DIR, the server takes the snapshot.
 * @returns where the snapshot came from, and how many tables and rows it holds
 */
export async function writeBackup(options: {
  config: Config;
  file: string;
  passphrase: string | undefined;
  logger: Logger;
}): Promise<{ source: 'server' | 'database'; tables: number; rows: number }> {
  const { config } = options;
  let snapshot: Snapshot | undefined;
  let source: 'server' | 'database' = 'database';
  const endpoint = config.databaseUrl ? undefined : await readEndpoint(config.dataDir);
  if (endpoint) {
    const fromServer = await snapshotFromRunningServer(endpoint);
    if (fromServer) {
      snapshot = snapshotSchema.parse(decodeBackupFile(fromServer));
      source = 'server';
    }
  }
  snapshot ??= await snapshotFromDatabase(config, options.logger);
  await writeDurably(options.file, encodeBackupFile(snapshot, options.passphrase));
  return {
    source,
    tables: snapshot.tables.length,
    rows: snapshot.tables.reduce((sum, table) => sum + table.rows.length, 0),
  };
}

/**
 * A migrations folder holding exactly the migrations the snapshot's database had run, so its
 * rows load into the schema they came from; the rest run afterwards, as on any upgrade.
 */
async function migrationsAsOf(
  snapshot: Snapshot,
): Promise<{ folder: string; isLatest: boolean; remove(): Promise<void> }> {
  const journal = await readMigrationJournal();
  const taken = journal.entries.slice(0, snapshot.migrations.length);
  const matches = await Promise.all(
    taken.map(async (entry, index) => {
      const text = await readFile(path.join(MIGRATIONS_FOLDER, `${entry.tag}.sql`), 'utf8');
      const hash = createHash('sha256').update(text).digest('hex');
      const recorded = snapshot.migrations[index];
      return recorded?.createdAt === entry.when && recorded.hash === hash;
    }),
  );
  if (taken.length < snapshot.migrations.length || !matches.every(Boolean)) {
    throw new BackupError(
      'Este backup é de uma versão do Prontu diferente desta (outras migrações do banco). Restaure com a versão que fez o backup ou uma mais nova.',
      'backup_other_version',
    );
  }
  if (taken.length === journal.entries.length) {
    return { folder: MIGRATIONS_FOLDER, isLatest: true, remove: async () => {} };
  }
  const partial = await migrationsFolderOfFirst(
    journal,
    taken.length,
    'prontu-restore-migrations-',
  );
  return { ...partial, isLatest: false };
}

async function refuseNonEmptyTarget(config: Config, logger: Logger): Promise<void> {
  if (config.databaseUrl) {
    const database = await openDatabase({ ...config, logger, migrationsFolder: null });
    try {
      if (!(await isEmptyDatabase(database.db))) {
        throw new BackupError(
          'O banco de DATABASE_URL já tem tabelas. A restauração só grava num banco vazio: crie um novo (CREATE DATABASE) e aponte DATABASE_URL para ele.',
          'restore_target_not_empty',
        );
      }
    } finally {
      await database.close();
    }
    return;
  }
  const entries = await readdir(pgliteDirectory(config.dataDir)).catch(() => []);
  if (entries.length) {
    throw new BackupError(
      `O DATA_DIR ${config.dataDir} já tem um banco. A restauração só grava num DATA_DIR vazio: pare o servidor e use uma pasta nova (DATA_DIR=/caminho/novo).`,
      'restore_target_not_empty',
    );
  }
}

/**
 * `npm run restore`: loads a backup into an empty DATA_DIR or an empty PostgreSQL database,
 * then brings the schema up to this version. Nothing is written before the file is read and
 * checked (passphrase, integrity, version), and rows load in one transaction.
 */
export async function restoreBackup(options: {
  config: Config;
  file: string;
  passphrase: string | undefined;
  logger: Logger;
}): Promise<{
  tables: number;
  rows: number;
  createdAt: string;
  /** The backup's generated session secret went to DATA_DIR, or one already there was kept. */
  authSecret: 'restored' | 'kept-existing' | 'none';
}> {
  const { config, logger } = options;
  const parsed = snapshotSchema.safeParse(
    decodeBackupFile(await readFile(options.file), options.passphrase),
  );
  if (!parsed.success) {
    throw new BackupError(
      'Este arquivo não é um backup do Prontu que esta versão saiba ler.',
      'backup_unreadable',
    );
  }
  const snapshot = parsed.data;
  await refuseNonEmptyTarget(config, logger);
  const migrations = await migrationsAsOf(snapshot);
  try {
    const atBackupVersion = await openDatabase({
      ...config,
      logger,
      migrationsFolder: migrations.folder,
    });
    try {
      await loadSnapshotRows(atBackupVersion.db, snapshot);
    } finally {
      await atBackupVersion.close();
    }
  } finally {
    await migrations.remove();
  }
  if (!migrations.isLatest) {
    // The migrations this version added since the backup, as on any upgrade.
    const upToDate = await openDatabase({ ...config, logger });
    await upToDate.close();
  }
  let authSecret: 'restored' | 'kept-existing' | 'none' = 'none';
  if (snapshot.authSecret && !config.authSecret) {
    const existing = await generatedAuthSecret(config);
    if (existing === undefined) {
      await mkdir(config.dataDir, { recursive: true });
      await writeFile(path.join(config.dataDir, AUTH_SECRET_FILE), `${snapshot.authSecret}\n`, {
        mode: 0o600,
      });
      authSecret = 'restored';
    } else if (existing !== snapshot.authSecret) {
      authSecret = 'kept-existing';
    }
  }
  return {
    authSecret,
    tables: snapshot.tables.length,
    rows: snapshot.tables.reduce((sum, table) => sum + table.rows.length, 0),
    createdAt: snapshot.createdAt,
  };
}
