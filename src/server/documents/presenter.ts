import {
  DOCUMENT_TITLES,
  type ClinicalDocument,
  type DocumentBody,
  type DocumentIssue,
} from '@shared/documents/clinical-document';
import { documentText } from '@shared/documents/document-text';
import { isoTimestamp } from '@shared/lib/iso-timestamp';
import { formatDate, formatTime } from '@shared/lib/pt-br-format';
import type { ClinicalDocumentRow } from '../db/schema';
import { itiMetadataOf } from '@shared/documents/iti-metadata';
import type { DocumentPdfOptions } from '../pdf/document-pdf';
import { signPreparedPdf } from '../signing/pades';
import type { SignatureDevice } from '../signing/signature-device';
import type { RunHeavyJob } from '../workers/heavy-work';

/** A stored document's kind and content, as one body. */
export function documentBodyOf(row: ClinicalDocumentRow): DocumentBody {
  // The kind and its content were written together from one checked body (repository.ts).
  return { kind: row.kind, content: row.content } as DocumentBody;
}

/**
 * A document's PDF: an issued one as it was issued, with its validation block, or a draft as it
 * would be issued now (`issue`), marked as such; a cancelled one says when and why.
 * @param validationUrl - its validation page, once issued
 */
function documentPdfOf(
  row: ClinicalDocumentRow,
  issue: DocumentIssue,
  validationUrl: string | undefined,
  runJob: RunHeavyJob,
): Promise<Uint8Array<ArrayBuffer>> {
  return runJob({
    kind: 'document-pdf',
    text: documentText(documentBodyOf(row), issue),
    options: pdfOptionsOf(row, issue, validationUrl),
  });
}

/**
 * A document's PDF as it stands: a signed one is the file exactly as signed (the signature
 * covers its bytes); any other is rendered (a cancelled one with its cancellation).
 * @param runJob - renders it off the request thread (workers/heavy-work.ts)
 */
export async function currentDocumentPdf(
  row: ClinicalDocumentRow,
  issue: DocumentIssue,
  validationUrl: string | undefined,
  signedPdfOf: (documentId: string) => Promise<Uint8Array<ArrayBuffer> | undefined>,
  runJob: RunHeavyJob,
): Promise<Uint8Array<ArrayBuffer>> {
  const signed = row.status === 'assinado' ? await signedPdfOf(row.id) : undefined;
  return signed ?? documentPdfOf(row, issue, validationUrl, runJob);
}

/**
 * The PDF of an issued document signed by `device`: the same words, a line saying who signed
 * it and when, and the ITI's metadata.
 */
export async function signedDocumentPdfOf(
  row: ClinicalDocumentRow,
  issue: DocumentIssue,
  validationUrl: string,
  signature: { device: SignatureDevice; signer: string; signedAt: Date },
  runJob: RunHeavyJob,
): Promise<Uint8Array<ArrayBuffer>> {
  const at = signature.signedAt.toISOString();
  const prepared = await runJob({
    kind: 'document-pdf',
    text: documentText(documentBodyOf(row), issue, at),
    options: {
      ...pdfOptionsOf(row, issue, validationUrl),
      signature: { signer: signature.signer, at: `${formatDate(at)} às ${formatTime(at)}` },
    },
    signature: {
      signer: signature.signer,
      reason: DOCUMENT_TITLES[row.kind],
      signedAt: signature.signedAt,
      metadata: itiMetadataOf(row.kind, issue.doctor),
    },
  });
  return signPreparedPdf(prepared, signature.device);
}

function pdfOptionsOf(
  row: ClinicalDocumentRow,
  issue: DocumentIssue,
  validationUrl: string | undefined,
): DocumentPdfOptions {
  return {
    ...(validationUrl !== undefined && row.secretCode !== null
      ? { validation: { url: validationUrl, secretCode: row.secretCode } }
      : {}),
    draft: row.status === 'rascunho',
    ...(row.status === 'cancelado'
      ? {
          cancellation: `CANCELADO em ${formatDate(row.cancelledAt ?? issue.at)}: ${row.cancelReason ?? ''}`,
        }
      : {}),
    metadata: {
      title: `${DOCUMENT_TITLES[row.kind]} — ${issue.patient.name}`,
      author: issue.doctor.name,
      createdAt: new Date(issue.at),
    },
  };
}

/**
 * A stored document as the API answers it: unset fields left out, instants as ISO strings, and
 * its validation address once issued.
 * @param validationBase - the origin its public validation page is served from (PUBLIC_URL)
 */
export function presentDocument(
  row: ClinicalDocumentRow,
  validationBase: string,
): ClinicalDocument {
  const document: ClinicalDocument = {
    ...documentBodyOf(row),
    id: row.id,
    status: row.status,
    patientId: row.patientId,
    version: row.version,
    createdAt: isoTimestamp(row.createdAt),
    updatedAt: isoTimestamp(row.updatedAt),
  };
  if (row.recordId !== null) document.recordId = row.recordId;
  if (row.issue !== null) document.issue = row.issue;
  if (row.publicId !== null && row.secretCode !== null) {
    document.validation = {
      url: validationUrlOf(validationBase, row.publicId),
      secretCode: row.secretCode,
    };
  }
  if (row.signedAt !== null) document.signedAt = isoTimestamp(row.signedAt);
  if (row.cancelledAt !== null) {
    document.cancellation = { at: isoTimestamp(row.cancelledAt), reason: row.cancelReason ?? '' };
  }
  return document;
}

/**
 * The origin validation pages are served from: PUBLIC_URL, or else the request's own (as the
 * same-origin check does).
 */
export function validationBaseOf(publicOrigin: string | undefined, requestUrl: string): string {
  return publicOrigin ?? new URL(requestUrl).origin;
}

/** The public page where anyone holding a document and its code checks it. */
export function validationUrlOf(validationBase: string, publicId: string): string {
  return `${validationBase}/validar/${encodeURIComponent(publicId)}`;
}
