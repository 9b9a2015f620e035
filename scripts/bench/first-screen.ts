/**
 * First-screen benchmark: how long a signed-in doctor waits, cold cache, until the workspace's
 * chat box is usable, on loopback and on a slow 4G link (150 ms round trip, 1.6 Mbps down,
 * 750 kbps up, Chromium's network emulation), and how many bytes and requests it took.
 *
 * It builds the web app if its sources changed, starts `npm start`'s server in its own process
 * (PGlite in a temporary DATA_DIR), signs a doctor up with a few receitas and a lote (so the
 * first data is not empty), and loads `/` in a fresh browser context per run. "Usable" is the
 * moment the message box ('Mensagem para o Prontu') is in the page and enabled, read inside
 * the page by a MutationObserver. "Data ready" is the moment the first data the workspace asks
 * for (session, settings, receitas, lotes) has all arrived. Service workers are blocked: a first
 * visit is never served by one, and its precache download would count against the page.
 *
 *   npm run bench:first-screen
 *   BENCH_RUNS=9 npm run bench:first-screen
 *
 * Budgets (docs/architecture.md, "A primeira tela"): usable ≤ 1000 ms on loopback, ≤ 2500 ms on slow 4G, ≤ 300 KB transferred
 * (median of the runs). The exit code is 1 when a budget fails.
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, CDPSession, Cookie } from 'playwright-core';
import { startServerProcess, type ServerProcess } from '@server/testing/server-process';
import { signUpDoctor, type TestBrowser } from '@server/testing/test-server';
import { findChromium, launchChromium } from '../../tests/support/chromium';
import { percentile } from './bench-support';

const root = path.resolve(import.meta.dirname, '../..');
const VIEWPORT = { width: 1280, height: 800 };
const RUNS = parseRuns(process.env.BENCH_RUNS);
const KB = 1024;
const USABLE_TIMEOUT_MS = 30_000;
const CHAT_BOX_LABEL = 'Mensagem para o Prontu';
/** The requests that carry the workspace's first data. */
const FIRST_DATA_PATHS = [
  '/api/auth/get-session',
  '/api/settings',
  '/api/prescriptions',
  '/api/prescription-batches',
];

interface Link {
  name: string;
  /** Chromium's `Network.emulateNetworkConditions`, or none for loopback as it is. */
  conditions?: { latency: number; downloadThroughput: number; uploadThroughput: number };
  budgetMs: number;
}

const LINKS: Link[] = [
  { name: 'loopback', budgetMs: 1_000 },
  {
    name: 'slow 4G (150 ms RTT, 1.6 Mbps)',
    conditions: {
      latency: 150,
      downloadThroughput: (1.6 * 1_000_000) / 8,
      uploadThroughput: (750 * 1_000) / 8,
    },
    budgetMs: 2_500,
  },
];
const BUDGET_TRANSFER_BYTES = 300 * KB;

interface Load {
  /** Milliseconds from navigation start until the chat box was usable. */
  usableMs: number;
  /** Milliseconds from navigation start until the first data had all arrived. */
  dataReadyMs: number | undefined;
  /** Requests and bytes on the wire (headers and compressed bodies) until usable. */
  requests: number;
  transferred: number;
  /** Paths of the first-data requests and when each started, ms from navigation start. */
  firstDataStarts: Map<string, number>;
  /** When the first script finished loading, ms from navigation start. */
  firstScriptDoneMs: number | undefined;
}

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

