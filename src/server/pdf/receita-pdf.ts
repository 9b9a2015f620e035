import { PDFDocument, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import {
  receitaDoctorName,
  type ReceitaSettings,
  type ReceitaSheet,
} from '@shared/prescriptions/receita-document';
import {
  LINE_HEIGHT_EM,
  SLOT_GEOMETRY,
  type ReceitaPage,
} from '@shared/prescriptions/receita-page-layout';
import { drawQrCode, embedUnicodeFonts, wrap, wrapUrl, type UnicodeFonts } from './document-pdf';

/**
 * The receitas as a PDF file: A4 pages, `perPage` receitas to a page, the two vias of
 * a controlled or antimicrobial receita as the two halves of its page, each page numbered. The
 * server's one renderer draws it with the documents' embedded Unicode font (document-pdf.ts), so
 * '≥', 'µg' and '½' print as typed.
 */

/** A4 in PDF points. */
export const A4_SIZE = { width: 595.28, height: 841.89 } as const;

const MM = 72 / 25.4;
const BLACK = rgb(0, 0, 0);
const GREY = rgb(0.35, 0.35, 0.35);
const GUIDE = rgb(0.7, 0.7, 0.7);
const ALERT = rgb(0.72, 0.1, 0.1);

interface Rect {
  x: number;
  /** The top edge, in PDF coordinates (origin at the bottom left). */
  top: number;
  width: number;
  height: number;
}

/** The document being drawn, page by page. */
class PdfWriter {
  private current: PDFPage | undefined;

  constructor(
    readonly document: PDFDocument,
    readonly fonts: UnicodeFonts,
  ) {}

  /** The page being drawn on (the last one added). */
  get page(): PDFPage {
    if (!this.current) throw new Error('No page to draw on: call addPage first.');
    return this.current;
  }

  addPage(): void {
    this.current = this.document.addPage([A4_SIZE.width, A4_SIZE.height]);
  }

  width(text: string, font: PDFFont, size: number): number {
    return font.widthOfTextAtSize(text, size);
  }

  text(text: string, x: number, y: number, font: PDFFont, size: number, color: RGB = BLACK) {
    const line = text.replace(/\t/g, ' ');
    if (line.trim() === '') return;
    this.page.drawText(line, { x, y, font, size, color });
  }

  line(x1: number, y1: number, x2: number, y2: number, thickness = 0.6, color = BLACK) {
    this.page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness, color });
  }
}

/** The rectangle of slot `index` on a page of `perPage` receitas. */
function slotRect(perPage: ReceitaPage['perPage'], index: number): Rect {
  const geometry = SLOT_GEOMETRY[perPage];
  const column = geometry.columns === 2 ? index % 2 : 0;
  const row = geometry.columns === 2 ? Math.floor(index / 2) : index;
  const width = geometry.widthMm * MM;
  const height = geometry.heightMm * MM;
  return { x: column * width, top: A4_SIZE.height - row * height, width, height };
}

/** Dashed guides where the page is cut into its receitas. */
function drawCutGuides(writer: PdfWriter, perPage: ReceitaPage['perPage']) {
  const geometry = SLOT_GEOMETRY[perPage];
  const rows = geometry.columns === 2 ? perPage / 2 : perPage;
  for (let row = 1; row < rows; row += 1) {
    const y = A4_SIZE.height - row * geometry.heightMm * MM;
    writer.page.drawLine({
      start: { x: 0, y },
      end: { x: A4_SIZE.width, y },
      thickness: 0.4,
      color: GUIDE,
      dashArray: [4, 4],
    });
  }
  if (geometry.columns === 2) {
    const x = A4_SIZE.width / 2;
    writer.page.drawLine({
      start: { x, y: 0 },
      end: { x, y: A4_SIZE.height },
      thickness: 0.4,
      color: GUIDE,
      dashArray: [4, 4],
    });
  }
}

/**
 * Draws one receita inside its slot. Content flows from the top; the date, the signature and (on
 * controlled receitas) the pharmacy's boxes sit at the bottom. A full-page receita longer than
 * its page continues on the next one.
 */
