import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

/**
 * A throwaway PKI shaped like ICP-Brasil's, made when a test starts: a root, an intermediate
 * authority, and A1 certificates for doctors (e-CPF: 'NAME:CPF' as common name, the CPF in the
 * subject alternative name's otherName 2.16.76.1.3.1), handed out as PKCS#12 files encrypted
 * with 3DES, as the certificate authorities export them. node-forge makes and wraps them; the
 * code under test reads them with its own stack.
 */

interface Authority {
  certificate: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
}

export interface TestPki {
  root: Authority;
  intermediate: Authority;
  /** The root's certificate, DER: what a verifier trusts. */
  rootDer: Uint8Array<ArrayBuffer>;
}

export interface DoctorCertificateOptions {
  name: string;
  cpf: string;
  password: string;
  /** Default: valid from yesterday for a year. */
  notBefore?: Date;
  notAfter?: Date;
  /** 'encryption' makes a certificate whose key may only encipher keys. */
  usage?: 'signing' | 'encryption';
  /** Leave the ICP-Brasil otherName out, as a certificate from outside ICP-Brasil has it. */
  withoutPersonData?: boolean;
  /** A file without a MAC: its bags are decrypted with no check first. */
  withoutMac?: boolean;
}

const DAY = 24 * 60 * 60 * 1000;
let serial = 1;

function rsaKeys(bits = 2048): forge.pki.rsa.KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: bits });
  return {
    privateKey: forge.pki.privateKeyFromPem(
      privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    ),
    publicKey: forge.pki.publicKeyFromPem(
      publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    ),
  };
}

const name = (commonName: string, unit: string): forge.pki.CertificateField[] => [
  { shortName: 'C', value: 'BR' },
  { shortName: 'O', value: 'ICP-Brasil' },
  { shortName: 'OU', value: unit },
  { shortName: 'CN', value: commonName },
];

function certificate(options: {
  subject: forge.pki.CertificateField[];
  publicKey: forge.pki.PublicKey;
  issuer: Authority | 'self';
  selfKey?: forge.pki.rsa.PrivateKey;
  notBefore: Date;
  notAfter: Date;
  extensions: object[];
}): forge.pki.Certificate {
  const cert = forge.pki.createCertificate();
  cert.publicKey = options.publicKey;
  cert.serialNumber = (serial++).toString(16).padStart(4, '0');
  cert.validity.notBefore = options.notBefore;
  cert.validity.notAfter = options.notAfter;
  cert.setSubject(options.subject);
  cert.setIssuer(
    options.issuer === 'self' ? options.subject : options.issuer.certificate.subject.attributes,
  );
  cert.setExtensions(options.extensions);
  const key = options.issuer === 'self' ? options.selfKey : options.issuer.key;
  if (key === undefined) throw new Error('a self-signed certificate needs its key');
  cert.sign(key, forge.md.sha256.create());
  return cert;
}

const derOf = (cert: forge.pki.Certificate) =>
  new Uint8Array(
    Buffer.from(forge.asn1.toDer(forge.pki.certificateToAsn1(cert)).getBytes(), 'binary'),
  );

