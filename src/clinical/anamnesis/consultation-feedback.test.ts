import { describe, expect, it } from 'vitest';
import { emptyExtraction, type ExtractionResult } from '@shared/ai/extraction';
import { consultationFeedbackSchema } from '@shared/records/medical-record';
import { buildConsultationFeedback } from './consultation-feedback';

const NOW = new Date('2026-05-04T13:30:00.000Z');

/** A complete urinary-infection consultation, as the extraction engine would return it. */
function cystitisExtraction(): ExtractionResult {
  return {
    patientInfo: {
      name: 'Ana Paula Souza',
      age: 34,
      gender: 'feminino',
      allergies: ['sulfa'],
      medications: [],
      chronicConditions: [],
    },
    symptoms: {
      chiefComplaint: 'ardência ao urinar',
      currentSymptoms: ['ardência ao urinar', 'urgência miccional'],
      duration: '2 dias',
      intensity: 'moderada',
    },
    physicalExam: {
      vitalSigns: {
        bloodPressure: '118/76',
        heartRate: 84,
        respiratoryRate: 16,
        temperature: 36.6,
        oxygenSaturation: 99,
      },
      generalAppearance: 'BEG, dor à palpação suprapúbica',
    },
    assessment: 'ITU baixa não complicada',
    plan: 'Hidratação oral. Retorno se febre.',
    prescriptions: {
      medications: [
        { name: 'fosfomicina', dosage: '3 g', frequency: 'dose única', duration: '1 dia' },
      ],
      exams: [{ name: 'urocultura' }],
    },
    confidence: 0.95,
    extractedSections: ['patientInfo', 'symptoms', 'physicalExam', 'assessment', 'plan'],
  };
}

describe('buildConsultationFeedback: a complete consultation', () => {
  const feedback = buildConsultationFeedback(cystitisExtraction(), NOW);

  it('fits the record’s consultationFeedback schema', () => {
    expect(consultationFeedbackSchema.safeParse(feedback).success).toBe(true);
  });

  it('stamps the generation time as an ISO datetime', () => {
    expect(feedback.generatedAt).toBe('2026-05-04T13:30:00.000Z');
  });

  it('lists the complaint with duration and intensity, then the other symptoms', () => {
    expect(feedback.mainSymptoms).toEqual([
      'Queixa principal: Ardência ao urinar, há 2 dias, de moderada intensidade',
      'Urgência miccional',
    ]);
  });

  it('lists vital signs, exam findings and the recorded allergy', () => {
    expect(feedback.relevantFindings).toEqual([
      'Sinais vitais: PA 118/76 mmHg, FC 84 bpm, FR 16 irpm, Tax 36,6 °C, SatO2 99%',
      'Bom estado geral, dor à palpação suprapúbica',
      'Alergia a Sulfa',
    ]);
  });

  it('quotes the recorded assessment, abbreviations written out', () => {
    expect(feedback.clinicalDiscussion).toEqual([
      'Avaliação registrada: Infecção do trato urinário baixa não complicada',
    ]);
  });

  it('lists the conduct: prescriptions, exams, plan', () => {
    expect(feedback.conductGuidance).toEqual([
      'Prescrito: Fosfomicina 3 g, dose única, por 1 dia',
      'Exames solicitados: Urocultura',
      'Plano: Hidratação oral. Retorno se febre.',
    ]);
  });

  it('says the record is complete when nothing is missing', () => {
    expect(feedback.doctorFeedback).toEqual([
      'Registro completo: identificação, queixa, exame físico, hipótese diagnóstica e conduta ' +
        'estão documentados.',
    ]);
  });

  it('offers a generic human-aspects prompt when nothing specific applies', () => {
    expect(feedback.humanAspects).toEqual([
      'Nenhum aspecto psicossocial foi registrado. Vale perguntar sobre rotina, trabalho, rede ' +
        'de apoio e preocupações do paciente com o quadro.',
    ]);
  });
});

