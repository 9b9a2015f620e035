import { describe, expect, it } from 'vitest';
import { extractMedicalData } from './extract-medical-data';

/**
 * Consultations as a transcription service returns them (docs/product.md, "Gravação e transcrição em trechos"): no punctuation, no
 * speaker labels, everything in lower case, numbers spelled out, the medicines in use told by the
 * patient in the middle of the talk, names said without 'meu nome é'. Written for these tests;
 * the engine is measured elsewhere on other cases it has never seen.
 */
const CASES = [
  {
    name: 'a dialogue with the name after the question and the medicines in the middle',
    transcript:
      'bom dia pode sentar qual o nome da senhora maria aparecida dos santos quantos anos a ' +
      'senhora tem sessenta e três o que trouxe a senhora aqui hoje doutor eu tô com uma dor de ' +
      'cabeça muito forte faz uns três dias a senhora toma algum remédio tomo losartana cinquenta ' +
      'de manhã e metformina oitocentos e cinquenta duas vezes por dia alguma alergia a remédio sou ' +
      'alérgica a dipirona vou medir a pressão treze por oito a temperatura trinta e seis e meio',
    expected: {
      name: 'Maria Aparecida dos Santos',
      age: 63,
      gender: 'feminino',
      allergies: ['dipirona'],
      medicationsInUse: [/^losartana 50 mg/i, /^metformina 850 mg/i],
      bloodPressure: '130/80',
      temperature: 36.5,
    },
  },
  {
    name: 'a dictation that starts with the name, a fever in words and a prescription',
    transcript:
      'joão pedro silva trinta e dois anos chegou com febre de trinta e oito e sete há dois dias ' +
      'tosse com catarro frequência cardíaca cento e dez saturação noventa e quatro por cento vou ' +
      'passar amoxicilina quinhentos miligramas de oito em oito horas por sete dias',
    expected: {
      name: 'João Pedro Silva',
      age: 32,
      temperature: 38.7,
      heartRate: 110,
      oxygenSaturation: 94,
      prescribed: [/^amoxicilina$/i],
      symptoms: [/^febre/i, /^tosse com catarro$/i],
    },
  },
  {
    name: 'a dialogue where the doctor asks the name and the age in his own words',
    transcript:
      'o senhor se chama como carlos eduardo lima e a idade cinquenta e cinco o que o senhor tá ' +
      'sentindo uma dor no peito que começou ontem à noite e remédio o senhor toma algum tomo o ' +
      'atenolol de vinte e cinco e o aas cem pressão cento e sessenta por cem frequência noventa e dois',
    expected: {
      name: 'Carlos Eduardo Lima',
      age: 55,
      gender: 'masculino',
      medicationsInUse: [/^atenolol 25 mg/i, /^(ácido acetilsalicílico|aas) 100 mg/i],
      bloodPressure: '160/100',
      heartRate: 92,
    },
  },
  {
    name: 'a pregnant woman dictated in one breath',
    transcript:
      'paciente ana beatriz costa vinte e oito anos gestante refere náusea e vômitos há uma ' +
      'semana peso sessenta e dois quilos temperatura trinta e sete vírgula oito nega alergias',
    expected: {
      name: 'Ana Beatriz Costa',
      age: 28,
      gender: 'feminino',
      allergies: [],
      weight: 62,
      temperature: 37.8,
    },
  },
  {
    name: 'an older woman addressed as dona, with doses said as plain numbers',
    transcript:
      'dona lúcia ferreira setenta e um anos veio com falta de ar há cinco dias que piora para ' +
      'deitar usa furosemida quarenta e carvedilol seis vírgula vinte e cinco saturação noventa e ' +
      'um frequência respiratória vinte e quatro',
    expected: {
      name: 'Lúcia Ferreira',
      age: 71,
      gender: 'feminino',
      medicationsInUse: [/^furosemida 40 mg/i, /^carvedilol 6,25 mg/i],
      oxygenSaturation: 91,
    },
  },
  {
    name: 'a mother answering for her son',
    transcript:
      'qual o nome dele pedro henrique e quantos anos ele tem quatro anos ele está com febre desde ' +
      'ontem chegou a trinta e nove graus e dor de ouvido ele pesa dezoito quilos alergia a algum ' +
      'remédio não',
    expected: {
      name: 'Pedro Henrique',
      age: 4,
      gender: 'masculino',
      allergies: [],
      temperature: 39,
      weight: 18,
    },
  },
] as const;

interface Expected {
  name?: string;
  age?: number;
  gender?: string;
  allergies?: readonly string[];
  medicationsInUse?: readonly RegExp[];
  prescribed?: readonly RegExp[];
  symptoms?: readonly RegExp[];
  bloodPressure?: string;
  temperature?: number;
  heartRate?: number;
  oxygenSaturation?: number;
  weight?: number;
}

describe('the offline extraction of messy speech', () => {
  it.each(CASES)(
    '$name',
    ({ transcript, expected }: { transcript: string; expected: Expected }) => {
      const result = extractMedicalData(transcript);
      const { patientInfo, physicalExam, prescriptions, symptoms } = result;
      const vitals = physicalExam.vitalSigns ?? {};
      if (expected.name !== undefined) expect(patientInfo.name).toBe(expected.name);
      if (expected.age !== undefined) expect(patientInfo.age).toBe(expected.age);
      if (expected.gender !== undefined) expect(patientInfo.gender).toBe(expected.gender);
      if (expected.allergies) expect(patientInfo.allergies).toEqual(expected.allergies);
      if (expected.medicationsInUse) {
        expect(patientInfo.medications).toHaveLength(expected.medicationsInUse.length);
        expected.medicationsInUse.forEach((pattern, index) =>
          expect(patientInfo.medications?.[index]).toMatch(pattern),
        );
      }
      if (expected.prescribed) {
        expect(prescriptions.medications?.map((medication) => medication.name)).toHaveLength(
          expected.prescribed.length,
        );
        expected.prescribed.forEach((pattern, index) =>
          expect(prescriptions.medications?.[index]?.name).toMatch(pattern),
        );
      }
      if (expected.symptoms) {
        for (const pattern of expected.symptoms) {
          expect(symptoms.currentSymptoms?.some((symptom) => pattern.test(symptom))).toBe(true);
        }
        // No symptom carries a measurement or the doctor's plan with it.
        for (const symptom of symptoms.currentSymptoms ?? []) {
          expect(symptom).not.toMatch(/frequ[eê]ncia|satura|press[aã]o|trinta|cento|vou passar/i);
        }
      }
      if (expected.bloodPressure !== undefined) {
        expect(vitals.bloodPressure).toBe(expected.bloodPressure);
      }
      if (expected.temperature !== undefined) expect(vitals.temperature).toBe(expected.temperature);
      if (expected.heartRate !== undefined) expect(vitals.heartRate).toBe(expected.heartRate);
      if (expected.oxygenSaturation !== undefined) {
        expect(vitals.oxygenSaturation).toBe(expected.oxygenSaturation);
      }
      if (expected.weight !== undefined) expect(vitals.weight).toBe(expected.weight);
    },
  );
});
