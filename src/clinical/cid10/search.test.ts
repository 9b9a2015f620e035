import { describe, expect, it } from 'vitest';
import { BUILT_IN_CID10 } from './catalogue';
import type { Cid10Entry } from './entry';
import { LAY_TERMS, type LayTerm } from './lay-terms';
import { searchCid10 } from './search';
import { buildCid10Index, builtInCid10Index } from './search-index';
import { USUAL_TERMS } from './testing/usual-terms';
import { stemsOf } from './text';

const CATEGORIES: Record<string, string> = {
  H57: 'Outros transtornos do olho e anexos',
  J45: 'Asma',
  J46: 'Estado de mal asmático',
  M54: 'Dorsalgia',
  N39: 'Outros transtornos do trato urinário',
  O23: 'Infecções do trato geniturinário na gravidez',
  S33: 'Luxação, entorse e distensão das articulações e dos ligamentos da coluna lombar e da pelve',
};

function entry(code: string, description: string): Cid10Entry {
  const category = code.slice(0, 3);
  return {
    code,
    description,
    category: { code: category, description: CATEGORIES[category] ?? category },
    chapter: { number: 1, title: 'Capítulo de teste' },
  };
}

/** A small catalogue with real codes, to test one ranking rule at a time. */
const SMALL_CATALOGUE = [
  entry('H57.1', 'Dor ocular'),
  entry('J45', 'Asma'),
  entry('J45.0', 'Asma predominantemente alérgica'),
  entry('J45.9', 'Asma não especificada'),
  entry('J46', 'Estado de mal asmático'),
  entry('M54', 'Dorsalgia'),
  entry('M54.5', 'Dor lombar baixa'),
  entry('M54.9', 'Dorsalgia não especificada'),
  entry('N39.0', 'Infecção do trato urinário de localização não especificada'),
  entry('O23.4', 'Infecção não especificada do trato urinário na gravidez'),
  entry('S33.5', 'Entorse e distensão da coluna lombar'),
];

function smallIndex(options: { commonCodes?: string[]; layTerms?: LayTerm[] } = {}) {
  return buildCid10Index(SMALL_CATALOGUE, { commonCodes: [], layTerms: [], ...options });
}

const codes = (results: { code: string }[]) => results.map((result) => result.code);

describe('ranking (the scoring described in search.ts)', () => {
  const index = smallIndex();

  it('puts the code with every query word first, those with some after', () => {
    const results = searchCid10(index, 'dor lombar');
    expect(codes(results)[0]).toBe('M54.5');
    expect(codes(results)).toEqual(expect.arrayContaining(['H57.1', 'S33.5']));
    expect(results[0]?.relevance).toBeGreaterThan(results[1]?.relevance ?? 100);
  });

  it('counts a word in the category: its codes come after the code that has it itself', () => {
    const results = codes(searchCid10(index, 'dorsalgia'));
    expect(results.slice(0, 2)).toEqual(['M54.9', 'M54']);
    expect(results).toContain('M54.5');
  });

  it('prefers the description the query covers best, then the more likely code', () => {
    // 'Asma não especificada' is all 'asma' but for filler words; J45 itself is a category with
    // subcategories, which SUS forms do not take.
    expect(codes(searchCid10(index, 'asma')).slice(0, 3)).toEqual(['J45.9', 'J45', 'J45.0']);
  });

  it('ranks the codes in everyday use first among equals (confidence)', () => {
    const withCommon = smallIndex({ commonCodes: ['J45.0'] });
    expect(codes(searchCid10(withCommon, 'asma'))[0]).toBe('J45.0');
  });

  it('matches plurals, gender and accents', () => {
    expect(codes(searchCid10(index, 'INFECÇÕES URINÁRIAS'))).toEqual(['N39.0', 'O23.4']);
    expect(searchCid10(index, 'infeccao urinaria')).toEqual(
      searchCid10(index, 'Infecção Urinária'),
    );
  });

  it('completes the last word, which may still be being typed', () => {
    expect(codes(searchCid10(index, 'dor lomb'))[0]).toBe('M54.5');
    expect(codes(searchCid10(index, 'asm'))).toContain('J46');
  });

  it('reads a word found nowhere as an abbreviation, wherever it is', () => {
    expect(codes(searchCid10(index, 'infec trato urin gravidez'))[0]).toBe('O23.4');
  });

  it('forgives a typo, scoring it below the right spelling', () => {
    const typo = searchCid10(index, 'dor lombra baixa');
    const right = searchCid10(index, 'dor lombar baixa');
    expect(typo[0]?.code).toBe('M54.5');
    expect(typo[0]?.relevance).toBeLessThan(right[0]?.relevance ?? 0);
  });

  it('finds nothing for words that are nowhere, or only little words', () => {
    expect(searchCid10(index, 'xyzzyq')).toEqual([]);
    expect(searchCid10(index, 'de da do')).toEqual([]);
  });
});

