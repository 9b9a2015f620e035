import type { SafetyCheckRequest } from '../../../../shared/api/catalogues';
import type { SafetyWarning } from '../../../../shared/prescription-safety';
import type { WorkingRecord } from '../../../../shared/record-flow';
import { useSafetyCheck } from '../../../prescriptions/safety-warnings';

/** What the check reads of the record: the medicines, and the patient's step and weight. */
function safetyCheckOf(record: WorkingRecord): SafetyCheckRequest {
  const info = record.patientInfo;
  const weight = record.physicalExam?.vitalSigns?.weight;
  return {
    medications: (record.prescriptions?.medications ?? []).map(({ name, dosage, frequency }) => ({
      name,
      ...(dosage ? { dosage } : {}),
      ...(frequency ? { frequency } : {}),
    })),
    patient: {
      ...(info?.age !== undefined ? { age: info.age } : {}),
      ...(info?.gender ? { sex: info.gender } : {}),
      ...(weight ? { weightKg: weight } : {}),
      ...(info?.allergies?.length ? { allergies: info.allergies } : {}),
      ...(info?.medications?.length ? { medicationsInUse: info.medications } : {}),
      ...(info?.pregnant ? { pregnant: true } : {}),
      ...(info?.creatinineClearance !== undefined
        ? { creatinineClearance: info.creatinineClearance }
        : {}),
    },
  };
}

/** The prescribing safety check of the record's prescription, as it is being written. */
export function usePrescriptionSafety(record: WorkingRecord): SafetyWarning[] {
  return useSafetyCheck(safetyCheckOf(record));
}
