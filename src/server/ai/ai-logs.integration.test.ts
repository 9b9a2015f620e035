import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AI_ERROR_HEADER, AI_SOURCE_HEADER } from '@shared/ai/protocol';
import type { RunningServer } from '../server';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../testing/fake-openai-server';
import { createMigratedTestStorage, type TestStorage } from '../testing/test-storage';
import { signUpDoctor, startTestServer, type TestDoctorAccount } from '../testing/test-server';

// Patient text never reaches the logs at info level (docs/operacao.md, "Segurança e privacidade"; src/server/logger.ts): the
// AI gateway logs which call it was, its sizes and its outcome — never the doctor's words, the
// model's reply nor the provider key.

const PATIENT = 'Genoveva Tristão';
const COMPLAINT = 'dor epigástrica em queimação há cinco dias';
/** Words only the model's replies hold. */
const MODEL_WORDS = 'síndrome de Zollinger-Ellison';
const API_KEY = 'sk-test-LOGS-4b1d9e';

/** What must never appear in a log line, searched case-insensitively (ASCII spellings too). */
const NEVER_LOGGED = [
  'Genoveva',
  'Tristão',
  'Tristao',
  'epigástrica',
  'epigastrica',
  'queimação',
  'queimacao',
  'Zollinger',
  API_KEY,
  'LOGS-4b1d9e',
];

const QUESTION = `Paciente ${PATIENT}, 52 anos, com ${COMPLAINT}. O que investigar?`;
const TRANSCRIPT = [
  'Médico: Bom dia. Qual é o seu nome?',
  `Paciente: ${PATIENT}.`,
  'Médico: O que a senhora está sentindo?',
  `Paciente: Estou com ${COMPLAINT}.`,
].join('\n');
const RECORD = {
  patientInfo: { name: PATIENT, age: 52, gender: 'feminino', allergies: ['dipirona'] },
  symptoms: { chiefComplaint: COMPLAINT },
  assessment: 'Dispepsia a esclarecer',
};

/** The four AI tasks of this suite, with a body that names the patient. */
const TASK_BODIES = {
  extract: { text: QUESTION },
  'structured-anamnesis': { transcript: TRANSCRIPT },
  'medication-suggestions': { record: RECORD, caseDescription: `${PATIENT}: ${COMPLAINT}.` },
  'item-info': {
    item: { kind: 'medication', name: 'Omeprazol', details: '20 mg em jejum' },
    question: `${PATIENT} tem ${COMPLAINT}; pode tomar antes do café?`,
    history: [],
  },
} as const;

/** Good model replies, every one repeating the patient and holding {@link MODEL_WORDS}. */
const MODEL_REPLIES = {
  chat: `Para ${PATIENT}, investigue H. pylori e considere ${MODEL_WORDS}.`,
  extract: JSON.stringify({
    patientInfo: { name: PATIENT, age: 52, gender: 'feminino', allergies: [] },
    symptoms: { chiefComplaint: COMPLAINT },
    assessment: { diagnosticos: [MODEL_WORDS] },
    confidence: 0.9,
    extractedSections: ['patientInfo', 'symptoms'],
  }),
  'structured-anamnesis': JSON.stringify({
    identificacao: { nome: PATIENT, sexo: 'Feminino', idade: '52 anos' },
    queixaPrincipal: COMPLAINT,
    historiaDoencaAtual: `${COMPLAINT}.`,
    antecedentesPessoais: 'Não informado',
    antecedentesFamiliares: 'Não informado',
    habitosVida: 'Não informado',
    exameFisico: 'Não informado',
    historiaSocial: 'Não informado',
    hipotesesDiagnosticas: MODEL_WORDS,
    condutas: 'Endoscopia digestiva alta.',
    orientacoes: 'Não informado',
    resumoClinico: `${PATIENT}, 52 anos.`,
    confidence: 0.8,
  }),
  'item-info': `Sim: ${PATIENT} deve tomar o omeprazol em jejum; afaste ${MODEL_WORDS}.`,
} as const;

