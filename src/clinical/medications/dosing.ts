import { findAllergyWarnings } from './allergy-check';
import { parseDose, parseFrequency, type ParsedDose } from './dose-notation';
import { findMedication } from './search';

/** The most a patient should take in a day, in the unit it is usually prescribed in. */
export interface MaxDailyDose {
  /** Mass limit in mg (4 g → 4000, 2.000 mcg → 2). */
  mg?: number;
  /** Limit in puffs (jatos), for inhalers whose strength the prescription may not state. */
  puffs?: number;
  /** Unit warnings show the mass in: '4 g', '100 mg', '1.600 mcg'. */
  unit?: 'g' | 'mg' | 'mcg';
  /**
   * The mass limit is for the inhaled route; it is checked only when the dose is written in
   * jatos or micrograms, so oral budesonida (3 mg capsules) is not held to the inhaled maximum.
   */
  inhaledOnly?: boolean;
}

/**
 * The usual adult regimen of one medicine: what 'Sugerir posologia' fills in
 * (docs/product.md, "Etapa Prescrições e Exames").
 */
export interface DosingHint {
  /** The catalogue name it belongs to. */
  name: string;
  dosage: string;
  frequency: string;
  duration: string;
  instructions: string;
  maxDaily?: MaxDailyDose;
  /**
   * Administrations a day when prescribed 'se dor', 'SOS': the most the label allows, so the
   * check counts an as-needed dose at its worst case.
   */
  maxDosesPerDay?: number;
  /**
   * mg in one drop of the oral drops, when one strength is what Brazil sells (dipirona 500 mg/ml:
   * 20 gotas/ml, 25 mg), to read '40 gotas' with no strength written.
   */
  mgPerDrop?: number;
  /**
   * Drops in one mL of the oral drops, as their labels (bulas) say, to read '30 gotas' of a
   * strength written beside it ('ibuprofeno 100 mg/ml': 10 gotas/ml, 10 mg per drop).
   */
  dropsPerMl?: number;
}

/**
 * Usual adult doses and maximum daily doses, from the Brazilian labels (bulas) and, where the
 * label is looser than current practice, the stricter usual maximum (noted beside it). The 15
 * drugs the original product specification listed come first, then other everyday prescriptions.
 */
