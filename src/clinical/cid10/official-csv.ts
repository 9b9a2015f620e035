/**
 * Parser of the official DATASUS CID-10 files: four CSV files in ISO-8859-1, ';'-separated,
 * one header line, each line ending in ';'. Pure: bytes in, entries out; reading them from a
 * folder or a .zip is `official-files.ts`.
 */
import {
  formatCid10Code,
  sexRestrictionOf,
  type Cid10Chapter,
  type Cid10Entry,
  type Cid10SexRestriction,
} from './entry';

/** The four files, as DATASUS names them. */
export const OFFICIAL_FILE_NAMES = {
  chapters: 'CID-10-CAPITULOS.CSV',
  groups: 'CID-10-GRUPOS.CSV',
  categories: 'CID-10-CATEGORIAS.CSV',
  subcategories: 'CID-10-SUBCATEGORIAS.CSV',
} as const;

export type OfficialFileKind = keyof typeof OFFICIAL_FILE_NAMES;

/** The raw contents of the four files. */
export type OfficialFileBytes = Record<OfficialFileKind, Uint8Array>;

/** The full official catalogue, with how many rows each file had. */
export interface OfficialCatalogue {
  /** Every category and subcategory, sorted by code; a category listed in both files once. */
  entries: Cid10Entry[];
  counts: { chapters: number; groups: number; categories: number; subcategories: number };
}

/**
 * A file that cannot be used, with a Portuguese message naming the file and, when the problem
 * is on one line, the line (1 is the header).
 */
export class Cid10FileError extends Error {
  constructor(
    readonly file: string,
    readonly line: number | undefined,
    readonly problem: string,
  ) {
    super(line === undefined ? `${file}: ${problem}` : `${file}, linha ${line}: ${problem}`);
    this.name = 'Cid10FileError';
  }
}

/**
 * The column with the sex a code is restricted to: 'F', 'M' or empty. DATASUS fills it in the
 * subcategories file (where a category without subcategories is listed too); it is read from
 * the categories file as well when a release has it there.
 */
const SEX_RESTRICTION_COLUMN = 'RESTRSEXO';

/** The columns each file must have (others are allowed and ignored). */
const REQUIRED_COLUMNS = {
  chapters: ['NUMCAP', 'CATINIC', 'CATFIM', 'DESCRICAO'],
  groups: ['CATINIC', 'CATFIM', 'DESCRICAO'],
  categories: ['CAT', 'DESCRICAO'],
  subcategories: ['SUBCAT', 'DESCRICAO'],
} as const satisfies Record<OfficialFileKind, readonly string[]>;

/** A file's data lines, with where each column is. */
interface Table {
  kind: OfficialFileKind;
  rows: string[][];
  /** The line number of each row (the header is line 1). */
  lines: number[];
  /** Column name → position; every required column is there. */
  columns: ReadonlyMap<string, number>;
}

const CATEGORY_CODE = /^[A-Z]\d{2}$/;
const SUBCATEGORY_CODE = /^[A-Z]\d{2}\d?$/;

/**
 * Parses and cross-checks the four files.
 * @param files - the bytes of each file (ISO-8859-1, or UTF-8 if someone re-saved them)
 * @throws Cid10FileError naming the file and line of the first problem
 */
