import {
  describeDispenseQuantity,
  type DispenseUnit,
} from '@shared/prescriptions/dispense-quantity-words';
import { CONTINUOUS_USE } from '@shared/prescriptions/posology';
import type { DispenseQuantity, Medication } from '@shared/records/medical-record';
import { QUANTITY_IN_WORDS_MAX } from '@shared/lib/numbers-in-words';
import type { MedicationEntry, MedicationPresentation } from '../medications/catalogue';
import { parseDose, parseFrequency } from '../medications/dose-notation';
import { findDosingHint } from '../medications/dosing';
import { findMedication } from '../medications/search';
import {
  CONTINUOUS_USE_DAYS,
  containerIn,
  foldQuantityText as fold,
  readIntake,
  readSchedule,
  scheduleIntakes,
  treatmentDays,
  writeIntake,
  type Intake,
  type IntakeUnit,
  type Schedule,
} from './schedule';

/**
 * The quantity a pharmacy dispenses for one prescribed item (docs/receitas.md): dose per intake
 * × intakes per day × days, counted in the units the medicine is sold in — comprimidos, cápsulas,
 * drágeas and ampolas one by one; mL of a solution or suspension and drops in frascos of the
 * catalogue's volume; inhaler doses in frascos; creams in bisnagas. Nothing is guessed: when the
 * presentation, the frequency or the duration is not known, there is no quantity and the doctor
 * writes it.
 */

/**
 * Drops in one mL (the Brazilian pharmacopoeia's standard dropper), unless the medicine's label
 * says otherwise (paracetamol 15, ibuprofeno 10: `dropsPerMl` of the dosing table).
 */
export const DROPS_PER_ML = 20;
/** A bisnaga of cream, ointment or gel applied without a stated amount lasts up to this. */
export const DAYS_PER_BISNAGA = 30;

/** The parts of a prescribed item the quantity is computed from. */
export type DispenseParts = Pick<Medication, 'name'> &
  Partial<Pick<Medication, 'dosage' | 'dosePerIntake' | 'frequency' | 'duration' | 'instructions'>>;

// ---------------------------------------------------------------------------------------------
// Forms

type FormKind = 'solid' | 'drops' | 'liquid' | 'injectable' | 'aerosol' | 'topical' | 'sachet';

function kindOfForm(form: string): FormKind | undefined {
  const folded = fold(form);
  if (/gotas/.test(folded)) return 'drops';
  if (/^(?:comprimido|capsula|dragea)/.test(folded)) return 'solid';
  if (/^(?:suspensao oral|solucao oral|xarope|elixir)/.test(folded)) return 'liquid';
  if (/^solucao injetavel/.test(folded)) return 'injectable';
  if (/^(?:aerossol|spray)/.test(folded) && !/nasal/.test(folded)) return 'aerosol';
  if (/^(?:creme|pomada|gel)(?! oftalm)/.test(folded) && !/oftalm|vaginal/.test(folded))
    return 'topical';
  if (/^(?:envelope|sache|granulado)/.test(folded)) return 'sachet';
  return undefined;
}

type SolidUnit = Extract<DispenseUnit, IntakeUnit>;

/** The solid unit a form is counted in: 'cápsula dura' → cápsula. */
function solidUnitOf(form: string): SolidUnit {
  const folded = fold(form);
  if (folded.startsWith('capsula')) return 'capsula';
  if (folded.startsWith('dragea')) return 'dragea';
  return 'comprimido';
}

/** The form the prescription's own words name, if any ('amoxicilina suspensão', '1 cápsula'). */
function formNamedIn(text: string): FormKind | undefined {
  if (/\bgotas?\b|\bgts?\b/.test(text)) return 'drops';
  if (/\b(?:suspensao|xarope|solucao oral|elixir)\b/.test(text)) return 'liquid';
  if (/\b(?:ampolas?|injetavel|intramuscular|endovenos[oa])\b/.test(text)) return 'injectable';
  if (/\b(?:aerossol|bombinha|jatos?|puffs?|spray oral)\b/.test(text)) return 'aerosol';
  if (/\b(?:creme|pomada|gel)\b/.test(text)) return 'topical';
  if (/\b(?:comprimidos?|capsulas?|drageas?)\b/.test(text)) return 'solid';
  return undefined;
}

/** Strengths written the same way: '250 mg/5 ml' = '250mg/5mL'. */
function sameStrength(a: string, b: string): boolean {
  const squeeze = (text: string) => fold(text).replace(/\s+/g, '').replace(/,/g, '.');
  return squeeze(a) === squeeze(b);
}

