/**
 * Web budgets benchmark: builds the web app if its sources changed, starts the real server
 * (PGlite in a temporary DATA_DIR) serving it, and drives Chromium (tests/support/chromium.ts)
 * with playwright-core to measure, each load in a fresh browser context with a cold cache:
 *   - the signed-out landing (`/`): first-contentful-paint, DOMContentLoaded, load, and the
 *     initial JavaScript (every script fetched before network idle, raw and gzipped -9);
 *   - the signed-in workspace (`/`) and `/settings`: FCP and the JavaScript they load, marking
 *     the chunks the landing did not load;
 *   - every JS chunk in dist/web/assets.
 * It prints the figures and checks the budgets (landing initial JS ≤ 150 KB gzipped, landing
 * median FCP < 1000 ms); the exit code is 1 when a budget fails.
 *
 *   npm run bench:web
 *   BENCH_RUNS=15 npm run bench:web
 */
import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Cookie, Page, Response } from 'playwright-core';
import { loadConfig } from '@server/config';
import { startServer, type RunningServer } from '@server/server';
import { signUpDoctor } from '@server/testing/test-server';
import { WEB_DIST_DIR } from '@server/web-app';
import { findChromium, launchChromium } from '../../tests/support/chromium';

const root = path.resolve(import.meta.dirname, '../..');
const VIEWPORT = { width: 1280, height: 800 };
const LANDING_RUNS = parseRuns(process.env.BENCH_RUNS);
const SIGNED_IN_RUNS = 3;
const FCP_TIMEOUT_MS = 5_000;
const KB = 1024;
const BUDGET_LANDING_JS_GZ_BYTES = 150 * KB;
const BUDGET_LANDING_FCP_MS = 1_000;

interface ScriptFile {
  /** The URL's path, e.g. `/assets/index-abc123.js`. */
  path: string;
  raw: number;
  gz: number;
}

interface PageLoad {
  /** Undefined when Chromium reported no first-contentful-paint within 5 s. */
  fcpMs: number | undefined;
  domContentLoadedMs: number;
  loadMs: number;
  scripts: ScriptFile[];
}

interface BudgetResult {
  name: string;
  limit: string;
  measured: string;
  pass: boolean;
}

/** BENCH_RUNS as a positive integer (7 when unset). */
function parseRuns(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 7;
  const runs = Number(value);
  if (!Number.isInteger(runs) || runs < 1) {
    throw new Error(`BENCH_RUNS must be a positive integer, got "${value}"`);
  }
  return runs;
}

/** Runs scripts/build-web-if-needed.ts, which rebuilds dist/web only when its sources changed. */
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

