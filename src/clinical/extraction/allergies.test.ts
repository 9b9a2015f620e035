import { describe, expect, it } from 'vitest';
import { extractAllergies } from './allergies';
import { parseConsultation } from './consultation-text';
import { findMedicineMentions } from './medicine-mentions';

const allergiesOf = (text: string) => {
  const c = parseConsultation(text);
  return extractAllergies(c, findMedicineMentions(c));
};

describe('extractAllergies', () => {
  it('reads "alérgico a" and "alergia a", with lists', () => {
    expect(allergiesOf('Paciente alérgica a dipirona e a sulfa.')).toEqual(['dipirona', 'sulfa']);
    expect(allergiesOf('Paciente: Tenho alergia de camarão, me dá coceira.')).toEqual(['camarão']);
    expect(allergiesOf('Refere alergia a ibuprofeno, nimesulida e látex.')).toEqual([
      'ibuprofeno',
      'nimesulida',
      'látex',
    ]);
  });

  it("reads a note's allergy line", () => {
    expect(allergiesOf('AP: DM2.\nAlergias: amoxicilina, AAS.\nEF: ok.')).toEqual([
      'amoxicilina',
      'ácido acetilsalicílico',
    ]);
  });

  it("reads a short yes to the doctor's question", () => {
    const text = 'Médico: Tem alergia a algum remédio?\nPaciente: Sim, à cefalexina.';
    expect(allergiesOf(text)).toEqual(['cefalexina']);
  });

  it('leaves the list empty when allergies are denied', () => {
    expect(allergiesOf('Nega alergias medicamentosas.')).toEqual([]);
    expect(allergiesOf('Paciente: Não tenho alergia a nada.')).toEqual([]);
    expect(allergiesOf('Médico: Alergia a remédio?\nPaciente: Não, nenhuma.')).toEqual([]);
    expect(allergiesOf('Alergias: nega.')).toEqual([]);
  });

  it("ignores the doctor asking and relatives' allergies", () => {
    expect(allergiesOf('Médico: É alérgico a penicilina?\nPaciente: Não.')).toEqual([]);
    expect(allergiesOf('Paciente: Meu irmão tem alergia a dipirona.')).toEqual([]);
  });

  it('leaves the reaction out of the allergens', () => {
    expect(allergiesOf('Refere alergia a amoxicilina, com edema de glote.')).toEqual([
      'amoxicilina',
    ]);
    expect(allergiesOf('Alergia a dipirona (urticária).')).toEqual(['dipirona']);
  });

  it('still reads a list of allergens and a combination with "com"', () => {
    expect(allergiesOf('Paciente: Tenho alergia a dipirona, a camarão e a látex.')).toEqual([
      'dipirona',
      'camarão',
      'látex',
    ]);
  });
});

describe('extractAllergies: where the list ends', () => {
  it("stops at a clause break and never splits a dose's '/'", () => {
    expect(
      allergiesOf('Paciente alérgico a dipirona, então vou passar paracetamol 750 mg de 6/6h.'),
    ).toEqual(['dipirona']);
  });

  it("near miss: allergens joined by '/' or 'e' are all kept", () => {
    expect(allergiesOf('Alergia a sulfa/penicilina.')).toEqual(['sulfa', 'penicilina']);
    expect(allergiesOf('Paciente: Tenho alergia a dipirona e a sulfa.')).toEqual([
      'dipirona',
      'sulfa',
    ]);
  });
});
