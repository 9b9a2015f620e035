import { randomUUID } from 'node:crypto';
import { and, asc, eq, getTableColumns, getTableName, ne, sql, type SQL } from 'drizzle-orm';
import type { AiConsent } from '@shared/ai/use';
import { PATIENT_ID_PREFIX, type PatientInput } from '@shared/patients/patient';
import { nameMatches, type PatientQuery } from '@shared/patients/search';
import { foldForMatching } from '@shared/lib/text-folding';
import type { AppDatabase } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { decodedColumn, prepareWithRowReader, tableRowReader } from '../db/row-reader';
import { medicalRecords, patients, type PatientRow } from '../db/schema';
import { lastVisitOf, latestVisit, type LastVisit } from './chart-repository';
import { positionOf, type PatientPosition } from './paging-key';

// Every query here takes the doctor's id and filters by it: a patient of another doctor is
// indistinguishable from a missing one.

type PatientColumns = Omit<
  PatientRow,
  'id' | 'userId' | 'version' | 'createdAt' | 'updatedAt' | 'aiConsent'
>;

/** Every content column, so a field left out of `input` is written as NULL (or an empty list). */
function toColumns(input: PatientInput): PatientColumns {
  return {
    name: input.name,
    searchName: foldForMatching(input.name),
    birthDate: input.birthDate ?? null,
    sex: input.sex ?? null,
    cpf: input.cpf ?? null,
    cns: input.cns ?? null,
    passport: input.passport ?? null,
    phone: input.phone ?? null,
    address: input.address ?? null,
    allergies: input.allergies ?? [],
    chronicConditions: input.chronicConditions ?? [],
    medications: input.medications ?? [],
    notes: input.notes ?? null,
  };
}

/**
 * Her word on AI as the chart keeps it, when the write gives one: who recorded it and when. The
 * same word given again keeps its first recording (a form saved twice does not re-date it); no
 * word leaves what she said as it was.
 */
function aiConsentColumn(input: PatientInput, recordedBy: string) {
  if (!input.aiConsent) return {};
  const given: AiConsent = {
    status: input.aiConsent,
    recordedBy,
    at: new Date().toISOString(),
  };
  return {
    aiConsent: sql`case when ${patients.aiConsent}->>'status' = ${input.aiConsent} then ${patients.aiConsent} else ${JSON.stringify(given)}::jsonb end`,
  };
}

const ownedBy = (userId: string, id: string) =>
  and(eq(patients.id, id), eq(patients.userId, userId));

/** Which of the doctor's other patients already has the CPF or CNS. */
export interface Duplicate {
  kind: 'duplicate';
  field: 'cpf' | 'cns';
  existingId: string;
}

export type CreateOutcome = { kind: 'created'; row: PatientRow } | Duplicate;

export type UpdateOutcome =
  | { kind: 'updated'; row: PatientRow }
  | { kind: 'not-found' }
  /** If-Match named an older version: nothing written; the current patient comes along. */
  | { kind: 'stale'; current: PatientRow }
  | Duplicate;

export interface ListOptions {
  /** What the doctor searched for; undefined lists every patient. */
  query: PatientQuery | undefined;
  limit: number;
  /** Only patients strictly after this position (the previous page's last patient). */
  after: PatientPosition | undefined;
}

/** A value of a statement: bound as a parameter when it runs. */
const bound = (name: string) => sql.placeholder(name);

/**
 * A bound text the planner does not look at: a scalar subquery's value is known only when the
 * statement runs. A plan made for one call's values then costs what the plan made once for any
 * values costs, and PostgreSQL keeps the latter. With the words in view, its estimates moved
 * with the data, and it could plan every name search again (half as long as running it).
 */
const unseen = (name: string) => sql`(select ${bound(name)}::text)`;

