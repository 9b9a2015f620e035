import type { ClinicalDocument, DocumentBody } from '../../shared/clinical-document';
import { isoTimestamp } from '../../shared/iso-timestamp';
import type { ClinicalDocumentRow } from '../db/schema';

/**
 * A stored document as the API answers it: unset fields left out, instants as ISO strings, and
 * its validation address once issued.
 * @param validationBase - the origin its public validation page is served from (PUBLIC_URL)
 */
export function presentDocument(
  row: ClinicalDocumentRow,
  validationBase: string,
): ClinicalDocument {
  // The kind and its content were written together from one checked body (repository.ts).
  const body = { kind: row.kind, content: row.content } as DocumentBody;
  const document: ClinicalDocument = {
    ...body,
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

/** The public page where anyone holding a document and its code checks it. */
export function validationUrlOf(validationBase: string, publicId: string): string {
  return `${validationBase}/validar/${encodeURIComponent(publicId)}`;
}