/** The real server on a free port over PGlite in `dataDir`, logging nothing. */
function startBenchServer(dataDir: string): Promise<RunningServer> {
  const config = loadConfig({ PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
  return startServer(config, { webDistDir: WEB_DIST_DIR });
}

function measureScript(url: string, body: Buffer): ScriptFile {
  return {
    path: new URL(url).pathname,
    raw: body.length,
    gz: gzipSync(body, { level: 9 }).length,
  };
}

/**
 * Whether a response is JavaScript the page loaded. Besides resourceType `script`, JavaScript
 * content types count too, so a module preload Chromium files under another type is not missed.
 */
function isScriptResponse(response: Response): boolean {
  if (response.request().resourceType() === 'script') return true;
  return /javascript/i.test(response.headers()['content-type'] ?? '');
}

/** Polls the paint entries until first-contentful-paint appears, for at most 5 s. */
async function readFirstContentfulPaint(page: Page): Promise<number | undefined> {
  const deadline = Date.now() + FCP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const fcp = await page.evaluate(
      () =>
        performance
          .getEntriesByType('paint')
          .find((entry) => entry.name === 'first-contentful-paint')?.startTime ?? null,
    );
    if (fcp !== null) return fcp;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return undefined;
}

async function readNavigationTiming(
  page: Page,
): Promise<{ domContentLoadedMs: number; loadMs: number }> {
  return page.evaluate(() => {
    const [entry] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    if (!entry) throw new Error('no navigation timing entry');
    return { domContentLoadedMs: entry.domContentLoadedEventEnd, loadMs: entry.loadEventEnd };
  });
}

/**
 * Loads `url` in a fresh browser context (cold cache, 1280×800) until network idle, and reads
 * its paint and navigation timings and every script it fetched.
 * @param cookies - cookies to put in the context first (a session, for signed-in pages)
 */
async function measurePageLoad(
  browser: Browser,
  url: string,
  cookies: Cookie[] = [],
): Promise<PageLoad> {
  const context = await browser.newContext({ viewport: VIEWPORT });
  try {
    if (cookies.length) await context.addCookies(cookies);
    const page = await context.newPage();
    const scripts: Promise<ScriptFile>[] = [];
    page.on('response', (response) => {
      // Read each body as it arrives: bodies may be evicted once the page moves on.
      if (isScriptResponse(response)) {
        scripts.push(response.body().then((body) => measureScript(response.url(), body)));
      }
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const fcpMs = await readFirstContentfulPaint(page);
    const timing = await readNavigationTiming(page);
    return { fcpMs, ...timing, scripts: await Promise.all(scripts) };
  } finally {
    await context.close();
  }
}

async function measureRuns(
  browser: Browser,
  url: string,
  runs: number,
  cookies: Cookie[] = [],
): Promise<PageLoad[]> {
  const loads: PageLoad[] = [];
  for (let run = 0; run < runs; run += 1) loads.push(await measurePageLoad(browser, url, cookies));
  return loads;
}

/** Signs a doctor up through the accounts API and returns the session as Playwright cookies. */
async function signedInCookies(baseUrl: string): Promise<Cookie[]> {
  const doctor = await signUpDoctor(baseUrl, 'Dra. Benchmark');
  const header = doctor.browser.cookieHeader;
  if (!header) throw new Error('sign-up returned no session cookie');
  const expires = Math.floor(Date.now() / 1000) + 3600;
  return header.split('; ').map((pair) => {
    const separator = pair.indexOf('=');
    return {
      name: pair.slice(0, separator),
      value: pair.slice(separator + 1),
      domain: new URL(baseUrl).hostname,
      path: '/',
      expires,
      httpOnly: true,
      secure: false,
      sameSite: 'Lax',
    };
  });
}

/** Confirms the cookies open a session, so signed-in figures are not the landing's by mistake. */
async function assertSignedIn(browser: Browser, baseUrl: string, cookies: Cookie[]) {
  const context = await browser.newContext();
  try {
    await context.addCookies(cookies);
    const response = await context.request.get(`${baseUrl}/api/auth/get-session`);
    const session = (await response.json()) as { user?: { id: string } } | null;
    if (!session?.user) throw new Error('the copied session cookie does not sign in');
  } finally {
    await context.close();
  }
}

/** Every .js file in dist/web/assets, largest gzipped first. */
async function listBuiltChunks(): Promise<ScriptFile[]> {
  const assetsDir = path.join(WEB_DIST_DIR, 'assets');
  const names = (await readdir(assetsDir)).filter((name) => name.endsWith('.js'));
  const chunks = await Promise.all(
    names.map(async (name) => {
      const body = await readFile(path.join(assetsDir, name));
      return { path: `/assets/${name}`, raw: body.length, gz: gzipSync(body, { level: 9 }).length };
    }),
  );
  return chunks.sort((a, b) => b.gz - a.gz);
}

function median(values: number[]): number | undefined {
  if (!values.length) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

function medianFcp(loads: PageLoad[]): number | undefined {
  return median(loads.flatMap((load) => (load.fcpMs === undefined ? [] : [load.fcpMs])));
}

function totalBytes(scripts: ScriptFile[]): { raw: number; gz: number } {
  return scripts.reduce((sum, s) => ({ raw: sum.raw + s.raw, gz: sum.gz + s.gz }), {
    raw: 0,
    gz: 0,
  });
}

/** A fingerprint of the scripts a load fetched, to tell whether runs loaded the same JS. */
function scriptSetKey(scripts: ScriptFile[]): string {
  return scripts
    .map((s) => `${s.path}:${s.raw}`)
    .sort()
    .join('|');
}

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const ms = (value: number | undefined) => (value === undefined ? 'n/a' : `${value.toFixed(0)} ms`);

function printRuns(title: string, loads: PageLoad[]) {
  console.log(
    `\n${title} — ${loads.length} runs, cold cache, ${VIEWPORT.width}×${VIEWPORT.height}`,
  );
  console.log('run      FCP ms   DCL ms  load ms   JS files    JS raw     JS gz');
  loads.forEach((load, index) => {
    const js = totalBytes(load.scripts);
    console.log(
      `${String(index + 1).padStart(3)} ${(load.fcpMs?.toFixed(0) ?? 'n/a').padStart(10)} ${load.domContentLoadedMs.toFixed(0).padStart(8)} ${load.loadMs.toFixed(0).padStart(8)} ${String(load.scripts.length).padStart(10)} ${kb(js.raw).padStart(9)} ${kb(js.gz).padStart(9)}`,
    );
  });
  const withFcp = loads.filter((load) => load.fcpMs !== undefined).length;
  console.log(
    `median FCP ${ms(medianFcp(loads))}` +
      (withFcp < loads.length ? ` (${withFcp} of ${loads.length} runs reported FCP)` : '') +
      `, median DCL ${ms(median(loads.map((l) => l.domContentLoadedMs)))}` +
      `, median load ${ms(median(loads.map((l) => l.loadMs)))}`,
  );
  const distinct = new Set(loads.map((load) => scriptSetKey(load.scripts))).size;
  if (distinct > 1) console.log(`note: runs loaded ${distinct} different sets of scripts`);
}

/**
 * Prints the scripts of one load with their sizes.
 * @param landingPaths - when given, chunks not among them are marked as loaded only here
 */
function printScripts(title: string, scripts: ScriptFile[], landingPaths?: Set<string>) {
  const total = totalBytes(scripts);
  console.log(`\n${title}: ${scripts.length} files, ${kb(total.raw)} raw, ${kb(total.gz)} gzipped`);
  const sorted = [...scripts].sort((a, b) => b.gz - a.gz);
  for (const script of sorted) {
    const onlyHere = landingPaths !== undefined && !landingPaths.has(script.path);
    console.log(
      `  ${onlyHere ? '+' : ' '} ${script.path.padEnd(48)} ${kb(script.raw).padStart(9)} raw ${kb(script.gz).padStart(9)} gz${onlyHere ? '   (not loaded on the landing)' : ''}`,
    );
  }
  if (landingPaths) {
    const extra = totalBytes(scripts.filter((s) => !landingPaths.has(s.path)));
    console.log(`  + = not on the landing: ${kb(extra.raw)} raw, ${kb(extra.gz)} gzipped`);
  }
}

function printChunks(chunks: ScriptFile[]) {
  const total = totalBytes(chunks);
  console.log(
    `\nAll JS chunks in dist/web/assets: ${chunks.length} files, ${kb(total.raw)} raw, ${kb(total.gz)} gzipped`,
  );
  for (const chunk of chunks) {
    console.log(
      `    ${chunk.path.padEnd(48)} ${kb(chunk.raw).padStart(9)} raw ${kb(chunk.gz).padStart(9)} gz`,
    );
  }
}

function checkBudgets(landingJsGz: number, landingFcp: number | undefined): BudgetResult[] {
  return [
    {
      name: 'landing initial JS (gzip -9)',
      limit: `≤ ${kb(BUDGET_LANDING_JS_GZ_BYTES)}`,
      measured: kb(landingJsGz),
      pass: landingJsGz <= BUDGET_LANDING_JS_GZ_BYTES,
    },
    {
      name: 'landing median FCP',
      limit: `< ${BUDGET_LANDING_FCP_MS} ms`,
      measured: ms(landingFcp),
      pass: landingFcp !== undefined && landingFcp < BUDGET_LANDING_FCP_MS,
    },
  ];
}

function printBudgets(results: BudgetResult[]) {
  console.log('\nBudgets');
  for (const result of results) {
    console.log(
      `  ${result.pass ? 'PASS' : 'FAIL'}  ${result.name.padEnd(30)} ${result.measured.padStart(10)}  (budget ${result.limit})`,
    );
  }
}

/** Measures everything, prints it, and tells whether every budget passed. */
async function benchmark(server: RunningServer, browser: Browser): Promise<boolean> {
  const landing = await measureRuns(browser, `${server.url}/`, LANDING_RUNS);
  printRuns('Landing, signed out (/)', landing);
  const landingScripts = landing[0]?.scripts ?? [];
  printScripts('Landing initial JS', landingScripts);
  const landingPaths = new Set(landingScripts.map((s) => s.path));

  const cookies = await signedInCookies(server.url);
  await assertSignedIn(browser, server.url, cookies);
  for (const pagePath of ['/', '/settings']) {
    const loads = await measureRuns(browser, `${server.url}${pagePath}`, SIGNED_IN_RUNS, cookies);
    printRuns(`Signed in (${pagePath})`, loads);
    printScripts(`Signed in (${pagePath}) JS`, loads[0]?.scripts ?? [], landingPaths);
  }

  printChunks(await listBuiltChunks());

  const budgets = checkBudgets(totalBytes(landingScripts).gz, medianFcp(landing));
  printBudgets(budgets);
  return budgets.every((budget) => budget.pass);
}

ensureWebBuild();
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prontu-bench-web-'));
let server: RunningServer | undefined;
let browser: Browser | undefined;
try {
  server = await startBenchServer(dataDir);
  browser = await launchChromium(await findChromium());
  console.log(`Server ${server.url} (PGlite), Chromium ${browser.version()}`);
  const passed = await benchmark(server, browser);
  process.exitCode = passed ? 0 : 1;
} finally {
  await browser?.close();
  await server?.close();
  await rm(dataDir, { recursive: true, force: true });
}
