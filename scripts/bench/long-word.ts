/**
 * Long-word PDF benchmark, in process: a receita and a relatório whose notes hold one unbroken
 * word of 100 to 2,000 characters (the field's maximum), rendered to PDF. Line breaking cuts such
 * a word by characters, measuring each once, so the time grows with the word's length and stays
 * near that of ordinary text. Prints the median and worst of a few renders per length; asserts
 * nothing.
 *
 *   npm run bench:long-word
 *
 * Budget (docs/documentos.md, "PDF"): a receita with a 2,000-character word renders in under 1 s.
 */
import { performance } from 'node:perf_hooks';
import { DEFAULT_DOCTOR_SETTINGS, type DoctorSettings } from '@shared/account/doctor-settings';
import { type ReceitaPrescription } from '@shared/prescriptions/receita-document';
import { buildReceitaPrintJob } from '@shared/prescriptions/receita-page-layout';
import { renderDocumentPdf } from '@server/pdf/document-pdf';
import { renderReceitaPdf } from '@server/pdf/receita-pdf';
import { percentile } from './bench-support';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const LENGTHS = [100, 400, 800, 2_000];
const BUDGET_MS = 1_000;

const settings: DoctorSettings = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Dra. Ana Souza',
  crm: '123456',
  crmState: 'SP',
  prescriptionsPerPage: 1,
};

function receitaWith(notes: string): ReceitaPrescription {
  return {
    id: 'bench',
    patientName: 'Maria Souza',
    patientAge: '30',
    diagnosis: '',
    notes,
    date: '2026-12-05',
    medications: [
      { name: 'Dipirona', dosage: '500mg', dosePerIntake: '1 comprimido', frequency: '6/6h' },
    ],
  };
}

async function renderReceita(notes: string): Promise<void> {
  const job = buildReceitaPrintJob([receitaWith(notes)], settings);
  await renderReceitaPdf(job.pages, settings, { title: 'Receita', createdAt: new Date() });
}

async function renderRelatorio(notes: string): Promise<void> {
  await renderDocumentPdf(
    {
      title: 'Relatório médico',
      issuer: ['Dra. Ana Souza', 'CRM/SP 123456'],
      patient: ['Paciente: Maria Souza'],
      paragraphs: [notes],
      issuedAt: 'Emitido em 05/12/2026 às 09:00',
    },
    { metadata: { title: 'Relatório', author: 'Dra. Ana Souza', createdAt: new Date() } },
  );
}

async function timed(render: (notes: string) => Promise<void>, notes: string) {
  await render(notes);
  const times: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const start = performance.now();
    await render(notes);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: percentile(times, 50), worst: times[times.length - 1] ?? Number.NaN };
}

const ms = (value: number) => `${value.toFixed(0)} ms`.padEnd(9);
console.log(`PDF with one unbroken word in the notes, ${ROUNDS} renders each after one unmeasured`);
console.log('characters  receita median  worst      relatório median  worst      budget');
for (const length of LENGTHS) {
  const word = 'x'.repeat(length);
  const receita = await timed(renderReceita, word);
  const relatorio = await timed(renderRelatorio, word);
  const budget =
    length === 2_000 ? `< ${BUDGET_MS} ms ${receita.worst < BUDGET_MS ? 'met' : 'MISSED'}` : '';
  console.log(
    `${String(length).padEnd(12)}${ms(receita.median)}       ${ms(receita.worst)}  ${ms(relatorio.median)}         ${ms(relatorio.worst)}  ${budget}`,
  );
}
const words = Array.from({ length: 400 }, () => 'palavra').join(' ');
const ordinary = await timed(renderReceita, words);
console.log(`ordinary words, 3,200 characters: receita median ${ms(ordinary.median)}`);
