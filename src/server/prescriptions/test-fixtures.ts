import type { ApiClient } from '@shared/api/client';
import { prescriptionsApi, type PresentedPrescription } from '@shared/api/prescriptions';
import { batchesApi } from '@shared/api/prescription-batches';
import type {
  BatchCreateInput,
  PrescriptionBatch,
  PrescriptionCreateInput,
} from '@shared/prescriptions/prescription';

/**
 * A valid prescription body, with `overrides` on top: a simple receita, which issues without a
 * patient's CPF and signs digitally (an antimicrobial would need both her document and paper).
 */
export function prescriptionInput(
  overrides: Partial<PrescriptionCreateInput> = {},
): PrescriptionCreateInput {
  return {
    patientName: 'Maria Souza',
    patientAge: '45 anos',
    diagnosis: 'Cefaleia tensional',
    date: '2026-03-01',
    medications: [
      { name: 'Dipirona', dosage: '500 mg', frequency: 'de 6 em 6 horas', duration: '3 dias' },
    ],
    ...overrides,
  };
}

/** A CPF no other test patient has: nine random digits and their check digits. */
export function newCpf(): string {
  const digits = Array.from({ length: 9 }, () => Math.floor(Math.random() * 10));
  for (const length of [9, 10]) {
    const sum = digits
      .slice(0, length)
      .reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
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
