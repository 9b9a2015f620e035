import { z } from 'zod';
import type { ExtractionResult } from './extraction';
import { NUMERIC_VITALS } from '../records/step-rules';

/**
 * Evidence for an extraction (docs/api.md, "Motor offline"): for each value written into the record, the words of the
 * consultation it came from, and which values the text does not support.
 */

/** Characters [start, end) of the submitted text (UTF-16 offsets, as JavaScript indexes strings). */
export interface TextSpan {
  start: number;
  end: number;
}

/** The spans of each value, by its path ('patientInfo.allergies[0]'). */
export type ExtractionEvidence = Record<string, TextSpan[]>;

/** An extraction with, beside it, where each value came from and what nothing supports. */
export interface EvidencedExtraction extends ExtractionResult {
  evidence: ExtractionEvidence;
  /** Paths of values whose words were not found in the text: never merged without the doctor. */
  unsupported: string[];
}

/**
 * How a value must relate to the words it is quoted from: `named` values (a name, a medicine, an
 * allergy, an exam) must share a word with their quote; `measured` and `summarised` ones (a
 * number said in words, 'cefaleia' for 'dor de cabeça', a plan in the record's language) need
 * only a quote that is there.
 */
export type ExtractedValueKind = 'named' | 'measured' | 'summarised';

/** One value of an extraction, as the record would receive it. */
export interface ExtractedValue {
  path: string;
  /** The value as text ('49', '120/80', 'Naproxeno 500 mg'). */
  text: string;
  kind: ExtractedValueKind;
}

/** Vital signs said in the consultation; the BMI is computed from two of them, never said. */
const SAID_VITAL_SIGNS = ['bloodPressure', ...NUMERIC_VITALS] as const;

/** Findings of the physical exam written as text. */
const EXAM_FINDINGS = [
  'generalAppearance',
  'head',
  'neck',
  'chest',
  'heart',
  'abdomen',
  'extremities',
  'neurological',
  'skin',
  'additionalFindings',
] as const;

/** Every value of an extraction that would go into the record, with its path. */
export function extractedValues(result: ExtractionResult): ExtractedValue[] {
  const values: ExtractedValue[] = [];
  const add = (path: string, value: string | number | undefined, kind: ExtractedValueKind) => {
    if (value === undefined) return;
    const text = String(value).trim();
    if (text) values.push({ path, text, kind });
  };
  const addList = (path: string, list: readonly string[] | undefined, kind: ExtractedValueKind) =>
    list?.forEach((item, index) => add(`${path}[${index}]`, item, kind));

  const { patientInfo, symptoms, physicalExam, prescriptions } = result;
  add('patientInfo.name', patientInfo.name, 'named');
  add('patientInfo.age', patientInfo.age, 'measured');
  add('patientInfo.gender', patientInfo.gender, 'summarised');
  add('patientInfo.contact', patientInfo.contact, 'measured');
  add('patientInfo.pregnant', patientInfo.pregnant ? 'gestante' : undefined, 'summarised');
  add('patientInfo.creatinineClearance', patientInfo.creatinineClearance, 'measured');
  addList('patientInfo.allergies', patientInfo.allergies, 'named');
  addList('patientInfo.medications', patientInfo.medications, 'named');
  addList('patientInfo.chronicConditions', patientInfo.chronicConditions, 'summarised');
  add('symptoms.chiefComplaint', symptoms.chiefComplaint, 'summarised');
  addList('symptoms.currentSymptoms', symptoms.currentSymptoms, 'summarised');
  add('symptoms.duration', symptoms.duration, 'measured');
  add('symptoms.intensity', symptoms.intensity, 'summarised');
  add('symptoms.additionalInfo', symptoms.additionalInfo, 'summarised');
  for (const sign of SAID_VITAL_SIGNS) {
    add(`physicalExam.vitalSigns.${sign}`, physicalExam.vitalSigns?.[sign], 'measured');
  }
  for (const finding of EXAM_FINDINGS) {
    add(`physicalExam.${finding}`, physicalExam[finding], 'summarised');
  }
  add('assessment', result.assessment, 'summarised');
  add('plan', result.plan, 'summarised');
  prescriptions.medications?.forEach((medication, index) =>
    add(
      `prescriptions.medications[${index}]`,
      [medication.name, medication.dosage].filter(Boolean).join(' '),
      'named',
    ),
  );
  prescriptions.exams?.forEach((exam, index) =>
    add(`prescriptions.exams[${index}]`, exam.name, 'named'),
  );
  add('prescriptions.additionalNotes', prescriptions.additionalNotes, 'summarised');
  return values;
}

const LIST_ITEM = /^(.+)\[(\d+)\]$/;

/**
 * The extraction without the values at these paths (what the doctor did not accept): list items
 * dropped, fields unset. Paths it does not hold are ignored.
 */
export function withoutValues(result: ExtractionResult, paths: Iterable<string>): ExtractionResult {
  const dropped = new Set(paths);
  if (dropped.size === 0) return result;
  const copy = structuredClone(result);
  const lists = new Map<string, Set<number>>();
  for (const path of dropped) {
    const item = LIST_ITEM.exec(path);
    if (item?.[1] !== undefined) {
      const indexes = lists.get(item[1]) ?? new Set<number>();
      indexes.add(Number(item[2]));
      lists.set(item[1], indexes);
      continue;
    }
    unset(copy, path.split('.'));
  }
  for (const [path, indexes] of lists) {
    const holder = parentOf(copy, path.split('.'));
    const key = path.split('.').at(-1) ?? '';
    const list = holder?.[key];
    if (holder && Array.isArray(list)) {
      holder[key] = list.filter((_, index) => !indexes.has(index));
    }
  }
  return copy;
}

