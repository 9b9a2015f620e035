import { describe, expect, it } from 'vitest';
import {
  controlledList,
  requiresSpecialPrescription,
  specialPrescriptionKind,
} from './controlled-medicines';

describe('controlledList', () => {
  it.each([
    // B1: benzodiazepines and hypnotics.
    ['Diazepam 10 mg', 'B1'],
    ['Clonazepam 2 mg', 'B1'],
    ['clonazepam 2,5 mg/ml gotas', 'B1'],
    ['Rivotril 0,5 mg', 'B1'],
    ['Alprazolam 0,5 mg', 'B1'],
    ['Lorazepam 2 mg', 'B1'],
    ['Bromazepam 3 mg', 'B1'],
    ['Hemitartarato de zolpidem 10 mg', 'B1'],
    ['Zolpidem 10 mg', 'B1'],
    ['Fenobarbital 100 mg', 'B1'],
    // A1, A2, A3.
    ['Morfina 10 mg', 'A1'],
    ['Sulfato de morfina 30 mg', 'A1'],
    ['Oxicodona 10 mg', 'A1'],
    ['Metadona 5 mg', 'A1'],
    ['Fentanila adesivo 25 mcg/h', 'A1'],
    ['Codeína 30 mg', 'A2'],
    ['Paracetamol + codeína 500 mg + 30 mg', 'A2'],
    ['Tylex 30 mg', 'A2'],
    ['Tramadol 50 mg', 'A2'],
    ['Cloridrato de tramadol 100 mg', 'A2'],
    ['Tramal 50 mg', 'A2'],
    ['Metilfenidato 10 mg', 'A3'],
    ['Ritalina LA 20 mg', 'A3'],
    ['Lisdexanfetamina 30 mg', 'A3'],
    ['Venvanse 50 mg', 'A3'],
    // B2.
    ['Sibutramina 15 mg', 'B2'],
    // C1: antidepressants, anticonvulsants, antipsychotics, lithium.
    ['Fluoxetina 20 mg', 'C1'],
    ['Cloridrato de sertralina 50 mg', 'C1'],
    ['Escitalopram 10 mg', 'C1'],
    ['Lexapro 10 mg', 'C1'],
    ['Citalopram 20 mg', 'C1'],
    ['Paroxetina 20 mg', 'C1'],
    ['Amitriptilina 25 mg', 'C1'],
    ['Nortriptilina 25 mg', 'C1'],
    ['Venlafaxina 75 mg', 'C1'],
    ['Duloxetina 30 mg', 'C1'],
    ['Bupropiona 150 mg', 'C1'],
    ['Carbamazepina 200 mg', 'C1'],
    ['Ácido valproico 250 mg', 'C1'],
    ['acido valproico 500mg', 'C1'],
    ['Valproato de sódio 500 mg', 'C1'],
    ['Divalproato de sódio 500 mg', 'C1'],
    ['Lamotrigina 100 mg', 'C1'],
    ['Topiramato 25 mg', 'C1'],
    ['Gabapentina 300 mg', 'C1'],
    ['Pregabalina 75 mg', 'C1'],
    ['Quetiapina 25 mg', 'C1'],
    ['Risperidona 1 mg', 'C1'],
    ['Olanzapina 5 mg', 'C1'],
    ['Haloperidol 5 mg', 'C1'],
    ['Carbonato de lítio 300 mg', 'C1'],
    ['Lítio 300 mg', 'C1'],
    // C2, C5.
    ['Isotretinoína 20 mg', 'C2'],
    ['Roacutan 20 mg', 'C2'],
    ['Cipionato de testosterona 200 mg/ml', 'C5'],
    // Antimicrobials.
    ['Amoxicilina 500 mg', 'antimicrobiano'],
    ['Amoxicilina + clavulanato 875 mg + 125 mg', 'antimicrobiano'],
    ['amoxicilina com clavulanato', 'antimicrobiano'],
    ['Azitromicina 500 mg', 'antimicrobiano'],
    ['Cefalexina 500 mg', 'antimicrobiano'],
    ['Ciprofloxacino 500 mg', 'antimicrobiano'],
    ['Levofloxacino 500 mg', 'antimicrobiano'],
    ['Sulfametoxazol + trimetoprima 400 mg + 80 mg', 'antimicrobiano'],
    ['Bactrim F', 'antimicrobiano'],
    ['Doxiciclina 100 mg', 'antimicrobiano'],
    ['Clindamicina 300 mg', 'antimicrobiano'],
    ['Nitrofurantoína 100 mg', 'antimicrobiano'],
    ['NITROFURANTOINA 100 MG', 'antimicrobiano'],
    ['Metronidazol 400 mg', 'antimicrobiano'],
    ['Benzilpenicilina benzatina 1.200.000 UI', 'antimicrobiano'],
  ])('%s → %s', (name, list) => {
    expect(controlledList(name)).toBe(list);
  });

  it.each([
    'Dipirona 500 mg',
    'Paracetamol 750 mg',
    'Losartana 50 mg',
    'Omeprazol 20 mg',
    'Ibuprofeno 600 mg',
    'Prednisona 20 mg',
    'Loratadina 10 mg',
    'Medicamento mencionado',
    '',
  ])('%s is not controlled', (name) => {
    expect(controlledList(name)).toBeUndefined();
    expect(requiresSpecialPrescription(name)).toBe(false);
  });

  it('matches the ingredient at the start of a name, not inside another word', () => {
    expect(controlledList('Antimorfina 10 mg')).toBeUndefined();
    expect(controlledList('Creme com amoxicilina')).toBe('antimicrobiano');
  });

  it('takes the most restrictive list of a combination', () => {
    expect(controlledList('Amitriptilina + clonazepam')).toBe('B1');
    expect(controlledList('Tramadol + paracetamol 37,5 mg + 325 mg')).toBe('A2');
  });
});

