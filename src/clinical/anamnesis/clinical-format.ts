/**
 * How the offline anamnesis and consultation feedback write record values in Brazilian clinical
 * Portuguese: comma decimals, vital signs with their usual abbreviations and units, ages,
 * durations, prescriptions. Pure functions.
 */
import type { Exam, Medication, PhysicalExam, VitalSigns } from '@shared/records/medical-record';
import { expandClinicalAbbreviations } from '../transcript/abbreviations';
import { capitalizeDrugNames } from '../transcript/drug-names';
import { foldForMatching } from '@shared/lib/text-folding';
import { formatDecimal } from '@shared/lib/pt-br-format';
import { capitalizeFirst, capitalizeSentences, normalizeTextSpacing } from '../transcript/text';

/**
 * docs/product.md, "Etapa Exame Físico": BMI = weight / (height in m)², one decimal; undefined
 * unless both are known.
 * @param vitals - the vital signs (height in cm, weight in kg)
 */
export function bodyMassIndex(vitals: VitalSigns): number | undefined {
  if (vitals.bmi !== undefined) return vitals.bmi;
  const { weight, height } = vitals;
  if (weight === undefined || height === undefined || weight <= 0 || height <= 0) return undefined;
  return Math.round((weight / (height / 100) ** 2) * 10) / 10;
}

/** "120x80", "120 / 80" → "120/80"; anything else is kept as written. */
export function normalizeBloodPressure(value: string): string {
  const match = /(\d{2,3})\s*(?:\/|x|×|por)\s*(\d{2,3})/i.exec(value);
  return match ? `${match[1] ?? ''}/${match[2] ?? ''}` : value.trim();
}

/**
 * The vital signs the way Brazilian records write them, in the usual order:
 * "PA 120/80 mmHg, FC 80 bpm, FR 16 irpm, Tax 37,8 °C, SatO2 97%, peso 72 kg, altura 168 cm,
 * IMC 25,5". Empty when nothing was measured. The BMI is computed from weight and height when
 * not given (docs/product.md, "Etapa Exame Físico").
 * @param vitals - the record's vital signs
 */
export function formatVitalSigns(vitals: VitalSigns | undefined): string {
  if (!vitals) return '';
  const parts: string[] = [];
  if (vitals.bloodPressure?.trim()) {
    parts.push(`PA ${normalizeBloodPressure(vitals.bloodPressure)} mmHg`);
  }
  if (vitals.heartRate !== undefined)
    parts.push(`FC ${formatDecimal(vitals.heartRate, { atMost: 1 })} bpm`);
  if (vitals.respiratoryRate !== undefined) {
    parts.push(`FR ${formatDecimal(vitals.respiratoryRate, { atMost: 1 })} irpm`);
  }
  if (vitals.temperature !== undefined)
    parts.push(`Tax ${formatDecimal(vitals.temperature, { atMost: 1 })} °C`);
  if (vitals.oxygenSaturation !== undefined) {
    parts.push(`SatO2 ${formatDecimal(vitals.oxygenSaturation, { atMost: 1 })}%`);
  }
  if (vitals.weight !== undefined)
    parts.push(`peso ${formatDecimal(vitals.weight, { atMost: 1 })} kg`);
  if (vitals.height !== undefined)
    parts.push(`altura ${formatDecimal(vitals.height, { atMost: 1 })} cm`);
  const bmi = bodyMassIndex(vitals);
  if (bmi !== undefined) parts.push(`IMC ${formatDecimal(bmi, { atMost: 1 })}`);
  return parts.join(', ');
}

/** The system fields of the exam with the labels a Brazilian record uses. */
const EXAM_SYSTEMS: readonly (readonly [keyof PhysicalExam, string])[] = [
  ['head', 'Cabeça'],
  ['neck', 'Pescoço'],
  ['chest', 'Tórax'],
  ['heart', 'Aparelho cardiovascular'],
  ['abdomen', 'Abdome'],
  ['extremities', 'Extremidades'],
  ['neurological', 'Neurológico'],
  ['skin', 'Pele'],
  ['additionalFindings', 'Achados adicionais'],
];

/**
 * The written exam: the general description, then each system field with its label
 * ("Abdome: flácido, indolor."). Empty when nothing was described.
 * @param exam - the record's physical exam
 */
export function describeExamFindings(exam: PhysicalExam): string[] {
  const parts: string[] = [];
  const general = cleanClinicalText(exam.generalAppearance);
  if (general) parts.push(asSentence(general));
  for (const [field, label] of EXAM_SYSTEMS) {
    const value = exam[field];
    const text = typeof value === 'string' ? cleanClinicalText(value) : '';
    if (text) parts.push(asSentence(`${label}: ${text}`));
  }
  return parts;
}

