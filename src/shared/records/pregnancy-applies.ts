import type { PatientInfo } from './medical-record';

/**
 * The ages at which the record asks whether the patient is pregnant (docs/product.md, "Etapa
 * Paciente"): from menarche to past menopause, with room on both sides.
 */
export const CHILDBEARING_AGE = { min: 10, max: 55 } as const;

/**
 * Whether 'Gestante' can apply to this patient: sex 'feminino' or 'outro', and an age not yet
 * known or from 10 to 55 anos. A man, a patient whose sex is not yet chosen, a girl of 6 or a
 * woman of 67 are not asked.
 * @param info - the visit's patient part
 */
export function pregnancyCanApply(info: Pick<PatientInfo, 'gender' | 'age'> | undefined): boolean {
  if (info?.gender !== 'feminino' && info?.gender !== 'outro') return false;
  return (
    info.age === undefined || (info.age >= CHILDBEARING_AGE.min && info.age <= CHILDBEARING_AGE.max)
  );
}

/**
 * A pregnancy the record states: ticked, and still possible for the patient as now recorded. A tick
 * left from before the age or sex was corrected is neither printed nor checked against.
 * @param info - the visit's patient part
 */
export function statesPregnancy(
  info: Pick<PatientInfo, 'gender' | 'age' | 'pregnant'> | undefined,
): boolean {
  return info?.pregnant === true && pregnancyCanApply(info);
}
