import type { ExtractionResult, ExtractionSection } from '@shared/ai/extraction';

type ExtractedContent = Omit<ExtractionResult, 'confidence' | 'extractedSections'>;

/**
 * The fields a consultation usually states, each asking whether the extraction filled it. The
 * share of them filled is the extraction's confidence (docs/product.md, "Motor offline": "computed
 * from the share of filled fields").
 */
const CORE_FIELDS: ((result: ExtractedContent) => boolean)[] = [
  (r) => Boolean(r.patientInfo.name),
  (r) => r.patientInfo.age !== undefined,
  (r) => r.patientInfo.gender !== undefined,
  (r) => Boolean(r.symptoms.chiefComplaint),
  (r) => Boolean(r.symptoms.duration),
  (r) => r.symptoms.intensity !== undefined,
  (r) => Object.keys(r.physicalExam.vitalSigns ?? {}).length > 0,
  (r) => r.assessment.trim() !== '',
  (r) => r.plan.trim() !== '',
  (r) => (r.prescriptions.medications?.length ?? 0) + (r.prescriptions.exams?.length ?? 0) > 0,
];

/**
 * Confidence 0–1 from the share of core fields filled, rounded to two decimals.
 * @param result - the extracted content
 */
export function computeExtractionConfidence(result: ExtractedContent): number {
  const filled = CORE_FIELDS.filter((isFilled) => isFilled(result)).length;
  return Math.round((filled / CORE_FIELDS.length) * 100) / 100;
}

/**
 * The record sections that got content, in the record's order.
 * @param result - the extracted content
 */
export function listExtractedSections(result: ExtractedContent): ExtractionSection[] {
  const sections: ExtractionSection[] = [];
  const p = result.patientInfo;
  if (
    p.name ||
    p.age !== undefined ||
    p.gender ||
    (p.allergies?.length ?? 0) + (p.medications?.length ?? 0) + (p.chronicConditions?.length ?? 0) >
      0
  ) {
    sections.push('patientInfo');
  }
  const s = result.symptoms;
  if (s.chiefComplaint || s.duration || s.intensity || (s.currentSymptoms?.length ?? 0) > 0) {
    sections.push('symptoms');
  }
  const e = result.physicalExam;
  if (Object.keys(e.vitalSigns ?? {}).length > 0 || e.generalAppearance)
    sections.push('physicalExam');
  if (result.assessment.trim()) sections.push('assessment');
  if (result.plan.trim()) sections.push('plan');
  const rx = result.prescriptions;
  if ((rx.medications?.length ?? 0) + (rx.exams?.length ?? 0) > 0) sections.push('prescriptions');
  return sections;
}
