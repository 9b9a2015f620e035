import type { ExtractionResult } from '@shared/ai/extraction';
import { foldForMatching } from '@shared/lib/text-folding';
import { bloodPressureOf } from '@shared/patients/chart';
import { parseConsultation } from './consultation-text';
import { findGestationalAges, locatePregnancy } from './pregnancy';
import { parsePortugueseNumber } from './spoken-numbers';
import { readHomeReadings, readVitalSigns } from './vital-signs';

/**
 * A model's extraction checked against what the offline engine knows of speech (docs/product.md,
 * "Fala como se fala"): a gestational age the model gave as the complaint's duration, or a
 * reading taken at home it gave as today's blood pressure, leaves those fields and is kept in the
 * additional information, where the offline engine puts it. Everything else stays the model's.
 * @param text - the consultation the model read
 * @param extraction - the model's extraction
 */
export function withSpeechContext(text: string, extraction: ExtractionResult): ExtractionResult {
  const duration = extraction.symptoms.duration;
  const pressure = extraction.physicalExam.vitalSigns?.bloodPressure;
  if (!duration && !pressure) return extraction;
  const consultation = parseConsultation(text);
  const apart: string[] = [];
  const symptoms = { ...extraction.symptoms };
  const vitalSigns = { ...extraction.physicalExam.vitalSigns };

  if (duration && locatePregnancy(consultation)) {
    const age = findGestationalAges(consultation).find((each) => sameCount(duration, each.value));
    if (age) {
      delete symptoms.duration;
      apart.push(`Idade gestacional: ${age.value}.`);
    }
  }
  if (pressure) {
    const today = readVitalSigns(consultation).vitals.bloodPressure;
    const home = readHomeReadings(consultation).find(
      (reading) => reading.key === 'bloodPressure' && samePressure(pressure, String(reading.value)),
    );
    if (home && (today === undefined || !samePressure(pressure, today))) {
      delete vitalSigns.bloodPressure;
      apart.push(`Medidas fora da consulta: PA ${home.value} mmHg.`);
    }
  }
  if (apart.length === 0) return extraction;

  const told = foldForMatching(symptoms.additionalInfo ?? '');
  const added = apart.filter((line) => !told.includes(foldForMatching(line)));
  const additionalInfo = [symptoms.additionalInfo?.trim(), ...added].filter(Boolean).join(' ');
  return {
    ...extraction,
    symptoms: { ...symptoms, ...(additionalInfo && { additionalInfo }) },
    physicalExam: { ...extraction.physicalExam, vitalSigns },
  };
}

/** '30 semanas' and 'trinta semanas de gestação' count the same; so do 'meses' and 'mês'. */
function sameCount(duration: string, age: string): boolean {
  const a = countOf(duration);
  const b = countOf(age);
  return a !== undefined && b !== undefined && a.count === b.count && a.unit === b.unit;
}

function countOf(text: string): { count: number; unit: 'semana' | 'mes' } | undefined {
  const words = foldForMatching(text).split(/\s+/);
  const unitAt = words.findIndex((word) => /^(?:semanas?|mes|meses)$/.test(word));
  if (unitAt < 1) return undefined;
  // The longest run of words just before the unit that makes a number: 'trinta e duas', '30'.
  const count = [5, 4, 3, 2, 1]
    .filter((length) => length <= unitAt)
    .map((length) => parsePortugueseNumber(words.slice(unitAt - length, unitAt).join(' ')))
    .find((value) => value !== undefined);
  if (count === undefined) return undefined;
  return { count, unit: words[unitAt]?.startsWith('semana') ? 'semana' : 'mes' };
}

/** '160/100', '160x100 mmHg' and '160 por 100' are the same reading. */
function samePressure(a: string, b: string): boolean {
  const left = bloodPressureOf(a);
  const right = bloodPressureOf(b);
  return (
    left !== undefined && left.systolic === right?.systolic && left.diastolic === right.diastolic
  );
}
