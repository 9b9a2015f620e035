import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import forge from 'node-forge';
import { PDFDict, PDFDocument, PDFHexString, PDFName, StandardFonts } from 'pdf-lib';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  extractPdfSignature,
  verifyWithOpenssl,
  verifyWithPdfsig,
  verifyWithPkijs,
} from '../testing/pdf-signature';
import {
  certificateDerOf,
  createTestPki,
  doctorPfx,
  pfxAskingForRounds,
  type TestPki,
} from '../testing/test-pki';
import { AD_RB_POLICY, OIDS } from './cades';
import { openCertificate, sealCertificate } from './custody';
import { certificateFacts } from './icp-brasil-certificate';
import { preparePdfForSignature, signPreparedPdf } from './pades';
import { readPkcs12, type CertificateBundle } from './pkcs12';
import { a1Device } from './signature-device';

const PASSWORD = 'senha-do-certificado-1';
const CPF = '52998224725';
const SIGNING_TIME_OID = '1.2.840.113549.1.9.5';

let pki: TestPki;
let pfx: Uint8Array<ArrayBuffer>;
let rootPem: string;

beforeAll(() => {
  pki = createTestPki();
  pfx = doctorPfx(pki, { name: 'HELENA PRADO', cpf: CPF, password: PASSWORD });
  rootPem = forge.pki.certificateToPem(pki.root.certificate);
});

function bundleOf(file: Uint8Array, password = PASSWORD): CertificateBundle {
  const reading = readPkcs12(file, password);
  if (reading.kind !== 'read')
    throw new Error(`could not read the test certificate: ${reading.kind}`);
  return reading.bundle;
}

describe('readPkcs12', () => {
  it('opens an A1 file with its password: the key, the holder certificate and the chain above it', () => {
    const bundle = bundleOf(pfx);
    expect(bundle.privateKey.asymmetricKeyType).toBe('rsa');
    expect(bundle.chain).toHaveLength(2);
    expect(Buffer.from(bundle.chain[0] ?? [])).toEqual(
      Buffer.from(certificateDerOf(pki.intermediate.certificate)),
    );
    expect(Buffer.from(bundle.chain[1] ?? [])).toEqual(Buffer.from(pki.rootDer));
  });

  it('refuses a file that asks for more key-derivation rounds than the limit, without running them', () => {
    // The same file, its MAC now asking for 5 million rounds (forge would run them on the loop).
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(pfx).toString('binary')));
    const macData = (asn1.value as forge.asn1.Asn1[])[2];
    const iterations = (macData?.value as forge.asn1.Asn1[] | undefined)?.[2];
    if (!iterations) throw new Error('the test file has no MacData');
    iterations.value = forge.asn1.integerToDer(5_000_000).getBytes();
    const hostile = Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
    // Had forge run the rounds, the MAC (made with 2,048) would not verify: 'wrong-password'.
    expect(readPkcs12(hostile, PASSWORD).kind).toBe('unreadable');
  });

  it('refuses a file of many encrypted bags before deriving any key', () => {
    // The file's authenticated contents (its ContentInfos, the key bag among them) copied eight
    // times: nine derivations, each under the per-derivation limit. Had forge derived them, the
    // MAC would not verify: 'wrong-password'.
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(Buffer.from(pfx).toString('binary')));
    const authSafe = (asn1.value as forge.asn1.Asn1[])[1];
    const explicit = (authSafe?.value as forge.asn1.Asn1[] | undefined)?.[1];
    const data = (explicit?.value as forge.asn1.Asn1[] | undefined)?.[0];
    if (!data || typeof data.value !== 'string') throw new Error('the test file has no authSafe');
    const contents = forge.asn1.fromDer(forge.util.createBuffer(data.value));
    const infos = contents.value as forge.asn1.Asn1[];
    contents.value = Array.from({ length: 8 }, () => infos).flat();
    data.value = forge.asn1.toDer(contents).getBytes();
    const hostile = Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary');
    expect(readPkcs12(hostile, PASSWORD).kind).toBe('unreadable');
  });

  it('refuses a file whose derivations, each allowed, ask for too many rounds in all', () => {
    // Every iteration count of the file (its MAC's, its key bag's) set to 600,000: 1.2 million.
    const hostile = pfxAskingForRounds(pfx, 600_000);
    expect(readPkcs12(hostile, PASSWORD).kind).toBe('unreadable');
    // The file as made still opens.
    expect(readPkcs12(pfx, PASSWORD).kind).toBe('read');
  });

  it('tells a wrong password from a file that is not a certificate', () => {
    expect(readPkcs12(pfx, 'outra-senha').kind).toBe('wrong-password');
    expect(readPkcs12(new TextEncoder().encode('não é um pfx'), PASSWORD).kind).toBe('unreadable');
  });
});

