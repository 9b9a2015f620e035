import { describe, expect, it } from 'vitest';
import { emptyExtraction } from '@shared/ai/extraction';
import { computeExtractionConfidence, listExtractedSections } from './confidence';

describe('confidence and sections', () => {
  it('is 0 with no sections for an empty extraction', () => {
    const empty = emptyExtraction();
    expect(computeExtractionConfidence(empty)).toBe(0);
    expect(listExtractedSections(empty)).toEqual([]);
  });

  it('grows with the share of core fields filled', () => {
    const result = emptyExtraction();
    result.patientInfo.name = 'Ana';
    result.patientInfo.age = 30;
    result.symptoms.chiefComplaint = 'Tosse';
    result.physicalExam.vitalSigns = { heartRate: 80 };
    expect(computeExtractionConfidence(result)).toBe(0.4);
    expect(listExtractedSections(result)).toEqual(['patientInfo', 'symptoms', 'physicalExam']);
  });

  it('counts a denied allergy list as no content, a named allergy as content', () => {
    const result = emptyExtraction();
    result.patientInfo.allergies = ['dipirona'];
    expect(listExtractedSections(result)).toEqual(['patientInfo']);
  });
});