export const DOSING_HINTS: readonly DosingHint[] = [
  {
    name: 'dipirona',
    dosage: '500 mg a 1 g',
    frequency: 'de 6/6h, se dor ou febre',
    duration: '3 a 5 dias',
    instructions: 'Tomar com água. Não exceder 4 g por dia.',
    maxDaily: { mg: 4000, unit: 'g' },
    maxDosesPerDay: 4,
    mgPerDrop: 25,
    dropsPerMl: 20,
  },
  {
    name: 'paracetamol',
    dosage: '500 a 750 mg',
    frequency: 'de 6/6h, se dor ou febre',
    duration: '3 a 5 dias',
    instructions: 'Não exceder 4 g por dia. Evitar bebidas alcoólicas durante o uso.',
    maxDaily: { mg: 4000, unit: 'g' },
    // The label allows up to 5 doses a day (every 4 hours), always within 4 g.
    maxDosesPerDay: 5,
    // 200 mg/ml, the drops sold in Brazil: 15 gotas/ml, 13,3 mg per drop (bula).
    mgPerDrop: 200 / 15,
    dropsPerMl: 15,
  },
  {
    name: 'ibuprofeno',
    dosage: '400 a 600 mg',
    frequency: 'de 8/8h',
    duration: '5 dias',
    instructions:
      'Tomar após as refeições. Evitar em úlcera péptica, doença renal ou uso de anticoagulante.',
    // 2,4 g is the usual prescription maximum; 3,2 g/day is reserved for supervised
    // rheumatological use, so the check warns above 2,4 g.
    maxDaily: { mg: 2400, unit: 'g' },
    maxDosesPerDay: 4,
    // 50, 100 and 200 mg/ml are all sold, 10 gotas/ml each (bulas): the strength must be written.
    dropsPerMl: 10,
  },
  {
    name: 'omeprazol',
    dosage: '20 mg',
    frequency: '1x ao dia, em jejum',
    duration: '4 a 8 semanas',
    instructions: 'Tomar 30 minutos antes do café da manhã.',
    // 40 mg twice a day covers every usual indication; Zollinger-Ellison doses are specialist care.
    maxDaily: { mg: 80, unit: 'mg' },
    maxDosesPerDay: 2,
  },
  {
    name: 'losartana',
    dosage: '50 mg',
    frequency: '1x ao dia',
    duration: 'uso contínuo',
    instructions:
      'Tomar sempre no mesmo horário. Controlar pressão arterial, função renal e potássio.',
    maxDaily: { mg: 100, unit: 'mg' },
  },
  {
    name: 'amoxicilina',
    dosage: '500 mg',
    frequency: 'de 8/8h',
    duration: '7 dias',
    instructions: 'Completar o tratamento mesmo com melhora dos sintomas.',
    // Oral maximum for severe infections: 1 g every 8 hours.
    maxDaily: { mg: 3000, unit: 'g' },
  },
  {
    name: 'azitromicina',
    dosage: '500 mg',
    frequency: '1x ao dia',
    duration: '3 dias',
    instructions: 'Tomar sempre no mesmo horário, com ou sem alimentos. Completar o tratamento.',
    // 1 g is the single dose for uretrite/cervicite (PCDT IST); daily regimens use 500 mg.
    maxDaily: { mg: 1000, unit: 'g' },
  },
  {
    name: 'sinvastatina',
    dosage: '20 mg',
    frequency: '1x ao dia, à noite',
    duration: 'uso contínuo',
    instructions: 'Tomar à noite. Procurar o médico se tiver dor ou fraqueza muscular.',
    // The label goes to 80 mg, but 80 mg is no longer started because of myopathy risk.
    maxDaily: { mg: 40, unit: 'mg' },
  },
  {
    name: 'metformina',
    dosage: '850 mg',
    frequency: '2x ao dia, após o café da manhã e o jantar',
    duration: 'uso contínuo',
    instructions:
      'Tomar junto ou logo após as refeições para reduzir o desconforto gastrointestinal.',
    maxDaily: { mg: 2550, unit: 'mg' },
  },
  {
    name: 'loratadina',
    dosage: '10 mg',
    frequency: '1x ao dia',
    duration: '5 a 7 dias',
    instructions: 'Pode causar sonolência leve; evitar bebidas alcoólicas.',
    maxDaily: { mg: 10, unit: 'mg' },
  },
  {
    name: 'fluoxetina',
    dosage: '20 mg',
    frequency: '1x ao dia, pela manhã',
    duration: 'uso contínuo; reavaliar em 4 a 6 semanas',
    instructions:
      'Tomar pela manhã. O efeito pleno aparece em 4 a 6 semanas; não interromper sem orientação médica.',
    maxDaily: { mg: 80, unit: 'mg' },
  },
  {
    name: 'atenolol',
    dosage: '50 mg',
    frequency: '1x ao dia',
    duration: 'uso contínuo',
    instructions:
      'Não interromper de forma abrupta. Controlar pressão arterial e frequência cardíaca.',
    maxDaily: { mg: 100, unit: 'mg' },
  },
  {
    name: 'beclometasona',
    dosage: '250 mcg (1 jato)',
    frequency: 'de 12/12h',
    duration: 'uso contínuo',
    instructions: 'Usar com espaçador e enxaguar a boca após cada uso.',
    maxDaily: { mg: 2, unit: 'mcg', inhaledOnly: true },
  },
  {
    name: 'budesonida',
    dosage: '200 mcg (1 inalação)',
    frequency: 'de 12/12h',
    duration: 'uso contínuo',
    instructions: 'Enxaguar a boca após cada uso.',
    maxDaily: { mg: 1.6, unit: 'mcg', inhaledOnly: true },
  },
  {
    name: 'salbutamol',
    dosage: '100 a 200 mcg (1 a 2 jatos)',
    frequency: 'até 4x ao dia, se falta de ar',
    duration: 'conforme necessidade',
    instructions:
      'Agitar antes de usar e usar com espaçador. Procurar atendimento se precisar de mais de 8 jatos por dia.',
    maxDaily: { puffs: 8 },
    maxDosesPerDay: 4,
  },
  {
    name: 'prednisona',
    dosage: '40 mg',
    frequency: '1x ao dia, pela manhã',
    duration: '5 dias',
    instructions:
      'Tomar pela manhã, após o café. Se usar por mais de 2 semanas, não suspender de forma abrupta.',
  },
  {
    name: 'dexametasona',
    dosage: '4 mg',
    frequency: '1x ao dia, pela manhã',
    duration: '3 a 5 dias',
    instructions: 'Tomar pela manhã, após o café.',
  },
  {
    name: 'cefalexina',
    dosage: '500 mg',
    frequency: 'de 6/6h',
    duration: '7 dias',
    instructions: 'Completar o tratamento mesmo com melhora dos sintomas.',
    maxDaily: { mg: 4000, unit: 'g' },
  },
  {
    name: 'amoxicilina + clavulanato',
    dosage: '875 mg + 125 mg',
    frequency: 'de 12/12h',
    duration: '7 dias',
    instructions:
      'Tomar no início das refeições para reduzir o desconforto gastrointestinal. Completar o tratamento.',
  },
  {
    name: 'ciprofloxacino',
    dosage: '500 mg',
    frequency: 'de 12/12h',
    duration: '7 dias',
    instructions:
      'Não tomar junto com leite, antiácidos ou suplementos de ferro, cálcio ou zinco (intervalo de 2 horas).',
    maxDaily: { mg: 1500, unit: 'g' },
  },
  {
    name: 'nitrofurantoína',
    dosage: '100 mg',
    frequency: 'de 6/6h',
    duration: '5 a 7 dias',
    instructions: 'Tomar com alimentos. Pode escurecer a urina.',
    maxDaily: { mg: 400, unit: 'mg' },
  },
  {
    name: 'metronidazol',
    dosage: '400 mg',
    frequency: 'de 12/12h',
    duration: '7 dias',
    instructions:
      'Não ingerir bebidas alcoólicas durante o tratamento e até 48 horas depois do fim.',
  },
  {
    name: 'sulfametoxazol + trimetoprima',
    dosage: '800 mg + 160 mg',
    frequency: 'de 12/12h',
    duration: '7 dias',
    instructions: 'Tomar com bastante água.',
  },
  {
    name: 'fluconazol',
    dosage: '150 mg',
    frequency: 'dose única',
    duration: '1 dia',
    instructions: 'Dose única para candidíase vaginal não complicada.',
  },
  {
    name: 'albendazol',
    dosage: '400 mg',
    frequency: 'dose única',
    duration: '1 dia',
    instructions: 'Mastigar o comprimido. Repetir em 2 semanas se orientado.',
  },
  {
    name: 'nimesulida',
    dosage: '100 mg',
    frequency: 'de 12/12h',
    duration: '5 dias',
    instructions: 'Tomar após as refeições. Não usar por mais de 15 dias.',
    // 100 mg twice a day is the usual maximum (restricted in Europe for hepatotoxicity); older
    // labels allowed more.
    maxDaily: { mg: 200, unit: 'mg' },
  },
  {
    name: 'diclofenaco',
    dosage: '50 mg',
    frequency: 'de 8/8h',
    duration: '5 dias',
    instructions:
      'Tomar após as refeições. Evitar em úlcera péptica, doença renal ou cardiovascular.',
    maxDaily: { mg: 150, unit: 'mg' },
  },
  {
    name: 'cetoprofeno',
    dosage: '100 mg',
    frequency: 'de 12/12h',
    duration: '5 dias',
    instructions: 'Tomar após as refeições.',
    maxDaily: { mg: 300, unit: 'mg' },
  },
  {
    name: 'tramadol',
    dosage: '50 mg',
    frequency: 'de 6/6h, se dor',
    duration: '3 a 5 dias',
    instructions:
      'Pode causar sonolência, náusea e tontura. Não dirigir nem ingerir bebidas alcoólicas.',
    maxDaily: { mg: 400, unit: 'mg' },
    maxDosesPerDay: 4,
  },
  {
    name: 'metoclopramida',
    dosage: '10 mg',
    frequency: 'de 8/8h, se náusea',
    duration: 'até 5 dias',
    instructions:
      'Tomar 30 minutos antes das refeições. Não usar por mais de 5 dias (risco de efeitos extrapiramidais).',
    maxDaily: { mg: 30, unit: 'mg' },
    maxDosesPerDay: 3,
  },
  {
    name: 'ondansetrona',
    dosage: '8 mg',
    frequency: 'de 8/8h, se náusea ou vômito',
    duration: '2 a 3 dias',
    instructions: 'O comprimido orodispersível pode ser dissolvido na língua, sem água.',
    maxDaily: { mg: 24, unit: 'mg' },
    maxDosesPerDay: 3,
  },
  {
    name: 'butilbrometo de escopolamina',
    dosage: '10 mg',
    frequency: 'de 8/8h, se cólica',
    duration: '3 dias',
    instructions: 'Pode causar boca seca e visão turva.',
    maxDaily: { mg: 100, unit: 'mg' },
    maxDosesPerDay: 5,
  },
  {
    name: 'enalapril',
    dosage: '10 mg',
    frequency: 'de 12/12h',
    duration: 'uso contínuo',
    instructions:
      'Controlar pressão arterial, função renal e potássio. Relatar tosse seca persistente.',
    maxDaily: { mg: 40, unit: 'mg' },
  },
  {
    name: 'captopril',
    dosage: '25 mg',
    frequency: 'de 8/8h',
    duration: 'uso contínuo',
    instructions:
      'Tomar 1 hora antes das refeições. Controlar pressão arterial, função renal e potássio.',
    maxDaily: { mg: 150, unit: 'mg' },
  },
  {
    name: 'hidroclorotiazida',
    dosage: '25 mg',
    frequency: '1x ao dia, pela manhã',
    duration: 'uso contínuo',
    instructions: 'Tomar pela manhã para não urinar à noite. Controlar sódio e potássio.',
    // Above 50 mg the antihypertensive gain is small and the metabolic effects grow.
    maxDaily: { mg: 50, unit: 'mg' },
  },
  {
    name: 'anlodipino',
    dosage: '5 mg',
    frequency: '1x ao dia',
    duration: 'uso contínuo',
    instructions: 'Tomar sempre no mesmo horário. Pode causar inchaço nos tornozelos.',
    maxDaily: { mg: 10, unit: 'mg' },
  },
  {
    name: 'glibenclamida',
    dosage: '5 mg',
    frequency: '1x ao dia, antes do café da manhã',
    duration: 'uso contínuo',
    instructions: 'Não pular refeições (risco de hipoglicemia).',
    maxDaily: { mg: 20, unit: 'mg' },
  },
  {
    name: 'sertralina',
    dosage: '50 mg',
    frequency: '1x ao dia',
    duration: 'uso contínuo; reavaliar em 4 a 6 semanas',
    instructions: 'O efeito pleno aparece em 4 a 6 semanas; não interromper sem orientação médica.',
    maxDaily: { mg: 200, unit: 'mg' },
  },
  {
    name: 'escitalopram',
    dosage: '10 mg',
    frequency: '1x ao dia',
    duration: 'uso contínuo; reavaliar em 4 a 6 semanas',
    instructions: 'O efeito pleno aparece em 4 a 6 semanas; não interromper sem orientação médica.',
    maxDaily: { mg: 20, unit: 'mg' },
  },
  {
    name: 'cetirizina',
    dosage: '10 mg',
    frequency: '1x ao dia',
    duration: '5 a 7 dias',
    instructions: 'Pode causar sonolência; evitar bebidas alcoólicas.',
    maxDaily: { mg: 10, unit: 'mg' },
  },
  {
    name: 'fexofenadina',
    dosage: '180 mg',
    frequency: '1x ao dia',
    duration: '5 a 7 dias',
    instructions: 'Não tomar com sucos de frutas (reduzem a absorção).',
    maxDaily: { mg: 180, unit: 'mg' },
  },
  {
    name: 'levotiroxina',
    dosage: '50 mcg',
    frequency: '1x ao dia, em jejum',
    duration: 'uso contínuo',
    instructions: 'Tomar em jejum, só com água, 30 a 60 minutos antes do café da manhã.',
  },
  {
    name: 'ácido acetilsalicílico',
    dosage: '100 mg',
    frequency: '1x ao dia, após o almoço',
    duration: 'uso contínuo',
    instructions: 'Tomar após uma refeição. Avisar que usa AAS antes de procedimentos e cirurgias.',
  },
];

