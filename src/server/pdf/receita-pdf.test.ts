import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DOCTOR_SETTINGS, type DoctorSettings } from '@shared/account/doctor-settings';
import type { ReceitaPrescription } from '@shared/prescriptions/receita-document';
import { ANTIMICROBIAL, C1 } from '@shared/prescriptions/receita.testing';
import { buildReceitaPrintJob } from '@shared/prescriptions/receita-page-layout';
import { pdfPagesText } from '../testing/pdf-text';
import { A4_SIZE, renderReceitaPdf } from './receita-pdf';

const settings: DoctorSettings = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Dra. Ana Souza',
  crm: '123456',
  crmState: 'SP',
  clinicAddress: 'Rua das Flores, 100 — São Paulo/SP',
  clinicPhone: '(11) 3456-7890',
  doctorEmail: 'ana@clinica.com.br',
  prescriptionsPerPage: 2,
};

function prescription(id: string, overrides: Partial<ReceitaPrescription> = {}) {
  return {
    id,
    patientName: `Paciente ${id}`,
    patientAge: '30',
    diagnosis: '',
    notes: '',
    date: '2026-03-01',
    medications: [
      {
        name: 'Amoxicilina',
        dosage: '500mg',
        dosePerIntake: '1 cápsula',
        frequency: '8/8h',
        duration: '7 dias',
        quantity: '7',
        dispenseQuantity: { amount: 21, unit: 'cápsulas', text: '21 (vinte e uma) cápsulas' },
      },
    ],
    ...overrides,
  } satisfies ReceitaPrescription;
}

/** The PDF of the receitas, and each page's text as PDF.js reads it. */
async function pdfOf(prescriptions: ReceitaPrescription[], perPage = 2) {
  const job = buildReceitaPrintJob(prescriptions, { ...settings, prescriptionsPerPage: perPage });
  const bytes = await renderReceitaPdf(job.pages, settings, {
    title: 'Receitas',
    createdAt: new Date('2026-03-01T12:00:00Z'),
  });
  return { document: await PDFDocument.load(bytes), texts: await pdfPagesText(bytes), bytes };
}

const count = (text: string | undefined, part: string) => (text ?? '').split(part).length - 1;

