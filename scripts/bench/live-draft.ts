/**
 * Live-draft benchmark (docs/product.md, "Gravação e transcrição em trechos"): how far the draft
 * on screen lags the speech while a voice consultation is recorded, and how soon after 'Finalizar
 * Gravação' the whole draft is in the review.
 *
 * It builds the web app if its sources changed, speaks a five-minute visit with espeak-ng into
 * Chromium's fake microphone, and for each run starts `npm start`'s server in its own process
 * (PGlite in a temporary DATA_DIR, the default 30-second segments, the offline engine) with a fake
 * transcription service that knows when each word was spoken and answers each segment with its
 * words after 2 seconds (tests/e2e/support/fake-provider.ts, `startListeningTranscriber`). In the
 * page a MutationObserver notes when the draft's transcript and its recognised values change.
 *
 * - Transcript lag: for each word, when it first shows in the draft minus when it was spoken.
 * - Values lag: for each value the offline engine reads (name, age, vital signs…), when it shows
 *   in the draft minus when its last word was spoken.
 * - Final draft: from the click on 'Finalizar Gravação' until the review shows the whole
 *   transcript and the values recognised in it.
 *
 *   npm run bench:live-draft
 *   BENCH_RUNS=1 npm run bench:live-draft
 *
 * Budgets: the draft lags the speech by at most one segment plus 3 s (33 s; the worst lag of each
 * run, median of the runs) and the final draft is ready ≤ 5 s after the stop (median of the
 * runs). The exit code is 1 when a budget fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startServerProcess, type ServerProcess } from '@server/testing/server-process';
import { signUpDoctor } from '@server/testing/test-server';
import { RECORDING_CONSENT_LABEL } from '@shared/ai/use';
import { seamKey } from '@web/features/voice/transcript-seams';
import {
  startListeningTranscriber,
  type ListeningTranscriber,
} from '../../tests/e2e/support/fake-provider';
import {
  fakeMicrophoneArgs,
  MIGRAINE_VISIT_SENTENCES,
  speakTimedPortuguese,
  type TimedWord,
} from '../../tests/e2e/support/spoken-consultation';
import { findChromium, launchChromium } from '../../tests/support/chromium';
import { percentile } from './bench-support';

const root = path.resolve(import.meta.dirname, '../..');
const RUNS = parseRuns(process.env.BENCH_RUNS);
const SEGMENT_SECONDS = 30;
const ANSWER_DELAY_MS = 2_000;
const LAG_BUDGET_MS = SEGMENT_SECONDS * 1000 + 3_000;
const FINAL_BUDGET_MS = 5_000;
const TRAILING_SILENCE_SECONDS = 20;
const PHONE = { width: 390, height: 844 };

/**
 * The three-minute visit of the e2e test, and two more minutes of it before the goodbye: a
 * five-minute consultation.
 */
const FIVE_MINUTE_VISIT = [
  ...MIGRAINE_VISIT_SENTENCES.slice(0, -2),
  'Antes de terminar, a senhora falou de uma dor nas costas.',
  'Sim, doutora, dói embaixo, do lado esquerdo.',
  'Começou depois que carreguei umas caixas no trabalho.',
  'A dor vai para a perna ou fica só nas costas?',
  'Fica só nas costas, não desce para a perna.',
  'Tem formigamento ou fraqueza nas pernas?',
  'Não tenho formigamento nem fraqueza.',
  'Consegue urinar e evacuar normalmente?',
  'Sim, tudo normal.',
  'Vou examinar as costas agora, pode deitar.',
  'Há dor à palpação da musculatura lombar à esquerda.',
  'O teste de elevação da perna é negativo dos dois lados.',
  'Os reflexos estão normais e simétricos.',
  'A sensibilidade das pernas está preservada.',
  'Parece uma dor muscular, sem sinal de alarme.',
  'Calor local ajuda bastante neste tipo de dor.',
  'Faça compressa morna por vinte minutos, duas vezes ao dia.',
  'Evite carregar peso nas próximas duas semanas.',
  'Quando melhorar, comece alongamentos leves.',
  'Vou deixar por escrito quais alongamentos fazer.',
  'Se a dor descer para a perna, me avise.',
  'Se perder a força ou a urina escapar, procure o pronto socorro.',
  'A senhora usa algum remédio todos os dias?',
  'Só o anticoncepcional, doutora.',
  'Está bem, ele pode continuar como está.',
  'Mas atenção com a enxaqueca com aura.',
  'Com aura, o anticoncepcional com estrogênio não é indicado.',
  'Vamos conversar com a sua ginecologista sobre trocar o método.',
  'Vou escrever uma carta para ela explicando o motivo.',
  'A senhora está grávida ou acha que pode estar?',
  'Não, doutora, não estou grávida.',
  'Certo, então seguimos com o plano combinado.',
  'Resumindo, sono regular, menos café e caderno da dor.',
  'Para as costas, calor local e nada de peso.',
  'E a conversa com a ginecologista sobre o anticoncepcional.',
  ...MIGRAINE_VISIT_SENTENCES.slice(-2),
] as const;

