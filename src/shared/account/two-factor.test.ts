import { describe, expect, it } from 'vitest';
import {
  groupTotpSecret,
  recoveryCodesFileText,
  recoveryCodeSchema,
  totpCodeSchema,
  totpSecretOf,
} from './two-factor';

describe('two-factor texts', () => {
  it('reads the secret of an otpauth:// URI', () => {
    expect(
      totpSecretOf('otpauth://totp/Prontu:a%40b.com?secret=JBSWY3DPEHPK3PXP&issuer=Prontu'),
    ).toBe('JBSWY3DPEHPK3PXP');
    expect(totpSecretOf('otpauth://totp/Prontu:a%40b.com?issuer=Prontu')).toBeUndefined();
    expect(totpSecretOf('não é uma URI')).toBeUndefined();
  });

  it('groups the secret by 4 for typing', () => {
    expect(groupTotpSecret('JBSWY3DPEHPK3PXPZ')).toBe('JBSW Y3DP EHPK 3PXP Z');
    expect(groupTotpSecret('')).toBe('');
  });

  it('writes every recovery code on its own line', () => {
    const text = recoveryCodesFileText(['abcde-12345', 'fghij-67890'], 'dra@prontu.test');
    expect(text).toContain('Conta: dra@prontu.test');
    expect(text.split('\n')).toEqual(expect.arrayContaining(['abcde-12345', 'fghij-67890']));
  });

  it('accepts a 6-digit code with the spaces apps show, and refuses others in Portuguese', () => {
    expect(totpCodeSchema.parse(' 123 456 ')).toBe('123456');
    expect(totpCodeSchema.safeParse('12345').error?.issues[0]?.message).toBe(
      'O código tem 6 dígitos.',
    );
    expect(recoveryCodeSchema.safeParse('  ').error?.issues[0]?.message).toBe(
      'Informe um código de recuperação.',
    );
  });
});
