import { describe, expect, it } from 'vitest';
import { emptyExtraction, type ExtractionResult } from '@shared/ai/extraction';
import {
  doctorMessagesText,
  evidenceWithoutValues,
  extractedValues,
  withoutValues,
} from '@shared/ai/extraction-evidence';
import { extractMedicalData, extractWithRuleSpans } from '../extraction/extract-medical-data';
import { evidenceOfModelValues, evidenceOfOwnValues } from './quoted-evidence';

const HEADACHE = [
  'Médico: Qual é o seu nome?',
  'Paciente: Joana Prado, tenho 34 anos.',
  'Médico: O que a senhora está sentindo?',
  'Paciente: Dor de cabeça há dois dias, do lado direito.',
  'Médico: Pressão 12 por 8. Vou passar dipirona 500 mg se dor.',
].join('\n');

/** A model's extraction of HEADACHE that adds a medicine and an allergy nobody mentioned. */
function inventive(): ExtractionResult {
  const base = emptyExtraction();
  return {
    ...base,
    patientInfo: {
      ...base.patientInfo,
      name: 'Joana Prado',
      age: 34,
      allergies: ['Penicilina'],
      medications: ['Varfarina 5 mg'],
    },
    symptoms: { ...base.symptoms, chiefComplaint: 'Cefaleia à direita há 2 dias' },
    physicalExam: { vitalSigns: { bloodPressure: '120/80' } },
    prescriptions: { medications: [{ name: 'Dipirona', dosage: '500 mg' }], exams: [] },
  };
}

const words = (spans: readonly { start: number; end: number }[] | undefined) =>
  spans?.map(({ start, end }) => HEADACHE.slice(start, end));

describe('evidenceOfModelValues', () => {
  it('finds each quote in the text and lists the values nobody said as unsupported', () => {
    const { evidence, unsupported } = evidenceOfModelValues(HEADACHE, inventive(), {
      'patientInfo.name': 'Joana Prado',
      'patientInfo.age': 'tenho 34 anos',
      // A quote that is not in the text.
      'patientInfo.allergies[0]': 'sou alérgica a penicilina',
      // No quote at all for the warfarin.
      'symptoms.chiefComplaint': 'dor de cabeca ha dois dias, do lado direito',
      'physicalExam.vitalSigns.bloodPressure': 'Pressão 12 por 8',
      'prescriptions.medications[0]': ['dipirona 500 mg'],
    });
    expect(unsupported).toEqual(['patientInfo.allergies[0]', 'patientInfo.medications[0]']);
    expect(words(evidence['patientInfo.name'])).toEqual(['Joana Prado']);
    expect(words(evidence['symptoms.chiefComplaint'])).toEqual([
      'Dor de cabeça há dois dias, do lado direito',
    ]);
    expect(words(evidence['physicalExam.vitalSigns.bloodPressure'])).toEqual(['Pressão 12 por 8']);
    expect(words(evidence['prescriptions.medications[0]'])).toEqual(['dipirona 500 mg']);
    expect(evidence['patientInfo.allergies[0]']).toBeUndefined();
  });

  it('does not take a real quote for a medicine or an allergy it does not name', () => {
    const { unsupported, evidence } = evidenceOfModelValues(HEADACHE, inventive(), {
      'patientInfo.allergies[0]': 'Dor de cabeça',
      'patientInfo.medications[0]': 'dipirona 500 mg',
    });
    expect(unsupported).toContain('patientInfo.allergies[0]');
    expect(unsupported).toContain('patientInfo.medications[0]');
    expect(evidence['patientInfo.medications[0]']).toBeUndefined();
  });

  it('finds what the text holds by its own words when the model gives no quotes', () => {
    const { evidence, unsupported } = evidenceOfModelValues(HEADACHE, inventive(), {});
    // Only what nobody said: the allergy and the medicine in use.
    expect(unsupported).toEqual(['patientInfo.allergies[0]', 'patientInfo.medications[0]']);
    expect(words(evidence['patientInfo.name'])).toEqual(['Joana Prado']);
    expect(words(evidence['patientInfo.age'])).toEqual(['34 anos']);
    // 'Cefaleia' by 'Dor de cabeça', 'direita' by 'direito'; '2 dias' is no word of its own.
    expect(words(evidence['symptoms.chiefComplaint'])).toEqual(['Dor de cabeça', 'direito']);
    expect(words(evidence['physicalExam.vitalSigns.bloodPressure'])).toEqual(['12 por 8']);
    expect(words(evidence['prescriptions.medications[0]'])).toEqual(['dipirona 500 mg']);
  });

  it('flags the same invented values with and without quotes', () => {
    const quoted = evidenceOfModelValues(HEADACHE, inventive(), {
      'patientInfo.name': 'Joana Prado',
      'patientInfo.age': 'tenho 34 anos',
      'symptoms.chiefComplaint': 'Dor de cabeça há dois dias',
      'physicalExam.vitalSigns.bloodPressure': 'Pressão 12 por 8',
      'prescriptions.medications[0]': 'dipirona 500 mg',
    });
    expect(evidenceOfModelValues(HEADACHE, inventive(), {}).unsupported).toEqual(
      quoted.unsupported,
    );
  });

  it('keeps the quotes that are there when some of a value’s quotes are not', () => {
    const { evidence, unsupported } = evidenceOfModelValues(HEADACHE, inventive(), {
      'patientInfo.name': ['Joana Silva Prado', 'Joana Prado'],
    });
    expect(words(evidence['patientInfo.name'])).toEqual(['Joana Prado']);
    expect(unsupported).not.toContain('patientInfo.name');
  });
});