/**
 * The presentation of a kind that holds the prescription: the one of the strength written in
 * the dosage, else the only one of that kind (several volumes and no strength: unknown).
 */
function presentationOf(
  entry: MedicationEntry | undefined,
  kind: FormKind,
  dosage: string | undefined,
): MedicationPresentation | undefined {
  const candidates = (entry?.presentations ?? []).filter(
    (presentation) => kindOfForm(presentation.form) === kind && presentation.contents,
  );
  const byStrength = dosage
    ? candidates.find(
        (presentation) =>
          presentation.strength !== undefined &&
          fold(dosage)
            .replace(/\s+/g, '')
            .includes(fold(presentation.strength).replace(/\s+/g, '')),
      )
    : undefined;
  if (byStrength) return byStrength;
  const volumes = new Set(candidates.map((presentation) => presentation.contents));
  return volumes.size === 1 ? candidates[0] : undefined;
}

/**
 * The mass of one plain strength in mg ('500 mg' → 500, '1 g' → 1000; a combination's first,
 * '875 mg + 125 mg' → 875); undefined for others.
 */
function strengthMg(strength: string): number | undefined {
  const [main = ''] = fold(strength).split('+');
  const match = /^(\d+(?:[.,]\d+)?)\s*(mcg|mg|g)$/.exec(main.trim());
  if (!match?.[1]) return undefined;
  const value = Number(match[1].replace(',', '.'));
  if (match[2] === 'g') return value * 1000;
  if (match[2] === 'mcg') return value / 1000;
  return value;
}

/**
 * The solid units of one intake of a dose written as a mass ('500mg' of amoxicilina → 1 cápsula
 * of 500 mg): a strength the catalogue sells equal to the dose, else one that makes it in up to
 * four whole units. The form is the one the doctor named, else the one of that strength, else
 * the entry's first solid form.
 */
function solidIntakeFromMass(
  entry: MedicationEntry,
  mg: number,
  named: FormKind | undefined,
  words: string,
): { amount: number; unit: SolidUnit } | undefined {
  const solidForms = entry.forms.filter((form) => kindOfForm(form) === 'solid');
  if (solidForms.length === 0 || (named !== undefined && named !== 'solid')) return undefined;
  const strengths = entry.strengths
    .map((strength) => ({ strength, mg: strengthMg(strength) }))
    .filter((item): item is { strength: string; mg: number } => item.mg !== undefined);
  const exact = strengths.find((item) => Math.abs(item.mg - mg) < 1e-9);
  const multiple = strengths
    .filter((item) => {
      const count = mg / item.mg;
      return Math.abs(count - Math.round(count)) < 1e-9 && count >= 1 && count <= 4;
    })
    .sort((a, b) => b.mg - a.mg)[0];
  const chosen = exact ?? multiple;
  if (!chosen) return undefined;
  const namedUnit: SolidUnit | undefined = /\bcapsulas?\b/.test(words)
    ? 'capsula'
    : /\bdrageas?\b/.test(words)
      ? 'dragea'
      : /\bcomprimidos?\b/.test(words)
        ? 'comprimido'
        : undefined;
  const ofStrength = entry.presentations?.find(
    (presentation) =>
      presentation.strength !== undefined &&
      sameStrength(presentation.strength, chosen.strength) &&
      kindOfForm(presentation.form) === 'solid',
  );
  const unit = namedUnit ?? solidUnitOf(ofStrength?.form ?? solidForms[0] ?? 'comprimido');
  return { amount: Math.round(mg / chosen.mg), unit };
}

// ---------------------------------------------------------------------------------------------
// How often and for how long

/**
 * Intakes over the whole treatment: 'dose única' is one; otherwise intakes a day × days, an
 * as-needed use ('se dor') counted at its stated interval, else at the most the dosing table
 * allows a day.
 */
function totalIntakes(
  parts: DispenseParts,
  entry: MedicationEntry | undefined,
): number | undefined {
  const said = fold([parts.frequency, parts.duration, parts.instructions].join(' '));
  if (/\bdose unica\b/.test(said)) return 1;
  const frequency =
    parseFrequency(parts.frequency ?? '') ??
    parseFrequency(parts.instructions ?? '') ??
    parseFrequency(parts.dosePerIntake ?? '');
  let perDay = frequency?.perDay;
  if (perDay === undefined && frequency?.asNeeded) {
    perDay = findDosingHint(entry?.name ?? parts.name)?.maxDosesPerDay;
  }
  const days = daysOf(parts);
  if (perDay === undefined || days === undefined) return undefined;
  return perDay * days;
}

