import { describe, expect, it } from 'vitest';
import {
  COMPLAINT_PREVIEW_LENGTH,
  complaintPreview,
  hasMoreRecords,
  patientAgeText,
  patientNameOf,
  recordCountText,
  UNNAMED_PATIENT,
  withoutRecord,
} from './list-rules';

describe('patientNameOf', () => {
  it('shows the name, spaces tidied', () => {
    expect(patientNameOf({ patientInfo: { name: '  Maria   Souza ' } })).toBe('Maria Souza');
  });

  it.each([
    ['no patient part', {}],
    ['no name', { patientInfo: {} }],
    ['a blank name', { patientInfo: { name: '   ' } }],
  ])('says "Paciente sem nome" with %s', (_case, record) => {
    expect(patientNameOf(record)).toBe(UNNAMED_PATIENT);
    expect(UNNAMED_PATIENT).toBe('Paciente sem nome');
  });
});

describe('patientAgeText', () => {
  it.each([
    [45, '45 anos'],
    [1, '1 ano'],
    [0, '0 anos'],
    [150, '150 anos'],
  ])('%d → %s', (age, text) => {
    expect(patientAgeText(age)).toBe(text);
  });

  it.each([undefined, Number.NaN, -1])('is nothing for %s', (age) => {
    expect(patientAgeText(age)).toBeUndefined();
  });
});

describe('complaintPreview', () => {
  it('keeps a complaint of up to 60 characters whole', () => {
    const exact = 'a'.repeat(COMPLAINT_PREVIEW_LENGTH);
    expect(COMPLAINT_PREVIEW_LENGTH).toBe(60);
    expect(complaintPreview(exact)).toBe(exact);
    expect(complaintPreview('Cefaleia holocraniana')).toBe('Cefaleia holocraniana');
  });

  it('cuts a longer one at 60 characters and adds "…"', () => {
    const long = `Queixa número 1 ${'muito longa '.repeat(10)}`;
    const preview = complaintPreview(long);
    expect(preview).toBe(`${long.slice(0, 60).trimEnd()}…`);
    expect(preview?.endsWith('…')).toBe(true);
    expect(Array.from(preview ?? '').length).toBeLessThanOrEqual(61);
  });

  it('flattens line breaks and never splits a character made of two code units', () => {
    expect(complaintPreview('Dor\n\nno peito')).toBe('Dor no peito');
    const emoji = `${'x'.repeat(59)}😷😷`;
    expect(complaintPreview(emoji)).toBe(`${'x'.repeat(59)}😷…`);
  });

  it.each([undefined, '', '  \n '])('is nothing for %j', (complaint) => {
    expect(complaintPreview(complaint)).toBeUndefined();
  });
});

describe('recordCountText', () => {
  it.each([
    [0, '0 prontuários'],
    [1, '1 prontuário'],
    [2, '2 prontuários'],
    [23, '23 prontuários'],
  ])('%d → %s', (count, text) => {
    expect(recordCountText(count)).toBe(text);
  });
});

describe('hasMoreRecords', () => {
  it('shows "Carregar Mais" only when the server gave a key to continue from', () => {
    expect(hasMoreRecords({ lastEvaluatedKey: 'abc' })).toBe(true);
    expect(hasMoreRecords({})).toBe(false);
    expect(hasMoreRecords({ lastEvaluatedKey: '' })).toBe(false);
    expect(hasMoreRecords(undefined)).toBe(false);
  });
});

describe('withoutRecord', () => {
  const pages = [
    { records: [{ id: 'a' }, { id: 'b' }], lastEvaluatedKey: 'k1' },
    { records: [{ id: 'c' }] },
  ];

  it('removes the record from its page and keeps every cursor', () => {
    expect(withoutRecord(pages, 'b')).toEqual([
      { records: [{ id: 'a' }], lastEvaluatedKey: 'k1' },
      { records: [{ id: 'c' }] },
    ]);
  });

  it('leaves pages without it untouched (same objects) and the input unchanged', () => {
    const result = withoutRecord(pages, 'c');
    expect(result[0]).toBe(pages[0]);
    expect(pages[1]?.records).toEqual([{ id: 'c' }]);
    expect(withoutRecord(pages, 'zzz')).toEqual(pages);
  });
});
