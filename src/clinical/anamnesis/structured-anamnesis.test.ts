import { describe, expect, it } from 'vitest';
import {
  NOT_EVALUATED,
  NOT_INFORMED,
  emptyExtraction,
  type ExtractionResult,
  type StructuredAnamnesis,
} from '@shared/ai/extraction';
import {
  DEFAULT_ANAMNESIS_CONFIDENCE,
  anamnesisConfidenceColour,
  buildStructuredAnamnesis,
  emptyAnamnesis,
  isShownAnamnesisValue,
} from './structured-anamnesis';

/** A small sinusitis consultation, as the extraction engine would return it. */
function sinusitisExtraction(): ExtractionResult {
  return {
    patientInfo: {
      name: 'Roberto Alves Lima',
      age: 45,
      gender: 'masculino',
      allergies: ['dipirona'],
      medications: ['losartana 50 mg'],
      chronicConditions: ['HAS'],
    },
    symptoms: {
      chiefComplaint: 'dor na face e congestão nasal',
      currentSymptoms: ['dor na face e congestão nasal', 'secreção nasal amarelada', 'febre'],
      duration: '10 dias',
      intensity: 'moderada',
      additionalInfo: 'piora ao abaixar a cabeça',
    },
    physicalExam: {
      vitalSigns: {
        bloodPressure: '130x85',
        heartRate: 88,
        respiratoryRate: 16,
        temperature: 37.9,
        oxygenSaturation: 98,
        weight: 80.5,
        height: 175,
      },
      generalAppearance: 'BEG, corado, hidratado. dor à palpação dos seios maxilares',
    },
    assessment: 'Sinusite bacteriana aguda.',
    plan: 'Amoxicilina por 10 dias. Lavagem nasal com soro fisiológico. Retorno se piora.',
    prescriptions: {
      medications: [
        { name: 'amoxicilina', dosage: '875 mg', frequency: '12/12h', duration: '10 dias' },
      ],
      exams: [{ name: 'hemograma completo' }],
      additionalNotes: 'Evitar ambientes com ar-condicionado.',
    },
    confidence: 0.92,
    extractedSections: ['patientInfo', 'symptoms', 'physicalExam', 'assessment', 'plan'],
  };
}

const TRANSCRIPT =
  'Médico: Fuma?\nPaciente: Não, nunca fumei.\n' +
  'Médico: Alguém na família com problema de saúde?\nPaciente: Minha mãe tem diabetes.\n' +
  'Médico: Trabalha com o quê?\nPaciente: Trabalho como professor. Nega vômitos.';