describe('brand names and abbreviations', () => {
  it.each([
    ['Rivotril 2 mg', undefined, 'B1'],
    ['Frontal 0,5 mg', undefined, 'B1'],
    ['Stilnox 10 mg', undefined, 'B1'],
    ['Ritalina', undefined, 'A3'],
    ['Concerta 36 mg', undefined, 'A3'],
    ['Venvanse', undefined, 'A3'],
    ['Tramal Retard', undefined, 'A2'],
    ['Lexapro', undefined, 'C1'],
    ['Reconter 10 mg', undefined, 'C1'],
    ['Carbolitium 300 mg', undefined, 'C1'],
    ['fluox 20 mg', undefined, 'C1'],
    ['Roacutan 20 mg', undefined, 'C2'],
    ['Deposteron', undefined, 'C5'],
    ['Amoxil BD 875 mg', undefined, 'antimicrobiano'],
    ['Clavulin BD', undefined, 'antimicrobiano'],
    ['azitro 500 mg', undefined, 'antimicrobiano'],
    ['Astro 500 mg', undefined, 'antimicrobiano'],
    ['cefa 500', undefined, 'antimicrobiano'],
    // 'levo' is the medicine sold in the strength written, in the name or in the dosage.
    ['levo 500', undefined, 'antimicrobiano'],
    ['Levo', '750 mg', 'antimicrobiano'],
    ['Levo', '50 mcg', undefined],
    ['Tylenol DC', undefined, undefined],
    ['Novalgina gotas', undefined, undefined],
  ])('%s (%s) → %s', (name, dosage, list) => {
    expect(controlledList(name, dosage)).toBe(list);
    expect(specialPrescriptionKind(name, dosage)?.list).toBe(list);
  });

  it('gives a brand the document of its generic', () => {
    expect(specialPrescriptionKind('Rivotril 2 mg')).toEqual(
      specialPrescriptionKind('Clonazepam 2 mg'),
    );
    expect(specialPrescriptionKind('Tramal Retard')).toEqual(
      specialPrescriptionKind('Tramadol 100 mg'),
    );
    expect(specialPrescriptionKind('Venvanse 50 mg')?.document).toBe('Notificação de Receita A');
  });
});

