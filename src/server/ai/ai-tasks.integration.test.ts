import { useSignedInTestServer } from '../testing/server-fixture';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildConsultationFeedback } from '@clinical/anamnesis/consultation-feedback';
import { buildStructuredAnamnesis } from '@clinical/anamnesis/structured-anamnesis';
import { extractMedicalData } from '@clinical/extraction/extract-medical-data';
import { AI_ERROR_HEADER, AI_SOURCE_HEADER } from '@shared/ai/protocol';
import {
  EMPTY_PRESCRIPTION_EXTRACTION,
  EXAM_SUGGESTIONS_FALLBACK,
  EXAM_SUGGESTIONS_ON_ERROR,
  ITEM_INFO_ERROR,
  MEDICATION_SUGGESTIONS_FALLBACK,
  MEDICATION_SUGGESTIONS_ON_ERROR,
} from '@shared/ai/tasks';
import type { ChatErrorKind } from '@shared/chat/errors';
import { emptyExtraction, type ExtractionResult } from '@shared/ai/extraction';
import {
  startFakeOpenAiServer,
  unreachableBaseUrl,
  type FakeBehaviour,
  type FakeOpenAiServer,
} from '../testing/fake-openai-server';
import { signUpDoctor, TestBrowser, type TestDoctorAccount } from '../testing/test-server';
import { AI_RATE_LIMIT_MESSAGE } from './ai-routes';
import { parseQuickPrescription } from '@clinical/prescriptions/quick-prescription';
import { AI_TASKS } from './tasks/registry';
import { draftPatientInstructions } from '@clinical/patient-instructions/offline-draft';
import type { RecordContent } from '@shared/records/medical-record';
import { generalPlanSuggestions } from '@shared/records/plan-suggestions';

/** Where words first stand in a text, as the evidence of an extraction gives them. */
function spanIn(text: string, words: string) {
  const start = text.indexOf(words);
  if (start < 0) throw new Error(`'${words}' is not in the text`);
  return { start, end: start + words.length };
}

const QUICK_TEXT = 'Maria 45 anos amoxicilina 500mg 8/8h por 7 dias';

// Every route of the AI gateway (`/api/ai/<task>`), against the real app and a scripted
// OpenAI-compatible provider: what a good reply gives, what an unusable one or a failing
// provider gives (docs/product.md, "Tarefas e respostas padrão"), what the offline engine answers,
// and who may call them.

const CHAT_MODEL = 'modelo-chat-teste';
const REASONING_MODEL = 'modelo-raciocinio-teste';
/** High enough that no test here meets the per-doctor limit, except the one about it. */
const NO_RATE_LIMIT = '10000';

/** Starts the app with `env` for one describe block, with one signed-in doctor. */
const useAiServer = useSignedInTestServer;

/** Starts a fake provider for one describe block. */
function useFakeProvider() {
  const state: { fake?: FakeOpenAiServer } = {};
  beforeAll(async () => {
    state.fake = await startFakeOpenAiServer();
  });
  afterAll(async () => {
    await state.fake?.close();
  });
  return (): FakeOpenAiServer => {
    if (!state.fake) throw new Error('the fake provider is not running (beforeAll failed?)');
    return state.fake;
  };
}

interface TaskAnswer {
  status: number;
  source: string | null;
  failure: string | null;
  body: unknown;
}

async function callTask(doctor: TestDoctorAccount, path: string, body: unknown) {
  const response = await doctor.browser.postJson(`/api/ai/${path}`, body);
  const answer: TaskAnswer = {
    status: response.status,
    source: response.headers.get(AI_SOURCE_HEADER),
    failure: response.headers.get(AI_ERROR_HEADER),
    body: (await response.json()) as unknown,
  };
  return answer;
}

// ---------------------------------------------------------------------------------------------
// The table: one row per task of docs/product.md, "Tarefas e respostas padrão"

const RECORD = {
  patientInfo: { name: 'Maria Souza', age: 45, gender: 'feminino', allergies: ['dipirona'] },
  symptoms: { chiefComplaint: 'Dor de garganta e febre há 3 dias' },
  assessment: 'Faringoamigdalite bacteriana',
};

/** RECORD with its plan and prescription: what the orientações ao paciente are drafted from. */
const VISIT_WITH_PRESCRIPTION: RecordContent = {
  ...RECORD,
  patientInfo: { ...RECORD.patientInfo, gender: 'feminino' },
  plan: 'Hidratação. Retorno em 7 dias.',
  prescriptions: {
    medications: [
      {
        name: 'Amoxicilina',
        dosage: '500 mg',
        dosePerIntake: '1 cápsula',
        frequency: 'A cada 8 horas',
        duration: '7 dias',
      },
    ],
  },
};
/** Its one medicine as the receita prints it: what every orientações answer lists. */
const PRESCRIBED_AMOXICILLIN = {
  name: 'Amoxicilina 500 mg',
  posology: 'Tomar 1 cápsula por via oral de 8 em 8 horas, por 7 dias.',
};

/** The general plan suggestions for a face-to-face visit with no plan yet, as RECORD is. */
const GENERAL_PLAN_FOR_RECORD = generalPlanSuggestions({ plan: '' });

const TRANSCRIPT = [
  'Médico: Bom dia. Qual é o seu nome?',
  'Paciente: Valter Moreira.',
  'Médico: Quantos anos o senhor tem?',
  'Paciente: Quarenta e nove.',
  'Médico: O que o senhor está sentindo?',
  'Paciente: Tô com uma dor no ombro direito há uma semana, bem forte.',
  'Médico: Vou examinar. Pressão 12 por 8, frequência cardíaca 70.',
  'Médico: É uma tendinite do supraespinhal. Vou passar naproxeno 500 mg de 12 em 12 horas por 5 dias.',
].join('\n');

const PRESCRIBING_CONVERSATION = [
  {
    role: 'user',
    content:
      'Paciente Ana Lima, 30 anos, com faringite. Vou prescrever amoxicilina 500 mg de 8/8h por 7 dias.',
  },
];

const MODEL_ANAMNESIS = {
  identificacao: { nome: 'Valter Moreira', sexo: 'Masculino', idade: '49 anos' },
  queixaPrincipal: 'Dor no ombro direito',
  historiaDoencaAtual: 'Dor intensa no ombro direito há uma semana.',
  antecedentesPessoais: 'Não informado',
  antecedentesFamiliares: 'Não informado',
  habitosVida: 'Não informado',
  exameFisico: 'PA 120/80 mmHg, FC 70 bpm.',
  historiaSocial: 'Não informado',
  hipotesesDiagnosticas: 'Tendinite do supraespinhal',
  condutas: 'Naproxeno 500 mg de 12/12h por 5 dias.',
  orientacoes: 'Não informado',
  resumoClinico: 'Homem de 49 anos com tendinite do supraespinhal.',
  confidence: 0.9,
};

