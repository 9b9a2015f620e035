import { SignPdf } from '@signpdf/signpdf';
import {
  DEFAULT_BYTE_RANGE_PLACEHOLDER,
  Signer,
  SUBFILTER_ETSI_CADES_DETACHED,
} from '@signpdf/utils';
import {
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFInvalidObject,
  PDFName,
  PDFNumber,
  PDFString,
  type PDFDocument,
} from 'pdf-lib';
import { detachedCades } from './cades';
import type { SignatureDevice } from './signature-device';

/**
 * A PAdES signature on a PDF made with pdf-lib: the signature dictionary (`Adobe.PPKLite`,
 * `ETSI.CAdES.detached`, signing time in /M) with DocMDP P=2 — after signing, only form
 * filling and further signatures are allowed, as a prescription must stay as it was signed —
 * an invisible signature field on the first page, and the ITI's metadata in the document
 * information dictionary. @signpdf computes the byte range and places the CMS.
 */

/** Room for the CMS, in hex digits: 16 KiB of DER, enough for a chain of four 4096-bit certificates. */
const SIGNATURE_HEX_LENGTH = 32_768;
/** Annotation flags: Print (4) and Locked (128). */
const WIDGET_FLAGS = 132;

export interface PdfSignatureRequest {
  /** Who signs, as the signature dictionary names them. */
  signer: string;
  reason: string;
  location?: string;
  signedAt: Date;
  /**
   * Entries for the document information dictionary, by key: the ITI's VALIDAR reads the
   * professional's registration and the document type from there ('Guia de Orientações aos
   * Desenvolvedores').
   */
  metadata: Readonly<Record<string, string>>;
}

class CadesSigner extends Signer {
  constructor(private readonly device: SignatureDevice) {
    super();
  }

  override async sign(content: Buffer): Promise<Buffer> {
    return Buffer.from(await detachedCades(content, this.device));
  }
}

function addSignatureField(pdf: PDFDocument, request: PdfSignatureRequest): void {
  const { context } = pdf;
  const byteRange = PDFArray.withContext(context);
  byteRange.push(PDFNumber.of(0));
  for (let index = 0; index < 3; index += 1) {
    byteRange.push(PDFName.of(DEFAULT_BYTE_RANGE_PLACEHOLDER));
  }
  const signature = context.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: SUBFILTER_ETSI_CADES_DETACHED,
    ByteRange: byteRange,
    Contents: PDFHexString.of('0'.repeat(SIGNATURE_HEX_LENGTH)),
    Name: PDFHexString.fromText(request.signer),
    Reason: PDFHexString.fromText(request.reason),
    ...(request.location === undefined
      ? {}
      : { Location: PDFHexString.fromText(request.location) }),
    M: PDFString.fromDate(request.signedAt),
    Reference: [
      {
        Type: 'SigRef',
        TransformMethod: 'DocMDP',
        TransformParams: { Type: 'TransformParams', P: 2, V: '1.2' },
      },
    ],
    Prop_Build: { App: { Name: 'Prontu' } },
  });
  // Written as it is, never into an object stream: the signer finds its placeholders in the bytes.
  const bytes = new Uint8Array(signature.sizeInBytes());
  signature.copyBytesInto(bytes, 0);
  const signatureRef = context.register(PDFInvalidObject.of(bytes));

  const page = pdf.getPage(0);
  const widgetRef = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      Rect: [0, 0, 0, 0],
      V: signatureRef,
      T: PDFHexString.fromText('Assinatura do médico'),
      F: WIDGET_FLAGS,
      P: page.ref,
    }),
  );
  page.node.addAnnot(widgetRef);
  // SigFlags 3: the document has signatures, and is to be saved by appending only.
  pdf.catalog.set(PDFName.of('AcroForm'), context.obj({ Fields: [widgetRef], SigFlags: 3 }));
  pdf.catalog.set(PDFName.of('Perms'), context.obj({ DocMDP: signatureRef }));
}

function setMetadata(pdf: PDFDocument, metadata: Readonly<Record<string, string>>): void {
  const info = pdf.context.lookup(pdf.context.trailerInfo.Info, PDFDict);
  for (const [key, value] of Object.entries(metadata)) {
    info.set(PDFName.of(key), PDFHexString.fromText(value));
  }
}

/**
 * `pdf` saved with its metadata and an empty signature of the right size: the heavy part of
 * signing, which runs in a worker (workers/heavy-jobs.ts); {@link signPreparedPdf} fills it.
 */
export async function preparePdfForSignature(
  pdf: PDFDocument,
  request: PdfSignatureRequest,
): Promise<Uint8Array<ArrayBuffer>> {
  setMetadata(pdf, request.metadata);
  addSignatureField(pdf, request);
  return new Uint8Array(await pdf.save({ useObjectStreams: false }));
}

/**
 * The signed PDF: a file from {@link preparePdfForSignature} with `device`'s CMS over its byte
 * range. Hashing the file and building the CMS take milliseconds, and the device (the key in
 * this request's memory, or a remote signer) stays on the request's side.
 */
export async function signPreparedPdf(
  prepared: Uint8Array,
  device: SignatureDevice,
): Promise<Uint8Array<ArrayBuffer>> {
  const signed = await new SignPdf().sign(Buffer.from(prepared), new CadesSigner(device));
  return new Uint8Array(signed);
}