/** A reply that is text but not the JSON the task asks for. */
const UNUSABLE_REPLY = `${PATIENT} precisa de omeprazol (${MODEL_WORDS}), sem JSON.`;

type LogEntry = Record<string, unknown>;

interface LoggedServer {
  server: RunningServer;
  doctor: TestDoctorAccount;
  /** Every line the server logged, as written. */
  lines: string[];
}

/**
 * Starts the app at LOG_LEVEL info with `env`, capturing its log lines, for one describe block.
 */
function useLoggedServer(env: () => Record<string, string>) {
  const state: { running?: LoggedServer; storage?: TestStorage } = {};
  beforeAll(async () => {
    state.storage = await createMigratedTestStorage();
    const lines: string[] = [];
    const logger = pino(
      { level: 'info' },
      new Writable({
        write(chunk: Buffer, _encoding, done) {
          lines.push(chunk.toString('utf8'));
          done();
        },
      }),
    );
    const server = await startTestServer(
      state.storage,
      { LOG_LEVEL: 'info', AI_RATE_LIMIT_PER_MINUTE: '10000', ...env() },
      { logger },
    );
    state.running = { server, doctor: await signUpDoctor(server.url), lines };
  });
  afterAll(async () => {
    await state.running?.server.close();
    await state.storage?.cleanup();
  });
  return (): LoggedServer => {
    if (!state.running) throw new Error('the test server is not running (beforeAll failed?)');
    return state.running;
  };
}

function entriesOf(lines: readonly string[]): LogEntry[] {
  return lines.flatMap((line) =>
    line
      .split('\n')
      .filter((part) => part.trim() !== '')
      .map((part) => JSON.parse(part) as LogEntry),
  );
}

/** Waits until one logged entry holds all of `fields`, and returns it. */
async function loggedEntry(lines: readonly string[], fields: LogEntry): Promise<LogEntry> {
  return vi.waitFor(() => {
    const found = entriesOf(lines).find((entry) =>
      Object.entries(fields).every(([key, value]) => entry[key] === value),
    );
    if (!found) throw new Error(`no log entry with ${JSON.stringify(fields)}`);
    return found;
  });
}

function expectNoPatientText(lines: readonly string[]): void {
  // Decoded too, in case a value were written with \u escapes.
  const logged = `${lines.join('')}\n${JSON.stringify(entriesOf(lines))}`.toLowerCase();
  expect(logged.length).toBeGreaterThan(0);
  for (const text of NEVER_LOGGED) expect(logged).not.toContain(text.toLowerCase());
  for (const entry of entriesOf(lines)) expect(entry.level).toBeGreaterThanOrEqual(30);
}

async function chat(doctor: TestDoctorAccount, body: unknown) {
  const response = await doctor.browser.postJson('/api/ai/chat', body);
  return {
    status: response.status,
    source: response.headers.get(AI_SOURCE_HEADER),
    text: await response.text(),
  };
}

async function callTask(doctor: TestDoctorAccount, path: keyof typeof TASK_BODIES) {
  const response = await doctor.browser.postJson(`/api/ai/${path}`, TASK_BODIES[path]);
  return {
    status: response.status,
    source: response.headers.get(AI_SOURCE_HEADER),
    failure: response.headers.get(AI_ERROR_HEADER),
    body: (await response.json()) as unknown,
  };
}

const GENERAL_CHAT = { messages: [{ role: 'user', content: QUESTION }], mode: 'general' };
const SPECIALIST_CHAT = {
  messages: [
    { role: 'user', content: QUESTION },
    { role: 'assistant', content: MODEL_REPLIES.chat },
    { role: 'user', content: `E se ${PATIENT} tiver vômitos?` },
  ],
  mode: 'specialist',
  agentId: 'gastroenterologist',
  recordContext: RECORD,
};
const charsOf = (body: { messages: readonly { content: string }[] }) =>
  body.messages.reduce((total, message) => total + message.content.length, 0);

