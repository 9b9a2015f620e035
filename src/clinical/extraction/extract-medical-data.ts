import type { ExtractionResult } from '@shared/ai/extraction';
import type { ExtractionEvidence, TextSpan } from '@shared/ai/extraction-evidence';
import { emptyExtraction } from '@shared/ai/extraction';
import { formatDecimal } from '@shared/lib/pt-br-format';
import { extractAllergies } from './allergies';
import { extractDoctorNotes } from './assessment-and-plan';
import { extractChiefComplaint } from './chief-complaint';
import { extractChronicConditions } from './chronic-conditions';
import { computeExtractionConfidence, listExtractedSections } from './confidence';
import { parseConsultation, type Consultation } from './consultation-text';
import { extractCurrentSymptoms } from './current-symptoms';
import { extractDuration } from './duration';
import { extractIntensity } from './intensity';
import { findMedicineMentions } from './medicine-mentions';
import {
  classifyMedicineMentions,
  extractMedicationsInUse,
  extractPrescribedMedications,
} from './medicine-roles';
import { locatePatientAge } from './patient-age';
import { extractPatientGender } from './patient-gender';
import { locatePatientName } from './patient-name';
import { sourceSpan } from './text-normalization';
import { findGestationalAges, locatePregnancy, type GestationalAge } from './pregnancy';
import { extractRequestedExams } from './requested-exams';
import { readHomeReadings, readVitalSigns, type HomeReading } from './vital-signs';

/**
 * The offline engine's extraction (docs/product.md, "Motor offline"): turns a Portuguese
 * consultation — a 'Médico: … / Paciente: …' dialogue, a dictation or a written note — into the
 * record's fields. Only what the text states; unknown fields stay unset and lists empty. Pure and
 * deterministic.
 * @param text - the consultation as pasted or transcribed
 */
export function extractMedicalData(text: string): ExtractionResult {
  return extractWithRuleSpans(text).result;
}

/**
 * {@link extractMedicalData}, with where in `text` (as submitted) the rules that read a value
 * not written as such — the name, the age, a pregnancy, each vital sign — matched it: 'quantos anos a senhora
 * tem sessenta e três' for 63, 'pressão doze por oito' for 120/80. UTF-16 offsets, by the value's
 * path ('patientInfo.age', 'physicalExam.vitalSigns.bloodPressure').
 * @param text - the consultation as pasted or transcribed
 */
