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

/**
 * The most key-derivation rounds a file may ask for. A PKCS#12 file names its own iteration
 * counts (for its MAC and each encrypted bag) and node-forge runs them in JavaScript on the
 * event loop: a 64 KB upload asking for 2^31 rounds would stall the server for minutes. Real
 * files ask for 2,048 (OpenSSL, Windows) to about 100,000.
 */
export const MAX_KDF_ITERATIONS = 1_000_000;

type KeyDerivation = (...args: unknown[]) => unknown;

/** Makes forge's `owner[name]` refuse an iteration count (argument `countIndex`) over the limit. */
function capIterations(owner: object, name: string, countIndex: number): void {
  const original = Reflect.get(owner, name) as KeyDerivation;
  Reflect.set(owner, name, (...args: unknown[]) => {
    const count = args[countIndex];
    if (typeof count === 'number' && count > MAX_KDF_ITERATIONS) {
      throw new Error(`PKCS#12 asks for ${count} key-derivation rounds, over the limit`);
    }
    return original(...args);
  });
}
// The three derivations forge reads a PKCS#12 file with: the MAC key, the legacy PKCS#12 PBE
// (3DES, RC2) and PBES2's PBKDF2 (AES).
capIterations(forge.pkcs12, 'generateKey', 3);
capIterations(Reflect.get(forge.pki, 'pbe') as object, 'generatePkcs12Key', 3);
capIterations(forge.pkcs5, 'pbkdf2', 2);

/**
 * The most key derivations one file may ask for, and the most rounds in all: a real A1 file asks
 * for three (its MAC, its key, its certificates). Each derivation runs on the event loop, so a
 * file made of many encrypted bags, each under the per-derivation limit, would still stall the
 * server; the file is refused before any round runs.
 */
export const MAX_KDF_DERIVATIONS = 6;
export const MAX_KDF_TOTAL_ITERATIONS = MAX_KDF_ITERATIONS;

const ASN1 = forge.asn1.Type;

/** An INTEGER's value, or Infinity when it is too long to be a sensible count. */
function integerValue(node: forge.asn1.Asn1): number {
  const bytes = typeof node.value === 'string' ? node.value : '';
  if (bytes.length === 0 || bytes.length > 6) return Number.POSITIVE_INFINITY;
  return Number(BigInt(`0x${forge.util.bytesToHex(bytes)}`));
}

const isOfType = (node: forge.asn1.Asn1 | undefined, type: forge.asn1.Type) =>
  node?.tagClass === forge.asn1.Class.UNIVERSAL && node.type === type;

/**
 * The iteration counts a PKCS#12 file asks for, read from its structure without a password:
 * the MAC's (MacData: digest, salt, count) and each PBE or PBKDF2 parameter set (salt, count),
 * inside the plain parts too (an OCTET STRING holding DER is read as such; encrypted parts are
 * not readable, and their parameters sit outside them).
 */
function derivationsAsked(root: forge.asn1.Asn1): number[] {
  const counts: number[] = [];
  const pending: forge.asn1.Asn1[] = [root];
  // Every node is visited once: the file is at most 64 KB.
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    if (Array.isArray(node.value)) {
      const [first, second, third] = node.value;
      if (isOfType(node, ASN1.SEQUENCE)) {
        if (isOfType(first, ASN1.OCTETSTRING) && second && isOfType(second, ASN1.INTEGER)) {
          counts.push(integerValue(second));
        } else if (
          isOfType(first, ASN1.SEQUENCE) &&
          isOfType(second, ASN1.OCTETSTRING) &&
          third &&
          isOfType(third, ASN1.INTEGER)
        ) {
          counts.push(integerValue(third));
        }
      }
      pending.push(...node.value);
    } else if (isOfType(node, ASN1.OCTETSTRING) && node.value.length > 2) {
      try {
        pending.push(forge.asn1.fromDer(forge.util.createBuffer(node.value)));
      } catch {
        // Not DER: a salt, a digest or encrypted bytes.
      }
    }
  }
  return counts;
}

/** Whether a file asks for more derivations, or more rounds in all, than a real one. */
function asksTooMuch(root: forge.asn1.Asn1): boolean {
  const counts = derivationsAsked(root);
  const total = counts.reduce((sum, count) => sum + count, 0);
  return counts.length > MAX_KDF_DERIVATIONS || total > MAX_KDF_TOTAL_ITERATIONS;
}

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
    if (asksTooMuch(asn1)) return { kind: 'unreadable' };
    file = forge.pkcs12.pkcs12FromAsn1(asn1, false, password);
  } catch (error) {
    // forge's words for a MAC that does not verify, or (a file without a MAC) for bags that do
    // not decrypt: what a wrong password gives.
    const wrongPassword =
      error instanceof Error &&
      /Invalid password|wrong password|Failed to decrypt/i.test(error.message);
    return { kind: wrongPassword ? 'wrong-password' : 'unreadable' };
  }
  try {
    return bundleOf(file);
  } catch {
    // A certificate forge read but Node's X.509 parser does not.
    return { kind: 'unreadable' };
  }
}

function bundleOf(file: forge.pkcs12.Pkcs12Pfx): Pkcs12Reading {
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

  // forge keeps the ASN.1 of a certificate it cannot parse (one of a non-RSA authority).
  const certificates = bagsOf(file, BAG.certificate).flatMap((bag) => {
    // Typed as always there; at run time only on the bags forge did not parse.
    const raw = Reflect.get(bag, 'asn1') as forge.asn1.Asn1 | undefined;
    const asn1 = bag.cert ? forge.pki.certificateToAsn1(bag.cert) : raw;
    return asn1 ? [derOf(forge.asn1.toDer(asn1).getBytes())] : [];
  });
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