/** The conditions of a search, besides the doctor and the page position, as placeholders. */
function searchConditions(query: PatientQuery | undefined): SQL[] {
  switch (query?.kind) {
    case undefined:
      return [];
    case 'cpf':
      return [eq(patients.cpf, bound('digits'))];
    case 'cns':
      return [eq(patients.cns, bound('digits'))];
    case 'birthDate':
      return [eq(patients.birthDate, bound('birthDate'))];
    case 'name':
      // Words are folded to [a-z0-9], so none holds a LIKE wildcard. The expression is the
      // trigram index's (schema.ts): a word start anywhere in the name.
      return query.words.map(
        (_, index) => sql`(' ' || ${patients.searchName}) like ${unseen(`word${index}`)}`,
      );
  }
}

/**
 * How well a name answers a name search, best (lowest) first: a typed word that is a whole word
 * of the name counts before one that only starts a word ('silva' finds Ana Silva before Silvana
 * Costa), then a name that begins with the first word typed ('maria' finds Maria Souza before
 * Ana Maria). Its placeholders are `whole0…` and `first` ({@link searchValues}).
 * @param wordCount - the words typed
 */
function nameRank(wordCount: number): SQL<number> {
  const partials = Array.from(
    { length: wordCount },
    (_, index) =>
      sql`case when (' ' || ${patients.searchName} || ' ') like ${unseen(`whole${index}`)} then 0 else 2 end`,
  );
  return sql<number>`(${sql.join(partials, sql` + `)} + case when ${patients.searchName} like ${unseen('first')} then 0 else 1 end)`.mapWith(
    Number,
  );
}

/**
 * A LIMIT written into a statement's text instead of bound to it. Drizzle types `limit()` for a
 * number or a placeholder, both of which it binds, and writes SQL given to it as it stands.
 */
const literalLimit = (rows: number) => sql.raw(String(rows)) as unknown as number;

/** The values of {@link searchConditions}' and {@link nameRank}'s placeholders. */
function searchValues(query: PatientQuery | undefined): Record<string, string> {
  switch (query?.kind) {
    case undefined:
      return {};
    case 'cpf':
    case 'cns':
      return { digits: query.digits };
    case 'birthDate':
      return { birthDate: query.birthDate };
    case 'name':
      return Object.fromEntries<string>([
        ...query.words.map((word, index): [string, string] => [`word${index}`, `% ${word}%`]),
        ...query.words.map((word, index): [string, string] => [`whole${index}`, `% ${word} %`]),
        ['first', `${query.words[0] ?? ''}%`],
      ]);
  }
}

/** A patient of a list page, with her latest visit. */
export interface PatientListRow {
  patient: PatientRow;
  lastVisit: LastVisit | undefined;
  /** How well she answers a name search (lower is better); undefined for any other list. */
  rank: number | undefined;
}

/**
 * One read of a list page, as the database is asked for it: the doctor's patients answering the
 * search's conditions, strictly after `after`, each with her latest visit — one statement, one
 * round trip. In name order (keyset on (search_name, id)); a name search best match first
 * ({@link nameRank}), then in name order (keyset on (rank, search_name, id)).
 *
 * Its text depends only on the search's kind, its number of words and whether a position is
 * given (`shape`): prepared once per shape, it is neither rebuilt nor parsed again by the
 * database at each keystroke; `values` are bound to it, and `statement` builds it (only when it
 * is not prepared yet). Exported for the query-plan test, which explains exactly this statement.
 * @param limit - rows to read: a positive integer, part of the statement's text and shape
 */
