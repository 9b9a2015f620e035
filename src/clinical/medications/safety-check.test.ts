import { describe, expect, it } from 'vitest';
import { BRAND_NAMES } from './brands';
import { MEDICATIONS } from './catalogue';
import { PREGNANCY_RULES, RENAL_RULES } from './patient-risks';
import { milligramsPerDose, PEDIATRIC_DOSE_RULES } from './pediatric-doses';
import { checkPrescriptionSafety, type SafetyMedication, type SafetyPatient } from './safety-check';
import { findMedication } from './search';
import { checkedMedications } from '@shared/prescriptions/receita-safety';

/** Every check this file makes, to be made again with brand names (the last describe). */
const CHECKED: { medications: readonly SafetyMedication[]; patient: SafetyPatient }[] = [];

const checkSafety = (medications: readonly SafetyMedication[], patient: SafetyPatient = {}) => {
  CHECKED.push({ medications, patient });
  return checkPrescriptionSafety(medications, patient);
};

const check = (names: readonly string[], patient: SafetyPatient = {}) =>
  checkSafety(
    names.map((name) => ({ name })),
    patient,
  );

const kindsAndSeverities = (names: readonly string[], patient: SafetyPatient = {}) =>
  check(names, patient).map(({ kind, severity }) => ({ kind, severity }));

describe('drug–drug interactions', () => {
  it('warns of varfarina with ibuprofeno, also when varfarina is already in use', () => {
    const [warning] = check(['Ibuprofeno 400 mg'], { medicationsInUse: ['Varfarina 5 mg'] });
    expect(warning).toMatchObject({
      kind: 'interacao',
      severity: 'grave',
      medications: ['Ibuprofeno 400 mg', 'Varfarina 5 mg'],
    });
    expect(warning?.message).toMatch(/sangramento/i);
    expect(warning?.reference).not.toBe('');
  });

  it('stops sildenafila with a nitrate as contraindicated', () => {
    expect(kindsAndSeverities(['sildenafila', 'dinitrato de isossorbida'])).toContainEqual({
      kind: 'interacao',
      severity: 'contraindicado',
    });
    expect(kindsAndSeverities(['Viagra 50 mg'], { medicationsInUse: ['Monocordil'] })).toEqual([
      { kind: 'interacao', severity: 'contraindicado' },
    ]);
  });

  it('warns of lithium with a thiazide, also inside a combination', () => {
    expect(
      check(['losartana + hidroclorotiazida'], { medicationsInUse: ['carbonato de lítio'] }),
    ).toContainEqual(expect.objectContaining({ kind: 'interacao' }));
  });

  it('leaves out medicines applied locally: a cream, eye drops, ear drops', () => {
    expect(check(['Cetoconazol creme 2%'], { medicationsInUse: ['sinvastatina'] })).toEqual([]);
    expect(check(['timolol'], { medicationsInUse: ['verapamil'] })).toEqual([]);
    expect(check(['Diclofenaco gel'], { medicationsInUse: ['varfarina'] })).toEqual([]);
    expect(check(['Miconazol óvulo'], { medicationsInUse: ['varfarina'] })).toEqual([]);
    expect(check(['ciprofloxacino + hidrocortisona'], { medicationsInUse: ['varfarina'] })).toEqual(
      [],
    );
    // The oral gel of miconazol does reach the blood.
    expect(check(['Miconazol gel oral'], { medicationsInUse: ['varfarina'] })).not.toEqual([]);
  });

  it('reads a renewal of a medicine in use as the same one, not a second', () => {
    expect(
      check(['Losartana 50 mg'], { medicationsInUse: ['losartana 50mg', 'anlodipino'] }),
    ).toEqual([]);
    expect(check(['Ibuprofeno 400 mg'], { medicationsInUse: ['Ibuprofeno'] })).toEqual([]);
  });

  it('counts ácido acetilsalicílico as an antiplatelet, not a second NSAID', () => {
    const kinds = check(['ácido acetilsalicílico 100 mg', 'ibuprofeno']).map(({ kind }) => kind);
    expect(kinds).not.toContain('duplicidade');
    expect(check(['AAS 100 mg'], { pregnant: true })).toEqual([]);
    expect(check(['AAS 100 mg'], { creatinineClearance: 20 })).toEqual([]);
  });

  it('warns of two direct oral anticoagulants, two heparins, and an SSRI with an SNRI', () => {
    expect(kindsAndSeverities(['apixabana', 'rivaroxabana'])).toContainEqual({
      kind: 'interacao',
      severity: 'grave',
    });
    expect(kindsAndSeverities(['heparina', 'enoxaparina'])).toContainEqual({
      kind: 'interacao',
      severity: 'grave',
    });
    expect(kindsAndSeverities(['sertralina', 'duloxetina'])).toContainEqual({
      kind: 'interacao',
      severity: 'grave',
    });
  });

  it('leaves alone two medicines already in use: only what is prescribed now is decided now', () => {
    expect(check([], { medicationsInUse: ['varfarina', 'ibuprofeno'] })).toEqual([]);
  });

  it.each([
    ['amoxicilina', 'paracetamol'],
    ['losartana', 'hidroclorotiazida'],
    ['metformina', 'gliclazida'],
    ['anlodipino', 'losartana'],
    ['omeprazol', 'dipirona'],
    ['atorvastatina', 'ácido acetilsalicílico'],
    ['salbutamol', 'budesonida'],
    ['insulina glargina', 'insulina lispro'],
  ])('says nothing of %s with %s, a usual combination', (first, second) => {
    expect(check([first, second])).toEqual([]);
  });
});

