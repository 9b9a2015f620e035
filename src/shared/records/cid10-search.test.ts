import { describe, expect, it } from 'vitest';
import { cid10ResultHeading } from './cid10-search';

describe('a CID result as a doctor reads it', () => {
  it('is titled by its own code and description, with the category as secondary text', () => {
    expect(
      cid10ResultHeading({
        code: 'J18.9',
        description: 'Pneumonia não especificada',
        category: 'Pneumonia por microorganismo não especificada',
        categoryCode: 'J18',
      }),
    ).toEqual({
      title: 'J18.9 Pneumonia não especificada',
      category: 'Categoria J18 — Pneumonia por microorganismo não especificada',
    });
  });

  it('names a category once, without itself as its category', () => {
    expect(
      cid10ResultHeading({
        code: 'I10',
        description: 'Hipertensão essencial (primária)',
        category: 'Hipertensão essencial (primária)',
        categoryCode: 'I10',
      }),
    ).toEqual({ title: 'I10 Hipertensão essencial (primária)' });
  });
});
