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