function drawSheet(
  writer: PdfWriter,
  sheet: ReceitaSheet,
  copy: string | undefined,
  perPage: ReceitaPage['perPage'],
  rect: Rect,
  marks: ReceitaMarks | undefined,
) {
  const geometry = SLOT_GEOMETRY[perPage];
  const { regular, bold } = writer.fonts;
  const size = geometry.fontPt;
  const lineHeight = size * LINE_HEIGHT_EM;
  const padding = geometry.paddingMm * MM;
  const left = rect.x + padding;
  const right = rect.x + rect.width - padding;
  const innerWidth = right - left;
  const bottom = rect.top - rect.height + padding;
  const canFlow = perPage === 1;

  const boxesHeight = sheet.identification ? lineHeight * 6 : 0;
  const qrSize = lineHeight * 3.6;
  const signatureWidth = Math.min(innerWidth * 0.6, 75 * MM);
  const signatureLeft = left + (innerWidth - signatureWidth) / 2;
  // The validation block sits left of the signature where there is room for it (a whole page,
  // a half), else under it (a quarter).
  const sideBySide = signatureLeft - left >= qrSize + size * 11;
  const validationHeight = marks?.validation && !sideBySide ? qrSize + lineHeight * 0.8 : 0;
  const footerHeight =
    lineHeight * 5.2 +
    (boxesHeight ? boxesHeight + lineHeight * 0.6 : 0) +
    validationHeight +
    (marks?.signature ? lineHeight : 0) +
    (sheet.paperNotice ? lineHeight * 2 : 0);
  let y = rect.top - padding;

  /** Moves down by `height`, onto a new page when a full-page receita runs out of room. */
  const advance = (height: number) => {
    if (canFlow && y - height < bottom) {
      writer.addPage();
      y = A4_SIZE.height - padding;
    }
    y -= height;
  };
  const centred = (text: string, font: PDFFont, fontSize: number, color: RGB = BLACK) => {
    for (const line of wrap(text, font, fontSize, innerWidth)) {
      advance(fontSize * LINE_HEIGHT_EM);
      writer.text(
        line,
        left + (innerWidth - writer.width(line, font, fontSize)) / 2,
        y,
        font,
        fontSize,
        color,
      );
    }
  };
  const paragraph = (text: string, font: PDFFont, indent = 0) => {
    for (const line of wrap(text, font, size, innerWidth - indent)) {
      advance(lineHeight);
      writer.text(line, left + indent, y, font, size);
    }
  };

  if (copy) {
    const copySize = size * 0.9;
    writer.text(copy, right - writer.width(copy, bold, copySize), y - copySize, bold, copySize);
  }

  // Header: who prescribes, and how to reach them.
  centred(sheet.header.doctorName, bold, size * 1.35);
  for (const line of sheet.header.extraLines) centred(line, regular, size);
  if (sheet.header.registration) centred(sheet.header.registration, regular, size);
  for (const line of sheet.header.contactLines) centred(line, regular, size * 0.9, GREY);
  advance(lineHeight * 0.5);
  writer.line(left, y, right, y);
  advance(lineHeight * 0.3);
  centred(sheet.title, bold, size * 1.15);
  advance(lineHeight * 0.3);
  if (marks?.cancellation) centred(marks.cancellation, bold, size, ALERT);

  // Patient.
  advance(lineHeight);
  writer.text(sheet.patient.nameLine, left, y, bold, size);
  if (sheet.patient.ageLine) {
    writer.text(
      sheet.patient.ageLine,
      right - writer.width(sheet.patient.ageLine, regular, size),
      y,
      regular,
      size,
    );
  }
  if (sheet.patient.documentLine) paragraph(sheet.patient.documentLine, regular);
  if (sheet.patient.sexLine) paragraph(sheet.patient.sexLine, regular);
  if (sheet.patient.addressLine) paragraph(sheet.patient.addressLine, regular);
  advance(lineHeight * 0.4);

  // Medicines, under their route headings.
  for (const group of sheet.groups) {
    advance(lineHeight * 1.2);
    writer.text(group.heading, left, y, bold, size);
    const headingWidth = writer.width(group.heading, bold, size);
    writer.line(left, y - 1.5, left + headingWidth, y - 1.5, 0.5);
    for (const item of group.items) {
      const number = `${item.number}. `;
      const numberWidth = writer.width(number, bold, size);
      const quantityWidth = item.quantity ? writer.width(item.quantity, bold, size) : 0;
      const leader = item.quantity ? size * 3 : 0;
      const titleLines = wrap(
        item.title,
        bold,
        size,
        innerWidth - numberWidth - quantityWidth - leader,
      );
      advance(lineHeight * 1.1);
      writer.text(number, left, y, bold, size);
      titleLines.forEach((line, index) => {
        if (index > 0) advance(lineHeight);
        writer.text(line, left + numberWidth, y, bold, size);
      });
      if (item.quantity) {
        const lastLine = titleLines[titleLines.length - 1] ?? '';
        const leaderStart = left + numberWidth + writer.width(lastLine, bold, size) + size * 0.6;
        const quantityX = right - quantityWidth;
        writer.line(leaderStart, y + size * 0.3, quantityX - size * 0.6, y + size * 0.3, 0.6);
        writer.text(item.quantity, quantityX, y, bold, size);
      }
      if (item.instructions) paragraph(item.instructions, regular, numberWidth);
    }
  }
  if (sheet.notesLine) {
    advance(lineHeight * 0.6);
    paragraph(sheet.notesLine, regular);
  }
  if (sheet.teleconsultaLine) {
    advance(lineHeight * 0.6);
    paragraph(sheet.teleconsultaLine, regular);
  }
  if (sheet.validityLine) {
    advance(lineHeight * 0.6);
    paragraph(sheet.validityLine, bold);
  }

  // Footer: at the bottom of the slot, or after the content when that reaches further down.
  const footerTop = Math.min(y - lineHeight * 0.6, bottom + footerHeight);
  if (canFlow && footerTop - footerHeight < bottom - 0.5) {
    writer.addPage();
    y = bottom + footerHeight;
  } else {
    y = footerTop;
  }
  advance(lineHeight);
  writer.text(sheet.date, right - writer.width(sheet.date, regular, size), y, regular, size);
  if (marks?.validation && sideBySide) {
    // Left of the signature, down into the slot's bottom margin, half of which stays blank.
    const area = { left, top: y, right: signatureLeft - size, bottom: bottom - padding / 2 };
    drawValidation(writer, marks.validation, area, qrSize, size * 0.75);
  }
  advance(lineHeight * 2);
  writer.line(signatureLeft, y, signatureLeft + signatureWidth, y, 0.7);
  centred(sheet.signature.name, bold, size);
  if (sheet.signature.registration) centred(sheet.signature.registration, regular, size);
  if (sheet.paperNotice) centred(sheet.paperNotice, bold, size * 0.8);
  if (marks?.signature) {
    centred(
      `Assinada digitalmente por ${marks.signature.signer} com certificado ICP-Brasil em ${marks.signature.at}.`,
      regular,
      size * 0.8,
      GREY,
    );
  }

  if (marks?.validation && !sideBySide) {
    advance(lineHeight * 0.6);
    // Under the signature, no lower than the QR code: what follows is drawn below it.
    const area = { left, top: y, right, bottom: y - qrSize };
    drawValidation(writer, marks.validation, area, qrSize, size * 0.8);
    y -= qrSize;
  }

  if (sheet.identification) {
    advance(lineHeight * 0.6);
    const gap = size;
    const buyerWidth = (innerWidth - gap) * 0.6;
    const boxes = [
      { box: sheet.identification[0], x: left, width: buyerWidth, columns: 2 },
      {
        box: sheet.identification[1],
        x: left + buyerWidth + gap,
        width: innerWidth - buyerWidth - gap,
        columns: 1,
      },
    ];
    const boxTop = y;
    for (const { box, x, width, columns } of boxes) {
      writer.page.drawRectangle({
        x,
        y: boxTop - boxesHeight,
        width,
        height: boxesHeight,
        borderColor: BLACK,
        borderWidth: 0.6,
      });
      const inner = size * 0.5;
      let rowY = boxTop - inner - size;
      writer.text(box.title, x + inner, rowY, bold, size * 0.95);
      const columnWidth = (width - 2 * inner) / columns;
      box.fields.forEach((field, index) => {
        const column = index % columns;
        if (column === 0) rowY -= lineHeight * (columns === 1 ? 1.6 : 1.1);
        writer.text(field, x + inner + column * columnWidth, rowY, regular, size * 0.85);
      });
    }
    y = boxTop - boxesHeight;
  }
}

