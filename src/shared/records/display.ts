/**
 * Small display rules of the record view (docs/product.md, "Tela do prontuário") that the browser
 * needs and that are worth testing without one: the title, which anamnesis sections show, the
 * confidence colour, the feedback date text and which feedback cards hold anything.
 */
import { isValid, parseISO } from 'date-fns';
import { NOT_EVALUATED, NOT_INFORMED } from '../ai/extraction';
import type { ConsultationFeedback, RecordContent, StructuredAnamnesis } from './medical-record';
import { formatDateTime } from '../lib/pt-br-format';
import { foldForMatching } from '../lib/text-folding';

/** What the header calls a record whose patient has no name yet. */
export const NEW_PATIENT_NAME = 'Novo paciente';

/**
 * 'Prontuário — Maria Souza', or 'Prontuário — Novo paciente' before the name is typed.
 * @param record - the open record
 */
export function recordViewTitle(record: RecordContent): string {
  const name = record.patientInfo?.name?.trim();
  return `Prontuário — ${name || NEW_PATIENT_NAME}`;
}

// 'NÃO INFORMADO.' and 'nao informado' count as the same placeholder.
const fold = foldForMatching;

const PLACEHOLDERS = new Set([fold(NOT_INFORMED), fold(NOT_EVALUATED)]);

/**
 * Whether the anamnesis view shows a value: not blank and not 'Não informado' / 'Não avaliado'
 * in any spelling (docs/product.md, "Anamnese estruturada").
 * @param value - a section's text
 */
export function isShownAnamnesisValue(value: string | undefined): boolean {
  const folded = fold(value ?? '');
  return folded !== '' && !PLACEHOLDERS.has(folded);
}

export type ConfidenceColour = 'green' | 'yellow' | 'red';

/**
 * The confidence bar's colour (docs/product.md, "Anamnese estruturada"): green at 0.8 or more,
 * yellow at 0.6 or more, red otherwise (a missing or broken number included).
 * @param confidence - from 0 to 1
 */
export function confidenceColour(confidence: number): ConfidenceColour {
  if (confidence >= 0.8) return 'green';
  if (confidence >= 0.6) return 'yellow';
  return 'red';
}

/**
 * A 0–1 confidence as a whole percentage, kept within 0–100 so a bar never overflows.
 * @param confidence - from 0 to 1
 */
export function confidencePercent(confidence: number): number {
  if (!Number.isFinite(confidence)) return 0;
  return Math.round(Math.min(Math.max(confidence, 0), 1) * 100);
}

/** One titled block of the anamnesis view; `lines` are paragraphs. */
export interface AnamnesisSection {
  title: string;
  lines: string[];
}

/** The anamnesis's text fields in the order and with the titles the view shows them. */
const ANAMNESIS_TEXT_FIELDS: readonly [
  Exclude<keyof StructuredAnamnesis, 'identificacao' | 'confidence'>,
  string,
][] = [
  ['queixaPrincipal', 'Queixa Principal'],
  ['historiaDoencaAtual', 'História da Doença Atual'],
  ['antecedentesPessoais', 'Antecedentes Pessoais'],
  ['antecedentesFamiliares', 'Antecedentes Familiares'],
  ['habitosVida', 'Hábitos de Vida'],
  ['exameFisico', 'Exame Físico'],
  ['historiaSocial', 'História Social'],
  ['hipotesesDiagnosticas', 'Hipóteses Diagnósticas'],
  ['condutas', 'Condutas'],
  ['orientacoes', 'Orientações'],
  ['resumoClinico', 'Resumo Clínico'],
];

/**
 * The sections the anamnesis view shows, in order, leaving out every placeholder: the
 * identification keeps only the parts that were said, and disappears when none was.
 * @param anamnesis - the record's structured anamnesis
 */
export function anamnesisSections(anamnesis: StructuredAnamnesis): AnamnesisSection[] {
  const { nome, sexo, idade } = anamnesis.identificacao;
  const identification = (
    [
      ['Nome', nome],
      ['Sexo', sexo],
      ['Idade', idade],
    ] as const
  )
    .filter(([, value]) => isShownAnamnesisValue(value))
    .map(([label, value]) => `${label}: ${value.trim()}`);
  const sections: AnamnesisSection[] = [{ title: 'Identificação', lines: identification }];
  for (const [field, title] of ANAMNESIS_TEXT_FIELDS) {
    const value = anamnesis[field];
    if (isShownAnamnesisValue(value)) {
      sections.push({
        title,
        lines: value
          .split(/\n\s*\n/)
          .map((paragraph) => paragraph.trim())
          .filter(Boolean),
      });
    }
  }
  return sections.filter((section) => section.lines.length > 0);
}

export const FEEDBACK_DATE_MISSING = 'Data não informada';
export const FEEDBACK_DATE_INVALID = 'Data inválida';

/**
 * The consultation summary's generation date, 'dd/MM/yyyy HH:mm' in local time; the texts of
 * docs/product.md, "Feedback da consulta" when it is missing or not a date.
 * @param value - `consultationFeedback.generatedAt`, an ISO 8601 moment
 */
export function feedbackDateText(value?: string): string {
  if (value === undefined || !value.trim()) return FEEDBACK_DATE_MISSING;
  return isValid(parseISO(value)) ? formatDateTime(value) : FEEDBACK_DATE_INVALID;
}

type FeedbackField = Exclude<keyof ConsultationFeedback, 'generatedAt'>;

/** The summary's cards in order, with the titles of docs/product.md, "Feedback da consulta". */
export const FEEDBACK_CARDS: readonly { field: FeedbackField; title: string }[] = [
  { field: 'mainSymptoms', title: 'Sintomas Principais' },
  { field: 'relevantFindings', title: 'Achados Relevantes' },
  { field: 'clinicalDiscussion', title: 'Discussão Clínica' },
  { field: 'conductGuidance', title: 'Orientações e Conduta' },
  { field: 'humanAspects', title: 'Aspectos Humanos' },
  { field: 'doctorFeedback', title: 'Feedback ao Médico' },
];

/** A card's content: one paragraph, or a bullet list when the feedback gave a list. */
export type FeedbackContent = { kind: 'text'; text: string } | { kind: 'list'; items: string[] };

/**
 * What one card shows; undefined when the value is missing, blank or an empty list.
 * @param value - a feedback field: a text or a list of texts
 */
export function feedbackContent(value: string | string[] | undefined): FeedbackContent | undefined {
  if (Array.isArray(value)) {
    const items = value.map((item) => item.trim()).filter(Boolean);
    return items.length > 0 ? { kind: 'list', items } : undefined;
  }
  const text = value?.trim();
  return text ? { kind: 'text', text } : undefined;
}

/**
 * Whether a record's feedback has anything to show: a feedback with only a date (or nothing)
 * reads as no feedback, so the doctor sees the empty state and its explanation instead.
 * @param feedback - the record's consultation feedback
 */
export function hasFeedbackContent(feedback: ConsultationFeedback | undefined): boolean {
  if (!feedback) return false;
  return FEEDBACK_CARDS.some(({ field }) => feedbackContent(feedback[field]) !== undefined);
}
