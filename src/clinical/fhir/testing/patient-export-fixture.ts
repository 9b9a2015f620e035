/**
 * Patients to export in tests, built through the API's own schemas so that they have the shape
 * the server answers: Maria, with two visits and a receita, and a patient known only by name.
 */
import { medicalRecordSchema, type MedicalRecord } from '@shared/records/medical-record';
import { patientSchema } from '@shared/patients/patient';
import { prescriptionSchema } from '@shared/prescriptions/prescription';
import type { PatientExport } from '../patient-export';

export const MARIA_CPF = '52998224725';
export const MARIA_CNS = '898001028000008';

const maria = patientSchema.parse({
  id: 'patient-7d3f2a10-5c1e-4b8e-9f6a-2e4d8c1b0a93',
  name: 'Maria Aparecida da Silva',
  birthDate: '1968-04-12',
  age: 57,
  sex: 'feminino',
  cpf: MARIA_CPF,
  cns: MARIA_CNS,
  phone: '(11) 98765-4321',
  address: {
    street: 'Rua das Acácias',
    number: '120',
    complement: 'apto 32',
    district: 'Vila Mariana',
    city: 'São Paulo',
    uf: 'SP',
    cep: '04101000',
  },
  allergies: ['Dipirona'],
  chronicConditions: ['Hipertensão arterial', 'Diabetes mellitus tipo 2'],
  medications: ['Losartana 50 mg, 1 comprimido ao dia', 'Metformina 850 mg, 2 vezes ao dia'],
  notes: 'Prefere consultas pela manhã.',
  version: 3,
  createdAt: '2026-01-15T12:00:00.000Z',
  updatedAt: '2026-03-02T14:10:00.000Z',
});

const record = (fields: Partial<MedicalRecord> & Pick<MedicalRecord, 'id' | 'createdAt'>) =>
  medicalRecordSchema.parse({
    userId: 'user-1',
    patientId: maria.id,
    status: 'finalizado',
    currentStep: 'print-summary',
    steps: [],
    version: 1,
    updatedAt: fields.createdAt,
    ...fields,
  });

/** A finalised visit: headache with high blood pressure, two CID-10 lines, a prescription. */
export const FIRST_VISIT = record({
  id: 'medical-record-1b9c6f0e-2d47-4a83-b5e1-7c0a9d3e8f21',
  createdAt: '2026-03-02T13:30:00.000Z',
  patientInfo: { name: 'Maria Aparecida da Silva', age: 57, gender: 'feminino' },
  symptoms: {
    chiefComplaint: 'Dor de cabeça há 3 dias',
    currentSymptoms: ['cefaleia', 'tontura'],
    duration: '3 dias',
    intensity: 'moderada',
  },
  physicalExam: {
    vitalSigns: {
      bloodPressure: '150x95',
      heartRate: 88,
      respiratoryRate: 16,
      temperature: 36.8,
      oxygenSaturation: 97,
      height: 162,
      weight: 70.5,
      bmi: 26.9,
    },
    generalAppearance: 'Bom estado geral, corada, hidratada.',
    heart: 'Ritmo regular em dois tempos, sem sopros.',
  },
  assessment: [
    'Cefaleia tensional; hipertensão fora do alvo.',
    'G44.2 - Cefaleia tensional',
    'I10 - Hipertensão essencial (primária)',
  ].join('\n'),
  prescriptions: {
    medications: [
      {
        name: 'Paracetamol',
        dosage: '750 mg',
        dosePerIntake: '1 comprimido',
        frequency: 'de 6 em 6 horas',
        duration: '5 dias',
        instructions: 'Se dor.',
        dispenseQuantity: { amount: 20, unit: 'comprimidos', text: '20 (vinte) comprimidos' },
      },
    ],
    exams: [
      {
        name: 'Hemograma completo',
        type: 'laboratorial',
        priority: 'rotina',
        justification: 'Rotina anual',
      },
    ],
    additionalNotes: 'Evitar anti-inflamatórios.',
  },
  plan: 'Aferir a pressão em casa por 7 dias.\nRetorno em 30 dias.',
  addenda: [
    {
      id: 'addendum-1',
      author: 'Dra. Ana Lima',
      createdAt: '2026-03-03T11:00:00.000Z',
      text: 'Paciente ligou: a cefaleia cedeu com o paracetamol.',
    },
  ],
  aiUse: [
    {
      id: 'ai-use-1',
      task: 'transcribe',
      source: 'whisper-1',
      at: '2026-03-02T13:41:00.000Z',
    },
    {
      id: 'ai-use-2',
      task: 'exam-suggestions',
      source: 'motor offline (regras)',
      at: '2026-03-02T13:52:00.000Z',
      outcome: 'edited',
    },
  ],
});

/** A visit still open: a blood pressure written with a slash, nothing assessed yet. */
export const SECOND_VISIT = record({
  id: 'medical-record-5e2a7c94-0b13-4f6d-8a2c-91d7e4b6f058',
  status: 'em_andamento',
  currentStep: 'physical-exam',
  createdAt: '2026-04-10T14:00:00.000Z',
  symptoms: { chiefComplaint: 'Retorno: controle da pressão' },
  physicalExam: {
    vitalSigns: { bloodPressure: '130/85', heartRate: 76, temperature: 36.5 },
  },
});

export const RECEITA = prescriptionSchema.parse({
  id: 'prescription-0c4e8b2a-6f91-4d3e-b7a5-3e2f1d9c8b70',
  patientId: maria.id,
  patientName: 'Maria Aparecida da Silva',
  patientAge: '57',
  diagnosis: 'Hipertensão arterial',
  medications: [
    {
      name: 'Losartana potássica',
      dosage: '50 mg',
      dosePerIntake: '1 comprimido',
      frequency: '1 vez ao dia',
      duration: 'uso contínuo',
      dispenseQuantity: { amount: 30, unit: 'comprimidos', text: '30 (trinta) comprimidos' },
      route: 'oral',
    },
    {
      name: 'Hidroclorotiazida',
      dosage: '25 mg',
      dosePerIntake: '1 comprimido',
      frequency: 'pela manhã',
      genericAllowed: false,
    },
  ],
  notes: 'Trazer as medidas de pressão no retorno.',
  date: '2026-03-02',
  doctorName: 'Dra. Ana Lima',
  doctorCRM: 'CRM/SP 123456',
  isFinalized: true,
  createdAt: '2026-03-02T13:50:00.000Z',
  updatedAt: '2026-03-02T13:50:00.000Z',
  version: 1,
});

export const MARIA_EXPORT: PatientExport = {
  patient: maria,
  records: [FIRST_VISIT, SECOND_VISIT],
  prescriptions: [RECEITA],
  exportedAt: '2026-05-20T12:00:00.000Z',
};

/** A patient first seen in the chat: a name and nothing else. */
export const NAME_ONLY_EXPORT: PatientExport = {
  patient: patientSchema.parse({
    id: 'patient-only-a-name',
    name: 'João',
    allergies: [],
    chronicConditions: [],
    medications: [],
    version: 1,
    createdAt: '2026-05-01T10:00:00.000Z',
    updatedAt: '2026-05-01T10:00:00.000Z',
  }),
  records: [],
  prescriptions: [],
  exportedAt: '2026-05-20T12:00:00.000Z',
};
