/**
 * A visit's coded diagnoses and a chart's coded conditions (docs/product.md, "Diagnósticos
 * codificados"): read from what the doctor wrote, so the text she signs stays the one source.
 * A code counts where she wrote it as a diagnosis — a line the CID panel adds ('I10 - Hipertensão
 * essencial (primária)'), a code after 'CID'/'CID-10' ('HAS, CID-10 I10'), or a code alone in
 * parentheses ('HAS (I10)'). A bare code inside a sentence is not read: 'fratura de T12' names
 * a vertebra, 'vitamina B12' a vitamin.
 */

export interface CodedDiagnosis {
  /** The CID-10 code in display form, upper case: 'I10', 'J06.9'. */
  code: string;
  /** The doctor's words for it, when she wrote them beside the code ('HAS'). */
  text?: string;
}

/**
 * The official description of a CID-10 code, or undefined when the catalogue has no such code.
 */
export type Cid10Describer = (code: string) => string | undefined;

/**
 * How a coded diagnosis is printed: 'I10 — HAS', or with the catalogue's words when the doctor
 * wrote none beside the code.
 */
export function diagnosisLine(diagnosis: CodedDiagnosis, describeCid?: Cid10Describer): string {
  const words = diagnosis.text ?? describeCid?.(diagnosis.code);
  return words ? `${diagnosis.code} — ${words}` : diagnosis.code;
}

/** A code as people write it: 'I10', 'j06.9', 'J06,9', 'J069'. */
const CODE = String.raw`[A-Za-z]\d{2}(?:[.,]?\d)?`;
/** 'CID', 'CID10', 'CID-10', 'CID 10', followed by ':' or nothing. */
const MARKER = String.raw`\bCID(?:[-\s]?10)?\s*[:=]?\s*`;

/** A line the CID panel writes, or one written like it: 'I10 - Hipertensão essencial'. */
const CODE_LINE = new RegExp(String.raw`^\s*[-•*]?\s*(${CODE})\s*[-–—:]\s*(\S.*?)\s*$`);
/** After a marker, a code or a list of codes: 'CID-10 I10 e E11.9', 'CID: J06.9, J02.9'. */
const MARKED_CODES = new RegExp(
  String.raw`${MARKER}(${CODE}(?:\s*(?:,|;|\/|\+|\be\b)\s*${CODE})*)(?![\w.,]\d)`,
  'giu',
);
/** A code alone in parentheses: '(I10)', '( J06.9 )'. */
const PARENTHESISED_CODE = new RegExp(String.raw`\(\s*(${CODE})\s*\)`, 'gu');
const ANY_CODE = new RegExp(CODE, 'g');

/** Labels that open a diagnosis line and are not part of the diagnosis. */
const DIAGNOSIS_LABEL =
  /^(?:hd|hip[oó]tese(?:s)?(?: diagn[oó]stica(?:s)?)?|diagn[oó]stico(?:s)?|impress[aã]o(?: diagn[oó]stica)?|avalia[cç][aã]o)\s*[:-]?\s*/i;
/** The doctor's words beside a code are a name, not a paragraph. */
const MAX_TEXT_LENGTH = 120;

/** 'j06,9' → 'J06.9', 'J069' → 'J06.9', 'i10' → 'I10'. */
export function displayCid10Code(written: string): string {
  const compact = written.replace(/[.,\s]/g, '').toUpperCase();
  return compact.length > 3 ? `${compact.slice(0, 3)}.${compact.slice(3)}` : compact;
}

/**
 * The diagnoses coded in a text, in the order written, each code once.
 * @param text - an assessment, or one item of a chart's list
 */
export function codedDiagnoses(text: string | undefined): CodedDiagnosis[] {
  const found = new Map<string, CodedDiagnosis>();
  const add = (written: string, words: string | undefined) => {
    const code = displayCid10Code(written);
    if (found.has(code)) return;
    const cleaned = words === undefined ? undefined : diagnosisWords(words);
    found.set(code, cleaned ? { code, text: cleaned } : { code });
  };
  for (const line of (text ?? '').split('\n')) {
    const codeLine = CODE_LINE.exec(line);
    if (codeLine?.[1] && codeLine[2] && !/^\d/.test(codeLine[2])) {
      add(codeLine[1], codeLine[2]);
      continue;
    }
    const inLine = [...line.matchAll(MARKED_CODES), ...line.matchAll(PARENTHESISED_CODE)]
      .map((match) => ({ at: match.index, end: match.index + match[0].length, codes: match[1] }))
      .sort((a, b) => a.at - b.at);
    let wordsStart = 0;
    for (const { at, end, codes } of inLine) {
      const written = codes?.match(ANY_CODE) ?? [];
      // Words before one code name it; before a list they name no one code in particular.
      const words = written.length === 1 ? wordsBefore(line.slice(wordsStart, at)) : undefined;
      for (const code of written) add(code, words);
      wordsStart = end;
    }
  }
  return [...found.values()];
}

/**
 * One item of a chart's list (a chronic condition) and the code written in it:
 * 'Hipertensão arterial (CID-10 I10)' → I10, 'Hipertensão arterial'.
 */
export function codedCondition(item: string): { text: string; code?: string } {
  const [coded, ...others] = codedDiagnoses(item);
  if (!coded || others.length > 0) return { text: item.trim() };
  return { text: coded.text ?? item.trim(), code: coded.code };
}

/**
 * The item with the code the doctor confirmed, written the way {@link codedCondition} reads it:
 * 'Hipertensão arterial' → 'Hipertensão arterial (CID-10 I10)'. An item that already has a code
 * keeps its own.
 */
export function withConditionCode(item: string, code: string): string {
  if (codedCondition(item).code) return item;
  return `${item.trim()} (CID-10 ${displayCid10Code(code)})`;
}

/**
 * The clause just before a code, after any code before it: 'HD: faringite aguda, ' → 'faringite
 * aguda'; ') e DM2 (' → 'DM2'.
 */
function wordsBefore(before: string): string | undefined {
  const clause = before.split(/[.;:!?]\s|[;:]/).pop() ?? '';
  const trimmed = clause.replace(/^[\s,)–—-]*(?:e\s+)?/u, '').replace(/[\s,(–—-]+$/u, '');
  return trimmed || undefined;
}

function diagnosisWords(words: string): string | undefined {
  const cleaned = words.trim().replace(DIAGNOSIS_LABEL, '').trim();
  if (!cleaned || cleaned.length > MAX_TEXT_LENGTH) return undefined;
  return cleaned;
}