/** The treatment's days: from the duration, else an 'uso contínuo' said elsewhere. */
function daysOf(parts: DispenseParts): number | undefined {
  return (
    treatmentDays(parts.duration) ??
    (CONTINUOUS_USE.test(fold([parts.frequency, parts.instructions].join(' ')))
      ? CONTINUOUS_USE_DAYS
      : undefined)
  );
}

/** Whole units, never a fraction: what is left of a frasco is still a frasco. */
function wholeUnits(amount: number): number | undefined {
  const whole = Math.ceil(amount - 1e-9);
  return whole >= 1 && whole <= QUANTITY_IN_WORDS_MAX ? whole : undefined;
}

// ---------------------------------------------------------------------------------------------
// The quantity

/** A prescribed item's quantity to dispense and, when derived from its strength, its dose. */
export interface DispensePlan {
  dispenseQuantity?: DispenseQuantity;
  /** '1 cápsula' for 'amoxicilina 500mg' (one 500 mg cápsula), when no dose was written. */
  derivedDosePerIntake?: string;
}

/**
 * The quantity to dispense of one prescribed item, and the dose per intake read from its
 * strength when none was written (docs/receitas.md).
 * @param parts - name, dosage, dose per intake, frequency, duration, instructions
 */
export function planDispense(parts: DispenseParts): DispensePlan {
  const entry = findMedication(parts.name, parts.dosage);
  const words = fold(
    [parts.name, parts.dosage, parts.dosePerIntake, parts.frequency, parts.instructions].join(' '),
  );
  const named = formNamedIn(words);
  let intake =
    readIntake(parts.dosePerIntake) ??
    readIntake(parts.instructions) ??
    readIntake(parts.frequency) ??
    readIntake(parts.dosage);
  // 'aplicar 1 g' is a cream's amount; '1 g' of dipirona is a dose by mass.
  if (intake?.unit === 'grama' && named !== 'topical') intake = undefined;
  let derivedDosePerIntake: string | undefined;
  if (!intake && entry) {
    const mg = parseDose(parts.dosage ?? '')?.mg;
    const solid = mg === undefined ? undefined : solidIntakeFromMass(entry, mg, named, words);
    if (solid) {
      intake = { amount: solid.amount, unit: solid.unit };
      derivedDosePerIntake = writeIntake(intake);
    }
  }
  const dispenseQuantity = quantityOf(parts, entry, intake, named, words);
  return {
    ...(dispenseQuantity ? { dispenseQuantity } : {}),
    ...(derivedDosePerIntake ? { derivedDosePerIntake } : {}),
  };
}

/** Words without which a schedule cannot change: see {@link readSchedule}. */
const MAY_CHANGE =
  /depois|seguid|seguir|ap[oó]s|ent[aã]o|repetir|[,;]\s*(?:\d|meio|meia|uma?\b|dois|duas|tr[eê]s|quatro)/i;

/** The schedule of phases the item writes, in its instructions or its frequency; none when steady. */
function phasedSchedule(parts: DispenseParts): Schedule | undefined {
  for (const text of [parts.instructions, parts.frequency]) {
    // Most items are steady: only words that may start a phase or repeat a dose are read further.
    if (text === undefined || !MAY_CHANGE.test(text)) continue;
    const schedule = readSchedule(text);
    if (schedule.phases.length > 1 || schedule.courses > 1) return schedule;
  }
  return undefined;
}

/**
 * Each dose of the treatment and how many times it is taken: the phases of a changing schedule
 * (docs/receitas.md, "Esquemas"), or one dose taken intakes-a-day × days.
 */
function dosesOf(
  parts: DispenseParts,
  entry: MedicationEntry | undefined,
  intake: Intake | undefined,
): { intake: Intake; intakes: number }[] | undefined {
  const schedule = phasedSchedule(parts);
  if (schedule) {
    return scheduleIntakes(schedule, intake, {
      perDay: parseFrequency(parts.frequency ?? '')?.perDay,
      days: treatmentDays(parts.duration),
    });
  }
  const intakes = intake && totalIntakes(parts, entry);
  return intake && intakes !== undefined ? [{ intake, intakes }] : undefined;
}

