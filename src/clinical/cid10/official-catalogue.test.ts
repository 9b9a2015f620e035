/** Tests against the official DATASUS files that ship with Prontu (datasus/). */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILT_IN_CID10, SPEC_BUILT_IN_CODES } from './catalogue';
import type { OfficialCatalogue } from './official-csv';
import { loadOfficialCatalogue, SHIPPED_CID10_DIR } from './official-files';
import { LAY_TERMS } from './lay-terms';
import { searchCid10 } from './search';
import { buildCid10Index, type Cid10Index } from './search-index';
import { USUAL_TERMS } from './testing/usual-terms';

let official: OfficialCatalogue;
let index: Cid10Index;

beforeAll(async () => {
  official = await loadOfficialCatalogue(SHIPPED_CID10_DIR);
  index = buildCid10Index(official.entries);
});

describe('the official files', () => {
  it('are the release datasus/README.md names, byte for byte', async () => {
    const readme = await readFile(path.join(SHIPPED_CID10_DIR, 'README.md'), 'utf8');
    const listed = [...readme.matchAll(/^([0-9a-f]{64}) {2}(\S+\.CSV)$/gm)];
    expect(listed).toHaveLength(4);
    for (const [, sha256, file = ''] of listed) {
      const bytes = await readFile(path.join(SHIPPED_CID10_DIR, file));
      expect(`${file} ${createHash('sha256').update(bytes).digest('hex')}`).toBe(
        `${file} ${sha256}`,
      );
    }
  });

  it('hold every chapter, group, category and subcategory', () => {
    expect(official.counts).toEqual({
      chapters: 22,
      groups: 275,
      categories: 2045,
      subcategories: 12451,
    });
    // Categories without subcategories (I10, J00, R51…) are in both files, once here.
    expect(official.entries.length).toBe(14233);
    expect(new Set(official.entries.map((entry) => entry.code)).size).toBe(14233);
  });
});

describe('the built-in catalogue', () => {
  it('has every code and description exactly as the official files write them', () => {
    const byCode = new Map(official.entries.map((entry) => [entry.code, entry]));
    const mismatches = BUILT_IN_CID10.filter(
      (entry) => JSON.stringify(byCode.get(entry.code)) !== JSON.stringify(entry),
    ).map((entry) => ({ builtIn: entry, official: byCode.get(entry.code) }));
    expect(mismatches).toEqual([]);
  });

  it('is coded at the level doctors code: no category that has subcategories', () => {
    const withSubcategories = new Set(
      official.entries.filter((entry) => entry.code.length > 3).map((entry) => entry.category.code),
    );
    expect(BUILT_IN_CID10.filter((entry) => withSubcategories.has(entry.code))).toEqual([]);
  });

  it('has SPEC_BUILT_IN_CODES and roughly the 300+ everyday codes, sorted and unique', () => {
    const codes = BUILT_IN_CID10.map((entry) => entry.code);
    expect(codes).toEqual(expect.arrayContaining([...SPEC_BUILT_IN_CODES]));
    expect(codes.length).toBeGreaterThanOrEqual(300);
    expect(codes).toEqual([...new Set(codes)].sort());
  });
});

describe('search over the full official catalogue', () => {
  it.each(USUAL_TERMS)('%s → %s first', (query, code) => {
    expect(searchCid10(index, query)[0]?.code).toBe(code);
  });

  it('finds a category by its code, then its subcategories', () => {
    const results = searchCid10(index, 'J45');
    expect(results[0]).toMatchObject({ code: 'J45', relevance: 100 });
    expect(results.map((result) => result.code)).toEqual(
      expect.arrayContaining(['J45.0', 'J45.1', 'J45.8', 'J45.9']),
    );
  });

  it('finds codes the built-in catalogue does not have', () => {
    expect(searchCid10(index, 'A00.0')[0]?.code).toBe('A00.0');
    expect(searchCid10(index, 'cólera')[0]?.code).toMatch(/^A00/);
    expect(searchCid10(index, 'U99')[0]?.code).toBe('U99');
  });

  it('puts the first code of every lay term first, for its first wording', () => {
    const misses = LAY_TERMS.filter((term) => term.codes.length > 0)
      .filter((term) => {
        const first = searchCid10(index, term.terms[0] ?? '')[0]?.code;
        return first !== term.codes[0];
      })
      .map((term) => `${term.terms[0] ?? ''} → ${term.codes[0] ?? ''}`);
    expect(misses).toEqual([]);
  });
});