export function patientPageQuery(
  db: AppDatabase,
  userId: string,
  query: PatientQuery | undefined,
  after: PatientPosition | undefined,
  limit: number,
) {
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`page size ${limit}`);
  const words = query?.kind === 'name' ? query.words.length : 0;
  const statement = () => {
    const rank = words > 0 ? nameRank(words) : undefined;
    const conditions = [
      // In a name search the doctor's id is a filter, not an index condition: a plan made once
      // for any words (a prepared statement's generic plan) would otherwise AND the trigram
      // index with her whole list from the (user_id, …) indexes — four times slower for one
      // word. The trigram index finds few rows of any doctor's; the filter keeps hers.
      rank
        ? sql`(${patients.userId} = ${unseen('userId')}) is true`
        : eq(patients.userId, bound('userId')),
      ...searchConditions(query),
    ];
    if (after) {
      conditions.push(
        rank
          ? sql`(${rank}, ${patients.searchName}, ${patients.id}) > (${bound('afterRank')}, ${bound('afterName')}, ${bound('afterId')})`
          : sql`(${patients.searchName}, ${patients.id}) > (${bound('afterName')}, ${bound('afterId')})`,
      );
    }
    const order = [...(rank ? [asc(rank)] : []), asc(patients.searchName), asc(patients.id)];
    // The page is chosen first, then only its patients are read with their latest visits:
    // joined before the LIMIT, the planner would read a visit for every patient a common
    // surname matches. A subquery with a LIMIT is read as it stands (never merged into the
    // outer query), and its rows come out whole: no second read of them by key.
    //
    // It is named `patients`, as the table: the outer query reads it through the table's own
    // columns, which Drizzle maps directly (a subquery's own columns cost it a proxy per field
    // per row: 0.87 → 0.72 ms of CPU for a page of 21, measured). Its LIMIT is written in the
    // text (a statement per page size the app asks for, a handful): bound, the planner would
    // guess a tenth of her patients for the plan it keeps for any values, find that plan dearer
    // than one made for each call, and plan every call again (as long as running it, measured).
    const page = db
      .select({ ...getTableColumns(patients), rank: (rank ?? sql<null>`null`).as('rank') })
      .from(patients)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(literalLimit(limit))
      .as(getTableName(patients));
    const visit = latestVisit(db);
    return (
      db
        .select({
          patient: patients,
          visitAt: visit.createdAt,
          visitAge: visit.age,
          rank: page.rank,
        })
        .from(page)
        .leftJoinLateral(visit, sql`true`)
        // By the rank the page holds (Drizzle would write its whole expression again).
        .orderBy(
          ...(rank ? [sql`${sql.identifier('rank')}`] : []),
          asc(patients.searchName),
          asc(patients.id),
        )
    );
  };
  return {
    statement,
    shape: `${query?.kind ?? 'all'}-${words}${after ? '-after' : ''}-${limit}`,
    values: {
      userId,
      ...searchValues(query),
      ...(after
        ? { afterRank: after.rank ?? 0, afterName: after.searchName, afterId: after.id }
        : {}),
    },
  };
}

/** A row of a list page's statement ({@link patientPageQuery}), as read. */
interface PageRow {
  patient: PatientRow;
  visitAt: Date | null;
  visitAge: unknown;
  rank: number | null;
}

const patientRow = tableRowReader(patients);

/**
 * Reads a page's row in the order {@link patientPageQuery} selects it: the patient's columns,
 * then her latest visit's date and age, then the rank (an integer, or null outside a name search).
 */
function pageRowOf(values: readonly unknown[]): PageRow {
  const after = patientRow.width;
  const rank = values[after + 2];
  return {
    patient: patientRow.read(values),
    visitAt: decodedColumn(medicalRecords.createdAt, values[after]),
    visitAge: values[after + 1],
    rank: typeof rank === 'number' ? rank : null,
  };
}

