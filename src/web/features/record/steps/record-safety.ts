import type { SafetyWarning } from '@shared/prescriptions/safety-warnings';
import type { WorkingRecord } from '@shared/records/flow';
import { checkedMedications, visitSafetyPatient } from '@shared/prescriptions/receita-safety';
import { useSafetyCheck } from '../../../components/receitas/safety-warnings';

/** The prescribing safety check of the record's prescription, as it is being written. */
export function usePrescriptionSafety(record: WorkingRecord): SafetyWarning[] {
  return useSafetyCheck({
    medications: checkedMedications(record.prescriptions?.medications ?? []),
    patient: visitSafetyPatient(record),
  });
}
