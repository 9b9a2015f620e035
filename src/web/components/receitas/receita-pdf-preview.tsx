import { useEffect, useRef, useState } from 'react';
import { prescriptionsApi } from '@shared/api/prescriptions';
import type { ReceitaPrintInput } from '@shared/prescriptions/prescription';
import type { ReceitaPrescription } from '@shared/prescriptions/receita-document';
import { api, errorText } from '../../data/api';
import { drawPdfPages, releasePdfPages, type PdfPageImage } from '../../ui/pdf-pages';
import { PrintArea } from '../../ui/print-area';

/** The receitas' PDF as the server drew it, and its pages drawn for the screen and for paper. */
export interface ReceitaPdf {
  /** The receitas it was drawn for ({@link printInputKey}). */
  key: string;
  blob: Blob;
  fileName: string;
  pages: readonly PdfPageImage[];
}

/** Waits this long after a change (a quantity typed, a receita ticked) before asking again. */
const SETTLE_MS = 250;

/**
 * What identifies the PDF of some receitas: the request that draws them, and what the server
 * adds to them from its own records (the validation code, the signature, the cancellation).
 */
export function printInputKey(
  input: ReceitaPrintInput,
  marks: readonly Pick<ReceitaPrescription, 'id' | 'validation' | 'signedAt' | 'cancellation'>[],
): string {
  return JSON.stringify({
    input,
    marks: marks.map(({ id, validation, signedAt, cancellation }) => [
      id,
      validation?.secretCode,
      signedAt,
      cancellation?.at,
    ]),
  });
}

/**
 * The PDF of the receitas as this device holds them, from the server's renderer (the file that
 * 'Baixar PDF' saves and that a signature covers), drawn page by page: the preview shows and
 * prints that file, not a copy of its layout. While a newer one is on its way the last one stays
 * (`current` false); a failure keeps it too, with the error's message.
 * @param input - the receitas to draw; undefined draws nothing
 * @param receitas - the same receitas, whose server-side marks make a new PDF when they change
 * @param storedId - a signed receita's id: its file as signed, byte for byte, not a new drawing
 */
export function useReceitaPdf(
  input: ReceitaPrintInput | undefined,
  receitas: readonly ReceitaPrescription[],
  storedId?: string,
) {
  const key =
    input === undefined
      ? undefined
      : storedId === undefined
        ? printInputKey(input, receitas)
        : JSON.stringify({ storedId, marks: printInputKey({ prescriptions: [] }, receitas) });
  const [pdf, setPdf] = useState<ReceitaPdf>();
  const [failure, setFailure] = useState<{ key: string; message: string }>();
  const [attempt, setAttempt] = useState(0);
  // The pages on screen, released when replaced and when the preview closes.
  const shown = useRef<ReceitaPdf | undefined>(undefined);

  useEffect(() => {
    if (key === undefined) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      void (async () => {
        try {
          const asked = JSON.parse(key) as { input?: ReceitaPrintInput; storedId?: string };
          const { blob, answer: fileName } =
            asked.storedId === undefined
              ? await api.file(prescriptionsApi.pdf, {
                  body: asked.input ?? { prescriptions: [] },
                  signal: controller.signal,
                })
              : await api.file(prescriptionsApi.storedPdf, {
                  params: { id: asked.storedId },
                  signal: controller.signal,
                });
          const pages = await drawPdfPages(
            new Uint8Array(await blob.arrayBuffer()),
            controller.signal,
          );
          // Replaced or closed while PDF.js finished: these pages are nobody's.
          if (controller.signal.aborted) {
            releasePdfPages(pages);
            return;
          }
          const drawn: ReceitaPdf = { key, blob, fileName, pages };
          const replaced = shown.current;
          shown.current = drawn;
          setPdf(drawn);
          setFailure(undefined);
          if (replaced) releasePdfPages(replaced.pages);
        } catch (error) {
          if (controller.signal.aborted) return;
          console.warn('Receita PDF preview failed', error);
          setFailure({
            key,
            message: errorText(error, RECEITA_PDF_TEXT.failed),
          });
        }
      })();
    }, SETTLE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [key, attempt]);

  useEffect(
    () => () => {
      if (shown.current) releasePdfPages(shown.current.pages);
      shown.current = undefined;
    },
    [],
  );

  const current = pdf !== undefined && pdf.key === key;
  return {
    pdf,
    current,
    failure: failure !== undefined && failure.key === key ? failure.message : undefined,
    retry: () => setAttempt((count) => count + 1),
  };
}

export const RECEITA_PDF_TEXT = {
  preview: 'Prévia das receitas',
  drawing: 'Gerando a prévia do PDF…',
  failed: 'Não foi possível gerar o PDF das receitas. Tente novamente.',
  retry: 'Tentar novamente',
  page: (number: number, total: number) => `Página ${number} de ${total}`,
} as const;

/** A run of pages under a heading (a patient's, when the receitas are of several). */
export interface PdfPageSection {
  heading: string | undefined;
  pageCount: number;
}

/**
 * The PDF's pages as images, each with its text for screen readers, in sections; when the
 * sections do not add up to the file's pages, the pages come in one run.
 */
export function ReceitaPdfPages(props: { pdf: ReceitaPdf; sections: readonly PdfPageSection[] }) {
  const { pages } = props.pdf;
  const fits = props.sections.reduce((sum, section) => sum + section.pageCount, 0) === pages.length;
  const sections = fits ? props.sections : [{ heading: undefined, pageCount: pages.length }];
  const starts = sections.map((_, index) =>
    sections.slice(0, index).reduce((sum, section) => sum + section.pageCount, 0),
  );
  return (
    <div role="group" aria-label={RECEITA_PDF_TEXT.preview} className="flex flex-col gap-6">
      {sections.map((section, index) => {
        const start = starts[index] ?? 0;
        return (
          <section key={index} aria-label={section.heading}>
            {section.heading && (
              <h3 className="mb-2 text-sm font-semibold text-fg">{section.heading}</h3>
            )}
            <div className="flex flex-col items-center gap-4">
              {pages.slice(start, start + section.pageCount).map((page, offset) => {
                const number = start + offset + 1;
                return (
                  <figure
                    key={page.url}
                    aria-label={RECEITA_PDF_TEXT.page(number, pages.length)}
                    className="w-full max-w-[210mm] bg-white shadow-md ring-1 ring-line"
                    style={{ aspectRatio: `${page.widthPt} / ${page.heightPt}` }}
                  >
                    <img src={page.url} alt="" className="block h-full w-full" />
                    <figcaption className="sr-only whitespace-pre-line">{page.text}</figcaption>
                  </figure>
                );
              })}
            </div>
          </section>
        );
      })}
    </div>
  );
}

/**
 * The PDF's pages as they print, beside the app: one image per A4 sheet (styles.css, "Receitas"
 * block), shown alone while `html[data-printing='receitas']`.
 */
export function ReceitaPdfPrintArea(props: { pdf: ReceitaPdf }) {
  const { pages } = props.pdf;
  return (
    <PrintArea kind="receitas">
      {pages.map((page, index) => (
        <img
          key={page.url}
          src={page.url}
          alt={RECEITA_PDF_TEXT.page(index + 1, pages.length)}
          className="receita-page-image"
        />
      ))}
    </PrintArea>
  );
}
