import { formatDecimal } from '../lib/pt-br-format';
import {
  RECORD_STEPS,
  patientInfoSchema,
  vitalSignsSchema,
  type Gender,
  type VitalSigns,
} from './medical-record';
import { isStepComplete, parseAge, parseCommaList, parseMeasurement } from './flow';
import type { WorkingRecord } from './flow';

/**
 * Pure rules behind the record's step screens (docs/product.md, "Prontuário SOAP"): what the forms
 * show, accept and append. No I/O, so each rule is tested without a browser.
 */

/** The select's option labels for the record's genders. */
export const GENDER_LABELS: Record<Gender, string> = {
  masculino: 'Masculino',
  feminino: 'Feminino',
  outro: 'Outro',
};

export const AGE_ERROR = 'Idade deve ser um número entre 0 e 150';

/**
 * The age field's error for what was typed: none while blank or valid
 * (docs/product.md, "Etapa Paciente": 0–150).
 */
export function ageError(text: string): string | undefined {
  return text.trim() !== '' && parseAge(text) === undefined ? AGE_ERROR : undefined;
}

/** Whether the typed age text already says what the record holds (so it is not retyped). */
export function ageTextMatches(text: string, age: number | undefined): boolean {
  return parseAge(text) === age;
}

/** A list as the form shows it: 'dipirona, penicilina'. */
export function formatCommaList(items: readonly string[] | undefined): string {
  return (items ?? []).join(', ');
}

/** Whether the typed comma list already says what the record holds (a trailing ', ' is kept). */
export function commaListMatches(text: string, items: readonly string[] | undefined): boolean {
  const parsed = parseCommaList(text);
  const current = items ?? [];
  return parsed.length === current.length && parsed.every((item, index) => item === current[index]);
}

/** The vital signs typed as numbers (blood pressure is text, BMI is computed). */
export const NUMERIC_VITALS = [
  'heartRate',
  'respiratoryRate',
  'temperature',
  'oxygenSaturation',
  'height',
  'weight',
] as const;
export type NumericVital = (typeof NUMERIC_VITALS)[number];

/** A measurement's plausible range. */
export interface MeasurementRange {
  min: number;
  max: number;
}

/** The range a records API number field accepts (its zod schema's bounds). */
function rangeOf(schema: { minValue: number | null; maxValue: number | null }): MeasurementRange {
  return { min: schema.minValue ?? 0, max: schema.maxValue ?? Number.MAX_SAFE_INTEGER };
}

/** Each numeric vital's plausible range, as the records API accepts it. */
export function vitalRange(field: NumericVital): MeasurementRange {
  return rangeOf(vitalSignsSchema.shape[field].unwrap());
}

/** The creatinine clearance the records API accepts, mL/min. */
const CLEARANCE_RANGE = rangeOf(patientInfoSchema.shape.creatinineClearance.unwrap());

/**
 * A measurement as typed: the number when it is one and in range, else unset. Out-of-range
 * values are not stored, because the server refuses them and a half-typed '3' on the way to
 * '36,5' must not block saving the rest of the record.
 */
function parseInRange(range: MeasurementRange, text: string): number | undefined {
  const value = parseMeasurement(text);
  return value !== undefined && value >= range.min && value <= range.max ? value : undefined;
}

/** The error for a typed measurement: none when blank or valid. */
function rangeError(range: MeasurementRange, text: string): string | undefined {
  if (text.trim() === '' || parseInRange(range, text) !== undefined) return undefined;
  return `Informe um número entre ${formatDecimal(range.min)} e ${formatDecimal(range.max)}.`;
}

/** A numeric vital as typed ({@link parseInRange}). */
export const parseVital = (field: NumericVital, text: string) =>
  parseInRange(vitalRange(field), text);

/** The error for a typed vital: none when blank or valid. */
export const vitalError = (field: NumericVital, text: string) =>
  rangeError(vitalRange(field), text);

/** A typed creatinine clearance ({@link parseInRange}). */
export const parseClearance = (text: string) => parseInRange(CLEARANCE_RANGE, text);

/** The clearance field's error: none when blank or valid. */
export const clearanceError = (text: string) => rangeError(CLEARANCE_RANGE, text);

