import { describe, expect, it } from 'vitest';
import { KNOWN_PSCS, offeredPscProviders } from './providers';

const configured = (name: string, url = `https://${name.toLowerCase()}.example.com.br/`) => ({
  [`PSC_${name}_URL`]: url,
  [`PSC_${name}_CLIENT_ID`]: `${name.toLowerCase()}-client`,
  [`PSC_${name}_CLIENT_SECRET`]: `${name.toLowerCase()}-secret`,
});

describe('offeredPscProviders', () => {
  it('offers nothing when no PSC is configured', () => {
    expect(offeredPscProviders({})).toEqual([]);
  });

  it('offers a PSC whose three variables are set, with its display name and grants', () => {
    expect(offeredPscProviders({ ...configured('VIDAAS'), UNRELATED: 'x' })).toEqual([
      {
        id: 'vidaas',
        name: 'VIDaaS',
        baseUrl: 'https://vidaas.example.com.br',
        clientId: 'vidaas-client',
        clientSecret: 'vidaas-secret',
        hashEncoding: 'base64',
        grants: ['push'],
      },
    ]);
  });

  it('leaves out a PSC with only some of its variables set, or set blank', () => {
    const { PSC_BIRDID_CLIENT_SECRET: _secret, ...withoutSecret } = configured('BIRDID');
    expect(offeredPscProviders(withoutSecret)).toEqual([]);
    expect(offeredPscProviders({ ...configured('NEOID'), PSC_NEOID_CLIENT_ID: '  ' })).toEqual([]);
  });

  it('offers every configured PSC, in a fixed order, with the display names', () => {
    const env: Record<string, string> = {};
    for (const psc of KNOWN_PSCS) Object.assign(env, configured(psc.envName));
    const offered = offeredPscProviders(env);
    expect(offered.map((psc) => psc.name)).toEqual([
      'BirdID',
      'VIDaaS',
      'SafeID',
      'NeoID',
      'RemoteID',
    ]);
    for (const psc of offered) expect(psc.grants.length).toBeGreaterThan(0);
    expect(offered.find((psc) => psc.id === 'birdid')?.hashEncoding).toBe('hex');
  });

  it('refuses an address that is not http(s), naming the variable', () => {
    expect(() => offeredPscProviders(configured('SAFEID', 'api.safeid.com.br'))).toThrow(
      'PSC_SAFEID_URL',
    );
  });
});
