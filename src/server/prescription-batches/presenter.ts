import type { PrescriptionBatch } from '@shared/prescriptions/prescription';
import type { PrescriptionBatchRow } from '../db/schema';

/** The API shape of a stored batch: its prescriptions by id, in the batch's order. */
export function presentBatch(row: PrescriptionBatchRow): PrescriptionBatch {
  return {
    id: row.id,
    name: row.name,
    prescriptionIds: row.prescriptionIds,
    isFinalized: row.isFinalized,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    version: row.version,
  };
}
