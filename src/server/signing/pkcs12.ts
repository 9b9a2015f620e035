import { createPrivateKey, createPublicKey, X509Certificate, type KeyObject } from 'node:crypto';
import forge from 'node-forge';

/** What an A1 certificate file holds: the signing key, its certificate and the chain above it. */
export interface CertificateBundle {
  privateKey: KeyObject;
  /** The holder's certificate, DER. */
  certificate: Uint8Array<ArrayBuffer>;
  /** The certificates above it, the issuer first, as the file has them (DER). */
  chain: Uint8Array<ArrayBuffer>[];
}

export type Pkcs12Reading =
  | { kind: 'read'; bundle: CertificateBundle }
  | { kind: 'wrong-password' }
  | { kind: 'unreadable' }
  | { kind: 'no-key' };

/** The PKCS#12 bag types (RFC 7292, 4.2). */
const BAG = {
  key: '1.2.840.113549.1.12.10.1.1',
  shroudedKey: '1.2.840.113549.1.12.10.1.2',
  certificate: '1.2.840.113549.1.12.10.1.3',
} as const;

const bagsOf = (file: forge.pkcs12.Pkcs12Pfx, bagType: string): forge.pkcs12.Bag[] =>
  file.getBags({ bagType })[bagType] ?? [];

const isRsaKey = (key: unknown): key is forge.pki.rsa.PrivateKey =>
  typeof key === 'object' && key !== null && 'n' in key && 'd' in key;

const derOf = (binary: string) => new Uint8Array(Buffer.from(binary, 'binary'));

/**
 * Opens a PKCS#12 file (`.pfx`/`.p12`) with its password. node-forge reads it because it knows
 * the legacy encryptions ICP-Brasil A1 files still come in (3DES and RC2 with SHA-1, as Windows
 * and most certificate authorities export them) as well as PBES2 with AES; WebCrypto knows none.
 * Only RSA keys are read: the ICP-Brasil A1 certificates for people are RSA.
 */
export function readPkcs12(bytes: Uint8Array, password: string): Pkcs12Reading {
  let file: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(bytes).toString('binary')));
    file = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    // forge's words for a MAC that does not verify: what a wrong password gives.
    const wrongPassword = error instanceof Error && /Invalid password/i.test(error.message);
    return { kind: wrongPassword ? 'wrong-password' : 'unreadable' };
  }

  const keyBags = [...bagsOf(file, BAG.shroudedKey), ...bagsOf(file, BAG.key)];
  // forge leaves `key` null for a key that is not RSA.
  const rsaKey = keyBags.map((bag): unknown => bag.key).find(isRsaKey);
  if (rsaKey === undefined) return { kind: 'no-key' };
  const privateKeyInfo = forge.pki.wrapRsaPrivateKey(forge.pki.privateKeyToAsn1(rsaKey));
  const privateKey = createPrivateKey({
    key: Buffer.from(forge.asn1.toDer(privateKeyInfo).getBytes(), 'binary'),
    format: 'der',
    type: 'pkcs8',
  });

  const certificates = bagsOf(file, BAG.certificate).flatMap((bag) =>
    bag.cert ? [derOf(forge.asn1.toDer(forge.pki.certificateToAsn1(bag.cert)).getBytes())] : [],
  );
  const publicKey = spkiOf(createPublicKey(privateKey));
  const leafIndex = certificates.findIndex(
    (der) => spkiOf(new X509Certificate(der).publicKey) === publicKey,
  );
  const certificate = certificates[leafIndex];
  if (certificate === undefined) return { kind: 'no-key' };
  const others = certificates.filter((_, index) => index !== leafIndex);
  return {
    kind: 'read',
    bundle: { privateKey, certificate, chain: chainAbove(certificate, others) },
  };
}

const spkiOf = (key: KeyObject) => key.export({ type: 'spki', format: 'der' }).toString('base64');

/** The certificates above `leaf`, each the issuer of the one before, as far as `pool` goes. */
export function chainAbove(
  leaf: Uint8Array<ArrayBuffer>,
  pool: readonly Uint8Array<ArrayBuffer>[],
): Uint8Array<ArrayBuffer>[] {
  const chain: Uint8Array<ArrayBuffer>[] = [];
  let current = new X509Certificate(leaf);
  const remaining = [...pool];
  for (;;) {
    const index = remaining.findIndex((der) => current.checkIssued(new X509Certificate(der)));
    const issuer = remaining[index];
    if (issuer === undefined) return chain;
    remaining.splice(index, 1);
    chain.push(issuer);
    const next = new X509Certificate(issuer);
    // A self-signed root ends the chain.
    if (next.checkIssued(next)) return chain;
    current = next;
  }
}
