import { describe, expect, it } from 'vitest';
import { DEFAULT_DOCTOR_SETTINGS } from '../account/doctor-settings';
import { newWorkingRecord, type WorkingRecord } from './flow';
import {
  AGE_NOT_INFORMED,
  NO_KNOWN_ALLERGIES,
  SEX_NOT_INFORMED,
  buildRecordDocument,
  buildRecordNarrative,
  identificationLine,
  medicationLine,
  recordFileName,
  vitalSignsLine,
} from './narrative';

// Local times (the formatters show local time), so the expectations hold in any time zone.
const CREATED = new Date(2026, 10, 21, 9, 5);
const NOW = new Date(2026, 10, 21, 14, 30);
const SETTINGS = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Dra. Helena Prado',
  crm: '123456',
  crmState: 'SP',
  clinicAddress: 'Rua das Flores, 100 — São Paulo',
  clinicPhone: '(11) 3333-4444',
};

const full: WorkingRecord = {
  ...newWorkingRecord('medical-record-1', CREATED),
  patientInfo: {
    name: 'Maria Souza',
    age: 45,
    gender: 'feminino',
    allergies: ['dipirona'],
    medications: ['losartana 50 mg'],
    chronicConditions: ['hipertensão'],
  },
  symptoms: {
    chiefComplaint: 'Cefaleia',
    duration: '3 dias',
    intensity: 'moderada',
    currentSymptoms: ['náusea'],
    additionalInfo: 'Piora no fim do dia.',
  },
  physicalExam: {
    vitalSigns: {
      bloodPressure: '140/90',
      heartRate: 80,
      temperature: 36.8,
      weight: 70,
      height: 175,
      bmi: 22.9,
    },
    generalAppearance: 'BEG, corada, hidratada.',
  },
  assessment: 'G44.2 - Cefaleia tensional\n\nHAS descompensada',
  prescriptions: {
    medications: [
      {
        name: 'Paracetamol',
        dosage: '750 mg',
        frequency: '6/6h',
        duration: '5 dias',
        instructions: 'se dor',
      },
    ],
    exams: [{ name: 'Hemograma completo', type: 'laboratorial', priority: 'rotina' }],
    additionalNotes: 'Evitar jejum prolongado.',
  },
  plan: '- Retorno em 15 dias',
};

