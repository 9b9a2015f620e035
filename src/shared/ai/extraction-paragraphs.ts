/**
 * Models asked for an assessment or a plan sometimes answer with an object instead of text
 * (docs/product.md, "Mescla de dados extraídos"). These turn such answers into the labelled
 * paragraphs the record's text fields hold.
 */

interface Section {
  label: string;
  /** Keys the model may use for it: the Portuguese ones the prompt asks for, then English. */
  keys: readonly string[];
}

const ASSESSMENT_SECTIONS: readonly Section[] = [
  { label: 'Diagnóstico Principal', keys: ['diagnosticoPrincipal', 'mainDiagnosis'] },
  {
    label: 'Diagnósticos Diferenciais',
    keys: ['diagnosticosDiferenciais', 'differentialDiagnoses', 'differentialDiagnosis'],
  },
  { label: 'Impressão Clínica', keys: ['impressaoClinica', 'clinicalImpression'] },
  { label: 'Fatores de Risco', keys: ['fatoresRisco', 'fatoresDeRisco', 'riskFactors'] },
  { label: 'Prognóstico', keys: ['prognostico', 'prognosis'] },
];

const PLAN_SECTIONS: readonly Section[] = [
  { label: 'Medicações', keys: ['medicacoes', 'medicamentos', 'medications'] },
  { label: 'Exames', keys: ['exames', 'exams'] },
  { label: 'Procedimentos', keys: ['procedimentos', 'procedures'] },
  { label: 'Seguimento', keys: ['seguimento', 'followUp', 'acompanhamento'] },
];

/** Keys that name an item of a list (a medication, an exam); the rest describe it. */
const NAME_KEYS = ['name', 'nome', 'medicamento', 'medication', 'exame', 'exam', 'procedimento'];
/** Shown right after the name without a comma: "Losartana 50 mg". */
const DOSE_KEYS = ['dosage', 'dose', 'dosagem'];
/** Bookkeeping that means nothing to the doctor reading the record. */
const HIDDEN_KEYS = new Set(['id']);

/**
 * An assessment as record text: a string as it is; an object as labelled paragraphs
 * (Diagnóstico Principal, Diagnósticos Diferenciais, Impressão Clínica, Fatores de Risco,
 * Prognóstico) separated by a blank line, empty ones left out.
 * @param value - the `assessment` the model answered, of any shape
 */
export function assessmentToText(value: unknown): string {
  return sectionsToText(value, ASSESSMENT_SECTIONS);
}

/**
 * A plan as record text: a string as it is; an object as labelled paragraphs (Medicações,
 * Exames, Procedimentos, Seguimento). Lists of medications or exams become one line each.
 * @param value - the `plan` the model answered, of any shape
 */
export function planToText(value: unknown): string {
  return sectionsToText(value, PLAN_SECTIONS);
}

function sectionsToText(value: unknown, sections: readonly Section[]): string {
  if (!isRecord(value)) return valueToText(value);
  const known = new Set(sections.flatMap((section) => section.keys));
  const paragraphs = sections.map((section) => {
    const key = section.keys.find((candidate) => !isEmpty(value[candidate]));
    return key === undefined ? '' : labelled(section.label, value[key]);
  });
  // Keys the prompt did not ask for still carry what the model found; dropping them would lose
  // it silently, so they follow under their own name.
  const others = Object.entries(value)
    .filter(([key, inner]) => !known.has(key) && !HIDDEN_KEYS.has(key) && !isEmpty(inner))
    .map(([key, inner]) => labelled(key, inner));
  return [...paragraphs, ...others].filter((paragraph) => paragraph !== '').join('\n\n');
}

function labelled(label: string, value: unknown): string {
  const text = valueToText(value);
  if (text === '') return '';
  // A list of objects reads best one item per line under its label.
  return text.includes('\n') || text.startsWith('- ') ? `${label}:\n${text}` : `${label}: ${text}`;
}

function valueToText(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) {
    const items = value.filter((item) => !isEmpty(item));
    if (items.some(isRecord)) {
      return items
        .map((item) => (isRecord(item) ? itemToLine(item) : valueToText(item)))
        .filter((line) => line !== '')
        .map((line) => `- ${line}`)
        .join('\n');
    }
    return items
      .map(valueToText)
      .filter((text) => text !== '')
      .join(', ');
  }
  if (isRecord(value)) return itemToLine(value);
  return '';
}

/** `{ name: 'Losartana', dosage: '50 mg', frequency: '1x ao dia' }` → `Losartana 50 mg, 1x ao dia`. */
function itemToLine(item: Record<string, unknown>): string {
  const nameKey = NAME_KEYS.find((key) => !isEmpty(item[key]));
  const doseKey = DOSE_KEYS.find((key) => !isEmpty(item[key]));
  const head = [nameKey, doseKey]
    .map((key) => (key === undefined ? '' : valueToText(item[key])))
    .filter((text) => text !== '')
    .join(' ');
  const details = Object.entries(item)
    .filter(
      ([key, inner]) =>
        key !== nameKey && key !== doseKey && !HIDDEN_KEYS.has(key) && !isEmpty(inner),
    )
    .map(([, inner]) => valueToText(inner).replace(/\n- /g, '; ').replace(/^- /, ''))
    .filter((text) => text !== '');
  return [head, ...details].filter((text) => text !== '').join(', ');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.every(isEmpty);
  if (isRecord(value)) return Object.values(value).every(isEmpty);
  return false;
}
