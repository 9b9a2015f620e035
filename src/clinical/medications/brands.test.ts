import { describe, expect, it } from 'vitest';
import { parseConsultation } from '../extraction/consultation-text';
import { findMedicineMentions } from '../extraction/medicine-mentions';
import { planDispense } from '../prescriptions/dispense-plan';
import { parseQuickPrescription } from '../prescriptions/quick-prescription';
import { findAllergyWarnings } from './allergy-check';
import { findDosingHint } from './dosing';
import { BRAND_NAMES, SHARED_ABBREVIATIONS, brandNameText } from './brands';
import { AMBIGUOUS_MEDICATION_TERMS, MEDICATIONS } from './catalogue';
import { medicationWords } from './medication-text';
import { detectMedicationsInText, findMedication, readMedicationName } from './search';

const ENTRIES = new Map(MEDICATIONS.map((entry) => [entry.name, entry]));
const FAMILIES = Object.entries(BRAND_NAMES).map(([generic, brands]) => ({
  generic,
  names: brands.map(brandNameText),
}));
const genericOf = (name: string) => findMedication(name)?.name;
/** A medicine and the medicines it holds: 'losartana + hidroclorotiazida' holds losartana. */
const holds = (combination: string, generic: string) =>
  combination === generic || combination.split(' + ').includes(generic);

describe('the brand table', () => {
  it('names only medicines of the catalogue', () => {
    for (const generic of [
      ...Object.keys(BRAND_NAMES),
      ...Object.values(SHARED_ABBREVIATIONS).flat(),
    ]) {
      expect(ENTRIES.has(generic), generic).toBe(true);
    }
  });

  it('holds at least 300 brand names and abbreviations', () => {
    expect(FAMILIES.flatMap((family) => family.names).length).toBeGreaterThanOrEqual(300);
  });

  it('gives each name one medicine, and no shared abbreviation another', () => {
    const owner = new Map<string, string>();
    for (const { generic, names } of FAMILIES) {
      for (const name of names) {
        const key = medicationWords(name).join(' ');
        expect(owner.get(key) ?? generic, name).toBe(generic);
        owner.set(key, generic);
      }
    }
    for (const abbreviation of Object.keys(SHARED_ABBREVIATIONS)) {
      expect(owner.has(abbreviation), abbreviation).toBe(false);
      expect(findMedication(abbreviation), abbreviation).toBeUndefined();
    }
  });

  it('gives a brand that names its presentation strengths and forms its medicine is sold in', () => {
    for (const [generic, brands] of Object.entries(BRAND_NAMES)) {
      const entry = ENTRIES.get(generic);
      for (const brand of brands) {
        if (typeof brand === 'string') continue;
        expect(brand.strengths.length, brand.name).toBeGreaterThan(0);
        expect(brand.forms.length, brand.name).toBeGreaterThan(0);
        for (const strength of brand.strengths)
          expect(entry?.strengths, brand.name).toContain(strength);
        for (const form of brand.forms) expect(entry?.forms, brand.name).toContain(form);
      }
    }
  });

  it('flags every name that starts the name of another medicine', () => {
    const firstWords = MEDICATIONS.flatMap((entry) =>
      [entry.name, ...(entry.aliases ?? [])].map((term) => ({
        generic: entry.name,
        word: medicationWords(term)[0] ?? '',
      })),
    );
    for (const { generic, names } of FAMILIES) {
      for (const name of names) {
        const [word, ...rest] = medicationWords(name);
        if (word === undefined || rest.length > 0) continue;
        const startsAnother = firstWords.some(
          (other) =>
            other.word !== word && other.word.startsWith(word) && !holds(other.generic, generic),
        );
        if (startsAnother) expect(AMBIGUOUS_MEDICATION_TERMS, name).toContain(name.toLowerCase());
      }
    }
  });
});

