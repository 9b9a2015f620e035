/**
 * The offline structured anamnesis (docs/product.md, "Anamnese estruturada"): every field written
 * in Brazilian clinical Portuguese from an extraction result and, when given, the transcript it
 * came from. Only what was said; 'Não informado' (or 'Não avaliado' for an exam nobody described)
 * everywhere else.
 */
import {
  NOT_EVALUATED,
  NOT_INFORMED,
  type ExtractionResult,
  type StructuredAnamnesis,
} from '@shared/ai/extraction';
import { patientSubject } from '@shared/patients/agreement';
import { foldForMatching } from '@shared/lib/text-folding';
import { capitalizeFirst } from '../transcript/text';
import { listInWords } from '@shared/lib/pt-br-format';
import {
  asSentence,
  cleanClinicalText,
  describeExamFindings,
  formatAge,
  formatDuration,
  formatExamNames,
  formatGender,
  formatMedication,
  formatTerm,
  formatTerms,
  formatVitalSigns,
  mentionsDuration,
} from './clinical-format';
import { toImpersonalConduct, withoutRepeatedSentences } from './impersonal-voice';
import { readTranscriptStatements, type TranscriptStatements } from './transcript-statements';

/**
 * docs/product.md, "Anamnese estruturada": the confidence of an anamnesis whose source gives none.
 */
export const DEFAULT_ANAMNESIS_CONFIDENCE = 0.85;

/**
 * What a failed anamnesis answers: every field 'Não informado', confidence 0.
 */
export function emptyAnamnesis(): StructuredAnamnesis {
  return {
    identificacao: { nome: NOT_INFORMED, sexo: NOT_INFORMED, idade: NOT_INFORMED },
    queixaPrincipal: NOT_INFORMED,
    historiaDoencaAtual: NOT_INFORMED,
    antecedentesPessoais: NOT_INFORMED,
    antecedentesFamiliares: NOT_INFORMED,
    habitosVida: NOT_INFORMED,
    exameFisico: NOT_INFORMED,
    historiaSocial: NOT_INFORMED,
    hipotesesDiagnosticas: NOT_INFORMED,
    condutas: NOT_INFORMED,
    orientacoes: NOT_INFORMED,
    resumoClinico: NOT_INFORMED,
    confidence: 0,
  };
}

/**
 * Whether the anamnesis view shows a section with this value
 * (docs/product.md, "Anamnese estruturada": sections reading 'Não informado' or 'Não avaliado' are
 * hidden, and so are blank ones).
 * @param value - the section's text
 */
export function isShownAnamnesisValue(value: string | undefined): boolean {
  const folded = foldForMatching(value ?? '');
  return (
    folded !== '' &&
    folded !== foldForMatching(NOT_INFORMED) &&
    folded !== foldForMatching(NOT_EVALUATED)
  );
}

export type ConfidenceColour = 'green' | 'yellow' | 'red';

/**
 * The colour of the anamnesis confidence bar (docs/product.md, "Anamnese estruturada"): green at
 * 0.8 or more, yellow at 0.6 or more, red otherwise.
 * @param confidence - 0 to 1
 */
export function anamnesisConfidenceColour(confidence: number): ConfidenceColour {
  if (confidence >= 0.8) return 'green';
  if (confidence >= 0.6) return 'yellow';
  return 'red';
}

/** Sentences joined into one paragraph, each once, or 'Não informado' when there are none. */
function paragraph(sentences: readonly string[], fallback: string = NOT_INFORMED): string {
  const text = withoutRepeatedSentences(sentences.map(asSentence)).join(' ');
  return text === '' ? fallback : text;
}

const INTENSITY_PHRASE = {
  leve: 'de leve intensidade',
  moderada: 'de moderada intensidade',
  intensa: 'de forte intensidade',
} as const;

/** The chief complaint, or the first current symptom when no complaint was singled out. */
function complaintOf(extraction: ExtractionResult): string {
  const complaint = extraction.symptoms.chiefComplaint?.trim();
  if (complaint) return formatTerm(complaint);
  return formatTerms(extraction.symptoms.currentSymptoms)[0] ?? '';
}

