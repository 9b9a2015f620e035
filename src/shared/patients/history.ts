import { formatDate, formatDecimal } from '../lib/pt-br-format';

/**
 * What the AI colleague knows of the patient before this visit (docs/product.md, "Pacientes"): her current lists and
 * her last visits' vital signs, assessment and plan, so the model and the offline engine can say
 * 'na última consulta, em 12/10/2026, a PA era 150x95 mmHg'.
 */

/** One earlier visit, as the history tells it. */
export interface EarlierVisit {
  /** ISO 8601: when the visit was. */
  date: string;
  chiefComplaint?: string;
  bloodPressure?: string;
  heartRate?: number;
  temperature?: number;
  weight?: number;
  assessment?: string;
  plan?: string;
}

export interface PatientHistory {
  name: string;
  allergies: readonly string[];
  chronicConditions: readonly string[];
  medications: readonly string[];
  /** Newest first. */
  visits: readonly EarlierVisit[];
}

/** Visits the history carries: the latest few say what the doctor needs now. */
export const HISTORY_VISITS = 3;

const TEXT_LIMIT = 400;

function shortened(text: string | undefined): string {
  const oneLine = (text ?? '').replace(/\s+/g, ' ').trim();
  return oneLine.length > TEXT_LIMIT ? `${oneLine.slice(0, TEXT_LIMIT - 1).trimEnd()}…` : oneLine;
}

/** 'PA 150x95 mmHg, FC 88 bpm, Tax 37,2 °C, peso 72,5 kg', or '' when none was measured. */
export function vitalsSentence(visit: EarlierVisit): string {
  return [
    visit.bloodPressure && `PA ${visit.bloodPressure} mmHg`,
    visit.heartRate !== undefined && `FC ${formatDecimal(visit.heartRate)} bpm`,
    visit.temperature !== undefined && `Tax ${formatDecimal(visit.temperature)} °C`,
    visit.weight !== undefined && `peso ${formatDecimal(visit.weight)} kg`,
  ]
    .filter((part): part is string => typeof part === 'string' && part !== '')
    .join(', ');
}

/** One visit in a line: its date, complaint, vitals, assessment and plan, as far as written. */
export function visitLine(visit: EarlierVisit): string {
  const parts = [
    visit.chiefComplaint && `queixa: ${shortened(visit.chiefComplaint)}`,
    vitalsSentence(visit),
    visit.assessment && `avaliação: ${shortened(visit.assessment)}`,
    visit.plan && `plano: ${shortened(visit.plan)}`,
  ].filter((part): part is string => typeof part === 'string' && part !== '');
  const date = formatDate(visit.date);
  return parts.length > 0 ? `${date} — ${parts.join('; ')}` : `${date} — sem registros`;
}

/**
 * The history as a short Portuguese text for a language model's prompt; '' when there is
 * nothing to tell.
 */
export function patientHistoryContext(history: PatientHistory): string {
  const lines: string[] = [];
  const list = (label: string, items: readonly string[]) => {
    if (items.length > 0) lines.push(`${label}: ${items.join(', ')}`);
  };
  list('Alergias registradas na ficha', history.allergies);
  list('Condições crônicas', history.chronicConditions);
  list('Medicamentos em uso', history.medications);
  if (history.visits.length > 0) {
    lines.push('Consultas anteriores (da mais recente):');
    for (const visit of history.visits) lines.push(`- ${visitLine(visit)}`);
  }
  return lines.join('\n');
}

/**
 * A model's instructions with the patient's history after them, under its own heading; as they
 * were when there is none.
 */
export function withPatientHistory(system: string, history: PatientHistory | undefined): string {
  const text = history ? patientHistoryContext(history) : '';
  return text ? `${system}\n\nFicha do paciente (antes desta consulta):\n${text}` : system;
}
