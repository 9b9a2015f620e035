import { z } from 'zod';
import { patientIdSchema } from '@shared/records/medical-record';
import { badRequest } from '../http/errors';
import { opaqueCursor } from '../http/opaque-cursor';
import type { TimelinePosition } from './chart-repository';

/**
 * Position after the last patient of a page: patients are in name order, (searchName, id), or
 * for a name search best match first, (rank, searchName, id).
 */
export interface PatientPosition {
  searchName: string;
  id: string;
  /** Her rank in a name search; undefined in any other list. */
  rank?: number | undefined;
}

/** The position of a patient of a page. */
export function positionOf(
  patient: { searchName: string; id: string },
  rank: number | undefined,
): PatientPosition {
  return { searchName: patient.searchName, id: patient.id, rank };
}

const INVALID_CURSOR = 'Cursor de paginação inválido.';

const cursor = opaqueCursor(
  z.strictObject({
    n: z.string().max(1000),
    id: patientIdSchema,
    r: z.number().int().min(0).max(10_000).optional(),
  }),
  INVALID_CURSOR,
);

/** Encodes a position as the opaque `nextCursor` string the client sends back as is. */
export function encodePatientCursor(position: PatientPosition): string {
  return cursor.encode({
    n: position.searchName,
    id: position.id,
    ...(position.rank === undefined ? {} : { r: position.rank }),
  });
}

/**
 * @param ranked - whether the list is a name search's, whose positions carry a rank
 * @throws HttpError 400 when the cursor was not produced by {@link encodePatientCursor} for a
 *   list of the same kind
 */
export function decodePatientCursor(text: string, ranked: boolean): PatientPosition {
  const decoded = cursor.decode(text);
  if ((decoded.r !== undefined) !== ranked) throw badRequest(INVALID_CURSOR);
  return { searchName: decoded.n, id: decoded.id, rank: decoded.r };
}

const timelineCursor = opaqueCursor(
  z.strictObject({ t: z.iso.datetime(), id: z.string().min(1).max(200) }),
  INVALID_CURSOR,
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
