import { capitalizeFirst } from '@shared/lib/pt-br-format';
import { componentEntries, findAllergyFindings, type AllergyMatch } from './allergy-check';
import { findDailyDoseWarning } from './dosing';
import type { MedicationEntry } from './catalogue';
import { INTERACTIONS, MEDICATION_GROUPS } from './interactions';
import {
  PREGNANCY_RULES,
  RENAL_RULES,
  type MedicineSelector,
  type RenalRule,
} from './patient-risks';
import {
  PEDIATRIC_AGE_LIMIT,
  PEDIATRIC_WEIGHT_LIMIT_KG,
  pediatricDoseWarning,
} from './pediatric-doses';
import type {
  InteractionRule,
  MedicationSide,
  SafetySeverity,
  SafetyWarning,
} from '@shared/prescriptions/safety-warnings';
import { gravestFirst } from '@shared/prescriptions/safety-warnings';
import { findMedication } from './search';

/** A medicine of the prescription, as the doctor wrote it. */
export interface SafetyMedication {
  name: string;
  dosage?: string | undefined;
  frequency?: string | undefined;
}

/** What the check knows of the patient; anything left out is not checked. */
export interface SafetyPatient {
  age?: number | undefined;
  sex?: string | undefined;
  weightKg?: number | undefined;
  pregnant?: boolean | undefined;
  allergies?: readonly string[] | undefined;
  /** Medicines the patient already takes: they count as part of the prescription. */
  medicationsInUse?: readonly string[] | undefined;
  /** Creatinine clearance, mL/min (Cockcroft-Gault). */
  creatinineClearance?: number | undefined;
}

/** A medicine of the check: as written, its catalogue entry and what it is made of. */
interface CheckedMedicine {
  written: string;
  item: SafetyMedication;
  /** Newly prescribed (rather than already in use). */
  prescribed: boolean;
  entry: MedicationEntry | undefined;
  /** Generic names it holds: its own, and a combination's components ('losartana + hidroclorotiazida'). */
  names: ReadonlySet<string>;
  /** The catalogue classes of what it holds. */
  classes: ReadonlySet<string>;
  /** The sides of interaction rules it is ({@link sidesOf}). */
  sides: ReadonlySet<MedicationSide>;
  /** The rules it is one side of, under their other side ({@link partnersOf}). */
  partners: ReadonlyMap<MedicationSide, readonly InteractionRule[]>;
  /**
   * Applied to the skin, an eye, an ear, the nose or the vagina: what concerns the blood
   * (interactions, duplication, pregnancy, kidneys, doses by weight) is left out; allergies stay.
   */
  local: boolean;
}

/** Forms that act where they are applied. Inhaled forms count as systemic (fluticasona + ritonavir). */
const LOCAL_FORM =
  /(?<!\p{L})(creme|pomada|gel|emulgel|loção|locao|xampu|shampoo|colírio|colirio|oftálmic[ao]|oftalmic[ao]|otológic[ao]|otologic[ao]|nasal|vaginal|óvulo|ovulo|tópic[ao]|topic[ao]|degermante|bucal)(?!\p{L})/iu;

/** @param onlyLocalForms - whether every form the catalogue lists for it is local */
function isLocal(item: SafetyMedication, onlyLocalForms: boolean): boolean {
  const written = `${item.name} ${item.dosage ?? ''}`;
  if (/(?<!\p{L})oral(?!\p{L})/iu.test(written)) return false;
  if (LOCAL_FORM.test(written)) return true;
  return onlyLocalForms;
}

/**
 * Catalogue classes the safety check does not count for a medicine. Ácido acetilsalicílico is
 * filed with the NSAIDs for allergies (they cross-react), but at the doses prescribed now it is an
 * antiplatelet: no NSAID duplication with ibuprofeno, no NSAID warning in pregnancy (it prevents
 * pre-eclampsia) or for the kidneys; its interactions are in the table under its own name.
 */
const CLASSES_NOT_COUNTED: Readonly<Record<string, readonly string[]>> = {
  'ácido acetilsalicílico': ['aine'],
};

