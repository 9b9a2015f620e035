import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyExtraction, type ExtractionResult } from '@shared/ai/extraction';
import type { StructuredAnamnesis } from '@shared/records/medical-record';
import {
  analyseConsultation,
  applyConsultation,
  type ConsultationRecordStore,
} from './process-consultation';

const CONSULTATION =
  'Paciente Joana Prado, 38 anos, com dor de cabeça há 3 dias. Pressão 130 por 85, frequência cardíaca 88.';

type WorkingRecord = NonNullable<ConsultationRecordStore['record']>;
type Merged = Parameters<ConsultationRecordStore['mergeExtraction']>[0];

const NOT_SAID = 'Não informado';

/** A structured anamnesis with nothing said, as the server answers for an empty visit. */
const emptyAnamnesis = (): StructuredAnamnesis => ({
  identificacao: { nome: NOT_SAID, sexo: NOT_SAID, idade: NOT_SAID },
  queixaPrincipal: NOT_SAID,
  historiaDoencaAtual: NOT_SAID,
  antecedentesPessoais: NOT_SAID,
  antecedentesFamiliares: NOT_SAID,
  habitosVida: NOT_SAID,
  exameFisico: NOT_SAID,
  historiaSocial: NOT_SAID,
  hipotesesDiagnosticas: NOT_SAID,
  condutas: NOT_SAID,
  orientacoes: NOT_SAID,
  resumoClinico: NOT_SAID,
  confidence: 0,
});

/** What the offline engine extracts from {@link CONSULTATION}. */
const consultationExtraction = (): ExtractionResult => ({
  ...emptyExtraction(),
  patientInfo: {
    name: 'Joana Prado',
    age: 38,
    allergies: [],
    medications: [],
    chronicConditions: [],
  },
  symptoms: {
    chiefComplaint: 'Dor de cabeça',
    currentSymptoms: ['dor de cabeça'],
    duration: '3 dias',
  },
  physicalExam: { vitalSigns: { bloodPressure: '130/85', heartRate: 88 } },
  confidence: 0.6,
  extractedSections: ['patientInfo', 'symptoms', 'physicalExam'],
});

function fakeStore(): ConsultationRecordStore & { merged: Merged[]; parts: string[] } {
  let record: WorkingRecord | undefined;
  const merged: Merged[] = [];
  const parts: string[] = [];
  return {
    merged,
    parts,
    get record() {
      return record;
    },
    create: vi.fn(() => {
      // The processing only checks that a record is open and names it; its fields are not read.
      record = { id: 'medical-record-1' } as WorkingRecord;
      return Promise.resolve(record);
    }),
    mergeExtraction: (extraction) => {
      merged.push(extraction);
    },
    setPart: (part) => {
      parts.push(part);
    },
  };
}

/**
 * Answers the clean-up with `cleaned` (medical or not), `/api/ai/extract` with `extraction` and
 * the anamnesis task with an empty anamnesis.
 */