describe('lay terms', () => {
  it("puts the term's code first even when none of its words is in the description", () => {
    const index = smallIndex({ layTerms: [{ terms: ['dor nas costas'], codes: ['M54.5'] }] });
    const results = searchCid10(index, 'Dor nas costas');
    expect(results[0]).toMatchObject({ code: 'M54.5', relevance: 100 });
  });

  it("searches the term's official wording too, after its codes", () => {
    const index = smallIndex({
      layTerms: [{ terms: ['ITU'], codes: ['N39.0'], searchAs: 'infecção do trato urinário' }],
    });
    expect(codes(searchCid10(index, 'itu'))).toEqual(['N39.0', 'O23.4']);
  });

  it('keeps the order of the codes of a term', () => {
    const index = smallIndex({
      layTerms: [{ terms: ['bronquite asmática'], codes: ['J45.0', 'J45.9'] }],
    });
    expect(codes(searchCid10(index, 'bronquite asmática')).slice(0, 2)).toEqual(['J45.0', 'J45.9']);
  });

  it('ignores codes the catalogue does not have', () => {
    const index = smallIndex({ layTerms: [{ terms: ['refluxo'], codes: ['K21.9'] }] });
    expect(searchCid10(index, 'refluxo')).toEqual([]);
  });

  it('points only at codes of the built-in catalogue, so they work without the official files', () => {
    const builtIn = new Set(BUILT_IN_CID10.map((builtInEntry) => builtInEntry.code));
    const missing = LAY_TERMS.flatMap((term) => term.codes).filter((code) => !builtIn.has(code));
    expect(missing).toEqual([]);
  });

  it('never says the same thing twice with different codes', () => {
    const meaning = new Map<string, string>();
    const conflicts: string[] = [];
    for (const layTerm of LAY_TERMS) {
      for (const term of layTerm.terms) {
        const key = stemsOf(term).join(' ');
        const codesOfTerm = layTerm.codes.join(',');
        const previous = meaning.get(key);
        if (previous !== undefined && previous !== codesOfTerm) conflicts.push(term);
        meaning.set(key, codesOfTerm);
      }
    }
    expect(conflicts).toEqual([]);
  });

  it('has what Brazilian doctors type most', () => {
    expect(LAY_TERMS.length).toBeGreaterThanOrEqual(80);
  });

  it.each(USUAL_TERMS)('%s → %s first (built-in catalogue)', (query, code) => {
    expect(searchCid10(builtInCid10Index(), query)[0]?.code).toBe(code);
  });

  it('matches a lay term whose last word is half typed or mistyped', () => {
    expect(searchCid10(builtInCid10Index(), 'pressão al')[0]?.code).toBe('I10');
    expect(searchCid10(builtInCid10Index(), 'hipertensão arterail')[0]?.code).toBe('I10');
    expect(searchCid10(builtInCid10Index(), 'lombalgai')[0]?.code).toBe('M54.5');
  });
});

describe('codes in any form', () => {
  const index = builtInCid10Index();

  it.each(['J45.9', 'j45.9', 'J459', 'j459', 'J45,9', ' J45.9. '])('%s → J45.9, 100%%', (query) => {
    expect(searchCid10(index, query)[0]).toMatchObject({ code: 'J45.9', relevance: 100 });
  });

  it('a category brings its subcategories, the everyday ones first', () => {
    const results = searchCid10(index, 'J45');
    expect(codes(results)).toEqual(['J45.0', 'J45.9']);
    expect(results.every((result) => result.relevance < 100)).toBe(true);
  });

  it('a category without subcategories is its own code', () => {
    expect(searchCid10(index, 'i10')[0]).toMatchObject({ code: 'I10', relevance: 100 });
  });

  it('a subcategory that does not exist brings its category', () => {
    expect(codes(searchCid10(index, 'I10.9'))).toEqual(['I10']);
  });

  it('a letter and one digit bring the codes that start with them', () => {
    const results = searchCid10(index, 'J4');
    expect(results.length).toBeGreaterThanOrEqual(5);
    expect(results.every((result) => result.code.startsWith('J4'))).toBe(true);
  });

  it('a code and words together: the code, then what the words say', () => {
    expect(searchCid10(index, 'E11.9 diabetes')[0]?.code).toBe('E11.9');
  });

  it('a word that looks like a code but is none is a word (vitamina B12)', () => {
    expect(searchCid10(index, 'anemia B12')[0]?.code).toBe('D51.9');
  });
});