describe('buildStructuredAnamnesis: a full extraction', () => {
  const anamnesis = buildStructuredAnamnesis(sinusitisExtraction(), TRANSCRIPT);

  it('identifies the patient', () => {
    expect(anamnesis.identificacao).toEqual({
      nome: 'Roberto Alves Lima',
      sexo: 'Masculino',
      idade: '45 anos',
    });
  });

  it('writes the chief complaint with its duration, capitalised', () => {
    expect(anamnesis.queixaPrincipal).toBe('Dor na face e congestão nasal há 10 dias');
  });

  it('narrates the present illness: complaint, duration, intensity, associated, notes, negatives', () => {
    expect(anamnesis.historiaDoencaAtual).toBe(
      'O paciente refere dor na face e congestão nasal há 10 dias, de moderada intensidade. ' +
        'Refere também secreção nasal amarelada e febre. Piora ao abaixar a cabeça. Nega vômitos.',
    );
  });

  it('lists comorbidities (abbreviations written out), medicines in use and allergies', () => {
    expect(anamnesis.antecedentesPessoais).toBe(
      'Comorbidades: Hipertensão arterial sistêmica. Em uso de Losartana 50 mg. ' +
        'Alergia a Dipirona.',
    );
  });

  it('takes family, habits and social history from the transcript', () => {
    expect(anamnesis.antecedentesFamiliares).toBe('Mãe tem diabetes.');
    expect(anamnesis.habitosVida).toBe('Nega tabagismo.');
    expect(anamnesis.historiaSocial).toBe('Trabalho como professor.');
  });

  it('writes the exam with comma decimals, computed BMI and the general description', () => {
    expect(anamnesis.exameFisico).toBe(
      'PA 130/85 mmHg, FC 88 bpm, FR 16 irpm, Tax 37,9 °C, SatO2 98%, peso 80,5 kg, ' +
        'altura 175 cm, IMC 26,3. Bom estado geral, corado, hidratado. Dor à palpação dos ' +
        'seios maxilares.',
    );
  });

  it('keeps the assessment as the diagnostic hypotheses', () => {
    expect(anamnesis.hipotesesDiagnosticas).toBe('Sinusite bacteriana aguda.');
  });

  it('puts prescriptions, exams and the doctor’s plan in the conduct, advice in the orientations', () => {
    expect(anamnesis.condutas).toBe(
      'Prescrição: Amoxicilina 875 mg, de 12 em 12 horas, por 10 dias. Exames solicitados: ' +
        'Hemograma completo. Amoxicilina por 10 dias.',
    );
    expect(anamnesis.orientacoes).toBe(
      'Lavagem nasal com soro fisiológico. Retorno se piora. Evitar ambientes com ar-condicionado.',
    );
  });

  it('writes the doctor’s spoken plan impersonally, each conduct once', () => {
    const extraction = sinusitisExtraction();
    extraction.prescriptions.medications = [];
    extraction.plan =
      'Vou reintroduzir losartana 50 mg. Vou pedir hemograma completo. ' +
      'Então, vou reintroduzir losartana 50 mg. Prescrevo dipirona se dor.';
    expect(buildStructuredAnamnesis(extraction).condutas).toBe(
      'Exames solicitados: Hemograma completo. Reintroduzir Losartana 50 mg. ' +
        'Prescrever Dipirona se dor.',
    );
  });

  it('does not read the vital signs twice in the exam', () => {
    const extraction = sinusitisExtraction();
    extraction.physicalExam.generalAppearance =
      'Pressão 13 por 8, frequência cardíaca 88, peso 80,5 quilos. BEG, corado.';
    expect(buildStructuredAnamnesis(extraction).exameFisico).not.toMatch(/Pressão 13 por 8/);
    expect(buildStructuredAnamnesis(extraction).exameFisico).toMatch(/Bom estado geral|BEG/);
  });

  it('agrees with the patient’s sex', () => {
    const extraction = sinusitisExtraction();
    extraction.patientInfo.gender = 'feminino';
    expect(buildStructuredAnamnesis(extraction).historiaDoencaAtual).toMatch(/^A paciente refere/);
    extraction.patientInfo.gender = undefined;
    expect(buildStructuredAnamnesis(extraction).historiaDoencaAtual).toMatch(/^Paciente refere/);
  });

  it('summarises the case in two or three sentences', () => {
    expect(anamnesis.resumoClinico).toBe(
      'Paciente do sexo masculino, 45 anos, com antecedente de Hipertensão arterial sistêmica, ' +
        'apresenta Dor na face e congestão nasal há 10 dias. Ao exame: PA 130/85 mmHg, FC 88 bpm, ' +
        'FR 16 irpm, Tax 37,9 °C, SatO2 98%, peso 80,5 kg, altura 175 cm, IMC 26,3. Hipótese ' +
        'diagnóstica: Sinusite bacteriana aguda; conduta: prescrição de Amoxicilina e ' +
        'solicitação de Hemograma completo.',
    );
    expect(anamnesis.resumoClinico.split(/(?<=\.)\s+(?=[A-Z])/).length).toBeLessThanOrEqual(3);
  });

  it('keeps the extraction’s confidence', () => {
    expect(anamnesis.confidence).toBe(0.92);
  });
});

describe('buildStructuredAnamnesis: an empty extraction', () => {
  it('fills every field with Não informado, and the exam with Não avaliado', () => {
    const anamnesis = buildStructuredAnamnesis(emptyExtraction());
    const expected: StructuredAnamnesis = { ...emptyAnamnesis(), exameFisico: NOT_EVALUATED };
    expect(anamnesis).toEqual(expected);
  });

  it('still reads the transcript for what the extraction has no field for', () => {
    const anamnesis = buildStructuredAnamnesis(emptyExtraction(), 'Nega alergias. Etilista.');
    expect(anamnesis.antecedentesPessoais).toBe('Nega alergias conhecidas.');
    expect(anamnesis.habitosVida).toBe('Etilista.');
    expect(anamnesis.queixaPrincipal).toBe(NOT_INFORMED);
  });
});

describe('buildStructuredAnamnesis: allergies', () => {
  const withHistory = (): ExtractionResult => {
    const extraction = emptyExtraction();
    extraction.patientInfo.chronicConditions = ['asma'];
    return extraction;
  };

  it("writes 'Nega alergias conhecidas' when the transcript denies them", () => {
    expect(
      buildStructuredAnamnesis(withHistory(), 'Médico: Alergia a remédio?\nPaciente: Não.')
        .antecedentesPessoais,
    ).toBe('Comorbidades: Asma. Nega alergias conhecidas.');
  });

  it('does not claim a denial that was never said: an empty list alone is "not informed"', () => {
    expect(buildStructuredAnamnesis(withHistory()).antecedentesPessoais).toBe(
      'Comorbidades: Asma. Alergias não informadas.',
    );
  });

  it('writes the denials of comorbidities and medicines the transcript states', () => {
    expect(
      buildStructuredAnamnesis(
        emptyExtraction(),
        'Nega comorbidades. Não toma nenhum remédio. Nega alergias.',
      ).antecedentesPessoais,
    ).toBe('Nega comorbidades. Nega uso contínuo de medicamentos. Nega alergias conhecidas.');
  });
});

