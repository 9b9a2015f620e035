import {
  extractedValues,
  type ExtractedValue,
  type ExtractionEvidence,
  type TextSpan,
} from '@shared/ai/extraction-evidence';
import type { ExtractionResult } from '@shared/ai/extraction';
import { foldForMatching } from '@shared/lib/text-folding';
import { findQuotes, textSearch } from './find-quote';
import { namingWords, ownWordsSpans, STEM_LENGTH } from './own-words';

/** What a model says each value was taken from: a verbatim quote, or several, per value path. */
export type ValueQuotes = Readonly<Record<string, string | readonly string[]>>;

/** Whether a quote names what the value names: one naming word of the value starts a word of it. */
function quoteNames(value: ExtractedValue, quote: string): boolean {
  const wanted = namingWords(value.text).map((word) => word.slice(0, STEM_LENGTH));
  if (wanted.length === 0) return true;
  const said = foldForMatching(quote).split(' ');
  return wanted.some((stem) => said.some((word) => word.startsWith(stem)));
}

/**
 * The evidence of a model's extraction, found by the server itself whether or not the model
 * quoted: each quote is looked for in the text (exact, then case, accents and punctuation aside,
 * then within a few edits) and, for a name, a medicine, an allergy or an exam, must name the
 * value; a value without such a quote is looked for by its own words (own-words.ts). Only a value
 * found neither way is unsupported (docs/api.md, "Motor offline").
 * @param text - the consultation as submitted
 * @param result - the model's extraction
 * @param quotes - the model's quotes by value path (many models give none)
 */
export function evidenceOfModelValues(
  text: string,
  result: ExtractionResult,
  quotes: ValueQuotes,
): { evidence: ExtractionEvidence; unsupported: string[] } {
  const search = textSearch(text);
  const evidence: ExtractionEvidence = {};
  const unsupported: string[] = [];
  for (const value of extractedValues(result)) {
    const given = quotes[value.path];
    const said = typeof given === 'string' ? [given] : (given ?? []);
    const quoted = said
      .map((quote) => search.find(quote))
      .filter(
        (span): span is TextSpan =>
          span !== undefined &&
          (value.kind !== 'named' || quoteNames(value, text.slice(span.start, span.end))),
      );
    const spans = quoted.length > 0 ? quoted : ownWordsSpans(search, value);
    if (spans && spans.length > 0) evidence[value.path] = uniqueSpans(spans);
    else unsupported.push(value.path);
  }
  return { evidence, unsupported };
}

/** Spans without repeats, in the text's order. */
function uniqueSpans(spans: readonly TextSpan[]): TextSpan[] {
  const seen = new Set<string>();
  return [...spans]
    .sort((a, b) => a.start - b.start || a.end - b.end)
    .filter(({ start, end }) => {
      const key = `${start}:${end}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

/**
 * The evidence of the offline engine's extraction, whose rules only ever read the text. A value
 * a rule derived from other words — an age said in words, '12 por 8' read as 120/80, the name —
 * has the stretch that rule matched (`ruleSpans`); any other value is a copy of the text (a
 * medicine, an allergy, a phrase) and is found by its own words. Never unsupported: no rule
 * writes what the text does not hold.
 * @param text - the consultation as submitted
 * @param result - the offline engine's extraction of it
 * @param ruleSpans - where the rules matched, by path, in `text`
 */
export function evidenceOfOwnValues(
  text: string,
  result: ExtractionResult,
  ruleSpans: ExtractionEvidence = {},
): ExtractionEvidence {
  const evidence: ExtractionEvidence = {};
  const values = extractedValues(result).filter((value) => {
    const matched = ruleSpans[value.path];
    if (matched) evidence[value.path] = matched;
    return !matched;
  });
  const spans = findQuotes(
    text,
    values.map((value) => value.text),
  );
  values.forEach((value, index) => {
    const span = spans[index];
    if (span) evidence[value.path] = [span];
  });
  return evidence;
}