/** What the check reads of a catalogue entry, whoever prescribes it and however it is written. */
type EntryFacts = Pick<CheckedMedicine, 'names' | 'classes' | 'sides' | 'partners'> & {
  /** Every form the catalogue lists acts where it is applied. */
  onlyLocalForms: boolean;
};

/** Each catalogue entry's facts, worked out the first time it is checked (the catalogue is fixed). */
const FACTS_OF_ENTRY = new WeakMap<MedicationEntry, EntryFacts>();

function factsOf(entry: MedicationEntry): EntryFacts {
  const known = FACTS_OF_ENTRY.get(entry);
  if (known) return known;
  const parts = [entry, ...componentEntries(entry)];
  const names = new Set(parts.map((part) => part.name));
  const sides = sidesOf(names);
  const facts: EntryFacts = {
    names,
    sides,
    partners: partnersOf(sides),
    classes: new Set(
      parts.flatMap((part) =>
        part.drugClass === undefined ||
        (CLASSES_NOT_COUNTED[part.name] ?? []).includes(part.drugClass)
          ? []
          : [part.drugClass],
      ),
    ),
    onlyLocalForms: entry.forms.every((form) => LOCAL_FORM.test(form)),
  };
  FACTS_OF_ENTRY.set(entry, facts);
  return facts;
}

const NOT_IN_CATALOGUE: EntryFacts = {
  names: new Set(),
  classes: new Set(),
  sides: new Set(),
  partners: new Map(),
  onlyLocalForms: false,
};

function checkedMedicine(item: SafetyMedication, prescribed: boolean): CheckedMedicine {
  const entry = findMedication(item.name, item.dosage);
  const { onlyLocalForms, ...facts } = entry ? factsOf(entry) : NOT_IN_CATALOGUE;
  return {
    written: item.name.trim(),
    item,
    prescribed,
    entry,
    ...facts,
    local: isLocal(item, onlyLocalForms),
  };
}

/** The '@group' keys of the groups each generic name belongs to. */
const GROUPS_OF_NAME: ReadonlyMap<string, readonly string[]> = (() => {
  const groups = new Map<string, string[]>();
  for (const [key, group] of Object.entries(MEDICATION_GROUPS)) {
    for (const member of group.members)
      groups.set(member, [...(groups.get(member) ?? []), `@${key}`]);
  }
  return groups;
})();

/** The rules of the table under each of their two sides. */
const RULES_BY_SIDE: ReadonlyMap<MedicationSide, readonly InteractionRule[]> = (() => {
  const rules = new Map<MedicationSide, InteractionRule[]>();
  for (const rule of INTERACTIONS) {
    for (const side of new Set([rule.a, rule.b]))
      rules.set(side, [...(rules.get(side) ?? []), rule]);
  }
  return rules;
})();

/**
 * The rules a medicine is one side of, under the side it meets: a pair's rules are then a
 * lookup per side of the other medicine, not a scan of the table.
 */
function partnersOf(
  sides: ReadonlySet<MedicationSide>,
): ReadonlyMap<MedicationSide, readonly InteractionRule[]> {
  const partners = new Map<MedicationSide, InteractionRule[]>();
  const add = (side: MedicationSide, rule: InteractionRule) => {
    const rules = partners.get(side);
    if (!rules) partners.set(side, [rule]);
    else if (!rules.includes(rule)) rules.push(rule);
  };
  for (const side of sides) {
    for (const rule of RULES_BY_SIDE.get(side) ?? []) {
      if (rule.a === side) add(rule.b, rule);
      if (rule.b === side) add(rule.a, rule);
    }
  }
  return partners;
}

/** The sides a medicine is: its generic names, and the groups of the table that hold one. */
function sidesOf(names: ReadonlySet<string>): ReadonlySet<MedicationSide> {
  return new Set([...names].flatMap((name) => [name, ...(GROUPS_OF_NAME.get(name) ?? [])]));
}

function isSelected(medicine: CheckedMedicine, selector: MedicineSelector): boolean {
  return (
    (selector.names ?? []).some((name) => medicine.names.has(name)) ||
    (selector.classes ?? []).some((drugClass) => medicine.classes.has(drugClass))
  );
}