describe('therapeutic duplication', () => {
  it.each([
    ['ibuprofeno', 'diclofenaco', 'grave'],
    ['enalapril', 'captopril', 'grave'],
    ['omeprazol', 'pantoprazol', 'moderado'],
    ['sinvastatina', 'atorvastatina', 'moderado'],
    ['sertralina', 'fluoxetina', 'grave'],
    ['clonazepam', 'diazepam', 'grave'],
  ])('warns of %s with %s', (first, second, severity) => {
    expect(check([first, second])).toContainEqual(
      expect.objectContaining({ kind: 'duplicidade', severity }),
    );
  });

  it('warns of the same medicine twice, inside a combination too', () => {
    const [warning] = check(['paracetamol 750 mg', 'tramadol + paracetamol']);
    expect(warning).toMatchObject({ kind: 'duplicidade', severity: 'grave' });
    expect(warning?.message).toMatch(/^Paracetamol em dois itens/);
  });

  it('agrees in gender: two statins are duas estatinas', () => {
    const [warning] = check(['sinvastatina', 'atorvastatina']).filter(
      ({ kind }) => kind === 'duplicidade',
    );
    expect(warning?.message).toMatch(/^Duas estatinas .* mantenha apenas uma\.$/);
    const [nsaids] = check(['ibuprofeno', 'naproxeno']).filter(
      ({ kind }) => kind === 'duplicidade',
    );
    expect(nsaids?.message).toMatch(/^Dois anti-inflamatórios .* mantenha apenas um\.$/);
  });

  it('takes a long-acting nitrate with one for the attacks as the angina regimen it is', () => {
    const kindsOf = (medications: readonly SafetyMedication[]) =>
      checkSafety(medications).map((warning) => warning.kind);
    const monocordil = { name: 'Monocordil 20 mg', dosage: '20 mg', frequency: '12/12h' };
    expect(
      kindsOf([monocordil, { name: 'Isordil 5 mg SL', frequency: 'se dor no peito' }]),
    ).not.toContain('duplicidade');
    expect(
      kindsOf([monocordil, { name: 'Dinitrato de isossorbida 5 mg', dosage: '5 mg sublingual' }]),
    ).not.toContain('duplicidade');
    // Two for every day, or two for the attacks, are the same effect twice.
    expect(
      kindsOf([monocordil, { name: 'Isordil 10 mg', dosage: '10 mg', frequency: '8/8h' }]),
    ).toContain('duplicidade');
    expect(
      kindsOf([
        { name: 'Isordil 5 mg SL', frequency: 'se dor' },
        { name: 'Mononitrato de isossorbida 20 mg SOS' },
      ]),
    ).toContain('duplicidade');
  });

  it('does not count an opioid antagonist as a second opioid', () => {
    expect(check(['morfina', 'naloxona']).map((warning) => warning.kind)).not.toContain(
      'duplicidade',
    );
  });
});