/** The patients store of one database. */
export function createPatientRepository(db: AppDatabase) {
  const preparedPages = new Map<string, ReturnType<typeof prepareWithRowReader<PageRow>>>();
  /** Runs a list page's statement, prepared the first time its shape is asked for. */
  const readPage = (page: ReturnType<typeof patientPageQuery>) => {
    let prepared = preparedPages.get(page.shape);
    if (!prepared) {
      prepared = prepareWithRowReader(
        db,
        page.statement(),
        `patients_page_${page.shape}`,
        pageRowOf,
      );
      preparedPages.set(page.shape, prepared);
    }
    return prepared.execute(page.values);
  };
  const find = async (userId: string, id: string): Promise<PatientRow | undefined> => {
    const [row] = await db.select().from(patients).where(ownedBy(userId, id));
    return row;
  };

  /** After a unique violation: the patient of the doctor's that holds the CPF or CNS. */
  const duplicateOf = async (
    userId: string,
    input: PatientInput,
    exceptId: string | undefined,
  ): Promise<Duplicate> => {
    for (const field of ['cpf', 'cns'] as const) {
      const value = input[field];
      if (value === undefined) continue;
      const conditions = [eq(patients.userId, userId), eq(patients[field], value)];
      if (exceptId !== undefined) conditions.push(ne(patients.id, exceptId));
      const [holder] = await db
        .select({ id: patients.id })
        .from(patients)
        .where(and(...conditions));
      if (holder) return { kind: 'duplicate', field, existingId: holder.id };
    }
    // The holder was deleted between the failed write and this read: still the writer's
    // conflict to resolve, by trying again.
    throw new Error('unique violation without a holder');
  };

  return {
    find,

    /** @param recordedBy - the doctor's name, for her patient's word on AI */
    async insert(userId: string, input: PatientInput, recordedBy: string): Promise<CreateOutcome> {
      const now = new Date();
      try {
        const [row] = await db
          .insert(patients)
          .values({
            ...toColumns(input),
            ...(input.aiConsent
              ? {
                  aiConsent: {
                    status: input.aiConsent,
                    recordedBy,
                    at: now.toISOString(),
                  },
                }
              : {}),
            id: `${PATIENT_ID_PREFIX}${randomUUID()}`,
            userId,
            version: 1,
            createdAt: now,
            updatedAt: now,
          })
          .returning();
        if (!row) throw new Error('insert returned no row');
        return { kind: 'created', row };
      } catch (error) {
        if (isUniqueViolation(error)) return duplicateOf(userId, input, undefined);
        throw error;
      }
    },

    /**
     * Replaces a patient's data. With If-Match, only if the patient is still at that version:
     * one statement, so no write can land between the check and the write. Without it, the last
     * write wins.
     */
    async update(
      userId: string,
      id: string,
      input: PatientInput,
      expectedVersion: number | undefined,
      recordedBy: string,
    ): Promise<UpdateOutcome> {
      const conditions = [ownedBy(userId, id)];
      if (expectedVersion !== undefined) conditions.push(eq(patients.version, expectedVersion));
      try {
        const [row] = await db
          .update(patients)
          .set({
            ...toColumns(input),
            ...aiConsentColumn(input, recordedBy),
            version: sql`${patients.version} + 1`,
            updatedAt: new Date(),
          })
          .where(and(...conditions))
          .returning();
        if (row) return { kind: 'updated', row };
      } catch (error) {
        if (isUniqueViolation(error)) return duplicateOf(userId, input, id);
        throw error;
      }
      const current = await find(userId, id);
      return current ? { kind: 'stale', current } : { kind: 'not-found' };
    },

    /**
     * One page of a doctor's patients in name order, or best match first for a name search
     * (keyset paging: nothing skipped or repeated, also among homonyms). A name search asks the database for the
     * patients having a word that starts with each word typed (served by the trigram index),
     * then keeps those `nameMatches` accepts — each name word answering one typed word ('ma
     * maria' is not 'Maria Souza') — reading further while the page is not full.
     * @returns up to `limit + 1` rows: the extra one only tells that another page exists
     */
    async list(userId: string, options: ListOptions): Promise<PatientListRow[]> {
      const { query } = options;
      const wanted = options.limit + 1;
      const words = query?.kind === 'name' ? query.words : undefined;
      const matched: PatientListRow[] = [];
      let after = options.after;
      for (;;) {
        const batch = (await readPage(patientPageQuery(db, userId, query, after, wanted))).map(
          ({ patient, visitAt, visitAge, rank }): PatientListRow => ({
            patient,
            lastVisit: lastVisitOf(visitAt, visitAge),
            rank: rank ?? undefined,
          }),
        );
        for (const row of batch) {
          if (!words || nameMatches(row.patient.searchName, words)) matched.push(row);
        }
        const last = batch[batch.length - 1];
        if (matched.length >= wanted || batch.length < wanted || !last) break;
        after = positionOf(last.patient, last.rank);
      }
      return matched.slice(0, wanted);
    },
  };
}

export type PatientRepository = ReturnType<typeof createPatientRepository>;
