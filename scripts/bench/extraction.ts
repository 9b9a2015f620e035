/**
 * Offline extraction benchmark: times `extractMedicalData` on transcripts of about 600 words
 * (built from varied consultation pieces written here, never the evaluation cases) and prints
 * the median and p99 over a few hundred runs; then the evidence the server finds for a model's
 * values given without quotes. Budgets: under 20 ms per 600 words for the extraction, and for
 * the evidence of 40 values; under 200 ms for 30 values found nowhere in 100,000 characters.
 * The exit code is 1 when one is exceeded.
 *
 *   npm run bench:extraction
 *   BENCH_RUNS=1000 npm run bench:extraction
 */
import { evidenceOfModelValues, evidenceOfOwnValues } from '@clinical/evidence/quoted-evidence';
import { findQuotes } from '@clinical/evidence/find-quote';
import { extractMedicalData } from '@clinical/extraction/extract-medical-data';
import { emptyExtraction, type ExtractionResult } from '@shared/ai/extraction';
import { extractedValues } from '@shared/ai/extraction-evidence';

const RUNS = Number(process.env.BENCH_RUNS ?? 400);
const WARMUP_RUNS = 30;
const TARGET_WORDS = 600;
const BUDGET_MS = 20;

/** Pieces of dialogues, dictations and notes, mixed so every rule has work to do. */
const OPENINGS = [
  'Médico: Bom dia, qual é o seu nome completo?\nPaciente: Rosa Helena Barbosa.\nMédico: E a idade?\nPaciente: Cinquenta e oito anos.',
  'Médica: Boa tarde! Como o senhor se chama?\nPaciente: Wilson Teles de Andrade, doutora, tenho 64 anos.',
  'Médico: Oi, mãe. Qual o nome dele?\nMãe: Davi Rocha Lima, ele tem 6 anos.',
];
const STORIES = [
  'Médico: O que traz a senhora aqui?\nPaciente: Tô com uma dor no peito que aperta, começou há três dias, piora quando subo escada. De zero a dez, uns sete.',
  'Médico: O que está acontecendo?\nPaciente: Tenho tosse com catarro amarelo faz uma semana e febre de tarde. Não tenho falta de ar.',
  'Médico: Me conta.\nMãe: Ele está com diarreia desde ontem, vomitou duas vezes e não quer comer. Febre não teve.',
  'Médico: E o que mais?\nPaciente: Minha cabeça dói muito de manhã, uma dor forte, latejante. Às vezes dá enjoo.',
];
const HISTORIES = [
  'Médico: Tem alguma doença?\nPaciente: Tenho pressão alta e diabetes. Minha mãe tinha asma. Tomo losartana 50 mg de 12 em 12 horas e metformina 850 mg duas vezes ao dia. A sinvastatina eu parei de tomar.',
  'Médico: Alergia a algum remédio?\nPaciente: Sou alérgica a dipirona e a sulfa, me dá coceira.',
  'Médico: Usa algum remédio?\nPaciente: Não uso nada. Não tenho doença nenhuma, graças a Deus.',
];
const EXAMS = [
  'Médico: Vou examinar. Pressão 14 por 9, frequência cardíaca 88, temperatura trinta e sete e meio, saturação 96% em ar ambiente. Peso 82 quilos, altura 1,70 metro. Ausculta com estertores em base direita.',
  'Médico: Vamos olhar. PA 120x80 mmHg, FC 76 bpm, FR 16 irpm, Tax 36,8 °C. Abdome flácido, doloroso em epigástrio, sem sinais de irritação peritoneal.',
];
const PLANS = [
  'Médico: É uma pneumonia comunitária. Vou passar amoxicilina com clavulanato 875 mg de 12 em 12 horas por 7 dias e dipirona 1 g se febre. Se não melhorar, talvez a gente troque para levofloxacino. Vou pedir um raio-x de tórax e hemograma. Retorno em 48 horas.',
  'Médico: Parece uma gastrite. Prescrevo omeprazol 20 mg em jejum por 30 dias e bromoprida 10 mg se enjoo. Evite café e frituras. Solicito endoscopia digestiva alta. Retorne em um mês.',
  'Paciente Marcos Antunes, 41 anos, sexo masculino, hipertenso em uso de enalapril 10 mg. Nega alergias. Refere lombalgia há cinco dias, de forte intensidade. Ao exame: PA 130x85 mmHg, FC 80 bpm. Impressão: lombalgia mecânica. Conduta: ciclobenzaprina 5 mg à noite por 7 dias e ibuprofeno 600 mg de 8/8h por 5 dias. Oriento calor local.',
];

