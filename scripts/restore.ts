/**
 * `npm run restore -- <file> [--passphrase-file <file>] [--redefinir-dois-fatores]`: loads a
 * backup into an empty DATA_DIR (the embedded database) or the empty PostgreSQL database of
 * DATABASE_URL. Every doctor signs in again afterwards. See docs/durabilidade.md, "Backups".
 */
import { readBackupArguments, RESET_TWO_FACTOR_FLAG } from '@server/backup/backup-arguments';
import { restoreBackup } from '@server/backup/backup-service';
import { loadConfig } from '@server/config';
import { createLogger } from '@server/logger';

const USAGE = `npm run restore -- <arquivo> [--passphrase-file <arquivo-da-senha>] [${RESET_TWO_FACTOR_FLAG}]`;

try {
  const args = readBackupArguments(
    'restore',
    process.argv.slice(2),
    process.env.PRONTU_BACKUP_PASSPHRASE,
    USAGE,
  );
  const config = loadConfig();
  const result = await restoreBackup({ config, ...args, logger: createLogger('warn') });
  const target = config.databaseUrl ? 'no PostgreSQL de DATABASE_URL' : `em ${config.dataDir}`;
  console.log(
    `Backup de ${result.createdAt} restaurado ${target}: ${result.tables} tabelas, ${result.rows} linhas. Nenhuma sessão foi restaurada: todos entram de novo.`,
  );
  if (result.authSecretFromOldBackup) {
    console.log(
      'Este backup, de uma versão anterior do Prontu, trazia o segredo de autenticação, que foi gravado em DATA_DIR/auth-secret. Backups assim abrem o sistema: faça um backup novo e apague os antigos.',
    );
  }
  if (result.twoFactorReset.length) {
    console.log(
      `Verificação em duas etapas removida (sem o segredo de origem), a ativar de novo em Configurações: ${result.twoFactorReset.join(', ')}.`,
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
