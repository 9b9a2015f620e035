import { z } from 'zod';
import { patientIdSchema } from '../../shared/medical-record';
import { opaqueCursor } from '../http/opaque-cursor';
import type { TimelinePosition } from './chart-repository';

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

const timelineCursor = opaqueCursor(
  z.strictObject({ t: z.iso.datetime(), id: z.string().min(1).max(200) }),
  'Cursor de paginação inválido.',
);

/** Encodes the position after a timeline page's last entry (newest first, (createdAt, id)). */
export function encodeTimelineCursor(position: TimelinePosition): string {
  return timelineCursor.encode({ t: position.createdAt.toISOString(), id: position.id });
}

/** @throws HttpError 400 when the cursor was not produced by {@link encodeTimelineCursor} */
export function decodeTimelineCursor(text: string): TimelinePosition {
  const decoded = timelineCursor.decode(text);
  return { createdAt: new Date(decoded.t), id: decoded.id };
}
