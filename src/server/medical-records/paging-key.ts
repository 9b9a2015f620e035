import { z } from 'zod';
import { recordIdSchema } from '../../shared/medical-record';
import { badRequest } from '../http/errors';

/** Position after the last record of a page: records are ordered by (createdAt, id), newest first. */
export interface RecordPosition {
  createdAt: Date;
  id: string;
}

const positionSchema = z.strictObject({
  t: z.iso.datetime(),
  id: recordIdSchema,
});

/** Encodes a position as the opaque `lastEvaluatedKey` string the client sends back as is. */
export function encodePagingKey(position: RecordPosition): string {
  const json = JSON.stringify({ t: position.createdAt.toISOString(), id: position.id });
  return Buffer.from(json, 'utf8').toString('base64url');
}

/** @throws HttpError 400 when the key was not produced by {@link encodePagingKey} */
export function decodePagingKey(key: string): RecordPosition {
  try {
    const decoded = positionSchema.parse(
      JSON.parse(Buffer.from(key, 'base64url').toString('utf8')),
    );
    return { createdAt: new Date(decoded.t), id: decoded.id };
  } catch {
    throw badRequest('Chave de paginação (lastEvaluatedKey) inválida.');
  }
}