describe('pregnancy', () => {
  it('stops an ACE inhibitor, warfarin and a statin in a pregnant woman, and not otherwise', () => {
    const pregnant = { sex: 'feminino', pregnant: true };
    expect(kindsAndSeverities(['enalapril'], pregnant)).toEqual([
      { kind: 'gestacao', severity: 'contraindicado' },
    ]);
    expect(kindsAndSeverities(['varfarina'], pregnant)).toEqual([
      { kind: 'gestacao', severity: 'contraindicado' },
    ]);
    expect(kindsAndSeverities(['sinvastatina'], pregnant)).toEqual([
      { kind: 'gestacao', severity: 'contraindicado' },
    ]);
    expect(kindsAndSeverities(['ibuprofeno'], pregnant)).toEqual([
      { kind: 'gestacao', severity: 'grave' },
    ]);
    expect(check(['enalapril'], { sex: 'feminino', pregnant: false })).toEqual([]);
    expect(check(['paracetamol', 'amoxicilina'], pregnant)).toEqual([]);
  });
});

describe('kidneys', () => {
  it('grades metformina by creatinine clearance', () => {
    expect(kindsAndSeverities(['metformina'], { creatinineClearance: 25 })).toEqual([
      { kind: 'renal', severity: 'contraindicado' },
    ]);
    const [moderate] = check(['metformina 850 mg'], { creatinineClearance: 40 });
    expect(moderate).toMatchObject({ kind: 'renal', severity: 'moderado' });
    expect(moderate?.message).toContain('1.000 mg');
    expect(moderate?.message).toContain('ClCr informado: 40 mL/min');
    expect(check(['metformina'], { creatinineClearance: 60 })).toEqual([]);
  });

  it('warns for what is prescribed now, not for a medicine in use', () => {
    expect(
      check(['paracetamol'], { medicationsInUse: ['metformina'], creatinineClearance: 25 }),
    ).toEqual([]);
  });

  it('warns of nitrofurantoína and NSAIDs with poor kidneys', () => {
    expect(kindsAndSeverities(['nitrofurantoína'], { creatinineClearance: 20 })).toEqual([
      { kind: 'renal', severity: 'contraindicado' },
    ]);
    expect(kindsAndSeverities(['nimesulida'], { creatinineClearance: 20 })).toEqual([
      { kind: 'renal', severity: 'grave' },
    ]);
  });
});