describe('the narrative record', () => {
  it('tells a pregnancy and the creatinine clearance among the history', () => {
    const pregnant = {
      ...full,
      patientInfo: { ...full.patientInfo, pregnant: true, creatinineClearance: 42.5 },
    };
    const history = buildRecordNarrative(pregnant, SETTINGS, NOW).sections.find((section) =>
      section.title.includes('(APP)'),
    );
    expect(history?.lines).toEqual([
      'Alergias: dipirona.',
      'Gestante.',
      'Clearance de creatinina: 42,5 mL/min.',
      'Medicamentos em uso: losartana 50 mg.',
      'Condições crônicas: hipertensão.',
    ]);
  });

  it('does not print a pregnancy ticked before the age was corrected past 55', () => {
    const corrected = {
      ...full,
      patientInfo: { ...full.patientInfo, age: 67, pregnant: true },
    };
    const history = buildRecordNarrative(corrected, SETTINGS, NOW).sections.find((section) =>
      section.title.includes('(APP)'),
    );
    expect(history?.lines).not.toContain('Gestante.');
  });

  it('says a visit held at a distance was a teleconsulta, with when the consent was recorded', () => {
    const consentAt = new Date(2026, 10, 21, 9, 2).toISOString();
    const narrative = buildRecordNarrative({ ...full, teleconsulta: { consentAt } }, SETTINGS, NOW);
    expect(narrative.sections[0]?.lines.at(-1)).toBe(
      'Teleconsulta (CFM 2.314/2022), com consentimento registrado em 21/11/2026 às 09:02',
    );
  });

  it('tells the whole consultation in its sections, with the signature block', () => {
    const narrative = buildRecordNarrative(full, SETTINGS, NOW);
    expect(narrative.title).toBe('PRONTUÁRIO MÉDICO');
    const text = (title: string) =>
      narrative.sections.find((section) => section.title.includes(title))?.lines.join('\n');
    expect(text('Identificação')).toBe(
      'Maria Souza, 45 anos, sexo feminino\nAtendimento em 21 de novembro de 2026 às 09:05',
    );
    expect(text('(QP)')).toBe('Cefaleia há 3 dias');
    expect(text('(HDA)')).toBe(
      'A paciente refere cefaleia há 3 dias, de intensidade moderada.\nSintomas associados: náusea.\nPiora no fim do dia.',
    );
    expect(text('(APP)')).toBe(
      'Alergias: dipirona.\nMedicamentos em uso: losartana 50 mg.\nCondições crônicas: hipertensão.',
    );
    expect(text('Exame Físico')).toBe(
      'Sinais vitais: PA 140/90 mmHg, FC 80 bpm, Temp 36,8 °C, Peso 70 kg, Altura 175 cm, IMC 22,9 kg/m².\nBEG, corada, hidratada.',
    );
    expect(text('Hipóteses')).toBe('G44.2 - Cefaleia tensional\nHAS descompensada');
    expect(text('CID-10')).toBe('G44.2 — Cefaleia tensional');
    expect(narrative.medications).toEqual(['Paracetamol 750 mg — 6/6h — por 5 dias — se dor']);
    expect(narrative.exams).toEqual(['Hemograma completo (laboratorial, rotina)']);
    expect(narrative.generatedOn).toBe('Documento gerado em 21 de novembro de 2026 às 14:30');
    expect(narrative.signature).toEqual([
      'Dra. Helena Prado',
      'CRM/SP 123456',
      'Rua das Flores, 100 — São Paulo',
      '(11) 3333-4444',
    ]);
  });

  it('lists the codes written anywhere in the assessment, and no coded section without one', () => {
    const coded = buildRecordNarrative(
      { ...full, assessment: 'HAS (CID-10 I10) descompensada. DM2, CID E11.9' },
      SETTINGS,
      NOW,
    );
    expect(coded.sections.find((s) => s.title === 'Diagnósticos (CID-10)')?.lines).toEqual([
      'I10 — HAS',
      'E11.9 — DM2',
    ]);
    const uncoded = buildRecordNarrative(
      { ...full, assessment: 'HAS descompensada' },
      SETTINGS,
      NOW,
    );
    expect(uncoded.sections.map((s) => s.title)).not.toContain('Diagnósticos (CID-10)');
  });

  it('keeps a grave safety warning the doctor prescribed through, with her reason', () => {
    const record: WorkingRecord = {
      ...full,
      patientInfo: { ...full.patientInfo, medications: ['Varfarina 5 mg'] },
      prescriptions: {
        ...full.prescriptions,
        medications: [{ name: 'Ibuprofeno 400 mg' }, { name: 'Amoxicilina' }],
        safetyReasons: [
          {
            kind: 'interacao',
            severity: 'grave',
            medications: ['Ibuprofeno 400 mg', 'Varfarina 5 mg'],
            message: 'Risco aumentado de sangramento: evite a associação.',
            reason: 'Dor aguda; uso por 2 dias com omeprazol e INR na sexta.',
          },
          // A warning whose reason was left blank says nothing.
          {
            kind: 'alergia',
            severity: 'contraindicado',
            medications: ['Amoxicilina'],
            message: 'Alergia a penicilina: amoxicilina é uma penicilina.',
            reason: '  ',
          },
          // Nor one for a medicine taken off the prescription since.
          {
            kind: 'interacao',
            severity: 'grave',
            medications: ['Claritromicina 500 mg', 'Varfarina 5 mg'],
            message: 'Aumento do INR.',
            reason: 'Sem alternativa.',
          },
        ],
      },
    };
    const section = buildRecordNarrative(record, SETTINGS, NOW).sections.find(
      ({ title }) => title === 'Alertas de Segurança da Prescrição',
    );
    expect(section?.lines).toEqual([
      'Grave — Ibuprofeno 400 mg + Varfarina 5 mg: Risco aumentado de sangramento: evite a associação. Justificativa do médico: Dor aguda; uso por 2 dias com omeprazol e INR na sexta.',
    ]);
    expect(
      buildRecordNarrative(full, SETTINGS, NOW).sections.map(({ title }) => title),
    ).not.toContain('Alertas de Segurança da Prescrição');
  });

  it('says what is not known instead of leaving gaps', () => {
    const empty = newWorkingRecord('record-1', CREATED);
    expect(identificationLine(empty)).toBe(
      `Paciente sem nome, ${AGE_NOT_INFORMED}, ${SEX_NOT_INFORMED}`,
    );
    const narrative = buildRecordNarrative(empty, DEFAULT_DOCTOR_SETTINGS, NOW);
    expect(narrative.sections.map((section) => section.title)).toEqual([
      'Identificação',
      'Antecedentes Pessoais Patológicos (APP)',
    ]);
    expect(narrative.sections[1]?.lines).toEqual([`${NO_KNOWN_ALLERGIES}.`]);
    expect(identificationLine({ patientInfo: { name: 'Bebê', age: 1 } })).toBe(
      `Bebê, 1 ano, ${SEX_NOT_INFORMED}`,
    );
  });

  it("agrees with the patient's sex and writes a strong intensity as 'de forte intensidade'", () => {
    const hda = (record: WorkingRecord) =>
      buildRecordNarrative(record, SETTINGS, NOW).sections.find((section) =>
        section.title.includes('(HDA)'),
      )?.lines[0];
    const man: WorkingRecord = {
      ...full,
      patientInfo: { ...full.patientInfo, gender: 'masculino' },
      symptoms: { ...full.symptoms, intensity: 'intensa' },
    };
    expect(hda(man)).toBe('O paciente refere cefaleia há 3 dias, de forte intensidade.');
    const unknown: WorkingRecord = { ...man, patientInfo: { name: 'Ari' } };
    expect(hda(unknown)).toBe('Paciente refere cefaleia há 3 dias, de forte intensidade.');
    expect(AGE_NOT_INFORMED).toBe('idade não informada');
    expect(SEX_NOT_INFORMED).toBe('sexo não informado');
  });

  it('builds the complaint sentence once from its parts', () => {
    const section = (record: WorkingRecord, title: string) =>
      buildRecordNarrative(record, SETTINGS, NOW).sections.find((each) =>
        each.title.includes(title),
      )?.lines;
    // Typed as a sentence that already says how long, with the duration field filled too.
    const knee: WorkingRecord = {
      ...full,
      symptoms: {
        chiefComplaint: 'Dor no joelho à direita. Há 4 dias.',
        duration: '4 dias',
        currentSymptoms: ['dor no joelho', 'edema'],
      },
    };
    expect(section(knee, '(QP)')).toEqual(['Dor no joelho à direita, há 4 dias']);
    expect(section(knee, '(HDA)')).toEqual([
      'A paciente refere dor no joelho à direita, há 4 dias.',
      'Sintomas associados: edema.',
    ]);

    const apart: WorkingRecord = {
      ...full,
      symptoms: { chiefComplaint: 'Dor no joelho à direita.', duration: '4 dias.' },
    };
    expect(section(apart, '(QP)')).toEqual(['Dor no joelho à direita há 4 dias']);
    expect(section(apart, '(HDA)')).toEqual([
      'A paciente refere dor no joelho à direita há 4 dias.',
    ]);

    const since: WorkingRecord = {
      ...full,
      symptoms: { chiefComplaint: 'HAS descompensada', duration: 'Desde ontem', intensity: 'leve' },
    };
    expect(section(since, '(HDA)')).toEqual([
      'A paciente refere HAS descompensada desde ontem, de intensidade leve.',
    ]);
    // A day count that only contains the duration ('12 dias' and '2 dias') is not it.
    const twelve: WorkingRecord = {
      ...full,
      symptoms: {
        chiefComplaint: 'tosse há 12 dias',
        duration: '2 dias',
        additionalInfo: 'Piora à noite',
      },
    };
    expect(section(twelve, '(HDA)')).toEqual([
      'A paciente refere tosse há 12 dias há 2 dias.',
      'Piora à noite.',
    ]);
  });

  it('says nothing of an intensity nobody rated', () => {
    const unrated: WorkingRecord = {
      ...full,
      symptoms: { chiefComplaint: 'Cefaleia', duration: '3 dias' },
    };
    const narrative = buildRecordNarrative(unrated, SETTINGS, NOW);
    const text = narrative.sections.flatMap((section) => section.lines).join('\n');
    expect(text).toContain('A paciente refere cefaleia há 3 dias.');
    expect(text).not.toMatch(/intensidade|leve/i);
    expect(buildRecordDocument(unrated, SETTINGS, NOW)).not.toMatch(/intensidade/i);
  });

  it('writes only the vital signs and medication parts that are set', () => {
    expect(vitalSignsLine(undefined)).toBe('');
    expect(vitalSignsLine({ oxygenSaturation: 97, respiratoryRate: 18 })).toBe(
      'FR 18 irpm, SatO2 97%',
    );
    expect(medicationLine({ name: 'Amoxicilina' })).toBe('Amoxicilina');
    // A continuous use is 'em uso contínuo', never 'por uso contínuo'.
    expect(medicationLine({ name: 'Losartana', dosage: '50 mg', duration: 'uso contínuo' })).toBe(
      'Losartana 50 mg — em uso contínuo',
    );
  });
});