/** Pairs of the medicines with at least one newly prescribed: the doctor's decision now. */
function pairsToCheck(medicines: readonly CheckedMedicine[]): [CheckedMedicine, CheckedMedicine][] {
  const pairs: [CheckedMedicine, CheckedMedicine][] = [];
  medicines.forEach((first, index) => {
    for (const second of medicines.slice(index + 1)) {
      if (first.prescribed || second.prescribed) pairs.push([first, second]);
    }
  });
  return pairs;
}

function interactionWarnings(medicines: readonly CheckedMedicine[]): SafetyWarning[] {
  const warnings: SafetyWarning[] = [];
  for (const [first, second] of pairsToCheck(medicines)) {
    const rule = gravestRuleBetween(first, second);
    if (!rule) continue;
    warnings.push({
      kind: 'interacao',
      severity: rule.severity,
      medications: [first.written, second.written],
      message: rule.message,
      reference: rule.reference,
    });
  }
  return warnings;
}

/** The gravest rule of the table between two medicines (the first of the table among equals). */
function gravestRuleBetween(
  first: CheckedMedicine,
  second: CheckedMedicine,
): InteractionRule | undefined {
  let gravest: InteractionRule | undefined;
  for (const side of second.sides) {
    for (const rule of first.partners.get(side) ?? []) {
      if (!gravest || gravestFirst(rule, gravest) < 0) gravest = rule;
    }
  }
  return gravest;
}

/**
 * Catalogue classes (`drugClass`) where two members at once are a duplication: the same effect twice, more harm and no
 * more good. Classes where two members are a usual regimen stay out (insulinas basal and
 * prandial; corticoides inalatório and oral; antibiotic classes a doctor may switch between).
 */
const DUPLICATED_CLASSES: Readonly<
  Record<string, { plural: string; severity: SafetySeverity; feminine?: true }>
> = {
  aine: { plural: 'anti-inflamatórios (AINEs)', severity: 'grave' },
  pirazolona: { plural: 'pirazolonas', severity: 'moderado', feminine: true },
  opioide: { plural: 'opioides', severity: 'grave' },
  benzodiazepínico: { plural: 'benzodiazepínicos', severity: 'grave' },
  isrs: { plural: 'inibidores seletivos da recaptação de serotonina (ISRS)', severity: 'grave' },
  irsn: { plural: 'inibidores da recaptação de serotonina e noradrenalina', severity: 'grave' },
  'antidepressivo tricíclico': { plural: 'antidepressivos tricíclicos', severity: 'grave' },
  antipsicótico: { plural: 'antipsicóticos', severity: 'moderado' },
  ieca: { plural: 'inibidores da ECA (IECA)', severity: 'grave' },
  bra: { plural: 'bloqueadores do receptor de angiotensina (BRA)', severity: 'grave' },
  betabloqueador: { plural: 'betabloqueadores', severity: 'grave' },
  ibp: { plural: 'inibidores da bomba de prótons (IBP)', severity: 'moderado' },
  'antagonista H2': { plural: 'antagonistas H2', severity: 'moderado' },
  estatina: { plural: 'estatinas', severity: 'moderado', feminine: true },
  fibrato: { plural: 'fibratos', severity: 'moderado' },
  sulfonilureia: { plural: 'sulfonilureias', severity: 'grave', feminine: true },
  'inibidor de DPP-4': { plural: 'inibidores de DPP-4', severity: 'moderado' },
  'agonista de GLP-1': { plural: 'agonistas de GLP-1', severity: 'moderado' },
  'inibidor de SGLT2': { plural: 'inibidores de SGLT2', severity: 'moderado' },
  'diurético tiazídico': { plural: 'diuréticos tiazídicos', severity: 'moderado' },
  'bloqueador dos canais de cálcio': {
    plural: 'bloqueadores dos canais de cálcio',
    severity: 'moderado',
  },
  triptano: { plural: 'triptanos', severity: 'grave' },
  bisfosfonato: { plural: 'bisfosfonatos', severity: 'moderado' },
  'anti-histamínico': { plural: 'anti-histamínicos', severity: 'moderado' },
  quinolona: { plural: 'quinolonas', severity: 'moderado', feminine: true },
  macrolídeo: { plural: 'macrolídeos', severity: 'moderado' },
  nitrato: { plural: 'nitratos', severity: 'moderado' },
};