const HINTS_BY_NAME = new Map(DOSING_HINTS.map((hint) => [hint.name, hint]));

/**
 * The usual adult regimen for a medicine, by generic or brand name ('Novalgina', 'simvastatina').
 * @returns undefined when the table has no hint for it
 */
export function findDosingHint(name: string): DosingHint | undefined {
  const entry = findMedication(name);
  return entry ? HINTS_BY_NAME.get(entry.name) : undefined;
}

/** A prescribed item as the record and the prescription screen hold it. */
export interface PrescribedMedication {
  name: string;
  dosage?: string;
  frequency?: string;
}

const numberFormat = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

function formatMass(mg: number, unit: MaxDailyDose['unit'] = 'mg'): string {
  const value = unit === 'g' ? mg / 1000 : unit === 'mcg' ? mg * 1000 : mg;
  return `${numberFormat.format(value)} ${unit}`;
}

function formatPuffs(puffs: number): string {
  return `${numberFormat.format(puffs)} ${puffs === 1 ? 'jato' : 'jatos'}`;
}

/** Above the limit, with room for the rounding of 24/N administrations a day. */
const exceeds = (amount: number, limit: number) => amount > limit * (1 + 1e-9);

function doseWarning(
  hint: DosingHint,
  dose: ParsedDose,
  perDay: number | undefined,
): string | undefined {
  const max = hint.maxDaily;
  if (!max) return undefined;
  const times = dose.dailyTotal ? 1 : perDay;
  const describe = (total: string, limit: string) =>
    times === undefined
      ? `Uma única dose de ${hint.name} (${total}) já excede o máximo recomendado de ${limit}/dia.`
      : `Dose diária de ${hint.name} (${total}) acima do máximo recomendado de ${limit}/dia.`;

  if (max.puffs !== undefined && dose.unit === 'jato' && dose.count !== undefined) {
    const puffs = dose.count * (times ?? 1);
    if (exceeds(puffs, max.puffs)) return describe(formatPuffs(puffs), formatPuffs(max.puffs));
  }
  if (max.mg === undefined) return undefined;
  if (max.inhaledOnly && dose.unit !== 'jato' && !dose.micrograms) return undefined;
  const mgPerDose =
    dose.mg ??
    (dose.unit === 'gota' && dose.count !== undefined && hint.mgPerDrop !== undefined
      ? dose.count * hint.mgPerDrop
      : undefined);
  if (mgPerDose === undefined) return undefined;
  const total = mgPerDose * (times ?? 1);
  return exceeds(total, max.mg)
    ? describe(formatMass(total, max.unit), formatMass(max.mg, max.unit))
    : undefined;
}

