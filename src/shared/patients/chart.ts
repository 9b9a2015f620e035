import { z } from 'zod';
import {
  DOCUMENT_KINDS,
  DOCUMENT_TITLES,
  type DocumentKind,
  type DocumentStatus,
} from '../documents/clinical-document';
import type { MedicalRecord, Medication, PatientInfo } from '../records/medical-record';
import type { Patient } from './patient';
import { isContinuousUse } from '../prescriptions/posology';
import { capitalizedMedicationName } from '../prescriptions/suggestions';
import { formatDate } from '../lib/pt-br-format';
import { foldForMatching } from '../lib/text-folding';

/**
 * A patient's chart beyond her data (docs/product.md, "Pacientes"): the timeline of what was done for her, the vital
 * signs across her visits, and the changes a visit brings to her lists.
 */

export const TIMELINE_KINDS = ['record', 'prescription', 'document'] as const;
export type TimelineKind = (typeof TIMELINE_KINDS)[number];

/** One entry of the timeline, newest first: a visit, a receita or a document. */
export const timelineItemSchema = z.object({
  kind: z.enum(TIMELINE_KINDS),
  id: z.string(),
  /** ISO 8601: when it was created. */
  date: z.string(),
  title: z.string(),
  /** Finalised (a visit) or issued (a receita): it reads as it will stay. */
  finalized: z.boolean(),
  /** A receita signed or cancelled since it was issued. */
  receitaLife: z.enum(['assinada', 'cancelada']).optional(),
  /** A document's kind: an orientações draft has no PDF until approved (docs/documentos.md). */
  documentKind: z.enum(DOCUMENT_KINDS).optional(),
});
export type TimelineItem = z.infer<typeof timelineItemSchema>;

export const TIMELINE_PAGE_SIZE = 20;

/** What a timeline entry is titled with, read from its row. */
export interface TimelineSource {
  kind: TimelineKind;
  chiefComplaint?: string | null;
  assessment?: string | null;
  medicationNames?: readonly string[] | null;
  documentKind?: DocumentKind | null;
  status?: DocumentStatus | null;
}

const TITLE_MAX_LENGTH = 120;

function firstLine(text: string | null | undefined): string {
  const line = (text ?? '').split('\n').find((candidate) => candidate.trim() !== '') ?? '';
  const trimmed = line.trim();
  return trimmed.length > TITLE_MAX_LENGTH ? `${trimmed.slice(0, TITLE_MAX_LENGTH - 1)}…` : trimmed;
}

/**
 * 'Consulta — Cefaleia há 3 dias' (the chief complaint, else the assessment's first line),
 * 'Receita — Losartana 50 mg e mais 2'.
 */
export function timelineTitle(source: TimelineSource): string {
  switch (source.kind) {
    case 'record': {
      const about = firstLine(source.chiefComplaint) || firstLine(source.assessment);
      return about ? `Consulta — ${about}` : 'Consulta';
    }
    case 'prescription': {
      const names = (source.medicationNames ?? []).filter((name) => name.trim() !== '');
      const [first] = names;
      if (!first) return 'Receita';
      const more = names.length - 1;
      return `Receita — ${first.trim()}${more === 0 ? '' : ` e mais ${more}`}`;
    }
    case 'document': {
      if (!source.documentKind) return 'Documento';
      const title = DOCUMENT_TITLES[source.documentKind];
      return source.status === 'cancelado' ? `${title} — cancelado` : title;
    }
  }
}

/** The vital signs of one visit, for the charts: only what the visit measured. */
export const vitalsPointSchema = z.object({
  recordId: z.string(),
  /** ISO 8601: the visit. */
  date: z.string(),
  systolic: z.number().optional(),
  diastolic: z.number().optional(),
  heartRate: z.number().optional(),
  temperature: z.number().optional(),
  weight: z.number().optional(),
  bmi: z.number().optional(),
});
export type VitalsPoint = z.infer<typeof vitalsPointSchema>;

/** The most visits the charts draw: the latest ones. */
export const VITALS_MAX_POINTS = 200;