describe("children's doses", () => {
  it('stops 750 mg of paracetamol for a 12 kg child, with the dose for her weight', () => {
    const [warning] = checkSafety([{ name: 'Paracetamol', dosage: '750 mg', frequency: '6/6h' }], {
      age: 2,
      weightKg: 12,
    });
    expect(warning).toMatchObject({ kind: 'dose', severity: 'grave' });
    expect(warning?.message).toContain('62,5 mg/kg');
    expect(warning?.message).toContain('máximo de 15 mg/kg por dose');
    expect(warning?.message).toContain('Para 12 kg: 120 a 180 mg por dose (10 a 15 mg/kg)');
  });

  it('reads a suspension written as strength and volume, and gives the volume for the weight', () => {
    const high = checkSafety(
      [{ name: 'Amoxicilina', dosage: '400 mg/5 ml, 7 ml', frequency: '8/8h' }],
      { age: 3, weightKg: 12 },
    );
    // 7 mL of 80 mg/mL is 560 mg: 46,7 mg/kg per dose.
    expect(high).toHaveLength(1);
    expect(high[0]?.message).toContain('560 mg por dose para 12 kg são 46,7 mg/kg');
    expect(high[0]?.message).toContain('de 400 mg/5 ml, 2,3 a 4,5 mL');
    expect(
      checkSafety([{ name: 'Amoxicilina', dosage: '400 mg/5 ml, 5 ml', frequency: '12/12h' }], {
        age: 4,
        weightKg: 20,
      }),
    ).toEqual([]);
  });

  it('counts the day too: ibuprofeno 10 mg/kg every 4 hours', () => {
    const [warning] = checkSafety(
      [{ name: 'Ibuprofeno 100 mg/5 ml', dosage: '5 ml', frequency: '4/4h' }],
      { age: 1, weightKg: 10 },
    );
    expect(warning?.message).toContain('60 mg/kg por dia, acima do máximo de 40 mg/kg por dia');
  });

  it('holds an adult to no weight limit, and needs the weight', () => {
    const adult = [{ name: 'Paracetamol', dosage: '750 mg', frequency: '6/6h' }];
    expect(checkSafety(adult, { age: 30, weightKg: 70 })).toEqual([]);
    expect(checkSafety(adult, { age: 2 })).toEqual([]);
  });

  it.each([
    ['Amoxicilina', '400 mg/5 ml, 7 ml', 560],
    ['Amoxicilina 250 mg/5 ml', '5 ml', 250],
    ['Paracetamol', '750 mg', 750],
    ['Dipirona', '1 g', 1000],
    ['Dipirona gotas', '20 gotas', 500],
    ['Ibuprofeno', '50 mg/ml, 2 ml', 100],
    ['Prednisolona', '3 mg/ml, 5 ml', 15],
    ['Amoxicilina + clavulanato', '400 mg + 57 mg/5 ml, 5 ml', 400],
    ['Paracetamol', '1.000 mg', 1000],
    ['Paracetamol 750 mg', '1 comprimido', 750],
    ['Paracetamol 500 mg', 'meio comprimido', 250],
    ['Amoxicilina', '500mg/5mL, 1,5 ml', 150],
    // Drops by the label's drops per mL: paracetamol 15 (the one strength sold, 200 mg/ml),
    // ibuprofeno 10 (50, 100 or 200 mg/ml: written), dipirona 20.
    ['Paracetamol', '15 gotas', 200],
    ['Paracetamol', '200 mg/ml, 12 gotas', 160],
    ['Ibuprofeno', '100 mg/ml, 12 gotas', 120],
    ['Ibuprofeno gotas 50 mg/ml', '20 gotas', 100],
    ['Dipirona', '500 mg/ml, 10 gotas', 250],
  ])('reads %s %s as %s mg', (name, dosage, mg) => {
    expect(milligramsPerDose(name, dosage)).toBeCloseTo(mg);
  });

  it('reads no dose it cannot be sure of', () => {
    expect(milligramsPerDose('Amoxicilina', '5 ml')).toBeUndefined();
    expect(milligramsPerDose('Paracetamol', '1 comprimido')).toBeUndefined();
    // Ibuprofeno drops come in three strengths: without one written, no dose is read.
    expect(milligramsPerDose('Ibuprofeno', '10 gotas')).toBeUndefined();
  });

  it('suggests the dose in drops when the doctor wrote drops', () => {
    const drops = [{ name: 'Paracetamol', dosage: '200 mg/ml, 40 gotas', frequency: '6/6h' }];
    expect(checkSafety(drops, { age: 2, weightKg: 12 })).toEqual([
      expect.objectContaining({
        kind: 'dose',
        message:
          'Paracetamol: 533,3 mg por dose para 12 kg são 44,4 mg/kg, acima do máximo de 15 mg/kg por dose. Para 12 kg: 120 a 180 mg por dose (10 a 15 mg/kg), de 6/6h; de 200 mg/ml, 0,6 a 0,9 mL (9 a 13 gotas).',
      }),
    ]);
    // No whole drop fits a newborn's 16 to 24 mg: none is suggested (2 would pass the maximum).
    const newborn = checkSafety(drops, { age: 0, weightKg: 1.6 });
    expect(newborn[0]?.message).toMatch(
      /Para 1,6 kg: 16 a 24 mg por dose .*; de 200 mg\/ml, 0,1 mL\.$/,
    );
    const ibuprofeno = [{ name: 'Ibuprofeno', dosage: '100 mg/ml, 10 gotas', frequency: '8/8h' }];
    expect(checkSafety(ibuprofeno, { age: 2, weightKg: 12 })).toEqual([]);
  });

  it('doses an adolescent under 40 kg by weight, and an adult by the daily maximum', () => {
    const paracetamol = [{ name: 'Paracetamol', dosage: '750 mg', frequency: '4/4h' }];
    expect(checkSafety(paracetamol, { age: 13, weightKg: 30 })).toEqual([
      expect.objectContaining({
        kind: 'dose',
        message: expect.stringContaining('mg/kg') as unknown,
      }),
    ]);
    expect(checkSafety(paracetamol, { age: 40, weightKg: 70 })).toEqual([
      expect.objectContaining({
        kind: 'dose',
        severity: 'grave',
        message: 'Dose diária de paracetamol (4,5 g) acima do máximo recomendado de 4 g/dia.',
      }),
    ]);
  });
});

