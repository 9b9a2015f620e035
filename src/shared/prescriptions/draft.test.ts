import { describe, expect, it } from 'vitest';
import type { PrescriptionExtraction } from '../ai/tasks';
import type { PresentedPrescription } from '../api/prescriptions';
import { prescriptionCreateSchema } from './prescription';
import {
  PRESCRIPTION_MESSAGES,
  contentOf,
  draftFromExtraction,
  editableDraft,
  mergePrescriptionExtraction,
  withAddedMedication,
  withDispenseQuantityAt,
  withoutControlMarks,
  withoutMedicationAt,
} from './draft';

const DOCTOR = { name: 'Dra. Ana Souza', crm: 'CRM/SP 123456' };
const NOW = new Date(2026, 2, 10, 12, 0, 0);
const CONTROL = {
  list: 'C1',
  document: 'Receituário de Controle Especial',
  copies: ['1ª via — Farmácia', '2ª via — Paciente'],
};

function extraction(fields: Partial<PrescriptionExtraction> = {}): PrescriptionExtraction {
  return {
    patientName: 'Maria Silva',
    patientAge: '45',
    diagnosis: 'Sinusite bacteriana',
    medications: [{ name: 'Amoxicilina', dosage: '500mg', frequency: '8/8h', duration: '7 dias' }],
    notes: '',
    confidence: 0.9,
    extractedSections: [],
    ...fields,
  };
}

/** A receita as the server answers it, from an extraction. */
function receita(fields: Partial<PrescriptionExtraction> = {}): PresentedPrescription {
  return {
    ...draftFromExtraction(extraction(fields), DOCTOR, NOW),
    id: 'prescription-1',
    createdAt: '2026-03-10T12:00:00.000Z',
    updatedAt: '2026-03-10T12:00:00.000Z',
    version: 1,
  };
}

/** The value of a successful result; fails the test otherwise. */
function valueOf<T>(result: { ok: true; value: T } | { ok: false; error: string }): T {
  if (!result.ok) throw new Error(`Expected success, got: ${result.error}`);
  return result.value;
}

describe('draftFromExtraction', () => {
  it('dates the receita today, signs it by the doctor, and allows generics at normal priority', () => {
    expect(draftFromExtraction(extraction(), DOCTOR, NOW)).toEqual({
      patientName: 'Maria Silva',
      patientAge: '45',
      diagnosis: 'Sinusite bacteriana',
      medications: [
        {
          name: 'Amoxicilina',
          dosage: '500mg',
          frequency: '8/8h',
          duration: '7 dias',
          genericAllowed: true,
          priority: 'normal',
        },
      ],
      notes: '',
      date: '2026-03-10',
      doctorName: 'Dra. Ana Souza',
      doctorCRM: 'CRM/SP 123456',
      isFinalized: false,
    });
  });

  it("names the patient 'Paciente' when the text named nobody, and capitalises medicines", () => {
    const draft = draftFromExtraction(
      extraction({ patientName: '  ', medications: [{ name: 'dipirona', dosage: '1g' }] }),
      DOCTOR,
      NOW,
    );
    expect(draft.patientName).toBe('Paciente');
    expect(draft.medications[0]?.name).toBe('Dipirona');
  });

  it('finalises a quick receita at once', () => {
    expect(draftFromExtraction(extraction(), DOCTOR, NOW, true).isFinalized).toBe(true);
  });
});