describe('requiresSpecialPrescription', () => {
  it.each([
    'Sertralina 50 mg',
    'Clonazepam 2 mg',
    'Amoxicilina 500 mg',
    'Morfina 10 mg',
    'Isotretinoína 20 mg',
  ])('%s needs one', (name) => {
    expect(requiresSpecialPrescription(name)).toBe(true);
  });
});

describe('specialPrescriptionKind', () => {
  it('lists C: Receituário de Controle Especial in two copies; antimicrobials: their own', () => {
    expect(specialPrescriptionKind('Sertralina 50 mg')).toEqual({
      list: 'C1',
      document: 'Receituário de Controle Especial',
      color: 'branca',
      copies: ['1ª via — Farmácia', '2ª via — Paciente'],
      officialForm: false,
      validDays: 30,
      notice:
        'Receituário de Controle Especial em duas vias: a 1ª via fica retida na farmácia e a 2ª via é devolvida ao paciente.',
    });
    expect(specialPrescriptionKind('Amoxicilina 500 mg')).toMatchObject({
      list: 'antimicrobiano',
      document: 'Receita de Antimicrobiano',
      copies: ['1ª via — Farmácia', '2ª via — Paciente'],
      validDays: 10,
    });
    expect(specialPrescriptionKind('Testosterona 200 mg/ml')).toMatchObject({
      document: 'Receituário de Controle Especial',
      copies: ['1ª via — Farmácia', '2ª via — Paciente'],
    });
  });

  it('B1: the Receituário de Controle Especial in two vias, with the Notificação de Receita B', () => {
    expect(specialPrescriptionKind('Clonazepam 2 mg')).toMatchObject({
      list: 'B1',
      document: 'Receituário de Controle Especial',
      copies: ['1ª via — Farmácia', '2ª via — Paciente'],
      officialForm: false,
      validDays: 30,
      alsoRequires: 'Notificação de Receita B',
    });
    expect(specialPrescriptionKind('Sibutramina 15 mg')).toMatchObject({
      document: 'Notificação de Receita B2',
      color: 'azul',
    });
  });

  it('A lists: yellow Notificação de Receita A', () => {
    for (const name of [
      'Morfina 10 mg',
      'Oxicodona 20 mg',
      'Metilfenidato 10 mg',
      'Codeína 30 mg',
    ]) {
      expect(specialPrescriptionKind(name)).toMatchObject({
        document: 'Notificação de Receita A',
        color: 'amarela',
        officialForm: true,
      });
    }
  });

  it('A2 addendum: tramadol up to 100 mg and codeína in combination on the two-copy receituário', () => {
    for (const [name, dosage] of [
      ['Tramadol 50 mg', undefined],
      ['Tramadol', '100 mg'],
      ['Tramal', undefined],
      ['Paracetamol + codeína', '500 mg + 30 mg'],
      ['Tylex 30 mg', undefined],
      ['Tramadol + paracetamol', '37,5 mg + 325 mg'],
    ] as const) {
      expect(specialPrescriptionKind(name, dosage)).toMatchObject({
        list: 'A2',
        document: 'Receituário de Controle Especial',
        copies: ['1ª via — Farmácia', '2ª via — Paciente'],
      });
    }
    expect(specialPrescriptionKind('Tramadol 200 mg')).toMatchObject({
      document: 'Notificação de Receita A',
    });
  });

  it('C2 retinoids: Notificação de Receita Especial', () => {
    expect(specialPrescriptionKind('Isotretinoína 20 mg')).toMatchObject({
      list: 'C2',
      document: 'Notificação de Receita Especial para Retinoides',
      officialForm: true,
    });
  });

  it('an ordinary medicine needs nothing special', () => {
    expect(specialPrescriptionKind('Dipirona 500 mg')).toBeUndefined();
  });
});
