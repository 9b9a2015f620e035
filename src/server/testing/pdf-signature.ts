import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { PDFDict, PDFDocument, PDFHexString, PDFString } from 'pdf-lib';

/**
 * Independent checks of a signed PDF for the tests: the byte range and the CMS are read from
 * the file's bytes, then verified by pkijs (signature over the signed attributes, message
 * digest of the byte range, chain to the test root) and, where the machine has it, by
 * OpenSSL's `cms -verify` — neither shares code with how Prontu signed.
 */

export interface PdfSignature {
  byteRange: [number, number, number, number];
  /** The bytes the signature covers: all of the file but the /Contents hex string. */
  signedContent: Uint8Array<ArrayBuffer>;
  /** The CMS ContentInfo, DER, padding removed. */
  cms: Uint8Array<ArrayBuffer>;
  /** The signature dictionary as written, its /Contents left out. */
  dictionary: string;
}

export function extractPdfSignature(pdf: Uint8Array): PdfSignature {
  const text = Buffer.from(pdf).toString('latin1');
  const match = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text);
  if (!match) throw new Error('no /ByteRange in the PDF');
  const byteRange = match.slice(1, 5).map(Number) as PdfSignature['byteRange'];
  const [start, firstLength, second, secondLength] = byteRange;
  const signedContent = Buffer.concat([
    pdf.subarray(start, start + firstLength),
    pdf.subarray(second, second + secondLength),
  ]);
  const hex = text.slice(start + firstLength + 1, second - 1);
  const der = Buffer.from(hex, 'hex');
  // The CMS is followed by zero padding: its own length says where it ends.
  const parsed = asn1js.fromBER(der);
  if (parsed.offset === -1) throw new Error('the /Contents is not DER');
  const dictionaryStart = text.lastIndexOf('<<', match.index);
  return {
    byteRange,
    signedContent: new Uint8Array(signedContent),
    cms: new Uint8Array(der.subarray(0, parsed.offset)),
    dictionary: `${text.slice(dictionaryStart, start + firstLength)}${text.slice(second, text.indexOf('endobj', second))}`,
  };
}

export interface PkijsVerification {
  signatureVerified: boolean;
  /** The OIDs of the signer's signed attributes. */
  signedAttributes: string[];
  /** The embedded certificates' subjects' common names. */
  certificates: number;
  signedData: pkijs.SignedData;
}

export async function verifyWithPkijs(
  signature: PdfSignature,
  trustedRoot: Uint8Array<ArrayBuffer>,
): Promise<PkijsVerification> {
  const contentInfo = pkijs.ContentInfo.fromBER(signature.cms);
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  // pkijs throws when the signature or the chain does not verify.
  const signatureVerified = await signedData
    .verify({
      signer: 0,
      data: signature.signedContent.slice().buffer,
      trustedCerts: [pkijs.Certificate.fromBER(trustedRoot)],
      checkChain: true,
      extendedMode: true,
    })
    .then(
      (result) => result.signatureVerified === true,
      () => false,
    );
  return {
    signatureVerified,
    signedAttributes:
      signedData.signerInfos[0]?.signedAttrs?.attributes.map((attribute) => attribute.type) ?? [],
    certificates: signedData.certificates?.length ?? 0,
    signedData,
  };
}

/** OpenSSL's verdict, or undefined where the `openssl` command is not installed. */
export function verifyWithOpenssl(
  signature: PdfSignature,
  trustedRootPem: string,
): { verified: boolean; output: string } | undefined {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'prontu-cms-'));
  try {
    writeFileSync(path.join(folder, 'content.bin'), signature.signedContent);
    writeFileSync(path.join(folder, 'signature.der'), signature.cms);
    writeFileSync(path.join(folder, 'root.pem'), trustedRootPem);
    try {
      const output = execFileSync(
        'openssl',
        ['cms', '-verify', '-binary', '-inform', 'DER', '-in', 'signature.der',
          '-content', 'content.bin', '-CAfile', 'root.pem', '-purpose', 'any', '-out', '/dev/null'],
        { cwd: folder, stdio: ['ignore', 'pipe', 'pipe'] },
      ); // prettier-ignore
      return { verified: true, output: output.toString() };
    } catch (error) {
      const stderr = (error as { stderr?: Buffer }).stderr?.toString() ?? String(error);
      return { verified: false, output: stderr };
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * Poppler's `pdfsig` verdict on a signed PDF's first signature — a third verifier, which reads
 * the file as a PDF reader does (its ByteRange, its /SubFilter) — or undefined where `pdfsig` is
 * not installed. The certificate's chain is left to pkijs and OpenSSL (`-nocert`): pdfsig would
 * look for the test root in an NSS database.
 */
export function verifyWithPdfsig(
  pdf: Uint8Array,
): { valid: boolean; wholeDocument: boolean; subFilter: string; output: string } | undefined {
  try {
    execFileSync('pdfsig', ['-v'], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  const folder = mkdtempSync(path.join(tmpdir(), 'prontu-pdfsig-'));
  try {
    writeFileSync(path.join(folder, 'signed.pdf'), pdf);
    let output: string;
    try {
      output = execFileSync('pdfsig', ['-nocert', 'signed.pdf'], {
        cwd: folder,
        stdio: ['ignore', 'pipe', 'pipe'],
      }).toString();
    } catch (error) {
      // pdfsig exits non-zero when a signature does not verify; its report is still on stdout.
      output = (error as { stdout?: Buffer }).stdout?.toString() ?? String(error);
    }
    return {
      valid: /Signature Validation: Signature is Valid\./.test(output),
      wholeDocument: /Total document signed/.test(output),
      subFilter: /Signature Type: (\S+)/.exec(output)?.[1] ?? '',
      output,
    };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

/** The PDF's Info dictionary as text: where the ITI's metadata is. */
export async function pdfInfoOf(pdf: Uint8Array): Promise<Map<string, string>> {
  const loaded = await PDFDocument.load(pdf, { updateMetadata: false });
  const info = loaded.context.lookup(loaded.context.trailerInfo.Info, PDFDict);
  return new Map(
    info
      .entries()
      .map(([key, value]) => [
        key.decodeText(),
        value instanceof PDFHexString || value instanceof PDFString ? value.decodeText() : '',
      ]),
  );
}