describe('reading brands and abbreviations', () => {
  it('reads every name of the table as its medicine', () => {
    for (const { generic, names } of FAMILIES) {
      for (const name of names) expect(genericOf(name), name).toBe(generic);
    }
  });

  it.each([
    ['losartana', ['Cozaar', 'Aradois', 'Corus 50 mg', 'losar 50', 'Losartana potássica']],
    ['hidroclorotiazida', ['Clorana 25 mg', 'HCTZ 25mg', 'hidroclorotiazida']],
    ['amoxicilina', ['Amoxil 500 mg', 'Amoxil BD 875', 'Novocilin', 'amoxi 500mg']],
    ['escitalopram', ['Lexapro 10 mg', 'Reconter 10', 'Exodus 15 mg', 'oxalato de escitalopram']],
    ['levotiroxina', ['Puran T4 50 mcg', 'Synthroid', 'Euthyrox 75', 'Levoid 100 mcg']],
    ['omeprazol', ['Losec', 'Peprazol 20 mg', 'Gastrium', 'omepra 20']],
    ['sildenafila', ['Viagra 50 mg', 'Revatio', 'citrato de sildenafila']],
    ['misoprostol', ['Cytotec', 'Prostokos 25 mcg']],
  ])('reads the brands of %s alike', (generic, names) => {
    for (const name of names) expect(genericOf(name), name).toBe(generic);
  });

  it.each([
    // The suffix names a presentation of the same medicine.
    ['Amoxil BD 875 mg', 'amoxicilina', 'Amoxil BD'],
    ['Clavulin BD 400 mg/5 ml', 'amoxicilina + clavulanato', 'Clavulin BD'],
    ['Novalgina gotas', 'dipirona', 'Novalgina gotas'],
    ['Aerolin spray 100 mcg', 'salbutamol', 'Aerolin spray'],
    ['Glifage XR 500', 'metformina', 'Glifage XR'],
    ['Bactrim F', 'sulfametoxazol + trimetoprima', 'Bactrim F'],
    ['Ritalina LA 20 mg', 'metilfenidato', 'Ritalina LA'],
    ['Tramal Retard', 'tramadol', 'Tramal Retard'],
    // The suffix adds a medicine: the combination is a medicine of its own.
    ['Tylenol DC', 'paracetamol + cafeína', 'Tylenol DC'],
    ['Diovan HCT 160/12,5 mg', 'valsartana + hidroclorotiazida', 'Diovan HCT'],
    ['Aradois H', 'losartana + hidroclorotiazida', 'Aradois H'],
    ['Benicar Anlo 40/5', 'olmesartana + anlodipino', 'Benicar Anlo'],
    ['Buscopan Composto', 'butilbrometo de escopolamina + dipirona', 'Buscopan Composto'],
    ['Claritin-D', 'loratadina + pseudoefedrina', 'Claritin D'],
    ['Galvus Met 50/850', 'vildagliptina + metformina', 'Galvus Met'],
    // A strength or a word the table does not list is read after the brand.
    ['Predsim 20', 'prednisolona', 'Predsim'],
    ['Tylenol 750', 'paracetamol', 'Tylenol'],
    ['Novalgina 1 g', 'dipirona', 'Novalgina'],
    ['Amoxil suspensão 250 mg/5 ml', 'amoxicilina', 'Amoxil'],
  ])('reads %s as %s, written as %s', (written, generic, brand) => {
    expect(readMedicationName(written)).toMatchObject({ entry: { name: generic }, brand });
  });

  it('keeps to what a brand with a suffix is sold as, and the brand alone to all of it', () => {
    expect(readMedicationName('Amoxil BD')?.entry.strengths).not.toContain('500 mg');
    expect(readMedicationName('Amoxil')?.entry.strengths).toContain('500 mg');
    expect(readMedicationName('Concerta 36 mg')?.entry.forms).toEqual([
      'comprimido de liberação prolongada',
    ]);
    expect(readMedicationName('Maxidex')?.entry.forms).toEqual(['colírio']);
  });

  it.each([
    ['azitro 500 mg', 'azitromicina'],
    ['amoxi 500', 'amoxicilina'],
    ['amoxi + clav 875/125', 'amoxicilina + clavulanato'],
    ['amoxi clav', 'amoxicilina + clavulanato'],
    ['cefa 500 mg', 'cefalexina'],
    ['cipro 500', 'ciprofloxacino'],
    ['metfor 850', 'metformina'],
    ['sinva 20', 'sinvastatina'],
    ['atorva 40 mg', 'atorvastatina'],
    ['rosuva 10', 'rosuvastatina'],
    ['losar 50', 'losartana'],
    ['HCTZ 25 mg', 'hidroclorotiazida'],
    ['AAS 100 mg', 'ácido acetilsalicílico'],
    ['omepra 20 mg', 'omeprazol'],
    ['dipi 1 g', 'dipirona'],
    ['anlo 5', 'anlodipino'],
    ['fluox 20 mg', 'fluoxetina'],
    ['sertra 50', 'sertralina'],
    ['Dexa 4 mg', 'dexametasona'],
    ['levo 500', 'levofloxacino'],
    ['levo 50 mcg', 'levotiroxina'],
    ['pred 40 mg', 'prednisolona'],
  ])('reads the abbreviation %s as %s', (written, generic) => {
    expect(genericOf(written)).toBe(generic);
  });
});