describe('mergePrescriptionExtraction', () => {
  it('overrides with non-empty fields, merges a medicine of the same name, appends new ones', () => {
    const held = receita({
      medications: [
        { name: 'Amoxicilina', dosage: '500mg', frequency: '8/8h', quantity: '21 cápsulas' },
        { name: 'Dipirona', dosage: '1g' },
      ],
    });
    const updated = mergePrescriptionExtraction(
      held,
      extraction({
        patientName: '',
        patientAge: '46',
        diagnosis: '',
        notes: 'Retornar em 7 dias',
        medications: [
          { name: 'amoxicilina ', dosage: '875mg', frequency: '12/12h' },
          { name: 'Loratadina', dosage: '10mg' },
        ],
      }),
    );
    expect(updated).toMatchObject({
      patientName: 'Maria Silva',
      patientAge: '46',
      diagnosis: 'Sinusite bacteriana',
      notes: 'Retornar em 7 dias',
    });
    expect(updated.medications.map((m) => [m.name, m.dosage, m.frequency, m.quantity])).toEqual([
      ['Amoxicilina', '875mg', '12/12h', '21 cápsulas'],
      ['Dipirona', '1g', undefined, undefined],
      ['Loratadina', '10mg', undefined, undefined],
    ]);
  });

  it('keeps the quantity the doctor wrote, and lets the server mark a merged medicine again', () => {
    const doctorQuantity = {
      amount: 2,
      unit: 'caixas',
      text: '2 (duas) caixas',
      enteredByDoctor: true,
    };
    const held = receita();
    const marked: PresentedPrescription = {
      ...held,
      receitaClass: 'controle_especial',
      sncrNumber: 'SP-000123',
      medications: held.medications.map((medication) => ({
        ...medication,
        control: CONTROL,
        dispenseQuantity: doctorQuantity,
      })),
    };
    const updated = mergePrescriptionExtraction(
      marked,
      extraction({ medications: [{ name: 'Amoxicilina', dosage: '875mg' }] }),
    );
    expect(updated.medications[0]?.dispenseQuantity).toEqual(doctorQuantity);
    expect(updated.medications[0]?.control).toBeUndefined();
  });
});

describe('a medicine added, removed, or given its quantity', () => {
  it('appends a medicine with generics allowed and normal priority', () => {
    const added = withAddedMedication(receita(), { name: 'ibuprofeno', dosage: '400mg' });
    expect(added.medications.map((m) => m.name)).toEqual(['Amoxicilina', 'Ibuprofeno']);
    expect(added.medications[1]).toMatchObject({ genericAllowed: true, priority: 'normal' });
  });

  it('removes the medicine at an index, and says so when there is none there', () => {
    const held = withAddedMedication(receita(), { name: 'Ibuprofeno' });
    expect(valueOf(withoutMedicationAt(held, 0)).medications.map((m) => m.name)).toEqual([
      'Ibuprofeno',
    ]);
    for (const index of [5, -1, 0.5]) {
      expect(withoutMedicationAt(held, index)).toEqual({
        ok: false,
        error: 'Medicamento não encontrado na receita.',
      });
    }
  });

  it('takes the doctor’s quantity as theirs, and refuses one without a whole number', () => {
    const held = receita();
    const edited = valueOf(withDispenseQuantityAt(held, 0, '2 caixas'));
    expect(edited.medications[0]?.dispenseQuantity).toMatchObject({
      amount: 2,
      text: '2 (duas) caixas',
      enteredByDoctor: true,
    });
    expect(withDispenseQuantityAt(held, 0, 'algumas')).toEqual({
      ok: false,
      error: PRESCRIPTION_MESSAGES.invalidDispenseQuantity,
    });
    expect(withDispenseQuantityAt(held, 3, '2 caixas')).toEqual({
      ok: false,
      error: PRESCRIPTION_MESSAGES.noSuchMedication,
    });
  });

  it('edits only a draft being written', () => {
    expect(editableDraft(undefined)).toEqual({
      ok: false,
      error: 'Nenhuma receita ativa. Use /iniciar-receita para começar.',
    });
    expect(editableDraft({ ...receita(), isFinalized: true })).toEqual({
      ok: false,
      error: 'Esta receita já foi finalizada.',
    });
    expect(editableDraft(receita()).ok).toBe(true);
  });
});

describe('what is written to the server', () => {
  it('keeps the control marks on the device and never sends them back', () => {
    const held = receita({ medications: [{ name: 'Tegretol', dosage: '200mg' }] });
    const marked: PresentedPrescription = {
      ...held,
      receitaClass: 'controle_especial',
      sncrNumber: 'SP-000123',
      medications: held.medications.map((medication) => ({
        ...medication,
        control: CONTROL,
        genericName: 'carbamazepina',
      })),
    };
    const content = contentOf(marked);
    expect(content).not.toHaveProperty('id');
    expect(content).not.toHaveProperty('version');
    expect(content.medications[0]?.control).toEqual(CONTROL);
    expect(content.medications[0]?.genericName).toBe('carbamazepina');
    const body = withoutControlMarks(content);
    expect(body.medications[0]).not.toHaveProperty('control');
    expect(body.medications[0]).not.toHaveProperty('genericName');
    expect(body).not.toHaveProperty('receitaClass');
    expect(body).not.toHaveProperty('sncrNumber');
    // The server's strict schema takes it as it is.
    expect(prescriptionCreateSchema.safeParse(body).success).toBe(true);
  });
});