describe('renderReceitaPdf', () => {
  it('prints five receitas of two patients at two per page on three numbered A4 pages', async () => {
    const { document, texts, bytes } = await pdfOf(
      ['1', '2', '3', '4', '5'].map((id) =>
        prescription(id, { patientName: Number(id) <= 3 ? 'Maria Souza' : 'João Lima' }),
      ),
    );
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
    expect(document.getPageCount()).toBe(3);
    for (const page of document.getPages()) {
      expect(page.getSize()).toEqual({ width: A4_SIZE.width, height: A4_SIZE.height });
    }
    // Maria's third receita has a page of its own: João's never share it.
    expect(texts.map((page) => [count(page, 'Maria Souza'), count(page, 'João Lima')])).toEqual([
      [2, 0],
      [1, 0],
      [0, 2],
    ]);
    texts.forEach((page, index) => expect(page).toContain(`Página ${index + 1} de 3`));
    expect(document.getAuthor()).toBe('Dra. Ana Souza');
  });

  it('carries what a pharmacy checks: CRM, headings, quantities, instructions, signature', async () => {
    const { texts } = await pdfOf([prescription('1')]);
    const [page = ''] = texts;
    for (const part of [
      'Dra. Ana Souza',
      'CRM/SP 123456',
      'Rua das Flores, 100 — São Paulo/SP',
      'Tel. (11) 3456-7890 · ana@clinica.com.br',
      'Receituário',
      'Paciente: Paciente 1',
      'Idade: 30 anos',
      'Uso oral',
      'Amoxicilina 500mg',
      '21 (vinte e uma) cápsulas',
      'Tomar 1 cápsula por via oral de 8 em 8 horas, por 7 dias.',
      '1 de março de 2026',
    ]) {
      expect(page).toContain(part);
    }
    // The CRM prints in the header and again under the signature.
    expect(count(page, 'CRM/SP 123456')).toBe(2);
  });

  it('prints a controlled receita on its own page, in two copies', async () => {
    const { document, texts } = await pdfOf([
      prescription('1'),
      prescription('2', {
        patientAddress: 'Av. Paulista, 1000',
        medications: [
          {
            name: 'Sertralina',
            dosage: '50mg comprimido',
            quantity: '30',
            dispenseQuantity: { amount: 30, unit: 'comprimidos', text: '30 (trinta) comprimidos' },
            control: { ...C1, validDays: 30 },
          },
        ],
      }),
    ]);
    expect(document.getPageCount()).toBe(2);
    const controlled = texts[1];
    expect(count(controlled, 'Receituário de Controle Especial')).toBe(2);
    for (const part of [
      '1ª via — Farmácia',
      '2ª via — Paciente',
      'Endereço: Av. Paulista, 1000',
      'Identificação do Comprador',
      'Identificação do Fornecedor',
    ]) {
      expect(controlled).toContain(part);
    }
    expect(count(controlled, '30 (trinta) comprimidos')).toBe(2);
    expect(count(controlled, 'Válida por 30 dias a partir da data de emissão.')).toBe(2);
    expect(texts[0]).not.toContain('Receituário de Controle Especial');
  });

  it('prints an antimicrobial apart from a controlled medicine, with age, sex and validity', async () => {
    const { texts } = await pdfOf([
      prescription('1', {
        patientSex: 'feminino',
        medications: [
          { name: 'Sertralina', dosage: '50mg', control: { ...C1, validDays: 30 } },
          { name: 'Amoxicilina', dosage: '500mg', control: ANTIMICROBIAL },
        ],
      }),
    ]);
    expect(texts).toHaveLength(2);
    const [controlled, antimicrobial] = texts;
    expect(controlled).toContain('Sertralina');
    expect(controlled).not.toContain('Amoxicilina');
    expect(antimicrobial).not.toContain('Sertralina');
    expect(count(antimicrobial, 'Receita de Antimicrobiano')).toBe(2);
    expect(count(antimicrobial, 'Amoxicilina 500mg')).toBe(2);
    expect(count(antimicrobial, 'Sexo: Feminino')).toBe(2);
    expect(count(antimicrobial, 'Idade: 30 anos')).toBe(2);
    expect(count(antimicrobial, 'Válida por 10 dias a partir da data de emissão.')).toBe(2);
    expect(antimicrobial).toContain('1ª via — Farmácia');
    expect(antimicrobial).toContain('2ª via — Paciente');
  });

  it('lets a long receita at one per page continue on the next page', async () => {
    const medications = Array.from({ length: 30 }, (_, index) => ({
      name: `Medicamento ${index + 1}`,
      dosage: '10mg',
      instructions: 'Tomar 1 comprimido após as refeições com um copo cheio de água',
      quantity: '30',
    }));
    const { document, texts } = await pdfOf([prescription('1', { medications })], 1);
    expect(document.getPageCount()).toBe(2);
    expect(texts.join('\n')).toContain('Medicamento 30 10mg');
    expect(texts[1]).toContain('CRM/SP 123456');
  });

  it('prints text outside Latin-1 as typed, in the embedded font', async () => {
    const notes = 'Dose ≥ 2 comprimidos — ½ à noite, 50 µg; Ω → ok';
    const { texts, bytes } = await pdfOf([prescription('1', { notes })]);
    // NFKC: the micro sign and the Greek mu share one glyph, which reads back as the Greek letter.
    expect(texts[0]?.normalize('NFKC')).toContain(`Observações: ${notes}`.normalize('NFKC'));
    expect(texts[0]).not.toContain('?');
    expect(new TextDecoder('latin1').decode(bytes)).toMatch(/\/BaseFont \/DejaVuSans-\d+\b/);
  });

  it.each([1, 2, 3, 4] as const)(
    'prints a long validation address whole at %i per page, broken only before / . -',
    async (perPage) => {
      const url = 'https://prontu.clinicamedicadosaopaulo.com.br/validar/AbCdEfGhIjKl-MnOpQrS_tUv';
      const job = buildReceitaPrintJob([prescription('1')], {
        ...settings,
        prescriptionsPerPage: perPage,
      });
      const bytes = await renderReceitaPdf(
        job.pages,
        settings,
        { title: 'Receitas', createdAt: new Date('2026-03-01T12:00:00Z') },
        new Map([['1', { validation: { url, secretCode: 'K7M2PX9QRT' } }]]),
      );
      const [page = ''] = await pdfPagesText(bytes);
      const printed = /Valide pelo QR code ou em:\n([^]*?)\nCódigo de validação:\nK7M2PX9QRT/.exec(
        page,
      )?.[1];
      // A line of the address goes on only where a '/', '.' or '-' begins the next.
      expect(printed?.replace(/\n(?=[/.-])/g, '')).toBe(url);
    },
  );
});
