import type { Locator } from 'playwright-core';
import { visible } from './pages';

/*
 * The print dialog's preview of receitas, read as a doctor's screen reader reads it: the pages of
 * the PDF the server drew, each with the text PDF.js finds on it.
 */

/** The receitas of the open print dialog, as the preview shows them. */
export const preview = (dialog: Locator) =>
  dialog.getByRole('group', { name: 'Prévia das receitas' });

/** A PDF page's text on one line: PDF.js ends lines and splits items where the layout does. */
export const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The text of each page of the PDF the open dialog previews (each page's caption holds what
 * PDF.js reads on it), once the preview shows the receitas as chosen now.
 */
export async function previewPages(dialog: Locator): Promise<string[]> {
  await visible(preview(dialog).getByRole('figure').first());
  await dialog.getByText('Gerando a prévia do PDF…').waitFor({ state: 'hidden' });
  return preview(dialog)
    .getByRole('figure')
    .evaluateAll((figures) =>
      figures.map((figure) => figure.querySelector('figcaption')?.textContent ?? ''),
    );
}

/** The patients named on a page's receitas ('Paciente: João Lima'), each once. */
export function patientsOf(pageText: string): string[] {
  return [
    ...new Set(
      Array.from(oneLine(pageText).matchAll(/Paciente: (\S+ \S+)/g), (match) => match[1] ?? ''),
    ),
  ];
}

/** Occurrences of a text in a page's text. */
export const occurrences = (pageText: string, text: string) =>
  oneLine(pageText).split(text).length - 1;
