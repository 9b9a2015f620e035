import { describe, expect, it } from 'vitest';
import { emptyExtraction } from '../ai/extraction';
import {
  STEP_STATUS_TEXT,
  appendParagraph,
  computeBmi,
  computeProgress,
  finalizationGaps,
  intensityColour,
  isLocalRecordId,
  isStepComplete,
  markStep,
  mergeExtraction,
  newWorkingRecord,
  nextStep,
  parseAge,
  parseCommaList,
  parseMeasurement,
  prescriptionsDecided,
  previousStep,
  stepStatusText,
  withComputedBmi,
  type WorkingRecord,
} from './flow';

const NOW = new Date('2026-11-21T14:30:00Z');
const blank = (): WorkingRecord => newWorkingRecord('record-1', NOW);

describe('step navigation', () => {
  it('goes forward and back, stopping at the ends', () => {
    expect(nextStep('patient-info')).toBe('symptoms');
    expect(nextStep('plan')).toBe('print-summary');
    expect(nextStep('print-summary')).toBe('print-summary');
    expect(previousStep('symptoms')).toBe('patient-info');
    expect(previousStep('patient-info')).toBe('patient-info');
  });

  it('starts a new record at patient-info, em_andamento, nothing complete', () => {
    const record = blank();
    expect(record).toMatchObject({ currentStep: 'patient-info', status: 'em_andamento' });
    expect(record.steps).toHaveLength(7);
    expect(record.steps.every((step) => !step.completed)).toBe(true);
    expect(computeProgress(record)).toBe(0);
  });

  it('tells local records from server ones', () => {
    expect(isLocalRecordId('record-1732200000000')).toBe(true);
    expect(isLocalRecordId('medical-record-2f1c')).toBe(false);
  });

  it('marks one step, keeping the others', () => {
    const steps = markStep(blank().steps, 'plan');
    expect(steps.filter((step) => step.completed).map((step) => step.type)).toEqual(['plan']);
    expect(markStep(steps, 'plan', false).some((step) => step.completed)).toBe(false);
  });
});

describe('completion and progress', () => {
  it('follows the content rules of each step', () => {
    const record: WorkingRecord = {
      ...blank(),
      patientInfo: { name: '  ' },
      symptoms: { chiefComplaint: 'Tosse' },
      physicalExam: { generalAppearance: 'BEG' },
      assessment: '',
      prescriptions: { medications: [], exams: [{ name: 'Hemograma' }] },
      plan: 'Retorno',
    };
    expect(isStepComplete(record, 'patient-info')).toBe(false);
    expect(isStepComplete(record, 'symptoms')).toBe(true);
    expect(isStepComplete(record, 'physical-exam')).toBe(true);
    expect(isStepComplete(record, 'assessment')).toBe(false);
    expect(isStepComplete(record, 'prescriptions')).toBe(true);
    expect(isStepComplete(record, 'plan')).toBe(true);
    expect(isStepComplete(record, 'print-summary')).toBe(false);
    // 4 of 7 = 57.14… → 57
    expect(computeProgress(record)).toBe(57);
  });

  it("counts the prescriptions step done with an item or with 'Sem prescrição nesta consulta'", () => {
    const none = { ...blank(), prescriptions: { medications: [], exams: [] } };
    expect(isStepComplete(none, 'prescriptions')).toBe(false);
    expect(prescriptionsDecided(none)).toBe(false);
    const counselling = { ...blank(), prescriptions: { noPrescription: true } };
    expect(isStepComplete(counselling, 'prescriptions')).toBe(true);
    expect(prescriptionsDecided(counselling)).toBe(true);
    const unticked = { ...blank(), prescriptions: { noPrescription: false } };
    expect(prescriptionsDecided(unticked)).toBe(false);
    const prescribed = { ...blank(), prescriptions: { medications: [{ name: 'Dipirona' }] } };
    expect(prescriptionsDecided(prescribed)).toBe(true);
  });

  it('counts print-summary only once the record says it is complete', () => {
    const record = { ...blank(), steps: markStep(blank().steps, 'print-summary') };
    expect(isStepComplete(record, 'print-summary')).toBe(true);
    expect(computeProgress(record)).toBe(14);
  });
});