describe('allergies', () => {
  it('grades an allergy by how close it is to the medicine', () => {
    expect(kindsAndSeverities(['amoxicilina'], { allergies: ['Penicilina'] })).toEqual([
      { kind: 'alergia', severity: 'contraindicado' },
    ]);
    expect(kindsAndSeverities(['ibuprofeno'], { allergies: ['AAS'] })).toEqual([
      { kind: 'alergia', severity: 'grave' },
    ]);
    expect(kindsAndSeverities(['cefalexina'], { allergies: ['penicilina'] })).toEqual([
      { kind: 'alergia', severity: 'moderado' },
    ]);
    expect(check(['amoxicilina'], { allergies: ['Nega alergias'] })).toEqual([]);
  });
});

describe('the whole check', () => {
  it('puts the gravest first', () => {
    const warnings = check(['ibuprofeno', 'diclofenaco'], {
      medicationsInUse: ['varfarina'],
      allergies: ['diclofenaco'],
    });
    const order = ['contraindicado', 'grave', 'moderado'];
    const severities = warnings.map((warning) => order.indexOf(warning.severity));
    expect(severities).toEqual([...severities].sort((a, b) => a - b));
    expect(warnings[0]).toMatchObject({ kind: 'alergia', severity: 'contraindicado' });
  });
});

describe('the tables', () => {
  const names = new Set(MEDICATIONS.map((entry) => entry.name));
  const classes = new Set(MEDICATIONS.flatMap((entry) => entry.drugClass ?? []));

  it('name only medicines and classes of the catalogue', () => {
    for (const rule of [...PREGNANCY_RULES, ...RENAL_RULES]) {
      for (const name of rule.names ?? []) expect(names, name).toContain(name);
      for (const drugClass of rule.classes ?? []) expect(classes, drugClass).toContain(drugClass);
    }
    for (const rule of PEDIATRIC_DOSE_RULES) expect(names, rule.name).toContain(rule.name);
  });

  it('write sentences in Portuguese that end in a period', () => {
    for (const rule of [...PREGNANCY_RULES, ...RENAL_RULES]) {
      expect(rule.message, rule.message).toMatch(/^[A-ZÁÉÍÓÚÂÊÔÃÕÇ].*\.$/);
      expect(rule.reference).not.toBe('');
    }
  });
});

describe('brand names', () => {
  it('warns of the brand pairs doctors write', () => {
    expect(
      kindsAndSeverities(['Clorana 25 mg'], { medicationsInUse: ['Carbolitium 300 mg'] }),
    ).toContainEqual({ kind: 'interacao', severity: 'grave' });
    expect(
      kindsAndSeverities(['Diovan HCT 160/12,5 mg'], { medicationsInUse: ['Carbolitium'] }),
    ).toContainEqual({ kind: 'interacao', severity: 'grave' });
    expect(kindsAndSeverities(['Cialis 5 mg'], { medicationsInUse: ['Isordil 5 mg'] })).toEqual([
      { kind: 'interacao', severity: 'contraindicado' },
    ]);
    expect(kindsAndSeverities(['Monocordil 20 mg'], { medicationsInUse: ['Viagra'] })).toEqual([
      { kind: 'interacao', severity: 'contraindicado' },
    ]);
    expect(kindsAndSeverities(['Cytotec'], { sex: 'feminino', pregnant: true })).toEqual([
      { kind: 'gestacao', severity: 'contraindicado' },
    ]);
    expect(
      kindsAndSeverities(['Valsartana 80 mg'], { medicationsInUse: ['Cozaar 50 mg'] }),
    ).toContainEqual({ kind: 'duplicidade', severity: 'grave' });
  });

  it('reads two brands of one medicine as a renewal, not a second', () => {
    expect(check(['Aradois 50 mg'], { medicationsInUse: ['Cozaar 50 mg'] })).toEqual([]);
    expect(check(['Tylenol 750 mg', 'Paracetamol 500 mg'])).toContainEqual(
      expect.objectContaining({ kind: 'duplicidade' }),
    );
  });

  it('reads an abbreviation by the strength of its dosage', () => {
    const warnings = (name: string, dosage: string) =>
      checkSafety([{ name, dosage }], { medicationsInUse: ['Amiodarona 200 mg'] }).map(
        ({ kind, severity, message }) => ({ kind, severity, message }),
      );
    expect(warnings('Levo', '500 mg')).toEqual(warnings('Levofloxacino', '500 mg'));
    expect(warnings('Levo', '500 mg')).not.toEqual([]);
    expect(warnings('Levo', '50 mcg')).toEqual(warnings('Levotiroxina', '50 mcg'));
  });

  it('leaves out a brand sold only as eye drops, as it does the generic eye drops', () => {
    expect(check(['Maxidex'], { medicationsInUse: ['Ibuprofeno 600 mg'] })).toEqual(
      check(['Dexametasona colírio'], { medicationsInUse: ['Ibuprofeno 600 mg'] }),
    );
    expect(check(['Ciloxan'], { medicationsInUse: ['Varfarina 5 mg'] })).toEqual([]);
    expect(check(['Ciprofloxacino 500 mg'], { medicationsInUse: ['Varfarina 5 mg'] })).not.toEqual(
      [],
    );
  });
});