/**
 * '2 comprimidos' of 'Paracetamol 750 mg' is 1.5 g: a strength written in the name counts when
 * the dosage only counts tablets or capsules (never drops, puffs or ml, whose strength differs).
 */
function withStrengthFromName(dose: ParsedDose | undefined, name: string): ParsedDose | undefined {
  if (!dose || dose.mg !== undefined || dose.count === undefined || dose.unit !== 'comprimido') {
    return dose;
  }
  const strength = parseDose(name);
  if (strength?.mg === undefined || strength.count !== undefined) return dose;
  return {
    ...dose,
    mg: dose.count * strength.mg,
    ...(strength.micrograms ? { micrograms: true } : {}),
  };
}

/**
 * Portuguese warnings for one prescribed medicine: a daily dose above the usual maximum
 * (dosage × administrations a day; 'se dor'/SOS counted at the most the label allows, e.g.
 * 'Dose diária de paracetamol (6 g) acima do máximo recomendado de 4 g/dia.'), and allergies
 * that name the medicine, an alias, a component or its class (see findAllergyWarnings).
 * Unknown medicines and doses it cannot read give no dose warning rather than a guess.
 * @param medication - name (generic or brand), dosage ('500 mg', '2 jatos'), frequency ('8/8h')
 * @param context.allergies - the patient's allergies as listed in the record
 */
export function checkPrescription(
  medication: PrescribedMedication,
  context: { allergies?: readonly string[] } = {},
): string[] {
  const warnings = findAllergyWarnings(medication.name, context.allergies ?? []);
  const warning = findDailyDoseWarning(medication);
  if (warning) warnings.push(warning);
  return warnings;
}

/**
 * A daily dose above the usual adult maximum (dosage × administrations a day; 'se dor'/SOS at
 * the most the label allows), in Portuguese; undefined when within it or when it cannot be read.
 */
export function findDailyDoseWarning(medication: PrescribedMedication): string | undefined {
  const hint = findDosingHint(medication.name);
  const dose = withStrengthFromName(
    medication.dosage ? parseDose(medication.dosage) : undefined,
    medication.name,
  );
  if (!hint || !dose) return undefined;
  const frequency = medication.frequency ? parseFrequency(medication.frequency) : undefined;
  const perDay = frequency?.perDay ?? (frequency?.asNeeded ? hint.maxDosesPerDay : undefined);
  return doseWarning(hint, dose, perDay);
}
