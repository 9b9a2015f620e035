import type { SafetyCheckRequest } from './api/catalogues';
import type { Patient } from './patient';
import type { ReceitaPrescription } from './receita-document';

/**
 * An age as a receita writes it ('45', '45 anos', '1 ano'), in whole years; a baby's age in
 * months or days ('8 meses') is under a year. Nothing for what is not an age.
 */
export function receitaAgeInYears(written: string): number | undefined {
  const age = /^\s*(\d{1,3})\s*(anos?|a)?\s*$/i.exec(written);
  if (age?.[1]) return Number(age[1]);
  if (/^\s*\d{1,3}\s*(m[eê]s|meses|dias?|semanas?)\s*$/i.test(written)) return 0;
  return undefined;
}

/**
 * What the prescribing safety check reads of a receita: its medicines, and its patient — her
 * chart when the receita names her (age, sex, allergies, medicines in use), what the receita says
 * otherwise.
 * @param receita - the receita as held
 * @param chart - her chart, once read
 */
export function receitaSafetyCheck(
  receita: Pick<ReceitaPrescription, 'medications' | 'patientAge' | 'patientSex'>,
  chart?: Pick<Patient, 'age' | 'sex' | 'allergies' | 'medications'>,
): SafetyCheckRequest {
  const age = chart?.age ?? receitaAgeInYears(receita.patientAge);
  const sex = receita.patientSex ?? chart?.sex;
  return {
    medications: receita.medications.map(({ name, dosage, frequency }) => ({
      name,
      ...(dosage ? { dosage } : {}),
      ...(frequency ? { frequency } : {}),
    })),
    patient: {
      ...(age !== undefined ? { age } : {}),
      ...(sex ? { sex } : {}),
      ...(chart?.allergies.length ? { allergies: chart.allergies } : {}),
      ...(chart?.medications.length ? { medicationsInUse: chart.medications } : {}),
    },
  };
}