describe('AI logs with a model', () => {
  const state: { fake?: FakeOpenAiServer } = {};
  beforeAll(async () => {
    state.fake = await startFakeOpenAiServer();
  });
  afterAll(async () => {
    await state.fake?.close();
  });
  const fake = (): FakeOpenAiServer => {
    if (!state.fake) throw new Error('the fake provider is not running (beforeAll failed?)');
    return state.fake;
  };
  const app = useLoggedServer(() => ({
    AI_BASE_URL: `${fake().baseUrl}/v1`,
    AI_API_KEY: API_KEY,
    AI_CHAT_MODEL: 'modelo-chat-teste',
    AI_REASONING_MODEL: 'modelo-raciocinio-teste',
  }));

  it('logs the chat by sizes: never the conversation, the record nor the reply', async () => {
    const { doctor, lines } = app();
    fake().enqueue({ kind: 'text', text: MODEL_REPLIES.chat });
    const general = await chat(doctor, GENERAL_CHAT);
    expect(general).toEqual({ status: 200, source: 'model', text: MODEL_REPLIES.chat });

    fake().enqueue({ kind: 'text', text: MODEL_REPLIES.chat });
    const specialist = await chat(doctor, SPECIALIST_CHAT);
    expect(specialist.status).toBe(200);
    // The provider did get the patient's words: they are left out of the logs only.
    expect(JSON.stringify(fake().chatRequests().at(-1))).toContain(PATIENT);

    expect(
      await loggedEntry(lines, { component: 'chat', agent: 'general', msg: 'chat answered' }),
    ).toMatchObject({
      level: 30,
      mode: 'model',
      messages: 1,
      chars: QUESTION.length,
      withRecord: false,
      outcome: 'complete',
      replyChars: MODEL_REPLIES.chat.length,
    });
    expect(
      await loggedEntry(lines, {
        component: 'chat',
        agent: 'gastroenterologist',
        msg: 'chat answered',
      }),
    ).toMatchObject({
      mode: 'model',
      messages: 3,
      chars: charsOf(SPECIALIST_CHAT),
      withRecord: true,
      outcome: 'complete',
      replyChars: MODEL_REPLIES.chat.length,
    });
    await loggedEntry(lines, { msg: 'request', path: '/api/ai/chat', status: 200 });
    expectNoPatientText(lines);
  });

  it('logs each task by name and reply size, never the request nor the reply', async () => {
    const { doctor, lines } = app();
    for (const path of ['extract', 'structured-anamnesis', 'item-info'] as const) {
      fake().enqueue({ kind: 'text', text: MODEL_REPLIES[path] });
      const answer = await callTask(doctor, path);
      expect({ path, status: answer.status, source: answer.source }).toEqual({
        path,
        status: 200,
        source: 'model',
      });
      expect(
        await loggedEntry(lines, { component: 'ai-task', task: path, msg: 'model answered' }),
      ).toMatchObject({ level: 30, replyChars: MODEL_REPLIES[path].length });
      await loggedEntry(lines, { msg: 'request', path: `/api/ai/${path}`, status: 200 });
    }
    // The task answered the model's words, patient name included.
    fake().enqueue({ kind: 'text', text: MODEL_REPLIES['item-info'] });
    expect((await callTask(doctor, 'item-info')).body).toEqual({
      answer: MODEL_REPLIES['item-info'],
    });

    fake().enqueue({ kind: 'text', text: UNUSABLE_REPLY });
    const unusable = await callTask(doctor, 'medication-suggestions');
    expect([unusable.status, unusable.source, unusable.failure]).toEqual([200, 'fallback', null]);
    expect(
      await loggedEntry(lines, {
        component: 'ai-task',
        task: 'medication-suggestions',
        msg: 'model reply unusable',
      }),
    ).toMatchObject({ level: 40, replyChars: UNUSABLE_REPLY.length });
    expectNoPatientText(lines);
  });

  it('logs a failing provider by the kind of failure only', async () => {
    const { doctor, lines } = app();
    fake().enqueue({ kind: 'auth' });
    const refused = await chat(doctor, {
      ...GENERAL_CHAT,
      mode: 'specialist',
      agentId: 'cardiologist',
    });
    expect(refused.status).toBe(502);
    expect(
      await loggedEntry(lines, {
        component: 'chat',
        agent: 'cardiologist',
        msg: 'chat: model failed before answering',
      }),
    ).toMatchObject({ level: 40, kind: 'auth', messages: 1, chars: QUESTION.length });
    await loggedEntry(lines, { msg: 'request', path: '/api/ai/chat', status: 502 });

    fake().enqueue({ kind: 'auth' });
    const failed = await callTask(doctor, 'extract');
    expect([failed.status, failed.source, failed.failure]).toEqual([200, 'fallback', 'auth']);
    expect(
      await loggedEntry(lines, { component: 'ai-task', task: 'extract', kind: 'auth' }),
    ).toMatchObject({ level: 40, msg: 'model call failed' });

    // A body that is not JSON at all: the SDK fails to read it.
    fake().enqueue({ kind: 'malformed' });
    const before = fake().chatRequests().length;
    const malformed = await callTask(doctor, 'structured-anamnesis');
    expect(fake().chatRequests().length - before).toBe(1);
    expect([malformed.status, malformed.source, malformed.failure]).toEqual([
      200,
      'fallback',
      'other',
    ]);
    expect(
      await loggedEntry(lines, {
        component: 'ai-task',
        task: 'structured-anamnesis',
        msg: 'model call failed',
      }),
    ).toMatchObject({ level: 40, kind: 'other' });

    fake().enqueue({ kind: 'malformed' });
    const unreadable = await chat(doctor, {
      ...GENERAL_CHAT,
      mode: 'specialist',
      agentId: 'pediatrician',
    });
    expect(unreadable.status).toBe(502);
    expect(
      await loggedEntry(lines, {
        component: 'chat',
        agent: 'pediatrician',
        msg: 'chat: model failed before answering',
      }),
    ).toMatchObject({ level: 40, kind: 'other' });
    expectNoPatientText(lines);
  });
});

