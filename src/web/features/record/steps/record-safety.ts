import type { SafetyWarning } from '../../../../shared/prescription-safety';
import type { WorkingRecord } from '../../../../shared/record-flow';
import { checkedMedications, visitSafetyPatient } from '../../../../shared/receita-safety';
import { useSafetyCheck } from '../../../prescriptions/safety-warnings';

/** The prescribing safety check of the record's prescription, as it is being written. */
export function usePrescriptionSafety(record: WorkingRecord): SafetyWarning[] {
  return useSafetyCheck({
    medications: checkedMedications(record.prescriptions?.medications ?? []),
    patient: visitSafetyPatient(record),
  });
}
