import { describe, expect, it } from 'vitest';
import { recordChatContext } from './record-chat-context';

describe('recordChatContext', () => {
  it('lists what the record holds, in Portuguese', () => {
    const text = recordChatContext({
      patientInfo: { name: 'Maria Souza', age: 45, allergies: ['dipirona'] },
      symptoms: { chiefComplaint: 'Cefaleia', duration: '3 dias' },
      physicalExam: { vitalSigns: { bloodPressure: '140/90', heartRate: 88 } },
      prescriptions: { medications: [{ name: 'Paracetamol', dosage: '750 mg' }], exams: [] },
    });
    expect(text).toBe(
      [
        'Paciente: Maria Souza',
        'Idade: 45 anos',
        'Alergias: dipirona',
        'Queixa principal: Cefaleia',
        'Duração: 3 dias',
        'Sinais vitais: PA 140/90 mmHg, FC 88 bpm',
        'Medicamentos prescritos: Paracetamol 750 mg',
      ].join('\n'),
    );
  });

  it('is empty for an empty record', () => {
    expect(recordChatContext({})).toBe('');
    expect(
      recordChatContext({ patientInfo: { allergies: [] }, physicalExam: { vitalSigns: {} } }),
    ).toBe('');
  });
});