describe('extractedValues', () => {
  it('names every value by the path the evidence uses', () => {
    expect(extractedValues(inventive())).toEqual([
      { path: 'patientInfo.name', text: 'Joana Prado', kind: 'named' },
      { path: 'patientInfo.age', text: '34', kind: 'measured' },
      { path: 'patientInfo.allergies[0]', text: 'Penicilina', kind: 'named' },
      { path: 'patientInfo.medications[0]', text: 'Varfarina 5 mg', kind: 'named' },
      { path: 'symptoms.chiefComplaint', text: 'Cefaleia à direita há 2 dias', kind: 'summarised' },
      { path: 'physicalExam.vitalSigns.bloodPressure', text: '120/80', kind: 'measured' },
      { path: 'prescriptions.medications[0]', text: 'Dipirona 500 mg', kind: 'named' },
    ]);
  });
});

describe('withoutValues', () => {
  it('drops list items and unsets fields, leaving the rest and the original untouched', () => {
    const result = inventive();
    const kept = withoutValues(result, [
      'patientInfo.allergies[0]',
      'patientInfo.medications[0]',
      'physicalExam.vitalSigns.bloodPressure',
      'patientInfo.age',
    ]);
    expect(kept.patientInfo).toEqual({
      name: 'Joana Prado',
      allergies: [],
      medications: [],
      chronicConditions: [],
    });
    expect(kept.physicalExam.vitalSigns).toEqual({});
    expect(kept.prescriptions).toEqual(result.prescriptions);
    expect(result.patientInfo.allergies).toEqual(['Penicilina']);
  });

  it('keeps the evidence of what stays, under the paths it then has', () => {
    const spans = (at: number) => [{ start: at, end: at + 1 }];
    const evidence = {
      'patientInfo.name': spans(0),
      'patientInfo.allergies[0]': spans(1),
      'patientInfo.allergies[1]': spans(2),
      'patientInfo.allergies[2]': spans(3),
      'patientInfo.medications[0]': spans(4),
    };
    expect(
      evidenceWithoutValues(evidence, ['patientInfo.allergies[0]', 'patientInfo.name']),
    ).toEqual({
      'patientInfo.allergies[0]': spans(2),
      'patientInfo.allergies[1]': spans(3),
      'patientInfo.medications[0]': spans(4),
    });
    const result = {
      ...inventive(),
      patientInfo: { ...inventive().patientInfo, allergies: ['Penicilina', 'Dipirona', 'Látex'] },
    };
    const kept = withoutValues(result, ['patientInfo.allergies[0]']);
    expect(kept.patientInfo.allergies).toEqual(['Dipirona', 'Látex']);
  });

  it("points the chat's evidence into the doctor's messages only", () => {
    expect(
      doctorMessagesText([
        { role: 'user', content: 'Paciente de 45 anos' },
        { role: 'assistant', content: 'Alguma alergia?' },
        { role: 'user', content: 'alergia a dipirona' },
      ]),
    ).toBe('Paciente de 45 anos\nalergia a dipirona');
  });

  it('empties the assessment rather than removing it', () => {
    const result = { ...inventive(), assessment: 'Cefaleia tensional' };
    expect(withoutValues(result, ['assessment']).assessment).toBe('');
  });
});

