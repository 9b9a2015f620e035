import {
  DOCUMENT_TITLES,
  documentAgreement,
  documentIssueOf,
  missingIssuerFields,
  type ClinicalDocument,
} from '@shared/documents/clinical-document';
import { API_ERRORS } from '@shared/api/errors';
import { listInWords } from '@shared/lib/pt-br-format';
import type { AppDatabase } from '../db/database';
import type { ClinicalDocumentRow } from '../db/schema';
import { conflict, notFound } from '../http/errors';
import { createRecordRepository } from '../medical-records/repository';
import { PATIENT_NOT_FOUND } from '../patients/own-patient';
import { createPatientRepository } from '../patients/repository';
import { createSettingsRepository } from '../settings/repository';
import type { PaperSigningPlan } from '../signing/signature-device';
import type { RunHeavyJob } from '../workers/heavy-work';
import { presentDocument, signedDocumentPdfOf, validationUrlOf } from './presenter';
import {
  createDocumentRepository,
  type DocumentIssuance,
  type DocumentWriteOutcome,
} from './repository';
import { newPublicId, newSecretCode } from './validation-code';

export const DOCUMENT_NOT_FOUND = 'Documento não encontrado.';
const ORIENTACOES_APPROVED_FIRST =
  'Aprove e emita as orientações ao paciente antes de assiná-las: o médico revê o texto antes que ele chegue ao paciente.';
const DOCUMENT_CHANGED_WHILE_SIGNING = API_ERRORS.document_changed.message;

/** 409 for a write the document's status does not take, with the document as it is. */
export function documentStatusConflict(current: ClinicalDocumentRow, document: ClinicalDocument) {
  const details = { document };
  switch (current.status) {
    case 'rascunho':
      return conflict(API_ERRORS.document_draft.message, 'document_draft', details);
    case 'cancelado':
      return conflict(API_ERRORS.document_cancelled.message, 'document_cancelled', details);
    case 'emitido':
    case 'assinado':
      return conflict(API_ERRORS.document_issued.message, 'document_issued', details);
  }
}

/** Who issues the doctor's documents now and for whom: her settings and the patient as they are. */
export function createDocumentIssuance(db: AppDatabase) {
  const patients = createPatientRepository(db);
  const records = createRecordRepository(db);
  const settings = createSettingsRepository(db);

  /**
   * Who would issue the document now and for whom: the doctor's settings and the patient as
   * they are, with this instant. Issuing freezes this copy; a draft's preview shows it.
   */
  const issueNow = async (
    doctorId: string,
    draft: Pick<ClinicalDocumentRow, 'patientId' | 'recordId'>,
  ) => {
    const profile = await settings.profile(doctorId);
    const patient = await patients.find(doctorId, draft.patientId);
    if (!patient) throw notFound(PATIENT_NOT_FOUND);
    const visit =
      draft.recordId === null ? undefined : await records.find(doctorId, draft.recordId);
    const issue = documentIssueOf(profile, patient, new Date(), visit?.teleconsulta ?? undefined);
    return { profile, issue };
  };

  /**
   * What issuing `draft` now freezes: the issue's copy, its public id and code. 409
   * `issuer_incomplete` while the settings lack what a document must carry.
   */
  const issuanceOf = async (
    doctorId: string,
    draft: ClinicalDocumentRow,
  ): Promise<DocumentIssuance> => {
    const { profile, issue } = await issueNow(doctorId, draft);
    const missing = missingIssuerFields(profile);
    if (missing.length > 0) {
      throw conflict(
        `Para emitir ${documentAgreement(draft.kind).article} ${DOCUMENT_TITLES[draft.kind].toLowerCase()}, preencha nas Configurações: ${listInWords(missing)}.`,
        'issuer_incomplete',
      );
    }
    return { issue, publicId: newPublicId(), secretCode: newSecretCode() };
  };

  return { issueNow, issuanceOf };
}

/** A document checked for signing: its PDF made with a device, then saved as signed. */
export type DocumentSigningPlan = PaperSigningPlan<ClinicalDocumentRow>;

/**
 * Signing the doctor's documents (docs/documentos.md, "Assinatura digital (ICP-Brasil)"), split
 * so that a batch checks every paper before any is signed and saves only once all are.
 */
export function createDocumentSigning(deps: { db: AppDatabase }) {
  const documents = createDocumentRepository(deps.db);
  const { issuanceOf } = createDocumentIssuance(deps.db);

  /** The row written, or the conflict it ended in. */
  const writtenOr = (outcome: DocumentWriteOutcome, origin: string): ClinicalDocumentRow => {
    switch (outcome.kind) {
      case 'written':
        return outcome.row;
      case 'not-found':
        throw notFound(DOCUMENT_NOT_FOUND);
      case 'stale':
        throw conflict(DOCUMENT_CHANGED_WHILE_SIGNING, 'document_changed', {
          document: presentDocument(outcome.current, origin),
        });
      case 'refused':
        throw documentStatusConflict(outcome.current, presentDocument(outcome.current, origin));
    }
  };

  return {
    /**
     * Checks the doctor's document `id` may be signed now (issuing a draft on the way).
     * @param origin - where validation pages are served from
     * @param expectedVersion - the version the client saw (If-Match), if it sent one
     * @throws HttpError 404 (not hers), 409 (signed, cancelled, changed, settings incomplete)
     */
    async plan(
      doctorId: string,
      id: string,
      origin: string,
      runJob: RunHeavyJob,
      expectedVersion?: number,
    ): Promise<DocumentSigningPlan> {
      const current = await documents.find(doctorId, id);
      if (!current) throw notFound(DOCUMENT_NOT_FOUND);
      const presented = () => presentDocument(current, origin);
      if (expectedVersion !== undefined && expectedVersion !== current.version) {
        throw conflict(DOCUMENT_CHANGED_WHILE_SIGNING, 'document_changed', {
          document: presented(),
        });
      }
      if (current.status === 'assinado') {
        throw conflict(API_ERRORS.document_signed.message, 'document_signed', {
          document: presented(),
        });
      }
      if (current.status !== 'rascunho' && current.status !== 'emitido') {
        throw documentStatusConflict(current, presented());
      }
      // Issuing is the doctor's approval of the page (docs/documentos.md, "Orientações ao
      // paciente"): a draft of it is never issued on the way to a signature.
      if (current.kind === 'orientacoes' && current.status === 'rascunho') {
        throw conflict(ORIENTACOES_APPROVED_FIRST, 'document_draft', { document: presented() });
      }
      const issuance =
        current.status === 'rascunho' ? await issuanceOf(doctorId, current) : undefined;
      // A draft is signed as the issued document it becomes: no draft band in the signed file.
      const issued =
        issuance === undefined ? current : { ...current, ...issuance, status: 'emitido' as const };
      const { issue, publicId } = issued;
      if (!issue || publicId === null) throw documentStatusConflict(current, presented());
      return {
        id,
        signedPdf: (signature) =>
          signedDocumentPdfOf(issued, issue, validationUrlOf(origin, publicId), signature, runJob),
        save: async (pdf, signature) =>
          writtenOr(
            await documents.sign(
              doctorId,
              id,
              { pdf, certificateFingerprint: signature.fingerprint, signedAt: signature.signedAt },
              issuance,
              current.version,
            ),
            origin,
          ),
      };
    },
  };
}
