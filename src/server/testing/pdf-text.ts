import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { pdfPageText } from '@shared/lib/pdf-page-text';

/**
 * The text of each page of a PDF, as Mozilla's PDF.js reads it — a reader independent of the
 * library that wrote it: what a viewer would show, not what we meant to draw. Lines end in '\n'.
 */
export async function pdfPagesText(bytes: Uint8Array): Promise<string[]> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    useSystemFonts: false,
  }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      pages.push(pdfPageText(await (await document.getPage(number)).getTextContent()));
    }
    return pages;
  } finally {
    await document.destroy();
  }
}