interface TaskCase {
  path: string;
  body: Record<string, unknown>;
  /** Which configured model the task must use. */
  model: 'chat' | 'reasoning';
  /** A good model reply, and the answer it must give. */
  reply: string;
  answer: unknown;
  /** A reply the task cannot use (undefined: every reply is usable, see its own test). */
  unusable: FakeBehaviour | undefined;
  /**
   * The fallback (docs/product.md, "Tarefas e respostas padrão"): the answer to an unusable reply.
   */
  fallback: unknown;
  /** The offline engine's answer, checked for what it must hold. */
  checkOffline: (answer: unknown) => void;
}

const NOT_JSON: FakeBehaviour = { kind: 'text', text: 'Não sei.' };

/** The offline engine's anamnesis of a transcript: also the fallback of a failed model reply. */
const offlineAnamnesis = (transcript: string) =>
  buildStructuredAnamnesis(extractMedicalData(transcript), transcript);
const offlineFeedback = (transcript: string) => {
  const { generatedAt: _when, ...feedback } = buildConsultationFeedback(
    extractMedicalData(transcript),
    new Date(),
    transcript,
  );
  return feedback;
};

const TASKS: TaskCase[] = [
  {
    path: 'correct-text',
    body: { chiefComplaint: 'dor de cabeca a 3 dias', plan: 'repouso e dipirona se dor' },
    model: 'reasoning',
    // A field not sent is dropped; a blank correction keeps the doctor's text.
    reply: JSON.stringify({
      chiefComplaint: 'Dor de cabeça há 3 dias.',
      plan: '',
      assessment: 'Inventado pelo modelo.',
    }),
    answer: { chiefComplaint: 'Dor de cabeça há 3 dias.', plan: 'repouso e dipirona se dor' },
    unusable: NOT_JSON,
    fallback: { chiefComplaint: 'dor de cabeca a 3 dias', plan: 'repouso e dipirona se dor' },
    checkOffline: (answer) => {
      // The offline clean-up: punctuation, capitals and drug names, no spelling fixes.
      expect(answer).toEqual({
        chiefComplaint: 'Dor de cabeca a 3 dias.',
        plan: 'Repouso e Dipirona se dor.',
      });
    },
  },
  {
    path: 'plan-suggestions',
    body: { record: RECORD, caseDescription: 'Faringite com placas, sem sinais de gravidade.' },
    model: 'reasoning',
    reply: `Claro! Segue:\n\`\`\`json\n${JSON.stringify({
      suggestions: ['Antibioticoterapia por 10 dias', 'Hidratação e repouso'],
      reasoning: 'Quadro compatível com faringite estreptocócica.',
      urgencyLevel: 'low',
      followUpRecommendation: 'Retorno se febre persistir após 48 horas',
    })}\n\`\`\``,
    answer: {
      suggestions: ['Antibioticoterapia por 10 dias', 'Hidratação e repouso'],
      reasoning: 'Quadro compatível com faringite estreptocócica.',
      urgencyLevel: 'low',
      followUpRecommendation: 'Retorno se febre persistir após 48 horas',
    },
    unusable: NOT_JSON,
    fallback: GENERAL_PLAN_FOR_RECORD,
    checkOffline: (answer) => {
      // A face-to-face visit (no teleconsulta part) is not told to see a doctor in person.
      expect(answer).toMatchObject({
        suggestions: [
          'Investigação complementar conforme evolução do quadro',
          'Acompanhamento regular com reavaliação dos sintomas',
        ],
        urgencyLevel: 'medium',
        followUpRecommendation: 'Retorno em 7-15 dias',
        reasoning: expect.stringContaining('Modo offline') as unknown,
      });
    },
  },
  {
    path: 'medication-suggestions',
    body: {
      record: RECORD,
      caseDescription: 'Faringoamigdalite bacteriana. Vou prescrever amoxicilina.',
    },
    model: 'reasoning',
    reply: JSON.stringify({
      medications: [
        {
          name: 'Amoxicilina',
          dosage: '500 mg',
          frequency: '8/8h',
          duration: '10 dias',
          instructions: 'Tomar até o fim do tratamento.',
          explanation: 'Primeira escolha na faringite estreptocócica.',
        },
        { dosage: 'sem nome: descartado' },
      ],
      warnings: ['Paciente alérgica a dipirona: evitar.'],
      reasoning: 'Faringite bacteriana.',
    }),
    answer: {
      medications: [
        {
          name: 'Amoxicilina',
          dosage: '500 mg',
          frequency: '8/8h',
          duration: '10 dias',
          instructions: 'Tomar até o fim do tratamento.',
          explanation: 'Primeira escolha na faringite estreptocócica.',
        },
      ],
      warnings: ['Paciente alérgica a dipirona: evitar.'],
      reasoning: 'Faringite bacteriana.',
    },
    unusable: NOT_JSON,
    fallback: MEDICATION_SUGGESTIONS_FALLBACK,
    checkOffline: (answer) => {
      expect(answer).toMatchObject({
        medications: [
          expect.objectContaining({
            name: expect.stringMatching(/^amoxicilina$/i) as unknown,
            dosage: '500 mg',
            frequency: 'de 8/8h',
            duration: '7 dias',
          }) as unknown,
        ],
        warnings: ['Verificar alergias antes da prescrição'],
      });
    },
  },
  {
    path: 'exam-suggestions',
    body: { record: RECORD },
    model: 'reasoning',
    reply: JSON.stringify({
      exams: [
        {
          name: 'Teste rápido para estreptococo',
          type: 'laboratorial',
          priority: 'urgente',
          justification: 'Confirmar etiologia bacteriana.',
        },
        { name: 'Cultura de orofaringe', type: 'cultura', priority: 'agora' },
      ],
      reasoning: 'Faringite com suspeita bacteriana.',
      priority: 'urgent',
    }),
    answer: {
      exams: [
        {
          name: 'Teste rápido para estreptococo',
          type: 'laboratorial',
          priority: 'urgente',
          justification: 'Confirmar etiologia bacteriana.',
        },
        // An unknown type or priority is dropped, the exam kept.
        { name: 'Cultura de orofaringe' },
      ],
      reasoning: 'Faringite com suspeita bacteriana.',
      priority: 'urgent',
    },
    unusable: NOT_JSON,
    fallback: EXAM_SUGGESTIONS_FALLBACK,
    checkOffline: (answer) => {
      // Nothing in the case names an exam: the general ones, said to be offline.
      expect(answer).toEqual({
        ...EXAM_SUGGESTIONS_FALLBACK,
        reasoning: expect.stringContaining('Modo offline') as unknown,
      });
    },
  },
  {
    path: 'enhance-assessment',
    body: { text: 'paciente com pressao alta, hipertensão arterial', chiefComplaint: 'Cefaleia' },
    model: 'reasoning',
    reply: JSON.stringify({
      improvedText: 'Hipertensão arterial sistêmica.',
      suggestedCIDs: [
        {
          code: 'i10',
          description: 'Hipertensão essencial (primária)',
          category: 'Doenças hipertensivas',
          confidence: 0.9,
        },
        { code: 'não é código', description: 'descartado' },
      ],
      confidence: 0.8,
    }),
    answer: {
      improvedText: 'Hipertensão arterial sistêmica.',
      suggestedCIDs: [
        {
          code: 'I10',
          description: 'Hipertensão essencial (primária)',
          category: 'Doenças hipertensivas',
          confidence: 0.9,
        },
      ],
      confidence: 0.8,
    },
    unusable: NOT_JSON,
    fallback: {
      improvedText: 'paciente com pressao alta, hipertensão arterial',
      suggestedCIDs: [],
      confidence: 0.5,
    },
    checkOffline: (answer) => {
      const enhanced = answer as { suggestedCIDs: { code: string }[]; confidence: number };
      expect(enhanced.confidence).toBe(0.5);
      expect(enhanced.suggestedCIDs.map((cid) => cid.code)).toContain('I10');
    },
  },
  {
    path: 'cid-search',
    body: { text: 'hipertensão' },
    model: 'reasoning',
    reply: JSON.stringify({
      results: [
        {
          code: 'I10',
          description: 'Hipertensão essencial (primária)',
          category: 'Doenças hipertensivas',
          confidence: 0.95,
        },
        {
          code: 'O13',
          description: 'Hipertensão gestacional',
          category: 'Gravidez',
          confidence: 7,
        },
      ],
    }),
    answer: {
      results: [
        {
          code: 'I10',
          description: 'Hipertensão essencial (primária)',
          category: 'Doenças hipertensivas',
          confidence: 0.95,
        },
        // A confidence out of 0–1 becomes 0 rather than throwing the code away.
        {
          code: 'O13',
          description: 'Hipertensão gestacional',
          category: 'Gravidez',
          confidence: 0,
        },
      ],
    },
    unusable: NOT_JSON,
    fallback: { results: [] },
    checkOffline: (answer) => {
      const { results } = answer as { results: { code: string; confidence: number }[] };
      expect(results.map((result) => result.code)).toContain('I10');
      expect(results.length).toBeLessThanOrEqual(10);
    },
  },
  {
    path: 'process-section',
    body: { text: 'dor no peito ha 2 dias, piora ao esforco', section: 'symptoms' },
    model: 'reasoning',
    reply: JSON.stringify({ processedText: 'Dor torácica há 2 dias, com piora aos esforços.' }),
    answer: { processedText: 'Dor torácica há 2 dias, com piora aos esforços.' },
    unusable: NOT_JSON,
    fallback: { processedText: 'dor no peito ha 2 dias, piora ao esforco' },
    checkOffline: (answer) => {
      expect(answer).toEqual({ processedText: 'Dor no peito ha 2 dias, piora ao esforco.' });
    },
  },
  {
    path: 'extract',
    body: { text: TRANSCRIPT },
    model: 'reasoning',
    reply: JSON.stringify({
      patientInfo: { name: 'Valter Moreira', age: 49, gender: 'masculino', allergies: [] },
      symptoms: { chiefComplaint: 'Dor no ombro direito', intensity: 'intensa' },
      physicalExam: { vitalSigns: { bloodPressure: '120/80', heartRate: 70 } },
      assessment: { diagnosticos: ['Tendinite do supraespinhal'] },
      prescriptions: {
        medications: [
          { name: 'Naproxeno', dosage: '500 mg', frequency: '12/12h', duration: '5 dias' },
        ],
      },
      confidence: 0.9,
      extractedSections: ['patientInfo', 'symptoms', 'physicalExam', 'prescriptions'],
      // A quote for every value but the intensity; the server finds each in the text.
      quotes: {
        'patientInfo.name': 'Valter Moreira',
        'patientInfo.age': 'Quarenta e nove',
        'patientInfo.gender': 'o senhor',
        'symptoms.chiefComplaint': 'DOR NO OMBRO DIREITO',
        'physicalExam.vitalSigns.bloodPressure': 'Pressão 12 por 8',
        'physicalExam.vitalSigns.heartRate': 'frequência cardíaca 70',
        assessment: 'tendinite do supraespinhal',
        'prescriptions.medications[0]': 'naproxeno 500 mg de 12 em 12 horas por 5 dias',
      },
    }),
    answer: {
      ...emptyExtraction(),
      evidence: {
        'patientInfo.name': [spanIn(TRANSCRIPT, 'Valter Moreira')],
        'patientInfo.age': [spanIn(TRANSCRIPT, 'Quarenta e nove')],
        'patientInfo.gender': [spanIn(TRANSCRIPT, 'o senhor')],
        'symptoms.chiefComplaint': [spanIn(TRANSCRIPT, 'dor no ombro direito')],
        'physicalExam.vitalSigns.bloodPressure': [spanIn(TRANSCRIPT, 'Pressão 12 por 8')],
        'physicalExam.vitalSigns.heartRate': [spanIn(TRANSCRIPT, 'frequência cardíaca 70')],
        assessment: [spanIn(TRANSCRIPT, 'tendinite do supraespinhal')],
        'prescriptions.medications[0]': [
          spanIn(TRANSCRIPT, 'naproxeno 500 mg de 12 em 12 horas por 5 dias'),
        ],
      },
      unsupported: ['symptoms.intensity'],
      patientInfo: {
        ...emptyExtraction().patientInfo,
        name: 'Valter Moreira',
        age: 49,
        gender: 'masculino',
      },
      symptoms: {
        ...emptyExtraction().symptoms,
        chiefComplaint: 'Dor no ombro direito',
        intensity: 'intensa',
      },
      physicalExam: { vitalSigns: { bloodPressure: '120/80', heartRate: 70 } },
      assessment: expect.stringContaining('Tendinite do supraespinhal') as unknown,
      prescriptions: {
        // The server computes the quantity to dispense from the parts.
        medications: [
          {
            name: 'Naproxeno',
            dosage: '500 mg',
            dosePerIntake: '1 comprimido',
            frequency: '12/12h',
            duration: '5 dias',
            dispenseQuantity: { amount: 10, unit: 'comprimidos', text: '10 (dez) comprimidos' },
          },
        ],
        exams: [],
      },
      confidence: 0.9,
      extractedSections: ['patientInfo', 'symptoms', 'physicalExam', 'prescriptions'],
    },
    unusable: NOT_JSON,
    fallback: { ...emptyExtraction(), evidence: {}, unsupported: [] },
    checkOffline: (answer) => {
      expect(answer).toMatchObject({
        patientInfo: { name: 'Valter Moreira', age: 49 },
        evidence: { 'patientInfo.name': [spanIn(TRANSCRIPT, 'Valter Moreira')] },
        unsupported: [],
      });
    },
  },
  {
    path: 'extract-chat-info',
    body: { messages: PRESCRIBING_CONVERSATION },
    model: 'reasoning',
    reply: JSON.stringify({
      patientInfo: { name: 'Ana Lima', age: 30, allergies: ['Sulfa'] },
      assessment: 'Faringite',
      confidence: 0.8,
      extractedSections: ['patientInfo', 'assessment'],
      // Nothing quotes the allergy: it is left out of the answer.
      quotes: {
        'patientInfo.name': 'Ana Lima',
        'patientInfo.age': '30 anos',
        assessment: 'faringite',
      },
    }),
    answer: {
      ...emptyExtraction(),
      patientInfo: { ...emptyExtraction().patientInfo, name: 'Ana Lima', age: 30 },
      assessment: 'Faringite',
      confidence: 0.8,
      extractedSections: ['patientInfo', 'assessment'],
      // Where in the doctor's messages each value kept was said.
      evidence: {
        'patientInfo.name': [spanIn(PRESCRIBING_CONVERSATION[0]?.content ?? '', 'Ana Lima')],
        'patientInfo.age': [spanIn(PRESCRIBING_CONVERSATION[0]?.content ?? '', '30 anos')],
        assessment: [spanIn(PRESCRIBING_CONVERSATION[0]?.content ?? '', 'faringite')],
      },
      unsupported: ['patientInfo.allergies[0]'],
    },
    unusable: NOT_JSON,
    fallback: { ...emptyExtraction(), evidence: {}, unsupported: [] },
    checkOffline: (answer) => {
      const said = PRESCRIBING_CONVERSATION[0]?.content ?? '';
      expect(answer).toMatchObject({
        patientInfo: { name: 'Ana Lima', age: 30 },
        evidence: {
          'patientInfo.name': [spanIn(said, 'Ana Lima')],
          'patientInfo.age': [spanIn(said, '30 anos')],
        },
        unsupported: [],
      });
    },
  },
  {
    path: 'should-create-record',
    body: { messages: PRESCRIBING_CONVERSATION },
    model: 'chat',
    reply: 'SIM',
    answer: { shouldCreate: true },
    // Any text is read as yes or no (see its own test below).
    unusable: undefined,
    fallback: { shouldCreate: false },
    checkOffline: (answer) => {
      expect(answer).toEqual({ shouldCreate: true });
    },
  },
  {
    path: 'structured-anamnesis',
    body: { transcript: TRANSCRIPT },
    model: 'reasoning',
    reply: JSON.stringify(MODEL_ANAMNESIS),
    answer: MODEL_ANAMNESIS,
    unusable: NOT_JSON,
    fallback: offlineAnamnesis(TRANSCRIPT),
    checkOffline: (answer) => {
      expect(answer).toEqual(offlineAnamnesis(TRANSCRIPT));
      expect((answer as typeof MODEL_ANAMNESIS).identificacao).toMatchObject({
        nome: 'Valter Moreira',
        idade: expect.stringContaining('49') as unknown,
      });
    },
  },
  {
    path: 'consultation-feedback',
    body: { transcript: TRANSCRIPT },
    model: 'reasoning',
    reply: JSON.stringify({
      mainSymptoms: 'Dor intensa no ombro direito há uma semana.',
      doctorFeedback: ['Boa caracterização da dor.', 'Pergunte sobre alergias.'],
      generatedAt: '2025-03-10T14:00:00.000Z',
    }),
    answer: {
      mainSymptoms: 'Dor intensa no ombro direito há uma semana.',
      doctorFeedback: ['Boa caracterização da dor.', 'Pergunte sobre alergias.'],
      generatedAt: '2025-03-10T14:00:00.000Z',
    },
    unusable: NOT_JSON,
    fallback: { ...offlineFeedback(TRANSCRIPT), generatedAt: expect.any(String) as unknown },
    checkOffline: (answer) => {
      expect(answer).toEqual({
        ...offlineFeedback(TRANSCRIPT),
        generatedAt: expect.any(String) as unknown,
      });
      expect(JSON.stringify(answer)).toMatch(/ombro/);
    },
  },
  {
    path: 'detect-prescription',
    body: { messages: PRESCRIBING_CONVERSATION },
    model: 'reasoning',
    reply: '{"hasPrescription": true, "confidence": 0.92}',
    answer: { hasPrescription: true, confidence: 0.92 },
    unusable: NOT_JSON,
    fallback: { hasPrescription: false, confidence: 0 },
    checkOffline: (answer) => {
      expect(answer).toEqual({ hasPrescription: true, confidence: 0.7 });
    },
  },
  {
    path: 'extract-prescription',
    body: { messages: PRESCRIBING_CONVERSATION },
    model: 'reasoning',
    reply: JSON.stringify({
      patientName: 'Ana Lima',
      patientAge: 30,
      diagnosis: 'Faringite',
      medications: [
        { name: 'Amoxicilina', dosage: '500 mg', frequency: '8/8h', duration: '7 dias' },
      ],
      confidence: 0.9,
      extractedSections: ['patientName', 'patientAge', 'diagnosis', 'medications'],
    }),
    answer: {
      patientName: 'Ana Lima',
      patientAge: '30',
      diagnosis: 'Faringite',
      medications: [
        {
          name: 'Amoxicilina',
          dosage: '500 mg',
          dosePerIntake: '1 cápsula',
          frequency: '8/8h',
          duration: '7 dias',
          dispenseQuantity: { amount: 21, unit: 'cápsulas', text: '21 (vinte e uma) cápsulas' },
        },
      ],
      notes: '',
      confidence: 0.9,
      extractedSections: ['patientName', 'patientAge', 'diagnosis', 'medications'],
    },
    unusable: NOT_JSON,
    fallback: EMPTY_PRESCRIPTION_EXTRACTION,
    checkOffline: (answer) => {
      expect(answer).toMatchObject({
        patientName: 'Ana Lima',
        patientAge: '30',
        medications: [
          expect.objectContaining({
            name: expect.stringMatching(/^amoxicilina$/i) as unknown,
            dosage: expect.stringMatching(/^500 ?mg$/) as unknown,
          }) as unknown,
        ],
      });
    },
  },
  {
    path: 'quick-prescription',
    body: { text: QUICK_TEXT },
    model: 'reasoning',
    reply: JSON.stringify({
      patientName: 'Maria',
      patientAge: '45',
      diagnosis: '',
      medications: [
        {
          name: 'Amoxicilina',
          dosage: '500 mg',
          frequency: 'A cada 8 horas',
          duration: '7 dias',
          quantity: '7',
          // A model's own number is never trusted, even one claiming to be the doctor's.
          dispenseQuantity: { amount: 7, unit: '', text: '7 (sete)', enteredByDoctor: true },
        },
      ],
      confidence: 0.9,
      extractedSections: ['patientName', 'patientAge', 'medications'],
    }),
    answer: {
      patientName: 'Maria',
      patientAge: '45',
      diagnosis: '',
      medications: [
        {
          name: 'Amoxicilina',
          dosage: '500 mg',
          dosePerIntake: '1 cápsula',
          frequency: 'A cada 8 horas',
          duration: '7 dias',
          quantity: '7',
          dispenseQuantity: { amount: 21, unit: 'cápsulas', text: '21 (vinte e uma) cápsulas' },
        },
      ],
      notes: '',
      confidence: 0.9,
      extractedSections: ['patientName', 'patientAge', 'medications'],
    },
    unusable: NOT_JSON,
    // docs/product.md, "Receita rápida": a failed model extraction falls back, silently, to the
    // rule parser.
    fallback: parseQuickPrescription(QUICK_TEXT),
    checkOffline: (answer) => {
      expect(answer).toEqual(parseQuickPrescription(QUICK_TEXT));
      expect(answer).toMatchObject({
        patientName: 'Maria',
        patientAge: '45',
        medications: [
          {
            quantity: '7',
            dispenseQuantity: { amount: 21, unit: 'cápsulas', text: '21 (vinte e uma) cápsulas' },
          },
        ],
      });
    },
  },
  {
    path: 'item-info',
    body: {
      item: { kind: 'medication', name: 'Amoxicilina', details: '500 mg de 8/8h' },
      question: 'Pode tomar com leite?',
      history: [],
    },
    model: 'chat',
    reply: 'Sim, a amoxicilina pode ser tomada com leite ou alimentos.',
    answer: { answer: 'Sim, a amoxicilina pode ser tomada com leite ou alimentos.' },
    unusable: { kind: 'empty' },
    fallback: { answer: ITEM_INFO_ERROR },
    checkOffline: (answer) => {
      const text = (answer as { answer: string }).answer;
      expect(text).toContain('Modo offline');
      expect(text).toContain('500 mg');
      expect(text).toContain('de 8/8h');
    },
  },
  {
    path: 'patient-instructions',
    body: { record: VISIT_WITH_PRESCRIPTION },
    model: 'reasoning',
    reply: JSON.stringify({
      condition: 'Você tem uma inflamação na garganta causada por bactéria.',
      care: 'Beba bastante água.',
      warningSigns:
        'Ligue para o SAMU (192) ou vá ao pronto-socorro se tiver:\n- dificuldade para engolir a saliva',
      followUp: 'Volte em 7 dias.',
      // A dose from the model is never read: the medicines are the prescription's.
      medicines: [{ name: 'Amoxicilina 875 mg', posology: 'Tomar 2 por dia.' }],
    }),
    answer: {
      condition: 'Você tem uma inflamação na garganta causada por bactéria.',
      care: 'Beba bastante água.',
      warningSigns:
        'Ligue para o SAMU (192) ou vá ao pronto-socorro se tiver:\n- dificuldade para engolir a saliva',
      followUp: 'Volte em 7 dias.',
      medicines: [PRESCRIBED_AMOXICILLIN],
    },
    unusable: NOT_JSON,
    fallback: {
      ...draftPatientInstructions(VISIT_WITH_PRESCRIPTION),
      medicines: [PRESCRIBED_AMOXICILLIN],
    },
    checkOffline: (answer) => {
      expect(answer).toMatchObject({
        condition: expect.stringMatching(/garganta/) as unknown,
        warningSigns: expect.stringMatching(/SAMU \(192\)/) as unknown,
        followUp: expect.stringMatching(/7 dias/) as unknown,
        medicines: [PRESCRIBED_AMOXICILLIN],
      });
      expect(JSON.stringify(answer)).not.toMatch(/Faringoamigdalite/);
    },
  },
];

