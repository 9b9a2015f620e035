import { describe, expect, it } from 'vitest';
import {
  RECORD_STEPS,
  canChangeStatus,
  recordCreateSchema,
  recordListQuerySchema,
  recordUpdateSchema,
} from './medical-record';
import { normalizeSteps } from './write';

describe('recordCreateSchema', () => {
  it('accepts a full record with every step filled', () => {
    const parsed = recordCreateSchema.parse({
      userId: 'u1',
      patientInfo: {
        name: ' Maria Souza ',
        age: 45,
        gender: 'feminino',
        allergies: ['dipirona'],
        medications: ['losartana 50mg'],
        chronicConditions: ['HAS'],
        contact: '(11) 99999-0000',
      },
      symptoms: {
        chiefComplaint: 'Cefaleia',
        currentSymptoms: ['náusea'],
        duration: '3 dias',
        intensity: 'moderada',
        additionalInfo: 'Piora à tarde',
      },
      physicalExam: {
        vitalSigns: {
          bloodPressure: '120/80',
          heartRate: 72,
          temperature: 36.8,
          height: 175,
          weight: 70,
          bmi: 22.9,
        },
        generalAppearance: 'BEG, corada, hidratada',
      },
      assessment: 'Cefaleia tensional',
      prescriptions: {
        medications: [
          {
            id: 'm1',
            name: 'Dipirona',
            dosage: '500mg',
            frequency: '6/6h',
            genericAllowed: true,
            priority: 'normal',
          },
        ],
        exams: [{ name: 'Hemograma', type: 'laboratorial', priority: 'rotina' }],
        additionalNotes: '',
      },
      plan: 'Retorno em 7 dias',
      currentStep: 'plan',
      status: 'em_andamento',
      steps: normalizeSteps(undefined),
      consultationFeedback: {
        mainSymptoms: ['cefaleia'],
        doctorFeedback: 'Boa anamnese',
        generatedAt: '2026-11-21T10:00:00.000Z',
      },
    });
    expect(parsed.patientInfo?.name).toBe('Maria Souza');
    expect(parsed.physicalExam?.vitalSigns?.bmi).toBe(22.9);
  });

  it('drops null fields inside a part on create too', () => {
    expect(recordCreateSchema.parse({ patientInfo: { name: 'Ana', age: null } })).toEqual({
      patientInfo: { name: 'Ana' },
    });
  });

  it('accepts an empty record', () => {
    expect(recordCreateSchema.parse({})).toEqual({});
  });

  it.each([
    ['age 151', { patientInfo: { age: 151 } }],
    ['age -1', { patientInfo: { age: -1 } }],
    ['age 40.5', { patientInfo: { age: 40.5 } }],
    ['gender m', { patientInfo: { gender: 'm' } }],
    ['intensity forte', { symptoms: { intensity: 'forte' } }],
    ['step diagnosis', { currentStep: 'diagnosis' }],
    ['status cancelado', { status: 'cancelado' }],
    ['unknown field', { cpf: '123' }],
    ['unknown nested field', { symptoms: { pain: 3 } }],
    ['long assessment', { assessment: 'x'.repeat(20_001) }],
    ['long name', { patientInfo: { name: 'x'.repeat(201) } }],
    ['101 allergies', { patientInfo: { allergies: Array.from({ length: 101 }, () => 'x') } }],
    [
      '51 medications',
      { prescriptions: { medications: Array.from({ length: 51 }, () => ({ name: 'x' })) } },
    ],
    ['medication without name', { prescriptions: { medications: [{ dosage: '1g' }] } }],
    ['exam type', { prescriptions: { exams: [{ name: 'RX', type: 'raio-x' }] } }],
    ['saturation 101', { physicalExam: { vitalSigns: { oxygenSaturation: 101 } } }],
    ['temperature 50', { physicalExam: { vitalSigns: { temperature: 50 } } }],
    [
      'repeated step',
      {
        steps: [
          { type: 'plan', completed: true },
          { type: 'plan', completed: true },
        ],
      },
    ],
    ['feedback date', { consultationFeedback: { generatedAt: 'ontem' } }],
    ['an id on create', { id: 'medical-record-1' }],
    ['a NUL in a name', { patientInfo: { name: 'Ana\u0000' } }],
    ['a NUL in a list item', { patientInfo: { allergies: ['\u0000'] } }],
    ['a NUL in the assessment', { assessment: 'x\u0000y' }],
    ['status null', { status: null }],
  ])('refuses %s', (_name, body) => {
    expect(recordCreateSchema.safeParse(body).success).toBe(false);
  });

  it('accepts every age from 0 to 150', () => {
    expect(recordCreateSchema.safeParse({ patientInfo: { age: 0 } }).success).toBe(true);
    expect(recordCreateSchema.safeParse({ patientInfo: { age: 150 } }).success).toBe(true);
  });
});

describe('recordUpdateSchema', () => {
  it('turns null inside a part into an unset field and keeps top-level null', () => {
    const parsed = recordUpdateSchema.parse({
      patientInfo: { name: 'Ana', age: null, gender: null },
      symptoms: null,
      physicalExam: { vitalSigns: { heartRate: null, weight: 60 } },
    });
    expect(parsed).toEqual({
      patientInfo: { name: 'Ana' },
      symptoms: null,
      physicalExam: { vitalSigns: { weight: 60 } },
    });
  });
  it('refuses 10,000 nested arrays in a part instead of overflowing the stack', () => {
    const nested = JSON.parse('['.repeat(10_000) + ']'.repeat(10_000)) as unknown;
    const result = recordUpdateSchema.safeParse({ patientInfo: { allergies: nested } });
    expect(result.success).toBe(false);
  });

  it('accepts the status alone', () => {
    expect(recordUpdateSchema.parse({ status: 'finalizado' })).toEqual({ status: 'finalizado' });
  });

  it('accepts the id and userId an older client sends', () => {
    expect(recordUpdateSchema.parse({ id: 'medical-record-1', userId: 'u', plan: 'x' })).toEqual({
      id: 'medical-record-1',
      userId: 'u',
      plan: 'x',
    });
  });
});

describe('recordListQuerySchema', () => {
  it('defaults the limit to 20 and coerces query strings', () => {
    expect(recordListQuerySchema.parse({})).toEqual({ limit: 20 });
    expect(recordListQuerySchema.parse({ limit: '100', status: 'finalizado' })).toEqual({
      limit: 100,
      status: 'finalizado',
    });
  });

  it.each([{ limit: '0' }, { limit: '101' }, { limit: '2.5' }, { status: 'x' }, { other: '1' }])(
    'refuses %j',
    (query) => {
      expect(recordListQuerySchema.safeParse(query).success).toBe(false);
    },
  );
});

describe('steps and status', () => {
  it('starts with every step, in order, none completed', () => {
    expect(normalizeSteps(undefined).map((step) => step.type)).toEqual([...RECORD_STEPS]);
    expect(normalizeSteps(undefined).some((step) => step.completed)).toBe(false);
  });

  it('only goes from em_andamento to finalizado', () => {
    expect(canChangeStatus('em_andamento', 'finalizado')).toBe(true);
    expect(canChangeStatus('em_andamento', 'em_andamento')).toBe(true);
    expect(canChangeStatus('finalizado', 'finalizado')).toBe(true);
    expect(canChangeStatus('finalizado', 'em_andamento')).toBe(false);
  });
});