function authority(commonName: string, issuer: Authority | 'self'): Authority {
  const keys = rsaKeys();
  const now = Date.now();
  return {
    key: keys.privateKey,
    certificate: certificate({
      subject: name(commonName, 'Autoridade Certificadora de Teste'),
      publicKey: keys.publicKey,
      issuer,
      selfKey: keys.privateKey,
      notBefore: new Date(now - 30 * DAY),
      notAfter: new Date(now + 3650 * DAY),
      extensions: [
        { name: 'basicConstraints', cA: true, critical: true },
        { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
        { name: 'subjectKeyIdentifier' },
      ],
    }),
  };
}

export function createTestPki(): TestPki {
  const root = authority('Autoridade Certificadora Raiz de Teste', 'self');
  const intermediate = authority('AC Prontu Teste v1', root);
  return { root, intermediate, rootDer: derOf(root.certificate) };
}

// Context-specific tags [0] and [1]: forge types a tag number as its universal type of that
// number (NONE is 0, BOOLEAN is 1).
const CONTEXT_TAG_0 = forge.asn1.Type.NONE;
const CONTEXT_TAG_1 = forge.asn1.Type.BOOLEAN;

/** The subject alternative name of an e-CPF: otherName 2.16.76.1.3.1 with birth date and CPF. */
function personDataAltName(cpf: string): forge.asn1.Asn1 {
  const { asn1 } = forge;
  // ddmmaaaa, CPF, NIS (11), RG (15), issuer and UF (6): 51 characters.
  const personData = `12031961${cpf}${'0'.repeat(11)}${'123456789'.padStart(15, '0')}SSPSP `;
  return asn1.create(asn1.Class.UNIVERSAL, asn1.Type.SEQUENCE, true, [
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, CONTEXT_TAG_0, true, [
      asn1.create(
        asn1.Class.UNIVERSAL,
        asn1.Type.OID,
        false,
        asn1.oidToDer('2.16.76.1.3.1').getBytes(),
      ),
      asn1.create(asn1.Class.CONTEXT_SPECIFIC, CONTEXT_TAG_0, true, [
        asn1.create(asn1.Class.UNIVERSAL, asn1.Type.OCTETSTRING, false, personData),
      ]),
    ]),
    asn1.create(asn1.Class.CONTEXT_SPECIFIC, CONTEXT_TAG_1, false, 'medico@example.com'),
  ]);
}

/** A doctor's A1 certificate as a `.pfx` file (PKCS#12, 3DES) with its whole chain. */
export function doctorPfx(
  pki: TestPki,
  options: DoctorCertificateOptions,
): Uint8Array<ArrayBuffer> {
  const keys = rsaKeys();
  const now = Date.now();
  const signing = (options.usage ?? 'signing') === 'signing';
  const leaf = certificate({
    subject: name(`${options.name}:${options.cpf}`, 'Certificado PF A1'),
    publicKey: keys.publicKey,
    issuer: pki.intermediate,
    notBefore: options.notBefore ?? new Date(now - DAY),
    notAfter: options.notAfter ?? new Date(now + 365 * DAY),
    extensions: [
      { name: 'basicConstraints', cA: false },
      signing
        ? {
            name: 'keyUsage',
            digitalSignature: true,
            nonRepudiation: true,
            keyEncipherment: true,
            critical: true,
          }
        : { name: 'keyUsage', keyEncipherment: true, critical: true },
      ...(options.withoutPersonData
        ? []
        : [{ id: '2.5.29.17', value: personDataAltName(options.cpf) }]),
    ],
  });
  const file = forge.pkcs12.toPkcs12Asn1(
    keys.privateKey,
    [leaf, pki.intermediate.certificate, pki.root.certificate],
    options.password,
    { algorithm: '3des', friendlyName: options.name, useMac: options.withoutMac !== true },
  );
  return new Uint8Array(Buffer.from(forge.asn1.toDer(file).getBytes(), 'binary'));
}

export const certificateDerOf = derOf;

/**
 * `file` with every key-derivation iteration count (its MAC's, each encrypted bag's) set to
 * `count`: what a hostile upload asking for rounds looks like. Its MAC no longer verifies.
 */
export function pfxAskingForRounds(file: Uint8Array, count: number): Uint8Array<ArrayBuffer> {
  const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(file).toString('binary')));
  setIterations(asn1, count);
  return new Uint8Array(Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'));
}

/** Sets each count that follows a salt (MacData and PBE parameters alike) under `node`. */
function setIterations(node: forge.asn1.Asn1, count: number): void {
  if (Array.isArray(node.value)) {
    node.value.forEach((child, index, siblings) => {
      const next = siblings[index + 1];
      if (
        child.type === forge.asn1.Type.OCTETSTRING &&
        next?.type === forge.asn1.Type.INTEGER &&
        !next.constructed
      ) {
        next.value = forge.asn1.integerToDer(count).getBytes();
      }
      setIterations(child, count);
    });
  } else if (node.type === forge.asn1.Type.OCTETSTRING && node.value.length > 2) {
    // The bags are DER inside OCTET STRINGs: parsed, changed and written back.
    try {
      const inner = forge.asn1.fromDer(forge.util.createBuffer(node.value));
      setIterations(inner, count);
      node.value = forge.asn1.toDer(inner).getBytes();
    } catch {
      // A salt, or an encrypted bag's bytes.
    }
  }
}
