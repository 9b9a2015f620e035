import { describe, expect, it } from 'vitest';
import { DEFAULT_DOCTOR_SETTINGS } from '../account/doctor-settings';
import { type ReceitaPrescription } from './receita-document';
import { buildReceitaPrintJob } from './receita-page-layout';
import {
  currentPrintPatient,
  defaultPrintSelection,
  groupPrescriptionsByPatient,
  isPrescribedOn,
  patientKey,
  PRINT_CHOICE_LIMIT,
  printsBatch,
  receitaPdfFileName,
  selectedForPrint,
} from './receita-print-selection';

const TODAY = new Date(2026, 10, 25, 15, 30);

function receita(
  id: string,
  patientName: string,
  date = '2026-11-25',
  overrides: Partial<ReceitaPrescription> = {},
): ReceitaPrescription {
  return {
    id,
    patientName,
    patientAge: '40',
    diagnosis: '',
    notes: '',
    date,
    medications: [{ name: 'Losartana', dosage: '50mg', quantity: '30' }],
    ...overrides,
  };
}

/** Newest first, as the prescription store keeps them. */
const SAVED = [
  receita('j2', 'João Lima'),
  receita('m2', 'Maria Souza'),
  receita('j1', 'joão  lima'),
  receita('m1', 'Maria Souza', '2026-11-24'),
  receita('a1', 'Ana Ribeiro', '2026-11-20'),
];

describe('patientKey', () => {
  it('reads names the same whatever the case, accents and spacing', () => {
    expect(patientKey('  José  Lima ')).toBe(patientKey('jose lima'));
    expect(patientKey('José Lima')).not.toBe(patientKey('José Lima Filho'));
  });
});

describe('groupPrescriptionsByPatient', () => {
  it('groups by patient in order of first appearance, keeping each one’s order', () => {
    const groups = groupPrescriptionsByPatient(SAVED);
    expect(groups.map((group) => group.patientName)).toEqual([
      'João Lima',
      'Maria Souza',
      'Ana Ribeiro',
    ]);
    expect(groups.map((group) => group.prescriptions.map((item) => item.id))).toEqual([
      ['j2', 'j1'],
      ['m2', 'm1'],
      ['a1'],
    ]);
  });
});

describe('isPrescribedOn', () => {
  it('compares calendar days and moments in local time', () => {
    expect(isPrescribedOn({ date: '2026-11-25' }, TODAY)).toBe(true);
    expect(isPrescribedOn({ date: '2026-11-24' }, TODAY)).toBe(false);
    const localMorning = new Date(2026, 10, 25, 8, 0).toISOString();
    expect(isPrescribedOn({ date: localMorning }, TODAY)).toBe(true);
    expect(isPrescribedOn({ date: 'ontem' }, TODAY)).toBe(false);
  });
});

describe('currentPrintPatient', () => {
  it('prefers the open record, then the receita just made, then the newest receita', () => {
    expect(
      currentPrintPatient(
        { openRecordPatientName: 'Ana Ribeiro', justMadePatientName: 'Maria Souza' },
        SAVED,
      ),
    ).toBe('Ana Ribeiro');
    expect(currentPrintPatient({ justMadePatientName: 'Maria Souza' }, SAVED)).toBe('Maria Souza');
    expect(currentPrintPatient({}, SAVED)).toBe('João Lima');
  });

  it('skips an open record without a patient name', () => {
    expect(currentPrintPatient({ openRecordPatientName: '  ' }, SAVED)).toBe('João Lima');
    expect(currentPrintPatient({}, [])).toBeUndefined();
  });
});

describe('defaultPrintSelection', () => {
  it("selects the current patient's receitas of today, however the name is written", () => {
    const selection = defaultPrintSelection(SAVED, { justMadePatientName: 'JOAO LIMA' }, TODAY);
    expect(selection.selectedIds).toEqual(['j2', 'j1']);
    expect(selection.choices.map((item) => item.id)).toEqual(['j2', 'm2', 'j1', 'm1', 'a1']);
  });

  it("leaves out the patient's receitas of other days", () => {
    const selection = defaultPrintSelection(SAVED, { openRecordPatientName: 'Maria Souza' }, TODAY);
    expect(selection.selectedIds).toEqual(['m2']);
    expect(selection.patientName).toBe('Maria Souza');
  });

  it("with no current patient, selects the newest receita's patient's receitas of today", () => {
    expect(defaultPrintSelection(SAVED, {}, TODAY).selectedIds).toEqual(['j2', 'j1']);
  });

  it('selects nothing rather than another patient when the current one has none today', () => {
    const selection = defaultPrintSelection(SAVED, { openRecordPatientName: 'Ana Ribeiro' }, TODAY);
    expect(selection.selectedIds).toEqual([]);
    expect(
      defaultPrintSelection(SAVED, { openRecordPatientName: 'Rita' }, TODAY).selectedIds,
    ).toEqual([]);
    expect(defaultPrintSelection([], {}, TODAY)).toEqual({
      choices: [],
      selectedIds: [],
      patientName: undefined,
    });
  });

  it('offers the newest receitas only', () => {
    const many = Array.from({ length: PRINT_CHOICE_LIMIT + 5 }, (_, index) =>
      receita(`r${index}`, `Paciente ${index}`),
    );
    const selection = defaultPrintSelection(many, {}, TODAY);
    expect(selection.choices).toHaveLength(PRINT_CHOICE_LIMIT);
    expect(selection.selectedIds).toEqual(['r0']);
  });
});

