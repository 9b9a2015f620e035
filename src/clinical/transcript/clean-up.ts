/**
 * The offline medical-language clean-up of a consultation transcript
 * (docs/product.md, "Revisão, processamento e prontuário"): spacing, abbreviations, drug names,
 * capitals and final punctuation, colloquial speech; plus the section a transcript most likely
 * belongs to (docs/product.md, "Motor offline") and whether it looks medical at all. Pure
 * functions: no I/O, deterministic.
 */
import { expandClinicalAbbreviations } from './abbreviations';
import { capitalizeDrugNames } from './drug-names';
import { foldForMatching } from '@shared/lib/text-folding';
import {
  capitalizeFirst,
  capitalizeSentences,
  countMatches,
  foldedTermsPattern,
  normalizeTextSpacing,
} from './text';

/** Word boundaries for colloquial words: a hyphen joins words too ("pró-BNP" is not "pro"). */
const COLLOQUIAL_START = '(?<![\\p{L}\\p{N}-])';
const COLLOQUIAL_END = '(?![\\p{L}\\p{N}-])';

/**
 * Spoken contractions and their written forms. Only spelling: lay words that carry clinical
 * meaning in the patient's own voice ("barriga", "dor de cabeça", "remédio", "pressão alta")
 * are kept, because the chief complaint is recorded in the patient's words and translating it
 * to technical vocabulary ("abdome", "cefaleia") is the doctor's call, not the clean-up's.
 */
const COLLOQUIAL_WORDS: readonly (readonly [string, string])[] = [
  ['t[ôo]', 'estou'],
  ['t[áa]', 'está'],
  ['tava', 'estava'],
  ['tavam', 'estavam'],
  ['tamos?', 'estamos'],
  ['pra', 'para'],
  ['pras', 'para as'],
  ['pro', 'para o'],
  ['pros', 'para os'],
  ['oc[êe]|cê', 'você'],
  ['dou?t[ôo]', 'doutor'],
];

const COLLOQUIAL_RULES = COLLOQUIAL_WORDS.map(
  ([source, written]) =>
    [new RegExp(`${COLLOQUIAL_START}(?:${source})${COLLOQUIAL_END}`, 'giu'), written] as const,
);

/**
 * "né" is a tag question ("não é?") with nothing to correct into: it is dropped, and the spacing
 * pass then tidies the commas around it ("dói, né, doutor" → "dói, doutor").
 */
const TAG_QUESTION = new RegExp(`${COLLOQUIAL_START}né${COLLOQUIAL_END}\\s*`, 'giu');

const COLLOQUIAL_MARKER = new RegExp(
  `${COLLOQUIAL_START}(?:${[...COLLOQUIAL_WORDS.map(([source]) => source), 'né'].join('|')})${COLLOQUIAL_END}`,
  'iu',
);

/** First-person words: a patient telling their own story, not a doctor dictating a note. */
const FIRST_PERSON = foldedTermsPattern([
  'eu',
  'meu',
  'minha',
  'meus',
  'minhas',
  'estou',
  'tenho',
  'sinto',
  'senti',
  'comecei',
  'tomei',
  'tomo',
  'sou',
]);

/**
 * Whether the text reads like a patient speaking
 * (docs/product.md, "Revisão, processamento e prontuário"): it uses a spoken contraction (tô, tá,
 * pra, né…) or tells a story in the first person (two or more of eu, meu, minha, estou, tenho,
 * sinto…). A doctor's third-person note ("Paciente refere…") is not.
 * @param text - the transcript or any part of it
 */
export function isPatientStyleText(text: string): boolean {
  if (COLLOQUIAL_MARKER.test(text)) return true;
  return countMatches(foldForMatching(text), FIRST_PERSON) >= 2;
}

/**
 * The text with spoken contractions written out: "tô" → "estou", "tá" → "está", "pra" → "para",
 * "pro" → "para o", "cê" → "você", "dotô" → "doutor"; "né" is dropped. A capital initial is kept
 * ("Tô" → "Estou"). Lay clinical words ("barriga", "dor de cabeça", "remédio") are kept.
 * @param text - patient-style text
 */