/**
 * Systolic and diastolic pressure from the text a doctor types: '150x95', '150/95', '150 x 95
 * mmHg'. Undefined when the text is not a pressure (a systolic under the diastolic, a figure out
 * of any plausible range).
 */
export function bloodPressureOf(
  text: string | undefined,
): { systolic: number; diastolic: number } | undefined {
  const match = /^\s*(\d{2,3})\s*(?:x|\/|por)\s*(\d{2,3})\s*(?:mm\s*hg)?\s*$/i.exec(text ?? '');
  if (!match) return undefined;
  const systolic = Number(match[1]);
  const diastolic = Number(match[2]);
  if (systolic < 40 || systolic > 300 || diastolic < 20 || diastolic > 200) return undefined;
  if (systolic <= diastolic) return undefined;
  return { systolic, diastolic };
}

/** A medicine in use the visit gives at another strength, as the doctor confirms it. */
export interface Replacement {
  /** As her chart lists it: 'Losartana 50 mg'. */
  from: string;
  /** As the visit gives it: 'Losartana 100 mg'. */
  to: string;
}

/** What a visit adds to or takes from one of the patient's lists, as the doctor confirms it. */
export interface ListChange {
  added: string[];
  /** Only for medicines: a visit may stop one. An allergy or a condition is never dropped. */
  removed: string[];
  /** Only for medicines: one in use the visit gives at another strength. */
  replaced: Replacement[];
}

export interface PatientListChanges {
  allergies: ListChange;
  chronicConditions: ListChange;
  medications: ListChange;
}

export interface PatientLists {
  allergies: readonly string[];
  chronicConditions: readonly string[];
  medications: readonly string[];
}

/** A prescribed item, as the chart reads it. */
export type PrescribedItem = Pick<Medication, 'name'> &
  Partial<Pick<Medication, 'dosage' | 'frequency' | 'duration' | 'instructions'>>;

/** What a finalised visit says that may change the patient's lists. */
export interface VisitLists extends PatientLists {
  /** What its prescriptions step prescribed: a medicine for continuous use joins her list. */
  prescribed?: readonly PrescribedItem[];
  /** What the doctor wrote of the conduct (assessment, plan, notes): where a stop is said. */
  conduct?: readonly string[];
}

/**
 * What a finalised visit says of the patient's lists: its patient step's lists, its prescribed
 * medicines, and the texts where the doctor may stop one.
 */
export function visitListsOf(
  record: Pick<MedicalRecord, 'patientInfo' | 'prescriptions' | 'assessment' | 'plan'>,
): VisitLists {
  const info = record.patientInfo ?? {};
  return {
    allergies: info.allergies ?? [],
    chronicConditions: info.chronicConditions ?? [],
    medications: info.medications ?? [],
    prescribed: record.prescriptions?.medications ?? [],
    conduct: [record.assessment, record.plan, record.prescriptions?.additionalNotes].filter(
      (text): text is string => typeof text === 'string' && text.trim() !== '',
    ),
  };
}

