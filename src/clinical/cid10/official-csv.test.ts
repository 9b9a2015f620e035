import { describe, expect, it } from 'vitest';
import { Cid10FileError, parseOfficialFiles } from './official-csv';
import { encodeLatin1, FIXTURE_TEXT, fixtureFiles } from './testing/official-fixture';

/** The fixture with one line of one file replaced (line 1 is the header). */
function withLine(kind: keyof typeof FIXTURE_TEXT, line: number, text: string) {
  const lines = FIXTURE_TEXT[kind].split('\r\n');
  lines[line - 1] = text;
  return fixtureFiles({ [kind]: lines.join('\r\n') });
}

function parseError(run: () => unknown): Cid10FileError {
  try {
    run();
  } catch (error) {
    if (error instanceof Cid10FileError) return error;
    throw error;
  }
  throw new Error('expected a Cid10FileError');
}

describe('parseOfficialFiles on well-formed files', () => {
  const catalogue = parseOfficialFiles(fixtureFiles());

  it('counts the rows of each file', () => {
    expect(catalogue.counts).toEqual({ chapters: 3, groups: 3, categories: 3, subcategories: 5 });
  });

  it('makes every category and subcategory an entry, once, sorted, codes with a dot', () => {
    expect(catalogue.entries.map((entry) => entry.code)).toEqual([
      'I10',
      'J45',
      'J45.0',
      'J45.9',
      'M54',
      'M54.5',
      'M54.9',
    ]);
  });

  it('reads ISO-8859-1 and gives each entry its category and chapter', () => {
    expect(catalogue.entries.find((entry) => entry.code === 'M54.5')).toEqual({
      code: 'M54.5',
      description: 'Dor lombar baixa',
      category: { code: 'M54', description: 'Dorsalgia' },
      chapter: { number: 13, title: 'Doenças do sistema osteomuscular e do tecido conjuntivo' },
    });
    expect(catalogue.entries[0]).toEqual({
      code: 'I10',
      description: 'Hipertensão essencial (primária)',
      category: { code: 'I10', description: 'Hipertensão essencial (primária)' },
      chapter: { number: 9, title: 'Doenças do aparelho circulatório' },
    });
  });

  it('reads a copy re-saved as UTF-8 (with or without BOM) the same way', () => {
    const utf8 = new TextEncoder();
    const resaved = {
      chapters: utf8.encode(`\uFEFF${FIXTURE_TEXT.chapters}`),
      groups: utf8.encode(FIXTURE_TEXT.groups),
      categories: utf8.encode(FIXTURE_TEXT.categories),
      subcategories: utf8.encode(FIXTURE_TEXT.subcategories),
    };
    expect(parseOfficialFiles(resaved)).toEqual(catalogue);
  });

  it('accepts lines without the final ";", LF line ends and blank lines', () => {
    const files = fixtureFiles({
      categories: FIXTURE_TEXT.categories.replace(/;\r\n/g, '\n\n'),
    });
    expect(parseOfficialFiles(files).entries).toEqual(catalogue.entries);
  });
});