describe('every reader of a medicine name', () => {
  it('the quick receita keeps the brand as written and reads its dose and quantity', () => {
    const [amoxil] = parseQuickPrescription(
      'Maria 30 anos Amoxil BD 875 mg 12/12h 7 dias',
    ).medications;
    expect(amoxil).toMatchObject({
      name: 'Amoxil BD',
      dosage: '875 mg',
      dispenseQuantity: { amount: 14, unit: 'comprimidos' },
    });
    const [drops] = parseQuickPrescription('Novalgina gotas 40 gotas 6/6h por 3 dias').medications;
    expect(drops).toMatchObject({ name: 'Novalgina gotas', dispenseQuantity: { amount: 2 } });
  });

  it('the quantity counts in what the brand is sold as', () => {
    expect(
      planDispense({ name: 'Amoxil BD', dosage: '875 mg', frequency: '12/12h', duration: '7 dias' })
        .dispenseQuantity?.text,
    ).toBe('14 (catorze) comprimidos');
    expect(
      planDispense({
        name: 'Aerolin spray',
        dosePerIntake: '2 jatos',
        frequency: '6/6h',
        duration: '30 dias',
      }).dispenseQuantity?.text,
    ).toBe('2 (dois) frascos');
    expect(
      planDispense({ name: 'azitro', dosage: '500 mg', frequency: '1x ao dia', duration: '5 dias' })
        .dispenseQuantity?.text,
    ).toBe('5 (cinco) comprimidos');
  });

  it('the extraction names the generic of a brand said in a consultation', () => {
    const text = 'Paciente hipertenso, toma Aradois 50 mg de manhã e Glifage XR 500 mg no jantar.';
    expect(findMedicineMentions(parseConsultation(text)).map((mention) => mention.name)).toEqual([
      'losartana',
      'metformina',
    ]);
  });

  it('the allergy check and the dosing table read a brand as its generic', () => {
    expect(findAllergyWarnings('Novalgina gotas', ['Dipirona'])).not.toEqual([]);
    expect(findAllergyWarnings('Dipirona 1 g', ['Novalgina'])).not.toEqual([]);
    expect(findAllergyWarnings('Clavulin BD', ['penicilina'])).not.toEqual([]);
    expect(findDosingHint('Tylenol 750 mg')?.name).toBe('paracetamol');
  });
});

describe('names that are also ordinary words', () => {
  it.each([
    'Densitometria (DEXA) com osteopenia leve em colo femoral.',
    'Refere cefaleia frontal há dois dias, pior à tarde.',
    'Yasmin Souza, 24 anos, vem para consulta de rotina.',
    'Ele é o astro do time de futebol da escola, nega dor.',
    'Voltou de viagem a Londres, passeou de barco no Tâmisa.',
    'Trouxe exames: TSH e T4 livre normais, sem queixas.',
  ])('are never a medicine in free text: %s', (text) => {
    expect(detectMedicationsInText(text)).toEqual([]);
    expect(findMedicineMentions(parseConsultation(text))).toEqual([]);
  });

  it('still name their medicine on a prescription line', () => {
    expect(genericOf('Dexa 4 mg')).toBe('dexametasona');
    expect(genericOf('Astro 500 mg')).toBe('azitromicina');
    expect(genericOf('Frontal 0,5 mg')).toBe('alprazolam');
    expect(genericOf('Tâmisa 30')).toBe('gestodeno + etinilestradiol');
  });

  it('leave the unambiguous abbreviations to be read in free text', () => {
    const text = 'Em uso de azitro desde ontem e sinva à noite.';
    expect(detectMedicationsInText(text).map((entry) => entry.name)).toEqual([
      'azitromicina',
      'sinvastatina',
    ]);
  });
});
