/**
 * Chat streaming benchmark (budget: "a streamed token reaches the page within 50 ms of the
 * provider sending it; the chat view's code loads as its own chunk").
 *
 * Starts a fake OpenAI-compatible provider on loopback, the real server (PGlite in a temporary
 * DATA_DIR) pointed at it, and Chromium (tests/support/chromium.ts) signed in as a doctor. The provider streams a
 * reply word by word, 100 ms apart, stamping each word with the wall clock as it writes it; the
 * page stamps each change of the reply bubble (MutationObserver, same clock). For every word the
 * latency is the first page stamp whose text holds it minus the provider's stamp. Prints
 * p50 / p95 / max over all words of all runs, and the chat view's chunk, raw and gzipped.
 * The exit code is 1 when p95 is over the 50 ms budget or the chat view is not its own chunk.
 *
 *   npm run bench:chat
 *   BENCH_RUNS=10 npm run bench:chat
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadConfig } from '@server/config';
import { startServer } from '@server/server';
import { startFakeOpenAiServer } from '@server/testing/fake-openai-server';
import { signUpDoctor } from '@server/testing/test-server';
import { WEB_DIST_DIR } from '@server/web-app';
import { findChromium, launchChromium } from '../../tests/support/chromium';

const root = path.resolve(import.meta.dirname, '../..');
const RUNS = Math.max(1, Number(process.env.BENCH_RUNS ?? '5') || 5);
const WORDS = 40;
const CHUNK_DELAY_MS = 100;
const BUDGET_MS = 50;

function ensureWebBuild(): void {
  const result = spawnSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['scripts/build-web-if-needed.ts'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) throw new Error('web build failed');
}

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? NaN;
}

async function chatChunk(): Promise<{ file: string; raw: number; gz: number } | undefined> {
  const assets = path.join(WEB_DIST_DIR, 'assets');
  const file = (await readdir(assets)).find((name) => /^chat-view-.*\.js$/.test(name));
  if (!file) return undefined;
  const bytes = await readFile(path.join(assets, file));
  return { file, raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length };
}

async function main(): Promise<void> {
  ensureWebBuild();
  const fake = await startFakeOpenAiServer();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prontu-bench-chat-'));
  const server = await startServer(
    loadConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      AI_BASE_URL: `${fake.baseUrl}/v1`,
      AI_CHAT_MODEL: 'fake-chat-model',
      AI_RATE_LIMIT_PER_MINUTE: '1000',
    }),
    { webDistDir: WEB_DIST_DIR },
  );
  const browser = await launchChromium(await findChromium());
  const latencies: number[] = [];
  try {
    const doctor = await signUpDoctor(server.url, 'Dra. Benchmark');
    const context = await browser.newContext();
    await context.addCookies(
      (doctor.browser.cookieHeader ?? '').split('; ').map((pair) => {
        const at = pair.indexOf('=');
        return { name: pair.slice(0, at), value: pair.slice(at + 1), url: server.url };
      }),
    );
    const page = await context.newPage();
    await page.goto(server.url);
    await page.getByLabel('Mensagem para o Prontu').waitFor();

    for (let run = 0; run < RUNS; run += 1) {
      const words = Array.from({ length: WORDS }, (_, i) => `r${run}w${i}`);
      fake.clearSentChunks();
      fake.enqueue({ kind: 'text', text: words.join(' '), chunkDelayMs: CHUNK_DELAY_MS });
      await page.evaluate(() => {
        const stamps: { at: number; text: string }[] = [];
        (window as unknown as { stamps: typeof stamps }).stamps = stamps;
        const observer = new MutationObserver(() => {
          const bubbles = document.querySelectorAll('[data-role="assistant"]');
          const text = bubbles[bubbles.length - 1]?.textContent ?? '';
          stamps.push({ at: performance.timeOrigin + performance.now(), text });
        });
        observer.observe(document.body, { subtree: true, childList: true, characterData: true });
        (window as unknown as { stopStamps: () => void }).stopStamps = () => observer.disconnect();
      });
      const input = page.getByLabel('Mensagem para o Prontu');
      await input.fill(`Pergunta ${run + 1}`);
      await input.press('Enter');
      await page
        .locator('[data-role="assistant"]', { hasText: words[WORDS - 1] ?? '' })
        .waitFor({ timeout: 30_000 });
      const stamps = await page.evaluate(() => {
        (window as unknown as { stopStamps: () => void }).stopStamps();
        return (window as unknown as { stamps: { at: number; text: string }[] }).stamps;
      });
      for (const chunk of fake.sentChunks) {
        const word = chunk.text.trim();
        if (!word) continue;
        const seen = stamps.find((stamp) => new RegExp(`\\b${word}\\b`).test(stamp.text));
        if (seen) latencies.push(seen.at - chunk.at);
      }
      // A new conversation each run keeps the request small and the page the same.
      await page.getByRole('button', { name: 'Ferramentas' }).click();
      await page.getByRole('menuitem', { name: 'Nova conversa' }).click();
    }
  } finally {
    await browser.close();
    await server.close();
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  }

  const sorted = [...latencies].sort((a, b) => a - b);
  const p50 = percentile(sorted, 50);
  const p95 = percentile(sorted, 95);
  const max = sorted[sorted.length - 1] ?? NaN;
  const chunk = await chatChunk();
  console.log(
    `Chat streaming: ${sorted.length} words over ${RUNS} replies, ${CHUNK_DELAY_MS} ms apart`,
  );
  console.log(
    `  provider write → on the page: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${max.toFixed(1)} ms (budget ${BUDGET_MS} ms)`,
  );
  console.log(
    chunk
      ? `  chat view chunk: ${chunk.file} ${(chunk.raw / 1024).toFixed(1)} KB, ${(chunk.gz / 1024).toFixed(1)} KB gzip`
      : '  chat view chunk: NOT FOUND (the chat view is not a chunk of its own)',
  );
  const ok = sorted.length >= RUNS * WORDS * 0.9 && p95 <= BUDGET_MS && chunk !== undefined;
  console.log(ok ? 'Budgets met.' : 'Budget FAILED.');
  if (!ok) process.exitCode = 1;
}

await main();