const WITH_UNUSABLE_REPLY = TASKS.filter(
  (task): task is TaskCase & { unusable: FakeBehaviour } => task.unusable !== undefined,
);

it('covers every AI task route, once each', () => {
  expect(TASKS.map((task) => task.path).sort()).toEqual(AI_TASKS.map((task) => task.path).sort());
});

// ---------------------------------------------------------------------------------------------

describe('AI tasks with a model', () => {
  const fake = useFakeProvider();
  const app = useAiServer(() => ({
    AI_BASE_URL: `${fake().baseUrl}/v1`,
    AI_API_KEY: 'test-key',
    AI_CHAT_MODEL: CHAT_MODEL,
    AI_REASONING_MODEL: REASONING_MODEL,
    AI_RATE_LIMIT_PER_MINUTE: NO_RATE_LIMIT,
  }));
  afterEach(() => {
    // Nothing scripted leaks into the next test.
    fake().replyWith('Resposta padrão do modelo de teste.');
  });

  /** Calls a task and returns its answer and the one request the fake received for it. */
  async function callWithModel(task: TaskCase, body: unknown = task.body) {
    const before = fake().chatRequests().length;
    const answer = await callTask(app().doctor, task.path, body);
    const sent = fake().chatRequests().slice(before);
    return { answer, sent };
  }

  it.each(TASKS)("$path: answers from the model's reply, with the right model", async (task) => {
    fake().enqueue({ kind: 'text', text: task.reply });
    const { answer, sent } = await callWithModel(task);

    expect(answer).toEqual({ status: 200, source: 'model', failure: null, body: task.answer });
    expect(sent).toHaveLength(1);
    const request = sent[0];
    expect(request?.stream).not.toBe(true);
    if (task.model === 'reasoning') {
      expect(request).toMatchObject({
        model: REASONING_MODEL,
        max_tokens: 6000,
        temperature: 0.2,
      });
    } else {
      expect(request?.model).toBe(CHAT_MODEL);
      // The chat model's calls from a task use the provider's defaults, not the chat's ones
      // (docs/product.md, "Parâmetros dos modelos").
      expect(request?.max_tokens).toBeUndefined();
      expect(request?.temperature).toBeUndefined();
    }
    const [system, prompt] = request?.messages ?? [];
    expect(system?.role).toBe('system');
    expect(prompt?.role).toBe('user');
  });

  it('extract: lists a medicine and an allergy nobody mentioned as unsupported, whatever the model quotes', async () => {
    const headache = [
      'Médico: O que a senhora está sentindo?',
      'Paciente: Uma dor de cabeça forte desde ontem, do lado direito.',
      'Médico: Alguma alergia? Toma algum remédio?',
      'Paciente: Não, nenhuma. Só tomei dipirona ontem.',
    ].join('\n');
    fake().enqueue({
      kind: 'text',
      text: JSON.stringify({
        patientInfo: {
          allergies: ['Penicilina'],
          medications: ['Varfarina 5 mg', 'Dipirona'],
        },
        symptoms: { chiefComplaint: 'Cefaleia' },
        quotes: {
          // Words that are not in the consultation…
          'patientInfo.allergies[0]': 'alérgica a penicilina',
          // …and words that are, but do not name the medicine.
          'patientInfo.medications[0]': 'Só tomei dipirona ontem',
          'patientInfo.medications[1]': 'Só tomei dipirona ontem',
          'symptoms.chiefComplaint': 'Uma dor de cabeça forte desde ontem',
        },
      }),
    });
    const answer = await callTask(app().doctor, 'extract', { text: headache });
    expect(answer.status).toBe(200);
    expect(answer.source).toBe('model');
    const body = answer.body as {
      patientInfo: { allergies: string[]; medications: string[] };
      evidence: Record<string, { start: number; end: number }[]>;
      unsupported: string[];
    };
    // The values stay in the answer, for the doctor to see and tick; they are marked.
    expect(body.patientInfo.allergies).toEqual(['Penicilina']);
    expect(body.unsupported).toEqual(['patientInfo.allergies[0]', 'patientInfo.medications[0]']);
    expect(body.evidence).toEqual({
      'patientInfo.medications[1]': [spanIn(headache, 'Só tomei dipirona ontem')],
      'symptoms.chiefComplaint': [spanIn(headache, 'Uma dor de cabeça forte desde ontem')],
    });
    // The model was asked for a verbatim quote per value.
    const [system] = fake().chatRequests().at(-1)?.messages ?? [];
    expect(system?.content).toContain('trecho literal');
  });

  it('extract: finds the evidence itself when the model gives no quotes, and flags only what nobody said', async () => {
    const visit = [
      'Médico: Qual o seu nome e idade?',
      'Paciente: Joana Prado, cinquenta e dois anos.',
      'Paciente: Tô com dor de cabeça há três dias. Tomo Tylenol quando dói.',
      'Médico: Pressão 12 por 8, frequência cardíaca 76. Vou passar dipirona 500 mg de 6 em 6 horas se dor.',
    ].join('\n');
    // Many small and local models leave the quotes out; this one also invents two values.
    fake().enqueue({
      kind: 'text',
      text: JSON.stringify({
        patientInfo: {
          name: 'Joana Prado',
          age: 52,
          allergies: ['Penicilina'],
          medications: ['Paracetamol', 'Losartana 50 mg'],
        },
        symptoms: { chiefComplaint: 'Cefaleia', duration: '3 dias' },
        physicalExam: { vitalSigns: { bloodPressure: '120/80', heartRate: 76 } },
        prescriptions: {
          medications: [{ name: 'Dipirona', dosage: '500 mg', frequency: '6/6h' }],
        },
      }),
    });
    const answer = await callTask(app().doctor, 'extract', { text: visit });
    expect(answer.status).toBe(200);
    expect(answer.source).toBe('model');
    const body = answer.body as {
      evidence: Record<string, { start: number; end: number }[]>;
      unsupported: string[];
    };
    expect(body.unsupported).toEqual(['patientInfo.allergies[0]', 'patientInfo.medications[1]']);
    const said = Object.fromEntries(
      Object.entries(body.evidence).map(([path, spans]) => [
        path,
        spans.map(({ start, end }) => visit.slice(start, end)),
      ]),
    );
    expect(said).toEqual({
      'patientInfo.name': ['Joana Prado'],
      'patientInfo.age': ['cinquenta e dois anos'],
      'patientInfo.medications[0]': ['Tylenol'],
      'symptoms.chiefComplaint': ['dor de cabeça'],
      'symptoms.duration': ['três dias'],
      'physicalExam.vitalSigns.bloodPressure': ['12 por 8'],
      'physicalExam.vitalSigns.heartRate': ['frequência cardíaca 76'],
      'prescriptions.medications[0]': ['dipirona 500 mg'],
    });
  });

  it("extract: keeps a model's gestational age and home reading out of the duration and today's vitals", async () => {
    const visit = [
      'Paciente: to grávida de trinta semanas e to com dor nas costas desde anteontem',
      'Paciente: em casa a pressão deu dezesseis por dez ontem à noite',
      'Médico: aqui no consultório a pressão está 120 por 80',
    ].join('\n');
    // A model that files both where the speech does not put them.
    fake().enqueue({
      kind: 'text',
      text: JSON.stringify({
        symptoms: { chiefComplaint: 'Lombalgia', duration: '30 semanas' },
        physicalExam: { vitalSigns: { bloodPressure: '160/100' } },
      }),
    });
    const answer = await callTask(app().doctor, 'extract', { text: visit });
    expect(answer.source).toBe('model');
    const body = answer.body as ExtractionResult;
    expect(body.symptoms.duration).toBeUndefined();
    expect(body.symptoms.additionalInfo).toBe(
      'Idade gestacional: 30 semanas. Medidas fora da consulta: PA 160/100 mmHg.',
    );
    expect(body.physicalExam.vitalSigns).toEqual({});
    const [system] = fake().chatRequests().at(-1)?.messages ?? [];
    expect(system?.content).toContain(
      'Idade gestacional (semanas de gravidez, DUM) nunca é "duration"',
    );
  });

  it.each(WITH_UNUSABLE_REPLY)(
    '$path: answers the fallback when the reply cannot be used',
    async (task) => {
      fake().enqueue(task.unusable);
      const { answer, sent } = await callWithModel(task);
      expect(answer).toEqual({
        status: 200,
        source: 'fallback',
        failure: null,
        body: task.fallback,
      });
      // An unusable reply is not retried: one call per request.
      expect(sent).toHaveLength(1);
    },
  );

  it.each(TASKS)('$path: answers the fallback when the reply is not JSON at all', async (task) => {
    fake().enqueue({ kind: 'malformed' });
    const { answer } = await callWithModel(task);
    expect(answer.status).toBe(200);
    expect(answer.source).toBe('fallback');
    // A body that does not parse is the provider failing (the SDK throws), not an unusable reply.
    expect(answer.failure).toBe('other');
    expect(answer.body).toEqual(
      task.path === 'medication-suggestions'
        ? MEDICATION_SUGGESTIONS_ON_ERROR
        : task.path === 'exam-suggestions'
          ? EXAM_SUGGESTIONS_ON_ERROR
          : task.fallback,
    );
  });

  it('should-create-record: reads any reply as yes or no, and only SIM or YES is yes', async () => {
    const task = TASKS.find((row) => row.path === 'should-create-record');
    if (!task) throw new Error('no should-create-record row');
    const replies: [string, boolean][] = [
      ['Sim, é o atendimento de uma paciente.', true],
      ['yes', true],
      ['Não sei.', false],
      ['NÃO', false],
      ['Simples dúvida teórica, não é um paciente.', false],
    ];
    for (const [reply, shouldCreate] of replies) {
      fake().enqueue({ kind: 'text', text: reply });
      const { answer } = await callWithModel(task);
      expect({ reply, ...answer }).toEqual({
        reply,
        status: 200,
        source: 'model',
        failure: null,
        body: { shouldCreate },
      });
    }
  });

  it('item-info: any non-empty reply is the answer, trimmed', async () => {
    const task = TASKS.find((row) => row.path === 'item-info');
    if (!task) throw new Error('no item-info row');
    fake().enqueue({ kind: 'text', text: '  Não sei.  ' });
    const { answer } = await callWithModel(task);
    expect(answer).toEqual({
      status: 200,
      source: 'model',
      failure: null,
      body: { answer: 'Não sei.' },
    });
  });

  it("sends the request's content to the model: the record, the case and the texts", async () => {
    const medication = TASKS.find((row) => row.path === 'medication-suggestions');
    if (!medication) throw new Error('no medication-suggestions row');
    fake().enqueue({ kind: 'text', text: medication.reply });
    const { sent } = await callWithModel(medication);
    const prompt = JSON.stringify(sent[0]?.messages);
    expect(prompt).toContain('Maria Souza');
    expect(prompt).toContain('dipirona');
    expect(prompt).toContain('Vou prescrever amoxicilina');
  });

  describe.each<[ChatErrorKind, number, unknown]>([
    ['auth', 401, undefined],
    [
      'quota',
      429,
      {
        error: {
          message: 'You exceeded your current quota, please check your plan and billing details.',
          type: 'insufficient_quota',
          param: null,
          code: 'insufficient_quota',
        },
      },
    ],
    ['rate-limit', 429, undefined],
    ['other', 500, undefined],
  ])('when the provider fails with %s (HTTP %i)', (kind, status, body) => {
    it.each([
      ['medication-suggestions', MEDICATION_SUGGESTIONS_ON_ERROR],
      ['exam-suggestions', EXAM_SUGGESTIONS_ON_ERROR],
      ['plan-suggestions', GENERAL_PLAN_FOR_RECORD],
      ['item-info', { answer: ITEM_INFO_ERROR }],
    ])('%s answers its on-error answer, saying why', async (path, expected) => {
      const task = TASKS.find((row) => row.path === path);
      if (!task) throw new Error(`no ${path} row`);
      // Every call fails, retries included, until afterEach resets the fake.
      fake().failWith(status, body);
      const { answer, sent } = await callWithModel(task);
      expect(answer).toEqual({ status: 200, source: 'fallback', failure: kind, body: expected });
      expect(sent.length).toBeGreaterThanOrEqual(1);
    });
  });

  it.each([
    ['auth' as const, { kind: 'auth' } as const],
    ['quota' as const, { kind: 'quota' } as const],
    ['rate-limit' as const, { kind: 'rate-limit' } as const],
    ['other' as const, { kind: 'server-error' } as const],
  ])(
    'recovers after a failure (%s): the next call is answered by the model',
    async (kind, failure) => {
      const task = TASKS.find((row) => row.path === 'cid-search');
      if (!task) throw new Error('no cid-search row');
      // Enough failures for the first request and its retry; the reply after them is good.
      fake().enqueue(failure, failure, { kind: 'text', text: task.reply });
      const failed = await callWithModel(task);
      expect(failed.answer).toEqual({
        status: 200,
        source: 'fallback',
        failure: kind,
        body: { results: [] },
      });
      const usedUp = failed.sent.length;
      // Whatever the failure left unused of the script is drained before the good reply.
      for (let spare = usedUp; spare < 2; spare += 1) {
        await callWithModel(task);
      }
      const recovered = await callWithModel(task);
      expect(recovered.answer).toEqual({
        status: 200,
        source: 'model',
        failure: null,
        body: task.answer,
      });
    },
  );
});

