import { describe, expect, it } from 'vitest';
import { toImpersonalConduct, withoutRepeatedSentences } from './impersonal-voice';

describe('toImpersonalConduct', () => {
  it.each([
    ['Vou reintroduzir losartana 50 mg.', 'Reintroduzir losartana 50 mg.'],
    ['vou pedir hemograma e creatinina.', 'Solicitar hemograma e creatinina.'],
    ['Vou passar amoxicilina 500 mg de 8/8h.', 'Prescrever amoxicilina 500 mg de 8/8h.'],
    ['Vou te encaminhar ao cardiologista.', 'Encaminhar ao cardiologista.'],
    ['Vamos manter a metformina.', 'Manter a metformina.'],
    ['A gente vai suspender o AAS.', 'Suspender o AAS.'],
    ['Prescrevo dipirona 1 g se dor.', 'Prescrever dipirona 1 g se dor.'],
    ['Peço um ultrassom de abdome.', 'Solicitar um ultrassom de abdome.'],
    ['Solicito TSH.', 'Solicitar TSH.'],
    ['Então, vou reintroduzir losartana.', 'Reintroduzir losartana.'],
    ['Bom, agora vou pedir raio X.', 'Solicitar raio X.'],
  ])('%s → %s', (spoken, written) => {
    expect(toImpersonalConduct(spoken)).toBe(written);
  });

  it('keeps sentences that are already impersonal or are findings', () => {
    expect(toImpersonalConduct('Retorno em 7 dias.')).toBe('Retorno em 7 dias.');
    expect(toImpersonalConduct('Bom estado geral.')).toBe('Bom estado geral.');
    expect(toImpersonalConduct('Início imediato do tratamento.')).toBe(
      'Início imediato do tratamento.',
    );
  });
});

describe('withoutRepeatedSentences', () => {
  it('keeps the first of sentences that read the same without case, accents or punctuation', () => {
    expect(
      withoutRepeatedSentences([
        'Reintroduzir losartana.',
        'Retorno em 7 dias.',
        'reintroduzir Losartana',
        'Retorno em 7 dias!',
        'Solicitar hemograma.',
      ]),
    ).toEqual(['Reintroduzir losartana.', 'Retorno em 7 dias.', 'Solicitar hemograma.']);
  });

  it('drops blank sentences', () => {
    expect(withoutRepeatedSentences(['', ' . ', 'Febre.'])).toEqual(['Febre.']);
  });
});