describe('parseOfficialFiles on malformed files', () => {
  it('names the file and line of a line with the wrong number of columns', () => {
    const error = parseError(() =>
      parseOfficialFiles(withLine('subcategories', 4, 'J459;;;;Asma não especificada;')),
    );
    expect(error.message).toBe(
      "CID-10-SUBCATEGORIAS.CSV, linha 4: 5 colunas, esperadas 8 (separadas por ';')",
    );
    expect(error).toMatchObject({ file: 'CID-10-SUBCATEGORIAS.CSV', line: 4 });
  });

  it('names the line of an invalid code', () => {
    const error = parseError(() =>
      parseOfficialFiles(withLine('subcategories', 5, 'M5X5;;;;Dor lombar baixa;M54.5;;;')),
    );
    expect(error.message).toBe(
      'CID-10-SUBCATEGORIAS.CSV, linha 5: código inválido "M5X5" (esperado no formato A000)',
    );
  });

  it('names the line of a category code in the wrong shape', () => {
    const error = parseError(() =>
      parseOfficialFiles(withLine('categories', 3, 'J4;;Asma;J45   Asma;;;')),
    );
    expect(error.message).toMatch(/^CID-10-CATEGORIAS\.CSV, linha 3: código inválido "J4"/);
  });

  it('names the line of a control character (a binary or UTF-16 file)', () => {
    const bytes = encodeLatin1(FIXTURE_TEXT.categories);
    const broken = new Uint8Array([...bytes.slice(0, 60), 0x00, ...bytes.slice(60)]);
    const error = parseError(() => parseOfficialFiles({ ...fixtureFiles(), categories: broken }));
    expect(error.message).toMatch(
      /^CID-10-CATEGORIAS\.CSV, linha 2: caractere de controle 0x00: o arquivo não é texto em ISO-8859-1/,
    );
  });

  it('refuses a file that claims UTF-8 (BOM) but is not', () => {
    const latin1 = encodeLatin1(FIXTURE_TEXT.groups);
    const error = parseError(() =>
      parseOfficialFiles({
        ...fixtureFiles(),
        groups: new Uint8Array([0xef, 0xbb, 0xbf, ...latin1]),
      }),
    );
    expect(error.message).toBe(
      'CID-10-GRUPOS.CSV: o arquivo diz ser UTF-8 mas tem bytes inválidos',
    );
  });

  it('refuses a file whose header lacks a column it needs (e.g. files swapped)', () => {
    const error = parseError(() =>
      parseOfficialFiles(fixtureFiles({ categories: FIXTURE_TEXT.groups })),
    );
    expect(error.message).toBe(
      'CID-10-CATEGORIAS.CSV, linha 1: cabeçalho sem a(s) coluna(s) CAT (é o arquivo certo?)',
    );
  });

  it('refuses a subcategory of a category that does not exist', () => {
    const error = parseError(() =>
      parseOfficialFiles(withLine('subcategories', 6, 'K219;;;;Refluxo;K21.9 Refluxo;;;')),
    );
    expect(error.message).toBe(
      'CID-10-SUBCATEGORIAS.CSV, linha 6: a categoria K21 não existe em CID-10-CATEGORIAS.CSV',
    );
  });

  it('refuses a repeated code, an empty description and a category outside every chapter', () => {
    expect(
      parseError(() =>
        parseOfficialFiles(withLine('subcategories', 4, 'J450;;;;Asma;J45.0 Asma;;;')),
      ).message,
    ).toBe('CID-10-SUBCATEGORIAS.CSV, linha 4: código J450 repetido');
    expect(
      parseError(() => parseOfficialFiles(withLine('categories', 3, 'J45;;  ;J45   Asma;;;')))
        .message,
    ).toBe('CID-10-CATEGORIAS.CSV, linha 3: descrição vazia');
    expect(
      parseError(() => parseOfficialFiles(withLine('categories', 3, 'K21;;Refluxo;K21;;;')))
        .message,
    ).toBe('CID-10-CATEGORIAS.CSV, linha 3: a categoria K21 não pertence a nenhum capítulo');
  });

  it('refuses a file with a header and no data', () => {
    const error = parseError(() =>
      parseOfficialFiles(fixtureFiles({ groups: 'CATINIC;CATFIM;DESCRICAO;DESCRABREV;\r\n' })),
    );
    expect(error.message).toBe('CID-10-GRUPOS.CSV: o arquivo não tem nenhuma linha de dados');
  });

  it('refuses a reversed range in the chapters', () => {
    const error = parseError(() =>
      parseOfficialFiles(withLine('chapters', 2, '9;I99;I00;Capítulo IX - Circulatório;IX;')),
    );
    expect(error.message).toBe(
      'CID-10-CAPITULOS.CSV, linha 2: intervalo invertido: I99 depois de I00',
    );
  });
});

