import fc from 'fast-check';
import { AI_TASKS } from '../ai/tasks/registry';
import { signUpDoctor, type TestBrowser, type TestDoctorAccount } from './test-server';

/**
 * Generated hostile requests for the fuzz test (`http/hostile-input.integration.test.ts`) and
 * its longer run (`npm run fuzz`): every JSON route of the API, sent bodies a careless or
 * malicious client could send. The server must answer each with a 4xx or a 2xx, never a 5xx,
 * and a 4xx must leave every doctor's data as it was.
 */

/** A JSON route, with a body it accepts (the starting point of the hostile variants). */
export interface JsonRoute {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  sample: Record<string, unknown>;
  /** Signs the doctor out when it succeeds: only bodies that must be refused are sent to it. */
  endsSession?: boolean;
  /** Takes a multipart form, not JSON: any JSON body is refused (400 or 415). */
  multipart?: boolean;
  /** Reads no body: whatever is sent is ignored, never stored. */
  readsNoBody?: boolean;
}

/** The ids the routes act on: the fuzzing doctor's own, and another doctor's. */
export interface FuzzTargets {
  recordId: string;
  otherDoctorsRecordId: string;
  prescriptionId: string;
  batchId: string;
  patientId: string;
  /** A second patient of the fuzzing doctor's, to merge into the first. */
  otherPatientId: string;
  documentId: string;
  /** The fuzzing doctor's e-mail, for the account routes. */
  email: string;
}

const RECORD_SAMPLE = {
  patientInfo: { name: 'Maria Souza', age: 45, allergies: ['dipirona'] },
  symptoms: { chiefComplaint: 'Dor de garganta há 3 dias' },
  assessment: 'Faringite',
};
const PATIENT_SAMPLE = { name: 'Maria Souza', birthDate: '12/03/1961', sex: 'feminino' };
const MESSAGES_SAMPLE = { messages: [{ role: 'user', content: 'Paciente Ana, 30 anos.' }] };
const PRESCRIPTION_SAMPLE = {
  patientName: 'Maria Souza',
  patientAge: '45 anos',
  diagnosis: 'Amigdalite bacteriana',
  date: '2026-03-01',
  medications: [{ name: 'Amoxicilina', dosage: '500 mg', frequency: '8/8h', duration: '7 dias' }],
};

/** The body each AI task takes (`AI_TASKS` decides which tasks exist). */
const AI_TASK_SAMPLES: Record<string, Record<string, unknown>> = {
  'correct-text': { chiefComplaint: 'dor de cabeca a 3 dias' },
  'plan-suggestions': { record: RECORD_SAMPLE },
  'medication-suggestions': { record: RECORD_SAMPLE },
  'exam-suggestions': { record: RECORD_SAMPLE },
  'enhance-assessment': { text: 'pressao alta' },
  'cid-search': { text: 'asma' },
  'process-section': { text: 'dor no peito', section: 'symptoms' },
  extract: { text: 'Paciente Ana Lima, 30 anos, com febre.' },
  'item-info': { item: { kind: 'exam', name: 'Hemograma' }, question: 'Precisa de jejum?' },
  'quick-prescription': { text: 'Maria 45 anos amoxicilina 500mg 8/8h por 7 dias' },
  'structured-anamnesis': { transcript: 'Paciente Ana, 30 anos, com febre.' },
  'consultation-feedback': { transcript: 'Paciente Ana, 30 anos, com febre.' },
  'patient-instructions': { record: RECORD_SAMPLE },
};

async function createdId(response: Response, key: string): Promise<string> {
  const body = (await response.json()) as Record<string, { id?: string } | string | undefined>;
  const value = body[key];
  const id = typeof value === 'string' ? value : value?.id;
  if (!id) throw new Error(`no ${key} in ${JSON.stringify(body)}`);
  return id;
}

/**
 * Signs up two doctors on a running server, Ana (who sends the hostile requests) and Bruno
 * (whose record she attacks), and gives Ana a record, a receita and a lote to aim at.
 */
