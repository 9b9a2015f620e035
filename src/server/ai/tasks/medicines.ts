import { findDosingHint } from '@clinical/medications/dosing';
import { withDispenseQuantity } from '@clinical/prescriptions/dispense-plan';
import type { ExtractionResult } from '@shared/ai/extraction';
import type { Medication } from '@shared/records/medical-record';

/**
 * Prescribed medicines as the server answers them: each one's quantity to dispense computed here
 * from its parts (docs/receitas.md). A model's own number, whatever it claims, is dropped first.
 */
export function withComputedQuantities(medications: readonly Medication[]): Medication[] {
  return medications.map(({ dispenseQuantity: _untrusted, ...medication }) =>
    withDispenseQuantity(medication),
  );
}

/** An extraction whose prescribed medicines carry their computed quantities to dispense. */
export function extractionWithQuantities(extraction: ExtractionResult): ExtractionResult {
  const medications = extraction.prescriptions.medications;
  if (!medications) return extraction;
  return {
    ...extraction,
    prescriptions: {
      ...extraction.prescriptions,
      medications: withComputedQuantities(medications),
    },
  };
}

/** A mentioned medicine with the dosing table's usual dose where the text said nothing. */
export function withDosingHint(medication: Medication): Medication {
  const hint = findDosingHint(medication.name);
  if (!hint) return medication;
  return {
    ...medication,
    dosage: medication.dosage ?? hint.dosage,
    frequency: medication.frequency ?? hint.frequency,
    duration: medication.duration ?? hint.duration,
    instructions: medication.instructions ?? hint.instructions,
  };
}