/** "Dor de garganta há 3 dias" — the complaint with its duration, unless it already has it. */
function chiefComplaintLine(extraction: ExtractionResult): string {
  const complaint = complaintOf(extraction);
  const duration = extraction.symptoms.duration?.trim();
  if (!complaint) return duration ? capitalizeFirst(`Sintomas ${formatDuration(duration)}`) : '';
  if (!duration || mentionsDuration(complaint, duration)) return complaint;
  return `${complaint} ${formatDuration(duration)}`;
}

/** The symptoms besides the complaint, so the narrative does not repeat it. */
function associatedSymptoms(extraction: ExtractionResult): string[] {
  const complaint = foldForMatching(complaintOf(extraction));
  return formatTerms(extraction.symptoms.currentSymptoms).filter((symptom) => {
    const folded = foldForMatching(symptom);
    return complaint === '' || !(complaint.includes(folded) || folded.includes(complaint));
  });
}

/**
 * A term inside a sentence: its capital dropped ('refere dor', 'Nega febre'), an acronym ('HAS',
 * 'ITU') kept as it is.
 */
function inSentence(term: string): string {
  return /^\p{Lu}(?:\p{Ll}|\s|$)/u.test(term)
    ? term.charAt(0).toLocaleLowerCase('pt-BR') + term.slice(1)
    : term;
}

/** "Nega febre, vômitos e diarreia": the terms inside the sentence, not capitalised. */
function deniedSymptomsSentence(statements: TranscriptStatements | undefined): string {
  const denied = formatTerms(statements?.deniedSymptoms).map(inSentence);
  return denied.length > 0 ? `Nega ${listInWords(denied)}` : '';
}

function historyOfPresentIllness(
  extraction: ExtractionResult,
  statements: TranscriptStatements | undefined,
): string {
  const { intensity, additionalInfo } = extraction.symptoms;
  const sentences: string[] = [];
  const complaint = chiefComplaintLine(extraction);
  if (complaint) {
    const withIntensity = intensity ? `${complaint}, ${INTENSITY_PHRASE[intensity]}` : complaint;
    sentences.push(
      `${patientSubject(extraction.patientInfo.gender)} refere ${inSentence(withIntensity)}`,
    );
  } else if (intensity) {
    sentences.push(`Sintomas ${INTENSITY_PHRASE[intensity]}`);
  }
  const associated = associatedSymptoms(extraction);
  if (associated.length > 0) {
    sentences.push(`Refere também ${listInWords(associated.map(inSentence))}`);
  }
  const additional = cleanClinicalText(additionalInfo);
  if (additional) sentences.push(additional);
  const denied = deniedSymptomsSentence(statements);
  // The extraction's own notes may already say it ("Nega febre."): not written twice.
  if (denied && !foldForMatching(additional).includes(foldForMatching(denied))) {
    sentences.push(denied);
  }
  return paragraph(sentences);
}

/**
 * Comorbidities, medicines in use and allergies. An empty allergy list is not a denial: the
 * extraction cannot tell "nega alergias" from "not asked", so 'Nega alergias conhecidas' is
 * written only when the transcript says so; otherwise the allergies are marked as not informed.
 */
function personalHistory(
  extraction: ExtractionResult,
  statements: TranscriptStatements | undefined,
): string {
  const { chronicConditions, medications, allergies } = extraction.patientInfo;
  const conditions = formatTerms(chronicConditions);
  const inUse = formatTerms(medications);
  const allergens = formatTerms(allergies);
  const sentences: string[] = [];

  if (conditions.length > 0) sentences.push(`Comorbidades: ${listInWords(conditions)}`);
  else if (statements?.chronicConditionsDenied) sentences.push('Nega comorbidades');

  if (inUse.length > 0) sentences.push(`Em uso de ${listInWords(inUse)}`);
  else if (statements?.continuousMedicationDenied) {
    sentences.push('Nega uso contínuo de medicamentos');
  }

  const allergyKnown = allergens.length > 0 || statements?.allergiesDenied === true;
  if (allergens.length > 0) sentences.push(`Alergia a ${listInWords(allergens)}`);
  else if (statements?.allergiesDenied) sentences.push('Nega alergias conhecidas');

  if (sentences.length === 0) return NOT_INFORMED;
  if (!allergyKnown) sentences.push('Alergias não informadas');
  return paragraph(sentences);
}

