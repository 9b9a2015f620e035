import { createHash } from 'node:crypto';
import type { SignatureDevice } from '../signature-device';
import type { HashToSign, PscClient, PscToken } from './psc-client';

/** The certificate a PSC session signs with, as the PSC handed it over. */
export interface PscSigningCertificate {
  alias: string;
  certificate: Uint8Array<ArrayBuffer>;
  chain: readonly Uint8Array<ArrayBuffer>[];
}

/** A device whose signatures are gathered and asked of the PSC in one call. */
export interface BatchedPscDevice {
  device: SignatureDevice;
  /**
   * Gives up: every signature waiting, and any asked for later, fails with `reason`. Called when
   * one paper of the batch failed before it asked for its signature: the PSC is never called.
   */
  abort(reason: unknown): void;
}

interface Waiting {
  hash: HashToSign;
  resolve: (signature: Uint8Array) => void;
  reject: (reason: unknown) => void;
}

/**
 * A remote {@link SignatureDevice} for `expected` signatures with one PSC call: each `sign(data)`
 * queues SHA-256(`data`) (what cades.ts signs is the signed attributes; the PSC signs their hash
 * RAW, which is the same PKCS#1 v1.5 signature), and once all `expected` are queued one
 * `signHashes` call answers them all. A visit's papers are prepared first and each builds its CMS
 * as usual; the doctor's authorisation costs one round trip (docs/assinatura-nuvem.md, "Lote").
 * @param client - the session's PSC
 * @param token - the session's token
 * @param certificate - the holder's certificate and what the PSC sent above it (maybe nothing)
 * @param expected - how many signatures this device gives; a further one fails
 */
export function batchedPscDevice(
  client: PscClient,
  token: PscToken,
  certificate: PscSigningCertificate,
  expected: number,
): BatchedPscDevice {
  const waiting: Waiting[] = [];
  let failed: { reason: unknown } | undefined;
  let called = false;

  const failAll = (reason: unknown) => {
    for (const entry of waiting.splice(0)) entry.reject(reason);
  };

  const callPsc = () => {
    called = true;
    const batch = [...waiting];
    client
      .signHashes(
        token,
        batch.map((entry) => entry.hash),
        'RAW',
        certificate.alias,
      )
      .then(
        (signatures) => {
          for (const entry of batch) {
            const signature = signatures.get(entry.hash.id);
            if (signature === undefined) entry.reject(new Error('missing signature'));
            else entry.resolve(signature);
          }
          waiting.length = 0;
        },
        (error: unknown) => {
          failed = { reason: error };
          failAll(error);
        },
      );
  };

  return {
    device: {
      certificate: certificate.certificate,
      chain: certificate.chain,
      sign(data) {
        if (failed) {
          const { reason } = failed;
          return Promise.reject(reason instanceof Error ? reason : new Error(String(reason)));
        }
        if (called || waiting.length >= expected) {
          return Promise.reject(new Error('more signatures asked for than the batch holds'));
        }
        return new Promise<Uint8Array>((resolve, reject) => {
          const sha256 = new Uint8Array(createHash('sha256').update(data).digest());
          waiting.push({ hash: { id: String(waiting.length + 1), sha256 }, resolve, reject });
          if (waiting.length === expected) callPsc();
        });
      },
    },
    abort(reason) {
      if (called) return;
      failed = { reason };
      failAll(reason);
    },
  };
}