/** What a receita prints of its life beside its words: validation, signature, cancellation. */
export interface ReceitaMarks {
  /** An issued receita: its validation page and code, under a QR code. */
  validation?: { url: string; secretCode: string } | undefined;
  /** A receita being signed: who signs and when, under the signature line. */
  signature?: { signer: string; at: string } | undefined;
  /** A cancelled receita: 'CANCELADA em …: motivo', under its title. */
  cancellation?: string | undefined;
}

/**
 * The QR code of a receita's validation page, its top-left corner at (`left`, `top`), with the
 * address and the code printed beside it up to `right`, no line below `bottom`: the address is
 * set smaller when its lines would run past it.
 */
function drawValidation(
  writer: PdfWriter,
  validation: NonNullable<ReceitaMarks['validation']>,
  area: { left: number; top: number; right: number; bottom: number },
  qrSize: number,
  size: number,
): void {
  const { regular, bold } = writer.fonts;
  const { left, top } = area;
  drawQrCode(writer.page, validation.url, left, top - qrSize, qrSize);
  const textLeft = left + qrSize + size;
  const width = area.right - textLeft;
  const step = size * LINE_HEIGHT_EM;
  const before = wrap('Valide pelo QR code ou em:', regular, size, width);
  const after = [
    { lines: wrap('Código de validação:', regular, size, width), font: regular, size },
    { lines: wrap(validation.secretCode, bold, size, width), font: bold, size },
  ];
  const firstBaseline = top - size;
  const lineRoom = Math.floor((firstBaseline - area.bottom) / step) + 1;
  const wordLines = before.length + after.reduce((count, block) => count + block.lines.length, 0);
  const address = wrapUrl(validation.url, regular, size, width, lineRoom - wordLines);
  const blocks = [
    { lines: before, font: regular, size },
    { lines: address.lines, font: regular, size: address.size },
    ...after,
  ];
  // Each line sits its own height under the one above: a smaller address, closer lines.
  let lineY = firstBaseline + step;
  for (const block of blocks) {
    for (const line of block.lines) {
      lineY -= block.size * LINE_HEIGHT_EM;
      writer.text(line, textLeft, lineY, block.font, block.size);
    }
  }
}