describe('the downloaded record', () => {
  it('fills the doctor’s template and leaves unknown variables visible', () => {
    const text = buildRecordDocument(full, SETTINGS, NOW);
    expect(text).toContain('Paciente: Maria Souza');
    expect(text).toContain('Data da consulta: 21/11/2026');
    expect(text).toContain('QP: Cefaleia há 3 dias');
    expect(text).toContain('HDA: A paciente refere cefaleia há 3 dias, de intensidade moderada.');
    expect(text).toContain('1. Paracetamol 750 mg — 6/6h — por 5 dias — se dor');
    expect(text).toContain('Exame: Hemograma completo (laboratorial, rotina)');
    expect(text).toContain('Evitar jejum prolongado.');
    expect(text).toContain('Próxima consulta: {{proxima_consulta}}');
    expect(text).toContain('Dra. Helena Prado — CRM/SP 123456');
  });

  it('uses the doctor’s own template', () => {
    const text = buildRecordDocument(
      full,
      {
        ...SETTINGS,
        medicalRecordOutput: '{{nome_paciente}} | {{hipoteses_diagnosticas}} | {{outra}}',
      },
      NOW,
    );
    expect(text).toBe('Maria Souza | G44.2 - Cefaleia tensional\n\nHAS descompensada | {{outra}}');
  });

  it('is named prontuario-<patient>-<date>.txt', () => {
    expect(recordFileName(full, NOW)).toBe('prontuario-maria-souza-2026-11-21.txt');
    expect(recordFileName({ patientInfo: { name: 'José D’Ávila' } }, NOW)).toBe(
      'prontuario-jose-d-avila-2026-11-21.txt',
    );
    expect(recordFileName({}, NOW)).toBe('prontuario-paciente-2026-11-21.txt');
  });
});