/**
 * Free text from the extraction as the anamnesis shows it (docs/product.md, "Motor offline":
 * "extracted text is normalised"): spacing and punctuation tidied, unambiguous abbreviations
 * written out, drug names and the first letter capitalised. Blank or missing → ''.
 * @param text - assessment, plan, exam or other free text
 */
export function cleanClinicalText(text: string | undefined): string {
  if (!text?.trim()) return '';
  return capitalizeSentences(
    normalizeTextSpacing(capitalizeDrugNames(expandClinicalAbbreviations(text))),
  );
}

/**
 * A medical term as the anamnesis writes it (docs/product.md, "Anamnese estruturada": "medical
 * terms start with a capital letter"): abbreviations written out, first letter capitalised, no
 * final full stop. "HAS" → "Hipertensão arterial sistêmica", "dor de garganta" → "Dor de garganta".
 * @param term - a symptom, condition, allergy, medicine or exam name
 */
export function formatTerm(term: string): string {
  return capitalizeFirst(
    normalizeTextSpacing(capitalizeDrugNames(expandClinicalAbbreviations(term))).replace(
      /[.;,]+$/,
      '',
    ),
  );
}

/**
 * The terms capitalised, blanks and repeats (ignoring case and accents) dropped.
 * @param terms - list items from the extraction
 */
export function formatTerms(terms: readonly string[] | undefined): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const term of terms ?? []) {
    const formatted = formatTerm(term);
    const key = foldForMatching(formatted);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(formatted);
  }
  return result;
}

/** The text ending in a full stop (or the ! ? it already had). */
export function asSentence(text: string): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  return /[.!?…]$/.test(trimmed) ? trimmed : `${trimmed.replace(/[,;:]+$/, '')}.`;
}

/**
 * An age as the record writes it: 45 → "45 anos", 1 → "1 ano", 0 → "Menos de 1 ano".
 * @param age - whole years
 */
export function formatAge(age: number): string {
  if (age < 1) return 'Menos de 1 ano';
  return age === 1 ? '1 ano' : `${Math.floor(age)} anos`;
}

/** The record's gender values as a label: 'feminino' → 'Feminino'. */
export function formatGender(gender: 'masculino' | 'feminino' | 'outro'): string {
  return capitalizeFirst(gender);
}

const COUNT_WORD =
  /^(?:\d+|um|uma|dois|duas|tr[eê]s|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|quinze|vinte|trinta|alguns|algumas|poucos|poucas|v[áa]rios|v[áa]rias|meia|mais de|cerca de)\b/i;

/**
 * A duration as it follows a complaint: "3 dias" → "há 3 dias"; "desde ontem" and "há 2 semanas"
 * are kept as written.
 * @param duration - the extraction's duration
 */
export function formatDuration(duration: string): string {
  const trimmed = normalizeTextSpacing(duration).replace(/[.;,]+$/, '');
  return COUNT_WORD.test(trimmed) ? `há ${trimmed}` : trimmed;
}

/**
 * Whether the complaint already says how long it has lasted ("dor há 3 dias" with duration
 * "3 dias"), so the duration is not written twice.
 */
export function mentionsDuration(complaint: string, duration: string): boolean {
  const folded = foldForMatching(duration);
  return folded !== '' && foldForMatching(complaint).includes(folded);
}

/** "10 dias" → "por 10 dias"; "uso contínuo", "até melhora" are kept. */
function formatTreatmentDuration(duration: string): string {
  const trimmed = normalizeTextSpacing(duration).replace(/[.;,]+$/, '');
  return COUNT_WORD.test(trimmed) ? `por ${trimmed}` : trimmed;
}

/**
 * A prescribed medicine on one line: "Amoxicilina 500 mg, 1 comprimido de 8 em 8 horas, por
 * 10 dias". Only what the extraction holds; nothing is filled in.
 * @param medication - a prescribed medicine
 */
export function formatMedication(medication: Medication): string {
  const head = [formatTerm(medication.name), medication.dosage?.trim()]
    .filter((part): part is string => Boolean(part))
    .join(' ');
  const details = [
    medication.frequency?.trim(),
    medication.duration?.trim() ? formatTreatmentDuration(medication.duration) : undefined,
    medication.instructions?.trim(),
  ].filter((part): part is string => Boolean(part));
  const line = [expandClinicalAbbreviations(head), ...details.map(expandClinicalAbbreviations)];
  return normalizeTextSpacing(line.join(', ')).replace(/[.;,]+$/, '');
}

/**
 * The names of the requested exams, capitalised: "Hemograma completo e Proteína C reativa".
 * @param exams - requested exams
 */
export function formatExamNames(exams: readonly Exam[] | undefined): string[] {
  return formatTerms((exams ?? []).map((exam) => exam.name));
}
