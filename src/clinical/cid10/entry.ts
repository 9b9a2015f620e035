/** A chapter of CID-10: its number (1–22) and official title, e.g. 9 'Doenças do aparelho circulatório'. */
export interface Cid10Chapter {
  number: number;
  title: string;
}

/** A three-character category: 'M54' 'Dorsalgia'. */
export interface Cid10Category {
  code: string;
  description: string;
}

/**
 * One code a doctor can choose: a subcategory (`M54.5`) or a category (`I10`, and also the
 * categories that have subcategories, such as `J45`), with its official description.
 */
export interface Cid10Entry {
  /** With the dot: 'M54.5'; a category keeps its three characters: 'I10'. */
  code: string;
  description: string;
  category: Cid10Category;
  chapter: Cid10Chapter;
  /**
   * The only sex the code applies to, from the official files' RESTRSEXO column (and every code
   * of chapter XV, pregnancy, for 'feminino'); absent when it applies to anyone.
   */
  restrictedTo?: Cid10SexRestriction;
}

/** The sex a code is restricted to, in the words records use for a patient's sex. */
export type Cid10SexRestriction = 'feminino' | 'masculino';

/** Chapter XV, 'Gravidez, parto e puerpério' (O00–O99): codes only a pregnant woman can have. */
export const PREGNANCY_CHAPTER = 15;

/**
 * The restriction RESTRSEXO writes ('F', 'M' or nothing), with chapter XV always for women.
 * @param restrsexo - the column's value; undefined when the file has no such column
 * @param chapterNumber - the code's chapter
 * @returns undefined when the code applies to anyone
 */
export function sexRestrictionOf(
  restrsexo: string | undefined,
  chapterNumber: number,
): Cid10SexRestriction | undefined {
  const value = restrsexo?.trim().toUpperCase();
  if (value === 'F' || chapterNumber === PREGNANCY_CHAPTER) return 'feminino';
  if (value === 'M') return 'masculino';
  return undefined;
}

const COMPACT_CODE = /^[A-Z]\d{2}\d?$/;

/**
 * The display form of a code as the DATASUS files write it: 'A000' → 'A00.0', 'I10' → 'I10'.
 * @param compact - a category (3 characters) or subcategory (4 characters) without the dot
 */
export function formatCid10Code(compact: string): string {
  return compact.length === 4 ? `${compact.slice(0, 3)}.${compact.slice(3)}` : compact;
}

/**
 * The form codes are compared in: upper case, no dot. 'j45.9', 'J459' and 'J45.9' all give
 * 'J459'; anything that is not a category or subcategory code gives undefined.
 */
export function compactCid10Code(code: string): string | undefined {
  const compact = code
    .trim()
    .toUpperCase()
    .replace(/^([A-Z]\d{2})[.,]?(\d)$/, '$1$2');
  return COMPACT_CODE.test(compact) ? compact : undefined;
}
