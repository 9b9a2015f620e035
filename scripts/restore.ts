/**
 * `npm run restore -- <file> [--passphrase-file <file>]`: loads a backup into an empty DATA_DIR
 * (the embedded database) or the empty PostgreSQL database of DATABASE_URL. See README,
 * "Backup e restauração".
 */
import { readBackupArguments } from '../src/server/backup/backup-arguments';
import { restoreBackup } from '../src/server/backup/backup-service';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/logger';

const USAGE = 'npm run restore -- <arquivo> [--passphrase-file <arquivo-da-senha>]';

try {
  const args = readBackupArguments(
    process.argv.slice(2),
    process.env.PRONTU_BACKUP_PASSPHRASE,
    USAGE,
  );
  const config = loadConfig();
  const result = await restoreBackup({ config, ...args, logger: createLogger('warn') });
  const target = config.databaseUrl ? 'no PostgreSQL de DATABASE_URL' : `em ${config.dataDir}`;
  console.log(
    `Backup de ${result.createdAt} restaurado ${target}: ${result.tables} tabelas, ${result.rows} linhas.`,
  );
  if (result.authSecret === 'kept-existing') {
    console.log(
      'Atenção: o DATA_DIR já tinha outro segredo de sessões (auth-secret); o do backup não foi gravado. A autenticação em dois fatores depende do segredo original.',
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