/** Values the offline engine reads from the visit, as the draft shows them. */
const TRACKED_VALUES = [
  { shown: 'Joana Prado', lastWord: /^Prado,?$/ },
  { shown: '38 anos', lastWord: /^anos\.?$/ },
  { shown: '130/85', lastWord: /^85\.?$/ },
  { shown: '88 bpm', lastWord: /^88\.?$/ },
  { shown: '36,8 °C', lastWord: /^36,8\.?$/ },
] as const;

function parseRuns(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 5;
  const runs = Number(value);
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error(`BENCH_RUNS must be a positive integer, got "${value}"`);
  }
  return runs;
}

function ensureWebBuild(): void {
  const tsx = path.join(root, 'node_modules/.bin/tsx');
  const result = spawnSync(tsx, ['scripts/build-web-if-needed.ts'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (result.status !== 0) {
    throw new Error(`web build failed (exit ${String(result.status ?? result.signal)})`);
  }
}

/**
 * Notes in the page, by `Date.now()`, each new state of the draft's transcript and of the values
 * it shows.
 */
const WATCH_DRAFT = `(() => {
  const seen = { transcript: [], values: [] };
  window.__prontuDraft = seen;
  const note = () => {
    const draft = document.querySelector('section[aria-labelledby="draft-heading"]');
    if (!draft) return;
    const log = draft.querySelector('[role="log"]');
    const text = log ? log.innerText.replace(/\\s+/g, ' ').trim() : '';
    if (text !== (seen.transcript.at(-1)?.text ?? '')) seen.transcript.push({ at: Date.now(), text });
    const values = [...draft.querySelectorAll('dd')].map((dd) => dd.textContent ?? '');
    const joined = values.join('|');
    if (joined !== (seen.values.at(-1)?.values.join('|') ?? '')) seen.values.push({ at: Date.now(), values });
  };
  new MutationObserver(note).observe(document, { subtree: true, childList: true, characterData: true });
})();`;

interface DraftSeen {
  transcript: { at: number; text: string }[];
  values: { at: number; values: string[] }[];
}

interface Run {
  /** The worst and the median lag of a word of the transcript, ms. */
  worstWordLagMs: number;
  medianWordLagMs: number;
  /** The worst lag of a recognised value, ms. */
  worstValueLagMs: number;
  /** From the stop until the review showed everything, ms. */
  finalMs: number;
  /** Words said before the stop that never showed in the draft. */
  missingWords: number;
  segments: number;
}

const keysOf = (text: string) =>
  (text.match(/\S+/g) ?? []).map(seamKey).filter((key) => key !== '');

/**
 * When the page shows the review with the visit's last word and what was recognised in it.
 * @param lastWord - the visit's last word, compared as the seams compare words
 */
async function reviewReadyAt(page: Page, lastWord: string): Promise<number> {
  const handle = await page.waitForFunction(
    (last) => {
      const review = document.querySelector('section[aria-labelledby="review-heading"]');
      const transcript = review?.querySelector<HTMLTextAreaElement>('#voice-transcript');
      const words = (transcript?.value ?? '')
        .normalize('NFD')
        .replace(/\p{M}/gu, '')
        .toLowerCase()
        .match(/[\p{L}\p{N}]+/gu);
      const recognised = [...(review?.querySelectorAll('h3') ?? [])].some((heading) =>
        heading.textContent.startsWith('Dados reconhecidos'),
      );
      return words?.at(-1) === last && recognised ? Date.now() : false;
    },
    lastWord,
    { timeout: 60_000, polling: 'raf' },
  );
  return (await handle.jsonValue()) as number;
}

async function runOnce(
  wavPath: string,
  words: readonly TimedWord[],
  speechSeconds: number,
): Promise<Run> {
  const transcriber: ListeningTranscriber = await startListeningTranscriber({
    words,
    answerDelayMs: ANSWER_DELAY_MS,
  });
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prontu-bench-live-draft-'));
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServerProcess({
      DATA_DIR: dataDir,
      PRONTU_DURABLE_WRITES: '0',
      AI_TRANSCRIBE_BASE_URL: transcriber.baseUrl,
      AI_TRANSCRIBE_SEGMENT_SECONDS: String(SEGMENT_SECONDS),
    });
    const doctor = await signUpDoctor(server.url, 'Dra. Rascunho');
    browser = await launchChromium(await findChromium(), fakeMicrophoneArgs(wavPath));
    const context = await browser.newContext({ viewport: PHONE, serviceWorkers: 'block' });
    const origin = server.url;
    await context.addCookies(
      (doctor.browser.cookieHeader ?? '').split('; ').map((pair) => {
        const separator = pair.indexOf('=');
        return { name: pair.slice(0, separator), value: pair.slice(separator + 1), url: origin };
      }),
    );
    await context.addInitScript(WATCH_DRAFT);
    const page = await context.newPage();
    await page.goto(`${server.url}/?view=mobile-consultation`);
    await page.getByRole('checkbox', { name: new RegExp(RECORDING_CONSENT_LABEL) }).check();
    await page.getByRole('button', { name: 'Iniciar Gravação' }).click();
    const finish = page.getByRole('button', { name: 'Finalizar Gravação' });
    await finish.waitFor({ timeout: 30_000 });

    // Until the last word has been said and a second more, then the stop.
    await page.waitForFunction(
      (seconds) => {
        const recording = document.querySelector('section[aria-labelledby="recording-heading"]');
        const clock = [...(recording?.querySelectorAll('p') ?? [])]
          .map((node) => node.textContent)
          .find((text) => /^\d+:\d{2}$/.test(text));
        const [minutes = 0, rest = 0] = (clock ?? '0:00').split(':').map(Number);
        return minutes * 60 + rest >= seconds;
      },
      Math.ceil(speechSeconds) + 1,
      { timeout: (speechSeconds + 60) * 1000, polling: 250 },
    );
    const stoppedAt = Date.now();
    await finish.click();
    const readyAt = await reviewReadyAt(page, seamKey(words.at(-1)?.text ?? ''));
    const seen = await page.evaluate(
      () => (window as unknown as { __prontuDraft: DraftSeen }).__prontuDraft,
    );

    // The microphone began with the first file: each file's arrival minus its place says when.
    const first = transcriber.heard[0];
    if (!first) throw new Error('the transcriber heard nothing');
    const microphoneAt = first.receivedAt - first.to * 1000;
    const spokenAt = (word: TimedWord) => microphoneAt + word.end * 1000;
    const lags: number[] = [];
    let missingWords = 0;
    const said = words.filter((word) => spokenAt(word) < stoppedAt - SEGMENT_SECONDS * 1000);
    said.forEach((word, index) => {
      const shown = seen.transcript.find(({ text }) => keysOf(text).length > index);
      if (shown) lags.push(shown.at - spokenAt(word));
      else missingWords += 1;
    });
    const valueLags = TRACKED_VALUES.map(({ shown, lastWord }) => {
      const word = words.find(({ text }) => lastWord.test(text));
      const at = seen.values.find(({ values }) => values.includes(shown))?.at;
      if (!word || at === undefined) throw new Error(`the draft never showed ${shown}`);
      return at - spokenAt(word);
    });
    lags.sort((a, b) => a - b);
    return {
      worstWordLagMs: lags.at(-1) ?? Number.NaN,
      medianWordLagMs: percentile(lags, 50),
      worstValueLagMs: Math.max(...valueLags),
      finalMs: readyAt - stoppedAt,
      missingWords,
      segments: transcriber.heard.length,
    };
  } finally {
    await browser?.close();
    await server?.stop();
    await transcriber.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

ensureWebBuild();
const folder = await mkdtemp(path.join(os.tmpdir(), 'prontu-bench-live-draft-voice-'));
try {
  const speech = await speakTimedPortuguese(FIVE_MINUTE_VISIT, {
    trailingSilenceSeconds: TRAILING_SILENCE_SECONDS,
  });
  const wavPath = path.join(folder, 'consulta.wav');
  await writeFile(wavPath, speech.wav);
  console.log(
    `A ${seconds(speech.speechSeconds * 1000)} visit (${speech.words.length} words), ` +
      `${SEGMENT_SECONDS}-s segments, each answered in ${seconds(ANSWER_DELAY_MS)}; ${RUNS} runs`,
  );
  console.log('run  segments  word lag (median, worst)  value lag (worst)  final draft');
  const runs: Run[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const result = await runOnce(wavPath, speech.words, speech.speechSeconds);
    runs.push(result);
    console.log(
      `${String(run + 1).padStart(3)} ${String(result.segments).padStart(9)} ` +
        `${`${seconds(result.medianWordLagMs)}, ${seconds(result.worstWordLagMs)}`.padStart(25)} ` +
        `${seconds(result.worstValueLagMs).padStart(18)} ${seconds(result.finalMs).padStart(12)}` +
        (result.missingWords ? `  (${result.missingWords} words never shown)` : ''),
    );
  }
  const lag = median(runs.map((run) => Math.max(run.worstWordLagMs, run.worstValueLagMs)));
  const final = median(runs.map((run) => run.finalMs));
  const missing = runs.reduce((sum, run) => sum + run.missingWords, 0);
  const lagOk = lag <= LAG_BUDGET_MS && missing === 0;
  const finalOk = final <= FINAL_BUDGET_MS;
  console.log('\nBudgets (median of the runs)');
  console.log(
    `  ${lagOk ? 'PASS' : 'FAIL'}  worst lag of the draft: ${seconds(lag)} (budget ≤ ${seconds(LAG_BUDGET_MS)}, every word shown)`,
  );
  console.log(
    `  ${finalOk ? 'PASS' : 'FAIL'}  final draft after the stop: ${seconds(final)} (budget ≤ ${seconds(FINAL_BUDGET_MS)})`,
  );
  process.exitCode = lagOk && finalOk ? 0 : 1;
} finally {
  await rm(folder, { recursive: true, force: true });
}