/** One transcript of about TARGET_WORDS words, different for each seed. */
function buildTranscript(seed: number): string {
  const pools = [OPENINGS, STORIES, HISTORIES, EXAMS, PLANS];
  const parts: string[] = [];
  let words = 0;
  for (let i = 0; words < TARGET_WORDS; i++) {
    const pool = pools[i % pools.length] ?? PLANS;
    const part = pool[(seed + i * 7) % pool.length] ?? '';
    parts.push(part);
    words += part.split(/\s+/).length;
  }
  return parts.join('\n');
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

const transcripts = Array.from({ length: 20 }, (_, seed) => buildTranscript(seed));
const averageWords =
  transcripts.reduce((total, t) => total + t.split(/\s+/).length, 0) / transcripts.length;

for (let i = 0; i < WARMUP_RUNS; i++) extractMedicalData(transcripts[i % transcripts.length] ?? '');

const times: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const transcript = transcripts[i % transcripts.length] ?? '';
  const started = performance.now();
  extractMedicalData(transcript);
  times.push(performance.now() - started);
}
times.sort((a, b) => a - b);
const median = percentile(times, 50);
const p99 = percentile(times, 99);

console.log(`extraction: ${RUNS} runs on transcripts of ~${Math.round(averageWords)} words`);
console.log(
  `  median ${median.toFixed(2)} ms   p99 ${p99.toFixed(2)} ms   max ${(times.at(-1) ?? NaN).toFixed(2)} ms`,
);
const ok = p99 < BUDGET_MS;
console.log(`  budget < ${BUDGET_MS} ms per 600 words: ${ok ? 'ok' : 'EXCEEDED'}`);
process.exitCode = ok ? 0 : 1;

// The evidence of the same extractions (docs/api.md, "Motor offline"): each value located in its transcript.
const evidenceTimes: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const transcript = transcripts[i % transcripts.length] ?? '';
  const extraction = extractMedicalData(transcript);
  const started = performance.now();
  evidenceOfOwnValues(transcript, extraction);
  evidenceTimes.push(performance.now() - started);
}
evidenceTimes.sort((a, b) => a - b);
console.log(
  `evidence of the offline values: median ${percentile(evidenceTimes, 50).toFixed(2)} ms   p99 ${percentile(evidenceTimes, 99).toFixed(2)} ms`,
);

// The worst a model can ask of the quote search: 30 quotes that are nowhere in the longest text
// the API takes, made of the very words they use (every window is a candidate).
const filler =
  'paciente refere dor de cabeça forte há três dias com piora ao deitar e febre de trinta e oito graus ';
const longest = filler.repeat(Math.ceil(100_000 / filler.length)).slice(0, 100_000);
const absent = Array.from(
  { length: 30 },
  (_, index) =>
    `paciente relata dores de cabeca fortes desde ${index} semanas com piora ao levantar`,
);
const searchStarted = performance.now();
findQuotes(longest, absent);
console.log(
  `quote search, 30 absent quotes in 100,000 characters: ${(performance.now() - searchStarted).toFixed(0)} ms`,
);

/**
 * A model's extraction of a transcript without quotes, as many models answer: the offline
 * engine's values stand for what a model reads, and values nobody said fill it up to `count`.
 */
function modelExtraction(transcript: string, count: number): ExtractionResult {
  const result = extractMedicalData(transcript);
  const missing = Math.max(0, count - extractedValues(result).length);
  const invented = Array.from({ length: missing }, (_, index) => `Varfarina ${index + 1} mg`);
  return {
    ...result,
    patientInfo: {
      ...result.patientInfo,
      medications: [...(result.patientInfo.medications ?? []), ...invented],
    },
  };
}

const modelTimes: number[] = [];
const modelResults = transcripts.map((transcript) => modelExtraction(transcript, 40));
for (let i = 0; i < RUNS; i++) {
  const index = i % transcripts.length;
  const started = performance.now();
  evidenceOfModelValues(transcripts[index] ?? '', modelResults[index] ?? emptyExtraction(), {});
  modelTimes.push(performance.now() - started);
}
modelTimes.sort((a, b) => a - b);
const modelP99 = percentile(modelTimes, 99);
console.log(
  `evidence of a model's 40 values without quotes: median ${percentile(modelTimes, 50).toFixed(2)} ms   p99 ${modelP99.toFixed(2)} ms (budget < ${BUDGET_MS} ms)`,
);

// The worst a model can ask of its own words: 30 values nowhere in the longest text, each kind.
const absentValues: ExtractionResult = {
  ...emptyExtraction(),
  patientInfo: {
    ...emptyExtraction().patientInfo,
    allergies: Array.from({ length: 10 }, (_, index) => `Penicilina benzatina ${index}`),
    medications: Array.from({ length: 10 }, (_, index) => `Paracetamol ${750 + index} mg`),
  },
  symptoms: {
    ...emptyExtraction().symptoms,
    currentSymptoms: Array.from(
      { length: 10 },
      (_, index) => `dores de cabeca lancinantes ha ${index} semanas ao levantar`,
    ),
  },
};
const absentStarted = performance.now();
const absentEvidence = evidenceOfModelValues(longest, absentValues, {});
const absentMs = performance.now() - absentStarted;
console.log(
  `evidence of 30 values found nowhere in 100,000 characters: ${absentMs.toFixed(0)} ms, ` +
    `${absentEvidence.unsupported.length} unsupported (budget < 200 ms)`,
);
if (modelP99 >= BUDGET_MS || absentMs >= 200) process.exitCode = 1;
