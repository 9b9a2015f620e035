import { sql, type SQLWrapper } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatCpf } from '@shared/patients/identifiers';
import { PATIENT_LIST_DEFAULT_LIMIT } from '@shared/patients/patient';
import { TIMELINE_PAGE_SIZE } from '@shared/patients/chart';
import { readPatientQuery } from '@shared/patients/search';
import { openDatabase, type Database } from '../db/database';
import { users } from '../db/schema';
import { createLogger } from '../logger';
import {
  insertSyntheticDocuments,
  insertSyntheticPatients,
  insertSyntheticReceitas,
  insertSyntheticVisits,
  type SyntheticPatient,
} from '../testing/synthetic-patients';
import { genericPlanOf, planCacheChoiceOf, planOf, withValues } from '../testing/query-plans';
import { createMigratedTestStorage, type TestStorage } from '../testing/test-storage';
import { headerQuery, timelineQuery } from './chart-repository';
import { patientPageQuery as preparedPageQuery } from './repository';

/** A list page's statement as the repository prepares it, with the values it binds. */
function patientPageQuery(...args: Parameters<typeof preparedPageQuery>) {
  const page = preparedPageQuery(...args);
  return withValues(page.statement(), page.values);
}

// The patients' list and chart stay fast only while the planner reads them from their indexes.
// A practice's worth of data (one doctor with thousands of patients and years of visits, other
// doctors beside her), analysed — autovacuum's work on PostgreSQL; PGlite has none, so there
// only an explicit ANALYZE gives the planner statistics — and the plan of exactly the statements
// the repositories send.

const DOCTOR = 'doctor-plan';
const OTHER_DOCTORS = ['doctor-plan-2', 'doctor-plan-3', 'doctor-plan-4'];
const PATIENTS = 5_000;
const VISITS = 25_000;
const RECEITAS = 5_000;
const DOCUMENTS = 2_000;
/** What the list route reads for a first page: a page and one more row. */
const FIRST_PAGE_ROWS = PATIENT_LIST_DEFAULT_LIMIT + 1;
const NAME_INDEXES = ['patients_search_name_trgm_idx', 'patients_user_search_name_idx'];

/** What each scan of the statement's plan reads (see `planOf`). */
const scansOf = async (database: Database, statement: SQLWrapper) =>
  (await planOf(database.db, statement)).scans;

/** Whether one of the scans reads one of the indexes. */
const readsOneOf = (scans: string[], indexes: string[]) =>
  scans.some((scan) => indexes.some((index) => scan.endsWith(` using ${index}`)));