describe("the patient's sex (RESTRSEXO and chapter XV)", () => {
  const codesFor = (query: string, sex?: 'masculino' | 'feminino') =>
    searchCid10(index, query, 10, { sex }).map((result) => result.code);

  it('carries the official restriction into the catalogue: 1,002 codes, chapter XV all for women', () => {
    expect(official.entries.filter((entry) => entry.restrictedTo).length).toBe(1002);
    const pregnancy = official.entries.filter((entry) => entry.code.startsWith('O'));
    expect(pregnancy.every((entry) => entry.restrictedTo === 'feminino')).toBe(true);
    const byCode = new Map(official.entries.map((entry) => [entry.code, entry.restrictedTo]));
    expect(byCode.get('N40')).toBe('masculino');
    expect(byCode.get('N70.0')).toBe('feminino');
    expect(byCode.get('C53')).toBe('feminino');
    expect(byCode.get('I10')).toBeUndefined();
  });

  it('does not offer a man pregnancy or female-only codes', () => {
    expect(codesFor('hipertensão gestacional', 'feminino')[0]).toBe('O13');
    expect(codesFor('hipertensão gestacional', 'masculino')).not.toContain('O13');
    expect(codesFor('hipertensão gestacional', 'masculino').some((c) => c.startsWith('O'))).toBe(
      false,
    );
    expect(codesFor('salpingite', 'feminino')).toContain('N70.0');
    // What is left for a man is the Eustachian tube's salpingitis (H68), for anyone.
    const forMan = searchCid10(index, 'salpingite', 10, { sex: 'masculino' });
    expect(forMan.map((result) => result.code)).not.toContain('N70.0');
    expect(forMan.filter((result) => result.restrictedTo)).toEqual([]);
    expect(codesFor('pressão alta', 'masculino').some((c) => c.startsWith('O'))).toBe(false);
  });

  it('does not offer a woman of 50 or more pregnancy codes, unless typed', () => {
    const forAge = (query: string, age: number) =>
      searchCid10(index, query, 10, { sex: 'feminino', age }).map((result) => result.code);
    // The woman of 54 in the report: her 'pressão alta' is hypertension, not O13.
    expect(forAge('pressão alta', 54).some((code) => code.startsWith('O'))).toBe(false);
    expect(forAge('pressão alta', 54)[0]).toBe('I10');
    expect(forAge('hipertensão gestacional', 30)).toContain('O13');
    expect(forAge('hipertensão gestacional', 49)).toContain('O13');
    expect(forAge('hipertensão gestacional', 50)).not.toContain('O13');
    expect(forAge('O13', 54)).toEqual(['O13']);
  });

  it('does not offer a woman male-only codes', () => {
    expect(codesFor('hiperplasia da próstata', 'masculino')[0]).toBe('N40');
    expect(codesFor('hiperplasia da próstata', 'feminino')).not.toContain('N40');
    expect(codesFor('próstata', 'feminino')).toEqual([]);
  });

  it('offers everything when the sex is not known', () => {
    expect(codesFor('hipertensão gestacional')[0]).toBe('O13');
    expect(codesFor('hiperplasia da próstata')[0]).toBe('N40');
  });

  it('shows a code for the other sex when the doctor types it, marked', () => {
    expect(searchCid10(index, 'O13', 10, { sex: 'masculino' })[0]).toMatchObject({
      code: 'O13',
      restrictedTo: 'feminino',
    });
    expect(searchCid10(index, 'n40', 10, { sex: 'feminino' })[0]).toMatchObject({
      code: 'N40',
      restrictedTo: 'masculino',
    });
    expect(codesFor('N70', 'masculino')).toEqual(expect.arrayContaining(['N70', 'N70.0']));
  });

  it('marks restricted results and leaves the others unmarked', () => {
    const [gestational] = searchCid10(index, 'hipertensão gestacional', 1);
    expect(gestational?.restrictedTo).toBe('feminino');
    const [essential] = searchCid10(index, 'I10', 1);
    expect(essential && 'restrictedTo' in essential).toBe(false);
  });
});