export async function prepareFuzzTargets(baseUrl: string): Promise<{
  ana: TestDoctorAccount;
  bruno: TestDoctorAccount;
  targets: FuzzTargets;
}> {
  const ana = await signUpDoctor(baseUrl, 'Dra. Ana');
  const bruno = await signUpDoctor(baseUrl, 'Dr. Bruno');
  const record = await ana.browser.postJson('/api/medical-records', {
    patientInfo: { name: 'Maria Souza' },
  });
  const brunosRecord = await bruno.browser.postJson('/api/medical-records', {
    patientInfo: { name: 'João Lima' },
  });
  const prescription = await ana.browser.postJson('/api/prescriptions', PRESCRIPTION_SAMPLE);
  const prescriptionId = await createdId(prescription, 'prescription');
  const batch = await ana.browser.postJson('/api/prescription-batches', {
    name: 'Lote',
    prescriptionIds: [prescriptionId],
  });
  const patientId = await createdId(
    await ana.browser.postJson('/api/patients', PATIENT_SAMPLE),
    'patient',
  );
  const otherPatient = await ana.browser.postJson('/api/patients', {
    ...PATIENT_SAMPLE,
    name: 'Maria de Souza',
  });
  const document = await ana.browser.postJson('/api/documents', {
    kind: 'relatorio',
    patientId,
    content: { text: 'Paciente em acompanhamento.' },
  });
  const targets: FuzzTargets = {
    patientId,
    otherPatientId: await createdId(otherPatient, 'patient'),
    documentId: await createdId(document, 'document'),
    recordId: await createdId(record, 'recordId'),
    otherDoctorsRecordId: await createdId(brunosRecord, 'recordId'),
    prescriptionId,
    batchId: await createdId(batch, 'batch'),
    email: ana.email,
  };
  return { ana, bruno, targets };
}

/** Every write route of the API, with the ids filled in. */
export function jsonRoutes(targets: FuzzTargets): JsonRoute[] {
  const record = `/api/medical-records/${targets.recordId}`;
  const patient = `/api/patients/${targets.patientId}`;
  const document = `/api/documents/${targets.documentId}`;
  const prescription = `/api/prescriptions/${targets.prescriptionId}`;
  const documentSample = {
    kind: 'relatorio',
    patientId: targets.patientId,
    content: { text: 'Paciente estável.' },
  };
  return [
    { method: 'POST', path: '/api/patients', sample: PATIENT_SAMPLE },
    { method: 'PUT', path: patient, sample: PATIENT_SAMPLE },
    { method: 'POST', path: `${patient}/merge`, sample: { otherId: targets.otherPatientId } },
    { method: 'POST', path: '/api/documents', sample: documentSample },
    { method: 'PUT', path: document, sample: documentSample },
    { method: 'POST', path: `${document}/issue`, sample: {}, readsNoBody: true },
    { method: 'POST', path: `${document}/sign`, sample: { password: 'senha-do-certificado' } },
    { method: 'POST', path: `${document}/cancel`, sample: { reason: 'Emitido por engano.' } },
    { method: 'POST', path: `${prescription}/sign`, sample: { password: 'senha-do-certificado' } },
    { method: 'POST', path: `${prescription}/cancel`, sample: { reason: 'Dose errada.' } },
    {
      method: 'POST',
      path: '/api/prescriptions/pdf',
      sample: { prescriptions: [{ id: 'receita-1', ...PRESCRIPTION_SAMPLE, notes: '' }] },
    },
    {
      method: 'PATCH',
      path: '/api/settings',
      sample: { clinicPhone: '11 98765-4321' },
    },
    { method: 'PUT', path: '/api/signing-certificate', sample: {}, multipart: true },
    { method: 'POST', path: '/api/medical-records', sample: RECORD_SAMPLE },
    { method: 'PUT', path: record, sample: RECORD_SAMPLE },
    {
      method: 'PUT',
      path: `/api/medical-records/${targets.otherDoctorsRecordId}`,
      sample: RECORD_SAMPLE,
    },
    { method: 'POST', path: `${record}/addenda`, sample: { text: 'Correção: alergia a AAS.' } },
    { method: 'POST', path: '/api/prescriptions', sample: PRESCRIPTION_SAMPLE },
    {
      method: 'PUT',
      path: `/api/prescriptions/${targets.prescriptionId}`,
      sample: PRESCRIPTION_SAMPLE,
    },
    {
      method: 'POST',
      path: '/api/prescription-batches',
      sample: { name: 'Lote', prescriptionIds: [targets.prescriptionId] },
    },
    {
      method: 'PUT',
      path: `/api/prescription-batches/${targets.batchId}`,
      sample: { name: 'Lote de março', isFinalized: false },
    },
    {
      method: 'POST',
      path: `/api/prescription-batches/${targets.batchId}/prescriptions`,
      sample: { prescriptionId: targets.prescriptionId },
    },
    {
      method: 'PUT',
      path: '/api/settings',
      sample: { name: 'Dra. Ana', crm: '12345', crmState: 'SP', clinicPhone: '11 98765-4321' },
    },
    { method: 'POST', path: '/api/medications/detect', sample: { text: 'amoxicilina 500 mg' } },
    {
      method: 'POST',
      path: '/api/medications/check',
      sample: { medication: { name: 'Dipirona', dosage: '500 mg' }, allergies: ['dipirona'] },
    },
    { method: 'POST', path: '/api/transcripts/clean-up', sample: { text: 'paciente com febre' } },
    { method: 'POST', path: '/api/ai/chat', sample: { ...MESSAGES_SAMPLE, mode: 'general' } },
    { method: 'POST', path: '/api/ai/demo-chat', sample: MESSAGES_SAMPLE },
    ...AI_TASKS.map((task): JsonRoute => ({
      method: 'POST',
      path: `/api/ai/${task.path}`,
      sample: AI_TASK_SAMPLES[task.path] ?? MESSAGES_SAMPLE,
    })),
    { method: 'POST', path: '/api/auth/update-user', sample: { name: 'Dra. Ana Souza' } },
    {
      method: 'POST',
      path: '/api/auth/change-password',
      sample: { currentPassword: 'senha-errada-000', newPassword: 'outra-senha-segura-456' },
    },
    {
      method: 'POST',
      path: '/api/auth/change-email',
      sample: { newEmail: 'novo@prontu.test' },
      endsSession: true,
    },
    {
      method: 'POST',
      path: '/api/auth/sign-in/email',
      sample: { email: targets.email, password: 'senha-errada-000' },
    },
    {
      method: 'POST',
      path: '/api/auth/sign-up/email',
      sample: { name: 'Dr. Novo', email: 'novo@prontu.test', password: 'senha-segura-123' },
    },
    { method: 'POST', path: '/api/auth/sign-out', sample: {}, endsSession: true },
    { method: 'POST', path: '/api/auth/revoke-session', sample: { token: 'x' } },
    { method: 'POST', path: '/api/auth/revoke-sessions', sample: {}, endsSession: true },
    { method: 'POST', path: '/api/auth/delete-user', sample: {}, endsSession: true },
    { method: 'POST', path: '/api/auth/get-session', sample: {} },
  ];
}