describe('AI logs without a model (offline engine)', () => {
  const app = useLoggedServer(() => ({}));

  it('logs the chat and the tasks without the patient text', async () => {
    const { doctor, lines } = app();
    const general = await chat(doctor, GENERAL_CHAT);
    expect([general.status, general.source]).toEqual([200, 'offline']);
    expect(
      await loggedEntry(lines, { component: 'chat', agent: 'general', msg: 'chat answered' }),
    ).toMatchObject({
      level: 30,
      mode: 'offline',
      messages: 1,
      chars: QUESTION.length,
      withRecord: false,
      outcome: 'complete',
      replyChars: general.text.length,
      kind: expect.any(String) as unknown,
    });

    const specialist = await chat(doctor, SPECIALIST_CHAT);
    expect([specialist.status, specialist.source]).toEqual([200, 'offline']);
    // The offline reply may repeat the patient's words; the log still must not.
    expect(
      await loggedEntry(lines, {
        component: 'chat',
        agent: 'gastroenterologist',
        msg: 'chat answered',
      }),
    ).toMatchObject({ mode: 'offline', messages: 3, withRecord: true });

    for (const path of Object.keys(TASK_BODIES) as (keyof typeof TASK_BODIES)[]) {
      const answer = await callTask(doctor, path);
      expect({ path, status: answer.status, source: answer.source }).toEqual({
        path,
        status: 200,
        source: 'offline',
      });
      await loggedEntry(lines, { msg: 'request', path: `/api/ai/${path}`, status: 200 });
    }
    // Offline, the patient's name did reach an answer (so the test means something).
    expect(JSON.stringify((await callTask(doctor, 'structured-anamnesis')).body)).toContain(
      PATIENT,
    );
    expectNoPatientText(lines);
  });
});