describe('selectedForPrint', () => {
  it('keeps the ticked receitas, each patient’s together', () => {
    const chosen = selectedForPrint(SAVED, new Set(['m1', 'j1', 'm2', 'j2']));
    expect(chosen.map((item) => item.id)).toEqual(['j2', 'j1', 'm2', 'm1']);
  });
});

describe('a print job never mixes patients on a page', () => {
  const settings = { ...DEFAULT_DOCTOR_SETTINGS, name: 'Dra. Ana Souza' };
  const patientsOfPages = (prescriptions: ReceitaPrescription[], perPage: number) =>
    buildReceitaPrintJob(prescriptions, { ...settings, prescriptionsPerPage: perPage }).pages.map(
      (page) => [...new Set(page.slots.map((slot) => slot.sheet.patient.nameLine))],
    );

  it('prints one patient per page at every receitas-per-page setting', () => {
    const mixed = [
      receita('j2', 'João Lima'),
      receita('m2', 'Maria Souza'),
      receita('j1', 'João Lima'),
      receita('a1', 'Ana Ribeiro'),
      receita('m1', 'Maria Souza'),
    ];
    for (const perPage of [1, 2, 3, 4]) {
      const pages = patientsOfPages(mixed, perPage);
      expect(pages.every((names) => names.length === 1)).toBe(true);
    }
    // Four per page: João's two share a page, then Maria's two, then Ana's one.
    expect(patientsOfPages(mixed, 4)).toEqual([
      ['Paciente: João Lima'],
      ['Paciente: Maria Souza'],
      ['Paciente: Ana Ribeiro'],
    ]);
  });

  it('gives each patient their own group of pages, controlled receitas included', () => {
    const controlled = receita('c1', 'Maria Souza', '2026-11-25', {
      medications: [
        {
          name: 'Sertralina',
          quantity: '30',
          control: {
            list: 'C1',
            document: 'Receituário de Controle Especial',
            copies: ['1ª via — Farmácia', '2ª via — Paciente'],
          },
        },
      ],
    });
    const job = buildReceitaPrintJob(
      [receita('m2', 'Maria Souza'), receita('j1', 'João Lima'), controlled],
      { ...settings, prescriptionsPerPage: 2 },
    );
    expect(
      job.patients.map((group) => ({
        patientName: group.patientName,
        pages: group.pages.map((page) => page.slots.map((slot) => slot.sheet.prescriptionId)),
      })),
    ).toEqual([
      { patientName: 'Maria Souza', pages: [['m2'], ['c1', 'c1']] },
      { patientName: 'João Lima', pages: [['j1']] },
    ]);
    expect(job.pages).toEqual(job.patients.flatMap((group) => group.pages));
  });
});

describe('printsBatch', () => {
  it('prints the lote when the newest receita is in it', () => {
    expect(printsBatch(['j2', 'm2'], SAVED)).toBe(true);
    expect(printsBatch(['j2'], [])).toBe(true);
  });

  it('lets the doctor choose when a receita was made after the lote', () => {
    expect(printsBatch(['m2', 'j1'], SAVED)).toBe(false);
  });
});

describe('receitaPdfFileName', () => {
  const today = new Date(2026, 2, 5);
  it('names a single receita after the patient and its date', () => {
    expect(
      receitaPdfFileName([{ patientName: 'Maria José', date: '2026-03-01' }], undefined, today),
    ).toBe('receita-maria-jose-2026-03-01.pdf');
  });

  it('names a batch after the batch and today', () => {
    expect(receitaPdfFileName([], 'Manhã', today)).toBe('receitas-lote-manha-2026-03-05.pdf');
    expect(receitaPdfFileName([], 'Lote 05/03/2026', today)).toBe(
      'receitas-lote-05-03-2026-2026-03-05.pdf',
    );
  });

  it('names several loose receitas after today', () => {
    const two = [
      { patientName: 'A', date: '2026-03-01' },
      { patientName: 'B', date: '2026-03-01' },
    ];
    expect(receitaPdfFileName(two, undefined, today)).toBe('receitas-2026-03-05.pdf');
  });
});
