import { describe, expect, it } from 'vitest';
import { findAllergyWarnings } from './allergy-check';
import { checkPrescription } from './dosing';

describe('findAllergyWarnings', () => {
  it('warns when the allergy names the medicine', () => {
    expect(findAllergyWarnings('dipirona', ['dipirona'])).toEqual([
      'Alergia a dipirona: evite dipirona.',
    ]);
    expect(findAllergyWarnings('Dipirona sódica 1 g', ['Alergia a DIPIRONA (urticária)'])).toEqual([
      'Alergia a DIPIRONA (urticária): evite dipirona.',
    ]);
  });

  it('warns when the allergy or the prescription uses a brand name or abbreviation', () => {
    expect(findAllergyWarnings('dipirona', ['Novalgina'])).toEqual([
      'Alergia a Novalgina: evite dipirona.',
    ]);
    expect(findAllergyWarnings('Novalgina gotas', ['dipirona'])).toEqual([
      'Alergia a dipirona: evite dipirona.',
    ]);
    expect(findAllergyWarnings('ácido acetilsalicílico', ['AAS'])).toEqual([
      'Alergia a AAS: evite ácido acetilsalicílico.',
    ]);
  });

  it('warns when the allergy names a component of a combination', () => {
    expect(findAllergyWarnings('Buscopan composto', ['dipirona'])).toEqual([
      'Alergia a dipirona: evite butilbrometo de escopolamina + dipirona.',
    ]);
    expect(findAllergyWarnings('amoxicilina + clavulanato', ['amoxicilina'])).toEqual([
      'Alergia a amoxicilina: evite amoxicilina + clavulanato.',
    ]);
    expect(findAllergyWarnings('losartana + hidroclorotiazida', ['HCTZ'])).toEqual([
      'Alergia a HCTZ: evite losartana + hidroclorotiazida.',
    ]);
  });

  it('warns when the allergy names the class, in the singular or plural', () => {
    expect(findAllergyWarnings('amoxicilina', ['penicilina'])).toEqual([
      'Alergia a penicilina: amoxicilina é uma penicilina.',
    ]);
    expect(findAllergyWarnings('Benzetacil', ['Penicilinas'])).toEqual([
      'Alergia a Penicilinas: benzilpenicilina benzatina é uma penicilina.',
    ]);
    expect(findAllergyWarnings('Bactrim F', ['sulfa'])).toEqual([
      'Alergia a sulfa: sulfametoxazol + trimetoprima é uma sulfonamida.',
    ]);
    expect(findAllergyWarnings('ibuprofeno', ['anti-inflamatórios'])).toEqual([
      'Alergia a anti-inflamatórios: ibuprofeno é um AINE.',
    ]);
    expect(findAllergyWarnings('azitromicina', ['macrolídeos'])).toEqual([
      'Alergia a macrolídeos: azitromicina é um macrolídeo.',
    ]);
    expect(findAllergyWarnings('prednisona', ['corticoides'])).toEqual([
      'Alergia a corticoides: prednisona é um corticoide.',
    ]);
  });

  it('warns when the allergy names another medicine of a cross-reacting class', () => {
    expect(findAllergyWarnings('ampicilina', ['amoxicilina'])).toEqual([
      'Alergia a amoxicilina: ampicilina também é uma penicilina.',
    ]);
    expect(findAllergyWarnings('ibuprofeno', ['AAS'])).toEqual([
      'Alergia a AAS: ibuprofeno também é um AINE.',
    ]);
    expect(findAllergyWarnings('tramadol', ['morfina'])).toEqual([
      'Alergia a morfina: tramadol também é um opioide.',
    ]);
    expect(findAllergyWarnings('enalapril', ['captopril (angioedema)'])).toEqual([
      'Alergia a captopril (angioedema): enalapril também é um IECA.',
    ]);
    expect(findAllergyWarnings('oxcarbazepina', ['carbamazepina'])).toEqual([
      'Alergia a carbamazepina: oxcarbazepina também é um anticonvulsivante aromático.',
    ]);
  });

  it('warns of a possible cross-reaction between penicilinas and cefalosporinas', () => {
    expect(findAllergyWarnings('cefalexina', ['penicilina'])).toEqual([
      'Alergia a penicilina: cefalexina é uma cefalosporina, com risco de reação cruzada.',
    ]);
    expect(findAllergyWarnings('amoxicilina', ['ceftriaxona'])).toEqual([
      'Alergia a ceftriaxona: amoxicilina é uma penicilina, com risco de reação cruzada.',
    ]);
  });

  it('does not carry an allergy across a class whose members do not cross-react', () => {
    expect(findAllergyWarnings('dexametasona', ['prednisona'])).toEqual([]);
    expect(findAllergyWarnings('atorvastatina', ['sinvastatina'])).toEqual([]);
  });

  it('gives one warning per allergy and checks each allergy', () => {
    expect(
      findAllergyWarnings('amoxicilina', ['dipirona', 'penicilina', 'amoxil', 'camarão']),
    ).toEqual([
      'Alergia a penicilina: amoxicilina é uma penicilina.',
      'Alergia a amoxil: evite amoxicilina.',
    ]);
  });

  it('raises no false alarm', () => {
    // 'sulfa' is not 'sulfato'; 'penicilina' is not an allergy to dipirona.
    expect(findAllergyWarnings('sulfato ferroso', ['sulfa'])).toEqual([]);
    expect(findAllergyWarnings('dipirona', ['penicilina', 'AAS', 'iodo', 'látex'])).toEqual([]);
    // A class word inside another medicine's name is that medicine, not the class.
    expect(findAllergyWarnings('mononitrato de isossorbida', ['nitrato de miconazol'])).toEqual([]);
    expect(findAllergyWarnings('omeprazol', ['Nega alergias'])).toEqual([]);
    expect(findAllergyWarnings('omeprazol', ['Nenhuma', '', '   '])).toEqual([]);
    expect(findAllergyWarnings('paracetamol', [])).toEqual([]);
  });

  it('checks a medicine outside the catalogue by its own name', () => {
    expect(findAllergyWarnings('Fitoterápico X 10 mg', ['fitoterápico x'])).toEqual([
      'Alergia a fitoterápico x: evite Fitoterápico X 10 mg.',
    ]);
    expect(findAllergyWarnings('Fitoterápico X', ['penicilina'])).toEqual([]);
  });

  it('is what checkPrescription reports for allergies', () => {
    expect(checkPrescription({ name: 'amoxicilina' }, { allergies: ['penicilina'] })).toEqual([
      'Alergia a penicilina: amoxicilina é uma penicilina.',
    ]);
    expect(
      checkPrescription(
        { name: 'dipirona', dosage: '1 g', frequency: '6/6h' },
        { allergies: ['dipirona'] },
      ),
    ).toEqual(['Alergia a dipirona: evite dipirona.']);
  });
});
