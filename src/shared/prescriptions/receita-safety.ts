import type { SafetyCheckRequest } from '../api/catalogues';
import type { PatientInfo, PhysicalExam } from '../records/medical-record';
import type { Patient } from '../patients/patient';
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

/** What a visit knows of its patient that a check needs: the patient step and the weight. */
export interface VisitFacts {
  patientInfo?: PatientInfo | undefined;
  physicalExam?: Pick<PhysicalExam, 'vitalSigns'> | undefined;
}

type CheckedPatient = NonNullable<SafetyCheckRequest['patient']>;

/**
 * What the safety check reads of a visit's patient: age, sex, weight, pregnancy, creatinine
 * clearance, allergies and medicines in use, as the record holds them.
 */
export function visitSafetyPatient(visit: VisitFacts): CheckedPatient {
  const info = visit.patientInfo;
  const weight = visit.physicalExam?.vitalSigns?.weight;
  return {
    ...(info?.age !== undefined ? { age: info.age } : {}),
    ...(info?.gender ? { sex: info.gender } : {}),
    ...(weight ? { weightKg: weight } : {}),
    ...(info?.allergies?.length ? { allergies: info.allergies } : {}),
    ...(info?.medications?.length ? { medicationsInUse: info.medications } : {}),
    ...(info?.pregnant ? { pregnant: true } : {}),
    ...(info?.creatinineClearance !== undefined
      ? { creatinineClearance: info.creatinineClearance }
      : {}),
  };
}

/** A liquid's concentration ('250 mg/5 ml', '200 mg/ml'), whose mL is not a dose. */
const CONCENTRATION = /\d+(?:[.,]\d+)?\s*(?:mcg|mg|g|ui)\s*\/\s*\d*(?:[.,]\d+)?\s*ml/g;

/** A count of solid units taken at once: '2 comprimidos', 'meio comprimido', '1 cápsula'. */
const UNITS_OF_ONE_STRENGTH =
  /^(?:\d+(?:[.,]\d+)?|meio|meia|uma?|dois|duas|três|tres)\s+(?:comprimidos?|cápsulas?|capsulas?|drágeas?|drageas?)$/i;
/** One unit's strength: '750 mg', '1 g', '50 mcg'. */
const PLAIN_STRENGTH = /^\d+(?:[.,]\d+)?\s*(?:mcg|mg|g)$/i;

/**
 * The dose as the check reads it: the dosage and, when the dose per intake is written apart,
 * both — a suspension's concentration and the mL given ('250 mg/5 ml, 5 mL'), so a child's dose in
 * mL is checked by weight like one in mg — and a count of tablets of a strength ('2 comprimidos
 * de 750 mg'), so an adult's daily dose counts every tablet.
 */
export function checkedDosage(
  dosage: string | undefined,
  dosePerIntake: string | undefined,
): string | undefined {
  const strength = dosage?.trim() ?? '';
  const intake = dosePerIntake?.trim() ?? '';
  // The dose already written in the dosage ('400 mg/5 ml, 7 ml'), its concentration aside.
  const dose = strength.toLowerCase().replace(CONCENTRATION, ' ');
  if (!intake || dose.includes(intake.toLowerCase())) return strength || undefined;
  // '750 mg' taken '2 comprimidos' at a time is 1,500 mg an intake: the strength is one unit's.
  if (UNITS_OF_ONE_STRENGTH.test(intake) && PLAIN_STRENGTH.test(strength)) {
    return `${intake} de ${strength}`;
  }
  return strength ? `${strength}, ${intake}` : intake;
}

/** The medicines as the check reads them. */
export function checkedMedications(
  medications: readonly {
    name: string;
    dosage?: string | undefined;
    dosePerIntake?: string | undefined;
    frequency?: string | undefined;
  }[],
): SafetyCheckRequest['medications'] {
  return medications.map(({ name, dosage: written, dosePerIntake, frequency }) => {
    const dosage = checkedDosage(written, dosePerIntake);
    return {
      name,
      ...(dosage ? { dosage } : {}),
      ...(frequency ? { frequency } : {}),
    };
  });
}

/** Both lists, each name once (case aside), the first list's order first. */
function unionOfNames(
  first: readonly string[] | undefined,
  second: readonly string[] | undefined,
): string[] {
  const seen = new Set<string>();
  return [...(first ?? []), ...(second ?? [])].filter((name) => {
    const key = name.trim().toLocaleLowerCase('pt-BR');
    if (key === '' || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * What the prescribing safety check reads of a receita: its medicines, and its patient — the
 * visit it was issued from (weight, pregnancy, clearance and the rest of the patient step), her
 * chart when the receita names her (age, sex, allergies, medicines in use), what the receita
 * says otherwise. The server decides with this whether a receita may be issued or signed, and
 * the screens show the same check (docs/receitas.md, "Onde a checagem aparece").
 * @param receita - the receita as held
 * @param chart - her chart, once read
 * @param visit - the visit whose prescription it is
 */
export function receitaSafetyCheck(
  receita: Pick<ReceitaPrescription, 'medications' | 'patientAge' | 'patientSex'>,
  chart?: Pick<Patient, 'age' | 'sex' | 'allergies' | 'medications'>,
  visit?: VisitFacts,
): SafetyCheckRequest {
  const seen = visit ? visitSafetyPatient(visit) : {};
  const age = seen.age ?? chart?.age ?? receitaAgeInYears(receita.patientAge);
  const sex = receita.patientSex ?? seen.sex ?? chart?.sex;
  const allergies = unionOfNames(chart?.allergies, seen.allergies);
  const inUse = unionOfNames(chart?.medications, seen.medicationsInUse);
  return {
    medications: checkedMedications(receita.medications),
    patient: {
      ...seen,
      ...(age !== undefined ? { age } : {}),
      ...(sex ? { sex } : {}),
      ...(allergies.length ? { allergies } : {}),
      ...(inUse.length ? { medicationsInUse: inUse } : {}),
    },
  };
}