/**
 * The evidence of what stays once the values at `paths` are dropped ({@link withoutValues}),
 * under the paths they then have: a list item after a dropped one moves up.
 */
export function evidenceWithoutValues(
  evidence: ExtractionEvidence,
  paths: Iterable<string>,
): ExtractionEvidence {
  const dropped = [...paths];
  const kept: ExtractionEvidence = {};
  for (const [path, spans] of Object.entries(evidence)) {
    if (dropped.includes(path)) continue;
    const item = LIST_ITEM.exec(path);
    if (item?.[1] === undefined) {
      kept[path] = spans;
      continue;
    }
    const index = Number(item[2]);
    const droppedBefore = dropped.filter((other) => {
      const before = LIST_ITEM.exec(other);
      return before !== null && before[1] === item[1] && Number(before[2]) < index;
    }).length;
    kept[`${item[1]}[${index - droppedBefore}]`] = spans;
  }
  return kept;
}

/**
 * The text the chat's evidence points into (`POST /api/ai/extract-chat-info`): the doctor's own
 * messages, one after another with a line break between. The assistant's replies are not in it:
 * a model cannot vouch for itself.
 */
export function doctorMessagesText(messages: readonly { role: string; content: string }[]): string {
  return messages
    .filter((message) => message.role === 'user')
    .map((message) => message.content)
    .join('\n');
}

type Holder = Record<string, unknown>;

const isHolder = (value: unknown): value is Holder =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The object that holds the last key of a path, if every step is an object. */
function parentOf(root: ExtractionResult, keys: readonly string[]): Holder | undefined {
  let holder: unknown = root;
  for (const key of keys.slice(0, -1)) {
    holder = isHolder(holder) ? holder[key] : undefined;
  }
  return isHolder(holder) ? holder : undefined;
}

function unset(root: ExtractionResult, keys: readonly string[]) {
  const holder = parentOf(root, keys);
  const key = keys.at(-1);
  if (!holder || key === undefined || !(key in holder)) return;
  // The assessment and plan are always strings in an extraction: emptied, not removed.
  if (typeof holder[key] === 'string' && keys.length === 1) holder[key] = '';
  else Reflect.deleteProperty(holder, key);
}

const spanSchema = z
  .object({ start: z.number().int().min(0), end: z.number().int().min(0) })
  .refine((span) => span.end >= span.start);

/** The evidence fields of `POST /api/ai/extract`'s answer, as the browser reads them. */
export const extractionEvidenceSchema = z.object({
  evidence: z.record(z.string(), z.array(spanSchema)).default({}),
  unsupported: z.array(z.string()).default([]),
});

const VITAL_SIGN_LABELS: Readonly<Record<string, string>> = {
  bloodPressure: 'Pressão arterial',
  heartRate: 'Frequência cardíaca',
  respiratoryRate: 'Frequência respiratória',
  temperature: 'Temperatura',
  oxygenSaturation: 'Saturação de O₂',
  height: 'Altura',
  weight: 'Peso',
};

const FIELD_LABELS: Readonly<Record<string, string>> = {
  'patientInfo.name': 'Paciente',
  'patientInfo.age': 'Idade',
  'patientInfo.gender': 'Sexo',
  'patientInfo.contact': 'Contato',
  'patientInfo.pregnant': 'Gestação',
  'patientInfo.creatinineClearance': 'Clearance de creatinina',
  'patientInfo.allergies': 'Alergia',
  'patientInfo.medications': 'Medicamento em uso',
  'patientInfo.chronicConditions': 'Condição crônica',
  'symptoms.chiefComplaint': 'Queixa principal',
  'symptoms.currentSymptoms': 'Sintoma',
  'symptoms.duration': 'Duração',
  'symptoms.intensity': 'Intensidade',
  'symptoms.additionalInfo': 'Informações adicionais',
  'physicalExam.generalAppearance': 'Estado geral',
  assessment: 'Avaliação',
  plan: 'Plano',
  'prescriptions.medications': 'Prescrição',
  'prescriptions.exams': 'Exame solicitado',
  'prescriptions.additionalNotes': 'Observações da prescrição',
};

/** What a value is, in the doctor's words: 'Alergia', 'Pressão arterial', 'Exame físico'. */
export function extractedValueLabel(path: string): string {
  const field = path.replace(/\[\d+\]$/, '');
  if (field.startsWith('physicalExam.vitalSigns.')) {
    return VITAL_SIGN_LABELS[field.slice('physicalExam.vitalSigns.'.length)] ?? 'Sinal vital';
  }
  return FIELD_LABELS[field] ?? (field.startsWith('physicalExam.') ? 'Exame físico' : field);
}

/** A value written into the record from the doctor's words, with those words. */
export interface SaidValue {
  label: string;
  value: string;
  /** The words of the first span, as written. */
  words: string;
}

/**
 * The values of an extraction that have evidence in `text`, each with its label and the words it
 * came from ('Alergia', 'Dipirona', 'alergia a dipirona'), in the order of the record.
 */
export function saidValues(
  result: ExtractionResult,
  evidence: ExtractionEvidence,
  text: string,
): SaidValue[] {
  return extractedValues(result).flatMap((value) => {
    const [span] = evidence[value.path] ?? [];
    if (!span) return [];
    const words = text.slice(span.start, span.end).replace(/\s+/g, ' ').trim();
    return words ? [{ label: extractedValueLabel(value.path), value: value.text, words }] : [];
  });
}
