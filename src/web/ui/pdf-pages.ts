import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { pdfPageText } from '@shared/lib/pdf-page-text';

/** One page of a PDF drawn as an image, with the text a reader finds on it. */
export interface PdfPageImage {
  /** A `blob:` URL of the page as a PNG; released by {@link releasePdfPages}. */
  url: string;
  /** The page's text in reading order, lines ending in '\n' (for screen readers). */
  text: string;
  /** The page's size in PDF points (1/72 in). */
  widthPt: number;
  heightPt: number;
}

/**
 * Pixels per PDF point of the images: 200 dpi, sharp on screen at any zoom a doctor uses and on
 * paper, where these images are what prints.
 */
const PIXELS_PER_POINT = 200 / 72;

/**
 * Draws every page of a PDF with Mozilla's PDF.js (loaded with the first call): the file itself,
 * as a viewer shows it, not a copy of its layout. Nothing is evaluated from the file and its
 * embedded fonts are used as they are.
 * @param bytes - the PDF
 * @param signal - abandons the drawing (the pages drawn so far are released)
 * @throws Error - when the file is not a PDF PDF.js can read, or `signal` aborted
 */
export async function drawPdfPages(
  bytes: Uint8Array,
  signal?: AbortSignal,
): Promise<PdfPageImage[]> {
  const { getDocument, GlobalWorkerOptions } = await import('pdfjs-dist');
  GlobalWorkerOptions.workerSrc = workerUrl;
  // PDF.js takes the buffer over (transfers it to its worker): it gets a copy.
  const document = await getDocument({ data: bytes.slice(), isEvalSupported: false }).promise;
  const pages: PdfPageImage[] = [];
  try {
    for (let number = 1; number <= document.numPages; number++) {
      signal?.throwIfAborted();
      const page = await document.getPage(number);
      const [, , widthPt = 0, heightPt = 0] = page.view;
      const viewport = page.getViewport({ scale: PIXELS_PER_POINT });
      const canvas = window.document.createElement('canvas');
      canvas.width = Math.ceil(viewport.width);
      canvas.height = Math.ceil(viewport.height);
      await page.render({ canvas, viewport, background: 'white' }).promise;
      const text = pdfPageText(await page.getTextContent());
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!blob) throw new Error(`PDF page ${number} could not be drawn`);
      pages.push({ url: URL.createObjectURL(blob), text, widthPt, heightPt });
      page.cleanup();
    }
    signal?.throwIfAborted();
    return pages;
  } catch (error) {
    releasePdfPages(pages);
    throw error;
  } finally {
    await document.destroy();
  }
}

/** Frees the images of {@link drawPdfPages}. */
export function releasePdfPages(pages: readonly PdfPageImage[]): void {
  for (const page of pages) URL.revokeObjectURL(page.url);
}
