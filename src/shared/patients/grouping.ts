import type { Gender } from '../records/medical-record';
import { listUnion } from './chart';
import { foldForMatching } from '../lib/text-folding';

/**
 * Which records name the same person (docs/product.md, "Pacientes"): the rule that gave every record written before
 * patients existed a patient, and that links a finalised record nobody linked. Two records are
 * one person when their full names read the same once folded ('Maria Aparecida' and 'MARIA
 * aparecida') and their ages agree with their dates: a woman of 62 in March 2025 and of 63 in
 * October 2026 may be one person; one of 30 and one of 63 are homonyms and stay apart.
 */

/** What of a record the grouping reads. */
export interface RecordOfPerson {
  id: string;
  /** The name as written in the record. */
  name: string;
  /** Age in whole years on `date`, when the record has one. */
  age?: number;
  /** The visit's day, `yyyy-MM-dd`. */
  date: string;
}

/** The days a person could have been born on: from `earliest` to `latest`, both included. */
interface BirthWindow {
  earliest: string;
  latest: string;
}

/** `yyyy-MM-dd` moved by whole years (29 February becomes 28 February off leap years). */
function shiftYears(date: string, years: number): string {
  const year = Number(date.slice(0, 4)) + years;
  const monthDay = date.slice(5);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return `${String(year).padStart(4, '0')}-${monthDay === '02-29' && !leap ? '02-28' : monthDay}`;
}

/** The day after a `yyyy-MM-dd` day. */
function nextDay(date: string): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

/** Aged `age` on `date`: born after `date` minus age + 1 years, and on or before minus age. */
function birthWindowOf(age: number, date: string): BirthWindow {
  return { earliest: nextDay(shiftYears(date, -(age + 1))), latest: shiftYears(date, -age) };
}

function overlap(a: BirthWindow, b: BirthWindow): BirthWindow | undefined {
  const earliest = a.earliest > b.earliest ? a.earliest : b.earliest;
  const latest = a.latest < b.latest ? a.latest : b.latest;
  return earliest <= latest ? { earliest, latest } : undefined;
}

/** The name as the grouping compares it: folded, so case, accents and spacing do not count. */
export function personKeyOf(name: string): string {
  return foldForMatching(name);
}

/**
 * The records grouped by person, each group in the order given. Records without a name are left
 * out (a blank draft names nobody). Within one name, records with an age join the group whose
 * birth window they agree with (every record of a group agreeing with every other); a record
 * without an age joins its name's group when there is exactly one, else stands alone, for the
 * doctor to merge.
 */
export function groupRecordsByPerson(records: readonly RecordOfPerson[]): RecordOfPerson[][] {
  const byName = new Map<string, RecordOfPerson[]>();
  for (const record of records) {
    const key = personKeyOf(record.name);
    if (key === '') continue;
    byName.set(key, [...(byName.get(key) ?? []), record]);
  }
  const groups: RecordOfPerson[][] = [];
  for (const sameName of byName.values()) {
    const aged: { window: BirthWindow; records: RecordOfPerson[] }[] = [];
    const ageless: RecordOfPerson[] = [];
    for (const record of sameName) {
      if (record.age === undefined) {
        ageless.push(record);
        continue;
      }
      const window = birthWindowOf(record.age, record.date);
      const joined = aged.find((group) => overlap(group.window, window));
      if (joined) {
        joined.window = overlap(joined.window, window) ?? joined.window;
        joined.records.push(record);
      } else {
        aged.push({ window, records: [record] });
      }
    }
    const [only, ...others] = aged;
    if (only && others.length === 0) {
      groups.push(
        sameName.filter((record) => record.age === undefined || only.records.includes(record)),
      );
      continue;
    }
    groups.push(...aged.map((group) => group.records));
    if (ageless.length > 0)
      groups.push(...(aged.length === 0 ? [ageless] : ageless.map((record) => [record])));
  }
  return groups;
}

/** What a visit says of the patient, oldest visit first, to build her chart from. */
export interface VisitPatientInfo {
  name: string;
  gender?: Gender;
  allergies?: readonly string[];
  chronicConditions?: readonly string[];
  medications?: readonly string[];
}

export interface PatientFromVisits {
  name: string;
  sex?: Gender;
  allergies: string[];
  chronicConditions: string[];
  medications: string[];
}

/**
 * A patient's chart from her visits: the name and sex of the latest visit that has them; every
 * allergy and chronic condition any visit recorded (an allergy is never dropped because a later
 * visit left it out); the medicines in use of the latest visit that lists any, since those do
 * change.
 * @param visits - oldest first; at least one
 */
export function patientFromVisits(visits: readonly VisitPatientInfo[]): PatientFromVisits {
  const newestFirst = [...visits].reverse();
  const latest = newestFirst[0];
  if (!latest) throw new Error('a patient needs at least one visit');
  const sex = newestFirst.find((visit) => visit.gender)?.gender;
  const withMedications = newestFirst.find((visit) => (visit.medications ?? []).length > 0);
  return {
    name: latest.name.trim().replace(/\s+/g, ' '),
    ...(sex ? { sex } : {}),
    allergies: newestFirst.reduce<string[]>(
      (union, visit) => listUnion(union, visit.allergies),
      [],
    ),
    chronicConditions: newestFirst.reduce<string[]>(
      (union, visit) => listUnion(union, visit.chronicConditions),
      [],
    ),
    medications: listUnion([], withMedications?.medications),
  };
}