function stubServer(
  extraction: ExtractionResult,
  cleaned: { text: string; containsMedicalTerms: boolean } = {
    text: CONSULTATION,
    containsMedicalTerms: true,
  },
) {
  const fetchMock = vi.fn((path: string, _init?: RequestInit) => {
    const body = path.endsWith('/clean-up')
      ? cleaned
      : path.endsWith('/extract')
        ? extraction
        : emptyAnamnesis();
    return Promise.resolve(Response.json(body, { headers: { 'x-prontu-ai-mode': 'offline' } }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const sentBody = (fetchMock: ReturnType<typeof stubServer>, call: number) =>
  JSON.parse(fetchMock.mock.calls[call]?.[1]?.body as string) as Record<string, unknown>;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('analyseConsultation', () => {
  it('cleans the transcript up, then extracts from the cleaned text, changing nothing', async () => {
    const fetchMock = stubServer(consultationExtraction());

    const analysis = await analyseConsultation(`  ${CONSULTATION.toLowerCase()}  `);

    expect(analysis).toEqual({
      transcript: CONSULTATION,
      medical: true,
      // An answer without evidence reads as one with none, and nothing ticked yet.
      extraction: { ...consultationExtraction(), evidence: {}, unsupported: [] },
      accepted: [],
      provenance: { source: 'offline' },
    });
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual([
      '/api/transcripts/clean-up',
      '/api/ai/extract',
    ]);
    expect(sentBody(fetchMock, 1)).toEqual({ text: CONSULTATION });
  });

  it('returns only the text of a transcript without medical terms', async () => {
    const fetchMock = stubServer(consultationExtraction(), {
      text: 'Vamos almoçar amanhã.',
      containsMedicalTerms: false,
    });

    expect(await analyseConsultation('vamos almoçar amanhã')).toEqual({
      transcript: 'Vamos almoçar amanhã.',
      medical: false,
    });
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('refuses a blank transcript without calling the server', async () => {
    const fetchMock = stubServer(emptyExtraction());
    await expect(analyseConsultation('   ')).rejects.toThrow();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('applyConsultation', () => {
  const medical = (
    extraction: ExtractionResult,
    unsupported: string[] = [],
    accepted: string[] = [],
  ) =>
    ({
      transcript: CONSULTATION,
      medical: true,
      extraction: { ...extraction, evidence: {}, unsupported },
      accepted,
      provenance: { source: 'model' },
    }) as const;

  it('leaves out the values the transcript does not hold, unless the doctor ticked them', async () => {
    stubServer(consultationExtraction());
    const invented = consultationExtraction();
    invented.patientInfo = {
      ...invented.patientInfo,
      allergies: ['Penicilina'],
      medications: ['Varfarina 5 mg'],
    };
    const unsupported = ['patientInfo.allergies[0]', 'patientInfo.medications[0]'];

    const silent = fakeStore();
    await applyConsultation(silent, medical(invented, unsupported));
    expect(silent.merged).toEqual([consultationExtraction()]);

    const ticked = fakeStore();
    await applyConsultation(ticked, medical(invented, unsupported, ['patientInfo.allergies[0]']));
    expect(ticked.merged[0]?.patientInfo).toEqual({
      ...consultationExtraction().patientInfo,
      allergies: ['Penicilina'],
    });
  });

  it('creates a record, merges a confident extraction and stores the anamnesis', async () => {
    const fetchMock = stubServer(consultationExtraction());
    const store = fakeStore();

    const outcome = await applyConsultation(store, medical(consultationExtraction()));

    expect(outcome).toMatchObject({ applied: true, anamnesis: true });
    expect(store.create).toHaveBeenCalledOnce();
    expect(store.merged).toEqual([consultationExtraction()]);
    expect(store.parts).toEqual(['structuredAnamnesis']);
    expect(fetchMock.mock.calls.map(([path]) => path)).toEqual(['/api/ai/structured-anamnesis']);
    expect(sentBody(fetchMock, 0).transcript).toBe(CONSULTATION);
    // The anamnesis names its visit, whose chart records the use of AI.
    expect(sentBody(fetchMock, 0).recordId).toBe('medical-record-1');
  });

  it('merges into the open record without starting another', async () => {
    stubServer(consultationExtraction());
    const store = fakeStore();
    await store.create();

    await applyConsultation(store, medical(consultationExtraction()));

    expect(store.create).toHaveBeenCalledOnce();
    expect(store.merged).toHaveLength(1);
  });

  it('starts a new record instead of touching a finalised one', async () => {
    stubServer(consultationExtraction());
    const store = fakeStore();
    const finalised = await store.create();
    finalised.status = 'finalizado';

    const outcome = await applyConsultation(store, medical(consultationExtraction()));

    expect(outcome).toMatchObject({ applied: true, anamnesis: true });
    expect(store.create).toHaveBeenCalledTimes(2);
    expect(store.record).not.toBe(finalised);
  });

  it('draws no anamnesis into a finalised record when the extraction is too vague', async () => {
    const fetchMock = stubServer(emptyExtraction());
    const store = fakeStore();
    const finalised = await store.create();
    finalised.status = 'finalizado';

    const outcome = await applyConsultation(
      store,
      medical({ ...emptyExtraction(), confidence: 0.1 }),
    );

    expect(outcome).toMatchObject({ applied: false, anamnesis: false });
    expect(store.parts).toEqual([]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('at confidence 0.1 or less leaves the record alone, but draws the anamnesis of an open one', async () => {
    stubServer(emptyExtraction());
    const store = fakeStore();
    await store.create();

    const outcome = await applyConsultation(
      store,
      medical({ ...emptyExtraction(), confidence: 0.1 }),
    );

    expect(outcome).toMatchObject({ applied: false, anamnesis: true });
    expect(store.merged).toEqual([]);
    expect(store.parts).toEqual(['structuredAnamnesis']);
  });

  it('at confidence 0.1 or less starts no record when none is open', async () => {
    const fetchMock = stubServer(emptyExtraction());
    const store = fakeStore();

    const outcome = await applyConsultation(
      store,
      medical({ ...emptyExtraction(), confidence: 0.05 }),
    );

    expect(outcome).toMatchObject({ applied: false, anamnesis: false });
    expect(store.create).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('changes nothing for a transcript that is not medical', async () => {
    const fetchMock = stubServer(emptyExtraction());
    const store = fakeStore();

    const outcome = await applyConsultation(store, { transcript: 'Bom dia.', medical: false });

    expect(outcome).toMatchObject({ applied: false, anamnesis: false });
    expect(store.create).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