export function correctColloquialSpeech(text: string): string {
  let corrected = text.replace(TAG_QUESTION, '');
  for (const [pattern, written] of COLLOQUIAL_RULES) {
    corrected = corrected.replace(pattern, (match) =>
      /^\p{Lu}/u.test(match) ? capitalizeFirst(written) : written,
    );
  }
  return corrected;
}

/**
 * A full stop where a line stops without one. Inner lines ending in ":" stay (a heading such as
 * "Exame físico:"); the text's last line always ends with . ! ? or an ellipsis.
 */
function withFinalPunctuation(line: string, isLast: boolean): string {
  if (/[.!?…]$/.test(line)) return line;
  if (isLast) return line.replace(/[,;:]+$/, '') + '.';
  return /[,;:]$/.test(line) ? line : `${line}.`;
}

/**
 * The medical-language clean-up of docs/product.md, "Revisão, processamento e prontuário", offline:
 * spacing and punctuation normalised; patient-style text gets its spoken contractions written out;
 * unambiguous abbreviations expanded (PA, FC, FR, Tax, SatO2, HAS, DM2, IAM, AVC, DPOC, ICC, ITU,
 * IVAS, VO, EV, IM, SC, 8/8h, 2x/dia, cp…); common drug names capitalised; the first letter of each
 * sentence in capitals and a final full stop. Line breaks (one turn per line in a dialogue) are
 * kept. Blank text → ''.
 * @param text - the transcript as it came from the speech-to-text service or the doctor
 */
export function cleanUpTranscript(text: string): string {
  let cleaned = normalizeTextSpacing(text);
  if (cleaned === '') return '';
  if (isPatientStyleText(cleaned)) cleaned = correctColloquialSpeech(cleaned);
  cleaned = normalizeTextSpacing(capitalizeDrugNames(expandClinicalAbbreviations(cleaned)));
  const lines = cleaned.split('\n');
  return lines
    .map((line, index) =>
      line === ''
        ? line
        : withFinalPunctuation(capitalizeSentences(line), index === lines.length - 1),
    )
    .join('\n');
}

/**
 * The record sections a transcript can be suggested for (the section suggestion of
 * docs/product.md, "Motor offline").
 */
export const TRANSCRIPT_SECTIONS = ['symptoms', 'physicalExam', 'assessment', 'plan'] as const;
export type TranscriptSection = (typeof TRANSCRIPT_SECTIONS)[number];

/**
 * What `suggestSection` answers when no keyword is found: text with no clinical signal is most
 * likely the patient's account, which belongs with the symptoms.
 */
export const DEFAULT_TRANSCRIPT_SECTION: TranscriptSection = 'symptoms';

const NUMBER = '(?:[0-9]+|um|uma|dois|duas|tres|quatro|cinco|seis|sete|oito|nove|dez)';

/** Keywords per section, folded (lower case, no accents); `*` marks a stem. */
const SECTION_KEYWORDS: Readonly<Record<TranscriptSection, RegExp>> = {
  symptoms: foldedTermsPattern([
    'sintoma*',
    'queixa*',
    'dor',
    'dores',
    'doi',
    'doendo',
    'febre',
    'tosse',
    'coriza',
    'nausea*',
    'enjoo',
    'vomit*',
    'diarreia',
    'tontura',
    'cansaco',
    'fraqueza',
    'falta de ar',
    'mal estar',
    'cefaleia',
    'dispneia',
    'refere',
    'relata',
    'sente',
    'sentindo',
    'comecou',
    `ha ${NUMBER} (?:hora|horas|dia|dias|semana|semanas|mes|meses|ano|anos)`,
  ]),
  physicalExam: foldedTermsPattern([
    'exame fisico',
    'ao exame',
    'ausculta*',
    'palpa*',
    'inspecao',
    'percussao',
    'pressao arterial',
    'pa',
    'fc',
    'fr',
    'frequencia cardiaca',
    'frequencia respiratoria',
    'saturacao',
    'sato2',
    'spo2',
    'temperatura',
    'tax',
    'mmhg',
    'bpm',
    'irpm',
    'murmurio vesicular',
    'bulhas',
    'ritmo cardiaco',
    'rcr',
    'flacido',
    'corad[oa]',
    'hidratad[oa]',
    'acianotic[oa]',
    'anicteric[oa]',
    'afebril',
    'lucid[oa] e orientad[oa]',
    'bom estado geral',
    'beg',
    'edema',
    'pulsos',
    'oroscopia',
    'otoscopia',
    'hiperemia*',
    'peso',
    'altura',
    'imc',
  ]),
  assessment: foldedTermsPattern([
    'diagnostic*',
    'hipotese*',
    'suspeita*',
    'provavel',
    'provavelmente',
    'compativel',
    'sugestiv[oa]',
    'quadro de',
    'impressao',
    'avaliacao',
    'cid',
    'diferencia*',
    'descartar',
    'afastar',
    'etiologia',
    'viral',
    'bacteriana',
    'trata se de',
    'tem cara de',
  ]),
  plan: foldedTermsPattern([
    'prescrev*',
    'prescricao',
    'receita*',
    'tomar',
    'oriento',
    'orientacao',
    'orientacoes',
    'orientad[oa] a',
    'retorno',
    'retornar',
    'voltar',
    'solicit*',
    'encaminh*',
    'repouso',
    'hidratacao',
    'conduta',
    'plano',
    'mg',
    `de ${NUMBER} em ${NUMBER} horas`,
    'via oral',
    `por ${NUMBER} (?:dias|semanas|meses)`,
    'comprimido*',
    'gotas',
    'acompanhamento',
    'seguimento',
    'suspender',
    'iniciar',
    'exames',
  ]),
};