/** A doctor with settings, three receitas and a lote, as after a first day of use. */
async function seedDoctor(baseUrl: string): Promise<TestBrowser> {
  const doctor = await signUpDoctor(baseUrl, 'Dra. Primeira Tela');
  const tab = doctor.browser;
  const settings = await tab.fetch('/api/settings', {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Dra. Primeira Tela', crm: '123456', crmState: 'SP' }),
  });
  if (!settings.ok) throw new Error(`settings: ${settings.status} ${await settings.text()}`);
  const ids: string[] = [];
  for (const patient of ['Maria Aparecida', 'João Batista', 'Ana Clara']) {
    const created = await tab.postJson('/api/prescriptions', {
      patientName: patient,
      date: new Date().toISOString().slice(0, 10),
      medications: [{ name: 'Dipirona', dosage: '500 mg', frequency: '6/6h', duration: '3 dias' }],
      isFinalized: true,
    });
    if (!created.ok) throw new Error(`receita: ${created.status} ${await created.text()}`);
    ids.push(((await created.json()) as { prescription: { id: string } }).prescription.id);
  }
  const batch = await tab.postJson('/api/prescription-batches', {
    name: 'Lote da manhã',
    prescriptionIds: ids,
    isFinalized: true,
  });
  if (!batch.ok) throw new Error(`lote: ${batch.status} ${await batch.text()}`);
  return tab;
}

function cookiesOf(tab: TestBrowser, baseUrl: string): Cookie[] {
  const header = tab.cookieHeader;
  if (!header) throw new Error('the seeded doctor has no session cookie');
  return header.split('; ').map((pair) => {
    const separator = pair.indexOf('=');
    return {
      name: pair.slice(0, separator),
      value: pair.slice(separator + 1),
      domain: new URL(baseUrl).hostname,
      path: '/',
      expires: Math.floor(Date.now() / 1000) + 3600,
      httpOnly: true,
      secure: false,
      sameSite: 'Lax',
    };
  });
}

/** Records, inside the page, when the chat box first appears enabled. */
const MARK_USABLE = `(() => {
  const mark = () => {
    if (window.__prontuUsableAt !== undefined) return;
    const box = document.querySelector('textarea[aria-label="${CHAT_BOX_LABEL}"]');
    if (box && !box.disabled) window.__prontuUsableAt = performance.now();
  };
  new MutationObserver(mark).observe(document, { subtree: true, childList: true, attributes: true });
})();`;

interface WireRequest {
  url: string;
  type: string;
  /** CDP monotonic seconds. */
  sentAt: number;
  finishedAt?: number;
  bytes?: number;
}

/** Follows every request of the page through the DevTools protocol. */
function followRequests(cdp: CDPSession): Map<string, WireRequest> {
  const requests = new Map<string, WireRequest>();
  cdp.on('Network.requestWillBeSent', (event) => {
    requests.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? 'Other',
      sentAt: event.timestamp,
    });
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) {
      request.finishedAt = event.timestamp;
      request.bytes = event.encodedDataLength;
    }
  });
  return requests;
}

async function loadOnce(
  browser: Browser,
  baseUrl: string,
  cookies: Cookie[],
  link: Link,
): Promise<Load> {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  try {
    await context.addCookies(cookies);
    await context.addInitScript(MARK_USABLE);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (link.conditions) {
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...link.conditions });
    }
    const requests = followRequests(cdp);
    await page.goto(`${baseUrl}/`, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => (window as { __prontuUsableAt?: number }).__prontuUsableAt !== undefined,
      undefined,
      { timeout: USABLE_TIMEOUT_MS, polling: 20 },
    );
    const usableMs = await page.evaluate(
      () => (window as { __prontuUsableAt?: number }).__prontuUsableAt ?? Number.NaN,
    );
    // Let the first data finish if it is still on its way, then read the clock's origin.
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const document = [...requests.values()].find((request) => request.type === 'Document');
    if (!document) throw new Error('no document request seen');
    const origin = document.sentAt;
    const sinceStart = (seconds: number) => (seconds - origin) * 1000;
    const beforeUsable = [...requests.values()].filter(
      (request) => request.finishedAt !== undefined && sinceStart(request.finishedAt) <= usableMs,
    );
    const firstData = [...requests.values()].filter((request) =>
      FIRST_DATA_PATHS.includes(new URL(request.url).pathname),
    );
    const firstDataStarts = new Map(
      firstData.map((request) => [new URL(request.url).pathname, sinceStart(request.sentAt)]),
    );
    // Each path's first answer (the session may be asked again later).
    const dataFinished = FIRST_DATA_PATHS.flatMap((dataPath) => {
      const answered = firstData.find(
        (request) => new URL(request.url).pathname === dataPath && request.finishedAt !== undefined,
      );
      return answered?.finishedAt === undefined ? [] : [sinceStart(answered.finishedAt)];
    });
    const scriptsDone = [...requests.values()]
      .filter((request) => request.type === 'Script' && request.finishedAt !== undefined)
      .map((request) => sinceStart(request.finishedAt ?? 0));
    return {
      usableMs,
      dataReadyMs:
        dataFinished.length === FIRST_DATA_PATHS.length ? Math.max(...dataFinished) : undefined,
      requests: beforeUsable.length,
      transferred: beforeUsable.reduce((sum, request) => sum + (request.bytes ?? 0), 0),
      firstDataStarts,
      firstScriptDoneMs: scriptsDone.length ? Math.min(...scriptsDone) : undefined,
    };
  } finally {
    await context.close();
  }
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const msText = (value: number | undefined) =>
  value === undefined || Number.isNaN(value) ? 'n/a' : `${value.toFixed(0)} ms`;
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