describe('a finalised record’s addenda', () => {
  const addenda = [
    {
      id: 'addendum-2',
      author: 'Dra. Helena Prado',
      createdAt: new Date(2026, 10, 22, 8, 15).toISOString(),
      text: 'Retorno antecipado para 48 h.',
    },
    {
      id: 'addendum-1',
      author: 'Dra. Helena Prado',
      createdAt: new Date(2026, 10, 21, 18, 40).toISOString(),
      text: 'Paciente relatou alergia a AAS após a consulta.',
    },
  ];
  const finalised: WorkingRecord = { ...full, status: 'finalizado', addenda };

  it('follow the narrative, oldest first, each headed with its date, time and author', () => {
    expect(buildRecordNarrative(finalised, SETTINGS, NOW).addenda).toEqual([
      {
        heading: 'Adendo de 21/11/2026 18:40 — Dra. Helena Prado',
        text: 'Paciente relatou alergia a AAS após a consulta.',
      },
      {
        heading: 'Adendo de 22/11/2026 08:15 — Dra. Helena Prado',
        text: 'Retorno antecipado para 48 h.',
      },
    ]);
    expect(buildRecordNarrative(full, SETTINGS, NOW).addenda).toEqual([]);
  });

  it("say 'Sem prescrição nesta consulta' only when nothing is prescribed", () => {
    const counselling = { ...full, prescriptions: { noPrescription: true } };
    expect(buildRecordNarrative(counselling, SETTINGS, NOW).noPrescription).toBe(true);
    const contradicted = {
      ...full,
      prescriptions: { ...full.prescriptions, noPrescription: true },
    };
    expect(buildRecordNarrative(contradicted, SETTINGS, NOW).noPrescription).toBe(false);
    expect(buildRecordNarrative(full, SETTINGS, NOW).noPrescription).toBe(false);
  });

  it('close the downloaded text, whatever the template', () => {
    const text = buildRecordDocument(
      finalised,
      { ...SETTINGS, medicalRecordOutput: '{{nome_paciente}}' },
      NOW,
    );
    expect(text).toBe(
      [
        'Maria Souza',
        'ADENDOS',
        'Adendo de 21/11/2026 18:40 — Dra. Helena Prado\nPaciente relatou alergia a AAS após a consulta.',
        'Adendo de 22/11/2026 08:15 — Dra. Helena Prado\nRetorno antecipado para 48 h.\n',
      ].join('\n\n'),
    );
    expect(buildRecordDocument(full, { ...SETTINGS, medicalRecordOutput: 'x' }, NOW)).toBe('x');
  });
});

