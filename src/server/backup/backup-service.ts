import { createHash } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AUTH_SECRET_FILE, readGeneratedAuthSecret } from '../auth/auth-secret';
import type { Config } from '../config';
import { runDataSteps } from '../db/data-steps';
import { MIGRATIONS_FOLDER, openDatabase, pgliteDirectory } from '../db/database';
import { migrationsFolderOfFirst, readMigrationJournal } from '../db/migrations-folder';
import type { Logger } from '../logger';
import { RESET_TWO_FACTOR_FLAG, UNENCRYPTED_FLAG } from './backup-arguments';
import { BACKUP_ENDPOINT_FILE, type BackupEndpoint } from './backup-endpoint';
import { decodeBackupFile, encodeBackupFile } from './backup-file';
import {
  isEmptyDatabase,
  loadSnapshotRows,
  snapshotSchema,
  takeSnapshot,
  withoutKeys,
  type Snapshot,
} from './snapshot';
import { doctorsWithUnreadableTwoFactor, emailsOf, withoutTwoFactorOf } from './two-factor-restore';

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
    return await takeSnapshot(database.db, database.kind);
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
 * while a server runs on DATA_DIR, the server takes the snapshot. Only the database's data goes
 * in: no session, no secret, no file of DATA_DIR (docs/durabilidade.md, "Backups").
 * @param options.passphrase - seals the file; a backup is encrypted unless `unencrypted` says
 *   otherwise, and with neither nothing is written
 * @returns where the snapshot came from, and how many tables and rows it holds
 */
export async function writeBackup(options: {
  config: Config;
  file: string;
  passphrase: string | undefined;
  unencrypted?: boolean;
  logger: Logger;
}): Promise<{ source: 'server' | 'database'; tables: number; rows: number }> {
  const { config } = options;
  if (options.passphrase === undefined && !options.unencrypted) {
    throw new BackupError(
      `O backup é criptografado por padrão, e nenhuma senha foi informada. Informe a senha com --passphrase-file <arquivo-da-senha> (ou PRONTU_BACKUP_PASSPHRASE) ou, para gravar os dados dos pacientes sem criptografia, use ${UNENCRYPTED_FLAG}.`,
      'backup_needs_passphrase',
    );
  }
  if (options.passphrase !== undefined && options.unencrypted) {
    throw new BackupError(
      `Informe uma senha ou ${UNENCRYPTED_FLAG}, não os dois.`,
      'backup_conflicting_encryption',
    );
  }
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
  // A server still running an earlier version answers with sessions and its secret: dropped.
  snapshot = withoutKeys(snapshot ?? (await snapshotFromDatabase(config, options.logger)));
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
 * The auth secret a server started on this configuration will use, and whether it is still to
 * be written: AUTH_SECRET, else the one generated in DATA_DIR, else (a backup of an earlier
 * version only) the one the backup carries.
 */
async function authSecretAfterRestore(
  config: Config,
  snapshot: Snapshot,
): Promise<{ secret: string | undefined; fromOldBackup: boolean }> {
  const configured = config.authSecret ?? (await readGeneratedAuthSecret(config.dataDir));
  if (configured !== undefined) return { secret: configured, fromOldBackup: false };
  return { secret: snapshot.authSecret, fromOldBackup: snapshot.authSecret !== undefined };
}

const needsAuthSecret = (config: Config, hasSecret: boolean, doctors: number) =>
  new BackupError(
    `${
      hasSecret
        ? 'O segredo de autenticação deste destino (AUTH_SECRET ou DATA_DIR/auth-secret) não é o do servidor de onde o backup veio'
        : 'Este destino não tem o segredo de autenticação do servidor de onde o backup veio (AUTH_SECRET ou DATA_DIR/auth-secret), que nunca vai no backup'
    }, e sem ele a verificação em duas etapas de ${doctors} médico(s) não abre. ` +
      `Copie o arquivo auth-secret do DATA_DIR de origem para ${config.dataDir} (ou defina AUTH_SECRET com o valor de origem) e rode de novo. ` +
      `Sem o segredo, use ${RESET_TWO_FACTOR_FLAG}: as contas e os dados voltam, e esses médicos entram só com a senha e ativam a verificação em duas etapas de novo.`,
    'restore_needs_auth_secret',
  );

/**
 * `npm run restore`: loads a backup into an empty DATA_DIR or an empty PostgreSQL database,
 * then brings the schema up to this version. Nothing is written before the file is read and
 * checked (passphrase, integrity, version, the auth secret for two-factor), and rows load in one
 * transaction. No session is loaded, not even from a backup of an earlier version that held
 * them: after a restore every doctor signs in again.
 * @param options.resetTwoFactor - when the auth secret of the backup's server is not here,
 *   restore anyway and remove the two-factor enrolments it cannot read, instead of refusing
 */
export async function restoreBackup(options: {
  config: Config;
  file: string;
  passphrase: string | undefined;
  resetTwoFactor?: boolean;
  logger: Logger;
}): Promise<{
  tables: number;
  rows: number;
  createdAt: string;
  /** A backup of an earlier version brought the generated auth secret, now in DATA_DIR. */
  authSecretFromOldBackup: boolean;
  /** The e-mails of the doctors whose two-factor enrolment was removed (`resetTwoFactor`). */
  twoFactorReset: string[];
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
  await refuseNonEmptyTarget(config, logger);
  const authSecret = await authSecretAfterRestore(config, parsed.data);
  let snapshot = withoutKeys(parsed.data);
  const unreadable = await doctorsWithUnreadableTwoFactor(snapshot, authSecret.secret);
  const twoFactorReset = emailsOf(snapshot, unreadable);
  if (unreadable.length) {
    if (!options.resetTwoFactor) {
      throw needsAuthSecret(config, authSecret.secret !== undefined, unreadable.length);
    }
    snapshot = withoutTwoFactorOf(snapshot, unreadable);
  }
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
    try {
      await runDataSteps(upToDate, logger);
    } finally {
      await upToDate.close();
    }
  }
  if (authSecret.fromOldBackup && authSecret.secret !== undefined) {
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(path.join(config.dataDir, AUTH_SECRET_FILE), `${authSecret.secret}\n`, {
      mode: 0o600,
    });
  }
  return {
    authSecretFromOldBackup: authSecret.fromOldBackup,
    twoFactorReset,
    tables: snapshot.tables.length,
    rows: snapshot.tables.reduce((sum, table) => sum + table.rows.length, 0),
    createdAt: snapshot.createdAt,
  };
}