async function measureLink(
  browser: Browser,
  baseUrl: string,
  cookies: Cookie[],
  link: Link,
): Promise<{ usable: number; transferred: number }> {
  // One load first to warm the server (its first answers compile templates, fill caches).
  await loadOnce(browser, baseUrl, cookies, link);
  const loads: Load[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    loads.push(await loadOnce(browser, baseUrl, cookies, link));
  }
  console.log(`\n${link.name} — ${RUNS} runs, cold cache`);
  console.log('run   usable  data ready  requests  transferred');
  loads.forEach((load, index) => {
    console.log(
      `${String(index + 1).padStart(3)} ${msText(load.usableMs).padStart(8)} ${msText(load.dataReadyMs).padStart(11)} ${String(load.requests).padStart(9)} ${kb(load.transferred).padStart(12)}`,
    );
  });
  const first = loads[0];
  if (first) {
    const starts = FIRST_DATA_PATHS.map(
      (dataPath) => `${dataPath} ${msText(first.firstDataStarts.get(dataPath))}`,
    );
    console.log(
      `first data asked at (run 1): ${starts.join(', ')}; first script done ${msText(first.firstScriptDoneMs)}`,
    );
  }
  const usable = median(loads.map((load) => load.usableMs));
  const transferred = median(loads.map((load) => load.transferred));
  console.log(
    `median usable ${msText(usable)} (max ${msText(Math.max(...loads.map((l) => l.usableMs)))}), ` +
      `median transferred ${kb(transferred)}, median requests ${median(loads.map((l) => l.requests))}`,
  );
  return { usable, transferred };
}

ensureWebBuild();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prontu-bench-first-screen-'));
let server: ServerProcess | undefined;
let browser: Browser | undefined;
try {
  server = await startServerProcess({ DATA_DIR: dataDir, PRONTU_DURABLE_WRITES: '0' });
  const tab = await seedDoctor(server.url);
  const cookies = cookiesOf(tab, server.url);
  browser = await launchChromium(await findChromium());
  console.log(`Server ${server.url} (PGlite, own process), Chromium ${browser.version()}`);
  const results: string[] = [];
  let passed = true;
  for (const link of LINKS) {
    const { usable, transferred } = await measureLink(browser, server.url, cookies, link);
    const timeOk = usable <= link.budgetMs;
    const bytesOk = transferred <= BUDGET_TRANSFER_BYTES;
    passed &&= timeOk && bytesOk;
    results.push(
      `  ${timeOk ? 'PASS' : 'FAIL'}  usable on ${link.name}: ${msText(usable)} (budget ≤ ${link.budgetMs} ms)`,
      `  ${bytesOk ? 'PASS' : 'FAIL'}  transferred on ${link.name}: ${kb(transferred)} (budget ≤ ${kb(BUDGET_TRANSFER_BYTES)})`,
    );
  }
  console.log('\nBudgets');
  for (const line of results) console.log(line);
  process.exitCode = passed ? 0 : 1;
} finally {
  await browser?.close();
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
}
