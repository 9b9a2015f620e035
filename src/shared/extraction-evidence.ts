import { z } from 'zod';
import type { ExtractionResult } from './extraction';
import { NUMERIC_VITALS } from './record-step-rules';

/**
 * Evidence for an extraction (issue 21): for each value written into the record, the words of the
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
