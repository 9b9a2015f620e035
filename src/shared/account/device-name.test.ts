import { describe, expect, it } from 'vitest';
import { describeDevice, describeSessionAddress } from './device-name';

describe('describeDevice', () => {
  it.each([
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome no Linux',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      'Edge no Windows',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      'Safari no iPhone',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome no Android',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:132.0) Gecko/20100101 Firefox/132.0',
      'Firefox no macOS',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/147.0.0.0 Safari/537.36',
      'Chrome no Linux',
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Ubuntu Chromium/120.0.6099.224 Chrome/120.0.6099.224 Safari/537.36',
      'Chromium no Linux',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      'Safari no macOS',
    ],
    ['curl/8.5.0', 'Navegador desconhecido'],
    ['', 'Navegador desconhecido'],
    [null, 'Navegador desconhecido'],
  ])('names %j as "%s"', (agent, name) => {
    expect(describeDevice(agent)).toBe(name);
  });
});

describe('describeSessionAddress', () => {
  it.each([
    ['::1', 'este computador (local)'],
    ['::', 'este computador (local)'],
    ['0000:0000:0000:0000:0000:0000:0000:0000', 'este computador (local)'],
    ['127.0.0.1', 'este computador (local)'],
    ['::ffff:127.0.0.1', 'este computador (local)'],
    ['::ffff:192.0.2.10', '192.0.2.10'],
    ['0:0:0:0:0:ffff:203.0.113.7', '203.0.113.7'],
    ['203.0.113.7', '203.0.113.7'],
    ['2001:0db8:85a3:0000:0000:0000:0000:0000', '2001:db8:85a3::'],
    ['2001:DB8::1', '2001:db8::1'],
  ])('shows %j as "%s"', (address, shown) => {
    expect(describeSessionAddress(address)).toBe(shown);
  });

  it('shows nothing when no address was recorded', () => {
    expect(describeSessionAddress(null)).toBeUndefined();
    expect(describeSessionAddress('')).toBeUndefined();
    expect(describeSessionAddress('unknown')).toBeUndefined();
  });
});
