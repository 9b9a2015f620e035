import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import { patientIdSchema } from '@shared/records/medical-record';
import { localToday } from '@shared/lib/local-day';
import { patientInputSchema, patientListQuerySchema } from '@shared/patients/patient';
import { patientBundle } from '@clinical/fhir/patient-bundle';
import { cid10DescriptionOf, type Cid10Index } from '@clinical/cid10/search-index';
import { patientSummaryHtml, SUMMARY_STYLE } from '@clinical/fhir/patient-summary';
import { fhirFileName } from '@shared/patients/display';
import { TIMELINE_PAGE_SIZE, VITALS_MAX_POINTS } from '@shared/patients/chart';
import { readPatientQuery } from '@shared/patients/search';
import { retentionEndOf, retentionRefusal } from '@shared/records/retention';
import { currentDoctor, requireDoctor } from '../auth/require-doctor';
import type { SessionVerifier } from '../auth/session-verifier';
import type { AppDatabase } from '../db/database';
import type { PatientRow } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { badRequest, conflict, notFound } from '../http/errors';
import { parseOrBadRequest, readJsonBody } from '../http/json-body';
import { idParam } from '../http/route-params';
import { etagOf, parseIfMatch } from '../http/versions';
import { createChartRepository, type TimelineRow } from './chart-repository';
import { loadPatientExport } from './export';
import {
  positionOf,
  decodePatientCursor,
  decodeTimelineCursor,
  encodePatientCursor,
  encodeTimelineCursor,
} from './paging-key';
import { PATIENT_NOT_FOUND } from './own-patient';
import { presentPatient, presentRenewal, presentTimelineItem, presentVitals } from './presenter';
import { createPatientRepository, type Duplicate } from './repository';

const PATIENT_CHANGED_ELSEWHERE =
  'Este paciente foi alterado em outra aba ou dispositivo. Confira os dados atuais antes de continuar.';
const DUPLICATE_MESSAGES = {
  cpf: 'Já existe um paciente seu com este CPF.',
  cns: 'Já existe um paciente seu com este CNS.',
} as const;
const INVALID_IF_MATCH = 'Cabeçalho If-Match inválido: envie a versão do paciente.';
const MERGE_WITH_ITSELF = 'Escolha outro paciente: não é possível unir um paciente a ele mesmo.';

