import { describe, expect, it } from 'vitest';
import { assessmentToText, planToText } from './extraction-paragraphs';

describe('assessmentToText', () => {
  it('keeps a string as it is', () => {
    expect(assessmentToText('Hipertensão arterial sistêmica.')).toBe(
      'Hipertensão arterial sistêmica.',
    );
  });

  it('answers empty text for nothing', () => {
    expect(assessmentToText(undefined)).toBe('');
    expect(assessmentToText(null)).toBe('');
    expect(assessmentToText({})).toBe('');
  });

  it('turns the Portuguese keys into labelled paragraphs in the record section order', () => {
    expect(
      assessmentToText({
        prognostico: 'Bom com adesão ao tratamento',
        diagnosticoPrincipal: 'Pneumonia adquirida na comunidade',
        diagnosticosDiferenciais: ['Bronquite aguda', 'Tuberculose pulmonar'],
        impressaoClinica: 'Quadro infeccioso respiratório',
        fatoresRisco: ['Tabagismo', 'Idade > 65 anos'],
      }),
    ).toBe(
      [
        'Diagnóstico Principal: Pneumonia adquirida na comunidade',
        'Diagnósticos Diferenciais: Bronquite aguda, Tuberculose pulmonar',
        'Impressão Clínica: Quadro infeccioso respiratório',
        'Fatores de Risco: Tabagismo, Idade > 65 anos',
        'Prognóstico: Bom com adesão ao tratamento',
      ].join('\n\n'),
    );
  });

  it('accepts the English keys and skips empty ones', () => {
    expect(
      assessmentToText({
        mainDiagnosis: 'Enxaqueca sem aura',
        differentialDiagnoses: [],
        clinicalImpression: '  ',
        riskFactors: ['Estresse'],
        prognosis: null,
      }),
    ).toBe('Diagnóstico Principal: Enxaqueca sem aura\n\nFatores de Risco: Estresse');
  });

  it('keeps keys it does not know under their own name rather than losing them', () => {
    expect(assessmentToText({ diagnosticoPrincipal: 'Asma', cid10: 'J45' })).toBe(
      'Diagnóstico Principal: Asma\n\ncid10: J45',
    );
  });
});

describe('planToText', () => {
  it('keeps a string as it is', () => {
    expect(planToText('Retorno em 15 dias.')).toBe('Retorno em 15 dias.');
  });

  it('turns the plan keys into labelled paragraphs', () => {
    expect(
      planToText({
        seguimento: 'Retorno em 7 dias',
        exames: ['Hemograma', 'PCR'],
        procedimentos: 'Nebulização',
        medicacoes: ['Amoxicilina 500 mg'],
      }),
    ).toBe(
      [
        'Medicações: Amoxicilina 500 mg',
        'Exames: Hemograma, PCR',
        'Procedimentos: Nebulização',
        'Seguimento: Retorno em 7 dias',
      ].join('\n\n'),
    );
  });

  it('renders lists of objects one readable line each, with English keys', () => {
    expect(
      planToText({
        medications: [
          {
            id: 'med-1',
            name: 'Losartana',
            dosage: '50 mg',
            frequency: '1x ao dia',
            duration: '30 dias',
          },
          { name: 'Dipirona', dosage: '1 g', instructions: 'Se dor ou febre' },
        ],
        exams: [{ name: 'Eletrocardiograma', priority: 'urgente' }],
        followUp: 'Retorno em 30 dias',
        procedures: [],
      }),
    ).toBe(
      [
        'Medicações:\n- Losartana 50 mg, 1x ao dia, 30 dias\n- Dipirona 1 g, Se dor ou febre',
        'Exames:\n- Eletrocardiograma, urgente',
        'Seguimento: Retorno em 30 dias',
      ].join('\n\n'),
    );
  });

  it('renders a lone object under a label as one line', () => {
    expect(planToText({ seguimento: { prazo: '15 dias', local: 'UBS' } })).toBe(
      'Seguimento: 15 dias, UBS',
    );
  });

  it('answers empty text for an unusable value', () => {
    expect(planToText(undefined)).toBe('');
    expect(planToText({ medicacoes: [], exames: [''] })).toBe('');
  });
});
