import { describe, expect, it } from 'vitest';
import { EMPTY_FIELD_TEXT, recordDifferences } from './diff';

describe('recordDifferences', () => {
  it('lists nothing for two versions that read the same', () => {
    const record = { patientInfo: { name: 'Paula', allergies: ['dipirona'] }, plan: 'Repouso' };
    expect(recordDifferences(record, structuredClone(record))).toEqual([]);
    // Blank and unset read the same; so does surrounding white space.
    expect(recordDifferences({ plan: '  ' }, {})).toEqual([]);
    expect(recordDifferences({ assessment: 'Gripe ' }, { assessment: 'Gripe' })).toEqual([]);
  });

  it('names each differing field with both values, in step order', () => {
    const differences = recordDifferences(
      {
        patientInfo: { name: 'Paula R.', age: 30 },
        symptoms: { chiefComplaint: 'Tosse' },
        plan: 'Hidratação',
      },
      {
        patientInfo: { name: 'Paula Reis da Silva', age: 30 },
        symptoms: { chiefComplaint: 'Tosse seca há 2 semanas' },
      },
    );
    expect(differences).toEqual([
      { label: 'Paciente — Nome', mine: 'Paula R.', saved: 'Paula Reis da Silva' },
      { label: 'Sintomas — Queixa principal', mine: 'Tosse', saved: 'Tosse seca há 2 semanas' },
      { label: 'Plano', mine: 'Hidratação', saved: EMPTY_FIELD_TEXT },
    ]);
  });

  it('reads lists, numbers and prescriptions as text', () => {
    const differences = recordDifferences(
      {
        patientInfo: { allergies: ['dipirona', 'AAS'], gender: 'feminino' },
        physicalExam: { vitalSigns: { heartRate: 80 } },
        prescriptions: { medications: [{ name: 'Paracetamol', dosage: '750 mg' }] },
      },
      {
        patientInfo: { allergies: ['dipirona'] },
        physicalExam: { vitalSigns: { heartRate: 92 } },
        prescriptions: { noPrescription: true },
      },
    );
    expect(differences).toEqual([
      { label: 'Paciente — Sexo', mine: 'Feminino', saved: EMPTY_FIELD_TEXT },
      { label: 'Paciente — Alergias', mine: 'dipirona, AAS', saved: 'dipirona' },
      { label: 'Exame físico — Sinais vitais', mine: 'FC 80 bpm', saved: 'FC 92 bpm' },
      { label: 'Prescrições — Medicamentos', mine: 'Paracetamol 750 mg', saved: EMPTY_FIELD_TEXT },
      {
        label: 'Prescrições — Sem prescrição nesta consulta',
        mine: EMPTY_FIELD_TEXT,
        saved: 'Sim',
      },
    ]);
  });

  it('cuts long values around where they start to differ', () => {
    const common = 'Paciente em bom estado geral, '.repeat(10);
    const [difference] = recordDifferences(
      { plan: `${common}retorno em 7 dias.` },
      { plan: `${common}retorno em 30 dias.` },
    );
    expect(difference?.mine.startsWith('…')).toBe(true);
    expect(difference?.mine).toContain('retorno em 7 dias.');
    expect(difference?.saved).toContain('retorno em 30 dias.');
    expect(difference?.mine.length).toBeLessThanOrEqual(162);
  });
});
