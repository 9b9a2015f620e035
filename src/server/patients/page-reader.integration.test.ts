import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPatientQuery } from '@shared/patients/search';
import { openDatabase, type Database } from '../db/database';
import { users } from '../db/schema';
import { createLogger } from '../logger';
import { insertSyntheticPatients, insertSyntheticVisits } from '../testing/synthetic-patients';
import { createMigratedTestStorage, type TestStorage } from '../testing/test-storage';
import { lastVisitOf } from './chart-repository';
import { positionOf } from './paging-key';
import { createPatientRepository, patientPageQuery } from './repository';

// The list reads its pages with a row reader of its own (db/row-reader.ts), not Drizzle's
// mapper: it must read exactly what Drizzle would, field by field, for every kind of page.

const DOCTOR = 'doctor-page-reader';

describe('a list page read by its own row reader', () => {
  const state: { storage?: TestStorage; database?: Database } = {};
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
    await db.insert(users).values({ id: DOCTOR, name: DOCTOR, email: `${DOCTOR}@prontu.test` });
    const repository = createPatientRepository(db);
    // Every field set, accents and all: what the synthetic patients leave empty.
    const full = await repository.insert(
      DOCTOR,
      {
        name: 'Conceição Aparecida da Silva',
        birthDate: '1961-03-12',
        sex: 'feminino',
        cpf: '52998224725',
        cns: '700000000000005',
        phone: '(11) 98765-4321',
        address: {
          street: 'Rua das Acácias',
          number: '12',
          city: 'São Paulo',
          district: 'Jardim Paulista',
          uf: 'SP',
          cep: '01310100',
        },
        allergies: ['dipirona', 'penicilina'],
        chronicConditions: ['Hipertensão arterial'],
        medications: ['Losartana 50 mg'],
        notes: 'Prefere consultas pela manhã ½ dia — “sem jejum”.',
      },
      DOCTOR,
    );
    if (full.kind !== 'created') throw new Error('the full patient was not created');
    await insertSyntheticPatients(db, DOCTOR, 60);
    await insertSyntheticVisits(db, DOCTOR, 150);
  });

  afterAll(async () => {
    await state.database?.close();
    await state.storage?.cleanup();
  });

  it('reads every kind of page as Drizzle maps it', async () => {
    const { db } = opened();
    const repository = createPatientRepository(db);
    const searches = [undefined, 'silva', 'conc apar', '12/03/1961', '529.982.247-25'];
    for (const typed of searches) {
      const query = typed === undefined ? undefined : readPatientQuery(typed);
      const first = await repository.list(DOCTOR, { query, limit: 10, after: undefined });
      const last = first[first.length - 2];
      const after = last && positionOf(last.patient, last.rank);
      for (const position of after ? [undefined, after] : [undefined]) {
        const page = patientPageQuery(db, DOCTOR, query, position, 11);
        const mapped = await page.statement().execute(page.values);
        const read = await repository.list(DOCTOR, { query, limit: 10, after: position });
        expect(mapped.length, `${typed ?? 'list'}: rows`).toBeGreaterThan(0);
        expect(read, typed ?? 'list').toEqual(
          mapped.map(({ patient, visitAt, visitAge, rank }) => ({
            patient,
            lastVisit: lastVisitOf(visitAt, visitAge),
            rank: rank ?? undefined,
          })),
        );
      }
    }
    const [full] = await repository.list(DOCTOR, {
      query: readPatientQuery('conceicao'),
      limit: 1,
      after: undefined,
    });
    expect(full?.patient.address?.city).toBe('São Paulo');
    expect(full?.patient.createdAt).toBeInstanceOf(Date);
  });
});
