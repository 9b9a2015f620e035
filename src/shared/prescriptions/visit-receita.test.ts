import { posologySentence } from './posology';
import { describe, expect, it } from 'vitest';
import type { PresentedPrescription } from '../api/prescriptions';
import type { SafetyReason } from './safety-warnings';
import { latestVersionOf, type PrescriptionState } from './state';
import {
  correctionOf,
  receitaSaysStep,
  receitaStatus,
  visitReceitaContent,
  visitReceitasOf,
  withDoctorEdits,
  type VisitPrescription,
} from './visit-receita';

const NOW = new Date(2026, 11, 4, 10, 30);
const DOCTOR = { name: 'Dra. Ana Lima', crm: 'CRM/SP 123456' };

const REASON: SafetyReason = {
  kind: 'interacao',
  severity: 'grave',
  medications: ['Ibuprofeno', 'Varfarina'],
  message: 'Risco aumentado de sangramento.',
  reason: 'Dor aguda: 2 dias.',
};

const VISIT: VisitPrescription = {
  recordId: 'record-1',
  patientId: 'patient-1',
  patientName: ' Maria Souza ',
  patientAge: 45,
  patientSex: 'feminino',
  medications: [
    { name: 'amoxicilina', dosage: '500 mg', frequency: '8/8h', duration: '7 dias' },
    { name: 'Ibuprofeno', dosage: '400 mg', frequency: '8/8h', duration: '3 dias' },
  ],
  notes: 'Retorno em 7 dias. ',
  safetyReasons: [
    REASON,
    { ...REASON, medications: ['Dipirona', 'Varfarina'], message: 'Outro aviso.' },
  ],
};

function receita(overrides: Partial<PresentedPrescription> = {}): PresentedPrescription {
  return {
    ...visitReceitaContent(VISIT, DOCTOR, NOW),
    id: 'prescription-1',
    createdAt: '2026-12-04T13:30:00.000Z',
    updatedAt: '2026-12-04T13:30:00.000Z',
    version: 1,
    ...overrides,
  };
}

describe('visitReceitaContent', () => {
  it("is the step's receita: its visit, patient, medicines and the reasons for them, as a draft of today", () => {
    const content = visitReceitaContent(VISIT, DOCTOR, NOW);
    expect(content).toMatchObject({
      recordId: 'record-1',
      patientId: 'patient-1',
      patientName: 'Maria Souza',
      patientAge: '45',
      patientSex: 'feminino',
      notes: 'Retorno em 7 dias.',
      date: '2026-12-04',
      doctorName: 'Dra. Ana Lima',
      doctorCRM: 'CRM/SP 123456',
      isFinalized: false,
    });
    expect(content.medications.map((medication) => medication.name)).toEqual([
      'Amoxicilina',
      'Ibuprofeno',
    ]);
    // Only the reasons about its medicines.
    expect(content.safetyReasons).toEqual([REASON]);
  });

  it("names 'Paciente' when the step names no one, and gives no age it does not know", () => {
    const content = visitReceitaContent(
      { recordId: 'record-2', patientName: '  ', medications: [] },
      DOCTOR,
      NOW,
    );
    expect(content).toMatchObject({ patientName: 'Paciente', patientAge: '' });
    expect(content).not.toHaveProperty('safetyReasons');
    expect(content).not.toHaveProperty('patientId');
  });

  it('carries the route the doctor chose, and the posology says it', () => {
    const content = visitReceitaContent(
      {
        recordId: 'record-3',
        patientName: 'Maria Souza',
        medications: [
          {
            name: 'Diclofenaco dietilamônio',
            dosage: '10 mg/g',
            frequency: '3x ao dia',
            duration: '7 dias',
            route: 'topica',
          },
        ],
      },
      DOCTOR,
      NOW,
    );
    const [medication] = content.medications;
    expect(medication?.route).toBe('topica');
    expect(medication && posologySentence(medication)).toBe(
      'Aplicar três vezes ao dia, por 7 dias.',
    );
  });
});

describe('receitaStatus', () => {
  it.each([
    [{ isFinalized: false }, 'rascunho'],
    [{ isFinalized: true }, 'emitida'],
    [{ isFinalized: true, signedAt: '2026-12-04T10:00:00Z' }, 'assinada'],
    [
      {
        isFinalized: true,
        signedAt: '2026-12-04T10:00:00Z',
        cancellation: { at: '2026-12-05T10:00:00Z', reason: 'Substituída por nova versão.' },
      },
      'cancelada',
    ],
  ] as const)('%j is %s', (life, status) => {
    expect(receitaStatus(life)).toBe(status);
  });
});

