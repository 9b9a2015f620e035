import { afterEach, describe, expect, it, vi } from 'vitest';
import { emptyExtraction, type ExtractionResult } from '../../../shared/extraction';
import type { StructuredAnamnesis } from '../../../shared/medical-record';
import {
  processConsultationTranscript,
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
      // The processing only checks that a record is open; its fields are not read here.
      record = {} as WorkingRecord;
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

/** Answers `/api/ai/extract` with `extraction` and the anamnesis task with an empty anamnesis. */
function stubServer(extraction: ExtractionResult) {
  const fetchMock = vi.fn((path: string, _init?: RequestInit) => {
    const body = path.endsWith('/extract') ? extraction : emptyAnamnesis();
    return Promise.resolve(Response.json(body));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('processConsultationTranscript', () => {
  it('creates a record, merges a confident extraction and stores the anamnesis', async () => {
    const fetchMock = stubServer(consultationExtraction());
    const store = fakeStore();

    const outcome = await processConsultationTranscript(store, `  ${CONSULTATION}  `);

    expect(outcome.applied).toBe(true);
    expect(outcome.extraction.patientInfo.name).toBe('Joana Prado');
    expect(store.create).toHaveBeenCalledOnce();
    expect(store.merged).toHaveLength(1);
    expect(store.parts).toEqual(['structuredAnamnesis']);
    const paths = fetchMock.mock.calls.map(([path]) => path);
    expect(paths).toEqual(['/api/ai/extract', '/api/ai/structured-anamnesis']);
    const anamnesisBody = JSON.parse(fetchMock.mock.calls[1]?.[1]?.body as string) as {
      transcript: string;
    };
    expect(anamnesisBody.transcript).toBe(CONSULTATION);
  });

  it('leaves the record alone when the confidence is 0.1 or less (spec §5)', async () => {
    stubServer({ ...emptyExtraction(), confidence: 0.1 });
    const store = fakeStore();

    const outcome = await processConsultationTranscript(store, 'Bom dia, tudo bem?');

    expect(outcome.applied).toBe(false);
    expect(store.merged).toEqual([]);
    expect(store.parts).toEqual(['structuredAnamnesis']);
  });

  it('refuses a blank transcript without calling the server', async () => {
    const fetchMock = stubServer(emptyExtraction());
    await expect(processConsultationTranscript(fakeStore(), '   ')).rejects.toThrow();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
