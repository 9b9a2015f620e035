import { z } from 'zod';
import { patientIdSchema } from '../../shared/patient';
import { opaqueCursor } from '../http/opaque-cursor';

/** Position after the last patient of a page: patients are in name order, (searchName, id). */
export interface PatientPosition {
  searchName: string;
  id: string;
}

const cursor = opaqueCursor(
  z.strictObject({ n: z.string().max(1000), id: patientIdSchema }),
  'Cursor de paginação inválido.',
);

/** Encodes a position as the opaque `nextCursor` string the client sends back as is. */
export function encodePatientCursor(position: PatientPosition): string {
  return cursor.encode({ n: position.searchName, id: position.id });
}

/** @throws HttpError 400 when the cursor was not produced by {@link encodePatientCursor} */
export function decodePatientCursor(text: string): PatientPosition {
  const decoded = cursor.decode(text);
  return { searchName: decoded.n, id: decoded.id };
}
