import { describe, expect, it } from 'vitest';
import { emptyExtraction } from '@shared/ai/extraction';
import { extractMedicalData } from './extract-medical-data';

const DIALOGUE = [
  'Médica: Bom dia! Como a senhora se chama?',
  'Paciente: Neusa Teixeira Campos.',
  'Médica: E quantos anos a senhora tem?',
  'Paciente: Setenta e um.',
  'Médica: O que trouxe a senhora hoje?',
  'Paciente: Tô com uma tontura que vem e vai, faz uns dez dias. Dá até enjoo.',
  'Médica: De zero a dez, quanto incomoda?',
  'Paciente: Uns cinco.',
  'Médica: Tem alguma doença? Toma algum remédio?',
  'Paciente: Sou hipertensa, tomo hidroclorotiazida de manhã. O diazepam eu parei.',
  'Médica: Alergia?',
  'Paciente: Nenhuma.',
  'Médica: Vou examinar. Pressão 15 por 9, frequência cardíaca 68. Sem nistagmo.',
  'Médica: Parece uma vertigem posicional paroxística benigna. Vou passar betaistina 16 mg de 12 em 12 horas por 15 dias. Se não melhorar, talvez a gente peça uma ressonância.',
].join('\n');

const DICTATION =
  'Paciente Gilberto Sales, 52 anos, sexo masculino, portador de DM2 em uso de metformina 850 mg 2x ao dia. ' +
  'Nega alergias. Procura atendimento por disúria há três dias, de moderada intensidade. Nega febre. ' +
  'Ao exame: PA 128x82 mmHg, FC 76 bpm, Tax 36,4 °C, peso 88 kg, altura 1,72 m. ' +
  'Impressão: infecção do trato urinário. Conduta: ciprofloxacino 500 mg 12/12h por 7 dias. Solicito urocultura.';

describe('extractMedicalData', () => {
  it('turns a dialogue into the record fields', () => {
    const result = extractMedicalData(DIALOGUE);
    expect(result.patientInfo).toEqual({
      name: 'Neusa Teixeira Campos',
      age: 71,
      gender: 'feminino',
      allergies: [],
      medications: ['hidroclorotiazida pela manhã'.replace('pela', 'de')],
      chronicConditions: ['hipertensão arterial sistêmica'],
    });
    expect(result.symptoms).toMatchObject({
      chiefComplaint: 'Tontura',
      duration: '10 dias',
      intensity: 'moderada',
    });
    expect(result.physicalExam.vitalSigns).toEqual({ bloodPressure: '150/90', heartRate: 68 });
    expect(result.prescriptions.medications).toEqual([
      { name: 'betaistina', dosage: '16 mg', frequency: '12/12h', duration: '15 dias' },
    ]);
    expect(result.prescriptions.exams).toEqual([]);
    expect(result.assessment).toBe('Vertigem posicional paroxística benigna.');
    expect(result.extractedSections).toEqual([
      'patientInfo',
      'symptoms',
      'physicalExam',
      'assessment',
      'plan',
      'prescriptions',
    ]);
    expect(result.confidence).toBe(1);
  });

  it('turns a dictation into the record fields', () => {
    const result = extractMedicalData(DICTATION);
    expect(result.patientInfo).toMatchObject({
      name: 'Gilberto Sales',
      age: 52,
      gender: 'masculino',
      medications: ['metformina 850 mg 2x ao dia'],
      chronicConditions: ['diabetes mellitus tipo 2'],
    });
    expect(result.symptoms).toMatchObject({
      chiefComplaint: 'Disúria',
      duration: '3 dias',
      intensity: 'moderada',
    });
    expect(result.physicalExam.vitalSigns).toEqual({
      bloodPressure: '128/82',
      heartRate: 76,
      temperature: 36.4,
      weight: 88,
      height: 172,
      bmi: 29.7,
    });
    expect(result.prescriptions.medications?.map((m) => [m.name, m.dosage])).toEqual([
      ['ciprofloxacino', '500 mg'],
    ]);
    expect(result.prescriptions.exams?.map((e) => e.name)).toEqual(['urocultura']);
    expect(result.assessment).toBe('Infecção do trato urinário.');
    expect(result.plan).toBe('Ciprofloxacino 500 mg 12/12h por 7 dias. Solicito urocultura.');
  });

  it('leaves unstated fields unset', () => {
    const result = extractMedicalData('Paciente: Tenho tosse.');
    expect(result.patientInfo).toEqual({ allergies: [], medications: [], chronicConditions: [] });
    expect(result.symptoms.chiefComplaint).toBe('Tosse');
    expect(result.symptoms.duration).toBeUndefined();
    expect(result.symptoms.intensity).toBeUndefined();
    expect(result.physicalExam.vitalSigns).toEqual({});
    expect(result.confidence).toBe(0.1);
  });

  it('answers an empty extraction for blank text', () => {
    expect(extractMedicalData('  \n ')).toEqual(emptyExtraction());
  });
});

describe("a companion's own history", () => {
  it("keeps a mother's first-person facts out of the child's record", () => {
    const result = extractMedicalData(
      'Médico: Ele tem alguma doença, usa algum remédio?\n' +
        'Mãe: Ele não, mas eu tenho asma e diabetes, tomo metformina. E sou alérgica a dipirona.',
    );
    expect(result.patientInfo.chronicConditions).toEqual([]);
    expect(result.patientInfo.medications).toEqual([]);
    expect(result.patientInfo.allergies).toEqual([]);
  });

  it("never takes a companion's own age, even without a doctor's line", () => {
    expect(extractMedicalData('Mãe: Eu tenho 30 anos, ele tem tosse.').patientInfo.age).toBe(
      undefined,
    );
    expect(
      extractMedicalData('Mãe: Ele tem 5 anos e tosse há 3 dias. Eu tenho 30 anos.').patientInfo
        .age,
    ).toBe(5);
  });

  it("near miss: what the companion says of the patient ('ele', 'meu filho', 'dou') stays", () => {
    const result = extractMedicalData(
      'Médico: Alguma doença?\nMãe: Ele tem asma, toma salbutamol. É alérgico a dipirona.',
    );
    expect(result.patientInfo.chronicConditions).toEqual(['asma']);
    expect(result.patientInfo.medications).toEqual(['salbutamol']);
    expect(result.patientInfo.allergies).toEqual(['dipirona']);
    const own = extractMedicalData('Médico: Alguma doença?\nPaciente: Eu tenho asma.');
    expect(own.patientInfo.chronicConditions).toEqual(['asma']);
  });
});
