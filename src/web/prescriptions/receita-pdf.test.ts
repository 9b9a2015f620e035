import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DOCTOR_SETTINGS, type DoctorSettings } from '../../shared/doctor-settings';
import {
  buildReceitaPrintJob,
  type MedicationControl,
  type ReceitaPrescription,
} from '../../shared/receita-document';
import { A4_SIZE, buildReceitaPdf, renderReceitaPdf } from './receita-pdf';

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

const C1: MedicationControl = {
  list: 'C1',
  document: 'Receituário de Controle Especial',
  copies: ['1ª via — Farmácia', '2ª via — Paciente'],
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

async function pdfOf(prescriptions: ReceitaPrescription[], perPage = 2) {
  const job = buildReceitaPrintJob(prescriptions, { ...settings, prescriptionsPerPage: perPage });
  const bytes = await buildReceitaPdf(job.pages, settings);
  const { texts } = await renderReceitaPdf(job.pages, settings);
  return { document: await PDFDocument.load(bytes), texts, bytes };
}

describe('buildReceitaPdf', () => {
  it('prints five receitas of two patients at two per page on three A4 pages', async () => {
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
    expect(texts.map((page) => page.filter((text) => text.startsWith('Paciente:')))).toEqual([
      ['Paciente: Maria Souza', 'Paciente: Maria Souza'],
      ['Paciente: Maria Souza'],
      ['Paciente: João Lima', 'Paciente: João Lima'],
    ]);
    expect(document.getAuthor()).toBe('Dra. Ana Souza');
  });

  it('carries what a pharmacy checks: CRM, headings, quantities, instructions, signature', async () => {
    const { texts } = await pdfOf([prescription('1')]);
    const [page = []] = texts;
    expect(page).toEqual(
      expect.arrayContaining([
        'Dra. Ana Souza',
        'CRM/SP 123456',
        'Rua das Flores, 100 — São Paulo/SP',
        'Tel. (11) 3456-7890 · ana@clinica.com.br',
        'Receituário',
        'Paciente: Paciente 1',
        'Idade: 30 anos',
        'Uso oral',
        '1. ',
        'Amoxicilina 500mg',
        '21 (vinte e uma) cápsulas',
        'Tomar 1 cápsula por via oral de 8 em 8 horas, por 7 dias.',
        '1 de março de 2026',
      ]),
    );
    // The CRM prints in the header and again under the signature.
    expect(page.filter((text) => text === 'CRM/SP 123456')).toHaveLength(2);
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
            control: C1,
          },
        ],
      }),
    ]);
    expect(document.getPageCount()).toBe(2);
    const controlled = texts[1] ?? [];
    expect(controlled.filter((text) => text === 'Receituário de Controle Especial')).toHaveLength(
      2,
    );
    expect(controlled).toEqual(
      expect.arrayContaining([
        '1ª via — Farmácia',
        '2ª via — Paciente',
        'Endereço: Av. Paulista, 1000',
        'Identificação do Comprador',
        'Identificação do Fornecedor',
      ]),
    );
    expect(controlled.filter((text) => text === '30 (trinta) comprimidos')).toHaveLength(2);
    expect(texts[0]).not.toContain('Receituário de Controle Especial');
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
    expect(texts.flat()).toContain('Medicamento 30 10mg');
    expect(texts[1]).toContain('CRM/SP 123456');
  });

  it('draws text Helvetica cannot encode without failing', async () => {
    const { texts } = await pdfOf([
      prescription('1', { notes: 'Dose ≥ 2 comprimidos — ½ à noite 😀' }),
    ]);
    expect(texts[0]).toContain('Observações: Dose ≥ 2 comprimidos — ½ à noite 😀');
  });
});