describe('what finalising needs', () => {
  it('names, in step order, each missing part with its step, field and message', () => {
    const gaps = finalizationGaps({ ...blank(), patientInfo: { name: ' ' }, plan: '  ' });
    expect(gaps.map((gap) => [gap.step, gap.field])).toEqual([
      ['patient-info', 'patient-name'],
      ['prescriptions', 'prescriptions'],
      ['plan', 'plan'],
    ]);
    expect(gaps.map((gap) => gap.message)).toEqual([
      'Informe o nome do paciente para finalizar a consulta.',
      'Adicione pelo menos um medicamento ou exame, ou marque “Sem prescrição nesta consulta”, para finalizar a consulta.',
      'Escreva o plano de tratamento para finalizar a consulta.',
    ]);
  });

  it('asks nothing more of a named patient, decided prescriptions and a plan', () => {
    const ready = {
      ...blank(),
      patientInfo: { name: 'Maria Aparecida dos Santos' },
      prescriptions: { noPrescription: true },
      plan: 'Retorno em 30 dias.',
    };
    expect(finalizationGaps(ready)).toEqual([]);
    expect(
      finalizationGaps({ ...ready, prescriptions: { noPrescription: false } }).map(
        (gap) => gap.field,
      ),
    ).toEqual(['prescriptions']);
  });
});

describe('status text', () => {
  it('names what the doctor is doing on each step, Em andamento otherwise', () => {
    expect(stepStatusText('patient-info')).toBe('Coletando dados do paciente');
    expect(stepStatusText('print-summary')).toBe('Preparando documentos');
    expect(stepStatusText(undefined)).toBe('Em andamento');
    expect(stepStatusText('outra-coisa')).toBe('Em andamento');
    expect(Object.values(STEP_STATUS_TEXT)).toEqual([
      'Coletando dados do paciente',
      'Coletando sintomas',
      'Realizando exame físico',
      'Em avaliação médica',
      'Definindo medicamentos e exames',
      'Definindo plano de tratamento',
      'Preparando documentos',
    ]);
  });
});

describe('measurements and typed values', () => {
  it('computes the BMI to one decimal only when weight and height are set', () => {
    expect(computeBmi(70, 175)).toBe(22.9);
    expect(computeBmi(90.5, 180)).toBe(27.9);
    expect(computeBmi(undefined, 175)).toBeUndefined();
    expect(computeBmi(70, undefined)).toBeUndefined();
    expect(computeBmi(70, 0)).toBeUndefined();
    expect(withComputedBmi({ weight: 70, height: 175 }).bmi).toBe(22.9);
    expect(withComputedBmi({ weight: 70, bmi: 30 })).toEqual({ weight: 70 });
  });

  it('parses ages 0–150; anything else is no age', () => {
    expect(parseAge('45')).toBe(45);
    expect(parseAge(' 0 ')).toBe(0);
    expect(parseAge('150')).toBe(150);
    expect(parseAge('151')).toBeUndefined();
    expect(parseAge('-1')).toBeUndefined();
    expect(parseAge('quarenta')).toBeUndefined();
    expect(parseAge('4.5')).toBeUndefined();
    expect(parseAge('')).toBeUndefined();
  });

  it('splits comma lists, trimming and dropping empties', () => {
    expect(parseCommaList(' dipirona,  penicilina ,,  ')).toEqual(['dipirona', 'penicilina']);
    expect(parseCommaList('')).toEqual([]);
  });

  it('reads vital signs with a comma or a dot, blank as unset', () => {
    expect(parseMeasurement('36,8')).toBe(36.8);
    expect(parseMeasurement('36.8')).toBe(36.8);
    expect(parseMeasurement('  ')).toBeUndefined();
    expect(parseMeasurement('abc')).toBeUndefined();
  });

  it('colours intensity green, yellow, red, and an unrated one not at all', () => {
    expect(intensityColour('leve')).toBe('green');
    expect(intensityColour(undefined)).toBeUndefined();
    expect(intensityColour('moderada')).toBe('yellow');
    expect(intensityColour('intensa')).toBe('red');
  });
});