describe('AI tasks with an unreachable provider', () => {
  const app = useAiServer(async () => ({
    AI_BASE_URL: await unreachableBaseUrl(),
    AI_API_KEY: 'test-key',
    AI_RATE_LIMIT_PER_MINUTE: NO_RATE_LIMIT,
  }));

  it.each([
    ['medication-suggestions', MEDICATION_SUGGESTIONS_ON_ERROR],
    ['plan-suggestions', GENERAL_PLAN_FOR_RECORD],
    [
      'correct-text',
      { chiefComplaint: 'dor de cabeca a 3 dias', plan: 'repouso e dipirona se dor' },
    ],
  ])('%s answers its on-error answer with the kind network', async (path, expected) => {
    const task = TASKS.find((row) => row.path === path);
    if (!task) throw new Error(`no ${path} row`);
    const answer = await callTask(app().doctor, path, task.body);
    expect(answer).toEqual({ status: 200, source: 'fallback', failure: 'network', body: expected });
  });
});

describe('AI tasks with a provider slower than AI_TIMEOUT_SECONDS', () => {
  const fake = useFakeProvider();
  const app = useAiServer(() => ({
    AI_BASE_URL: `${fake().baseUrl}/v1`,
    AI_TIMEOUT_SECONDS: '1',
    AI_RATE_LIMIT_PER_MINUTE: NO_RATE_LIMIT,
  }));

  it.each([
    ['medication-suggestions', MEDICATION_SUGGESTIONS_ON_ERROR],
    ['plan-suggestions', GENERAL_PLAN_FOR_RECORD],
  ])(
    '%s gives up and answers its on-error answer with the kind network',
    async (path, expected) => {
      const task = TASKS.find((row) => row.path === path);
      if (!task) throw new Error(`no ${path} row`);
      // Well past the 1 s limit, for the call and any retry.
      fake().enqueue(
        { kind: 'slow', delayMs: 8_000, text: task.reply },
        { kind: 'slow', delayMs: 8_000, text: task.reply },
      );
      const answer = await callTask(app().doctor, path, task.body);
      expect(answer).toEqual({
        status: 200,
        source: 'fallback',
        failure: 'network',
        body: expected,
      });
    },
  );
});