/** One request to send, and whether the API must refuse it whatever route receives it. */
export interface HostileRequest {
  route: JsonRoute;
  /** What was done to the sample, for the report of a failure. */
  variant: string;
  contentType: string | undefined;
  body: string | Uint8Array<ArrayBuffer>;
  mustBeRefused: boolean;
}

type Leaf = { path: (string | number)[] };

/** The paths of every value inside a sample (objects and arrays included), shallow first. */
function pathsOf(value: unknown, prefix: (string | number)[] = []): Leaf[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => [
      { path: [...prefix, index] },
      ...pathsOf(item, [...prefix, index]),
    ]);
  }
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, inner]) => [
      { path: [...prefix, key] },
      ...pathsOf(inner, [...prefix, key]),
    ]);
  }
  return [];
}

/** A copy of `sample` with the value at `path` replaced (or a new field when it has none). */
function withValueAt(sample: Record<string, unknown>, pick: number, value: unknown): unknown {
  const paths = pathsOf(sample);
  const copy = structuredClone(sample);
  const target = paths[pick % Math.max(paths.length, 1)];
  if (!target) return { ...copy, campo: value };
  let parent: unknown = copy;
  for (const key of target.path.slice(0, -1)) parent = (parent as Record<string, unknown>)[key];
  (parent as Record<string | number, unknown>)[target.path[target.path.length - 1] as string] =
    value;
  return copy;
}

const UNSTORABLE_TEXTS = ['\u0000', '\ud800', '\udfff', 'Maria\udbff Souza', 'a\u0000b'];

/** Hostile strings with an unstorable character somewhere in them. */
const unstorableText = fc
  .tuple(
    fc.string({ maxLength: 8 }),
    fc.constantFrom(...UNSTORABLE_TEXTS),
    fc.string({ maxLength: 8 }),
  )
  .map(([before, bad, after]) => before + bad + after);

/** Values of the wrong kind or at the edges: the API may accept some, but never with a 5xx. */
const oddValue = fc.oneof(
  fc.constantFrom<unknown>(null, true, false, 0, -0, 1e308, -1e308, 5e-324, 'NaN', 'Infinity'),
  fc.constantFrom<unknown>('', ' ', '0', '-1', '1e308', '2026-02-30', '{}', '[]', [], {}, [null]),
  fc.integer(),
  fc.double({ noNaN: true }),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.nat({ max: 300_000 }).map((length) => 'á'.repeat(length)),
  fc.array(fc.string({ maxLength: 5 }), { maxLength: 50 }),
);