/** Words of a spoken vital-sign reading ('Pressão 16 por 10, frequência cardíaca 88'). */
const VITAL_READING_WORDS = new Set(
  (
    'pressao arterial pa frequencia cardiaca respiratoria fc fr temperatura tax saturacao ' +
    'sat o2 oxigenio peso altura imc quilos kg cm metro metros graus bpm mmhg irpm por de e x'
  ).split(' '),
);

/** Whether a sentence only reads out vital signs, which the formatted line already gives. */
function onlyReadsVitals(sentence: string): boolean {
  const words = foldForMatching(sentence).split(' ');
  return words.every((word) => /^\d+$/.test(word) || VITAL_READING_WORDS.has(word));
}

function physicalExamination(extraction: ExtractionResult): string {
  const vitals = formatVitalSigns(extraction.physicalExam.vitalSigns);
  const findings = describeExamFindings(extraction.physicalExam).flatMap((finding) =>
    finding.split(/(?<=[.!?])\s+/),
  );
  const described = vitals ? findings.filter((finding) => !onlyReadsVitals(finding)) : findings;
  return paragraph([vitals, ...described], NOT_EVALUATED);
}

/** Plan sentences that are advice to the patient rather than the doctor's own conduct. */
const ADVICE =
  /\b(?:orient\w*|repouso|hidrat\w*|liquidos?|agua|ingerir|beber|retorn\w*|volt\w*|procur\w*|evit\w*|sinais de alarme|dieta|aliment\w*|compressa\w*|gargarej\w*|lavage\w*|higiene|piora\w*|se nao melhorar)\b/;

/**
 * The plan cut into sentences and bullet items, each in the record's impersonal style ('Vou
 * reintroduzir losartana' → 'Reintroduzir losartana'), each once.
 */
function planItems(plan: string): string[] {
  return withoutRepeatedSentences(
    cleanClinicalText(plan)
      .split(/(?<=[.!?;])\s+|\n+/)
      .map((item) => toImpersonalConduct(item.replace(/^\s*(?:[-•*]|\d+[.)])\s*/, '').trim()))
      .filter((item) => foldForMatching(item) !== ''),
  );
}

/** Words that link exam names in a request: 'Solicitar hemograma e creatinina.' */
const EXAM_REQUEST_FILLER = /\b(?:solicitar|exames?|de|do|da|dos|das|um|uma|o|a|os|as|e)\b/g;

/**
 * Whether a plan item only requests exams the conduct already lists ('Solicitar hemograma e
 * creatinina.' after 'Exames solicitados: Hemograma e Creatinina.').
 */
function requestsOnlyListedExams(item: string, requested: readonly string[]): boolean {
  let rest = foldForMatching(item);
  if (!rest.startsWith('solicitar ') || requested.length === 0) return false;
  for (const exam of requested) rest = rest.replace(foldForMatching(exam), ' ');
  return rest.replace(EXAM_REQUEST_FILLER, ' ').trim() === '';
}

function conducts(extraction: ExtractionResult): string {
  const { medications, exams } = extraction.prescriptions;
  const sentences: string[] = [];
  const prescribed = (medications ?? []).map(formatMedication).filter(Boolean);
  if (prescribed.length > 0) sentences.push(`Prescrição: ${prescribed.join('; ')}`);
  const requested = formatExamNames(exams);
  if (requested.length > 0) sentences.push(`Exames solicitados: ${listInWords(requested)}`);
  sentences.push(
    ...planItems(extraction.plan).filter(
      (item) => !ADVICE.test(foldForMatching(item)) && !requestsOnlyListedExams(item, requested),
    ),
  );
  return paragraph(sentences);
}

function advice(extraction: ExtractionResult): string {
  const fromPlan = planItems(extraction.plan).filter((item) => ADVICE.test(foldForMatching(item)));
  const notes = cleanClinicalText(extraction.prescriptions.additionalNotes);
  return paragraph(notes ? [...fromPlan, notes] : fromPlan);
}

function diagnosticHypotheses(extraction: ExtractionResult): string {
  return paragraph([cleanClinicalText(extraction.assessment)]);
}

/** The first sentence of a text, to quote it in the summary. */
function firstSentence(text: string): string {
  return (text.split(/(?<=[.!?])\s+/)[0] ?? '').replace(/[.!?]+$/, '');
}

