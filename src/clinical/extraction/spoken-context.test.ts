import { describe, expect, it } from 'vitest';
import { emptyExtraction, type ExtractionResult } from '@shared/ai/extraction';
import { withSpeechContext } from './spoken-context';

function modelAnswer(
  symptoms: Partial<ExtractionResult['symptoms']>,
  vitalSigns: ExtractionResult['physicalExam']['vitalSigns'] = {},
): ExtractionResult {
  const empty = emptyExtraction();
  return {
    ...empty,
    symptoms: { ...empty.symptoms, ...symptoms },
    physicalExam: { ...empty.physicalExam, vitalSigns },
  };
}

describe("a model's extraction read as speech", () => {
  it('moves a gestational age the model gave as the duration to the additional information', () => {
    const text =
      'estou grávida de trinta e duas semanas doutor e to com dor de cabeça forte desde ontem';
    const read = withSpeechContext(
      text,
      modelAnswer({ chiefComplaint: 'cefaleia', duration: '32 semanas' }),
    );
    expect(read.symptoms.duration).toBeUndefined();
    expect(read.symptoms.additionalInfo).toBe('Idade gestacional: 32 semanas.');
  });

  it('near miss: weeks of a complaint in a pregnant patient stay its duration', () => {
    const text = 'gestante de vinte semanas, com tosse há duas semanas';
    const read = withSpeechContext(text, modelAnswer({ duration: '2 semanas' }));
    expect(read.symptoms.duration).toBe('2 semanas');
    expect(read.symptoms.additionalInfo).toBeUndefined();
  });

  it("takes a reading from home out of today's blood pressure, keeping today's", () => {
    const text =
      'em casa a pressão deu dezesseis por dez ontem à noite. aqui no consultório a pressão está 130 por 80';
    const home = withSpeechContext(text, modelAnswer({}, { bloodPressure: '160/100' }));
    expect(home.physicalExam.vitalSigns?.bloodPressure).toBeUndefined();
    expect(home.symptoms.additionalInfo).toBe('Medidas fora da consulta: PA 160/100 mmHg.');
    const today = withSpeechContext(text, modelAnswer({}, { bloodPressure: '130x80 mmHg' }));
    expect(today.physicalExam.vitalSigns?.bloodPressure).toBe('130x80 mmHg');
  });

  it('keeps what the model already wrote apart, once', () => {
    const text = 'grávida de 30 semanas, dor lombar há três dias';
    const read = withSpeechContext(
      text,
      modelAnswer({ duration: '30 semanas', additionalInfo: 'Idade gestacional: 30 semanas.' }),
    );
    expect(read.symptoms.additionalInfo).toBe('Idade gestacional: 30 semanas.');
  });
});
