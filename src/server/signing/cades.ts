import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import type { SignatureDevice } from './signature-device';

/**
 * The CMS a PAdES signature holds (`ETSI.CAdES.detached`), built with pkijs: a SignedData over
 * the PDF's byte range with the signed attributes the ICP-Brasil policy PA_PAdES_AD_RB_v1_1
 * (DOC-ICP-15.03) mandates — content-type, message-digest, signing-certificate-v2 and the
 * signature-policy-identifier — SHA-256, and the whole certificate chain. The policy forbids
 * a CMS signing-time attribute in PAdES: the signing time is the signature dictionary's /M.
 */

export const OIDS = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signaturePolicy: '1.2.840.113549.1.9.16.2.15',
  policyUri: '1.2.840.113549.1.9.16.5.1',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
} as const;

/**
 * ICP-Brasil's policy for PAdES signatures with a basic reference (AD-RB), version 1.1: its OID,
 * where it is published, and the SHA-256 hash the policy document itself declares (its
 * signPolicyHash, the value validators compare; read from PA_PAdES_AD_RB_v1_1.der, valid until
 * 2029-03-02).
 */
export const AD_RB_POLICY = {
  oid: '2.16.76.1.7.1.11.1.1',
  uri: 'http://politicas.icpbrasil.gov.br/PA_PAdES_AD_RB_v1_1.der',
  sha256: '44fc5816eb2d705d8c8f022a7f93b3fb49edfae1a7b9149ef6fab833e9bb63f8',
} as const;

const sha256 = (bytes: Uint8Array) => new Uint8Array(createHash('sha256').update(bytes).digest());
const sha256Algorithm = () => new pkijs.AlgorithmIdentifier({ algorithmId: OIDS.sha256 });
const hexBytes = (hex: string) => new Uint8Array(Buffer.from(hex, 'hex'));

const attribute = (type: string, value: asn1js.AsnType) =>
  new pkijs.Attribute({ type, values: [value] });

/** ESS signing-certificate-v2 (RFC 5035): the signer's certificate hash, issuer and serial. */
function signingCertificateV2(certificate: pkijs.Certificate, der: Uint8Array): asn1js.Sequence {
  const essCertIdV2 = new asn1js.Sequence({
    value: [
      // hashAlgorithm is left out: SHA-256 is its DEFAULT, which DER omits.
      new asn1js.OctetString({ valueHex: sha256(der) }),
      new asn1js.Sequence({
        value: [
          new asn1js.Sequence({
            value: [new pkijs.GeneralName({ type: 4, value: certificate.issuer }).toSchema()],
          }),
          new asn1js.Integer({ valueHex: certificate.serialNumber.valueBlock.valueHexView }),
        ],
      }),
    ],
  });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

/** signature-policy-identifier (RFC 5126, 5.8.1) naming the AD-RB policy. */
function signaturePolicyId(): asn1js.Sequence {
  return new asn1js.Sequence({
    value: [
      new asn1js.ObjectIdentifier({ value: AD_RB_POLICY.oid }),
      new asn1js.Sequence({
        value: [
          sha256Algorithm().toSchema(),
          new asn1js.OctetString({ valueHex: hexBytes(AD_RB_POLICY.sha256) }),
        ],
      }),
      new asn1js.Sequence({
        value: [
          new asn1js.Sequence({
            value: [
              new asn1js.ObjectIdentifier({ value: OIDS.policyUri }),
              new asn1js.IA5String({ value: AD_RB_POLICY.uri }),
            ],
          }),
        ],
      }),
    ],
  });
}

const derOf = (schema: { toSchema(): asn1js.AsnType }) =>
  new Uint8Array(schema.toSchema().toBER(false));

function compareBytes(left: Uint8Array, right: Uint8Array): number {
  const length = Math.min(left.length, right.length);
  for (let index = 0; index < length; index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return left.length - right.length;
}

/**
 * The DER-encoded CMS ContentInfo of a detached signature of `content` by `device`.
 */
export async function detachedCades(
  content: Uint8Array,
  device: SignatureDevice,
): Promise<Uint8Array<ArrayBuffer>> {
  const signer = pkijs.Certificate.fromBER(device.certificate);
  const chain = device.chain.map((der) => pkijs.Certificate.fromBER(der));

  // DER sorts a SET OF by its members' encodings; verifiers that re-encode the signed
  // attributes (OpenSSL does) check the signature against that order, so it is signed in it.
  const signedAttributes = [
    attribute(OIDS.contentType, new asn1js.ObjectIdentifier({ value: OIDS.data })),
    attribute(OIDS.messageDigest, new asn1js.OctetString({ valueHex: sha256(content) })),
    attribute(OIDS.signingCertificateV2, signingCertificateV2(signer, device.certificate)),
    attribute(OIDS.signaturePolicy, signaturePolicyId()),
  ]
    .map((entry) => ({ entry, der: derOf(entry) }))
    .sort((left, right) => compareBytes(left.der, right.der))
    .map(({ entry }) => entry);
  const signedAttrs = new pkijs.SignedAndUnsignedAttributes({
    type: 0,
    attributes: signedAttributes,
  });
  // What is signed is the attributes as a SET (tag 0x31), not as the [0] the SignerInfo holds.
  const toBeSigned = derOf(signedAttrs);
  toBeSigned[0] = 0x31;
  const signature = await device.sign(toBeSigned);

  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OIDS.data }),
    digestAlgorithms: [sha256Algorithm()],
    certificates: [signer, ...chain],
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({
          issuer: signer.issuer,
          serialNumber: signer.serialNumber,
        }),
        digestAlgorithm: sha256Algorithm(),
        signedAttrs,
        signatureAlgorithm: new pkijs.AlgorithmIdentifier({
          algorithmId: OIDS.sha256WithRsa,
          algorithmParams: new asn1js.Null(),
        }),
        signature: new asn1js.OctetString({ valueHex: signature }),
      }),
    ],
  });
  const contentInfo = new pkijs.ContentInfo({
    contentType: OIDS.signedData,
    content: signedData.toSchema(true),
  });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
}
