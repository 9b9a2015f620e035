import { sign, verify, X509Certificate } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DOCTOR_SETTINGS, type DoctorSettings } from '@shared/account/doctor-settings';
import { type ReceitaPrescription } from '@shared/prescriptions/receita-document';
import { buildReceitaPrintJob } from '@shared/prescriptions/receita-page-layout';
import { HttpError } from '../http/errors';
import { renderReceitaPdf } from '../pdf/receita-pdf';
import { createTestPki, doctorPfx, pfxAskingForRounds } from '../testing/test-pki';
import {
  createHeavyWork,
  HEAVY_WORK_LIMITS,
  type HeavyWork,
  type HeavyWorkLimits,
} from './heavy-work';

const PASSWORD = 'senha-do-certificado-1';
const settings: DoctorSettings = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Dra. Ana Souza',
  crm: '123456',
  crmState: 'SP',
};
const receita: ReceitaPrescription = {
  id: 'receita-1',
  patientName: 'Maria Souza',
  patientAge: '30',
  diagnosis: '',
  notes: 'x'.repeat(2_000),
  date: '2026-12-05',
  medications: [{ name: 'Dipirona', dosage: '500 mg', frequency: '6/6h' }],
};
const createdAt = new Date('2026-12-05T12:00:00Z');

let pfx: Uint8Array<ArrayBuffer>;
/**
 * A file without a MAC whose key bag asks for 990,000 rounds: within the rounds a file may ask
 * for in all (signing/pkcs12.ts), so node-forge runs them — seconds — before the key fails to
 * decrypt.
 */
let slowPfx: Uint8Array<ArrayBuffer>;

beforeAll(() => {
  const pki = createTestPki();
  pfx = doctorPfx(pki, { name: 'HELENA PRADO', cpf: '52998224725', password: PASSWORD });
  const unchecked = doctorPfx(pki, {
    name: 'HELENA PRADO',
    cpf: '52998224725',
    password: PASSWORD,
    withoutMac: true,
  });
  slowPfx = pfxAskingForRounds(unchecked, 990_000);
});

/** A test running the slow file: its rounds take seconds alone, much more beside the other suites. */
const SLOW_JOB_TEST_MS = 120_000;

let pools: HeavyWork[] = [];
afterEach(async () => {
  await Promise.all(pools.map((pool) => pool.close()));
  pools = [];
});

function poolWith(limits: Partial<HeavyWorkLimits>): HeavyWork {
  const pool = createHeavyWork({ ...HEAVY_WORK_LIMITS, ...limits });
  pools.push(pool);
  return pool;
}

const receitaJob = () => {
  const job = buildReceitaPrintJob([receita], settings);
  return {
    kind: 'receita-pdf' as const,
    pages: job.pages,
    settings: { name: settings.name, prescriptionName: settings.prescriptionName },
    metadata: { title: 'Receita', createdAt },
    marks: new Map(),
  };
};

/** The error a promise rejects with, or a failure when it resolves. */
async function rejectionOf(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('heavy work in worker threads', () => {
  it('renders a receita in a worker exactly as on the request thread', async () => {
    const pool = poolWith({});
    const job = receitaJob();
    const inWorker = await pool.run('doctor-a', job);
    const here = await renderReceitaPdf(job.pages, job.settings, job.metadata, job.marks);
    expect(Buffer.from(inWorker)).toEqual(Buffer.from(here));
  });

  it('opens a PKCS#12 file in a worker and hands back a key that signs', async () => {
    const reading = await poolWith({}).run('doctor-a', {
      kind: 'pkcs12',
      file: pfx,
      password: PASSWORD,
    });
    if (reading.kind !== 'read') throw new Error(`not read: ${reading.kind}`);
    const signature = sign('sha256', Buffer.from('receita'), reading.bundle.privateKey);
    const certificate = new X509Certificate(reading.bundle.certificate);
    expect(verify('sha256', Buffer.from('receita'), certificate.publicKey, signature)).toBe(true);
  });

  it(
    'stops a job past its time limit with a Portuguese 503, and the next job still runs',
    async () => {
      // The slow file takes seconds of rounds; the limit counts from when the job begins, so the
      // thread's own start (slow on a busy machine) is not held against it.
      const pool = poolWith({ threads: 1, timeLimitMs: 1_000 });
      const refusal = await rejectionOf(
        pool.run('doctor-a', { kind: 'pkcs12', file: slowPfx, password: PASSWORD }),
      );
      expect(refusal).toMatchObject({ code: 'work_timeout', status: 503 });
      expect(refusal.message).toMatch(/tempo demais/);
      // The lane's thread was replaced: the next file, a real one, is read in time.
      const next = await pool.run('doctor-a', { kind: 'pkcs12', file: pfx, password: PASSWORD });
      expect(next.kind).toBe('read');
    },
    SLOW_JOB_TEST_MS,
  );

  it(
    "answers another doctor's PDF while a slow certificate holds its lane's only thread",
    async () => {
      // The slow file's seconds grow several times on a loaded machine: no time limit stops it here.
      const pool = poolWith({ threads: 1, timeLimitMs: SLOW_JOB_TEST_MS });
      const finished: string[] = [];
      const slow = pool
        .run('doctor-a', { kind: 'pkcs12', file: slowPfx, password: PASSWORD })
        .then(() => finished.push('slow'));
      await pool.run('doctor-b', receitaJob()).then(() => finished.push('receita'));
      await slow;
      expect(finished).toEqual(['receita', 'slow']);
    },
    SLOW_JOB_TEST_MS,
  );

  it("refuses a requester's third job with 429 while the first two wait, and takes another's", async () => {
    const pool = poolWith({ threads: 1, perRequester: 2 });
    const first = pool.run('doctor-a', receitaJob());
    const second = pool.run('doctor-a', receitaJob());
    const refusal = await rejectionOf(pool.run('doctor-a', receitaJob()));
    expect(refusal).toMatchObject({ code: 'busy', status: 429 });
    expect(refusal.headers).toMatchObject({ 'Retry-After': '2' });
    await expect(pool.run('doctor-b', receitaJob())).resolves.toBeInstanceOf(Uint8Array);
    await Promise.all([first, second]);
  });

  it('refuses new jobs with 503 once the queue is full', async () => {
    const pool = poolWith({ threads: 1, queueLimit: 1, perRequester: 10 });
    const running = pool.run('doctor-a', receitaJob());
    const queued = pool.run('doctor-b', receitaJob());
    const refusal = await rejectionOf(pool.run('doctor-c', receitaJob()));
    expect(refusal).toMatchObject({ code: 'server_busy', status: 503 });
    await Promise.all([running, queued]);
  });
});