describe('lay terms outrank words that merely match', () => {
  const top10 = (query: string, sex?: 'masculino' | 'feminino') =>
    searchCid10(index, query, 10, { sex }).map((result) => result.code);

  it.each([undefined, 'masculino', 'feminino'] as const)(
    "'pressão alta' is I10 first, no water jet (W41) in the top 10 (sex %s)",
    (sex) => {
      const codes = top10('pressão alta', sex);
      expect(codes[0]).toBe('I10');
      expect(codes.filter((code) => code.startsWith('W'))).toEqual([]);
      // Its relatives in chapter IX come before pregnancy codes that share the word.
      expect(codes.indexOf('I15.9')).toBeGreaterThan(0);
      const firstPregnancy = codes.findIndex((code) => code.startsWith('O'));
      if (firstPregnancy >= 0) expect(firstPregnancy).toBeGreaterThan(codes.indexOf('I15.9'));
    },
  );

  it.each([
    ['pressão baixa', 'I95.9'],
    ['falta de ar', 'R06.0'],
    ['dor de cabeça', 'R51'],
    ['açúcar alto', 'R73.9'],
  ])('%s → %s first, external causes (V–Y) not ahead of any other code', (query, code) => {
    const codes = top10(query);
    expect(codes[0]).toBe(code);
    const firstExternal = codes.findIndex((c) => /^[V-Y]/.test(c));
    const lastOther = codes.reduce((last, c, i) => (/^[V-Y]/.test(c) ? last : i), -1);
    if (firstExternal >= 0) expect(firstExternal).toBeGreaterThan(lastOther);
  });

  it('still finds external causes by their own words', () => {
    expect(top10('jato de alta pressão')[0]).toMatch(/^W41/);
    expect(top10('queda de escada')[0]).toMatch(/^W10/);
  });
});

describe('loose queries', () => {
  const top = (query: string) => searchCid10(index, query).map((result) => result.code);

  it.each([
    ['j 06 9', 'J06.9'],
    ['J06 9', 'J06.9'],
    ['K29,7', 'K29.7'],
    ['k 29,7', 'K29.7'],
  ])('reads the code %s as %s', (query, code) => {
    expect(top(query)[0]).toBe(code);
  });

  it.each([
    ['hipertensão com insuficiência cardíaca', 'I11.0'],
    ['HAS com ICC', 'I11.0'],
    ['nefropatia diabética', 'E11.2'],
    ['diabetes com neuropatia', 'E11.4'],
  ])(
    'offers the combined code of a diagnosis with its complication first: %s → %s',
    (query, code) => {
      expect(top(query)[0]).toBe(code);
    },
  );

  it('keeps a lay word for a lump away from malignant codes unless one is asked for', () => {
    const lumps: [string, string][] = [
      ['íngua', 'R59.9'],
      ['íngua no pescoço', 'R59.9'],
      ['caroço', 'R22.9'],
      ['caroço no pescoço', 'R22.1'],
    ];
    for (const [query, first] of lumps) {
      expect(top(query)[0]).toBe(first);
      expect(top(query).filter((code) => code.startsWith('C'))).toEqual([]);
    }
    expect(top('íngua câncer').some((code) => code.startsWith('C'))).toBe(true);
    expect(top('linfoma')[0]).toMatch(/^C8/);
  });
});
