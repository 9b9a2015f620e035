import type { MedicalRecord } from '../../shared/medical-record';
import type { Patient } from '../../shared/patient';
import type { Prescription } from '../../shared/prescription';

/**
 * Everything Prontu holds about one patient, as the API answers it, gathered for her to take
 * away (LGPD, art. 18: access and portability): who she is and her current lists, her visits,
 * and her receitas. `patientBundle` (patient-bundle.ts) writes it as FHIR, `patientSummaryHtml`
 * (patient-summary.ts) as a page for a person to read.
 */
export interface PatientExport {
  patient: Patient;
  /** Her visits, in any order. */
  records: MedicalRecord[];
  /** Her receitas, in any order. */
  prescriptions: Prescription[];
  /** When the export was made, ISO 8601 with its offset. */
  exportedAt: string;
}