/**
 * The brands that name the whole of a medicine, by its generic name: a brand sold as one
 * presentation only ('Maxidex', eye drops) is not the tablets a case may prescribe.
 */
const WHOLE_MEDICINE_BRANDS = new Map(
  Object.entries(BRAND_NAMES).map(([generic, brands]) => [
    generic,
    brands.filter((brand): brand is string => typeof brand === 'string'),
  ]),
);

/**
 * A medicine as a case wrote it, its generic name (or salt, or spelling) replaced by the
 * `round`-th brand of the medicine: 'Ibuprofeno 400 mg' → 'Alivium 400 mg'. A name that is no
 * medicine's generic (a brand already, an unknown medicine) stays.
 */
function writtenWithBrand(written: string, round: number): string {
  const entry = findMedication(written);
  const brands = entry ? (WHOLE_MEDICINE_BRANDS.get(entry.name) ?? []) : [];
  if (!entry || brands.length === 0) return written;
  const allBrands = new Set(
    (BRAND_NAMES[entry.name] ?? []).map((brand) =>
      typeof brand === 'string' ? brand : brand.name,
    ),
  );
  const spelling = [entry.name, ...(entry.aliases ?? [])]
    .filter((name) => !allBrands.has(name))
    .sort((a, b) => b.length - a.length)
    .find(
      (name) =>
        written.slice(0, name.length).localeCompare(name, 'pt-BR', { sensitivity: 'base' }) === 0,
    );
  const brand = brands[round % brands.length] ?? '';
  return spelling === undefined ? written : `${brand}${written.slice(spelling.length)}`;
}

describe('the checks of this file, written with brand names', () => {
  it('give the same warnings, kind and severity, with each generic written as its brands', () => {
    const kinds = (medications: readonly SafetyMedication[], patient: SafetyPatient) =>
      checkPrescriptionSafety(medications, patient).map(({ kind, severity }) => ({
        kind,
        severity,
      }));
    let rewritten = 0;
    for (const { medications, patient } of [...CHECKED]) {
      const names = [...medications.map((item) => item.name), ...(patient.medicationsInUse ?? [])];
      const rounds = Math.max(
        1,
        ...names.map(
          (name) => WHOLE_MEDICINE_BRANDS.get(findMedication(name)?.name ?? '')?.length ?? 0,
        ),
      );
      for (let round = 0; round < rounds; round++) {
        const branded = medications.map((item) => ({
          ...item,
          name: writtenWithBrand(item.name, round),
        }));
        const inUse = patient.medicationsInUse?.map((name) => writtenWithBrand(name, round));
        const brandedPatient = inUse ? { ...patient, medicationsInUse: inUse } : patient;
        const written = [...branded.map((item) => item.name), ...(inUse ?? [])];
        if (written.join() === names.join()) continue;
        rewritten += 1;
        expect(kinds(branded, brandedPatient), written.join(' | ')).toEqual(
          kinds(medications, patient),
        );
      }
    }
    // The whole file must have run first: this replays its checks.
    expect(rewritten).toBeGreaterThan(100);
  });
});

describe('a suspension chosen by concentration, its dose written in mL', () => {
  const child = { age: 2, weightKg: 10 };
  const check = (dosePerIntake: string) =>
    checkPrescriptionSafety(
      checkedMedications([
        { name: 'Amoxicilina', dosage: '250 mg/5 ml', dosePerIntake, frequency: '8/8h' },
      ]),
      child,
    ).filter((warning) => warning.kind === 'dose');

  it('is checked by weight through the concentration: 15 mL is 750 mg a dose', () => {
    const [warning] = check('15 mL');
    expect(warning).toMatchObject({ severity: 'grave' });
    expect(warning?.message).toMatch(/mL/);
  });

  it('passes at the usual dose: 5 mL is 250 mg a dose, 75 mg/kg a day', () => {
    expect(check('5 mL')).toEqual([]);
  });
});