/** Two or three sentences: who, with what; what the exam showed; hypothesis and conduct. */
function clinicalSummary(extraction: ExtractionResult): string {
  const { gender, age } = extraction.patientInfo;
  const sentences: string[] = [];

  const who = ['Paciente'];
  if (gender) who[0] = `Paciente do sexo ${gender}`;
  if (age !== undefined) who.push(formatAge(age).toLowerCase());
  const conditions = formatTerms(extraction.patientInfo.chronicConditions);
  if (conditions.length > 0) who.push(`com antecedente de ${listInWords(conditions)}`);
  const complaint = chiefComplaintLine(extraction);
  if (complaint) who.push(`apresenta ${complaint}`);
  if (who.length > 1 || gender) sentences.push(who.join(', '));

  const vitals = formatVitalSigns(extraction.physicalExam.vitalSigns);
  const general = firstSentence(cleanClinicalText(extraction.physicalExam.generalAppearance));
  if (vitals) sentences.push(`Ao exame: ${vitals}`);
  else if (general) sentences.push(`Ao exame: ${general}`);

  const hypothesis = firstSentence(cleanClinicalText(extraction.assessment));
  const medicines = formatTerms((extraction.prescriptions.medications ?? []).map((m) => m.name));
  const exams = formatExamNames(extraction.prescriptions.exams);
  const conduct = [
    medicines.length > 0 ? `prescrição de ${listInWords(medicines)}` : '',
    exams.length > 0 ? `solicitação de ${listInWords(exams)}` : '',
  ].filter(Boolean);
  if (hypothesis && conduct.length > 0) {
    sentences.push(`Hipótese diagnóstica: ${hypothesis}; conduta: ${listInWords(conduct)}`);
  } else if (hypothesis) {
    sentences.push(`Hipótese diagnóstica: ${hypothesis}`);
  } else if (conduct.length > 0) {
    sentences.push(`Conduta: ${listInWords(conduct)}`);
  }
  return paragraph(sentences);
}

/**
 * The extraction's confidence in 0–1, or the default of docs/product.md, "Anamnese estruturada",
 * when it has none.
 */
function confidenceOf(extraction: ExtractionResult): number {
  const { confidence } = extraction as { confidence?: unknown };
  if (typeof confidence !== 'number' || !Number.isFinite(confidence)) {
    return DEFAULT_ANAMNESIS_CONFIDENCE;
  }
  return Math.min(1, Math.max(0, confidence));
}

/**
 * The structured anamnesis (docs/product.md, "Anamnese estruturada") from an extraction result,
 * offline. Every field is filled: what the extraction (and the transcript, for denials, habits,
 * family and social history) states, written in Brazilian clinical Portuguese with medical terms
 * capitalised; 'Não informado' where nothing is known, 'Não avaliado' for an exam with no data.
 * Confidence is the extraction's, or 0.85 when it has none.
 * @param extraction - the extraction result of the consultation
 * @param transcript - the consultation text the extraction came from, when available
 */
export function buildStructuredAnamnesis(
  extraction: ExtractionResult,
  transcript?: string,
): StructuredAnamnesis {
  const statements = transcript?.trim() ? readTranscriptStatements(transcript) : undefined;
  const { name, gender, age } = extraction.patientInfo;
  return {
    identificacao: {
      nome: name?.trim() ? name.trim() : NOT_INFORMED,
      sexo: gender ? formatGender(gender) : NOT_INFORMED,
      idade: age !== undefined ? formatAge(age) : NOT_INFORMED,
    },
    queixaPrincipal: chiefComplaintLine(extraction) || NOT_INFORMED,
    historiaDoencaAtual: historyOfPresentIllness(extraction, statements),
    antecedentesPessoais: personalHistory(extraction, statements),
    antecedentesFamiliares: paragraph(statements?.familyHistory ?? []),
    habitosVida: paragraph(statements?.habits ?? []),
    exameFisico: physicalExamination(extraction),
    historiaSocial: paragraph(statements?.socialHistory ?? []),
    hipotesesDiagnosticas: diagnosticHypotheses(extraction),
    condutas: conducts(extraction),
    orientacoes: advice(extraction),
    resumoClinico: clinicalSummary(extraction),
    confidence: confidenceOf(extraction),
  };
}