describe('evidenceOfOwnValues', () => {
  it('finds the offline engine’s values by their own words and never calls one unsupported', () => {
    const result = extractMedicalData(HEADACHE);
    const evidence = evidenceOfOwnValues(HEADACHE, result);
    expect(words(evidence['patientInfo.name'])).toEqual(['Joana Prado']);
    expect(words(evidence['prescriptions.medications[0]'])?.[0]?.toLowerCase()).toBe(
      'dipirona 500 mg',
    );
  });

  it('gives a derived value the words its rule matched, in the text as submitted', () => {
    const { result, ruleSpans } = extractWithRuleSpans(HEADACHE);
    const evidence = evidenceOfOwnValues(HEADACHE, result, ruleSpans);
    expect(result.physicalExam.vitalSigns).toMatchObject({ bloodPressure: '120/80' });
    expect(words(evidence['physicalExam.vitalSigns.bloodPressure'])).toEqual(['Pressão 12 por 8']);
    expect(words(evidence['patientInfo.age'])).toEqual(['tenho 34 anos']);
    expect(words(evidence['patientInfo.name'])).toEqual(['Joana Prado']);
  });

  it('finds what was said in words in a messy transcript, through its extra spaces and line breaks', () => {
    const spoken = [
      '  bom dia qual o nome da senhora   maria  aparecida souza quantos anos a senhora tem',
      'sessenta e três\r\nvamos ver a pressão  treze por oito   temperatura trinta e oito e sete',
      'peso oitenta quilos altura um e sessenta e cinco',
    ].join('\r\n');
    const { result, ruleSpans } = extractWithRuleSpans(spoken);
    const evidence = evidenceOfOwnValues(spoken, result, ruleSpans);
    const said = (path: string) =>
      evidence[path]?.map(({ start, end }) => spoken.slice(start, end));
    expect(result.patientInfo).toMatchObject({ name: 'Maria Aparecida Souza', age: 63 });
    expect(said('patientInfo.name')).toEqual(['maria  aparecida souza']);
    expect(said('patientInfo.age')).toEqual(['quantos anos a senhora tem\r\nsessenta e três']);
    expect(result.physicalExam.vitalSigns).toMatchObject({
      bloodPressure: '130/80',
      temperature: 38.7,
      weight: 80,
      height: 165,
    });
    expect(said('physicalExam.vitalSigns.bloodPressure')).toEqual(['pressão  treze por oito']);
    expect(said('physicalExam.vitalSigns.temperature')).toEqual([
      'temperatura trinta e oito e sete',
    ]);
    expect(said('physicalExam.vitalSigns.weight')).toEqual(['peso oitenta quilos']);
    const pregnant = 'Paciente: Ana, 30 anos. Estou grávida de 10 semanas.';
    const told = extractWithRuleSpans(pregnant);
    const where = evidenceOfOwnValues(pregnant, told.result, told.ruleSpans)[
      'patientInfo.pregnant'
    ];
    expect(where?.map(({ start, end }) => pregnant.slice(start, end))).toEqual(['Estou grávida']);
    expect(said('physicalExam.vitalSigns.height')).toEqual(['altura um e sessenta e cinco']);
  });
});