describe("the visit's uses of AI", () => {
  const aiUse = [
    {
      id: 'ai-use-2',
      task: 'exam-suggestions' as const,
      source: 'gpt-4o-mini',
      at: new Date(2026, 10, 21, 9, 20).toISOString(),
      outcome: 'edited' as const,
    },
    {
      id: 'ai-use-1',
      task: 'transcribe' as const,
      source: 'whisper-1',
      at: new Date(2026, 10, 21, 9, 10).toISOString(),
    },
  ];
  const withAi: WorkingRecord = { ...full, aiUse };

  it("are a 'Uso de IA' section, oldest first, with who answered and what the doctor did", () => {
    const section = buildRecordNarrative(withAi, SETTINGS, NOW).sections.find(
      (each) => each.title === 'Uso de IA',
    );
    expect(section?.lines).toEqual([
      '21/11/2026 09:10 — Transcrição da gravação — whisper-1',
      '21/11/2026 09:20 — Sugestão de exames — gpt-4o-mini — editado',
    ]);
    expect(
      buildRecordNarrative(full, SETTINGS, NOW).sections.some((each) => each.title === 'Uso de IA'),
    ).toBe(false);
  });

  it('close the downloaded text, whatever the template', () => {
    const text = buildRecordDocument(
      withAi,
      { ...SETTINGS, medicalRecordOutput: '{{nome_paciente}}' },
      NOW,
    );
    expect(text).toContain(
      'USO DE IA\n21/11/2026 09:10 — Transcrição da gravação — whisper-1\n21/11/2026 09:20 — Sugestão de exames — gpt-4o-mini — editado',
    );
  });
});
