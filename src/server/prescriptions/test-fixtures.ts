import type { ApiClient } from '../../shared/api/client';
import {
  batchesApi,
  prescriptionsApi,
  type PresentedPrescription,
} from '../../shared/api/prescriptions';
import type {
  BatchCreateInput,
  PrescriptionBatch,
  PrescriptionCreateInput,
} from '../../shared/prescription';

/** A valid prescription body, with `overrides` on top. */
export function prescriptionInput(
  overrides: Partial<PrescriptionCreateInput> = {},
): PrescriptionCreateInput {
  return {
    patientName: 'Maria Souza',
    patientAge: '45 anos',
    diagnosis: 'Amigdalite bacteriana',
    date: '2026-03-01',
    medications: [
      { name: 'Amoxicilina', dosage: '500 mg', frequency: 'de 8 em 8 horas', duration: '7 dias' },
    ],
    ...overrides,
  };
}

/** Creates a prescription of {@link prescriptionInput} and `overrides`; a refusal fails the test. */
export async function newPrescription(
  api: ApiClient,
  overrides: Partial<PrescriptionCreateInput> = {},
): Promise<PresentedPrescription> {
  const created = await api.call(prescriptionsApi.create, { body: prescriptionInput(overrides) });
  return created.prescription;
}

/** Creates a batch; a refusal fails the test. */
export async function newBatch(
  api: ApiClient,
  input: BatchCreateInput = {},
): Promise<PrescriptionBatch> {
  return (await api.call(batchesApi.create, { body: input })).batch;
}

export const prescriptionPath = (id: string) => `/api/prescriptions/${encodeURIComponent(id)}`;
export const batchPath = (id: string) => `/api/prescription-batches/${encodeURIComponent(id)}`;
