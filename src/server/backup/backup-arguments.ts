import { readFileSync } from 'node:fs';

export interface BackupArguments {
  file: string;
  passphrase: string | undefined;
}

/** A command-line mistake, explained in Portuguese with the usage. */
export class BackupUsageError extends Error {
  constructor(message: string, usage: string) {
    super(`${message}\nUso: ${usage}`);
    this.name = 'BackupUsageError';
  }
}

/**
 * Reads `<file> [--passphrase-file <file>]`; the passphrase may instead come from
 * PRONTU_BACKUP_PASSPHRASE (a file keeps it out of the shell history and `ps`).
 * @param argv - the arguments after the script name
 * @param envPassphrase - PRONTU_BACKUP_PASSPHRASE
 */
export function readBackupArguments(
  argv: string[],
  envPassphrase: string | undefined,
  usage: string,
): BackupArguments {
  let file: string | undefined;
  let passphrase = envPassphrase?.length ? envPassphrase : undefined;
  for (let index = 0; index < argv.length; index += 1) {
    const argument = argv[index] ?? '';
    if (argument === '--passphrase-file') {
      const passphraseFile = argv[(index += 1)];
      if (!passphraseFile) throw new BackupUsageError('Falta o arquivo da senha.', usage);
      // The file's last line break is not part of the passphrase.
      passphrase = readFileSync(passphraseFile, 'utf8').replace(/\r?\n$/, '');
      if (!passphrase) throw new BackupUsageError('O arquivo da senha está vazio.', usage);
    } else if (argument.startsWith('-')) {
      throw new BackupUsageError(`Opção desconhecida: ${argument}`, usage);
    } else if (file === undefined) {
      file = argument;
    } else {
      throw new BackupUsageError('Informe um só arquivo de backup.', usage);
    }
  }
  if (!file) throw new BackupUsageError('Informe o arquivo do backup.', usage);
  return { file, passphrase };
}
