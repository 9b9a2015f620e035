import { describe, expect, it } from 'vitest';
import { decodeBackupFile, encodeBackupFile, isSealedBackupFile } from './backup-file';

/** Each scrypt derivation takes a moment by design; a busy machine multiplies it. */
const SCRYPT_TEST_MS = 30_000;

const snapshot = { format: 'prontu-backup', tables: [{ name: 'x', rows: [['1', null, 'ção']] }] };

describe('backup files', () => {
  it(
    'round-trips a snapshot, compressed only or sealed with a passphrase',
    () => {
      expect(decodeBackupFile(encodeBackupFile(snapshot))).toEqual(snapshot);
      const sealed = encodeBackupFile(snapshot, 'uma senha longa de backup');
      expect(isSealedBackupFile(sealed)).toBe(true);
      expect(sealed.includes(Buffer.from('prontu-backup'))).toBe(false);
      expect(decodeBackupFile(sealed, 'uma senha longa de backup')).toEqual(snapshot);
    },
    SCRYPT_TEST_MS,
  );

  it(
    'refuses a wrong passphrase, a changed byte and a missing passphrase in Portuguese',
    () => {
      const sealed = encodeBackupFile(snapshot, 'senha certa');
      expect(() => decodeBackupFile(sealed, 'senha errada')).toThrow(/Senha do backup incorreta/);
      for (const position of [30, sealed.length - 40, sealed.length - 1]) {
        const changed = Buffer.from(sealed);
        changed[position] = (changed[position] ?? 0) ^ 1;
        expect(() => decodeBackupFile(changed, 'senha certa')).toThrow(/alterado/);
      }
      expect(() => decodeBackupFile(sealed)).toThrow(/criptografado: informe a senha/);
    },
    SCRYPT_TEST_MS,
  );

  it('tells a file that is no backup apart', () => {
    expect(() => decodeBackupFile(Buffer.from('{"a":1}'))).toThrow(/não é um backup do Prontu/);
    const truncated = encodeBackupFile(snapshot).subarray(0, 20);
    expect(() => decodeBackupFile(truncated)).toThrow(/não é um backup do Prontu/);
  });
});
