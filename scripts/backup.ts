/**
 * `npm run backup -- <file> [--passphrase-file <file>]`: a consistent snapshot of Prontu's
 * database (DATA_DIR's embedded one, or DATABASE_URL's), also while the server runs. With a
 * passphrase (the file, or PRONTU_BACKUP_PASSPHRASE) the backup is encrypted. See README,
 * "Backup e restauração".
 */
import { readBackupArguments } from '../src/server/backup/backup-arguments';
import { writeBackup } from '../src/server/backup/backup-service';
import { loadConfig } from '../src/server/config';
import { createLogger } from '../src/server/logger';

const USAGE = 'npm run backup -- <arquivo> [--passphrase-file <arquivo-da-senha>]';

try {
  const args = readBackupArguments(
    process.argv.slice(2),
    process.env.PRONTU_BACKUP_PASSPHRASE,
    USAGE,
  );
  const config = loadConfig();
  const result = await writeBackup({ config, ...args, logger: createLogger('warn') });
  const from = result.source === 'server' ? 'do servidor em execução' : 'direto do banco';
  console.log(
    `Backup ${args.passphrase ? 'criptografado ' : ''}gravado em ${args.file} (${from}): ${result.tables} tabelas, ${result.rows} linhas.`,
  );
  if (!args.passphrase) {
    console.log(
      'Atenção: sem senha, o arquivo tem os dados dos pacientes em claro. Guarde-o com cuidado.',
    );
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
