import { readFileSync } from 'node:fs';

export interface BackupArguments {
  file: string;
  passphrase: string | undefined;
  /** `--sem-criptografia` (backup only): the operator asks for a file that is not encrypted. */
  unencrypted: boolean;
  /** `--redefinir-dois-fatores` (restore only): see `restoreBackup`'s `resetTwoFactor`. */
  resetTwoFactor: boolean;
}

/** Asks `npm run backup` for a file in clear; without it a backup is encrypted. */
export const UNENCRYPTED_FLAG = '--sem-criptografia';
/** Lets `npm run restore` go ahead without the auth secret, removing two-factor enrolments. */
export const RESET_TWO_FACTOR_FLAG = '--redefinir-dois-fatores';

/** A command-line mistake, explained in Portuguese with the usage. */
export class BackupUsageError extends Error {
  constructor(message: string, usage: string) {
    super(`${message}\nUso: ${usage}`);
    this.name = 'BackupUsageError';
  }
}

/**
 * Reads `<file> [--passphrase-file <file>]` and the command's own flag; the passphrase may
 * instead come from PRONTU_BACKUP_PASSPHRASE (a file keeps it out of the shell history and `ps`).
 * @param command - which script: each accepts only its own flag
 * @param argv - the arguments after the script name
 * @param envPassphrase - PRONTU_BACKUP_PASSPHRASE
 */
export function readBackupArguments(
  command: 'backup' | 'restore',
  argv: string[],
  envPassphrase: string | undefined,
  usage: string,
): BackupArguments {
  let file: string | undefined;
  let passphrase = envPassphrase?.length ? envPassphrase : undefined;
  let unencrypted = false;
  let resetTwoFactor = false;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? '';
    if (argument === '--passphrase-file') {
      const passphraseFile = argv[(index += 1)];
      if (!passphraseFile) throw new BackupUsageError('Falta o arquivo da senha.', usage);
      // The file's last line break is not part of the passphrase.
      passphrase = readFileSync(passphraseFile, 'utf8').replace(/\r?\n$/, '');
      if (!passphrase) throw new BackupUsageError('O arquivo da senha está vazio.', usage);
    } else if (command === 'backup' && argument === UNENCRYPTED_FLAG) {
      unencrypted = true;
    } else if (command === 'restore' && argument === RESET_TWO_FACTOR_FLAG) {
      resetTwoFactor = true;
    } else if (argument.startsWith('-')) {
      throw new BackupUsageError(`Opção desconhecida: ${argument}`, usage);
    } else if (file === undefined) {
      file = argument;
    } else {
      throw new BackupUsageError('Informe um só arquivo de backup.', usage);
    }
  }
  if (!file) throw new BackupUsageError('Informe o arquivo do backup.', usage);
  if (unencrypted && passphrase !== undefined) {
    // A passphrase left in the environment must not be silently ignored, nor silently win.
    throw new BackupUsageError(
      `Informe uma senha (--passphrase-file ou PRONTU_BACKUP_PASSPHRASE) ou ${UNENCRYPTED_FLAG}, não os dois.`,
      usage,
    );
  }
  return { file, passphrase, unencrypted, resetTwoFactor };
}