describe('visitReceitasOf', () => {
  it("finds the visit's draft and valid issued receita, never a cancelled one or another visit's", () => {
    const held = [
      receita({ id: 'draft', isFinalized: false }),
      receita({ id: 'issued', isFinalized: true }),
      receita({
        id: 'old',
        isFinalized: true,
        cancellation: { at: '2026-12-04T11:00:00Z', reason: 'Substituída por nova versão.' },
      }),
      receita({ id: 'other', recordId: 'record-9', isFinalized: false }),
    ];
    const found = visitReceitasOf(held, 'record-1');
    expect(found.draft?.id).toBe('draft');
    expect(found.issued?.id).toBe('issued');
    expect(visitReceitasOf(held, 'record-3')).toEqual({ draft: undefined, issued: undefined });
  });
});

describe('receitaSaysStep', () => {
  const step = visitReceitaContent(VISIT, DOCTOR, NOW);

  it('holds when only what the step does not decide differs: the quantity, the control mark, the date', () => {
    const worked = receita({
      date: '2026-12-03',
      medications: step.medications.map((medication, index) =>
        index === 0
          ? {
              ...medication,
              dispenseQuantity: {
                amount: 2,
                unit: 'caixas',
                text: '2 (duas) caixas',
                enteredByDoctor: true,
              },
              control: {
                list: 'antimicrobiano',
                document: 'Receita de Antimicrobiano',
                copies: [],
              },
            }
          : medication,
      ),
    });
    expect(receitaSaysStep(worked, step)).toBe(true);
  });

  it.each([
    ['a dose', { dosage: '875 mg' }],
    ['a frequency', { frequency: '12/12h' }],
    ['a duration', { duration: '10 dias' }],
  ])('fails when %s changed', (_what, change) => {
    const changed = {
      ...step,
      medications: step.medications.map((medication, index) =>
        index === 0 ? { ...medication, ...change } : medication,
      ),
    };
    expect(receitaSaysStep(receita(), changed)).toBe(false);
  });

  it('fails when a medicine was added or removed, or the notes changed', () => {
    expect(receitaSaysStep(receita(), { ...step, medications: step.medications.slice(1) })).toBe(
      false,
    );
    expect(receitaSaysStep(receita(), { ...step, notes: 'Retorno em 3 dias.' })).toBe(false);
  });
});

describe('withDoctorEdits', () => {
  it("keeps the doctor's quantity where the medicine did not change, and the reasons still about it", () => {
    const doctors = {
      amount: 2,
      unit: 'caixas',
      text: '2 (duas) caixas',
      enteredByDoctor: true as const,
    };
    const step = visitReceitaContent(VISIT, DOCTOR, NOW);
    const earlier = receita({
      medications: step.medications.map((medication) => ({
        ...medication,
        dispenseQuantity: doctors,
      })),
      safetyReasons: [
        { ...REASON, message: 'Dado na prévia.', reason: 'Conferido.' },
        { ...REASON, medications: ['Dipirona'], message: 'De um medicamento que saiu.' },
      ],
    });
    const changed = {
      ...step,
      medications: step.medications.map((medication, index) =>
        index === 1 ? { ...medication, duration: '5 dias' } : medication,
      ),
    };
    const merged = withDoctorEdits(changed, earlier);
    expect(merged.medications[0]?.dispenseQuantity).toEqual(doctors);
    // Its duration changed: the quantity is the server's to count again.
    expect(merged.medications[1]?.dispenseQuantity).toBeUndefined();
    expect(merged.safetyReasons?.map((reason) => reason.message)).toEqual([
      REASON.message,
      'Dado na prévia.',
    ]);
  });
});

describe('correctionOf', () => {
  it('says what the issued receita says, as a draft of today that replaces it, without its issue', () => {
    const issued = receita({
      id: 'prescription-issued',
      isFinalized: true,
      date: '2026-12-01',
      validation: { url: 'https://prontu.example/validar/abc', secretCode: 'ABCDEFGHJK' },
      signedAt: '2026-12-01T12:00:00Z',
    });
    const correction = correctionOf(issued, NOW);
    expect(correction).toMatchObject({
      isFinalized: false,
      replacesId: 'prescription-issued',
      recordId: 'record-1',
      date: '2026-12-04',
      patientName: 'Maria Souza',
    });
    expect(correction).not.toHaveProperty('validation');
    expect(correction).not.toHaveProperty('signedAt');
    expect(correction).not.toHaveProperty('id');
  });
});

describe('latestVersionOf', () => {
  it('follows the corrections that are not cancelled', () => {
    const first = receita({ id: 'v1', isFinalized: true });
    const second = receita({ id: 'v2', isFinalized: true, replacesId: 'v1' });
    const third = receita({ id: 'v3', isFinalized: false, replacesId: 'v2' });
    const state: PrescriptionState = {
      current: undefined,
      batch: undefined,
      saved: [third, second, first],
      batches: [],
    };
    expect(latestVersionOf(state, first).id).toBe('v3');
    const dropped: PrescriptionState = {
      ...state,
      saved: [
        { ...third, cancellation: { at: '2026-12-04T12:00:00Z', reason: 'Erro.' } },
        second,
        first,
      ],
    };
    expect(latestVersionOf(dropped, first).id).toBe('v2');
    expect(latestVersionOf(state, { id: 'unknown' }).id).toBe('unknown');
  });
});
