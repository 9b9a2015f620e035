import { z } from 'zod';
import { recordIdSchema } from '@shared/records/medical-record';
import { opaqueCursor } from '../http/opaque-cursor';

/** Position after the last record of a page: records are ordered by (createdAt, id), newest first. */
export interface RecordPosition {
  createdAt: Date;
  id: string;
}

const pagingKey = opaqueCursor(
  z.strictObject({ t: z.iso.datetime(), id: recordIdSchema }),
  'Chave de paginação (lastEvaluatedKey) inválida.',
);

/** Encodes a position as the opaque `lastEvaluatedKey` string the client sends back as is. */
export function encodePagingKey(position: RecordPosition): string {
  return pagingKey.encode({ t: position.createdAt.toISOString(), id: position.id });
}

/** @throws HttpError 400 when the key was not produced by {@link encodePagingKey} */
export function decodePagingKey(key: string): RecordPosition {
  const decoded = pagingKey.decode(key);
  return { createdAt: new Date(decoded.t), id: decoded.id };
}
