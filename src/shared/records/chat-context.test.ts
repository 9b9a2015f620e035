import { describe, expect, it } from 'vitest';
import { recordChatContext, recordSummaryMessage } from './chat-context';

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

  it('writes measurements with a decimal comma', () => {
    expect(
      recordChatContext({ physicalExam: { vitalSigns: { temperature: 37.8, weight: 70.5 } } }),
    ).toBe('Sinais vitais: Tax 37,8 °C, peso 70,5 kg');
  });

  it('is empty for an empty record', () => {
    expect(recordChatContext({})).toBe('');
    expect(
      recordChatContext({ patientInfo: { allergies: [] }, physicalExam: { vitalSigns: {} } }),
    ).toBe('');
  });
});

describe('recordSummaryMessage', () => {
  it('sums the finalised record up in Markdown', () => {
    expect(
      recordSummaryMessage(
        {
          patientInfo: { name: 'Maria', age: 45 },
          symptoms: { chiefComplaint: 'Cefaleia', duration: '3 dias' },
          assessment: 'Cefaleia tensional.',
          plan: 'Analgesia\ne retorno.',
          prescriptions: {
            medications: [{ name: 'Paracetamol', dosage: '750 mg' }],
            exams: [{ name: 'Hemograma' }],
          },
        },
        'Maria',
      ),
    ).toBe(
      [
        '**Prontuário finalizado — Maria, 45 anos**',
        '- Queixa principal: Cefaleia (3 dias)',
        '- Avaliação: Cefaleia tensional.',
        '- Plano: Analgesia e retorno.',
        '- Prescrições e exames: Paracetamol 750 mg; Hemograma',
      ].join('\n'),
    );
  });

  it('names only the patient when nothing else was written, and cuts long texts', () => {
    expect(recordSummaryMessage({}, 'Paciente sem nome')).toBe(
      '**Prontuário finalizado — Paciente sem nome**',
    );
    const long = recordSummaryMessage({ assessment: 'a'.repeat(400) }, 'X');
    expect(long.split('\n')[1]).toHaveLength('- Avaliação: '.length + 300);
  });
});
