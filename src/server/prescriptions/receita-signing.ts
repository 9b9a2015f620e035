import { API_ERRORS } from '@shared/api/errors';
import { missingIssuerFields } from '@shared/documents/clinical-document';
import { listInWords } from '@shared/lib/pt-br-format';
import type { PrescriptionMedication } from '@shared/prescriptions/prescription';
import {
  mustIssueOnPaper,
  needsPatientDocument,
  patientDocumentRefusal,
} from '@shared/prescriptions/receita-class';
import type { SafetyReason } from '@shared/prescriptions/safety-warnings';
import { receitaClassOf } from '@clinical/prescriptions/medicine-receita-class';
import type { AppDatabase } from '../db/database';
import type { PrescriptionRow } from '../db/schema';
import { validationUrlOf } from '../documents/presenter';
import { newPublicId, newSecretCode } from '../documents/validation-code';
import { badRequest, conflict, notFound } from '../http/errors';
import { PATIENT_NOT_FOUND } from '../patients/own-patient';
import { createPatientRepository } from '../patients/repository';
import { createSettingsRepository } from '../settings/repository';
import type { PaperSigningPlan } from '../signing/signature-device';
import type { RunHeavyJob } from '../workers/heavy-work';
import { type PresentedPrescription, presentPrescription } from './presenter';
import { createReceitaPrinter, signedReceitaPdf, type ChartFacts } from './printing';
import { createPrescriptionRepository, type PrescriptionLifeOutcome } from './repository';
import { createReceitaSafety, type CheckedReceita } from './safety';

export const PRESCRIPTION_NOT_FOUND = 'Receita não encontrada.';
const PRESCRIPTION_CHANGED =
  'Esta receita foi alterada em outra aba ou dispositivo. Confira a versão atual antes de continuar.';

/** 409 for a write on a receita that named an older version: the current one comes along. */
export function prescriptionChanged(current: PresentedPrescription) {
  return conflict(PRESCRIPTION_CHANGED, 'prescription_changed', { prescription: current });
}

/** 409 for a signature or cancellation the receita's state does not take, with the receita. */
export function receitaLifeConflict(current: PrescriptionRow, presented: PresentedPrescription) {
  const details = { prescription: presented };
  if (current.cancelledAt !== null) {
    return conflict(API_ERRORS.prescription_cancelled.message, 'prescription_cancelled', details);
  }
  if (current.signedAt !== null) {
    return conflict(API_ERRORS.prescription_signed.message, 'prescription_signed', details);
  }
  return conflict(API_ERRORS.prescription_draft.message, 'prescription_draft', details);
}

/** A stored receita as the checks read it. */
export const checkedOf = (row: PrescriptionRow) => ({
  ...row.content,
  patientId: row.patientId,
  recordId: row.recordId,
});

/** What a receita must pass before it is issued or signed. */
export function createReceitaIssueChecks(db: AppDatabase) {
  const patients = createPatientRepository(db);
  const safety = createReceitaSafety(db);

  /** One of the doctor's patients, for what a receita prints of her chart (404 if not hers). */
  const chartOf = async (userId: string, patientId: string): Promise<ChartFacts> => {
    const patient = await patients.find(userId, patientId);
    if (!patient) throw notFound(PATIENT_NOT_FOUND);
    return patient;
  };

  return {
    chartOf,
    safety,

    /**
     * Refuses to issue or sign a receita whose grave or contraindicated warnings lack the
     * doctor's reason (409 `safety_reason_required`, with those warnings): the hold every screen
     * shows, kept where no screen can forget it.
     */
    assertSafeToIssue: async (
      userId: string,
      receita: CheckedReceita & { safetyReasons?: readonly SafetyReason[] | undefined },
    ) => {
      const awaiting = await safety.awaitingReason(userId, receita);
      if (awaiting.length > 0) {
        throw conflict(API_ERRORS.safety_reason_required.message, 'safety_reason_required', {
          warnings: awaiting,
        });
      }
    },

    /**
     * Refuses to issue a receita whose kind names the patient's document (RDC 1.000/2025) while
     * her chart has neither CPF nor passport: 400 `patient_document_required`, saying which.
     */
    assertPatientDocument: async (
      userId: string,
      receita: {
        patientId?: string | null | undefined;
        medications: readonly PrescriptionMedication[];
      },
    ) => {
      const kind = receitaClassOf(receita.medications);
      if (!needsPatientDocument(kind)) return;
      const chart = receita.patientId ? await chartOf(userId, receita.patientId) : undefined;
      if (chart?.cpf || chart?.passport) return;
      throw badRequest(
        patientDocumentRefusal(kind, chart !== undefined),
        'patient_document_required',
      );
    },
  };
}

