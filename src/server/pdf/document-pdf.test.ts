import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import type { DocumentIssue } from '@shared/documents/clinical-document';
import { documentText, signatureLines } from '@shared/documents/document-text';
import { pdfPagesText } from '../testing/pdf-text';
import { renderDocumentPdf, urlPieces, wrap, wrapUrl } from './document-pdf';

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

  it('breaks a 2,000-character word measuring each character once, not every prefix', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const width = font.widthOfTextAtSize('aaaa bbbb', 10);
    let measured = 0;
    const counting = new Proxy(font, {
      get(target, property, receiver): unknown {
        if (property !== 'widthOfTextAtSize') return Reflect.get(target, property, receiver);
        return (text: string, size: number) => {
          measured += 1;
          return target.widthOfTextAtSize(text, size);
        };
      },
    });
    const word = 'ab'.repeat(1_000);
    const lines = wrap(`início ${word} fim`, counting, 10, width);
    expect(lines.join('')).toBe(`início${word}fim`);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(width);
    // The space, the three words, two distinct characters and the last piece: a handful.
    expect(measured).toBeLessThan(20);
  });
});

describe('urlPieces', () => {
  it("breaks before '/', '.' and '-', after the scheme's '//', never between its slashes", () => {
    expect(urlPieces('https://prontu.clinica-sp.com.br/validar/Ab-c_D')).toEqual([
      'https://',
      'prontu',
      '.clinica',
      '-sp',
      '.com',
      '.br',
      '/validar',
      '/Ab',
      '-c_D',
    ]);
    expect(urlPieces('http://localhost:3000/validar/x')).toEqual([
      'http://',
      'localhost:3000',
      '/validar',
      '/x',
    ]);
  });
});

describe('wrapUrl', () => {
  const url = 'https://prontu.clinica-sao-paulo.com.br/validar/AbCdEfGhIjKlMnOpQrStUv';

  it('breaks a URL longer than the line only where urlPieces allows, each line fitting', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const width = font.widthOfTextAtSize(url, 8) / 2.5;
    const { lines, size } = wrapUrl(url, font, 8, width);
    expect(size).toBe(8);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join('')).toBe(url);
    // Every line ends where a piece ends, so the next begins with '/', '.' or '-'.
    const pieceEnds = new Set(
      urlPieces(url).map((_, index, pieces) => pieces.slice(0, index + 1).join('').length),
    );
    let end = 0;
    for (const [index, line] of lines.entries()) {
      expect(font.widthOfTextAtSize(line, size)).toBeLessThanOrEqual(width + 0.001);
      end += line.length;
      expect(pieceEnds.has(end)).toBe(true);
      if (index > 0) expect(line).toMatch(/^[/.-]/);
    }
    // The word-wrapping of paragraphs would have cut the address inside a word.
    const cut = wrap(url, font, 8, width);
    expect(cut.slice(1).some((line) => !/^[/.-]/.test(line))).toBe(true);
  });

  it('sets the URL smaller when one piece is wider than the line, and keeps it whole', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const id = '/AbCdEfGhIjKlMnOpQrStUv';
    const width = font.widthOfTextAtSize(id, 8) * 0.8;
    const { lines, size } = wrapUrl(url, font, 8, width);
    expect(size).toBeLessThan(8);
    expect(size).toBeGreaterThan(6);
    expect(lines.at(-1)).toBe(id);
    expect(lines.join('')).toBe(url);
    for (const line of lines) {
      expect(font.widthOfTextAtSize(line, size)).toBeLessThanOrEqual(width + 0.001);
    }
  });

  it('sets the URL smaller to keep it within the lines there is room for', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const width = font.widthOfTextAtSize(url, 8) / 2.5;
    const free = wrapUrl(url, font, 8, width).lines.length;
    expect(free).toBeGreaterThan(2);
    const { lines, size } = wrapUrl(url, font, 8, width, free - 1);
    expect(lines.length).toBeLessThanOrEqual(free - 1);
    expect(size).toBeLessThan(8);
    expect(lines.join('')).toBe(url);
    // No room at all still prints the address, on one line, at the smallest size that holds it.
    expect(wrapUrl(url, font, 8, width, 0).lines.length).toBeGreaterThanOrEqual(1);
  });

  it('leaves a URL that fits on one line as it is', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    expect(wrapUrl(url, font, 8, font.widthOfTextAtSize(url, 8) + 1)).toEqual({
      lines: [url],
      size: 8,
    });
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

  it('prints a validation address longer than the line whole, broken only before / . -', async () => {
    const url =
      'https://prontu.ambulatorio-de-especialidades.hospital-universitario.fundacaoexemplo.org.br/validar/AbCdEfGhIjKl-MnOpQrS_tUv';
    const pdf = await renderDocumentPdf(
      {
        title: 'Atestado médico',
        issuer: ['Dra. Helena Prado', 'CRM/SP 123456'],
        patient: ['Paciente: Maria'],
        paragraphs: ['Atesto, para os devidos fins, que a paciente esteve em consulta.'],
        issuedAt: 'Emitido em 27/11/2026 às 09:05',
      },
      {
        validation: { url, secretCode: 'K7M2PX9QRT' },
        metadata: { title: 'Atestado', author: 'Dra. Helena Prado', createdAt: new Date() },
      },
    );
    const [page = ''] = await pdfPagesText(pdf);
    const printed =
      /verificável pelo QR code ou em:\n([^]*?)\nCódigo de validação: K7M2PX9QRT/.exec(page)?.[1];
    expect(printed).toContain('\n');
    expect(printed?.replace(/\n(?=[/.-])/g, '')).toBe(url);
  });
});

describe('renderDocumentPdf and the app’s preview', () => {
  it('prints a document’s text, line for line, as the preview shows it, and nothing else', async () => {
    const issue: DocumentIssue = {
      at: new Date(2026, 11, 6, 9, 5).toISOString(),
      doctor: {
        name: 'Dra. Helena Prado',
        crm: '123456',
        crmState: 'SP',
        clinicName: 'Clínica Bem Viver',
        cnes: '1234567',
        address: 'Av. Paulista, 1000 — São Paulo/SP',
        phone: '(11) 3456-7890',
        email: '',
      },
      patient: { name: 'Maria Aparecida Souza', birthDate: '1963-03-12', sex: 'feminino' },
    };
    const text = documentText(
      {
        kind: 'atestado',
        content: { days: 3, startDate: '2026-12-06', showCid: true, cid: 'J11' },
      },
      issue,
    );
    const [page, ...more] = await pdfPagesText(
      await renderDocumentPdf(text, {
        metadata: { title: 'Atestado', author: 'Dra. Helena Prado', createdAt: new Date(issue.at) },
      }),
    );
    const words = (lines: readonly string[]) => lines.join(' ').replace(/\s+/g, ' ').trim();
    // The preview's lines (documents/document-preview.tsx), then the page number.
    const previewed = [
      ...text.issuer,
      text.title.toUpperCase(),
      ...text.patient,
      ...text.paragraphs,
      text.issuedAt,
      ...signatureLines(text),
    ];
    expect(more).toEqual([]);
    expect(words([page ?? ''])).toBe(words([...previewed, 'Página 1 de 1']));
    expect(words(previewed)).toContain('de 06/12/2026 a 08/12/2026');
  });
});
