import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readBackupArguments } from './backup-arguments';

const USAGE = 'npm run backup -- <arquivo>';

describe('backup command-line arguments', () => {
  it('reads the explicit request for a file in clear, for a backup only', () => {
    expect(
      readBackupArguments('backup', ['a.backup', '--sem-criptografia'], undefined, USAGE),
    ).toEqual({
      file: 'a.backup',
      passphrase: undefined,
      unencrypted: true,
      resetTwoFactor: false,
    });
    expect(() =>
      readBackupArguments('restore', ['a.backup', '--sem-criptografia'], undefined, USAGE),
    ).toThrow('Opção desconhecida: --sem-criptografia');
  });

  it('asks for nothing in clear by default, and takes the passphrase from a file or the environment', () => {
    const folder = mkdtempSync(path.join(os.tmpdir(), 'prontu-backup-args-'));
    const passphraseFile = path.join(folder, 'senha');
    writeFileSync(passphraseFile, 'frase do arquivo\n');
    expect(
      readBackupArguments(
        'backup',
        ['a.backup', '--passphrase-file', passphraseFile],
        undefined,
        USAGE,
      ),
    ).toMatchObject({ passphrase: 'frase do arquivo', unencrypted: false });
    expect(readBackupArguments('backup', ['a.backup'], 'frase do ambiente', USAGE)).toMatchObject({
      passphrase: 'frase do ambiente',
      unencrypted: false,
    });
    expect(readBackupArguments('backup', ['a.backup'], undefined, USAGE)).toMatchObject({
      passphrase: undefined,
      unencrypted: false,
    });
  });

  it('refuses a passphrase together with the request for a file in clear', () => {
    expect(() =>
      readBackupArguments('backup', ['a.backup', '--sem-criptografia'], 'frase do ambiente', USAGE),
    ).toThrow(/Informe uma senha .* ou --sem-criptografia, não os dois/);
  });

  it('reads the two-factor reset for a restore only', () => {
    expect(
      readBackupArguments('restore', ['a.backup', '--redefinir-dois-fatores'], undefined, USAGE),
    ).toMatchObject({ resetTwoFactor: true });
    expect(readBackupArguments('restore', ['a.backup'], undefined, USAGE)).toMatchObject({
      resetTwoFactor: false,
    });
    expect(() =>
      readBackupArguments('backup', ['a.backup', '--redefinir-dois-fatores'], undefined, USAGE),
    ).toThrow('Opção desconhecida: --redefinir-dois-fatores');
  });
});