/** A receita checked for signing: its PDF made with a device, then saved as signed. */
export type ReceitaSigningPlan = PaperSigningPlan<PrescriptionRow>;

/**
 * Signing the doctor's receitas (docs/receitas.md), split so that a batch checks every paper
 * before any is signed and saves only once all are.
 */
export function createReceitaSigning(deps: { db: AppDatabase }) {
  const prescriptions = createPrescriptionRepository(deps.db);
  const settings = createSettingsRepository(deps.db);
  const printer = createReceitaPrinter(deps.db);
  const checks = createReceitaIssueChecks(deps.db);

  /** The row written, or the conflict it ended in. */
  const writtenOr = (outcome: PrescriptionLifeOutcome, origin: string): PrescriptionRow => {
    switch (outcome.kind) {
      case 'not-found':
        throw notFound(PRESCRIPTION_NOT_FOUND);
      case 'stale':
        throw prescriptionChanged(presentPrescription(outcome.current, origin));
      case 'refused':
        throw receitaLifeConflict(outcome.current, presentPrescription(outcome.current, origin));
      case 'written':
        return outcome.row;
    }
  };

  return {
    /**
     * Checks the doctor's receita `id` may be signed now (finalising a draft on the way).
     * @param origin - where validation pages are served from
     * @param expectedVersion - the version the client saw (If-Match), if it sent one
     * @throws HttpError 404 (not hers), 409 (signed, cancelled, changed, on paper only…), 400
     */
    async plan(
      doctorId: string,
      id: string,
      origin: string,
      runJob: RunHeavyJob,
      expectedVersion?: number,
    ): Promise<ReceitaSigningPlan> {
      const current = await prescriptions.find(doctorId, id);
      if (!current) throw notFound(PRESCRIPTION_NOT_FOUND);
      const presented = () => presentPrescription(current, origin);
      if (expectedVersion !== undefined && expectedVersion !== current.version) {
        throw prescriptionChanged(presented());
      }
      if (current.signedAt !== null || current.cancelledAt !== null) {
        throw receitaLifeConflict(current, presented());
      }
      // A controlled or retained receita is valid electronically only with the SNCR's number,
      // which Prontu cannot get: it is printed and signed by hand (docs/conformidade.md).
      if (mustIssueOnPaper(receitaClassOf(current.content.medications))) {
        throw conflict(API_ERRORS.sncr_required.message, 'sncr_required', {
          prescription: presented(),
        });
      }
      await checks.assertPatientDocument(doctorId, checkedOf(current));
      await checks.assertSafeToIssue(doctorId, checkedOf(current));
      const profile = await settings.profile(doctorId);
      const missing = missingIssuerFields(profile);
      if (missing.length > 0) {
        throw conflict(
          `Para assinar a receita, preencha nas Configurações: ${listInWords(missing)}.`,
          'issuer_incomplete',
        );
      }
      const publicId = current.publicId ?? newPublicId();
      const secretCode = current.secretCode ?? newSecretCode();
      const receita = await printer.receitaOf(current);
      return {
        id,
        signedPdf: (signature) =>
          signedReceitaPdf(
            receita,
            profile,
            { url: validationUrlOf(origin, publicId), secretCode },
            signature,
            runJob,
          ),
        save: async (pdf, signature) =>
          writtenOr(
            await prescriptions.sign(doctorId, id, current.version, {
              pdf,
              certificateFingerprint: signature.fingerprint,
              signedAt: signature.signedAt,
              publicId,
              secretCode,
            }),
            origin,
          ),
      };
    },
  };
}