describe('AI tasks without a model (offline engine)', () => {
  const app = useAiServer(() => ({ AI_RATE_LIMIT_PER_MINUTE: NO_RATE_LIMIT }));

  it.each(TASKS)('$path: the offline engine answers', async (task) => {
    const answer = await callTask(app().doctor, task.path, task.body);
    expect(answer.status).toBe(200);
    expect(answer.source).toBe('offline');
    expect(answer.failure).toBeNull();
    task.checkOffline(answer.body);
  });

  it('plan-suggestions: agrees with the visit — her return interval, in person only at a distance', async () => {
    const faceToFace = await callTask(app().doctor, 'plan-suggestions', {
      record: { ...RECORD, plan: 'Sintomáticos. Retorno em 48–72 h.' },
    });
    expect(faceToFace.body).toMatchObject({
      suggestions: [
        'Investigação complementar conforme evolução do quadro',
        'Acompanhamento regular com reavaliação dos sintomas',
      ],
      followUpRecommendation: 'Retorno em 48–72 h, como registrado',
    });
    const atADistance = await callTask(app().doctor, 'plan-suggestions', {
      record: { ...RECORD, teleconsulta: { consentAt: '2026-11-21T12:00:00.000Z' } },
    });
    expect(atADistance.body).toMatchObject({
      suggestions: expect.arrayContaining([
        'Avaliação clínica presencial para confirmação diagnóstica',
      ]) as unknown,
      followUpRecommendation: 'Retorno em 7-15 dias',
    });
  });

  it('medication-suggestions: says a model is needed when the case names no medicine', async () => {
    const answer = await callTask(app().doctor, 'medication-suggestions', {
      record: { symptoms: { chiefComplaint: 'Cefaleia' } },
    });
    expect(answer).toEqual({
      status: 200,
      source: 'offline',
      failure: null,
      body: {
        medications: [],
        warnings: [
          'Modo offline: sugestões de medicamentos para o caso precisam de um modelo de IA configurado.',
        ],
        reasoning: 'Modo offline: análise por regras do Prontu, sem modelo de IA configurado.',
      },
    });
  });

  it('should-create-record: a theoretical question is not a patient', async () => {
    const answer = await callTask(app().doctor, 'should-create-record', {
      messages: [{ role: 'user', content: 'Qual a diferença entre IECA e BRA?' }],
    });
    expect(answer.body).toEqual({ shouldCreate: false });
  });

  // --- Invalid bodies

  const INVALID_BODIES: [string, unknown, RegExp][] = [
    ['correct-text', { chiefComplaint: 42 }, /Queixa principal.*texto/],
    ['correct-text', { diagnosis: 'x' }, /não reconhecido: diagnosis/],
    ['plan-suggestions', { caseDescription: 'x' }, /Prontuário \(record\)/],
    ['medication-suggestions', { record: 'x' }, /Prontuário \(record\).*objeto/],
    [
      'exam-suggestions',
      { record: {}, caseDescription: 'a'.repeat(4_001) },
      /no máximo 4000 caracteres/,
    ],
    ['enhance-assessment', { text: '   ' }, /vazio/],
    ['cid-search', { text: 'a'.repeat(2_001) }, /no máximo 2000 caracteres/],
    [
      'process-section',
      { text: 'dor', section: 'plan' },
      /section.*use um destes: symptoms, assessment/,
    ],
    ['extract', {}, /Texto \(text\)/],
    ['extract-chat-info', { messages: [] }, /Mensagens \(messages\): deve ter ao menos 1/],
    [
      'should-create-record',
      { messages: [{ role: 'médico', content: 'oi' }] },
      /Autor da mensagem \(messages\.0\.role\).*user, assistant, system/,
    ],
    ['structured-anamnesis', {}, /Envie a conversa, a transcrição ou o prontuário/],
    ['consultation-feedback', { transcript: 7 }, /texto/],
    [
      'detect-prescription',
      { messages: Array.from({ length: 51 }, () => ({ role: 'user', content: 'oi' })) },
      /Mensagens \(messages\): deve ter no máximo 50/,
    ],
    ['extract-prescription', { messages: 'oi' }, /Mensagens \(messages\): deve ser lista/],
    [
      'item-info',
      { item: { kind: 'procedure', name: 'X' }, question: 'O que é?' },
      /item\.kind.*use um destes: medication, exam/,
    ],
    ['quick-prescription', { text: '' }, /Texto \(text\)/],
    ['patient-instructions', { record: 'oi' }, /record/],
  ];

  it('has an invalid body for every route', () => {
    expect(new Set(INVALID_BODIES.map(([path]) => path))).toEqual(
      new Set(AI_TASKS.map((task) => task.path)),
    );
  });

  it.each(INVALID_BODIES)('%s: answers 400 in Portuguese for %j', async (path, body, message) => {
    const response = await app().doctor.browser.postJson(`/api/ai/${path}`, body);
    expect(response.status).toBe(400);
    expect(response.headers.get(AI_SOURCE_HEADER)).toBeNull();
    const answer = (await response.json()) as { success: boolean; error: string };
    expect(answer.success).toBe(false);
    expect(answer.error).toMatch(message);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await app().doctor.browser.fetch('/api/ai/cid-search', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"text": ',
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      code: 'invalid_json',
      error: 'JSON inválido no corpo da requisição.',
    });
  });

  it.each(TASKS.map((task) => task.path))('%s: answers 401 without a session', async (path) => {
    const stranger = new TestBrowser(app().server.url);
    const task = TASKS.find((row) => row.path === path);
    const response = await stranger.postJson(`/api/ai/${path}`, task?.body);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      success: false,
      code: 'unauthorized',
      error: 'Sessão expirada ou inexistente. Faça login para continuar.',
    });
  });
});

describe('the per-doctor AI rate limit', () => {
  const app = useAiServer(() => ({ AI_RATE_LIMIT_PER_MINUTE: '3' }));

  it('refuses the 4th AI request in a minute with 429, for that doctor only', async () => {
    const { doctor, server } = app();
    const body = { text: 'asma' };
    for (let request = 1; request <= 3; request += 1) {
      const answer = await callTask(doctor, 'cid-search', body);
      expect(answer.status).toBe(200);
    }
    // The chat and the tasks share the doctor's limit.
    const refused = await doctor.browser.postJson('/api/ai/chat', {
      messages: [{ role: 'user', content: 'Oi' }],
      mode: 'general',
    });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      success: false,
      code: 'rate_limited',
      error: AI_RATE_LIMIT_MESSAGE,
    });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);

    const stillRefused = await callTask(doctor, 'cid-search', body);
    expect(stillRefused).toMatchObject({
      status: 429,
      body: { success: false, code: 'rate_limited', error: AI_RATE_LIMIT_MESSAGE },
    });

    const other = await signUpDoctor(server.url, 'Dr. Outro');
    const answer = await callTask(other, 'cid-search', body);
    expect(answer.status).toBe(200);
    expect(answer.source).toBe('offline');
  });
});
