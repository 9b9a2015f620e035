import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

/**
 * Reads what an ICP-Brasil certificate for a person (e-CPF) says of its holder. DOC-ICP-04
 * puts the holder's data in the subject alternative name as `otherName`s: 2.16.76.1.3.1 is
 * the holder's birth date (ddmmaaaa), CPF (11 digits), NIS (11), RG (15) and its issuer and
 * UF (6), in that order; the subject's common name is 'NOME DO TITULAR:CPF'.
 */

const OID = {
  commonName: '2.5.4.3',
  subjectAltName: '2.5.29.17',
  keyUsage: '2.5.29.15',
  /** ICP-Brasil: the person's data (birth date, CPF, NIS, RG). */
  personData: '2.16.76.1.3.1',
} as const;

/** Key usage bits (RFC 5280, 4.2.1.3), as the first byte of the bit string holds them. */
const KEY_USAGE = { digitalSignature: 0x80, nonRepudiation: 0x40 } as const;

export interface CertificateFacts {
  /** The holder's name, as the common name gives it (before ':CPF'). */
  holder: string;
  /** The holder's CPF from otherName 2.16.76.1.3.1; null when the certificate has none. */
  cpf: string | null;
  /** The issuing authority's common name. */
  issuer: string;
  serialNumber: string;
  notBefore: Date;
  notAfter: Date;
  /** Whether its key may sign (digitalSignature or nonRepudiation). */
  signs: boolean;
  /** SHA-256 of the certificate, hex. */
  fingerprint: string;
}

const commonNameOf = (name: pkijs.RelativeDistinguishedNames): string => {
  const attribute = name.typesAndValues.find((entry) => entry.type === OID.commonName);
  return attribute === undefined ? '' : textOf(attribute.value);
};

/** The text of a string-like ASN.1 value: an OCTET STRING (as ICP-Brasil writes it) or a string. */
function textOf(value: unknown): string {
  if (value instanceof asn1js.OctetString) {
    return Buffer.from(value.valueBlock.valueHexView).toString('latin1');
  }
  if (value instanceof asn1js.BaseStringBlock) return value.getValue();
  return '';
}

/** The values of the subject alternative name's otherNames, by their type. */
function otherNamesOf(certificate: pkijs.Certificate): Map<string, string> {
  const names = new Map<string, string>();
  const extension = certificate.extensions?.find((entry) => entry.extnID === OID.subjectAltName);
  if (!(extension?.parsedValue instanceof pkijs.AltName)) return names;
  for (const name of extension.parsedValue.altNames) {
    if (name.type !== 0 || !(name.value instanceof asn1js.Constructed)) continue;
    const [type, wrapped] = name.value.valueBlock.value;
    if (!(type instanceof asn1js.ObjectIdentifier) || !(wrapped instanceof asn1js.Constructed)) {
      continue;
    }
    names.set(type.valueBlock.toString(), textOf(wrapped.valueBlock.value[0]));
  }
  return names;
}

function signsWith(certificate: pkijs.Certificate): boolean {
  const extension = certificate.extensions?.find((entry) => entry.extnID === OID.keyUsage);
  // No key usage extension: the key is not restricted (RFC 5280).
  if (extension === undefined) return true;
  if (!(extension.parsedValue instanceof asn1js.BitString)) return false;
  const bits = extension.parsedValue.valueBlock.valueHexView[0] ?? 0;
  return (bits & (KEY_USAGE.digitalSignature | KEY_USAGE.nonRepudiation)) !== 0;
}

/** What a certificate (DER) says of its holder, issuer, validity and use. Throws on a non-certificate. */
export function certificateFacts(der: Uint8Array<ArrayBuffer>): CertificateFacts {
  const certificate = pkijs.Certificate.fromBER(der);
  const personData = otherNamesOf(certificate).get(OID.personData);
  const cpf = personData?.slice(8, 19) ?? '';
  return {
    holder: commonNameOf(certificate.subject)
      .replace(/:\d{11}$/, '')
      .trim(),
    cpf: /^\d{11}$/.test(cpf) ? cpf : null,
    issuer: commonNameOf(certificate.issuer),
    serialNumber: Buffer.from(certificate.serialNumber.valueBlock.valueHexView).toString('hex'),
    notBefore: certificate.notBefore.value,
    notAfter: certificate.notAfter.value,
    signs: signsWith(certificate),
    fingerprint: createHash('sha256').update(der).digest('hex'),
  };
}
