import { z } from 'zod';
import { DOCUMENT_TITLES, type DocumentKind, type DocumentStatus } from './clinical-document';
import type { PatientInfo } from './medical-record';
import type { Patient } from './patient';
import { formatDate } from './pt-br-format';
import { foldForMatching } from './text-folding';

/**
 * A patient's chart beyond her data (issue 19): the timeline of what was done for her, the vital
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
  documentStatus?: DocumentStatus | null;
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
      return source.documentStatus === 'cancelado' ? `${title} — cancelado` : title;
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

/** What a visit adds to or takes from one of the patient's lists, as the doctor confirms it. */
export interface ListChange {
  added: string[];
  /** Only for medicines: a visit may stop one. An allergy or a condition is never dropped. */
  removed: string[];
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

/**
 * What a finalised visit changes in the patient's lists: the allergies and conditions it names
 * that she did not have (added; none is ever removed, so no allergy is lost because a visit
 * left it out), and her medicines in use as the visit lists them (added and stopped) — only
 * when the visit lists any, since an empty list usually means "not asked".
 */
export function patientListChanges(patient: PatientLists, visit: PatientLists): PatientListChanges {
  const visitListsMedicines = visit.medications.some((item) => item.trim() !== '');
  return {
    allergies: { added: itemsNotIn(visit.allergies, patient.allergies), removed: [] },
    chronicConditions: {
      added: itemsNotIn(visit.chronicConditions, patient.chronicConditions),
      removed: [],
    },
    medications: visitListsMedicines
      ? {
          added: itemsNotIn(visit.medications, patient.medications),
          removed: itemsNotIn(patient.medications, visit.medications),
        }
      : { added: [], removed: [] },
  };
}

/** Whether a visit changes nothing in the lists. */
export function noListChanges(changes: PatientListChanges): boolean {
  const { allergies, chronicConditions, medications } = changes;
  return [allergies, chronicConditions, medications].every(
    (change) => change.added.length === 0 && change.removed.length === 0,
  );
}

/** The patient's lists once the doctor confirmed the changes. */
export function withListChanges(
  patient: PatientLists,
  changes: PatientListChanges,
): { allergies: string[]; chronicConditions: string[]; medications: string[] } {
  const apply = (items: readonly string[], change: ListChange) => {
    const removed = new Set(change.removed.map(foldForMatching));
    return [...items.filter((item) => !removed.has(foldForMatching(item))), ...change.added];
  };
  return {
    allergies: apply(patient.allergies, changes.allergies),
    chronicConditions: apply(patient.chronicConditions, changes.chronicConditions),
    medications: apply(patient.medications, changes.medications),
  };
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
