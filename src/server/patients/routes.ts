import { Hono } from 'hono';
import {
  localToday,
  patientIdSchema,
  patientInputSchema,
  patientListQuerySchema,
} from '../../shared/patient';
import { readPatientQuery } from '../../shared/patient-search';
import { currentDoctor, requireDoctor } from '../auth/require-doctor';
import type { SessionVerifier } from '../auth/session-verifier';
import type { AppDatabase } from '../db/database';
import type { PatientRow } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { conflict, notFound } from '../http/errors';
import { parseOrBadRequest, readJsonBody } from '../http/json-body';
import { etagOf, parseIfMatch } from '../http/versions';
import { decodePatientCursor, encodePatientCursor } from './paging-key';
import { presentPatient } from './presenter';
import { createPatientRepository, type Duplicate } from './repository';

const PATIENT_NOT_FOUND = 'Paciente não encontrado.';
const PATIENT_CHANGED_ELSEWHERE =
  'Este paciente foi alterado em outra aba ou dispositivo. Confira os dados atuais antes de continuar.';
const DUPLICATE_MESSAGES = {
  cpf: 'Já existe um paciente seu com este CPF.',
  cns: 'Já existe um paciente seu com este CNS.',
} as const;
const INVALID_IF_MATCH = 'Cabeçalho If-Match inválido: envie a versão do paciente.';

/** Read once: the birth date's "not in the future" asks for the local day at each parse. */
const patientInput = patientInputSchema();

/** `/api/patients`: the doctor's patients (issue 19; README, API de pacientes). */
export function patientRoutes(deps: { db: AppDatabase; sessions: SessionVerifier }): Hono<AppEnv> {
  const patients = createPatientRepository(deps.db);
  const present = (row: PatientRow) => presentPatient(row, localToday());
  const routes = new Hono<AppEnv>();
  routes.use('*', requireDoctor(deps.sessions));

  routes.post('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const input = await readJsonBody(c, patientInput);
    const outcome = await patients.insert(doctor.id, input);
    if (outcome.kind === 'duplicate') throw duplicate(outcome);
    c.header('ETag', etagOf(outcome.row.version));
    return c.json({ success: true, patient: present(outcome.row) }, 201);
  });

  routes.get('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const query = parseOrBadRequest(patientListQuerySchema, c.req.query());
    const rows = await patients.list(doctor.id, {
      query: query.q === undefined ? undefined : readPatientQuery(query.q),
      limit: query.limit,
      after: query.cursor ? decodePatientCursor(query.cursor) : undefined,
    });
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    const nextCursor = rows.length > query.limit && last ? encodePatientCursor(last) : undefined;
    return c.json({ success: true, patients: page.map(present), nextCursor });
  });

  routes.get('/:id', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const row = await patients.find(doctor.id, patientIdFrom(c.req.param('id')));
    if (!row) throw notFound(PATIENT_NOT_FOUND);
    c.header('ETag', etagOf(row.version));
    return c.json({ success: true, patient: present(row) });
  });

  // The whole patient is sent: a field left out is cleared (the form always sends them all).
  routes.put('/:id', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = patientIdFrom(c.req.param('id'));
    const expectedVersion = parseIfMatch(c.req.header('if-match'), INVALID_IF_MATCH);
    const input = await readJsonBody(c, patientInput);
    const outcome = await patients.update(doctor.id, id, input, expectedVersion);
    switch (outcome.kind) {
      case 'not-found':
        throw notFound(PATIENT_NOT_FOUND);
      case 'stale':
        throw conflict(PATIENT_CHANGED_ELSEWHERE, 'patient_changed', {
          patient: present(outcome.current),
        });
      case 'duplicate':
        throw duplicate(outcome);
      case 'updated':
        c.header('ETag', etagOf(outcome.row.version));
        return c.json({ success: true, patient: present(outcome.row) });
    }
  });

  // Only the patient row for now. Erasing everything attached to her (records, receitas,
  // documents) in one transaction comes with the visits that belong to a patient (issue 19,
  // "LGPD rights"); until then no other table refers to a patient.
  routes.delete('/:id', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = patientIdFrom(c.req.param('id'));
    const expectedVersion = parseIfMatch(c.req.header('if-match'), INVALID_IF_MATCH);
    const outcome = await patients.remove(doctor.id, id, expectedVersion);
    switch (outcome.kind) {
      case 'not-found':
        throw notFound(PATIENT_NOT_FOUND);
      case 'stale':
        throw conflict(PATIENT_CHANGED_ELSEWHERE, 'patient_changed', {
          patient: present(outcome.current),
        });
      case 'removed':
        return c.json({ success: true });
    }
  });

  return routes;
}

/** 409 naming which identifier is taken and by which patient, so the app can open her. */
function duplicate(outcome: Duplicate) {
  return conflict(DUPLICATE_MESSAGES[outcome.field], 'patient_duplicate', {
    field: outcome.field,
    patientId: outcome.existingId,
  });
}

/** An id that no patient could have (e.g. with a NUL) is simply not found. */
function patientIdFrom(param: string): string {
  if (!patientIdSchema.safeParse(param).success) throw notFound(PATIENT_NOT_FOUND);
  return param;
}