export function extractWithRuleSpans(text: string): {
  result: ExtractionResult;
  ruleSpans: ExtractionEvidence;
} {
  if (!text.trim()) return { result: emptyExtraction(), ruleSpans: {} };
  const consultation = parseConsultation(text);
  const mentions = findMedicineMentions(consultation);
  const roles = classifyMedicineMentions(consultation, mentions);

  const located = locatePatientName(consultation);
  const name = located?.name;
  const agedAt = locatePatientAge(consultation);
  const age = agedAt?.age;
  const gender = extractPatientGender(consultation, name);
  const pregnancy = gender === 'masculino' ? undefined : locatePregnancy(consultation);
  const pregnant = pregnancy ? true : undefined;
  const gestationalAge = pregnancy ? findGestationalAges(consultation)[0] : undefined;
  const complaint = extractChiefComplaint(consultation);
  const duration = extractDuration(consultation, complaint);
  const intensity = extractIntensity(consultation);
  const { vitals: vitalSigns, spans: vitalSpans } = readVitalSigns(consultation);
  const todays = Object.values(vitalSpans).flat();
  const homeReadings = readHomeReadings(consultation).filter(
    (reading) => !todays.some((span) => reading.start < span.end && span.start < reading.end),
  );
  const additionalInfo = describeApart(gestationalAge, homeReadings);
  const notes = extractDoctorNotes(consultation);

  const content = {
    patientInfo: {
      ...(name !== undefined && { name }),
      ...(age !== undefined && { age }),
      ...(gender !== undefined && { gender }),
      ...(pregnant && { pregnant }),
      allergies: extractAllergies(consultation, mentions),
      medications: extractMedicationsInUse(consultation, mentions, roles),
      chronicConditions: extractChronicConditions(consultation),
    },
    symptoms: {
      ...(complaint && { chiefComplaint: complaint.text }),
      currentSymptoms: withComplaint(extractCurrentSymptoms(consultation), complaint?.text),
      ...(duration !== undefined && { duration }),
      ...(intensity !== undefined && { intensity }),
      ...(additionalInfo && { additionalInfo }),
    },
    physicalExam: {
      vitalSigns,
      ...(notes.generalAppearance && { generalAppearance: notes.generalAppearance }),
    },
    assessment: notes.assessment,
    plan: notes.plan,
    prescriptions: {
      medications: extractPrescribedMedications(consultation, mentions, roles),
      exams: extractRequestedExams(consultation),
    },
  };
  const ruleSpans: ExtractionEvidence = {};
  const keep = (path: string, stretches: readonly { start: number; end: number }[]) => {
    const spans = stretches.flatMap((stretch) => submittedSpan(consultation, stretch) ?? []);
    if (spans.length > 0) ruleSpans[path] = spans;
  };
  if (located) keep('patientInfo.name', [located]);
  if (agedAt) keep('patientInfo.age', [agedAt]);
  if (pregnancy) keep('patientInfo.pregnant', [pregnancy]);
  if (additionalInfo) {
    keep('symptoms.additionalInfo', [...(gestationalAge ? [gestationalAge] : []), ...homeReadings]);
  }
  for (const [key, stretches] of Object.entries(vitalSpans)) {
    keep(`physicalExam.vitalSigns.${key}`, stretches);
  }
  return {
    result: {
      ...content,
      confidence: computeExtractionConfidence(content),
      extractedSections: listExtractedSections(content),
    },
    ruleSpans,
  };
}

/**
 * A stretch of the prepared text as the doctor's own words: without the spaces and punctuation
 * a pattern takes in at its edges, mapped to the text as submitted.
 */
function submittedSpan(
  consultation: Consultation,
  stretch: { start: number; end: number },
): TextSpan | undefined {
  let { start, end } = stretch;
  const edge = /[\s,.;:!?()"'-]/;
  while (start < end && edge.test(consultation.original.charAt(start))) start++;
  while (end > start && edge.test(consultation.original.charAt(end - 1))) end--;
  return sourceSpan(consultation, start, end);
}

const HOME_READING_LABELS: Record<HomeReading['key'], (value: string | number) => string> = {
  bloodPressure: (value) => `PA ${value} mmHg`,
  glucose: (value) => `glicemia ${value} mg/dL`,
  temperature: (value) =>
    `temperatura ${typeof value === 'number' ? formatDecimal(value) : value} °C`,
};

/**
 * What the record keeps beside the complaint, not in its own fields: how far along a pregnancy
 * is, and readings taken before the visit, which are never today's vital signs
 * (docs/product.md, "Motor offline").
 */
function describeApart(
  gestationalAge: GestationalAge | undefined,
  homeReadings: HomeReading[],
): string | undefined {
  const parts: string[] = [];
  if (gestationalAge) parts.push(`Idade gestacional: ${gestationalAge.value}.`);
  if (homeReadings.length > 0) {
    const readings = homeReadings.map((reading) => HOME_READING_LABELS[reading.key](reading.value));
    parts.push(`Medidas fora da consulta: ${readings.join(', ')}.`);
  }
  return parts.length > 0 ? parts.join(' ') : undefined;
}

/** The current symptoms start with the chief complaint, when their list does not name it. */
function withComplaint(symptoms: string[], complaint: string | undefined): string[] {
  if (!complaint) return symptoms;
  const key = complaint.toLowerCase();
  if (symptoms.some((s) => s.includes(key) || key.includes(s))) return symptoms;
  return [key, ...symptoms];
}
