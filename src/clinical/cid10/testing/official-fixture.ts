/**
 * A small, well-formed set of the four DATASUS files, for tests of the parser, the loader and
 * the importer: a few real codes, in the official layout (ISO-8859-1, ';' at every line end,
 * a category without subcategories listed in both files, as I10 is).
 */
import type { OfficialFileBytes, OfficialFileKind } from '../official-csv';

export const FIXTURE_TEXT: Record<OfficialFileKind, string> = {
  chapters: [
    'NUMCAP;CATINIC;CATFIM;DESCRICAO;DESCRABREV;',
    '9;I00;I99;Capítulo IX - Doenças do aparelho circulatório;IX.  Doenças do aparelho circulatório;',
    '10;J00;J99;Capítulo X - Doenças do aparelho respiratório;X.   Doenças do aparelho respiratório;',
    '13;M00;M99;Capítulo XIII - Doenças do sistema osteomuscular e do tecido conjuntivo;XIII.Doenças sist osteomuscular e tec conjuntivo;',
    '',
  ].join('\r\n'),
  groups: [
    'CATINIC;CATFIM;DESCRICAO;DESCRABREV;',
    'I10;I15;Doenças hipertensivas;Doenças hipertensivas;',
    'J40;J47;Doenças crônicas das vias aéreas inferiores;Doenças crônicas vias aéreas inferiores;',
    'M50;M54;Outras dorsopatias;Outras dorsopatias;',
    '',
  ].join('\r\n'),
  categories: [
    'CAT;CLASSIF;DESCRICAO;DESCRABREV;REFER;EXCLUIDOS;',
    'I10;;Hipertensão essencial (primária);I10   Hipertensao essencial;;;',
    'J45;;Asma;J45   Asma;;;',
    'M54;;Dorsalgia;M54   Dorsalgia;;;',
    '',
  ].join('\r\n'),
  subcategories: [
    'SUBCAT;CLASSIF;RESTRSEXO;CAUSAOBITO;DESCRICAO;DESCRABREV;REFER;EXCLUIDOS;',
    'I10;;;;Hipertensão essencial (primária);I10   Hipertensao essencial;;;',
    'J450;;;;Asma predominantemente alérgica;J45.0 Asma predom alergica;;;',
    'J459;;;;Asma não especificada;J45.9 Asma NE;;;',
    'M545;;;;Dor lombar baixa;M54.5 Dor lombar baixa;;;',
    'M549;;;;Dorsalgia não especificada;M54.9 Dorsalgia NE;;;',
    '',
  ].join('\r\n'),
};

/** Text as ISO-8859-1 bytes, the encoding DATASUS publishes in. */
export function encodeLatin1(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => {
    const code = char.charCodeAt(0);
    if (code > 0xff) throw new Error(`not ISO-8859-1: ${char}`);
    return code;
  });
}

/** The fixture's four files as bytes, with some of them replaced by other text. */
export function fixtureFiles(
  replaced: Partial<Record<OfficialFileKind, string>> = {},
): OfficialFileBytes {
  const text = { ...FIXTURE_TEXT, ...replaced };
  return {
    chapters: encodeLatin1(text.chapters),
    groups: encodeLatin1(text.groups),
    categories: encodeLatin1(text.categories),
    subcategories: encodeLatin1(text.subcategories),
  };
}
