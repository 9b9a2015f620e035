import { randomUUID } from 'node:crypto';
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import { PATIENT_ID_PREFIX, type PatientInput } from '../../shared/patient';
import { nameMatches, type PatientQuery } from '../../shared/patient-search';
import { foldForMatching } from '../../shared/text-folding';
import type { AppDatabase } from '../db/database';
import { isUniqueViolation } from '../db/errors';
import { patients, type PatientRow } from '../db/schema';
import { lastVisitOf, latestVisit, type LastVisit } from './chart-repository';
import { positionOf, type PatientPosition } from './paging-key';

// Every query here takes the doctor's id and filters by it: a patient of another doctor is
// indistinguishable from a missing one.

type PatientColumns = Omit<PatientRow, 'id' | 'userId' | 'version' | 'createdAt' | 'updatedAt'>;

/** Every content column, so a field left out of `input` is written as NULL (or an empty list). */
function toColumns(input: PatientInput): PatientColumns {
  return {
    name: input.name,
    searchName: foldForMatching(input.name),
    birthDate: input.birthDate ?? null,
    sex: input.sex ?? null,
    cpf: input.cpf ?? null,
    cns: input.cns ?? null,
    phone: input.phone ?? null,
    address: input.address ?? null,
    allergies: input.allergies ?? [],
    chronicConditions: input.chronicConditions ?? [],
    medications: input.medications ?? [],
    notes: input.notes ?? null,
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
        (_, index) => sql`(' ' || ${patients.searchName}) like ${bound(`word${index}`)}`,
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
      sql`case when (' ' || ${patients.searchName} || ' ') like ${bound(`whole${index}`)} then 0 else 2 end`,
  );
  return sql<number>`(${sql.join(partials, sql` + `)} + case when ${patients.searchName} like ${bound('first')} then 0 else 1 end)`.mapWith(
    Number,
  );
}

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
 * @param limit - rows to read
 */
export function patientPageQuery(
  db: AppDatabase,
  userId: string,
  query: PatientQuery | undefined,
  after: PatientPosition | undefined,
  limit: number,
) {
  const words = query?.kind === 'name' ? query.words.length : 0;
  const statement = () => {
    const rank = words > 0 ? nameRank(words) : undefined;
    const conditions = [
      // In a name search the doctor's id is a filter, not an index condition: a plan made once
      // for any words (a prepared statement's generic plan) would otherwise AND the trigram
      // index with her whole list from the (user_id, …) indexes — four times slower for one
      // word. The trigram index finds few rows of any doctor's; the filter keeps hers.
      rank
        ? sql`(${patients.userId} = ${bound('userId')}) is true`
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
    // The page's ids are chosen first, then only those patients are read with their latest
    // visits: joined before the LIMIT, the planner would read a visit for every patient a
    // common surname matches.
    const pageIds = db
      .select({ id: patients.id })
      .from(patients)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(bound('limit'));
    const visit = latestVisit(db, bound('userId'));
    return db
      .select({
        patient: patients,
        visitAt: visit.createdAt,
        visitInfo: visit.patientInfo,
        rank: rank ?? sql<null>`null`,
      })
      .from(patients)
      .leftJoinLateral(visit, sql`true`)
      .where(
        and(eq(patients.userId, bound('userId')), sql`${patients.id} = any(array(${pageIds}))`),
      )
      .orderBy(...order);
  };
  return {
    statement,
    shape: `${query?.kind ?? 'all'}-${words}${after ? '-after' : ''}`,
    values: {
      userId,
      limit,
      ...searchValues(query),
      ...(after
        ? { afterRank: after.rank ?? 0, afterName: after.searchName, afterId: after.id }
        : {}),
    },
  };
}

/** The patients store of one database. */
export function createPatientRepository(db: AppDatabase) {
  type PageQuery = ReturnType<typeof patientPageQuery>;
  const preparedPages = new Map<
    string,
    ReturnType<ReturnType<PageQuery['statement']>['prepare']>
  >();
  /** Runs a list page's statement, prepared the first time its shape is asked for. */
  const readPage = (page: PageQuery) => {
    let prepared = preparedPages.get(page.shape);
    if (!prepared) {
      prepared = page.statement().prepare(`patients_page_${page.shape}`);
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

    async insert(userId: string, input: PatientInput): Promise<CreateOutcome> {
      const now = new Date();
      try {
        const [row] = await db
          .insert(patients)
          .values({
            ...toColumns(input),
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
    ): Promise<UpdateOutcome> {
      const conditions = [ownedBy(userId, id)];
      if (expectedVersion !== undefined) conditions.push(eq(patients.version, expectedVersion));
      try {
        const [row] = await db
          .update(patients)
          .set({
            ...toColumns(input),
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
        const batch = await readPage(patientPageQuery(db, userId, query, after, wanted));
        for (const { patient, visitAt, visitInfo, rank } of batch) {
          if (words && !nameMatches(patient.searchName, words)) continue;
          matched.push({
            patient,
            lastVisit: lastVisitOf(visitAt, visitInfo),
            rank: rank ?? undefined,
          });
        }
        const last = batch[batch.length - 1];
        if (matched.length >= wanted || batch.length < wanted || !last) break;
        after = positionOf(last.patient, last.rank ?? undefined);
      }
      return matched.slice(0, wanted);
    },
  };
}

export type PatientRepository = ReturnType<typeof createPatientRepository>;