function quantityOf(
  parts: DispenseParts,
  entry: MedicationEntry | undefined,
  intake: Intake | undefined,
  named: FormKind | undefined,
  words: string,
): DispenseQuantity | undefined {
  const topical =
    intake?.unit === 'aplicacao' ||
    intake?.unit === 'grama' ||
    (named === 'topical' && !intake) ||
    (!intake &&
      !named &&
      entry !== undefined &&
      entry.forms.every((f) => kindOfForm(f) === 'topical'));
  if (topical) {
    const tube = presentationOf(entry, 'topical', parts.dosage);
    const days = daysOf(parts);
    if (!tube?.contents || days === undefined) return undefined;
    if (intake?.unit === 'grama') {
      const intakes = totalIntakes(parts, entry);
      const tubes =
        intakes === undefined ? undefined : wholeUnits((intake.amount * intakes) / tube.contents);
      return tubes === undefined ? undefined : describeDispenseQuantity(tubes, 'bisnaga');
    }
    const tubes = wholeUnits(days / DAYS_PER_BISNAGA);
    return tubes === undefined ? undefined : describeDispenseQuantity(tubes, 'bisnaga');
  }
  const doses = dosesOf(parts, entry, intake);
  const first = doses?.[0];
  if (!doses || !first || doses.some((dose) => dose.intake.unit !== first.intake.unit)) {
    return undefined;
  }
  const total = doses.reduce((sum, dose) => sum + dose.intake.amount * dose.intakes, 0);
  const count = (unit: DispenseUnit, amount: number) => {
    const whole = wholeUnits(amount);
    return whole === undefined ? undefined : describeDispenseQuantity(whole, unit);
  };
  // The receita's own bottle or box counts first: 'frasco de 100 ml', 'caixa com 28 comprimidos'.
  const container = containerIn(words);
  const unit = first.intake.unit;
  switch (unit) {
    case 'comprimido':
    case 'capsula':
    case 'dragea':
    case 'envelope':
      if (container?.kind === 'caixa') return count('caixa', total / container.contents);
      return count(unit, total);
    case 'ampola':
      // An opened ampola is not kept: each intake takes whole ones.
      return count(
        'ampola',
        doses.reduce((sum, dose) => sum + Math.ceil(dose.intake.amount - 1e-9) * dose.intakes, 0),
      );
    case 'gota': {
      const bottle = presentationOf(entry, 'drops', parts.dosage);
      const perMl = (entry && findDosingHint(entry.name)?.dropsPerMl) ?? DROPS_PER_ML;
      const contents = container?.kind === 'frasco' ? container.contents : bottle?.contents;
      return contents ? count('frasco', total / perMl / contents) : undefined;
    }
    case 'ml': {
      const bottle = presentationOf(entry, named === 'drops' ? 'drops' : 'liquid', parts.dosage);
      const contents = container?.kind === 'frasco' ? container.contents : bottle?.contents;
      return contents ? count('frasco', total / contents) : undefined;
    }
    case 'jato': {
      const inhaler = presentationOf(entry, 'aerosol', parts.dosage);
      const contents = container?.kind === 'doses' ? container.contents : inhaler?.contents;
      return contents ? count('frasco', total / contents) : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * The quantity to dispense of one prescribed item (see {@link planDispense}), or undefined
 * when it cannot be known and is left to the doctor.
 */
export function computeDispenseQuantity(parts: DispenseParts): DispenseQuantity | undefined {
  return planDispense(parts).dispenseQuantity;
}

/**
 * A prescribed item as the server answers it: its quantity to dispense computed from its parts
 * (whatever number a model wrote), a doctor's own quantity (`enteredByDoctor`) kept as is, and
 * the dose per intake filled in when the strength makes it certain ('amoxicilina 500mg' → '1
 * cápsula'). An item whose quantity cannot be computed carries none.
 * @param medication - the item
 */
export function withDispenseQuantity<
  M extends DispenseParts & Pick<Medication, 'dispenseQuantity'>,
>(medication: M): M {
  if (medication.dispenseQuantity?.enteredByDoctor) return medication;
  const { dispenseQuantity: _untrusted, ...rest } = medication;
  const plan = planDispense(rest);
  return {
    ...rest,
    ...(plan.derivedDosePerIntake && !rest.dosePerIntake
      ? { dosePerIntake: plan.derivedDosePerIntake }
      : {}),
    ...(plan.dispenseQuantity ? { dispenseQuantity: plan.dispenseQuantity } : {}),
  } as M;
}
