import { z } from 'zod';
import { patientSchema, type PatientWrite } from '../patients/patient';
import { renewalItemSchema, timelineItemSchema, vitalsPointSchema } from '../patients/chart';
import { endpoint, jsonBody, queryOf } from './client';

const patientAnswer = z.object({ patient: patientSchema });
const timelinePageAnswer = z.object({
  items: z.array(timelineItemSchema),
  nextCursor: z.string().optional(),
});

/** `/api/patients`: the doctor's patients (docs/api.md, "API de pacientes"). */
export const patientsApi = {
  create: endpoint({
    method: 'POST',
    path: '/api/patients',
    body: jsonBody<PatientWrite>(),
    answer: patientAnswer,
  }),
  /**
   * In name order, a page at a time (`nextCursor` names the next one); `q` is a name's word
   * starts, a CPF or CNS in any punctuation, or a birth date dd/mm/aaaa.
   */
  list: endpoint({
    method: 'GET',
    path: '/api/patients',
    query: queryOf<{ q?: string; limit?: number; cursor?: string }>(),
    answer: z.object({ patients: z.array(patientSchema), nextCursor: z.string().optional() }),
  }),
  get: endpoint({ method: 'GET', path: '/api/patients/:id', answer: patientAnswer }),
  /** Replaces the patient's data; with `ifMatch`, 409 `patient_changed` if newer. */
  update: endpoint({
    method: 'PUT',
    path: '/api/patients/:id',
    body: jsonBody<PatientWrite>(),
    answer: patientAnswer,
  }),
  /**
   * Erases her and everything kept about her (records, receitas), in one transaction; with
   * `ifMatch`, 409 `patient_changed` if newer.
   */
  erase: endpoint({
    method: 'DELETE',
    path: '/api/patients/:id',
    answer: z.object({
      success: z.literal(true),
      erased: z.object({ records: z.number(), prescriptions: z.number(), documents: z.number() }),
    }),
  }),
  /** Her visits and receitas, newest first, 20 at a time. */
  timeline: endpoint({
    method: 'GET',
    path: '/api/patients/:id/timeline',
    query: queryOf<{ cursor?: string }>(),
    answer: timelinePageAnswer,
  }),
  /** Her chart as it opens, in one call: her data and her timeline's first page. */
  chart: endpoint({
    method: 'GET',
    path: '/api/patients/:id/chart',
    answer: z.object({ patient: patientSchema, timeline: timelinePageAnswer }),
  }),
  /** The vital signs of her latest visits, oldest first, for the charts. */
  vitals: endpoint({
    method: 'GET',
    path: '/api/patients/:id/vitals',
    answer: z.object({ points: z.array(vitalsPointSchema) }),
  }),
  /**
   * 'Renovar receita': each of her medicines in use, for continuous use, with the dose, frequency
   * and instructions of its latest prescription (a finalised visit's or an issued receita's), or
   * without them when none says how to take it.
   */
  renewal: endpoint({
    method: 'GET',
    path: '/api/patients/:id/renewal',
    answer: z.object({ items: z.array(renewalItemSchema) }),
  }),
  /**
   * Everything kept about her as a FHIR R4 `Bundle` (`application/fhir+json`); the web app
   * saves it as a file. Read loosely here: the server's tests validate it against FHIR R4.
   */
  fhir: endpoint({
    method: 'GET',
    path: '/api/patients/:id/fhir',
    answer: z.looseObject({
      resourceType: z.literal('Bundle'),
      type: z.string(),
      entry: z.array(z.looseObject({ resource: z.looseObject({ resourceType: z.string() }) })),
    }),
  }),
  /** The same, as an HTML page she can read and print: the browser opens it, in a new tab. */
  summary: endpoint({
    method: 'GET',
    path: '/api/patients/:id/summary',
    answer: () => undefined,
  }),
  /** Moves everything of `otherId` into this patient and deletes `otherId`. */
  merge: endpoint({
    method: 'POST',
    path: '/api/patients/:id/merge',
    body: jsonBody<{ otherId: string }>(),
    answer: patientAnswer,
  }),
};