/**
 * How many keywords of each section the text holds (accent- and case-insensitive).
 * @param text - the transcript or a part of it
 */
export function countSectionKeywords(text: string): Record<TranscriptSection, number> {
  const folded = foldForMatching(text);
  return {
    symptoms: countMatches(folded, SECTION_KEYWORDS.symptoms),
    physicalExam: countMatches(folded, SECTION_KEYWORDS.physicalExam),
    assessment: countMatches(folded, SECTION_KEYWORDS.assessment),
    plan: countMatches(folded, SECTION_KEYWORDS.plan),
  };
}

/**
 * The record section a transcript most likely belongs to (docs/product.md, "Motor offline"): the
 * one with the most keyword hits. A tie goes to the section that comes first in the record
 * (symptoms, physical exam, assessment, plan) — the doctor fills them in that order, so the earlier
 * one is the open one; no hit at all gives `DEFAULT_TRANSCRIPT_SECTION` ('symptoms').
 * @param text - the transcript or a part of it
 */
export function suggestSection(text: string): TranscriptSection {
  const counts = countSectionKeywords(text);
  let best: TranscriptSection = DEFAULT_TRANSCRIPT_SECTION;
  let bestCount = 0;
  for (const section of TRANSCRIPT_SECTIONS) {
    if (counts[section] > bestCount) {
      best = section;
      bestCount = counts[section];
    }
  }
  return best;
}

/**
 * The medical terms of docs/product.md, "Revisão, processamento e prontuário" (symptom, pain,
 * fever, pressure, medication, treatment, exam, diagnosis, patient, consultation, prescription,
 * allergy, complaint, assessment and similar), as Brazilians say them, folded.
 */
const MEDICAL_TERMS = foldedTermsPattern([
  'sintoma*',
  'dor',
  'dores',
  'doi',
  'doendo',
  'febre*',
  'febril',
  'pressao',
  'medic*',
  'remedio*',
  'tratament*',
  'exame*',
  'diagnostic*',
  'paciente*',
  'consulta*',
  'receita*',
  'prescri*',
  'alergi*',
  'alergic[oa]s?',
  'queixa*',
  'avaliac*',
  'tosse',
  'nausea*',
  'vomit*',
  'diarreia',
  'tontura',
  'falta de ar',
  'mal estar',
  'doenca*',
  'infecc*',
  'inflamac*',
  'sangramento',
  'cirurgi*',
  'internac*',
  'hospital*',
  'comprimido*',
  'dose*',
  'posologia',
  'hipertens*',
  'diabet*',
  'glicemia',
]);

/**
 * Whether the text mentions at least one medical term
 * (docs/product.md, "Revisão, processamento e prontuário": voice data is applied only when the
 * transcript looks medical). Case- and accent-insensitive: "DIAGNOSTICO" counts.
 * @param text - the transcript
 */
export function containsMedicalTerms(text: string): boolean {
  return MEDICAL_TERMS.test(foldForMatching(text));
}