describe('buildStructuredAnamnesis: details', () => {
  it('uses the first symptom when no chief complaint was singled out', () => {
    const extraction = emptyExtraction();
    extraction.symptoms = { currentSymptoms: ['tosse seca', 'febre'], duration: 'uma semana' };
    const anamnesis = buildStructuredAnamnesis(extraction);
    expect(anamnesis.queixaPrincipal).toBe('Tosse seca há uma semana');
    expect(anamnesis.historiaDoencaAtual).toBe(
      'Paciente refere tosse seca há uma semana. Refere também febre.',
    );
  });

  it('does not repeat a duration the complaint already has', () => {
    const extraction = emptyExtraction();
    extraction.symptoms = { chiefComplaint: 'febre há 2 dias', duration: '2 dias' };
    expect(buildStructuredAnamnesis(extraction).queixaPrincipal).toBe('Febre há 2 dias');
  });

  it('writes the age of a baby and a patient with only a gender', () => {
    const extraction = emptyExtraction();
    extraction.patientInfo = { age: 0, gender: 'feminino' };
    const anamnesis = buildStructuredAnamnesis(extraction);
    expect(anamnesis.identificacao).toEqual({
      nome: NOT_INFORMED,
      sexo: 'Feminino',
      idade: 'Menos de 1 ano',
    });
    expect(anamnesis.resumoClinico).toBe('Paciente do sexo feminino, menos de 1 ano.');
  });

  it('labels the exam systems', () => {
    const extraction = emptyExtraction();
    extraction.physicalExam = { abdomen: 'flácido, indolor à palpação' };
    expect(buildStructuredAnamnesis(extraction).exameFisico).toBe(
      'Abdome: Flácido, indolor à palpação.',
    );
  });

  it('defaults a missing confidence to 0.85 and keeps it within 0–1', () => {
    const withoutConfidence = {
      ...emptyExtraction(),
      confidence: undefined,
    } as unknown as ExtractionResult;
    expect(buildStructuredAnamnesis(withoutConfidence).confidence).toBe(
      DEFAULT_ANAMNESIS_CONFIDENCE,
    );
    expect(DEFAULT_ANAMNESIS_CONFIDENCE).toBe(0.85);
    expect(
      buildStructuredAnamnesis({ ...emptyExtraction(), confidence: Number.NaN }).confidence,
    ).toBe(0.85);
    expect(buildStructuredAnamnesis({ ...emptyExtraction(), confidence: 1.7 }).confidence).toBe(1);
    expect(buildStructuredAnamnesis({ ...emptyExtraction(), confidence: 0 }).confidence).toBe(0);
  });
});

describe('emptyAnamnesis', () => {
  it('is the failed-anamnesis fallback: every field Não informado, confidence 0', () => {
    const anamnesis = emptyAnamnesis();
    const { identificacao, confidence, ...sections } = anamnesis;
    expect(Object.values(identificacao)).toEqual([NOT_INFORMED, NOT_INFORMED, NOT_INFORMED]);
    expect(Object.keys(sections)).toHaveLength(11);
    for (const value of Object.values(sections)) expect(value).toBe(NOT_INFORMED);
    expect(confidence).toBe(0);
  });
});

describe('isShownAnamnesisValue', () => {
  it.each([NOT_INFORMED, NOT_EVALUATED, 'não informado', 'Não informado.', '', '  ', undefined])(
    '%j is hidden',
    (value) => {
      expect(isShownAnamnesisValue(value)).toBe(false);
    },
  );

  it.each([
    'Febre há 2 dias',
    'Nega alergias conhecidas.',
    'Não informado pelo acompanhante: asma',
  ])('%j is shown', (value) => {
    expect(isShownAnamnesisValue(value)).toBe(true);
  });
});

describe('anamnesisConfidenceColour', () => {
  it.each([
    [1, 'green'],
    [0.8, 'green'],
    [0.7999, 'yellow'],
    [0.6, 'yellow'],
    [0.5999, 'red'],
    [0, 'red'],
  ] as const)('%d → %s', (confidence, colour) => {
    expect(anamnesisConfidenceColour(confidence)).toBe(colour);
  });
});