function itemsNotIn(items: readonly string[], among: readonly string[]): string[] {
  const known = new Set(among.map(foldForMatching));
  const seen = new Set<string>();
  return items
    .map((item) => item.trim())
    .filter((item) => {
      const key = foldForMatching(item);
      if (key === '' || known.has(key) || seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * One list with another's items it lacks (compared folded, each once, trimmed), its own first:
 * how two charts or a chart and a visit are joined without losing an item.
 */
export function listUnion(mine: readonly string[], theirs: readonly string[] = []): string[] {
  return [...mine, ...itemsNotIn(theirs, mine)];
}

// ---------------------------------------------------------------------------------------------
// Which medicine is which

/** How the chart tells medicines apart: by active ingredient and strength. */
export interface MedicineIdentity {
  /**
   * The name's words before the strength, folded, without salts, forms or how it is taken:
   * 'losartana' for 'Losartana potássica 50 mg 1x ao dia'; parts of a combination joined by '+'.
   */
  ingredient: string;
  /** The strength, its figures normalised: '50 mg', '12.5 mg', '250 mg/5 mL'; none if unwritten. */
  strength: string | undefined;
  /** The strength as the text writes it ('12,5 mg'). */
  writtenStrength: string | undefined;
  /** Where the strength starts in the text; the text's length when there is none. */
  strengthAt: number;
}

const FIGURE = String.raw`\d+(?:[.,]\d+)*`;
/** '50 mg', '12,5mg', '250 mg/5 mL', '50/12,5 mg', '100 mcg/dose', '1.000 UI', '2%'. */
const STRENGTH = new RegExp(
  String.raw`(?<![\p{L}\d.,])(${FIGURE}(?:\s*\/\s*${FIGURE})*)\s*(mcg|µg|μg|ug|mg|g|ml|ui|meq|%)(?:\s*\/\s*(${FIGURE})?\s*(ml|g|dose|gotas?|jatos?))?(?![\p{L}\d])`,
  'iu',
);
const UNITS: Readonly<Record<string, string>> = {
  mcg: 'mcg',
  µg: 'mcg',
  μg: 'mcg',
  ug: 'mcg',
  mg: 'mg',
  g: 'g',
  ml: 'mL',
  ui: 'UI',
  meq: 'mEq',
  '%': '%',
  dose: 'dose',
  gota: 'gota',
  gotas: 'gota',
  jato: 'jato',
  jatos: 'jato',
};

/** Words a medicine's name may carry that do not change what it is: salts, forms, releases. */
const NOT_THE_INGREDIENT = new Set([
  'cloridrato',
  'dicloridrato',
  'bromidrato',
  'besilato',
  'maleato',
  'mesilato',
  'succinato',
  'tartarato',
  'hemitartarato',
  'fumarato',
  'hemifumarato',
  'citrato',
  'carbonato',
  'sulfato',
  'fosfato',
  'acetato',
  'potassica',
  'potassico',
  'sodica',
  'sodico',
  'calcica',
  'calcico',
  'monoidratada',
  'monoidratado',
  'comprimido',
  'comprimidos',
  'comp',
  'cp',
  'cps',
  'capsula',
  'capsulas',
  'caps',
  'dragea',
  'drageas',
  'revestido',
  'revestidos',
  'oral',
  'xr',
  'sr',
  'cr',
  'lp',
  'retard',
]);
/** Words that link a salt to its base ('cloridrato de metformina'). */
const LINKING = new Set(['de', 'do', 'da']);
/** Where a name ends and the way to take it begins: 'losartana de manhã', 'AAS após o almoço'. */
const POSOLOGY_WORDS = new Set(
  [
    'de',
    'do',
    'da',
    'a',
    'ao',
    'as',
    'aos',
    'por',
    'pela',
    'pelo',
    'se',
    'em',
    'no',
    'na',
    'cada',
    'antes',
    'após',
    'manhã',
    'tarde',
    'noite',
    'jejum',
    'uso',
    'tomar',
    'vez',
    'vezes',
    'dia',
    'diário',
    'diária',
    'contínuo',
    'suspender',
    'suspenso',
    'suspensa',
  ].map(foldForMatching),
);

/** A figure as one reading: '12,5' and '12.5' alike, '1.000' a thousand, '50,0' as '50'. */
function normalisedFigure(figure: string): string {
  const plain = /^\d{1,3}(?:\.\d{3})+$/.test(figure) ? figure.replace(/\./g, '') : figure;
  const value = Number(plain.replace(',', '.'));
  return Number.isFinite(value) ? String(value) : plain;
}

function strengthOf(match: RegExpExecArray): string {
  const [, figures = '', unit = '', perFigure, perUnit] = match;
  const amount = figures
    .split(/\s*\/\s*/)
    .map(normalisedFigure)
    .join('/');
  const per = perUnit
    ? `/${perFigure ? `${normalisedFigure(perFigure)} ` : ''}${UNITS[perUnit.toLowerCase()] ?? perUnit}`
    : '';
  return `${amount} ${UNITS[unit.toLowerCase()] ?? unit}${per}`;
}

/** The active ingredient a name reads as: see {@link MedicineIdentity}. */
function ingredientOf(name: string): string {
  const words = foldForMatching(name)
    .split(' ')
    .filter((word) => word !== '' && !NOT_THE_INGREDIENT.has(word));
  while (words[0] !== undefined && LINKING.has(words[0])) words.shift();
  const end = words.findIndex((word) => /^\d/.test(word) || POSOLOGY_WORDS.has(word));
  const ingredient = (end === -1 ? words : words.slice(0, end)).join(' ');
  return ingredient || foldForMatching(name);
}

/**
 * What medicine a text names ('Losartana potássica 50 mg', 'losartana 50mg 1x ao dia'): its
 * active ingredient and strength, compared to tell one medicine in use from another. Read from
 * the words alone, without the catalogue: a brand name is its own ingredient here.
 * @param text - a medicine as a list or a prescription writes it
 */
export function medicineIdentity(text: string): MedicineIdentity {
  const parts = text.split(/\s*\+\s*/).filter((part) => part.trim() !== '');
  if (parts.length > 1) {
    // A combination ('Losartana 50 mg + Hidroclorotiazida 12,5 mg') is neither of its parts.
    const identities = parts.map(medicineIdentity);
    const strengths = identities.map((identity) => identity.strength ?? '?');
    return {
      ingredient: identities.map((identity) => identity.ingredient).join(' + '),
      strength: strengths.every((strength) => strength === '?') ? undefined : strengths.join(' + '),
      writtenStrength: undefined,
      strengthAt: text.length,
    };
  }
  const match = STRENGTH.exec(text);
  const strengthAt = match ? match.index : text.length;
  return {
    ingredient: ingredientOf(text.slice(0, strengthAt)),
    strength: match ? strengthOf(match) : undefined,
    writtenStrength: match?.[0].trim(),
    strengthAt,
  };
}

/** A prescribed item as one text: its name and its dosage ('Losartana 50 mg'). */
function prescribedText(item: PrescribedItem): string {
  return [item.name, item.dosage ?? ''].join(' ').trim();
}

/**
 * How a medicine prescribed for continuous use reads among her medicines in use: its name with
 * the strength ('Losartana 50 mg'), not the way to take it.
 */
export function inUseText(item: PrescribedItem): string {
  const name = capitalizedMedicationName(item.name);
  const dosage = item.dosage?.trim() ?? '';
  const named = medicineIdentity(name).strength !== undefined;
  return dosage !== '' && !named && medicineIdentity(dosage).strength !== undefined
    ? `${name} ${dosage}`
    : name;
}

/**
 * How a change of strength reads in the list the doctor confirms: 'Losartana 50 mg → 100 mg',
 * or both in full when more than the strength changes.
 */
export function replacementText({ from, to }: Replacement): string {
  const before = medicineIdentity(from);
  const after = medicineIdentity(to);
  const sameName =
    before.strength !== undefined &&
    after.strength !== undefined &&
    foldForMatching(from.slice(0, before.strengthAt)) ===
      foldForMatching(to.slice(0, after.strengthAt));
  return sameName
    ? `${from.trim()} → ${to.slice(after.strengthAt).trim()}`
    : `${from.trim()} → ${to.trim()}`;
}

// ---------------------------------------------------------------------------------------------
// Medicines the visit stops

/** A stop said of a medicine before its name: 'suspender a sinvastatina', 'troco X por Y'. */
const STOP_BEFORE =
  /\b(?:suspend(?:er|o|a|e|emos|i|eu|ido|ida|idos|idas)|interromp(?:er|o|a|i|eu|ido|ida)|descontinu(?:ar|o|a|ei|ou|ado|ada)|retir(?:ar|o|ei|ou)|parar(?: de (?:tomar|usar)| com)?|troc(?:ar|o|amos)|substitu(?:ir|o|imos))\b/g;
/** A stop said after the name: 'sinvastatina suspensa', 'AAS: suspenso', 'X foi suspenso'. */
const STOPPED_AFTER =
  /^ (?:(?:foi|sera|fica|esta|deve ser|a ser) )?(?:suspens[oa]s?|suspend(?:er|ido|ida)|interrompid[oa]s?|descontinuad[oa]s?|retirad[oa]s?)\b/;
/** A start or a continuation between a stop and a name: the name is not what stops. */
const NOT_STOPPED_FROM_HERE =
  /\b(?:inici\w*|introduz\w*|associ\w*|mant(?:er|enho|em|emos|ida|ido)|continu\w*|prescrev\w*|passar|passo|acrescent\w*|adicion\w*|comecar|por|pela|pelo|para)\b/;
/** Kept, said after the name: 'losartana mantida'. */
const KEPT_AFTER = /^ (?:\w+ )?(?:mantid[oa]s?|mantem|mantenho|continua|segue)\b/;
/** A stop that is not one: 'não suspender', 'sem suspender'. */
const NEGATED = /\b(?:nao|sem|nunca)(?: \w+)? $/;
/** A stop only under a condition or for a while: 'suspender X se hipotensão', 'X 7 dias antes'. */
const CONDITIONAL_AFTER =
  /^(?: (?:\d+ )?(?:dias? |horas? |semanas? )?(?:se|caso|quando|apos|antes|durante|ate|por \d+|em caso)\b)/;
/** A prescribed item that says it stops: 'Sinvastatina — suspender'. */
const STOPPED_ITEM =
  /\b(?:suspend(?:er|a|ido|ida)|suspens[oa]s?|interromp(?:er|a|ido|ida)|descontinu(?:ar|ado|ada))\b(?! (?:se|caso|quando|em caso)\b)/;

function escapedForRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Whether a sentence, folded, stops the medicine of this ingredient. */
function sentenceStops(sentence: string, ingredient: string): boolean {
  const name = new RegExp(`(?<![a-z0-9])${escapedForRegExp(ingredient)}(?![a-z0-9])`, 'g');
  for (const found of sentence.matchAll(name)) {
    const after = sentence.slice(found.index + found[0].length);
    if (CONDITIONAL_AFTER.test(after) || KEPT_AFTER.test(after)) continue;
    if (STOPPED_AFTER.test(after)) return true;
    const before = sentence.slice(0, found.index);
    const cues = [...before.matchAll(STOP_BEFORE)].filter(
      (cue) => !NEGATED.test(before.slice(0, cue.index)),
    );
    const cue = cues[cues.length - 1];
    if (cue && !NOT_STOPPED_FROM_HERE.test(before.slice(cue.index + cue[0].length))) return true;
  }
  return false;
}

/**
 * The ingredients a visit stops: a prescribed item that says so ('suspender'), a medicine its
 * list marks stopped ('Sinvastatina (suspensa)'), or the doctor's conduct ('Suspender a
 * sinvastatina', 'Troco a sinvastatina pela atorvastatina'), but not a stop under a condition.
 * @param candidates - the medicines it may stop, as her chart and the visit list them
 */
function stoppedIngredients(visit: VisitLists, candidates: readonly string[]): Set<string> {
  const stopped = new Set<string>();
  for (const item of visit.prescribed ?? []) {
    const said = [item.dosage, item.frequency, item.duration, item.instructions].join(' ');
    if (STOPPED_ITEM.test(foldForMatching(said))) {
      stopped.add(medicineIdentity(prescribedText(item)).ingredient);
    }
  }
  const sentences = (visit.conduct ?? [])
    .flatMap((text) => text.split(/[.;!?](?=\s|$)|\n/))
    .map(foldForMatching)
    .filter((sentence) => sentence !== '');
  for (const text of candidates) {
    const { ingredient } = medicineIdentity(text);
    if (
      STOPPED_ITEM.test(foldForMatching(text)) ||
      sentences.some((sentence) => sentenceStops(sentence, ingredient))
    ) {
      stopped.add(ingredient);
    }
  }
  return stopped;
}

// ---------------------------------------------------------------------------------------------
// What a visit changes

/** The list with a medicine prescribed for continuous use: added, or in place of another strength. */
function withContinued(list: readonly string[], text: string): string[] {
  const identity = medicineIdentity(text);
  const identities = list.map(medicineIdentity);
  const same = identities.some(
    (held) =>
      held.ingredient === identity.ingredient &&
      (identity.strength === undefined || held.strength === identity.strength),
  );
  if (same) return [...list];
  const other = identities.findIndex((held) => held.ingredient === identity.ingredient);
  if (other === -1) return [...list, text];
  return list.map((item, index) => (index === other ? text : item));
}

/**
 * How her medicines in use become `after`: each medicine of `after` is hers already (the same
 * ingredient and strength, or no strength said: nothing changes), hers at another strength
 * (replaced), or new (added); hers that `after` lacks are stopped (removed).
 */
function medicineDifferences(inUse: readonly string[], after: readonly string[]): ListChange {
  const held = inUse.map((text) => text.trim()).filter((text) => text !== '');
  const heldIdentities = held.map(medicineIdentity);
  const paired = new Set<number>();
  const unmatched: { text: string; identity: MedicineIdentity }[] = [];
  const seen: MedicineIdentity[] = [];
  for (const text of after.map((item) => item.trim()).filter((item) => item !== '')) {
    const identity = medicineIdentity(text);
    const repeated = seen.some(
      (known) => known.ingredient === identity.ingredient && known.strength === identity.strength,
    );
    if (repeated) continue;
    seen.push(identity);
    const same = heldIdentities.findIndex(
      (known, index) =>
        !paired.has(index) &&
        known.ingredient === identity.ingredient &&
        (identity.strength === undefined || known.strength === identity.strength),
    );
    if (same === -1) unmatched.push({ text, identity });
    else paired.add(same);
  }
  const change: ListChange = { added: [], removed: [], replaced: [] };
  for (const { text, identity } of unmatched) {
    const other = heldIdentities.findIndex(
      (known, index) => !paired.has(index) && known.ingredient === identity.ingredient,
    );
    const from = held[other];
    if (from === undefined) {
      change.added.push(text);
    } else {
      paired.add(other);
      change.replaced.push({ from, to: text });
    }
  }
  change.removed = held.filter((_, index) => !paired.has(index));
  return change;
}

/**
 * What a visit changes in her medicines in use: the list its patient step gives (an empty one is
 * read as "not asked": hers stay), less what it stops, with what it prescribed for continuous use
 * (a continuous prescription outweighs a stop of the same ingredient: 'suspender losartana 50,
 * iniciar losartana 100' is a new strength).
 */
function medicationChanges(inUse: readonly string[], visit: VisitLists): ListChange {
  const listed = visit.medications.map((item) => item.trim()).filter((item) => item !== '');
  const base = listed.length > 0 ? listed : inUse;
  const continued = (visit.prescribed ?? [])
    .filter((item) => isContinuousUse(item))
    .map(inUseText)
    .filter((text) => text !== '');
  const stopped = stoppedIngredients(visit, [...inUse, ...base]);
  for (const text of continued) stopped.delete(medicineIdentity(text).ingredient);
  const kept = base.filter((item) => !stopped.has(medicineIdentity(item).ingredient));
  const after = continued.reduce(withContinued, kept);
  return medicineDifferences(inUse, after);
}

/**
 * What a finalised visit changes in the patient's lists (docs/product.md, "Medicamentos em uso de
 * uma consulta para a outra"): the allergies and conditions it names that she did not have
 * (added; none is ever removed, so no allergy is lost because a visit left it out), and her
 * medicines in use as its patient step lists them, less those it stops, with those it prescribed
 * for continuous use — a medicine hers already (same ingredient and strength) is not added again,
 * one at another strength replaces hers.
 */
export function patientListChanges(patient: PatientLists, visit: VisitLists): PatientListChanges {
  return {
    allergies: {
      added: itemsNotIn(visit.allergies, patient.allergies),
      removed: [],
      replaced: [],
    },
    chronicConditions: {
      added: itemsNotIn(visit.chronicConditions, patient.chronicConditions),
      removed: [],
      replaced: [],
    },
    medications: medicationChanges(patient.medications, visit),
  };
}

/** Whether a visit changes nothing in the lists. */
export function noListChanges(changes: PatientListChanges): boolean {
  const { allergies, chronicConditions, medications } = changes;
  return [allergies, chronicConditions, medications].every(
    (change) =>
      change.added.length === 0 && change.removed.length === 0 && change.replaced.length === 0,
  );
}

/** The patient's lists once the doctor confirmed the changes. */
export function withListChanges(
  patient: PatientLists,
  changes: PatientListChanges,
): { allergies: string[]; chronicConditions: string[]; medications: string[] } {
  const apply = (items: readonly string[], change: ListChange) => {
    const removed = new Set(change.removed.map(foldForMatching));
    const replaced = new Map(
      change.replaced.map((replacement) => [foldForMatching(replacement.from), replacement.to]),
    );
    return [
      ...items
        .filter((item) => !removed.has(foldForMatching(item)))
        .map((item) => replaced.get(foldForMatching(item)) ?? item),
      ...change.added,
    ];
  };
  return {
    allergies: apply(patient.allergies, changes.allergies),
    chronicConditions: apply(patient.chronicConditions, changes.chronicConditions),
    medications: apply(patient.medications, changes.medications),
  };
}

// ---------------------------------------------------------------------------------------------
// 'Renovar receita'

/** What a medicine was last prescribed in: a finalised visit, or a receita. */
export const PRESCRIBED_IN = ['record', 'prescription'] as const;
export type PrescribedIn = (typeof PRESCRIBED_IN)[number];

/** A medicine of a past prescription of hers, with where and when it was prescribed. */
export interface PrescribedEntry {
  medication: PrescribedItem & Partial<Pick<Medication, 'dosePerIntake' | 'genericAllowed'>>;
  kind: PrescribedIn;
  /** The visit's or the receita's id. */
  id: string;
  /** ISO 8601: when it was prescribed. */
  date: string;
}

/** How long a renewed medicine is taken: the receita says it, and dispenses a month of it. */
export const RENEWAL_DURATION = 'uso contínuo';

/** One of her medicines in use as 'Renovar receita' offers it. */
export const renewalItemSchema = z.object({
  /** As her chart lists it. */
  inUse: z.string(),
  /**
   * The medicine for the receita, for continuous use: with the dose, frequency and instructions
   * of its latest prescription, or only its name and strength when none says how to take it.
   */
  medication: z.object({
    name: z.string(),
    dosage: z.string().optional(),
    dosePerIntake: z.string().optional(),
    frequency: z.string().optional(),
    duration: z.string(),
    instructions: z.string().optional(),
    genericAllowed: z.boolean().optional(),
  }),
  /** Its latest prescription that says how to take it; none: the doctor completes it. */
  lastPrescribed: z
    .object({ kind: z.enum(PRESCRIBED_IN), id: z.string(), date: z.string() })
    .optional(),
});
export type RenewalItem = z.infer<typeof renewalItemSchema>;

function saysHowToTake(item: PrescribedEntry['medication']): boolean {
  return [item.frequency, item.instructions].some((text) => (text ?? '').trim() !== '');
}

/** The texts given, trimmed; a blank one is left out rather than written empty. */
function nonBlankFields(fields: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([key, text]) => {
      const trimmed = text?.trim() ?? '';
      return trimmed === '' ? [] : [[key, trimmed]];
    }),
  );
}

/**
 * What 'Renovar receita' issues for her medicines in use: for each, her latest prescription of
 * it — a finalised visit's or a receita's, the same ingredient and strength (or no strength said
 * on either side) — that says how to take it, with its dose, frequency and instructions, for
 * continuous use. A medicine none of them says how to take comes with its name and strength
 * only, for the doctor to complete: nothing is guessed.
 * @param inUse - her medicines in use, as her chart lists them
 * @param history - the medicines of her past prescriptions, newest first
 */
export function renewalItems(
  inUse: readonly string[],
  history: readonly PrescribedEntry[],
): RenewalItem[] {
  const prescribed = history.map((entry) => ({
    entry,
    identity: medicineIdentity(prescribedText(entry.medication)),
  }));
  return inUse
    .map((text) => text.trim())
    .filter((text) => text !== '')
    .map((text) => {
      const identity = medicineIdentity(text);
      const latest = prescribed.find(
        ({ entry, identity: given }) =>
          given.ingredient === identity.ingredient &&
          (given.strength === identity.strength ||
            given.strength === undefined ||
            identity.strength === undefined) &&
          saysHowToTake(entry.medication),
      )?.entry;
      if (!latest) {
        const name = text.slice(0, identity.strengthAt).trim() || text;
        return {
          inUse: text,
          medication: {
            name: capitalizedMedicationName(name),
            ...nonBlankFields({ dosage: identity.writtenStrength }),
            duration: RENEWAL_DURATION,
          },
        };
      }
      const { medication } = latest;
      return {
        inUse: text,
        medication: {
          name: capitalizedMedicationName(medication.name),
          ...nonBlankFields({
            // The strength her chart gives, unless the prescribed name carries its own.
            dosage:
              medication.dosage?.trim() ||
              (medicineIdentity(medication.name).strength === undefined
                ? identity.writtenStrength
                : undefined),
            dosePerIntake: medication.dosePerIntake,
            frequency: medication.frequency,
            instructions: medication.instructions,
          }),
          duration: RENEWAL_DURATION,
          ...(medication.genericAllowed === undefined
            ? {}
            : { genericAllowed: medication.genericAllowed }),
        },
        lastPrescribed: { kind: latest.kind, id: latest.id, date: latest.date },
      };
    });
}

/** What the doctor decided of one medicine of a renewal, and what she wrote of how to take it. */
export interface RenewalChoice {
  chosen: boolean;
  /** For a medicine no prescription said how to take: what she wrote. */
  dosage?: string;
  frequency?: string;
  instructions?: string;
}

/**
 * The medicines of a renewal receita: those the doctor kept, in her chart's order; one without a
 * known posology goes with what she wrote of it, and only once she said how to take it (a
 * frequency or instructions).
 * @param items - the renewal's medicines, as {@link renewalItems} gives them
 * @param choices - the doctor's choice for each, in the same order
 * @returns the medicines, and the names of those chosen that still need a posology
 */
export function renewalMedications(
  items: readonly RenewalItem[],
  choices: readonly RenewalChoice[],
): { medications: Medication[]; incomplete: string[] } {
  const medications: Medication[] = [];
  const incomplete: string[] = [];
  items.forEach((item, index) => {
    const choice = choices[index];
    if (!choice?.chosen) return;
    if (item.lastPrescribed) {
      medications.push(item.medication);
      return;
    }
    const { name, duration } = item.medication;
    const completed: Medication = {
      name,
      ...nonBlankFields({
        dosage: choice.dosage ?? item.medication.dosage,
        frequency: choice.frequency,
        instructions: choice.instructions,
      }),
      duration,
    };
    if (saysHowToTake(completed)) medications.push(completed);
    else incomplete.push(name);
  });
  return { medications, incomplete };
}

/**
 * The patient step of a visit of this patient: her name; her age (from the birth date) unless
 * the visit has one; the sex typed, else hers; and her lists with what the visit already listed
 * (each item once), so a new visit starts from her history and loses nothing typed.
 */
export function visitPatientInfo(
  patient: Pick<Patient, 'name' | 'age' | 'sex'> & PatientLists,
  visit: PatientInfo = {},
): PatientInfo {
  const info: PatientInfo = {
    ...visit,
    name: patient.name,
    allergies: listUnion(patient.allergies, visit.allergies),
    chronicConditions: listUnion(patient.chronicConditions, visit.chronicConditions),
    medications: listUnion(patient.medications, visit.medications),
  };
  const age = visit.age ?? patient.age;
  if (age !== undefined) info.age = age;
  const gender = visit.gender ?? patient.sex;
  if (gender !== undefined) info.gender = gender;
  return info;
}

/**
 * How a patient is offered where a visit names her: 'Maria Aparecida, 63 anos — última consulta
 * 12/10/2026'. The age is her birth date's, else the one her last visit recorded.
 */
export function patientOfferLabel(patient: Pick<Patient, 'name' | 'age' | 'lastVisit'>): string {
  const age = patient.age ?? patient.lastVisit?.age;
  const who =
    age === undefined ? patient.name : `${patient.name}, ${age} ${age === 1 ? 'ano' : 'anos'}`;
  return patient.lastVisit ? `${who} — última consulta ${formatDate(patient.lastVisit.date)}` : who;
}
