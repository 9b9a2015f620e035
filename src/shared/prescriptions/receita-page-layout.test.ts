import { describe, expect, it } from 'vitest';
import { buildReceitaSheets } from './receita-document';
import {
  buildReceitaPrintJob,
  estimateSheetLines,
  paginateSheets,
  receitasPerPage,
  sheetFitsSlot,
} from './receita-page-layout';
import {
  A1,
  C1,
  receitaPrescription as prescription,
  receitaSettings as settings,
} from './receita.testing';

describe('paginateSheets', () => {
  const simple = (id: string) => {
    const [sheet] = buildReceitaSheets(prescription({ id }), settings);
    if (!sheet) throw new Error('no sheet');
    return sheet;
  };
  const controlled = () => {
    const [sheet] = buildReceitaSheets(
      prescription({ id: 'c', medications: [{ name: 'Sertralina', quantity: '30', control: C1 }] }),
      settings,
    );
    if (!sheet) throw new Error('no sheet');
    return sheet;
  };

  it('puts five receitas on three pages at two per page', () => {
    const pages = paginateSheets(['a', 'b', 'c', 'd', 'e'].map(simple), 2);
    expect(pages.map((page) => page.slots.map((slot) => slot.sheet.prescriptionId))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
      ['e'],
    ]);
    expect(pages.every((page) => page.perPage === 2)).toBe(true);
  });

  it('fills pages of one, three and four', () => {
    const sheets = ['a', 'b', 'c', 'd', 'e'].map(simple);
    expect(paginateSheets(sheets, 1)).toHaveLength(5);
    expect(paginateSheets(sheets, 3).map((page) => page.slots.length)).toEqual([3, 2]);
    expect(paginateSheets(sheets, 4).map((page) => page.slots.length)).toEqual([4, 1]);
  });

  it('gives a controlled sheet a page of its own, one half per copy', () => {
    const pages = paginateSheets([simple('a'), controlled(), simple('b')], 2);
    expect(
      pages.map((page) => ({
        perPage: page.perPage,
        slots: page.slots.map((slot) => [slot.sheet.prescriptionId, slot.copy]),
      })),
    ).toEqual([
      { perPage: 2, slots: [['a', undefined]] },
      {
        perPage: 2,
        slots: [
          ['c', '1ª via — Farmácia'],
          ['c', '2ª via — Paciente'],
        ],
      },
      { perPage: 2, slots: [['b', undefined]] },
    ]);
  });

  it('gives a receita too long for its slot a whole page', () => {
    const long = buildReceitaSheets(
      prescription({
        id: 'long',
        medications: Array.from({ length: 9 }, (_, index) => ({
          name: `Medicamento ${index + 1}`,
          dosage: '10mg',
          frequency: '8/8h',
          duration: '30 dias',
          instructions: 'Tomar 1 comprimido após as refeições com um copo de água',
          quantity: '90',
        })),
      }),
      settings,
    )[0];
    if (!long) throw new Error('no sheet');
    expect(sheetFitsSlot(long, 3)).toBe(false);
    expect(sheetFitsSlot(long, 1)).toBe(true);
    expect(estimateSheetLines(long, 4)).toBeGreaterThan(estimateSheetLines(long, 2));
    const pages = paginateSheets([simple('a'), long, simple('b')], 3);
    expect(pages.map((page) => [page.perPage, page.slots.length])).toEqual([
      [3, 1],
      [1, 1],
      [3, 1],
    ]);
  });

  it('reads the per-page setting, defaulting to two', () => {
    expect(receitasPerPage(3)).toBe(3);
    expect(receitasPerPage(7)).toBe(2);
  });
});

describe('buildReceitaPrintJob', () => {
  it('paginates the sheets of every prescription and gathers the notices', () => {
    const job = buildReceitaPrintJob(
      [
        prescription({ id: 'a' }),
        prescription({
          id: 'b',
          medications: [
            { name: 'Morfina', control: A1 },
            { name: 'Sertralina', quantity: '30', control: C1 },
          ],
        }),
        prescription({ id: 'c' }),
      ],
      { ...settings, prescriptionsPerPage: 2 },
    );
    expect(job.pages.map((page) => page.slots.map((slot) => slot.sheet.prescriptionId))).toEqual([
      ['a'],
      ['b', 'b'],
      ['c'],
    ]);
    expect(job.notices).toEqual([
      'Morfina exige Notificação de Receita A (talonário oficial); não incluído nesta impressão.',
    ]);
  });
});

describe('receitas of several patients', () => {
  it('starts a new page for another patient, even with room left on the page', () => {
    const sheetOf = (id: string, patientName: string) => {
      const [sheet] = buildReceitaSheets(prescription({ id, patientName }), settings);
      if (!sheet) throw new Error('no sheet');
      return sheet;
    };
    const pages = paginateSheets(
      [sheetOf('a', 'Maria Silva'), sheetOf('b', 'maria  silva'), sheetOf('c', 'João Lima')],
      4,
    );
    expect(pages.map((page) => page.slots.map((slot) => slot.sheet.prescriptionId))).toEqual([
      ['a', 'b'],
      ['c'],
    ]);
  });

  it("prints each patient's receitas together, on pages of their own", () => {
    const job = buildReceitaPrintJob(
      [
        prescription({ id: 'a', patientName: 'Maria Silva' }),
        prescription({ id: 'b', patientName: 'João Lima' }),
        prescription({ id: 'c', patientName: 'Maria Silva' }),
      ],
      { ...settings, prescriptionsPerPage: 4 },
    );
    expect(job.pages.map((page) => page.slots.map((slot) => slot.sheet.prescriptionId))).toEqual([
      ['a', 'c'],
      ['b'],
    ]);
    expect(job.patients.map((group) => group.patientName)).toEqual(['Maria Silva', 'João Lima']);
  });
});