const SUMMARY_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(SUMMARY_STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const timelineQuerySchema = z.strictObject({ cursor: z.string().min(1).max(1000).optional() });

/** A timeline page as answered, from up to a page and one more row read. */
function timelinePageOf(rows: readonly TimelineRow[]) {
  const page = rows.slice(0, TIMELINE_PAGE_SIZE);
  const last = page[page.length - 1];
  const nextCursor =
    rows.length > TIMELINE_PAGE_SIZE && last ? encodeTimelineCursor(last) : undefined;
  return { items: page.map(presentTimelineItem), nextCursor };
}
const mergeBodySchema = z.strictObject({ otherId: patientIdSchema });

/** Read once: the birth date's "not in the future" asks for the local day at each parse. */
const patientInput = patientInputSchema();

/** `/api/patients`: the doctor's patients (docs/api.md, "API de pacientes"). */
export function patientRoutes(deps: {
  db: AppDatabase;
  sessions: SessionVerifier;
  /** The CID-10 catalogue: the export's codes are checked and named by it. */
  cid10: Cid10Index;
}): Hono<AppEnv> {
  const patients = createPatientRepository(deps.db);
  const charts = createChartRepository(deps.db);
  const present = (row: PatientRow) => presentPatient(row, localToday());
  /**
   * One patient as `GET /:id` answers her: with her latest visit and what is kept about her;
   * 404 when she is missing or another doctor's.
   */
  const presentWhole = async (doctorId: string, id: string) => {
    const header = await charts.header(doctorId, id);
    if (!header) throw notFound(PATIENT_NOT_FOUND);
    const { patient, ...extras } = header;
    return { row: patient, patient: presentPatient(patient, localToday(), extras) };
  };
  /** Everything kept about the patient, or 404 when she is missing or another doctor's. */
  const exportOf = async (doctorId: string, id: string) => {
    const data = await loadPatientExport(deps.db, doctorId, id, new Date());
    if (!data) throw notFound(PATIENT_NOT_FOUND);
    return data;
  };
  /** The patient, or 404 when she is missing or another doctor's. */
  const ownPatient = async (doctorId: string, id: string) => {
    const row = await patients.find(doctorId, id);
    if (!row) throw notFound(PATIENT_NOT_FOUND);
    return row;
  };
  const describeCid = (code: string) => cid10DescriptionOf(deps.cid10, code);
  const routes = new Hono<AppEnv>();
  routes.use('*', requireDoctor(deps.sessions));

  routes.post('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const input = await readJsonBody(c, patientInput);
    const outcome = await patients.insert(doctor.id, input, doctor.name);
    if (outcome.kind === 'duplicate') throw duplicate(outcome);
    c.header('ETag', etagOf(outcome.row.version));
    return c.json({ success: true, patient: present(outcome.row) }, 201);
  });

  routes.get('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const query = parseOrBadRequest(patientListQuerySchema, c.req.query());
    const search = query.q === undefined ? undefined : readPatientQuery(query.q);
    const rows = await patients.list(doctor.id, {
      query: search,
      limit: query.limit,
      after: query.cursor ? decodePatientCursor(query.cursor, search?.kind === 'name') : undefined,
    });
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    const nextCursor =
      rows.length > query.limit && last
        ? encodePatientCursor(positionOf(last.patient, last.rank))
        : undefined;
    const today = localToday();
    c.set(
      'listedIds',
      page.map(({ patient }) => patient.id),
    );
    return c.json({
      success: true,
      patients: page.map(({ patient, lastVisit }) => presentPatient(patient, today, { lastVisit })),
      nextCursor,
    });
  });

  routes.get('/:id', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const { row, patient } = await presentWhole(doctor.id, idParam(c, PATIENT_NOT_FOUND));
    c.header('ETag', etagOf(row.version));
    return c.json({ success: true, patient });
  });

  // Her chart as the screen opens it: her header and her timeline's first page, in one
  // statement (GET /:id and GET /:id/timeline, together).
  routes.get('/:id/chart', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const chart = await charts.chart(
      doctor.id,
      idParam(c, PATIENT_NOT_FOUND),
      TIMELINE_PAGE_SIZE + 1,
    );
    if (!chart) throw notFound(PATIENT_NOT_FOUND);
    const { patient, timeline, ...extras } = chart;
    c.header('ETag', etagOf(patient.version));
    return c.json({
      success: true,
      patient: presentPatient(patient, localToday(), extras),
      timeline: timelinePageOf(timeline),
    });
  });

  routes.get('/:id/timeline', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = idParam(c, PATIENT_NOT_FOUND);
    const query = parseOrBadRequest(timelineQuerySchema, c.req.query());
    const rows = await charts.timeline(
      doctor.id,
      id,
      TIMELINE_PAGE_SIZE,
      query.cursor ? decodeTimelineCursor(query.cursor) : undefined,
    );
    if (!rows) throw notFound(PATIENT_NOT_FOUND);
    return c.json({ success: true, ...timelinePageOf(rows) });
  });

  routes.get('/:id/vitals', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const row = await ownPatient(doctor.id, idParam(c, PATIENT_NOT_FOUND));
    const visits = await charts.vitals(doctor.id, row.id, VITALS_MAX_POINTS);
    const points = visits.flatMap((visit) => presentVitals(visit) ?? []).reverse();
    return c.json({ success: true, points });
  });

  // 'Renovar receita': her medicines in use with the posology of the latest prescription of each.
  // Read when the doctor asks for it, not with every chart: only then is it needed, and it is
  // then as fresh as her last receita.
  routes.get('/:id/renewal', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const found = await charts.prescribedHistory(doctor.id, idParam(c, PATIENT_NOT_FOUND));
    if (!found) throw notFound(PATIENT_NOT_FOUND);
    return c.json({ success: true, items: presentRenewal(found.inUse, found.history) });
  });

  // LGPD art. 18, II and V: everything kept about her, as FHIR R4 for another system to read.
  routes.get('/:id/fhir', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const data = await exportOf(doctor.id, idParam(c, PATIENT_NOT_FOUND));
    return c.body(JSON.stringify(patientBundle(data, describeCid)), 200, {
      'Content-Type': 'application/fhir+json; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fhirFileName(data.patient.name)}"`,
    });
  });

  // The same, as a page she can read and print.
  routes.get('/:id/summary', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const data = await exportOf(doctor.id, idParam(c, PATIENT_NOT_FOUND));
    return c.body(patientSummaryHtml(data, describeCid), 200, {
      'Content-Type': 'text/html; charset=utf-8',
      // No script at all; its one <style> element allowed by its hash.
      'Content-Security-Policy': SUMMARY_CSP,
    });
  });

  routes.post('/:id/merge', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = idParam(c, PATIENT_NOT_FOUND);
    const { otherId } = await readJsonBody(c, mergeBodySchema);
    const outcome = await charts.merge(doctor.id, id, otherId);
    switch (outcome.kind) {
      case 'same':
        throw badRequest(MERGE_WITH_ITSELF);
      case 'not-found':
        throw notFound(PATIENT_NOT_FOUND);
      case 'merged': {
        const { row, patient } = await presentWhole(doctor.id, id);
        c.header('ETag', etagOf(row.version));
        return c.json({ success: true, patient });
      }
    }
  });

  // The whole patient is sent: a field left out is cleared (the form always sends them all),
  // but for her word on AI, which stays as it was when left out.
  routes.put('/:id', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = idParam(c, PATIENT_NOT_FOUND);
    const expectedVersion = parseIfMatch(c.req.header('if-match'), INVALID_IF_MATCH);
    const input = await readJsonBody(c, patientInput);
    const outcome = await patients.update(doctor.id, id, input, expectedVersion, doctor.name);
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

  // Erases a patient registered by mistake, with nothing in her record, in one transaction. Once
  // she has a visit, a receita or a document her record is kept for the legal period
  // (shared/records/retention.ts): 409, nothing removed, and the refused request stays in the
  // audit trail like every write.
  routes.delete('/:id', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = idParam(c, PATIENT_NOT_FOUND);
    const expectedVersion = parseIfMatch(c.req.header('if-match'), INVALID_IF_MATCH);
    const outcome = await charts.erase(doctor.id, id, expectedVersion);
    switch (outcome.kind) {
      case 'not-found':
        throw notFound(PATIENT_NOT_FOUND);
      case 'stale':
        throw conflict(PATIENT_CHANGED_ELSEWHERE, 'patient_changed', {
          patient: present(outcome.current),
        });
      case 'retained':
        throw conflict(retentionRefusal(outcome.lastEntryAt), 'retention_required', {
          keepUntil: retentionEndOf(outcome.lastEntryAt).toISOString(),
        });
      case 'erased':
        return c.json({
          success: true,
          erased: {
            records: outcome.records,
            prescriptions: outcome.prescriptions,
            documents: outcome.documents,
          },
        });
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