function nested(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? '['.repeat(depth) + ']'.repeat(depth)
    : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

/** Replaces the JSON text of the marker string with raw JSON text (for bodies JSON.stringify cannot make). */
function spliced(value: unknown, marker: string, rawJson: string): string {
  return JSON.stringify(value).replace(JSON.stringify(marker), rawJson);
}

const MARKER = '\u2063hostile\u2063';
const JSON_TYPE = 'application/json';

/** A hostile variant of one route's sample body. */
function hostileBody(route: JsonRoute): fc.Arbitrary<Omit<HostileRequest, 'route'>> {
  const json = (variant: string, body: string, mustBeRefused: boolean) => ({
    variant,
    contentType: JSON_TYPE,
    body,
    mustBeRefused,
  });
  const refused: fc.Arbitrary<Omit<HostileRequest, 'route'>>[] = [
    fc
      .tuple(fc.nat(), unstorableText)
      .map(([pick, text]) =>
        json(
          `unstorable text ${JSON.stringify(text)}`,
          JSON.stringify(withValueAt(route.sample, pick, text)),
          true,
        ),
      ),
    fc
      .tuple(fc.nat(), unstorableText)
      .map(([pick, key]) =>
        json(
          `unstorable key`,
          JSON.stringify(withValueAt(route.sample, pick, { [key]: 'x' })),
          true,
        ),
      ),
    fc
      .tuple(
        fc.nat(),
        fc.integer({ min: 33, max: 10_000 }),
        fc.constantFrom<'array' | 'object'>('array', 'object'),
      )
      .map(([pick, depth, kind]) =>
        json(
          `${depth} nested ${kind}s`,
          spliced(withValueAt(route.sample, pick, MARKER), MARKER, nested(depth, kind)),
          true,
        ),
      ),
    fc
      .nat()
      .map((pick) =>
        json(
          '10,001 items',
          JSON.stringify(withValueAt(route.sample, pick, Array<number>(10_001).fill(0))),
          true,
        ),
      ),
    fc
      .nat()
      .map((pick) =>
        json(
          '1,001 keys',
          JSON.stringify(
            withValueAt(
              route.sample,
              pick,
              Object.fromEntries(Array.from({ length: 1001 }, (_, i) => [`k${i}`, i])),
            ),
          ),
          true,
        ),
      ),
    fc
      .nat()
      .map((pick) =>
        json(
          '__proto__ key',
          spliced(
            withValueAt(route.sample, pick, MARKER),
            MARKER,
            '{"__proto__":{"isAdmin":true}}',
          ),
          true,
        ),
      ),
    fc
      .constantFrom('{', '{"a":1}{', "{'a':1}", '{"a":}', '\u0000', '{"a":"\\ud800"}')
      .map((text) => json(`malformed ${JSON.stringify(text)}`, text, true)),
    fc.constant({
      variant: 'invalid UTF-8 (an encoded lone surrogate)',
      contentType: JSON_TYPE,
      body: new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]),
      mustBeRefused: true,
    }),
    fc
      .constantFrom(
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'application/jsonx',
      )
      .map((contentType) => ({
        variant: `content type ${contentType}`,
        contentType,
        body: JSON.stringify(route.sample),
        mustBeRefused: true,
      })),
  ];
  if (route.endsSession) return fc.oneof(...refused);
  return fc.oneof(
    ...refused,
    fc
      .tuple(fc.nat(), oddValue)
      .map(([pick, value]) =>
        json('odd value', JSON.stringify(withValueAt(route.sample, pick, value)), false),
      ),
    fc
      .constantFrom('', 'null', '1e308', '-0', '"NaN"', '[]', '{}', 'true', '[{}]')
      .map((text) => json(`body ${JSON.stringify(text)}`, text, false)),
  );
}

/** A hostile request to any of the routes. */
export function hostileRequest(routes: JsonRoute[]): fc.Arbitrary<HostileRequest> {
  return fc
    .constantFrom(...routes)
    .chain((route) => hostileBody(route).map((rest) => ({ route, ...rest })));
}

/** Path and query texts that no route may pass on to the database. */
const HOSTILE_URL_TEXTS = ['%ED%A0%80', '%ED%BF%BF', '%00', 'a%00b', '%', '%E0%A4', '%C0%AF'];
const ODD_URL_TEXTS = ['..%2F..%2Fetc%2Fpasswd', "'%3B drop table users--", '%F0%9F%98%B7', '-1'];

