import { describe, expect, it } from 'vitest';
import {
  ALARM_SIGNS_SUGGESTION,
  IN_PERSON_SUGGESTION,
  agreeWithVisit,
  generalPlanSuggestions,
  statedReturnInterval,
} from './plan-suggestions';
import { PLAN_SUGGESTIONS_FALLBACK } from './step-rules';

const TELECONSULTA = { consentAt: '2026-11-21T12:00:00.000Z' };

describe('the return interval the doctor wrote', () => {
  it('is read from the plan, the notes or the assessment, as written', () => {
    expect(statedReturnInterval({ plan: '- Dipirona se dor\n- Retorno em 48–72 h' })).toBe(
      '48–72 h',
    );
    expect(statedReturnInterval({ plan: 'Orientada a retornar em 2 dias se não melhorar.' })).toBe(
      '2 dias',
    );
    expect(
      statedReturnInterval({ prescriptions: { additionalNotes: 'Reavaliação após 1 semana.' } }),
    ).toBe('1 semana');
    expect(statedReturnInterval({ assessment: 'Controle em 30 dias' })).toBe('30 dias');
    expect(statedReturnInterval({ plan: 'retorno 48 a 72 horas' })).toBe('48 a 72 horas');
  });

  it('is nothing when none was written', () => {
    expect(statedReturnInterval({})).toBeUndefined();
    expect(statedReturnInterval({ plan: 'Retorno se piora dos sintomas.' })).toBeUndefined();
    expect(statedReturnInterval({ plan: 'Hidratação; paracetamol 750 mg por 3 dias' })).toBe(
      undefined,
    );
  });
});

describe('plan suggestions that agree with the visit', () => {
  it('never ask a face-to-face visit for an in-person evaluation', () => {
    const faceToFace = generalPlanSuggestions({ plan: '' });
    expect(faceToFace.suggestions).not.toContain(IN_PERSON_SUGGESTION);
    expect(faceToFace.suggestions).toEqual([
      'Investigação complementar conforme evolução do quadro',
      'Acompanhamento regular com reavaliação dos sintomas',
    ]);
    expect(generalPlanSuggestions({ teleconsulta: TELECONSULTA }).suggestions).toContain(
      IN_PERSON_SUGGESTION,
    );
  });

  it("follow the return the doctor set, instead of 'Retorno em 7-15 dias'", () => {
    expect(generalPlanSuggestions({}).followUpRecommendation).toBe('Retorno em 7-15 dias');
    const set = generalPlanSuggestions({ plan: 'Sintomáticos. Retorno em 48–72 h.' });
    expect(set.followUpRecommendation).toBe('Retorno em 48–72 h, como registrado');
    expect(set.followUpRecommendation).not.toContain('7-15');
  });

  it('do not offer again what the plan already says, nor another return', () => {
    const answer = {
      ...PLAN_SUGGESTIONS_FALLBACK,
      suggestions: ['Retorno em 7 dias', 'Acompanhamento regular com reavaliação dos sintomas'],
    };
    const agreed = agreeWithVisit(answer, {
      plan: '- Acompanhamento regular com reavaliação dos sintomas\n- retornar em 2 dias',
    });
    // Nothing left: the one suggestion that fits any visit.
    expect(agreed.suggestions).toEqual([ALARM_SIGNS_SUGGESTION]);
    expect(agreed.followUpRecommendation).toBe('Retorno em 2 dias, como registrado');
  });
});
