/**
 * What signing a document or a receita costs (docs/documentos.md), in this process, on the test PKI's 2048-bit keys:
 * sealing a certificate at upload (scrypt), opening it to sign (scrypt + PKCS#12), and rendering
 * and signing one PDF (PAdES AD-RB), the PDF made in a worker thread as the server makes it. A batch of n documents costs one opening per document (the
 * server opens the certificate for each request) plus n render-and-sign.
 *
 *   npm run bench:signing            # 20 documents per kind
 *   BENCH_RUNS=50 npm run bench:signing
 */
import { performance } from 'node:perf_hooks';
import type { ClinicalDocumentRow } from '@server/db/schema';
import { signedDocumentPdfOf } from '@server/documents/presenter';
import { printedReceita, signedReceitaPdf } from '@server/prescriptions/printing';
import { openCertificate, sealCertificate } from '@server/signing/custody';
import { readPkcs12 } from '@server/signing/pkcs12';
import { a1Device } from '@server/signing/signature-device';
import { createTestPki, doctorPfx } from '@server/testing/test-pki';
import { createHeavyWork } from '@server/workers/heavy-work';
import type { DocumentBody, DocumentIssue } from '@shared/documents/clinical-document';
import { DEFAULT_DOCTOR_SETTINGS, type DoctorSettings } from '@shared/account/doctor-settings';
import { ms, percentile } from './bench-support';

const RUNS = Number(process.env.BENCH_RUNS ?? 20);
const PASSWORD = 'senha-do-certificado';

async function timed(runs: number, work: () => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    const start = performance.now();
    await work();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

function report(label: string, times: number[]): void {
  console.log(
    `${label.padEnd(40)} p50 ${ms(percentile(times, 50)).padStart(9)}  p95 ${ms(percentile(times, 95)).padStart(9)}  (n=${times.length})`,
  );
}

const issue: DocumentIssue = {
  at: new Date().toISOString(),
  doctor: {
    name: 'Dra. Helena Prado',
    crm: '123456',
    crmState: 'SP',
    address: 'Av. Paulista, 1000, sala 12 — São Paulo/SP',
    phone: '(11) 3456-7890',
    email: 'helena@clinica.com.br',
  },
  patient: { name: 'Maria Aparecida dos Santos', cpf: '11144477735', sex: 'feminino' },
};

function rowOf(body: DocumentBody): ClinicalDocumentRow {
  const now = new Date();
  return {
    id: 'document-00000000-0000-0000-0000-000000000000',
    userId: 'bench',
    patientId: 'patient-bench',
    recordId: null,
    kind: body.kind,
    status: 'emitido',
    content: body.content,
    issue,
    publicId: 'AbCdEfGhIjKlMnOpQrStUv',
    secretCode: 'K7Q2M9XAPL',
    signedAt: null,
    cancelledAt: null,
    cancelReason: null,
    version: 1,
    createdAt: now,
    updatedAt: now,
  };
}

const pki = createTestPki();
const pfx = doctorPfx(pki, { name: 'HELENA PRADO', cpf: '52998224725', password: PASSWORD });

const sealTimes = await timed(5, () => sealCertificate(pfx, PASSWORD, 'bench'));
report('seal at upload (scrypt + AES-GCM)', sealTimes);
const sealed = await sealCertificate(pfx, PASSWORD, 'bench');
const openTimes = await timed(RUNS, async () => {
  const file = await openCertificate(sealed, PASSWORD, 'bench');
  if (file === null || readPkcs12(file, PASSWORD).kind !== 'read') throw new Error('not opened');
});
report('open to sign (scrypt + PKCS#12)', openTimes);

const reading = readPkcs12(pfx, PASSWORD);
if (reading.kind !== 'read') throw new Error('test certificate unreadable');
const device = a1Device(reading.bundle);
const bodies: DocumentBody[] = [
  { kind: 'atestado', content: { days: 3, startDate: '2026-11-26', showCid: false } },
  {
    kind: 'exames',
    content: {
      exams: [{ name: 'Hemograma completo' }, { name: 'Glicemia de jejum' }, { name: 'TSH' }],
      clinicalIndication: 'Fadiga há 2 meses',
    },
  },
  { kind: 'relatorio', content: { text: 'Paciente em acompanhamento. '.repeat(120) } },
];
const heavyWork = createHeavyWork();
const runJob = heavyWork.runFor('bench');
const signTimes: Record<string, number[]> = {};
for (const body of bodies) {
  const row = rowOf(body);
  signTimes[body.kind] = await timed(RUNS, () =>
    signedDocumentPdfOf(
      row,
      issue,
      'https://prontu.example/validar/AbCdEfGhIjKlMnOpQrStUv',
      {
        device,
        signer: 'HELENA PRADO',
        signedAt: new Date(),
      },
      runJob,
    ),
  );
  report(`render + sign: ${body.kind}`, signTimes[body.kind] ?? []);
}

// A receita: the antimicrobial sheet in two vias, with its validation block.
const settings: DoctorSettings = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Dra. Helena Prado',
  crm: '123456',
  crmState: 'SP',
  clinicAddress: 'Av. Paulista, 1000, sala 12 — São Paulo/SP',
  clinicPhone: '(11) 3456-7890',
};
const receita = printedReceita(
  {
    id: 'prescription-bench',
    patientName: 'Maria Aparecida dos Santos',
    patientAge: '65',
    patientSex: 'feminino',
    diagnosis: '',
    notes: '',
    date: '2026-11-27',
    medications: [
      {
        name: 'Dipirona',
        dosage: '500 mg',
        frequency: 'de 6 em 6 horas',
        duration: '3 dias',
        genericAllowed: true,
        priority: 'normal',
      },
    ],
  },
  undefined,
);
signTimes.receita = await timed(RUNS, () =>
  signedReceitaPdf(
    receita,
    settings,
    { url: 'https://prontu.example/validar/AbCdEfGhIjKlMnOpQrStUv', secretCode: 'K7Q2M9XAPL' },
    { device, signer: 'HELENA PRADO', signedAt: new Date() },
    runJob,
  ),
);
await heavyWork.close();
report('render + sign: receita', signTimes.receita);

const median = (times: number[] | undefined) => percentile(times ?? [0], 50);
const batch =
  4 * median(openTimes) +
  median(signTimes.receita) +
  median(signTimes.atestado) +
  median(signTimes.exames) +
  median(signTimes.relatorio);
console.log(`batch of 4 (receita, atestado, exames, relatório), server work at p50: ${ms(batch)}`);