export function parseOfficialFiles(files: OfficialFileBytes): OfficialCatalogue {
  const chapters = parseChapters(readTable('chapters', files.chapters));
  const groups = readTable('groups', files.groups);
  groups.rows.forEach((_, row) => readRange(groups, row));

  const categories = readTable('categories', files.categories);
  const categoryByCode = new Map<string, Cid10Entry>();
  const subcategoriesOf = new Map<string, Cid10Entry[]>();
  categories.rows.forEach((_, row) => {
    const line = categories.lines[row];
    const code = readCode(categories, row, columnOf(categories, 'CAT'), CATEGORY_CODE, 'A00');
    if (categoryByCode.has(code)) fail('categories', line, `código ${code} repetido`);
    const description = readDescription(categories, row);
    const chapter = chapters.find((c) => c.first <= code && code <= c.last);
    if (!chapter) fail('categories', line, `a categoria ${code} não pertence a nenhum capítulo`);
    const entry: Cid10Entry = {
      code,
      description,
      category: { code, description },
      chapter: chapter.info,
    };
    restrict(entry, readSexRestriction(categories, row, chapter.info));
    categoryByCode.set(code, entry);
    subcategoriesOf.set(code, []);
  });

  const subcategories = readTable('subcategories', files.subcategories);
  const subcategoryCodes = new Set<string>();
  subcategories.rows.forEach((_, row) => {
    const line = subcategories.lines[row];
    const codeColumn = columnOf(subcategories, 'SUBCAT');
    const code = readCode(subcategories, row, codeColumn, SUBCATEGORY_CODE, 'A000');
    if (subcategoryCodes.has(code)) fail('subcategories', line, `código ${code} repetido`);
    subcategoryCodes.add(code);
    const description = readDescription(subcategories, row);
    const category = categoryByCode.get(code.slice(0, 3));
    const siblings = subcategoriesOf.get(code.slice(0, 3));
    if (!category || !siblings) {
      const problem = `a categoria ${code.slice(0, 3)} não existe em ${OFFICIAL_FILE_NAMES.categories}`;
      fail('subcategories', line, problem);
    }
    const restriction = readSexRestriction(subcategories, row, category.chapter);
    // A category without subcategories is listed again here under its own 3-character code.
    if (code.length === 3) {
      restrict(category, restriction);
      return;
    }
    const entry: Cid10Entry = {
      code: formatCid10Code(code),
      description,
      category: category.category,
      chapter: category.chapter,
    };
    restrict(entry, restriction);
    siblings.push(entry);
  });

  // Each category followed by its subcategories: sorted by code when the files are.
  const entries: Cid10Entry[] = [];
  for (const code of [...categoryByCode.keys()].sort()) {
    const category = categoryByCode.get(code);
    const members = subcategoriesOf.get(code) ?? [];
    if (!category) continue;
    // A category whose every subcategory is for one sex is for that sex too (C53, N70).
    const shared = members[0]?.restrictedTo;
    if (shared && members.every((member) => member.restrictedTo === shared)) {
      restrict(category, category.restrictedTo ?? shared);
    }
    entries.push(category, ...members);
  }
  return {
    entries,
    counts: {
      chapters: chapters.length,
      groups: groups.rows.length,
      categories: categories.rows.length,
      subcategories: subcategories.rows.length,
    },
  };
}

function fail(kind: OfficialFileKind, line: number | undefined, problem: string): never {
  throw new Cid10FileError(OFFICIAL_FILE_NAMES[kind], line, problem);
}

/** Decodes, splits and checks the shape of one file. */
function readTable(kind: OfficialFileKind, bytes: Uint8Array): Table {
  const lines = decodeText(kind, bytes).split(/\r?\n/);
  const header = (splitFields(lines[0] ?? '') ?? []).map((name) => name.trim().toUpperCase());
  const required: readonly string[] = REQUIRED_COLUMNS[kind];
  const missing = required.filter((name) => !header.includes(name));
  if (missing.length > 0) {
    fail(kind, 1, `cabeçalho sem a(s) coluna(s) ${missing.join(', ')} (é o arquivo certo?)`);
  }
  const columns = new Map(header.map((name, index) => [name, index]));
  const table: Table = { kind, rows: [], lines: [], columns };
  for (let index = 1; index < lines.length; index += 1) {
    const text = lines[index] ?? '';
    if (text.trim() === '') continue;
    const fields = splitFields(text, header.length);
    if (!fields) {
      const found = text.replace(/;\s*$/, '').split(';').length;
      const problem = `${found} colunas, esperadas ${header.length} (separadas por ';')`;
      fail(kind, index + 1, problem);
    }
    table.rows.push(fields);
    table.lines.push(index + 1);
  }
  if (table.rows.length === 0) fail(kind, undefined, 'o arquivo não tem nenhuma linha de dados');
  return table;
}

/**
 * The fields of a line for a file of `columns` columns. DATASUS ends every line with ';', which
 * opens no field; a line without it is fine too. Undefined when the count is wrong.
 */
function splitFields(line: string, columns?: number): string[] | undefined {
  const fields = line.split(';');
  const endsWithSeparator = fields.length > 1 && fields[fields.length - 1]?.trim() === '';
  if (columns === undefined || (fields.length === columns + 1 && endsWithSeparator)) {
    if (endsWithSeparator) fields.pop();
    return fields;
  }
  return fields.length === columns ? fields : undefined;
}

function columnOf(table: Table, name: string): number {
  return table.columns.get(name) ?? -1;
}

