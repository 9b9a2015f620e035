import type { RecordContent } from './medical-record';
import { examLine, medicationLine, vitalSignsLine } from './narrative';
import { GENDER_LABELS } from './step-rules';

/** One field that reads differently in two versions of a record. */
export interface RecordFieldDifference {
  /** 'Sintomas — Queixa principal' */
  label: string;
  /** As this device has it; '(vazio)' when unset. */
  mine: string;
  /** As the server saved it; '(vazio)' when unset. */
  saved: string;
}

/** What an unset or blank field reads as. */
export const EMPTY_FIELD_TEXT = '(vazio)';

/** Longest value shown in full; longer ones are cut with '…' (the dialog is no diff viewer). */
const MAX_VALUE_LENGTH = 160;

type FieldReader = (record: RecordContent) => string | undefined;

const list = (items: readonly string[] | undefined) => items?.join(', ');
const number = (value: number | undefined) => (value === undefined ? undefined : String(value));

/** The fields a doctor fills, in the order of the steps, each read as one line of text. */
const FIELDS: readonly { label: string; read: FieldReader }[] = [
  { label: 'Paciente — Nome', read: (r) => r.patientInfo?.name },
  { label: 'Paciente — Idade', read: (r) => number(r.patientInfo?.age) },
  {
    label: 'Paciente — Sexo',
    read: (r) => (r.patientInfo?.gender ? GENDER_LABELS[r.patientInfo.gender] : undefined),
  },
  { label: 'Paciente — Alergias', read: (r) => list(r.patientInfo?.allergies) },
  { label: 'Paciente — Medicamentos em uso', read: (r) => list(r.patientInfo?.medications) },
  { label: 'Paciente — Condições crônicas', read: (r) => list(r.patientInfo?.chronicConditions) },
  { label: 'Paciente — Contato', read: (r) => r.patientInfo?.contact },
  { label: 'Sintomas — Queixa principal', read: (r) => r.symptoms?.chiefComplaint },
  { label: 'Sintomas — Sintomas atuais', read: (r) => list(r.symptoms?.currentSymptoms) },
  { label: 'Sintomas — Duração', read: (r) => r.symptoms?.duration },
  { label: 'Sintomas — Intensidade', read: (r) => r.symptoms?.intensity },
  { label: 'Sintomas — Informações adicionais', read: (r) => r.symptoms?.additionalInfo },
  {
    label: 'Exame físico — Sinais vitais',
    read: (r) => vitalSignsLine(r.physicalExam?.vitalSigns),
  },
  { label: 'Exame físico — Descrição', read: (r) => r.physicalExam?.generalAppearance },
  {
    label: 'Exame físico — Outros achados',
    read: (r) => {
      const exam = r.physicalExam;
      if (!exam) return undefined;
      return [
        exam.head,
        exam.neck,
        exam.chest,
        exam.heart,
        exam.abdomen,
        exam.extremities,
        exam.neurological,
        exam.skin,
        exam.additionalFindings,
      ]
        .filter((text) => text?.trim())
        .join(' · ');
    },
  },
  { label: 'Avaliação', read: (r) => r.assessment },
  {
    label: 'Prescrições — Medicamentos',
    read: (r) => r.prescriptions?.medications?.map(medicationLine).join('; '),
  },
  {
    label: 'Prescrições — Exames',
    read: (r) => r.prescriptions?.exams?.map(examLine).join('; '),
  },
  {
    label: 'Prescrições — Sem prescrição nesta consulta',
    read: (r) => (r.prescriptions?.noPrescription ? 'Sim' : undefined),
  },
  { label: 'Prescrições — Observações', read: (r) => r.prescriptions?.additionalNotes },
  { label: 'Plano', read: (r) => r.plan },
];

/** How much of the common text before the first difference a long value keeps in sight. */
const CONTEXT_BEFORE_DIFFERENCE = 40;

/**
 * A value cut to fit, starting near `from` (where the two versions start to differ) so that two
 * long texts differing near their end do not read the same.
 */
function shown(text: string, from: number): string {
  if (!text) return EMPTY_FIELD_TEXT;
  if (text.length <= MAX_VALUE_LENGTH) return text;
  const start = from > MAX_VALUE_LENGTH / 2 ? from - CONTEXT_BEFORE_DIFFERENCE : 0;
  const end = start + MAX_VALUE_LENGTH;
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

function firstDifference(a: string, b: string): number {
  let index = 0;
  while (index < a.length && index < b.length && a[index] === b[index]) index += 1;
  return index;
}

/**
 * The fields that read differently on this device and on the server, in step order, so the
 * doctor choosing a version sees what each holds. Step progress and position are left out:
 * they are not what a doctor compares.
 * @param mine - the record as this device has it
 * @param saved - the record as the server saved it
 */
export function recordDifferences(
  mine: RecordContent,
  saved: RecordContent,
): RecordFieldDifference[] {
  const differences: RecordFieldDifference[] = [];
  for (const field of FIELDS) {
    const mineText = (field.read(mine) ?? '').trim();
    const savedText = (field.read(saved) ?? '').trim();
    if (mineText === savedText) continue;
    const from = firstDifference(mineText, savedText);
    differences.push({
      label: field.label,
      mine: shown(mineText, from),
      saved: shown(savedText, from),
    });
  }
  return differences;
}
