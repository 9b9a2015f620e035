import type { ExtractionResult } from '../../shared/extraction';
import { emptyExtraction } from '../../shared/extraction';
import { extractAllergies } from './allergies';
import { extractDoctorNotes } from './assessment-and-plan';
import { extractChiefComplaint } from './chief-complaint';
import { extractChronicConditions } from './chronic-conditions';
import { computeExtractionConfidence, listExtractedSections } from './confidence';
import { parseConsultation } from './consultation-text';
import { extractCurrentSymptoms } from './current-symptoms';
import { extractDuration } from './duration';
import { extractIntensity } from './intensity';
import { findMedicineMentions } from './medicine-mentions';
import {
  classifyMedicineMentions,
  extractMedicationsInUse,
  extractPrescribedMedications,
} from './medicine-roles';
import { extractPatientAge } from './patient-age';
import { extractPatientGender } from './patient-gender';
import { extractPatientName } from './patient-name';
import { extractPregnancy } from './pregnancy';
import { extractRequestedExams } from './requested-exams';
import { extractVitalSigns } from './vital-signs';

/**
 * The offline engine's extraction (docs/product.md, "Motor offline"): turns a Portuguese
 * consultation — a 'Médico: … / Paciente: …' dialogue, a dictation or a written note — into the
 * record's fields. Only what the text states; unknown fields stay unset and lists empty. Pure and
 * deterministic.
 * @param text - the consultation as pasted or transcribed
 */
export function extractMedicalData(text: string): ExtractionResult {
  if (!text.trim()) return emptyExtraction();
  const consultation = parseConsultation(text);
  const mentions = findMedicineMentions(consultation);
  const roles = classifyMedicineMentions(consultation, mentions);

  const name = extractPatientName(consultation);
  const age = extractPatientAge(consultation);
  const gender = extractPatientGender(consultation, name);
  const pregnant = gender === 'masculino' ? undefined : extractPregnancy(consultation);
  const complaint = extractChiefComplaint(consultation);
  const duration = extractDuration(consultation, complaint);
  const intensity = extractIntensity(consultation);
  const vitalSigns = extractVitalSigns(consultation);
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
  return {
    ...content,
    confidence: computeExtractionConfidence(content),
    extractedSections: listExtractedSections(content),
  };
}

/** The current symptoms start with the chief complaint, when their list does not name it. */
function withComplaint(symptoms: string[], complaint: string | undefined): string[] {
  if (!complaint) return symptoms;
  const key = complaint.toLowerCase();
  if (symptoms.some((s) => s.includes(key) || key.includes(s))) return symptoms;
  return [key, ...symptoms];
}