describe('parseOfficialFiles: the sex a code is restricted to (RESTRSEXO)', () => {
  const files = fixtureFiles({
    chapters: [
      'NUMCAP;CATINIC;CATFIM;DESCRICAO;DESCRABREV;',
      '2;C00;D48;Capítulo II - Neoplasias [tumores];II.  Neoplasias [tumores];',
      '14;N00;N99;Capítulo XIV - Doenças do aparelho geniturinário;XIV. Doenças ap geniturinário;',
      '15;O00;O99;Capítulo XV - Gravidez, parto e puerpério;XV.  Gravidez parto e puerpério;',
      '',
    ].join('\r\n'),
    groups: [
      'CATINIC;CATFIM;DESCRICAO;DESCRABREV;',
      'D00;D09;Neoplasias [tumores] in situ;Neoplasias in situ;',
      'N40;N51;Doenças dos órgãos genitais masculinos;Doenças órgãos genitais masculinos;',
      'O10;O16;Edema, proteinúria e transtornos hipertensivos;Edema proteinúria transt hipert;',
      '',
    ].join('\r\n'),
    categories: [
      'CAT;CLASSIF;DESCRICAO;DESCRABREV;REFER;EXCLUIDOS;',
      'D07;;Carcinoma in situ de outros órgãos genitais e dos não especificados;D07;;;',
      'N40;;Hiperplasia da próstata;N40   Hiperplasia da prostata;;;',
      'N70;;Salpingite e ooforite;N70   Salpingite e ooforite;;;',
      'O13;;Hipertensão gestacional [induzida pela gravidez] sem proteinúria significativa;O13;;;',
      '',
    ].join('\r\n'),
    subcategories: [
      'SUBCAT;CLASSIF;RESTRSEXO;CAUSAOBITO;DESCRICAO;DESCRABREV;REFER;EXCLUIDOS;',
      'D070;;F;;Carcinoma in situ do endométrio;D07.0;;;',
      'D074;;M;;Carcinoma in situ do pênis;D07.4;;;',
      'N40;;M;;Hiperplasia da próstata;N40   Hiperplasia da prostata;;;',
      'N700;;F;;Salpingite e ooforite agudas;N70.0;;;',
      'N701;;F;;Salpingite e ooforite crônicas;N70.1;;;',
      // Chapter XV is for women even where a release leaves the column empty.
      'O13;;;;Hipertensão gestacional [induzida pela gravidez] sem proteinúria significativa;O13;;;',
      '',
    ].join('\r\n'),
  });
  const restrictionOf = (code: string) =>
    parseOfficialFiles(files).entries.find((entry) => entry.code === code)?.restrictedTo;

  it('reads F and M from the subcategories, a category listed there included', () => {
    expect(restrictionOf('N70.0')).toBe('feminino');
    expect(restrictionOf('D07.4')).toBe('masculino');
    expect(restrictionOf('N40')).toBe('masculino');
  });

  it('gives a category the restriction all its subcategories share, and none when they differ', () => {
    expect(restrictionOf('N70')).toBe('feminino');
    expect(restrictionOf('D07')).toBeUndefined();
  });

  it('restricts chapter XV (pregnancy) to women', () => {
    expect(restrictionOf('O13')).toBe('feminino');
  });

  it('leaves codes for anyone without the field', () => {
    const catalogue = parseOfficialFiles(fixtureFiles());
    expect(catalogue.entries.every((entry) => !('restrictedTo' in entry))).toBe(true);
  });

  it('refuses a value other than F, M or empty, naming the line', () => {
    const error = parseError(() =>
      parseOfficialFiles(withLine('subcategories', 4, 'J459;;X;;Asma não especificada;J45.9;;;')),
    );
    expect(error.message).toBe(
      'CID-10-SUBCATEGORIAS.CSV, linha 4: RESTRSEXO inválido "X" (esperado F, M ou vazio)',
    );
  });
});