describe('buildConsultationFeedback: an empty extraction', () => {
  const feedback = buildConsultationFeedback(emptyExtraction(), NOW);

  it('fits the schema and invents nothing', () => {
    expect(consultationFeedbackSchema.safeParse(feedback).success).toBe(true);
    expect(feedback.mainSymptoms).toEqual([
      'Nenhum sintoma foi identificado no registro da consulta.',
    ]);
    expect(feedback.relevantFindings).toEqual(['Nenhum achado de exame físico foi registrado.']);
    expect(feedback.conductGuidance).toEqual(['Nenhuma conduta foi registrada nesta consulta.']);
    expect(feedback.clinicalDiscussion).toEqual([
      'Nenhuma hipótese diagnóstica foi registrada. Registre a hipótese principal e os ' +
        'diagnósticos diferenciais considerados, com o raciocínio que os sustenta.',
    ]);
  });

  it('points at every missing record field', () => {
    expect(feedback.doctorFeedback).toEqual([
      'Nome do paciente não registrado.',
      'Idade não registrada.',
      'Sexo não registrado.',
      'Nenhuma alergia registrada: confirme com o paciente e, se for o caso, registre ' +
        '"Nega alergias conhecidas" antes de prescrever.',
      'Queixa principal não registrada.',
      'Tempo de evolução (duração dos sintomas) não informado.',
      'Intensidade dos sintomas não informada (escala de 0 a 10).',
      'Sinais vitais não registrados.',
      'Exame físico não descrito.',
      'Hipótese diagnóstica não registrada.',
      'Nenhuma conduta ou plano registrado.',
    ]);
  });
});

