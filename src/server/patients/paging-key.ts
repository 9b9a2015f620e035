import { z } from 'zod';
import { patientIdSchema } from '../../shared/patient';
import { badRequest } from '../http/errors';

/** Position after the last patient of a page: patients are in name order, (searchName, id). */
export interface PatientPosition {
  searchName: string;
  id: string;
}

const positionSchema = z.strictObject({ n: z.string().max(1000), id: patientIdSchema });

/** Encodes a position as the opaque `nextCursor` string the client sends back as is. */
export function encodePatientCursor(position: PatientPosition): string {
  const json = JSON.stringify({ n: position.searchName, id: position.id });
  return Buffer.from(json, 'utf8').toString('base64url');
}

/** @throws HttpError 400 when the cursor was not produced by {@link encodePatientCursor} */
export function decodePatientCursor(cursor: string): PatientPosition {
  try {
    const decoded = positionSchema.parse(
      JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')),
    );
    return { searchName: decoded.n, id: decoded.id };
  } catch {
    throw badRequest('Cursor de paginação inválido.');
  }
}
