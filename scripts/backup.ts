/**
 * `npm run backup -- <file> [--passphrase-file <file> | --sem-criptografia]`: a consistent
 * snapshot of Prontu's database (DATA_DIR's embedded one, or DATABASE_URL's), also while the
 * server runs. Encrypted with the passphrase (the file, or PRONTU_BACKUP_PASSPHRASE); without
 * one, only `--sem-criptografia` writes it, in clear. No session and no secret goes in. See
 * docs/durabilidade.md, "Backups".
 */
import { readBackupArguments, UNENCRYPTED_FLAG } from '@server/backup/backup-arguments';
import { writeBackup } from '@server/backup/backup-service';
import { loadConfig } from '@server/config';
import { createLogger } from '@server/logger';

const USAGE = `npm run backup -- <arquivo> [--passphrase-file <arquivo-da-senha> | ${UNENCRYPTED_FLAG}]`;

try {
  const args = readBackupArguments(
    'backup',
    process.argv.slice(2),
    process.env.PRONTU_BACKUP_PASSPHRASE,
    USAGE,
  );
  const config = loadConfig();
  const result = await writeBackup({ config, ...args, logger: createLogger('warn') });
  const from = result.source === 'server' ? 'do servidor em execução' : 'direto do banco';
  console.log(
    `Backup ${args.passphrase ? 'criptografado ' : 'sem criptografia '}gravado em ${args.file} (${from}): ${result.tables} tabelas, ${result.rows} linhas.`,
  );
  if (args.unencrypted) {
    console.log(
      'Atenção: sem senha, o arquivo tem os dados dos pacientes em claro. Guarde-o com cuidado.',
    );
  }
  console.log(
    'O segredo de autenticação (AUTH_SECRET ou DATA_DIR/auth-secret) não vai no backup: guarde uma cópia dele à parte, longe dos backups.',
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
