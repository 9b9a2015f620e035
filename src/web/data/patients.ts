import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../shared/api/client';
import { patientsApi } from '../../shared/api/patients';
import type { PatientInfo } from '../../shared/medical-record';
import type { Patient, PatientWrite } from '../../shared/patient';
import {
  patientListChanges,
  withListChanges,
  type PatientListChanges,
} from '../../shared/patient-chart';
import { api } from './api';

/**
 * The doctor's patients (`/api/patients`) in the browser: reads are queries under
 * `patientKeys`; the few writes (a chart's lists after a visit) go straight to the server with
 * the version read, since a patient's data is never typed into for long (unlike a record).
 */

export const patientKeys = {
  all: ['patients'] as const,
  /** A search as typed ('' lists every patient). */
  search: (query: string) => ['patients', 'search', query] as const,
  detail: (id: string) => ['patients', 'detail', id] as const,
};

/** Shortest name that asks the server for matching patients: one letter matches too many. */
export const MATCH_MIN_LENGTH = 3;
const MATCHES_SHOWN = 5;

/**
 * The doctor's patients whose name matches what the patient step holds, as she types it (the
 * caller debounces); none for a name shorter than {@link MATCH_MIN_LENGTH}.
 */
export function usePatientMatches(name: string) {
  const query = name.trim();
  return useQuery({
    queryKey: patientKeys.search(query),
    queryFn: async ({ signal }) =>
      (await api.call(patientsApi.list, { query: { q: query, limit: MATCHES_SHOWN }, signal }))
        .patients,
    enabled: query.length >= MATCH_MIN_LENGTH,
    placeholderData: keepPreviousData,
  });
}

/** One patient, read fresh: another tab or device may have changed her since. */
export function readPatientFresh(cache: QueryClient, id: string): Promise<Patient> {
  return cache.query({
    queryKey: patientKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await api.call(patientsApi.get, { params: { id }, signal })).patient,
    staleTime: 0,
  });
}

/** A new patient from what a visit's patient step holds (the doctor adds the rest later). */
export async function createPatientFromVisit(
  cache: QueryClient,
  info: PatientInfo,
): Promise<Patient> {
  const body: PatientWrite = {
    name: info.name?.trim() ?? '',
    allergies: info.allergies ?? [],
    chronicConditions: info.chronicConditions ?? [],
    medications: info.medications ?? [],
    ...(info.gender ? { sex: info.gender } : {}),
  };
  const { patient } = await api.call(patientsApi.create, { body });
  cache.setQueryData(patientKeys.detail(patient.id), patient);
  void cache.invalidateQueries({ queryKey: ['patients', 'search'] });
  return patient;
}

/** The patient's data as a write: every field, since a PUT replaces her whole. */
function writeOf(patient: Patient): PatientWrite {
  const {
    id: _id,
    age: _age,
    version: _version,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    lastVisit: _lastVisit,
    counts: _counts,
    ...fields
  } = patient;
  return fields;
}

/**
 * Writes the changes the doctor confirmed after a visit into the patient's lists, over the
 * version she was read at. If another tab changed her meanwhile, the changes are worked out
 * again over what she is now (an allergy added elsewhere is kept), once.
 */
export async function applyListChanges(
  cache: QueryClient,
  patient: Patient,
  changes: PatientListChanges,
): Promise<Patient> {
  const write = (current: Patient, confirmed: PatientListChanges) =>
    api.call(patientsApi.update, {
      params: { id: current.id },
      body: { ...writeOf(current), ...withListChanges(current, confirmed) },
      ifMatch: current.version,
    });
  let saved: Patient;
  try {
    saved = (await write(patient, changes)).patient;
  } catch (error) {
    if (!(error instanceof ApiError) || error.code !== 'patient_changed') throw error;
    const current = await readPatientFresh(cache, patient.id);
    const visitLists = withListChanges(patient, changes);
    saved = (await write(current, patientListChanges(current, visitLists))).patient;
  }
  cache.setQueryData(patientKeys.detail(saved.id), saved);
  void cache.invalidateQueries({ queryKey: patientKeys.all });
  return saved;
}

/** One patient (none while `id` is undefined). */
export function usePatient(id: string | undefined) {
  return useQuery({
    queryKey: patientKeys.detail(id ?? ''),
    queryFn: async ({ signal }) =>
      (await api.call(patientsApi.get, { params: { id: id ?? '' }, signal })).patient,
    enabled: id !== undefined,
  });
}
