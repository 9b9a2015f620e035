import {
  keepPreviousData,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { AiConsentStatus } from '@shared/ai/use';
import { ApiError, isApiError } from '@shared/api/client';
import { patientsApi } from '@shared/api/patients';
import { recordsApi } from '@shared/api/records';
import type { PatientInfo } from '@shared/records/medical-record';
import { withConditionCode } from '@shared/records/diagnoses';
import { patientSchema, type Patient, type PatientWrite } from '@shared/patients/patient';
import {
  patientListChanges,
  withListChanges,
  type PatientListChanges,
} from '@shared/patients/chart';
import { patientsNamed } from '@shared/chat/start-record-command';
import { api } from './api';
import { recordKeys } from './records';

/**
 * The doctor's patients (`/api/patients`; docs/product.md, "Pacientes") in the browser: the searched list, one
 * patient's data, her timeline and her vital signs, and the patients a visit's patient step
 * matches, read through the query cache with the keys below. Unlike a record's keystrokes, a
 * patient's changes are not queued on the device: each one — a new patient, an edit, the lists a
 * visit changes, an erase, a merge — goes straight to the server with the version read and waits
 * for its answer, because the form must show the server's refusal under the field (a CPF already
 * taken, a newer version saved elsewhere), and an erase or a merge must never be replayed later
 * from a device's queue. Signing out clears them with the rest of the cache (`forget()` in
 * doctor-data.tsx).
 */

export const patientKeys = {
  all: ['patients'] as const,
  /** The patients a visit's name matches, as typed ('' lists every patient). */
  search: (query: string) => ['patients', 'search', query] as const,
  /** The 'Pacientes' list for a search as typed (trimmed), a page at a time; '' for all. */
  list: (query: string) => ['patients', 'list', query] as const,
  detail: (id: string) => ['patients', 'detail', id] as const,
  timeline: (id: string) => ['patients', 'timeline', id] as const,
  vitals: (id: string) => ['patients', 'vitals', id] as const,
  renewal: (id: string) => ['patients', 'renewal', id] as const,
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
  settlePatient(cache, patient);
  return patient;
}

/** How many of a name search's best matches are read for an exact name: homonyms come first. */
const SAME_NAME_READ = 20;

/**
 * The patient of a visit started with her name typed (`/iniciar-prontuario Ana Lúcia Martins, …`):
 * the doctor's one patient with exactly that name, or a new patient made from what the visit's
 * patient step holds when she has none — the two choices the patient step offers
 * (patient-link.tsx), made for her. With several patients of that name the choice stays hers.
 * @returns the patient and whether she was created, or how many share the name
 */
export async function patientForVisitNamed(
  cache: QueryClient,
  info: PatientInfo & { name: string },
): Promise<{ patient: Patient; created: boolean } | { patient?: undefined; homonyms: number }> {
  const { patients } = await api.call(patientsApi.list, {
    query: { q: info.name, limit: SAME_NAME_READ },
  });
  const same = patientsNamed(info.name, patients);
  const [only] = same;
  if (same.length === 1 && only) return { patient: only, created: false };
  if (same.length > 1) return { homonyms: same.length };
  return { patient: await createPatientFromVisit(cache, info), created: true };
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
    // Her word on AI is kept as it is when a write leaves it out.
    aiConsent: _aiConsent,
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
  settlePatient(cache, saved);
  return saved;
}

/** Confirms a visit's changes to the patient's lists on her chart ({@link applyListChanges}). */
export function useApplyListChanges() {
  const cache = useQueryClient();
  return useMutation({
    mutationFn: (change: { patient: Patient; changes: PatientListChanges }) =>
      applyListChanges(cache, change.patient, change.changes),
  });
}

/**
 * Records on her chart the patient's word on AI in her care (docs/conformidade.md, "Uso de IA sob
 * a CFM 2.454/2026"): told and agreed — as the doctor confirms before recording — or refused, as
 * her chart lets the doctor say. The chart keeps who recorded it and when; the same word again
 * changes nothing.
 */
export async function recordAiConsent(
  cache: QueryClient,
  patientId: string,
  status: AiConsentStatus = 'informada',
): Promise<Patient> {
  const current = await readPatientFresh(cache, patientId);
  if (current.aiConsent?.status === status) return current;
  const { patient } = await api.call(patientsApi.update, {
    params: { id: current.id },
    body: { ...writeOf(current), aiConsent: status },
    ifMatch: current.version,
  });
  settlePatient(cache, patient);
  return patient;
}

/**
 * Writes the CID-10 code the doctor confirmed into one of her chronic conditions
 * (docs/product.md, "Diagnósticos codificados"): 'Hipertensão arterial' becomes 'Hipertensão
 * arterial (CID-10 I10)', read fresh and saved only over the version read (If-Match). A condition
 * removed meanwhile is left alone.
 */
export async function codeChronicCondition(
  cache: QueryClient,
  patientId: string,
  condition: string,
  code: string,
): Promise<Patient> {
  const current = await readPatientFresh(cache, patientId);
  if (!current.chronicConditions.includes(condition)) return current;
  const chronicConditions = current.chronicConditions.map((item) =>
    item === condition ? withConditionCode(item, code) : item,
  );
  const { patient } = await api.call(patientsApi.update, {
    params: { id: current.id },
    body: { ...writeOf(current), chronicConditions },
    ifMatch: current.version,
  });
  settlePatient(cache, patient);
  return patient;
}

/** {@link codeChronicCondition} as a mutation. */
export function useCodeChronicCondition(patientId: string) {
  const cache = useQueryClient();
  return useMutation({
    mutationFn: (change: { condition: string; code: string }) =>
      codeChronicCondition(cache, patientId, change.condition, change.code),
  });
}

/** Patients per page of the list. */
export const PATIENTS_PAGE_SIZE = 20;

/**
 * The doctor's patients in name order, a page at a time ('Carregar mais' asks for the next),
 * found by `query` (name word starts in any order, CPF, CNS or birth date); all without one.
 */
export function usePatientsList(query: string) {
  const q = query.trim();
  return useInfiniteQuery({
    queryKey: patientKeys.list(q),
    queryFn: ({ pageParam, signal }) =>
      api.call(patientsApi.list, {
        query: { ...(q ? { q } : {}), limit: PATIENTS_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    // Visits change a patient's last visit without telling the list: read it each time it shows.
    refetchOnMount: 'always',
    // While the next search is on its way, the last answer stays on screen.
    placeholderData: (previous) => previous,
  });
}

/** How one patient is read: her key in the cache and the call. */
export function patientQuery(id: string) {
  return queryOptions({
    queryKey: patientKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await api.call(patientsApi.get, { params: { id }, signal })).patient,
  });
}

/** One patient (none while `id` is undefined). */
export function usePatient(id: string | undefined) {
  return useQuery({ ...patientQuery(id ?? ''), enabled: id !== undefined });
}

/**
 * Her chart: her data and her visits and receitas, newest first, a page at a time. It opens in
 * one call — her data and the timeline's first page together (GET …/chart) — read again each
 * time the chart shows (the counts the erase names must include the visit just made); her data
 * goes where her other screens read it ({@link usePatient}).
 */
export function usePatientChart(id: string) {
  const cache = useQueryClient();
  const timeline = useInfiniteQuery({
    queryKey: patientKeys.timeline(id),
    queryFn: async ({ pageParam, signal }) => {
      if (pageParam !== undefined) {
        return api.call(patientsApi.timeline, {
          params: { id },
          query: { cursor: pageParam },
          signal,
        });
      }
      const chart = await api.call(patientsApi.chart, { params: { id }, signal });
      cache.setQueryData(patientKeys.detail(id), chart.patient);
      return chart.timeline;
    },
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
    refetchOnMount: 'always',
  });
  // Filled by the timeline's first page, never read on its own here.
  const patient = useQuery({
    queryKey: patientKeys.detail(id),
    queryFn: async ({ signal }) =>
      (await api.call(patientsApi.get, { params: { id }, signal })).patient,
    enabled: false,
  });
  return { patient: patient.data, timeline };
}

export type PatientTimelineQuery = ReturnType<typeof usePatientChart>['timeline'];

/** The vital signs of her visits, oldest first, for the charts. */
export function usePatientVitals(id: string) {
  return useQuery({
    queryKey: patientKeys.vitals(id),
    queryFn: async ({ signal }) =>
      (await api.call(patientsApi.vitals, { params: { id }, signal })).points,
    refetchOnMount: 'always',
  });
}

/**
 * 'Renovar receita': her medicines in use with the posology of the latest prescription of each,
 * read each time the renewal opens (a receita issued a minute ago counts) and not kept after.
 */
export function usePatientRenewal(id: string, enabled: boolean) {
  return useQuery({
    queryKey: patientKeys.renewal(id),
    queryFn: async ({ signal }) =>
      (await api.call(patientsApi.renewal, { params: { id }, signal })).items,
    enabled,
    staleTime: 0,
    gcTime: 0,
  });
}

type PatientPages = InfiniteData<{ patients: Patient[]; nextCursor?: string | undefined }>;

/**
 * After a change: every list read again — the chart's and the patient step's matches, so an
 * erased or merged patient is never offered — and her data as the server answered it.
 */
function settlePatient(cache: QueryClient, patient: Patient | undefined): void {
  if (patient) cache.setQueryData(patientKeys.detail(patient.id), patient);
  void cache.invalidateQueries({ queryKey: ['patients', 'list'] });
  void cache.invalidateQueries({ queryKey: ['patients', 'search'] });
}

/** Creates a patient. @returns her, as the server keeps her */
export function useCreatePatient() {
  const cache = useQueryClient();
  return useMutation({
    mutationFn: async (input: PatientWrite) =>
      (await api.call(patientsApi.create, { body: input })).patient,
    onSuccess: (patient) => settlePatient(cache, patient),
  });
}

/**
 * The patient another tab or device saved meanwhile, from a 409 `patient_changed`; shown in the
 * form in place of what the doctor had read, so nothing is written over unseen.
 */
export function currentPatientOf(error: unknown): Patient | undefined {
  if (!isApiError(error, 'patient_changed')) return undefined;
  const body = error.body;
  const parsed = patientSchema.safeParse(
    typeof body === 'object' && body !== null && 'patient' in body ? body.patient : undefined,
  );
  return parsed.success ? parsed.data : undefined;
}

/** Replaces a patient's data, if she is still the version read (If-Match). */
export function useUpdatePatient() {
  const cache = useQueryClient();
  return useMutation({
    mutationFn: async (change: { id: string; version: number; input: PatientWrite }) =>
      (
        await api.call(patientsApi.update, {
          params: { id: change.id },
          body: change.input,
          ifMatch: change.version,
        })
      ).patient,
    onSuccess: (patient) => settlePatient(cache, patient),
    onError: (error) => {
      // Saved elsewhere meanwhile: her chart shows the version the server holds.
      const current = currentPatientOf(error);
      if (current) settlePatient(cache, current);
    },
  });
}

/**
 * Erases her and everything kept about her, if she is still the version read (If-Match).
 * @returns how many records and receitas went with her
 */
export function useErasePatient() {
  const cache = useQueryClient();
  return useMutation({
    mutationFn: async (patient: Pick<Patient, 'id' | 'version'>) =>
      (
        await api.call(patientsApi.erase, {
          params: { id: patient.id },
          ifMatch: patient.version,
        })
      ).erased,
    onSuccess: (_erased, patient) => {
      // Out of every list at once: the list shown next must not offer her while it is read again.
      cache.setQueriesData<PatientPages>({ queryKey: ['patients', 'list'] }, (data) =>
        data
          ? {
              ...data,
              pages: data.pages.map((page) => ({
                ...page,
                patients: page.patients.filter((listed) => listed.id !== patient.id),
              })),
            }
          : data,
      );
      for (const key of [
        patientKeys.detail(patient.id),
        patientKeys.timeline(patient.id),
        patientKeys.vitals(patient.id),
      ]) {
        cache.removeQueries({ queryKey: key });
      }
      // Her records went with her: the records list must not show them.
      void cache.invalidateQueries({ queryKey: ['records', 'list'] });
      settlePatient(cache, undefined);
    },
    onError: (error) => {
      const current = currentPatientOf(error);
      if (current) settlePatient(cache, current);
    },
  });
}

/** These patients' charts read again: header, timeline and vital signs. */
function refreshCharts(cache: QueryClient, ids: readonly string[]): void {
  for (const id of ids) {
    for (const key of [patientKeys.detail(id), patientKeys.timeline(id), patientKeys.vitals(id)]) {
      void cache.invalidateQueries({ queryKey: key });
    }
  }
}

/** Moves everything of `otherId` into this patient and deletes `otherId`. */
export function useMergePatients() {
  const cache = useQueryClient();
  return useMutation({
    mutationFn: async (merge: { id: string; otherId: string }) =>
      (
        await api.call(patientsApi.merge, {
          params: { id: merge.id },
          body: { otherId: merge.otherId },
        })
      ).patient,
    onSuccess: (patient, merge) => {
      refreshCharts(cache, [merge.id]);
      cache.removeQueries({ queryKey: patientKeys.detail(merge.otherId) });
      cache.removeQueries({ queryKey: patientKeys.timeline(merge.otherId) });
      cache.removeQueries({ queryKey: patientKeys.vitals(merge.otherId) });
      settlePatient(cache, patient);
    },
  });
}

/**
 * Files a finalised visit under another patient — the patient it was wrongly filed under, or a
 * duplicate registration; its content never changes. Both charts and every list are read again.
 */
export function useMoveVisit() {
  const cache = useQueryClient();
  return useMutation({
    mutationFn: async (move: { recordId: string; fromId: string; toId: string }) =>
      (
        await api.call(recordsApi.update, {
          params: { id: move.recordId },
          body: { patientId: move.toId },
        })
      ).record,
    onSuccess: (_record, move) => {
      refreshCharts(cache, [move.fromId, move.toId]);
      void cache.invalidateQueries({ queryKey: recordKeys.detail(move.recordId) });
      settlePatient(cache, undefined);
    },
  });
}

/** Where her data downloads as a FHIR R4 Bundle (same origin: the session cookie goes along). */
export function patientFhirUrl(id: string): string {
  return api.url(patientsApi.fhir, { params: { id } });
}

/** Where her printable summary opens (same origin, with the session cookie). */
export function patientSummaryUrl(id: string): string {
  return api.url(patientsApi.summary, { params: { id } });
}
