import { describe, expect, it } from 'vitest';
import { addressReach, validationAddressWarning } from './validation-address';

describe('addressReach', () => {
  it('knows the addresses only this computer opens', () => {
    for (const origin of [
      'http://localhost:3000',
      'http://LOCALHOST:3000',
      'http://prontu.localhost:3000',
      'http://127.0.0.1:3000',
      'http://127.8.9.10',
      'http://0.0.0.0:3000',
      'http://[::1]:3000',
      'http://[::ffff:127.0.0.1]:3000',
    ]) {
      expect(addressReach(origin), origin).toBe('this-computer');
    }
  });

  it('knows the addresses only a local network opens', () => {
    for (const origin of [
      'http://192.168.0.10:3000',
      'http://10.1.2.3',
      'http://172.16.0.1',
      'http://172.31.255.254',
      'http://169.254.10.20',
      'http://100.101.102.103',
      'http://[fd12:3456::1]:3000',
      'http://[fe80::1]',
      'http://[::ffff:192.168.1.5]',
      'http://consultorio:3000',
      'http://consultorio.local:3000',
      'http://prontu.home.arpa',
      'http://prontu.clinica.internal',
      'http://prontu.lan',
    ]) {
      expect(addressReach(origin), origin).toBe('local-network');
    }
  });

  it('takes any other name or address as reaching wherever it is published', () => {
    for (const origin of [
      'https://prontu.clinica.com.br',
      'https://prontu.clinica.com.br.',
      'http://203.0.113.7:3000',
      'http://172.32.0.1',
      'http://100.128.0.1',
      'http://[2001:db8::1]',
      'https://localhost.clinica.com.br',
    ]) {
      expect(addressReach(origin), origin).toBe('public');
    }
  });
});

describe('validationAddressWarning', () => {
  it('says nothing when PUBLIC_URL is set, whatever the address', () => {
    expect(
      validationAddressWarning({ origin: 'http://localhost:3000', fromPublicUrl: true }),
    ).toBeUndefined();
  });

  it('says who can open the address of this request, then how to fix it', () => {
    const [computer, advice] =
      validationAddressWarning({ origin: 'http://localhost:3000', fromPublicUrl: false }) ?? [];
    expect(computer).toBe(
      'O QR code e o link de validação levam a http://localhost:3000, que só abre neste computador: na farmácia ou no celular do paciente, a validação não funciona.',
    );
    expect(advice).toContain('defina PUBLIC_URL');
    expect(advice).toContain('docs/documentos.md');

    const [network] =
      validationAddressWarning({ origin: 'http://192.168.0.10:3000', fromPublicUrl: false }) ?? [];
    expect(network).toContain(
      'http://192.168.0.10:3000, que só abre em aparelhos desta rede local',
    );

    const [named] =
      validationAddressWarning({ origin: 'https://prontu.clinica.com.br', fromPublicUrl: false }) ??
      [];
    expect(named).toBe(
      'O QR code e o link de validação levam a https://prontu.clinica.com.br, o endereço deste acesso: documentos emitidos por outro endereço levam a esse outro.',
    );
  });
});
