import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { decodePagingKey, encodePagingKey } from './paging-key';

describe('paging key', () => {
  it('round-trips a position to the millisecond', () => {
    const position = { createdAt: new Date('2026-11-21T10:11:12.345Z'), id: 'medical-record-abc' };
    const key = encodePagingKey(position);
    expect(key).toMatch(/^[\w-]+$/);
    expect(decodePagingKey(key)).toEqual(position);
  });

  it.each([
    '',
    'lixo',
    Buffer.from('{"t":"x","id":"y"}').toString('base64url'),
    Buffer.from('[1]').toString('base64url'),
  ])('refuses %j with a 400', (key) => {
    expect(() => decodePagingKey(key)).toThrow(HttpError);
  });
});
