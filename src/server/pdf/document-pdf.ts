import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { encode } from 'uqr';
import { signatureLines, type DocumentText } from '@shared/documents/document-text';

/**
 * The one PDF renderer of the server (docs/documentos.md, "PDF"): A4, the doctor's header, the document's words,
 * page numbers and, once issued, the validation QR code with its address and code printed
 * under it. The text is drawn with DejaVu Sans, embedded (and subset) from the
 * `dejavu-fonts-ttf` package: Latin with every accent, Greek, Cyrillic and the symbols a
 * prescription writes (≥, µg, ½, →) print as typed, never as '?'.
 */

const require = createRequire(import.meta.url);
const fontBytes = (file: string) => readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`));
/** Read once per process: 0.7 MB each, subset into every PDF to the glyphs it uses. */
const FONTS = { regular: fontBytes('DejaVuSans.ttf'), bold: fontBytes('DejaVuSans-Bold.ttf') };

/** The regular and bold faces of the embedded Unicode font. */
export interface UnicodeFonts {
  regular: PDFFont;
  bold: PDFFont;
}

/** DejaVu Sans, regular and bold, embedded in `pdf` and subset to the glyphs it uses. */
export async function embedUnicodeFonts(pdf: PDFDocument): Promise<UnicodeFonts> {
  pdf.registerFontkit(fontkit);
  return {
    regular: await pdf.embedFont(FONTS.regular, { subset: true }),
    bold: await pdf.embedFont(FONTS.bold, { subset: true }),
  };
}

/** A4 in points, and the margins. */
const PAGE = { width: 595.28, height: 841.89, margin: 56 } as const;
const TEXT_WIDTH = PAGE.width - 2 * PAGE.margin;
const SIZES = { header: 9.5, doctor: 13, title: 15, body: 11, small: 8.5 } as const;
const LINE = 1.45;
/** Below this the page's footer (page number) and, on the last, the validation block. */
const FOOTER_TOP = 60;
const QR_SIZE = 84;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.35, 0.35, 0.4);
const ALERT = rgb(0.72, 0.1, 0.1);

/** What the PDF says of its state beside the words: validation, a draft, a cancellation. */
export interface DocumentPdfOptions {
  /** Where and with which code the document is checked; absent on a draft. */
  validation?: { url: string; secretCode: string };
  /** A draft prints a band saying it is not valid yet. */
  draft?: boolean;
  /** A cancelled document prints when and why, over its words. */
  cancellation?: string;
  /** A document being signed says by whom and when under its signature line. */
  signature?: { signer: string; at: string };
  /** The PDF's own metadata. */
  metadata: { title: string; author: string; createdAt: Date };
}

/** Lays out lines top to bottom, page after page. */
class Writer {
  private page: PDFPage;
  private y: number;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly pdf: PDFDocument,
    readonly fonts: UnicodeFonts,
  ) {
    this.page = this.newPage();
    this.y = PAGE.height - PAGE.margin;
  }

  private newPage(): PDFPage {
    const page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.pages.push(page);
    return page;
  }

  /** Room for `height` more points on this page, or a new page. */
  private ensure(height: number, bottom = FOOTER_TOP + 12): void {
    if (this.y - height >= bottom) return;
    this.page = this.newPage();
    this.y = PAGE.height - PAGE.margin;
  }

  /** A paragraph, wrapped to the text's width. */
  paragraph(
    text: string,
    options: {
      size: number;
      bold?: boolean;
      color?: ReturnType<typeof rgb>;
      align?: 'left' | 'center';
      indent?: number;
    },
  ): void {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const indent = options.indent ?? 0;
    for (const line of wrap(text, font, options.size, TEXT_WIDTH - indent)) {
      this.ensure(options.size * LINE);
      this.y -= options.size * LINE;
      const width = font.widthOfTextAtSize(line, options.size);
      const x =
        options.align === 'center' ? PAGE.margin + (TEXT_WIDTH - width) / 2 : PAGE.margin + indent;
      this.page.drawText(line, {
        x,
        y: this.y,
        size: options.size,
        font,
        color: options.color ?? INK,
      });
    }
  }

  space(points: number): void {
    this.y -= points;
  }

  rule(): void {
    this.ensure(8);
    this.y -= 6;
    this.page.drawLine({
      start: { x: PAGE.margin, y: this.y },
      end: { x: PAGE.width - PAGE.margin, y: this.y },
      thickness: 0.6,
      color: MUTED,
    });
    this.y -= 6;
  }

  /** Keeps the next `height` points together on one page. */
  keep(height: number): void {
    this.ensure(height);
  }

  /** The validation block at the bottom of the last page: QR code, address and code. */
  validation(url: string, secretCode: string): void {
    this.ensure(QR_SIZE + 16, FOOTER_TOP + QR_SIZE + 8);
    const page = this.page;
    const bottom = FOOTER_TOP;
    drawQrCode(page, url, PAGE.margin, bottom, QR_SIZE);
    const x = PAGE.margin + QR_SIZE + 14;
    const width = PAGE.width - PAGE.margin - x;
    const { regular, bold } = this.fonts;
    const label = wrap('Documento verificável pelo QR code ou em:', regular, SIZES.small, width);
    const code = wrap(`Código de validação: ${secretCode}`, bold, SIZES.header, width);
    const firstBaseline = bottom + QR_SIZE - SIZES.header;
    // Beside the QR code, no lower than its bottom edge: the page number is below.
    const room = firstBaseline - bottom - (label.length - 1) * SIZES.small * LINE;
    const codeHeight = code.length * SIZES.header * LINE;
    const maxLines = Math.floor((room - codeHeight) / (SIZES.small * LINE));
    const address = wrapUrl(url, regular, SIZES.small, width, maxLines);
    const blocks = [
      { lines: label, font: regular, size: SIZES.small },
      { lines: address.lines, font: regular, size: address.size },
      { lines: code, font: bold, size: SIZES.header },
    ];
    // Each line sits its own height under the one above.
    let y = firstBaseline + SIZES.small * LINE;
    for (const { lines, font, size } of blocks) {
      for (const line of lines) {
        y -= size * LINE;
        page.drawText(line, { x, y, size, font, color: INK });
      }
    }
  }
}

/**
 * Splits a paragraph into lines that fit `width`; a word longer than a line is broken. Each word
 * is measured once and a line's width summed from its words and spaces: measuring every
 * candidate line again shaped the same text over and over (most of a long report's time).
 */
export function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const measure = (part: string) => font.widthOfTextAtSize(part, size);
  const space = measure(' ');
  const lines: string[] = [];
  for (const source of text.split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const word of source.split(/\s+/).filter((each) => each !== '')) {
      const wordWidth = measure(word);
      // A thousandth of a point: widths summed word by word round apart from the whole line's.
      if (line !== '' && lineWidth + space + wordWidth <= width + 0.001) {
        line = `${line} ${word}`;
        lineWidth += space + wordWidth;
        continue;
      }
      if (line !== '') lines.push(line);
      line = word;
      lineWidth = wordWidth;
      // A word wider than the line (a long URL): broken by characters, as typesetters do.
      if (lineWidth > width) {
        const pieces = breakWord(word, measure, width);
        line = pieces.pop() ?? '';
        lines.push(...pieces);
        lineWidth = measure(line);
      }
    }
    lines.push(line);
  }
  return lines;
}

/**
 * A word wider than the line in pieces that fit, each character measured once: the work grows
 * with the word's length, never with its square (a 2,000-character word once held the server
 * for seconds). Kerning only narrows a piece, so summed widths never let one run past the line.
 * Characters stay whole: a pair of surrogates is one character.
 */
function breakWord(word: string, measure: (part: string) => number, width: number): string[] {
  const widths = new Map<string, number>();
  const pieces: string[] = [];
  let piece = '';
  let pieceWidth = 0;
  for (const char of word) {
    let charWidth = widths.get(char);
    if (charWidth === undefined) {
      charWidth = measure(char);
      widths.set(char, charWidth);
    }
    if (piece !== '' && pieceWidth + charWidth > width) {
      pieces.push(piece);
      piece = '';
      pieceWidth = 0;
    }
    piece += char;
    pieceWidth += charWidth;
  }
  pieces.push(piece);
  return pieces;
}

/** The smallest size a URL is set at to keep its pieces whole; below it a piece is cut. */
const MIN_URL_SIZE = 4;

/**
 * Where a URL may break (docs/documentos.md, "Validação"): before a '/', '.' or '-', so that a
 * line that goes on starts with one — never read as a word's hyphen — and after the scheme's
 * '//', never between its two slashes.
 * @returns the URL in pieces; joined back, they are the URL
 */
export function urlPieces(url: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  for (let index = 1; index < url.length; index++) {
    const char = url[index];
    const before = url[index - 1];
    const breaksBefore =
      char === '.' || char === '-' || (char === '/' && before !== '/' && url[index + 1] !== '/');
    const afterScheme = before === '/' && url[index - 2] === '/';
    if (breaksBefore || afterScheme) {
      pieces.push(url.slice(start, index));
      start = index;
    }
  }
  pieces.push(url.slice(start));
  return pieces;
}

/**
 * A URL in lines that fit `width`, broken only between its {@link urlPieces}: what a pharmacy
 * types from the paper reads whole. When one piece (a long name, the document's id) is wider
 * than the line, or the lines are more than `maxLines`, the whole URL is set smaller, down to
 * {@link MIN_URL_SIZE}; only a piece wider still is cut, as {@link wrap} cuts a word.
 * @param maxLines - the most lines there is room for (at least one is always given)
 * @returns the lines, and the size to draw them at
 */
export function wrapUrl(
  url: string,
  font: PDFFont,
  size: number,
  width: number,
  maxLines = Infinity,
): { lines: string[]; size: number } {
  const pieces = urlPieces(url);
  const widest = Math.max(...pieces.map((piece) => font.widthOfTextAtSize(piece, size)));
  // Widths grow with the size in proportion; a hair less, so rounding never tips a piece over.
  let fitted = widest > width ? Math.max(MIN_URL_SIZE, ((size * width) / widest) * 0.999) : size;
  let lines = fillLines(pieces, (text) => font.widthOfTextAtSize(text, fitted), width);
  while (lines.length > Math.max(1, maxLines) && fitted > MIN_URL_SIZE) {
    fitted = Math.max(MIN_URL_SIZE, fitted * 0.95);
    lines = fillLines(pieces, (text) => font.widthOfTextAtSize(text, fitted), width);
  }
  return { lines: lines.flatMap((line) => wrap(line, font, fitted, width)), size: fitted };
}

/** Pieces joined into lines as long as they fit `width`, each line at least one piece. */
function fillLines(
  pieces: readonly string[],
  measure: (text: string) => number,
  width: number,
): string[] {
  const lines: string[] = [];
  let line = '';
  for (const piece of pieces) {
    if (line !== '' && measure(line + piece) > width + 0.001) {
      lines.push(line);
      line = '';
    }
    line += piece;
  }
  lines.push(line);
  return lines;
}

/** The QR code of `text`, dark modules as squares, `size` points wide, bottom-left at (x, y). */
export function drawQrCode(page: PDFPage, text: string, x: number, y: number, size: number): void {
  const { data } = encode(text, { ecc: 'M', border: 0 });
  const module = size / data.length;
  data.forEach((row, rowIndex) => {
    row.forEach((dark, columnIndex) => {
      if (!dark) return;
      page.drawRectangle({
        x: x + columnIndex * module,
        y: y + size - (rowIndex + 1) * module,
        width: module,
        height: module,
        color: rgb(0, 0, 0),
      });
    });
  });
}

/** The PDF of a document's words, as {@link DocumentText} gives them. */
export async function renderDocumentPdf(
  text: DocumentText,
  options: DocumentPdfOptions,
): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await composeDocumentPdf(text, options);
  // Copied into a buffer of its own: pdf-lib's may be a view on a larger one.
  return new Uint8Array(await pdf.save({ useObjectStreams: false }));
}

/** The same PDF, not yet saved: what a signature is added to (signing/pades.ts). */
export async function composeDocumentPdf(
  text: DocumentText,
  options: DocumentPdfOptions,
): Promise<PDFDocument> {
  const pdf = await PDFDocument.create();
  const fonts = await embedUnicodeFonts(pdf);
  const writer = new Writer(pdf, fonts);

  if (options.draft) {
    writer.paragraph('RASCUNHO — sem validade até ser emitido', {
      size: SIZES.header,
      bold: true,
      color: ALERT,
      align: 'center',
    });
    writer.space(6);
  }
  const [doctor, ...details] = text.issuer;
  if (doctor !== undefined) writer.paragraph(doctor, { size: SIZES.doctor, bold: true });
  for (const line of details) writer.paragraph(line, { size: SIZES.header, color: MUTED });
  writer.rule();
  writer.space(10);
  writer.paragraph(text.title.toUpperCase(), { size: SIZES.title, bold: true, align: 'center' });
  writer.space(14);
  for (const line of text.patient) writer.paragraph(line, { size: SIZES.body });
  writer.space(10);
  if (options.cancellation !== undefined) {
    writer.paragraph(options.cancellation, { size: SIZES.body, bold: true, color: ALERT });
    writer.space(8);
  }
  for (const paragraph of text.paragraphs) {
    const item = paragraph.startsWith('• ');
    writer.paragraph(paragraph, { size: SIZES.body, indent: item ? 14 : 0 });
    writer.space(item ? 2 : 8);
  }
  // The date and time of issue, then the signature line, kept together.
  writer.space(18);
  writer.keep(SIZES.body * LINE * 4 + 40);
  writer.paragraph(text.issuedAt, { size: SIZES.body });
  writer.space(36);
  const [rule, signer, registration] = signatureLines(text);
  if (rule !== undefined) writer.paragraph(rule, { size: SIZES.body, align: 'center' });
  if (signer !== undefined) writer.paragraph(signer, { size: SIZES.body, align: 'center' });
  if (registration !== undefined) {
    writer.paragraph(registration, { size: SIZES.header, align: 'center', color: MUTED });
  }
  if (options.signature) {
    writer.space(6);
    writer.paragraph(
      `Assinado digitalmente por ${options.signature.signer} com certificado ICP-Brasil em ${options.signature.at}.`,
      { size: SIZES.small, align: 'center', color: MUTED },
    );
  }
  if (options.validation) writer.validation(options.validation.url, options.validation.secretCode);

  writer.pages.forEach((page, index) => {
    const label = `Página ${index + 1} de ${writer.pages.length}`;
    const width = fonts.regular.widthOfTextAtSize(label, SIZES.small);
    page.drawText(label, {
      x: PAGE.width - PAGE.margin - width,
      y: 28,
      size: SIZES.small,
      font: fonts.regular,
      color: MUTED,
    });
  });

  pdf.setTitle(options.metadata.title);
  pdf.setAuthor(options.metadata.author);
  pdf.setCreator('Prontu');
  pdf.setProducer('Prontu');
  pdf.setLanguage('pt-BR');
  pdf.setCreationDate(options.metadata.createdAt);
  pdf.setModificationDate(options.metadata.createdAt);
  return pdf;
}