describe('certificateFacts', () => {
  it('reads the holder from the common name and the CPF from otherName 2.16.76.1.3.1', () => {
    const facts = certificateFacts(bundleOf(pfx).certificate);
    expect(facts).toMatchObject({
      holder: 'HELENA PRADO',
      cpf: CPF,
      issuer: 'AC Prontu Teste v1',
      signs: true,
    });
    expect(facts.notAfter.getTime()).toBeGreaterThan(Date.now());
    expect(facts.fingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it('finds no CPF outside ICP-Brasil, and no signing use in an encryption-only key', () => {
    const foreign = doctorPfx(pki, {
      name: 'X',
      cpf: CPF,
      password: PASSWORD,
      withoutPersonData: true,
    });
    expect(certificateFacts(bundleOf(foreign).certificate).cpf).toBeNull();
    const encryption = doctorPfx(pki, {
      name: 'X',
      cpf: CPF,
      password: PASSWORD,
      usage: 'encryption',
    });
    expect(certificateFacts(bundleOf(encryption).certificate).signs).toBe(false);
  });
});

describe('custody of the certificate file', () => {
  it('opens only with the password and for the doctor it was sealed for', async () => {
    const sealed = await sealCertificate(pfx, PASSWORD, 'user-a');
    expect(Buffer.from((await openCertificate(sealed, PASSWORD, 'user-a')) ?? [])).toEqual(
      Buffer.from(pfx),
    );
    expect(await openCertificate(sealed, 'senha-errada', 'user-a')).toBeNull();
    expect(await openCertificate(sealed, PASSWORD, 'user-b')).toBeNull();
  });

  it('keeps neither the file nor the password in clear', async () => {
    const sealed = await sealCertificate(pfx, PASSWORD, 'user-a');
    const stored = Buffer.concat([sealed.salt, sealed.iv, sealed.sealed]);
    expect(stored.includes(Buffer.from(pfx.subarray(0, 64)))).toBe(false);
    expect(stored.includes(Buffer.from(PASSWORD))).toBe(false);
    // A new salt each time: two seals of the same file differ.
    const again = await sealCertificate(pfx, PASSWORD, 'user-a');
    expect(Buffer.from(again.salt)).not.toEqual(Buffer.from(sealed.salt));
  });
});

describe('a prepared PDF signed (PAdES, ICP-Brasil AD-RB)', () => {
  const METADATA = {
    '2.16.76.1.12.1.2': '',
    '2.16.76.1.4.2.2.1': '123456',
    '2.16.76.1.4.2.2.2': 'SP',
  };
  let signed: Uint8Array<ArrayBuffer>;
  let bundle: CertificateBundle;

  beforeAll(async () => {
    bundle = bundleOf(pfx);
    const pdf = await PDFDocument.create();
    const page = pdf.addPage();
    page.drawText('Atestado médico de teste', {
      font: await pdf.embedFont(StandardFonts.Helvetica),
    });
    const prepared = await preparePdfForSignature(pdf, {
      signer: 'HELENA PRADO',
      reason: 'Atestado médico',
      location: 'São Paulo/SP',
      signedAt: new Date('2026-11-27T12:00:00Z'),
      metadata: METADATA,
    });
    signed = await signPreparedPdf(prepared, a1Device(bundle));
  });

  it('covers the whole file but the signature itself', () => {
    const signature = extractPdfSignature(signed);
    const [start, , second, secondLength] = signature.byteRange;
    expect(start).toBe(0);
    expect(second + secondLength).toBe(signed.length);
  });

  it('verifies with pkijs and OpenSSL, chained to the root', async () => {
    const signature = extractPdfSignature(signed);
    const verification = await verifyWithPkijs(signature, pki.rootDer);
    expect(verification.signatureVerified).toBe(true);
    expect(verification.certificates).toBe(3);
    const openssl = verifyWithOpenssl(signature, rootPem);
    if (openssl !== undefined) expect(openssl).toMatchObject({ verified: true });
    // This machine has OpenSSL; CI's too (PostgreSQL's packages bring it).
    if (process.env.CI !== undefined || process.env.PRONTU_REQUIRE_OPENSSL !== undefined) {
      expect(openssl).toBeDefined();
    }
  });

  it("verifies with poppler's pdfsig, over the whole file, as ETSI.CAdES.detached", () => {
    const pdfsig = verifyWithPdfsig(signed);
    if (pdfsig !== undefined) {
      expect(pdfsig, pdfsig.output).toMatchObject({
        valid: true,
        wholeDocument: true,
        subFilter: 'ETSI.CAdES.detached',
      });
    }
    // CI installs poppler-utils (.ci/run); elsewhere pdfsig is checked where present.
    if (process.env.CI !== undefined) expect(pdfsig).toBeDefined();
  });

  it('does not chain to a root other than the one that issued it', async () => {
    const stranger = createTestPki();
    const signature = extractPdfSignature(signed);
    expect((await verifyWithPkijs(signature, stranger.rootDer)).signatureVerified).toBe(false);
    const openssl = verifyWithOpenssl(
      signature,
      forge.pki.certificateToPem(stranger.root.certificate),
    );
    if (openssl !== undefined) expect(openssl.verified).toBe(false);
  });

  it('fails once one byte of the signed file changes', async () => {
    const tampered = signed.slice();
    const offset = Buffer.from(tampered).indexOf('Atestado');
    const at = offset > 0 ? offset : 100;
    tampered[at] = (tampered[at] ?? 0) ^ 0x01;
    const signature = extractPdfSignature(tampered);
    expect((await verifyWithPkijs(signature, pki.rootDer)).signatureVerified).toBe(false);
    const openssl = verifyWithOpenssl(signature, rootPem);
    if (openssl !== undefined) expect(openssl.verified).toBe(false);
    const pdfsig = verifyWithPdfsig(tampered);
    if (pdfsig !== undefined) expect(pdfsig.valid, pdfsig.output).toBe(false);
  });

  it('carries the AD-RB attributes and no CMS signing time', async () => {
    const verification = await verifyWithPkijs(extractPdfSignature(signed), pki.rootDer);
    expect([...verification.signedAttributes].sort()).toEqual(
      [
        OIDS.contentType,
        OIDS.messageDigest,
        OIDS.signingCertificateV2,
        OIDS.signaturePolicy,
      ].sort(),
    );
    expect(verification.signedAttributes).not.toContain(SIGNING_TIME_OID);
    const attributes = verification.signedData.signerInfos[0]?.signedAttrs?.attributes ?? [];
    const valueOf = (type: string): unknown =>
      attributes.find((entry) => entry.type === type)?.values[0];

    // signing-certificate-v2: SHA-256 of the signer's certificate.
    const essCertId = (valueOf(OIDS.signingCertificateV2) as asn1js.Sequence).valueBlock
      .value[0] as asn1js.Sequence;
    const certHash = (essCertId.valueBlock.value[0] as asn1js.Sequence).valueBlock
      .value[0] as asn1js.OctetString;
    expect(Buffer.from(certHash.valueBlock.valueHexView).toString('hex')).toBe(
      createHash('sha256').update(bundle.certificate).digest('hex'),
    );

    // signature-policy-identifier: the policy's OID, its hash and its address.
    const policy = valueOf(OIDS.signaturePolicy) as asn1js.Sequence;
    const [oid, hash, qualifiers] = policy.valueBlock.value as [
      asn1js.ObjectIdentifier,
      asn1js.Sequence,
      asn1js.Sequence,
    ];
    expect(oid.valueBlock.toString()).toBe(AD_RB_POLICY.oid);
    const digest = hash.valueBlock.value[1] as asn1js.OctetString;
    expect(Buffer.from(digest.valueBlock.valueHexView).toString('hex')).toBe(AD_RB_POLICY.sha256);
    // sigPolicyQualifiers: one SPuri qualifier naming where the policy is published.
    const qualifier = qualifiers.valueBlock.value[0];
    expect(qualifier).toBeInstanceOf(asn1js.Sequence);
    const [qualifierId, uri] =
      qualifier instanceof asn1js.Sequence ? qualifier.valueBlock.value : [];
    expect(
      qualifierId instanceof asn1js.ObjectIdentifier && qualifierId.valueBlock.toString(),
    ).toBe(OIDS.policyUri);
    expect(uri instanceof asn1js.IA5String && uri.getValue()).toBe(AD_RB_POLICY.uri);
    expect(verification.signedData.digestAlgorithms.map((entry) => entry.algorithmId)).toEqual([
      OIDS.sha256,
    ]);
  });

  it('is ETSI.CAdES.detached with DocMDP P=2 and its signing time in /M', async () => {
    const { dictionary } = extractPdfSignature(signed);
    expect(dictionary).toContain('/SubFilter /ETSI.CAdES.detached');
    expect(dictionary).toContain('/TransformMethod /DocMDP');
    expect(dictionary).toMatch(/\/P 2\b/);
    expect(dictionary).toContain('/M (D:20261127120000Z)');
    const loaded = await PDFDocument.load(signed);
    const perms = loaded.catalog.lookup(PDFName.of('Perms'), PDFDict);
    expect(perms.get(PDFName.of('DocMDP'))).toBeDefined();
  });

  it('carries the ITI metadata in the document information dictionary', async () => {
    const loaded = await PDFDocument.load(signed, { updateMetadata: false });
    const info = loaded.context.lookup(loaded.context.trailerInfo.Info, PDFDict);
    for (const [key, value] of Object.entries(METADATA)) {
      const entry = info.get(PDFName.of(key));
      expect(entry, key).toBeInstanceOf(PDFHexString);
      expect((entry as PDFHexString).decodeText()).toBe(value);
    }
  });

  it("embeds a certificate pkijs reads as the holder's", () => {
    const verification = pkijs.Certificate.fromBER(bundle.certificate);
    expect(verification.subject.typesAndValues.length).toBeGreaterThan(0);
  });
});