/** Opioid antagonists share the opioid class in the catalogue, but are never a duplicate. */
const NOT_DUPLICATES = new Set(['naloxona', 'naltrexona']);

/** A nitrate for the attack: under the tongue, or taken only when the pain comes. */
const RESCUE_NITRATE =
  /(?<!\p{L})(?:sl|sublingual|sub-lingual)(?!\p{L})|\bse (?:dor|necess[aá]rio|preciso|crise)\b|(?<!\p{L})sos(?!\p{L})/iu;

/**
 * A long-acting nitrate with one for the attacks (Monocordil with Isordil SL) is the usual
 * angina regimen, not the same effect twice.
 */
function isNitrateRegimen(first: CheckedMedicine, second: CheckedMedicine): boolean {
  const rescue = (medicine: CheckedMedicine) =>
    RESCUE_NITRATE.test(
      [medicine.written, medicine.item.dosage ?? '', medicine.item.frequency ?? ''].join(' '),
    );
  return rescue(first) !== rescue(second);
}

function duplicationWarnings(medicines: readonly CheckedMedicine[]): SafetyWarning[] {
  const warnings: SafetyWarning[] = [];
  for (const [first, second] of pairsToCheck(medicines)) {
    const shared = [...first.names].find((name) => second.names.has(name));
    if (shared) {
      warnings.push({
        kind: 'duplicidade',
        severity: 'grave',
        medications: [first.written, second.written],
        message: `${capitalizeFirst(shared)} em dois itens (${first.written} e ${second.written}): as doses se somam; mantenha um só ou confira o total do dia.`,
        reference: 'ISMP Brasil, Boletim de erros de medicação: duplicidade terapêutica',
      });
      continue;
    }
    if ([...first.names, ...second.names].some((name) => NOT_DUPLICATES.has(name))) continue;
    const drugClass = [...first.classes].find(
      (candidate) => second.classes.has(candidate) && DUPLICATED_CLASSES[candidate],
    );
    const duplicated = drugClass === undefined ? undefined : DUPLICATED_CLASSES[drugClass];
    if (!duplicated) continue;
    if (drugClass === 'nitrato' && isNitrateRegimen(first, second)) continue;
    warnings.push({
      kind: 'duplicidade',
      severity: duplicated.severity,
      medications: [first.written, second.written],
      message: duplicated.feminine
        ? `Duas ${duplicated.plural} (${first.written} e ${second.written}): duplicidade terapêutica, mais efeitos adversos sem mais benefício; mantenha apenas uma.`
        : `Dois ${duplicated.plural} (${first.written} e ${second.written}): duplicidade terapêutica, mais efeitos adversos sem mais benefício; mantenha apenas um.`,
      reference: 'ISMP Brasil, Boletim de erros de medicação: duplicidade terapêutica',
    });
  }
  return warnings;
}

function pregnancyWarnings(medicines: readonly CheckedMedicine[]): SafetyWarning[] {
  return medicines.flatMap((medicine) => {
    if (!medicine.prescribed) return [];
    const rule = PREGNANCY_RULES.find((candidate) => isSelected(medicine, candidate));
    return rule
      ? [
          {
            kind: 'gestacao' as const,
            severity: rule.severity,
            medications: [medicine.written],
            message: rule.message,
            reference: rule.reference,
          },
        ]
      : [];
  });
}

function renalWarnings(medicines: readonly CheckedMedicine[], clearance: number): SafetyWarning[] {
  return medicines.flatMap((medicine) => {
    if (!medicine.prescribed) return [];
    // The limit the patient is furthest under: the strictest that applies.
    const rule = RENAL_RULES.filter(
      (candidate) => clearance < candidate.below && isSelected(medicine, candidate),
    ).sort((a: RenalRule, b: RenalRule) => a.below - b.below)[0];
    return rule
      ? [
          {
            kind: 'renal' as const,
            severity: rule.severity,
            medications: [medicine.written],
            message: `${rule.message} (ClCr informado: ${Math.round(clearance)} mL/min.)`,
            reference: rule.reference,
          },
        ]
      : [];
  });
}

const ALLERGY_SEVERITY: Readonly<Record<AllergyMatch, SafetySeverity>> = {
  named: 'contraindicado',
  'cross-reactive': 'grave',
  related: 'moderado',
};