describe('buildConsultationFeedback: pointers and flags', () => {
  it('names the vital signs that were not recorded', () => {
    const extraction = cystitisExtraction();
    extraction.physicalExam.vitalSigns = { bloodPressure: '120/80', heartRate: 80 };
    expect(buildConsultationFeedback(extraction, NOW).doctorFeedback).toEqual([
      'Sinais vitais sem registro: FR, temperatura e SatO2.',
    ]);
  });

  it('asks about allergies when none were recorded', () => {
    const extraction = cystitisExtraction();
    extraction.patientInfo.allergies = [];
    expect(buildConsultationFeedback(extraction, NOW).doctorFeedback).toEqual([
      'Nenhuma alergia registrada: confirme com o paciente e, se for o caso, registre ' +
        '"Nega alergias conhecidas" antes de prescrever.',
    ]);
  });

  it('records a denial of allergies stated in the transcript instead of asking about them', () => {
    const extraction = cystitisExtraction();
    extraction.patientInfo.allergies = [];
    const feedback = buildConsultationFeedback(
      extraction,
      NOW,
      'Médico: Tem alergia a algum remédio?\nPaciente: Não, nenhuma.',
    );
    expect(feedback.relevantFindings).toContain('Nega alergias conhecidas');
    expect(feedback.doctorFeedback).toEqual([
      'Registro completo: identificação, queixa, exame físico, hipótese diagnóstica e conduta ' +
        'estão documentados.',
    ]);
  });

  it('does not ask for the duration of a medicine taken as needed', () => {
    const extraction = cystitisExtraction();
    extraction.prescriptions.medications = [
      { name: 'paracetamol', dosage: '750 mg', frequency: 'de 6 em 6 horas se dor ou febre' },
      { name: 'ondansetrona', dosage: '4 mg', frequency: 'SOS' },
    ];
    expect(buildConsultationFeedback(extraction, NOW).doctorFeedback).toEqual([
      'Registro completo: identificação, queixa, exame físico, hipótese diagnóstica e conduta ' +
        'estão documentados.',
    ]);
  });

  it('names a missing duration and an incomplete prescription', () => {
    const extraction = cystitisExtraction();
    delete extraction.symptoms.duration;
    extraction.prescriptions.medications = [{ name: 'nitrofurantoína', dosage: '100 mg' }];
    expect(buildConsultationFeedback(extraction, NOW).doctorFeedback).toEqual([
      'Tempo de evolução (duração dos sintomas) não informado.',
      'Nitrofurantoína sem frequência e duração na prescrição.',
    ]);
  });

  it('warns first about a prescribed medicine the patient is allergic to, and one already in use', () => {
    const extraction = cystitisExtraction();
    extraction.patientInfo.allergies = ['Dipirona'];
    extraction.patientInfo.medications = ['losartana 50 mg'];
    extraction.prescriptions.medications = [
      { name: 'dipirona', dosage: '1 g', frequency: '6/6h', duration: '3 dias' },
      { name: 'losartana', dosage: '100 mg', frequency: '1x/dia', duration: 'uso contínuo' },
    ];
    const [first, second] = buildConsultationFeedback(extraction, NOW).doctorFeedback ?? [];
    expect(first).toBe(
      'Atenção: prescrição de Dipirona para paciente com alergia registrada a Dipirona. ' +
        'Confirme antes de finalizar.',
    );
    expect(second).toBe(
      'Losartana já consta entre os medicamentos em uso: deixe claro se é continuidade ou ' +
        'ajuste de dose.',
    );
  });

  it('flags vital signs outside the adult range, with comma decimals', () => {
    const extraction = cystitisExtraction();
    extraction.physicalExam.vitalSigns = {
      bloodPressure: '150x95',
      heartRate: 112,
      respiratoryRate: 24,
      temperature: 38.4,
      oxygenSaturation: 93,
      weight: 95,
      height: 170,
    };
    expect(buildConsultationFeedback(extraction, NOW).relevantFindings).toEqual([
      'Sinais vitais: PA 150/95 mmHg, FC 112 bpm, FR 24 irpm, Tax 38,4 °C, SatO2 93%, ' +
        'peso 95 kg, altura 170 cm, IMC 32,9',
      'Febre: Tax 38,4 °C (37,8 °C ou mais)',
      'SatO2 93%: abaixo de 95%, sinal de alerta',
      'Taquicardia: FC 112 bpm (acima de 100 bpm em adultos)',
      'Taquipneia: FR 24 irpm (acima de 20 irpm em adultos)',
      'PA 150/95 mmHg: elevada (140/90 mmHg ou mais)',
      'IMC 32,9: obesidade',
      'Bom estado geral, dor à palpação suprapúbica',
      'Alergia a Sulfa',
    ]);
  });

  it('does not read a child’s heart rate against adult values', () => {
    const extraction = cystitisExtraction();
    extraction.patientInfo.age = 3;
    extraction.physicalExam.vitalSigns = { heartRate: 120, temperature: 38 };
    const findings = buildConsultationFeedback(extraction, NOW).relevantFindings;
    expect(findings).toContain('Febre: Tax 38 °C (37,8 °C ou mais)');
    expect(findings).not.toContainEqual(expect.stringContaining('Taquicardia'));
  });

  it('flags a hypertensive urgency and a low pressure', () => {
    const extraction = cystitisExtraction();
    extraction.physicalExam.vitalSigns = { bloodPressure: '190/120' };
    expect(buildConsultationFeedback(extraction, NOW).relevantFindings).toContain(
      'PA 190/120 mmHg: muito elevada (180/120 mmHg ou mais), avaliar urgência hipertensiva',
    );
    extraction.physicalExam.vitalSigns = { bloodPressure: '80/50' };
    expect(buildConsultationFeedback(extraction, NOW).relevantFindings).toContain(
      'PA 80/50 mmHg: hipotensão (sistólica abaixo de 90 mmHg)',
    );
  });

  it('notes human aspects: intense complaint, older patient, polypharmacy, chronic disease', () => {
    const extraction = cystitisExtraction();
    extraction.symptoms.intensity = 'intensa';
    extraction.patientInfo.age = 78;
    extraction.patientInfo.chronicConditions = ['DM2'];
    extraction.patientInfo.medications = ['metformina', 'losartana', 'sinvastatina', 'AAS'];
    extraction.patientInfo.gender = 'masculino';
    expect(buildConsultationFeedback(extraction, NOW).humanAspects).toEqual([
      'Queixa de forte intensidade: acolher o desconforto, explicar o que se espera da ' +
        'analgesia e quando procurar atendimento se não houver melhora.',
      'Paciente idoso: confirmar que entendeu as orientações, de preferência também por ' +
        'escrito, e envolver o acompanhante quando houver.',
      '5 medicamentos entre uso contínuo e prescrição: revisar o esquema com o paciente e ' +
        'verificar a adesão.',
      'Condição crônica (Diabetes mellitus tipo 2): conversar sobre adesão ao tratamento e ' +
        'acompanhamento regular.',
    ]);
  });

  it('agrees the human aspects with the patient’s sex', () => {
    const extraction = cystitisExtraction();
    extraction.patientInfo.age = 78;
    extraction.patientInfo.medications = ['metformina', 'losartana', 'sinvastatina', 'AAS'];
    extraction.patientInfo.gender = 'feminino';
    const woman = String(buildConsultationFeedback(extraction, NOW).humanAspects);
    expect(woman).toContain(
      'Paciente idosa: confirmar que entendeu as orientações, de preferência também por ' +
        'escrito, e envolver o acompanhante quando houver.',
    );
    expect(woman).toContain('revisar o esquema com a paciente');
    extraction.patientInfo.gender = undefined;
    expect(String(buildConsultationFeedback(extraction, NOW).humanAspects)).toContain(
      'Paciente com 65 anos ou mais: ',
    );
  });

  it('keeps every card within the record’s limits', () => {
    const extraction = cystitisExtraction();
    extraction.assessment = 'Infecção urinária. '.repeat(500);
    const feedback = buildConsultationFeedback(extraction, NOW);
    expect(consultationFeedbackSchema.safeParse(feedback).success).toBe(true);
    expect(feedback.clinicalDiscussion?.[0]?.length).toBe(2000);
  });
});
