import { describe, expect, it } from 'vitest';
import { patientHistoryContext, visitLine } from './history';

describe('patientHistoryContext', () => {
  it("tells the model the patient's lists and earlier visits, newest first", () => {
    const text = patientHistoryContext({
      name: 'Maria Aparecida',
      allergies: ['Dipirona'],
      chronicConditions: ['Hipertensão'],
      medications: ['Losartana 50 mg'],
      visits: [
        {
          date: '2026-10-12T13:00:00.000Z',
          bloodPressure: '150x95',
          heartRate: 88,
          assessment: 'HAS não controlada',
          plan: 'Aumentar losartana',
        },
        { date: '2026-06-01T13:00:00.000Z' },
      ],
    });
    expect(text).toBe(
      [
        'Alergias registradas na ficha: Dipirona',
        'Condições crônicas: Hipertensão',
        'Medicamentos em uso: Losartana 50 mg',
        'Consultas anteriores (da mais recente):',
        '- 12/10/2026 — PA 150x95 mmHg, FC 88 bpm; avaliação: HAS não controlada; plano: Aumentar losartana',
        '- 01/06/2026 — sem registros',
      ].join('\n'),
    );
  });

  it('is empty for a new patient with nothing recorded', () => {
    expect(
      patientHistoryContext({
        name: 'Ana',
        allergies: [],
        chronicConditions: [],
        medications: [],
        visits: [],
      }),
    ).toBe('');
  });

  it('writes decimals the Brazilian way', () => {
    expect(visitLine({ date: '2026-10-12T13:00:00.000Z', temperature: 37.8, weight: 72.5 })).toBe(
      '12/10/2026 — Tax 37,8 °C, peso 72,5 kg',
    );
  });
});