describe('the plans of the patients queries', () => {
  const state: { storage?: TestStorage; database?: Database; seeded: SyntheticPatient[] } = {
    seeded: [],
  };
  /** The seeded database, once beforeAll has run. */
  const opened = (): Database => {
    if (!state.database) throw new Error('the database is not open (beforeAll failed?)');
    return state.database;
  };

  beforeAll(async () => {
    state.storage = await createMigratedTestStorage();
    state.database = await openDatabase({
      databaseUrl: state.storage.databaseUrl,
      dataDir: state.storage.dataDir,
      logger: createLogger('silent'),
      durableWrites: false,
    });
    const { db } = state.database;
    await db
      .insert(users)
      .values(
        [DOCTOR, ...OTHER_DOCTORS].map((id) => ({ id, name: id, email: `${id}@prontu.test` })),
      );
    state.seeded = await insertSyntheticPatients(db, DOCTOR, PATIENTS);
    await insertSyntheticVisits(db, DOCTOR, VISITS);
    await insertSyntheticReceitas(db, DOCTOR, RECEITAS);
    await insertSyntheticDocuments(db, DOCTOR, DOCUMENTS);
    for (const [index, other] of OTHER_DOCTORS.entries()) {
      await insertSyntheticPatients(db, other, 300, index + 2);
      await insertSyntheticVisits(db, other, 1_000);
      await insertSyntheticReceitas(db, other, 200);
    }
    await db.execute(sql`analyze patients, medical_records, prescriptions, clinical_documents`);
  }, 180_000);

  afterAll(async () => {
    await state.database?.close();
    await state.storage?.cleanup();
  });

  /** A patient of the doctor's with a name of three words or more, to be searched in full. */
  const fullName = () =>
    state.seeded.find((patient) => patient.name.split(' ').length >= 3)?.name ?? '';

  it.each([
    ['two word starts', 'mar apar'],
    ['a common surname', 'silva'],
    ['two short starts', 'jo sou'],
    ['a full name', 'FULL NAME'],
  ])('a name search (%s) reads a name index, not the whole table', async (_, typed) => {
    const query = readPatientQuery(typed === 'FULL NAME' ? fullName() : typed);
    expect(query?.kind).toBe('name');
    const scans = await scansOf(
      opened(),
      patientPageQuery(opened().db, DOCTOR, query, undefined, FIRST_PAGE_ROWS),
    );
    expect(scans).not.toContain('Seq Scan on patients');
    expect(readsOneOf(scans, NAME_INDEXES), scans.join(', ')).toBe(true);
    // The page's patients come out of the search whole: not read a second time by key.
    expect(scans).not.toContain('Index Scan using patients_pkey');
  });

  it('a name search further down the list (after a cursor) reads a name index too', async () => {
    const scans = await scansOf(
      opened(),
      patientPageQuery(
        opened().db,
        DOCTOR,
        readPatientQuery('silva'),
        { searchName: 'maria', id: '' },
        FIRST_PAGE_ROWS,
      ),
    );
    expect(scans).not.toContain('Seq Scan on patients');
    expect(readsOneOf(scans, NAME_INDEXES), scans.join(', ')).toBe(true);
  });

  it('a common surname reads the latest visit of the page’s patients only', async () => {
    const plan = await planOf(
      opened().db,
      patientPageQuery(opened().db, DOCTOR, readPatientQuery('silva'), undefined, FIRST_PAGE_ROWS),
      { analyze: true },
    );
    const latestVisitScan = plan.scans.indexOf(
      'Index Scan using medical_records_patient_created_idx',
    );
    expect(latestVisitScan, plan.scans.join(', ')).toBeGreaterThanOrEqual(0);
    // More Silvas than a page holds: a visit read per match would be more than a page's worth.
    expect(state.seeded.filter(({ name }) => / Silva\b/.test(name)).length).toBeGreaterThan(
      FIRST_PAGE_ROWS,
    );
    expect(plan.scanRuns[latestVisitScan]).toBeLessThanOrEqual(FIRST_PAGE_ROWS);
  });

  it('a search by CPF and one by birth date read their indexes', async () => {
    const patient = state.seeded.find((each) => each.cpf && each.birthDate);
    const byCpf = await scansOf(
      opened(),
      patientPageQuery(
        opened().db,
        DOCTOR,
        readPatientQuery(formatCpf(patient?.cpf ?? '')),
        undefined,
        FIRST_PAGE_ROWS,
      ),
    );
    // Each patient's latest visit from her visits' index, beside (patients.test: lastVisit).
    const latestVisit = 'Index Scan using medical_records_patient_created_idx';
    // The page's patients from the search's index, read once (not again by key), then each
    // one's latest visit.
    expect(byCpf).toEqual([expect.stringMatching(/ using patients_user_cpf_idx$/), latestVisit]);
    const [year, month, day] = (patient?.birthDate ?? '').split('-');
    const byBirthDate = await scansOf(
      opened(),
      patientPageQuery(
        opened().db,
        DOCTOR,
        readPatientQuery(`${day}/${month}/${year}`),
        undefined,
        FIRST_PAGE_ROWS,
      ),
    );
    expect(byBirthDate).toEqual([
      expect.stringMatching(/ using patients_user_birth_date_idx$/),
      latestVisit,
    ]);
  });

  it('the list without a search reads the doctor’s name order from its index', async () => {
    const scans = await scansOf(
      opened(),
      patientPageQuery(opened().db, DOCTOR, undefined, undefined, FIRST_PAGE_ROWS),
    );
    // The page's patients in name order straight from the index (no sort of all her
    // patients), read once, then each one's latest visit from her visits' index.
    expect(scans).toEqual([
      'Index Scan using patients_user_search_name_idx',
      'Index Scan using medical_records_patient_created_idx',
    ]);
  });

  it('a timeline page reads her visits, receitas and documents newest first from her indexes', async () => {
    // The first patient by id has the most visits (the seeding's skew), the middle one a few.
    for (const patient of [state.seeded[0], state.seeded[PATIENTS / 2]]) {
      const scans = await scansOf(
        opened(),
        timelineQuery(DOCTOR, patient?.id ?? '', TIMELINE_PAGE_SIZE + 1, undefined),
      );
      // Her row by its key (she is the doctor's), then ordered index scans, stopped after a
      // page: neither all her visits sorted nor the doctor's walked.
      expect(scans).toEqual([
        'Index Scan using patients_pkey',
        'Index Scan using medical_records_patient_created_idx',
        'Index Scan using prescriptions_patient_created_idx',
        'Index Scan using clinical_documents_patient_created_idx',
      ]);
    }
  });

  it('a chart (her header and first timeline page) reads only her rows, from their indexes', async () => {
    for (const patient of [state.seeded[0], state.seeded[PATIENTS / 2]]) {
      const scans = await scansOf(
        opened(),
        withValues(headerQuery(opened().db, { timeline: true }), {
          userId: DOCTOR,
          patientId: patient?.id ?? '',
          limit: TIMELINE_PAGE_SIZE + 1,
        }),
      );
      expect(scans).not.toContain('Seq Scan on medical_records');
      expect(scans).not.toContain('Seq Scan on prescriptions');
      expect(scans).toContain('Index Scan using patients_pkey');
      expect(scans).toContain('Index Scan using prescriptions_patient_created_idx');
      // Her latest visit and her timeline's visits; her counts from the same indexes.
      for (const scan of scans.filter((each) => each.includes('medical_records'))) {
        expect(scan).toMatch(/medical_records_patient_created_idx$/);
      }
    }
  });

  // A prepared statement run again and again may be given one plan for any values (PostgreSQL's
  // plan cache does, once that plan costs no more): it must read the same indexes. And it must
  // be given it: planning a page took as long as running it, paid at every call of a statement
  // planned for each call's values (a bound LIMIT or the doctor bound twice made the plan for
  // any values look dearer, and a name's words made the estimates move with the data).
  it.each([
    ['one word', 'silva', ['patients_search_name_trgm_idx']],
    ['two words', 'mar apar', ['patients_search_name_trgm_idx']],
    ['a CPF', 'CPF', ['patients_user_cpf_idx']],
    ['a birth date', 'BIRTH DATE', ['patients_user_birth_date_idx']],
    ['nothing (the list)', '', ['patients_user_search_name_idx']],
  ])(
    'the plan made once for any search of %s reads its index, and is kept',
    async (_, typed, indexes) => {
      const patient = state.seeded.find((each) => each.cpf && each.birthDate);
      const [year, month, day] = (patient?.birthDate ?? '').split('-');
      const text =
        typed === 'CPF'
          ? formatCpf(patient?.cpf ?? '')
          : typed === 'BIRTH DATE'
            ? `${day}/${month}/${year}`
            : typed;
      for (const after of [undefined, { searchName: 'maria', id: '', rank: 0 }]) {
        const page = preparedPageQuery(
          opened().db,
          DOCTOR,
          text ? readPatientQuery(text) : undefined,
          after,
          FIRST_PAGE_ROWS,
        );
        const { scans } = await genericPlanOf(opened().db, page.statement(), page.values);
        expect(scans, scans.join(', ')).not.toContain('Seq Scan on patients');
        expect(readsOneOf(scans, indexes), scans.join(', ')).toBe(true);
        if (typed === 'silva' || typed === 'mar apar') {
          // Not her whole list from the doctor's indexes, ANDed with the words'.
          expect(scans.filter((scan) => / using patients_user_/.test(scan))).toEqual([]);
        }
        const choice = await planCacheChoiceOf(opened().db, page.statement(), page.values);
        expect(choice.genericPlans, JSON.stringify({ after, ...choice })).toBeGreaterThan(0);
      }
    },
  );

  it('the plan made once for any chart reads her rows by their keys, and is kept', async () => {
    const chart = headerQuery(opened().db, { timeline: true });
    const values = {
      userId: DOCTOR,
      patientId: state.seeded[0]?.id ?? '',
      limit: TIMELINE_PAGE_SIZE + 1,
    };
    const { scans } = await genericPlanOf(opened().db, chart, values);
    expect(scans.filter((scan) => scan.startsWith('Seq Scan'))).toEqual([]);
    expect(scans).toContain('Index Scan using patients_pkey');
    const choice = await planCacheChoiceOf(opened().db, chart, values);
    expect(choice.genericPlans, JSON.stringify(choice)).toBeGreaterThan(0);
  });
});
