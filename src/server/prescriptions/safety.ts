import { checkPrescriptionSafety } from '@clinical/medications/safety-check';
import { localDay } from '@shared/lib/local-day';
import {
  warningsAwaitingReason,
  type SafetyReason,
  type SafetyWarning,
} from '@shared/prescriptions/safety-warnings';
import type { Prescription } from '@shared/prescriptions/prescription';
import { receitaSafetyCheck } from '@shared/prescriptions/receita-safety';
import type { AppDatabase } from '../db/database';
import { createRecordRepository } from '../medical-records/repository';
import { presentPatient } from '../patients/presenter';
import { createPatientRepository } from '../patients/repository';

/** What the check reads of a receita: its medicines, what it says of its patient, and links. */
export type CheckedReceita = Pick<Prescription, 'medications' | 'patientAge' | 'patientSex'> & {
  patientId?: string | null | undefined;
  recordId?: string | null | undefined;
};

/**
 * The prescribing safety check of receitas on the server, with all it knows of the patient: her
 * chart and the visit the receita came from (docs/receitas.md, "Onde a checagem aparece"). The
 * same rule the screens show decides here whether a receita may be issued or signed, so no
 * screen (nor a client of the API) can let one out past an unanswered warning.
 */
export function createReceitaSafety(db: AppDatabase) {
  const patients = createPatientRepository(db);
  const records = createRecordRepository(db);

  /** The receita's warnings, gravest first. */
  const warningsOf = async (userId: string, receita: CheckedReceita): Promise<SafetyWarning[]> => {
    if (receita.medications.length === 0) return [];
    const [patient, visit] = await Promise.all([
      receita.patientId ? patients.find(userId, receita.patientId) : undefined,
      receita.recordId ? records.find(userId, receita.recordId) : undefined,
    ]);
    const chart = patient ? presentPatient(patient, localDay(new Date())) : undefined;
    const check = receitaSafetyCheck(
      receita,
      chart,
      visit
        ? {
            patientInfo: visit.patientInfo ?? undefined,
            physicalExam: visit.physicalExam ?? undefined,
          }
        : undefined,
    );
    return checkPrescriptionSafety(check.medications, check.patient);
  };

  return {
    warningsOf,

    /** The grave and contraindicated warnings of the receita that have no reason among its own. */
    async awaitingReason(
      userId: string,
      receita: CheckedReceita & { safetyReasons?: readonly SafetyReason[] | undefined },
    ): Promise<SafetyWarning[]> {
      return warningsAwaitingReason(await warningsOf(userId, receita), receita.safetyReasons ?? []);
    },
  };
}
