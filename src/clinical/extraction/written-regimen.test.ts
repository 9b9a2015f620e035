import { describe, expect, it } from 'vitest';
import { writtenRegimenOf } from './written-regimen';

describe('writtenRegimenOf', () => {
  it('reads the regimen written after the medicine', () => {
    expect(
      writtenRegimenOf(
        'Hipertenso, parou o remédio. Reintroduzo losartana 50mg 12/12h.',
        'losartana',
      ),
    ).toEqual({ dosage: '50 mg', frequency: '12/12h' });
    expect(
      writtenRegimenOf('Clonazepam 2mg 1 comprimido à noite por 30 dias.', 'clonazepam'),
    ).toMatchObject({ dosage: '2 mg', dosePerIntake: '1 comprimido', duration: '30 dias' });
  });

  it('reads nothing when nothing is said of the dose, or the medicine is not there', () => {
    expect(writtenRegimenOf('Dor de garganta, vou passar amoxicilina.', 'amoxicilina')).toEqual({});
    expect(writtenRegimenOf('Dor de garganta.', 'amoxicilina')).toEqual({});
  });
});