describe('merging extracted data', () => {
  it('overrides with non-empty values only, defaulting lists to empty', () => {
    const record: WorkingRecord = {
      ...blank(),
      patientInfo: { name: 'Maria', age: 40, allergies: ['dipirona'] },
      symptoms: { chiefComplaint: 'Dor lombar', duration: '2 dias' },
    };
    const extraction = emptyExtraction();
    extraction.patientInfo = { name: '', age: 41, allergies: [] };
    extraction.symptoms = { chiefComplaint: '  ', duration: '3 dias' };
    const merged = mergeExtraction(record, extraction);
    expect(merged.patientInfo).toEqual({
      name: 'Maria',
      age: 41,
      allergies: ['dipirona'],
      medications: [],
      chronicConditions: [],
    });
    expect(merged.symptoms).toEqual({
      chiefComplaint: 'Dor lombar',
      duration: '3 dias',
      currentSymptoms: [],
    });
  });

  it('appends assessment and plan after a blank line', () => {
    const record: WorkingRecord = { ...blank(), assessment: 'HAS', plan: '' };
    const extraction = { ...emptyExtraction(), assessment: 'DM2', plan: 'Retorno em 30 dias' };
    const merged = mergeExtraction(record, extraction);
    expect(merged.assessment).toBe('HAS\n\nDM2');
    expect(merged.plan).toBe('Retorno em 30 dias');
    expect(appendParagraph(undefined, '')).toBe('');
  });

  it('does not append a paragraph the text already holds (the same visit processed twice)', () => {
    const record: WorkingRecord = { ...blank(), assessment: 'HAS\n\nDM2', plan: 'Retorno' };
    const extraction = { ...emptyExtraction(), assessment: ' DM2 ', plan: 'Retorno em 30 dias' };
    const merged = mergeExtraction(mergeExtraction(record, extraction), extraction);
    expect(merged.assessment).toBe('HAS\n\nDM2');
    expect(merged.plan).toBe('Retorno\n\nRetorno em 30 dias');
    // Part of a paragraph is not the paragraph: 'HAS' is still added after 'HAS e DM2'.
    expect(appendParagraph('HAS e DM2', 'HAS')).toBe('HAS e DM2\n\nHAS');
  });

  it('merges vitals and recomputes the BMI', () => {
    const record: WorkingRecord = {
      ...blank(),
      physicalExam: { vitalSigns: { height: 175, bloodPressure: '120/80' } },
    };
    const extraction = emptyExtraction();
    extraction.physicalExam = { vitalSigns: { weight: 70, bloodPressure: '140/90' } };
    expect(mergeExtraction(record, extraction).physicalExam?.vitalSigns).toEqual({
      height: 175,
      weight: 70,
      bloodPressure: '140/90',
      bmi: 22.9,
    });
  });

  it('completes a step only when the merged part holds content', () => {
    const completed = (record: WorkingRecord) =>
      record.steps.filter((step) => step.completed).map((step) => step.type);
    expect(completed(mergeExtraction(blank(), emptyExtraction()))).toEqual([]);

    const extraction = emptyExtraction();
    extraction.patientInfo = { age: 30 };
    extraction.physicalExam = { vitalSigns: { heartRate: 80 } };
    extraction.plan = 'Hidratação';
    expect(completed(mergeExtraction(blank(), extraction))).toEqual([
      'patient-info',
      'physical-exam',
      'plan',
    ]);
    extraction.symptoms = { chiefComplaint: 'Febre' };
    extraction.assessment = 'Virose';
    expect(completed(mergeExtraction(blank(), extraction))).toContain('assessment');
    expect(completed(mergeExtraction(blank(), extraction))).toContain('symptoms');
  });

  it('adds extracted medications once', () => {
    const record: WorkingRecord = {
      ...blank(),
      prescriptions: { medications: [{ name: 'Dipirona', dosage: '1 g' }] },
    };
    const extraction = emptyExtraction();
    extraction.prescriptions = { medications: [{ name: 'dipirona' }, { name: 'Omeprazol' }] };
    expect(
      mergeExtraction(record, extraction).prescriptions?.medications?.map((item) => item.name),
    ).toEqual(['Dipirona', 'Omeprazol']);
  });
});
