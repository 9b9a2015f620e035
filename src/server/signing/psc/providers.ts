import type { PscConfig } from './psc-client';

/** How a holder authorises a signing session at a PSC. */
export type PscGrant =
  /** A one-time code from her PSC app, typed into Prontu (OAuth "password" grant). */
  | 'otp'
  /** A request pushed to her PSC app, approved there (authorization code with PKCE). */
  | 'push';

/** A PSC Prontu can offer, once its credentials are configured. */
export interface PscProvider extends PscConfig {
  /** The grants offered, in the order the screen shows them. */
  grants: readonly PscGrant[];
}

interface KnownPsc {
  /** The NAME in PSC_<NAME>_URL, PSC_<NAME>_CLIENT_ID, PSC_<NAME>_CLIENT_SECRET. */
  envName: string;
  id: string;
  name: string;
  grants: readonly PscGrant[];
  hashEncoding: 'base64' | 'hex';
}

/**
 * The PSCs Prontu knows and which grants it uses with each: those their manuals document in the
 * shape this client speaks; for the PSCs whose manuals were not read, the one-time code, the
 * grant the PSC standard has all of them offer (docs/assinatura-nuvem.md, "Provedores").
 */
export const KNOWN_PSCS: readonly KnownPsc[] = [
  { envName: 'BIRDID', id: 'birdid', name: 'BirdID', grants: ['otp'], hashEncoding: 'hex' },
  { envName: 'VIDAAS', id: 'vidaas', name: 'VIDaaS', grants: ['push'], hashEncoding: 'base64' },
  { envName: 'SAFEID', id: 'safeid', name: 'SafeID', grants: ['otp'], hashEncoding: 'base64' },
  { envName: 'NEOID', id: 'neoid', name: 'NeoID', grants: ['otp'], hashEncoding: 'base64' },
  {
    envName: 'REMOTEID',
    id: 'remoteid',
    name: 'RemoteID',
    grants: ['otp'],
    hashEncoding: 'base64',
  },
];

/**
 * The PSCs to offer: each known PSC whose URL, client id and client secret are all set
 * (non-blank) in `env`. A PSC with only some of them set is left out, not half-configured.
 * @throws Error when a PSC's URL is set but is not an http(s) address
 * @param env - the environment, e.g. `process.env` as the configuration reads it
 */
export function offeredPscProviders(
  env: Readonly<Record<string, string | undefined>>,
): PscProvider[] {
  return KNOWN_PSCS.flatMap((psc) => {
    const baseUrl = env[`PSC_${psc.envName}_URL`]?.trim();
    const clientId = env[`PSC_${psc.envName}_CLIENT_ID`]?.trim();
    const clientSecret = env[`PSC_${psc.envName}_CLIENT_SECRET`]?.trim();
    if (!baseUrl || !clientId || !clientSecret) return [];
    // A typo in an address is a configuration error, said at startup rather than at the
    // first signature.
    if (!/^https?:$/.test(URL.parse(baseUrl)?.protocol ?? '')) {
      throw new Error(`PSC_${psc.envName}_URL is not an http(s) address: ${baseUrl}`);
    }
    return [
      {
        id: psc.id,
        name: psc.name,
        baseUrl: baseUrl.replace(/\/+$/, ''),
        clientId,
        clientSecret,
        hashEncoding: psc.hashEncoding,
        grants: psc.grants,
      },
    ];
  });
}
