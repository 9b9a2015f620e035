import { describe, expect, it, vi } from 'vitest';
import { capitalizeDrugNames } from './drug-names';

// A catalogue with names the local list lacks, to see that the catalogue's are used too.
vi.mock('../medications/catalogue', () => ({
  MEDICATIONS: [
    { name: 'tirzepatida', strengths: ['5 mg'], forms: ['solução injetável'] },
    { name: 'bilastina + montelucaste', strengths: ['20 mg'], forms: ['comprimido'] },
    { name: 'cálcio', strengths: ['500 mg'], forms: ['comprimido'] },
    { name: 'vitamina b12', strengths: ['1000 mcg'], forms: ['comprimido'] },
  ],
}));

describe('capitalizeDrugNames', () => {
  it('capitalises common generic names anywhere in the text', () => {
    expect(capitalizeDrugNames('tomar dipirona e depois paracetamol')).toBe(
      'tomar Dipirona e depois Paracetamol',
    );
    expect(capitalizeDrugNames('losartana 50 mg, sertralina 50 mg')).toBe(
      'Losartana 50 mg, Sertralina 50 mg',
    );
  });

  it('matches with or without accents and keeps the text as written', () => {
    expect(capitalizeDrugNames('nitrofurantoina e nitrofurantoína')).toBe(
      'Nitrofurantoina e Nitrofurantoína',
    );
    expect(capitalizeDrugNames('AMOXICILINA')).toBe('AMOXICILINA');
  });

  it('capitalises only the first word of a compound name', () => {
    expect(capitalizeDrugNames('ácido fólico e sulfato ferroso')).toBe(
      'Ácido fólico e Sulfato ferroso',
    );
    expect(capitalizeDrugNames('insulina NPH e insulina regular')).toBe(
      'Insulina NPH e Insulina regular',
    );
  });

  it('matches whole words only', () => {
    expect(capitalizeDrugNames('insulinaterapia')).toBe('insulinaterapia');
  });

  it('never capitalises everyday words such as oxigênio', () => {
    expect(capitalizeDrugNames('saturação de oxigênio 97%')).toBe('saturação de oxigênio 97%');
  });

  it('knows the catalogue names too, each part of a combination, but no everyday word', () => {
    expect(capitalizeDrugNames('iniciar tirzepatida; bilastina')).toBe(
      'iniciar Tirzepatida; Bilastina',
    );
    expect(capitalizeDrugNames('cálcio sérico e vitamina b12')).toBe(
      'cálcio sérico e vitamina b12',
    );
  });
});