/** A GET or DELETE with hostile text in a route param or the query. */
export function hostileUrl(): fc.Arbitrary<{
  method: 'GET' | 'DELETE';
  path: string;
  mustBeRefused: boolean;
}> {
  const text = fc.oneof(
    fc.constantFrom(...HOSTILE_URL_TEXTS).map((t) => ({ t, refused: true })),
    fc.constantFrom(...ODD_URL_TEXTS).map((t) => ({ t, refused: false })),
    fc.nat({ max: 5_000 }).map((n) => ({ t: 'x'.repeat(n), refused: false })),
  );
  const where = fc.constantFrom(
    (t: string) => ({ method: 'GET' as const, path: `/api/cid10/search?q=${t}` }),
    (t: string) => ({ method: 'GET' as const, path: `/api/medications/search?q=${t}` }),
    (t: string) => ({ method: 'GET' as const, path: `/api/medications/dosing-hint?name=${t}` }),
    (t: string) => ({ method: 'GET' as const, path: `/api/medical-records?lastEvaluatedKey=${t}` }),
    (t: string) => ({ method: 'GET' as const, path: `/api/prescriptions?lastEvaluatedKey=${t}` }),
    (t: string) => ({ method: 'GET' as const, path: `/api/medical-records/${t}` }),
    (t: string) => ({ method: 'GET' as const, path: `/api/prescriptions/${t}` }),
    (t: string) => ({ method: 'GET' as const, path: `/api/prescription-batches/${t}` }),
    (t: string) => ({ method: 'DELETE' as const, path: `/api/medical-records/${t}` }),
    (t: string) => ({ method: 'DELETE' as const, path: `/api/prescriptions/${t}` }),
    (t: string) => ({
      method: 'GET' as const,
      path: `/api/auth/get-session?disableCookieCache=${t}`,
    }),
  );
  return fc
    .tuple(text, where)
    .map(([{ t, refused }, at]) => ({ ...at(t), mustBeRefused: refused }));
}

/**
 * Sends a hostile request as the doctor's browser tab: the status, the body as text and how long
 * the answer took.
 */
export async function sendHostile(
  browser: TestBrowser,
  request: HostileRequest,
): Promise<{ status: number; text: string; elapsedMs: number }> {
  const headers: Record<string, string> = {};
  if (request.contentType) headers['content-type'] = request.contentType;
  const started = performance.now();
  const response = await browser.fetch(request.route.path, {
    method: request.route.method,
    headers,
    body: request.body,
  });
  const text = await response.text();
  return { status: response.status, text, elapsedMs: performance.now() - started };
}

/** Words of zod's and Better Auth's English messages, none of which a Portuguese refusal has. */
export const ENGLISH_WORDS =
  /\b(Invalid|invalid input|expected|received|Required|must|String|Expected)\b/;

/** A refusal's message when it has English words in it (what the doctor would read), else undefined. */
export function englishRefusal(status: number, text: string): string | undefined {
  if (status < 400) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return undefined;
  }
  const message =
    typeof body === 'object' && body !== null ? (body as { error?: unknown }).error : undefined;
  return typeof message === 'string' && ENGLISH_WORDS.test(message) ? message : undefined;
}

/**
 * What a doctor can see of their own data: records, receitas, lotes, settings and the session's
 * user. Equal before and after a refused request, or the refusal changed something.
 */
export async function doctorStateSnapshot(browser: TestBrowser): Promise<string> {
  const read = async (path: string) => {
    const response = await browser.fetch(path);
    return `${path} ${response.status} ${await response.text()}`;
  };
  const sessionUser = async () => {
    const session = await browser.fetch('/api/auth/get-session');
    const user = ((await session.json()) as { user?: unknown } | null)?.user ?? null;
    return `session user ${JSON.stringify(user)}`;
  };
  const parts = await Promise.all([
    read('/api/medical-records?limit=100'),
    read('/api/patients?limit=100'),
    read('/api/prescriptions?limit=100'),
    read('/api/prescription-batches?limit=100'),
    read('/api/settings'),
    sessionUser(),
  ]);
  return parts.join('\n');
}

/** A request as a line of a report: method, path, variant and the start of the body. */
export function describeHostile(request: HostileRequest): string {
  const body =
    typeof request.body === 'string'
      ? request.body.slice(0, 120)
      : `<${request.body.byteLength} bytes>`;
  return `${request.route.method} ${request.route.path} [${request.variant}] ${request.contentType ?? '-'} ${body}`;
}