function fieldOf(table: Table, row: number, column: number): string {
  return (table.rows[row]?.[column] ?? '').trim();
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const latin1 = new TextDecoder('latin1');

/**
 * The text of a file. DATASUS publishes ISO-8859-1; a copy re-saved as UTF-8 is read as UTF-8
 * (Portuguese text in ISO-8859-1 is practically never valid UTF-8). Control characters mean a
 * binary or UTF-16 file, which is refused rather than read as garbage.
 */
function decodeText(kind: OfficialFileKind, bytes: Uint8Array): string {
  let text: string;
  const hasBom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  try {
    text = utf8.decode(hasBom ? bytes.subarray(3) : bytes);
  } catch {
    if (hasBom) fail(kind, undefined, 'o arquivo diz ser UTF-8 mas tem bytes inválidos');
    text = latin1.decode(bytes);
  }
  const control = firstControlCharacter(text);
  if (control >= 0) {
    const line = text.slice(0, control).split('\n').length;
    const byte = text.charCodeAt(control).toString(16).padStart(2, '0');
    fail(
      kind,
      line,
      `caractere de controle 0x${byte}: o arquivo não é texto em ISO-8859-1 (esperado CSV da DATASUS)`,
    );
  }
  return text;
}

/** Where the first control character other than tab, CR and LF is, or -1. */
function firstControlCharacter(text: string): number {
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) {
      return i;
    }
  }
  return -1;
}

function readCode(
  table: Table,
  row: number,
  column: number,
  pattern: RegExp,
  example: string,
): string {
  const value = fieldOf(table, row, column);
  const code = value.toUpperCase();
  if (!pattern.test(code)) {
    fail(
      table.kind,
      table.lines[row],
      `código inválido "${value}" (esperado no formato ${example})`,
    );
  }
  return code;
}

/** Whitespace runs become one space (the official titles have a few double spaces). */
function collapseSpaces(text: string): string {
  return /\s\s|[\t\r\n]/.test(text) ? text.replace(/\s+/g, ' ') : text;
}

function readDescription(table: Table, row: number): string {
  const description = collapseSpaces(fieldOf(table, row, columnOf(table, 'DESCRICAO')));
  if (!description) fail(table.kind, table.lines[row], 'descrição vazia');
  return description;
}

/**
 * Gives an entry made here its restriction, as its last field (entries compare as JSON with
 * the built-in catalogue's); no field at all when the code is for anyone.
 */
function restrict(entry: Cid10Entry, restrictedTo: Cid10SexRestriction | undefined): void {
  if (restrictedTo) entry.restrictedTo = restrictedTo;
}

/** The row's RESTRSEXO ('F', 'M' or empty; the column is optional) for a code of `chapter`. */
function readSexRestriction(
  table: Table,
  row: number,
  chapter: Cid10Chapter,
): Cid10SexRestriction | undefined {
  const column = table.columns.get(SEX_RESTRICTION_COLUMN);
  const value = column === undefined ? '' : fieldOf(table, row, column).toUpperCase();
  if (value !== '' && value !== 'F' && value !== 'M') {
    fail(
      table.kind,
      table.lines[row],
      `${SEX_RESTRICTION_COLUMN} inválido "${value}" (esperado F, M ou vazio)`,
    );
  }
  return sexRestrictionOf(value, chapter.number);
}

function readRange(table: Table, row: number): { first: string; last: string } {
  const first = readCode(table, row, columnOf(table, 'CATINIC'), CATEGORY_CODE, 'A00');
  const last = readCode(table, row, columnOf(table, 'CATFIM'), CATEGORY_CODE, 'B99');
  if (first > last)
    fail(table.kind, table.lines[row], `intervalo invertido: ${first} depois de ${last}`);
  return { first, last };
}

/** A chapter with the categories it spans; entries share the chapter object. */
interface ChapterRange {
  first: string;
  last: string;
  info: Cid10Chapter;
}

function parseChapters(table: Table): ChapterRange[] {
  return table.rows.map((_, row) => {
    const number = fieldOf(table, row, columnOf(table, 'NUMCAP'));
    if (!/^\d{1,2}$/.test(number)) {
      fail('chapters', table.lines[row], `número de capítulo inválido "${number}"`);
    }
    const title = collapseSpaces(fieldOf(table, row, columnOf(table, 'DESCRICAO'))).replace(
      /^Cap[ií]tulo [IVXL]+ ?- ?/i,
      '',
    );
    if (!title) fail('chapters', table.lines[row], 'descrição vazia');
    return { ...readRange(table, row), info: { number: Number(number), title } };
  });
}