/** A stored measurement as the form shows it, with a decimal comma: '36,5' (it also accepts '36.5'). */
export function formatMeasurement(value: number | undefined): string {
  return value === undefined ? '' : formatDecimal(value);
}

/** The BMI as the read-only field shows it: one decimal ('22,9'), blank when it can't be computed. */
export function formatBmi(bmi: number | undefined): string {
  return bmi === undefined ? '' : formatDecimal(bmi, 1);
}

/** Vital signs without the unset or blank entries (a record leaves unset fields out). */
export function compactVitals(vitals: VitalSigns): VitalSigns {
  const entries: [string, unknown][] = Object.entries(vitals);
  return Object.fromEntries(entries.filter(([, value]) => value !== undefined && value !== ''));
}

/** `text` with `line` added as its last line (no blank line in between). */
export function appendLine(text: string | undefined, line: string): string {
  const before = (text ?? '').replace(/\s+$/, '');
  return before ? `${before}\n${line}` : line;
}

/** docs/product.md, "Etapa Plano": 'Adicionar ao Plano' appends the suggestion as a bullet line. */
export function appendPlanBullet(plan: string | undefined, suggestion: string): string {
  return appendLine(plan, `- ${suggestion.trim()}`);
}

/** The line a CID adds to the assessment: 'G44.2 - Cefaleia tensional'. */
export function cidLine(cid: { code: string; description: string }): string {
  return `${cid.code} - ${cid.description}`;
}

/**
 * Whether the assessment already names this CID code (docs/product.md, "Etapa Avaliação": adding it
 * again is skipped). A whole code only: 'G44' is not in 'G44.2', and 'I10' is not in 'I100'.
 */
export function assessmentHasCid(assessment: string | undefined, code: string): boolean {
  const escaped = code.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  if (!escaped) return false;
  return new RegExp(`(^|[^A-Za-z0-9.])${escaped}(?![0-9]|\\.[0-9])`, 'i').test(assessment ?? '');
}

/** The assessment with the CID appended as a new line, unchanged if the code is there already. */
export function addCidToAssessment(
  assessment: string | undefined,
  cid: { code: string; description: string },
): string {
  if (assessmentHasCid(assessment, cid.code)) return assessment ?? '';
  return appendLine(assessment, cidLine(cid));
}

// ---------------------------------------------------------------------------------------------
// AI fallbacks (docs/product.md, "Tarefas e respostas padrão")

export interface PlanSuggestions {
  suggestions: string[];
  reasoning: string;
  urgencyLevel: 'low' | 'medium' | 'high';
  followUpRecommendation: string;
}

/** Generic advice when no plan suggestions could be generated. */
export const PLAN_SUGGESTIONS_FALLBACK: PlanSuggestions = {
  suggestions: [
    'Avaliação clínica presencial para confirmação diagnóstica',
    'Investigação complementar conforme evolução do quadro',
    'Acompanhamento regular com reavaliação dos sintomas',
  ],
  reasoning: 'Sugestões gerais, sem análise do caso.',
  urgencyLevel: 'medium',
  followUpRecommendation: 'Retorno em 7-15 dias',
};

export const URGENCY_LABELS: Record<PlanSuggestions['urgencyLevel'], string> = {
  low: 'Baixa',
  medium: 'Média',
  high: 'Alta',
};

export interface CidSuggestion {
  code: string;
  description: string;
  category: string;
  confidence: number;
}

export interface AssessmentEnhancement {
  improvedText: string;
  suggestedCIDs: CidSuggestion[];
  confidence: number;
}

/** The confidence an enhancement reports when the answer leaves it out. */
export const ENHANCEMENT_DEFAULT_CONFIDENCE = 0.7;

/** When enhancing fails the assessment stays as written, with no CIDs, confidence 0.5. */
export function assessmentEnhancementFallback(text: string): AssessmentEnhancement {
  return { improvedText: text, suggestedCIDs: [], confidence: 0.5 };
}

// ---------------------------------------------------------------------------------------------
// Print summary

/** Whether the record holds anything worth printing: a patient name or any filled step. */
export function hasPrintableContent(record: WorkingRecord): boolean {
  return (
    Boolean(record.patientInfo?.name?.trim()) ||
    RECORD_STEPS.some((step) => step !== 'print-summary' && isStepComplete(record, step))
  );
}