describe('results', () => {
  const index = builtInCid10Index();

  it('are at most 10, and at most the limit (clamped to 1–10)', () => {
    expect(searchCid10(index, 'dor').length).toBe(10);
    expect(searchCid10(index, 'dor', 3).length).toBe(3);
    expect(searchCid10(index, 'dor', 1).length).toBe(1);
    expect(searchCid10(index, 'dor', 50).length).toBe(10);
    expect(searchCid10(index, 'dor', 0).length).toBe(1);
  });

  it('carry code, description, category, chapter and a relevance from 1 to 100, best first', () => {
    const results = searchCid10(index, 'dor lombar');
    expect(results[0]).toEqual({
      code: 'M54.5',
      description: 'Dor lombar baixa',
      category: 'Dorsalgia',
      categoryCode: 'M54',
      chapter: { number: 13, title: 'Doenças do sistema osteomuscular e do tecido conjuntivo' },
      relevance: 100,
    });
    const relevances = results.map((result) => result.relevance);
    expect(relevances.every((relevance) => Number.isInteger(relevance))).toBe(true);
    expect(relevances.every((relevance) => relevance >= 1 && relevance <= 100)).toBe(true);
    expect(relevances).toEqual([...relevances].sort((a, b) => b - a));
  });

  it('are the same however often the index is searched (its working memory is reset)', () => {
    const first = searchCid10(index, 'infecção urinária na gravidez');
    searchCid10(index, 'dor torácica');
    searchCid10(index, 'J4');
    expect(searchCid10(index, 'infecção urinária na gravidez')).toEqual(first);
  });
});

describe("a lay term's chapters", () => {
  const inChapter = (code: string, description: string, chapter: number): Cid10Entry => ({
    ...entry(code, description),
    chapter: { number: chapter, title: `Capítulo ${chapter}` },
  });
  const catalogue = [
    inChapter('I10', 'Hipertensão essencial (primária)', 9),
    inChapter('I15.9', 'Hipertensão secundária, não especificada', 9),
    inChapter('K76.6', 'Hipertensão portal', 11),
    inChapter('W41.9', 'Exposição a um jato de alta pressão - local não especificado', 20),
  ];
  const layTerms: LayTerm[] = [
    { terms: ['pressão alta'], codes: ['I10'], searchAs: 'hipertensão' },
  ];
  const index = buildCid10Index(catalogue, { commonCodes: [], layTerms });
  const relevanceOf = (query: string, code: string) =>
    searchCid10(index, query).find((result) => result.code === code)?.relevance ?? 0;

  it('count the words of a term fully in its own chapter, half elsewhere, a quarter in V–Y', () => {
    expect(codes(searchCid10(index, 'pressão alta'))).toEqual(['I10', 'I15.9', 'K76.6', 'W41.9']);
    expect(relevanceOf('pressão alta', 'K76.6')).toBeLessThan(
      relevanceOf('pressão alta', 'I15.9') * 0.7,
    );
    expect(relevanceOf('pressão alta', 'W41.9')).toBeLessThan(relevanceOf('pressão alta', 'K76.6'));
  });

  it('leave words outside any lay term at full weight', () => {
    expect(codes(searchCid10(index, 'jato alta pressão'))[0]).toBe('W41.9');
    expect(codes(searchCid10(index, 'hipertensão portal'))[0]).toBe('K76.6');
  });
});

describe("the patient's sex, on the built-in catalogue", () => {
  const index = builtInCid10Index();
  const codesFor = (query: string, sex?: 'masculino' | 'feminino') =>
    codes(searchCid10(index, query, 10, { sex }));

  it('has the official restrictions (chapter XV and RESTRSEXO) on its codes', () => {
    const restricted = (code: string) =>
      BUILT_IN_CID10.find((candidate) => candidate.code === code)?.restrictedTo;
    expect(restricted('O13')).toBe('feminino');
    expect(restricted('N76.0')).toBe('feminino');
    expect(restricted('N40')).toBe('masculino');
    expect(restricted('I10')).toBeUndefined();
  });

  it('offers neither pregnancy nor female-only codes to a man, nor male-only codes to a woman', () => {
    expect(codesFor('hipertensão gestacional', 'masculino')).not.toContain('O13');
    expect(codesFor('vaginite', 'masculino')).not.toContain('N76.0');
    expect(codesFor('hiperplasia próstata', 'feminino')).not.toContain('N40');
    expect(codesFor('hiperplasia próstata', 'masculino')[0]).toBe('N40');
    expect(codesFor('vaginite', 'feminino')).toContain('N76.0');
  });

  it('shows them when the doctor types the code, with the restriction', () => {
    expect(searchCid10(index, 'N40', 10, { sex: 'feminino' })[0]).toMatchObject({
      code: 'N40',
      restrictedTo: 'masculino',
    });
  });
});
