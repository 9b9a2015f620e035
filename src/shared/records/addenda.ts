import type { RecordAddendum } from './medical-record';
import { formatDateTime } from '../lib/pt-br-format';

/** One addendum as a finalised record's report shows it: its heading, then its text. */
export interface AddendumEntry {
  /** 'Adendo de 21/11/2026 14:30 — Dra. Helena Prado' */
  heading: string;
  text: string;
}

/** The title of the addenda block in the report, its print and its text. */
export const ADDENDA_TITLE = 'Adendos';

/** 'Adendo de 21/11/2026 14:30 — Dra. Helena Prado', in local time. */
export function addendumHeading(addendum: RecordAddendum): string {
  return `Adendo de ${formatDateTime(addendum.createdAt)} — ${addendum.author}`;
}

/** A record's addenda, oldest first, as the report lists them. */
export function addendumEntries(addenda: readonly RecordAddendum[] | undefined): AddendumEntry[] {
  return [...(addenda ?? [])]
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
    .map((addendum) => ({ heading: addendumHeading(addendum), text: addendum.text }));
}

/**
 * The addenda as plain text, to follow a record's text export: a titled block with each
 * addendum's heading and text; empty when there are none.
 */
export function addendaText(addenda: readonly RecordAddendum[] | undefined): string {
  const entries = addendumEntries(addenda);
  if (entries.length === 0) return '';
  return [
    ADDENDA_TITLE.toUpperCase(),
    ...entries.map((entry) => `${entry.heading}\n${entry.text}`),
  ].join('\n\n');
}
