import { describe, expect, it } from 'vitest';
import type { ExtractedValue } from '@shared/ai/extraction-evidence';
import { textSearch } from './find-quote';
import { ownWordsSpans } from './own-words';

/** The words of the text where the value was found, or undefined. */
function found(text: string, value: ExtractedValue): string[] | undefined {
  return ownWordsSpans(textSearch(text), value)?.map(({ start, end }) => text.slice(start, end));
}

const named = (path: string, text: string): ExtractedValue => ({ path, text, kind: 'named' });
const measured = (path: string, text: string): ExtractedValue => ({ path, text, kind: 'measured' });
const summary = (path: string, text: string): ExtractedValue => ({
  path,
  text,
  kind: 'summarised',
});

describe('ownWordsSpans', () => {
  it('finds a medicine by its name when the dose is said otherwise, and by brand or generic', () => {
    const text =
      'Toma Tylenol quando tem dor e amoxicilina quinhentos miligramas de oito em oito horas.';
    expect(found(text, named('patientInfo.medications[0]', 'Paracetamol 750 mg'))).toEqual([
      'Tylenol',
    ]);
    expect(found(text, named('prescriptions.medications[0]', 'Amoxicilina 500 mg'))).toEqual([
      'amoxicilina',
    ]);
    expect(found('Usa Novalgina.', named('patientInfo.medications[0]', 'Dipirona'))).toEqual([
      'Novalgina',
    ]);
    expect(found(text, named('patientInfo.medications[1]', 'Losartana 50 mg'))).toBeUndefined();
  });

  it('needs a name or an allergy in its own words, through a slip of transcription', () => {
    const text = 'Paciente Joana Prado, alérgica a penicilinas.';
    expect(found(text, named('patientInfo.allergies[0]', 'Penicilina'))).toEqual(['penicilinas']);
    expect(found(text, named('patientInfo.name', 'Joana Prado'))).toEqual(['Joana Prado']);
    expect(found(text, named('patientInfo.name', 'Maria Prado'))).toBeUndefined();
    expect(found(text, named('patientInfo.allergies[1]', 'Dipirona'))).toBeUndefined();
  });

  it('finds a number with what makes it that measure, in figures or in words', () => {
    const text =
      'Tenho cinquenta e dois anos. FC: 88 bpm, temperatura de 38,5, saturação 96%, ' +
      'pesando 70 kg, mede um metro e setenta. Pressão doze por oito.';
    expect(found(text, measured('patientInfo.age', '52'))).toEqual(['cinquenta e dois anos']);
    expect(found(text, measured('physicalExam.vitalSigns.heartRate', '88'))).toEqual(['88 bpm']);
    expect(found(text, measured('physicalExam.vitalSigns.temperature', '38.5'))).toEqual([
      'temperatura de 38,5',
    ]);
    expect(found(text, measured('physicalExam.vitalSigns.oxygenSaturation', '96'))).toEqual([
      'saturação 96',
    ]);
    expect(found(text, measured('physicalExam.vitalSigns.weight', '70'))).toEqual(['70 kg']);
    expect(found(text, measured('physicalExam.vitalSigns.height', '170'))).toEqual([
      'mede um metro e setenta',
    ]);
    expect(found(text, measured('physicalExam.vitalSigns.bloodPressure', '120/80'))).toEqual([
      'doze por oito',
    ]);
  });

  it('does not take any number of the text for a measure nobody took', () => {
    const text = 'Dor há 88 dias, tomou 2 comprimidos. Pressão 13 por 9.';
    expect(found(text, measured('physicalExam.vitalSigns.heartRate', '88'))).toBeUndefined();
    expect(found(text, measured('patientInfo.age', '2'))).toBeUndefined();
    expect(
      found(text, measured('physicalExam.vitalSigns.bloodPressure', '120/80')),
    ).toBeUndefined();
    expect(found(text, measured('symptoms.duration', '88 dias'))).toEqual(['88 dias']);
    expect(found('Começou há três dias.', measured('symptoms.duration', '3 dias'))).toEqual([
      'três dias',
    ]);
  });

  it('finds a summary by most of its words, lay or clinical, and not one mostly invented', () => {
    const text =
      'Tem pressão alta e diabetes; hoje com dor de garganta e febre, garganta inflamada.';
    expect(found(text, summary('patientInfo.chronicConditions[0]', 'Hipertensão'))).toEqual([
      'pressão alta',
    ]);
    expect(found(text, summary('symptoms.currentSymptoms[0]', 'Odinofagia'))).toEqual([
      'dor de garganta',
    ]);
    expect(
      found('Paciente com HAS.', summary('assessment', 'Hipertensão arterial sistêmica')),
    ).toEqual(['HAS']);
    expect(found(text, summary('assessment', 'Faringite com inflamação e febre'))).toEqual([
      'febre',
      'inflamada',
    ]);
    expect(
      found(text, summary('assessment', 'Pneumonia bacteriana; solicitar tomografia')),
    ).toBeUndefined();
  });
});
