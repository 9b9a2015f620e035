import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { pdfPagesText } from '../testing/pdf-text';
import { renderDocumentPdf, wrap } from './document-pdf';

describe('wrap', () => {
  it('fills each line up to the width, keeps line breaks and breaks a word longer than a line', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const width = font.widthOfTextAtSize('aaaa bbbb', 10);
    expect(wrap('aaaa bbbb cccc dddd', font, 10, width)).toEqual(['aaaa bbbb', 'cccc dddd']);
    expect(wrap('um\ndois', font, 10, width)).toEqual(['um', 'dois']);
    const lines = wrap(`ver ${'x'.repeat(40)}`, font, 10, width);
    expect(lines[0]).toBe('ver');
    expect(lines.slice(1).join('')).toBe('x'.repeat(40));
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(width);
  });
});

describe('renderDocumentPdf', () => {
  it('numbers the pages of a long document, every one', async () => {
    const paragraphs = Array.from(
      { length: 60 },
      (_, index) => `Parágrafo ${index + 1} do relatório.`,
    );
    const pdf = await renderDocumentPdf(
      {
        title: 'Relatório médico',
        issuer: ['Dra. Helena Prado', 'CRM/SP 123456'],
        patient: ['Paciente: Maria'],
        paragraphs,
        issuedAt: 'Emitido em 27/11/2026 às 09:05',
      },
      { metadata: { title: 'Relatório', author: 'Dra. Helena Prado', createdAt: new Date() } },
    );
    const pages = await pdfPagesText(pdf);
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((page, index) => {
      expect(page).toContain(`Página ${index + 1} de ${pages.length}`);
    });
    const text = pages.join('\n');
    for (const paragraph of paragraphs) expect(text).toContain(paragraph);
  });
});