/** 'Página 1 de 2' at the foot of every page, inside the bottom margin. */
function numberPages(document: PDFDocument, font: PDFFont): void {
  const pages = document.getPages();
  const size = 6.5;
  pages.forEach((page, index) => {
    const label = `Página ${index + 1} de ${pages.length}`;
    page.drawText(label, {
      x: A4_SIZE.width - 8 * MM - font.widthOfTextAtSize(label, size),
      y: 3 * MM,
      size,
      font,
      color: GREY,
    });
  });
}

/**
 * The receitas as PDF bytes, A4, in the print layout.
 * @param pages - from `paginateSheets` / `buildReceitaPrintJob`
 * @param settings - the doctor's settings (the file's author)
 * @param metadata - the file's title and the moment it was made
 * @param marks - what each receita (by its id) prints of its life
 */
export async function renderReceitaPdf(
  pages: readonly ReceitaPage[],
  settings: Pick<ReceitaSettings, 'name' | 'prescriptionName'>,
  metadata: { title: string; createdAt: Date },
  marks: ReadonlyMap<string, ReceitaMarks> = new Map(),
): Promise<Uint8Array<ArrayBuffer>> {
  const document = await composeReceitaPdf(pages, settings, metadata, marks);
  // Copied into a buffer of its own: pdf-lib's may be a view on a larger one.
  return new Uint8Array(await document.save({ useObjectStreams: false }));
}

/** The same PDF, not yet saved: what a signature is added to (signing/pades.ts). */
export async function composeReceitaPdf(
  pages: readonly ReceitaPage[],
  settings: Pick<ReceitaSettings, 'name' | 'prescriptionName'>,
  metadata: { title: string; createdAt: Date },
  marks: ReadonlyMap<string, ReceitaMarks>,
): Promise<PDFDocument> {
  const document = await PDFDocument.create();
  const fonts = await embedUnicodeFonts(document);
  document.setTitle(metadata.title);
  document.setLanguage('pt-BR');
  document.setCreator('Prontu');
  document.setProducer('Prontu');
  document.setCreationDate(metadata.createdAt);
  document.setModificationDate(metadata.createdAt);
  const author = receitaDoctorName(settings);
  if (author) document.setAuthor(author);

  const writer = new PdfWriter(document, fonts);
  for (const page of pages) {
    writer.addPage();
    drawCutGuides(writer, page.perPage);
    // Only a full-page receita (one slot) may flow onto further pages, so slots never go back.
    page.slots.forEach((slot, index) => {
      drawSheet(
        writer,
        slot.sheet,
        slot.copy,
        page.perPage,
        slotRect(page.perPage, index),
        marks.get(slot.sheet.prescriptionId),
      );
    });
  }
  numberPages(document, fonts.regular);
  return document;
}