function allergyWarnings(
  medicines: readonly CheckedMedicine[],
  allergies: readonly string[],
): SafetyWarning[] {
  return medicines.flatMap((medicine) =>
    medicine.prescribed
      ? findAllergyFindings(medicine.item.name, allergies).map((finding) => ({
          kind: 'alergia' as const,
          severity: ALLERGY_SEVERITY[finding.match],
          medications: [medicine.written],
          message: finding.message,
          reference:
            finding.match === 'related'
              ? 'Diretriz brasileira de alergia a betalactâmicos (ASBAI, 2023)'
              : 'Alergia registrada no prontuário do paciente',
        }))
      : [],
  );
}

/** Dosed by weight: a child, or an adolescent (or someone of unknown age) under 40 kg. */
function isChild(patient: SafetyPatient): boolean {
  const light = patient.weightKg !== undefined && patient.weightKg < PEDIATRIC_WEIGHT_LIMIT_KG;
  if (patient.age === undefined) return light;
  return patient.age < PEDIATRIC_AGE_LIMIT || (patient.age < ADULT_AGE && light);
}

const ADULT_AGE = 18;

/** An adult's daily dose above the usual maximum (dosing.ts: paracetamol 4 g, dipirona 4 g…). */
function adultDoseWarnings(medicines: readonly CheckedMedicine[]): SafetyWarning[] {
  return medicines.flatMap((medicine) => {
    const message = medicine.prescribed ? findDailyDoseWarning(medicine.item) : undefined;
    return message
      ? [
          {
            kind: 'dose' as const,
            severity: 'grave' as const,
            medications: [medicine.written],
            message,
            reference: 'Bula (ANVISA): dose máxima diária',
          },
        ]
      : [];
  });
}

function doseWarnings(medicines: readonly CheckedMedicine[], patient: SafetyPatient) {
  const weight = patient.weightKg;
  if (!isChild(patient)) return adultDoseWarnings(medicines);
  if (weight === undefined) return [];
  return medicines.flatMap((medicine) => {
    if (!medicine.prescribed || !medicine.entry) return [];
    const warning = pediatricDoseWarning(medicine.entry.name, medicine.item, weight);
    return warning ? [warning] : [];
  });
}

/**
 * The prescribing safety check (docs/receitas.md, "Segurança da prescrição"): the whole prescription and the patient at once —
 * drug–drug interactions (the curated table of interactions.ts), therapeutic duplication,
 * pregnancy, kidney function, children's doses by weight, and allergies with their
 * cross-reactions. Medicines already in use count: a pair warns when at least one of its two is
 * newly prescribed; what concerns one medicine alone (pregnancy, kidneys, dose, allergy) warns for
 * the new ones. A medicine applied locally (a cream, eye or ear drops) is checked for allergies
 * only, as is one outside the catalogue (by its name). Gravest first.
 */
export function checkPrescriptionSafety(
  medications: readonly SafetyMedication[],
  patient: SafetyPatient = {},
): SafetyWarning[] {
  const prescribed = medications
    .map((item) => checkedMedicine(item, true))
    .filter((medicine) => medicine.written !== '');
  // A medicine in use prescribed again is a renewal, not a second one: the prescription's item
  // stands for it.
  const renewed = new Set(prescribed.flatMap((medicine) => medicine.entry ?? []));
  const inUse = (patient.medicationsInUse ?? [])
    .map((name) => checkedMedicine({ name }, false))
    .filter(
      (medicine) =>
        medicine.written !== '' && (medicine.entry === undefined || !renewed.has(medicine.entry)),
    );
  const medicines = [...prescribed, ...inUse];
  const systemic = medicines.filter((medicine) => !medicine.local);
  const warnings = [
    ...allergyWarnings(medicines, patient.allergies ?? []),
    ...interactionWarnings(systemic),
    ...duplicationWarnings(systemic),
    ...(patient.pregnant === true ? pregnancyWarnings(systemic) : []),
    ...(patient.creatinineClearance === undefined
      ? []
      : renalWarnings(systemic, patient.creatinineClearance)),
    ...doseWarnings(systemic, patient),
  ];
  return warnings.sort(gravestFirst);
}
