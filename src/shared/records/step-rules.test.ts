import { describe, expect, it } from 'vitest';
import { newWorkingRecord } from './flow';
import {
  AGE_ERROR,
  PLAN_SUGGESTIONS_FALLBACK,
  addCidToAssessment,
  ageError,
  ageTextMatches,
  appendLine,
  appendPlanBullet,
  assessmentEnhancementFallback,
  assessmentHasCid,
  commaListMatches,
  compactVitals,
  formatBmi,
  formatCommaList,
  formatMeasurement,
  hasPrintableContent,
  parseVital,
  vitalError,
} from './step-rules';

describe('age field', () => {
  it('shows the age error only for typed text that is not an age 0–150', () => {
    expect(ageError('')).toBeUndefined();
    expect(ageError('45')).toBeUndefined();
    expect(ageError('0')).toBeUndefined();
    expect(ageError('150')).toBeUndefined();
    expect(ageError('151')).toBe(AGE_ERROR);
    expect(ageError('abc')).toBe(AGE_ERROR);
    expect(ageError('4.5')).toBe(AGE_ERROR);
  });

  it('knows when the typed text already says the stored age', () => {
    expect(ageTextMatches('45', 45)).toBe(true);
    expect(ageTextMatches(' 45 ', 45)).toBe(true);
    expect(ageTextMatches('', undefined)).toBe(true);
    expect(ageTextMatches('abc', undefined)).toBe(true);
    expect(ageTextMatches('4', 45)).toBe(false);
  });
});

describe('comma lists', () => {
  it('show a stored list joined by commas', () => {
    expect(formatCommaList(['dipirona', 'penicilina'])).toBe('dipirona, penicilina');
    expect(formatCommaList(undefined)).toBe('');
  });

  it('treat text with a trailing comma as the same list, so it can be typed', () => {
    expect(commaListMatches('dipirona, ', ['dipirona'])).toBe(true);
    expect(commaListMatches('dipirona,penicilina', ['dipirona', 'penicilina'])).toBe(true);
    expect(commaListMatches('', undefined)).toBe(true);
    expect(commaListMatches('dipirona', ['dipirona', 'penicilina'])).toBe(false);
    expect(commaListMatches('penicilina, dipirona', ['dipirona', 'penicilina'])).toBe(false);
  });
});

describe('vital signs', () => {
  it('accept a comma or a dot and only values the records API accepts', () => {
    expect(parseVital('temperature', '36,5')).toBe(36.5);
    expect(parseVital('temperature', '36.5')).toBe(36.5);
    expect(parseVital('temperature', '36,')).toBe(36);
    expect(parseVital('temperature', '3')).toBeUndefined();
    expect(parseVital('oxygenSaturation', '101')).toBeUndefined();
    expect(parseVital('weight', '')).toBeUndefined();
    expect(parseVital('weight', 'abc')).toBeUndefined();
  });

  it('explain an invalid value with its range, and say nothing while blank', () => {
    expect(vitalError('temperature', '')).toBeUndefined();
    expect(vitalError('temperature', '37')).toBeUndefined();
    expect(vitalError('temperature', '3')).toBe('Informe um número entre 20 e 46.');
  });

  it('format stored numbers and the BMI (one decimal) with a decimal comma', () => {
    expect(formatMeasurement(undefined)).toBe('');
    expect(formatMeasurement(36.5)).toBe('36,5');
    expect(formatMeasurement(70)).toBe('70');
    expect(formatBmi(22.857)).toBe('22,9');
    expect(formatBmi(30.1)).toBe('30,1');
    expect(formatBmi(undefined)).toBe('');
  });

  it('drop unset entries', () => {
    expect(compactVitals({ weight: 70, height: undefined, bloodPressure: '' })).toEqual({
      weight: 70,
    });
  });
});

describe('appending lines', () => {
  it('adds a line under the text, or starts it', () => {
    expect(appendLine('Cefaleia.', 'G44.2 - Cefaleia tensional')).toBe(
      'Cefaleia.\nG44.2 - Cefaleia tensional',
    );
    expect(appendLine('Cefaleia.\n\n', 'X')).toBe('Cefaleia.\nX');
    expect(appendLine(undefined, 'X')).toBe('X');
  });

  it('appends plan suggestions as bullet lines', () => {
    expect(appendPlanBullet('', 'Repouso')).toBe('- Repouso');
    expect(appendPlanBullet('- Analgesia', ' Repouso ')).toBe('- Analgesia\n- Repouso');
  });
});

describe('CIDs in the assessment', () => {
  it('finds a whole code, case-insensitively', () => {
    expect(assessmentHasCid('Cefaleia.\nG44.2 - Cefaleia tensional', 'G44.2')).toBe(true);
    expect(assessmentHasCid('hipótese: g44.2', 'G44.2')).toBe(true);
    expect(assessmentHasCid('G44.2 - Cefaleia tensional', 'G44')).toBe(false);
    expect(assessmentHasCid('I100', 'I10')).toBe(false);
    expect(assessmentHasCid('HAS (I10).', 'I10')).toBe(true);
    expect(assessmentHasCid(undefined, 'I10')).toBe(false);
  });

  it('adds a code once', () => {
    const cid = { code: 'G44.2', description: 'Cefaleia tensional' };
    const once = addCidToAssessment('Cefaleia tensional provável.', cid);
    expect(once).toBe('Cefaleia tensional provável.\nG44.2 - Cefaleia tensional');
    expect(addCidToAssessment(once, cid)).toBe(once);
  });
});

describe('AI fallbacks', () => {
  it('keep the assessment as written, with no CIDs and confidence 0.5', () => {
    expect(assessmentEnhancementFallback('texto')).toEqual({
      improvedText: 'texto',
      suggestedCIDs: [],
      confidence: 0.5,
    });
  });

  it('offer the generic plan advice with medium urgency and return in 7-15 days', () => {
    expect(PLAN_SUGGESTIONS_FALLBACK.suggestions).toHaveLength(3);
    expect(PLAN_SUGGESTIONS_FALLBACK.urgencyLevel).toBe('medium');
    expect(PLAN_SUGGESTIONS_FALLBACK.followUpRecommendation).toBe('Retorno em 7-15 dias');
  });
});

describe('printable content', () => {
  const empty = newWorkingRecord('record-1', new Date('2026-01-01T00:00:00Z'));

  it('needs a patient name or a filled step', () => {
    expect(hasPrintableContent(empty)).toBe(false);
    expect(hasPrintableContent({ ...empty, patientInfo: { name: 'Maria' } })).toBe(true);
    expect(hasPrintableContent({ ...empty, plan: '- Repouso' })).toBe(true);
    expect(hasPrintableContent({ ...empty, plan: '   ' })).toBe(false);
  });
});
