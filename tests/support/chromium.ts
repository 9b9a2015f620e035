/**
 * The Chromium that end-to-end tests, benchmarks and scripts drive with playwright-core (which
 * never downloads a browser of its own). In this order:
 * 1. `PRONTU_CHROMIUM`: a path to a Chromium or Chrome of your choice;
 * 2. `/usr/bin/chromium` (Debian's), when present and executable;
 * 3. the headless Chromium shipped inside the npm package `@sparticuz/chromium`, unpacked once
 *    into `node_modules/.cache` (about 200 MB, two seconds) and reused after that.
 */
import { constants } from 'node:fs';
import { access, mkdir, mkdtemp, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** A browser to launch: where it is, the flags it needs, and a line saying which it is. */
export interface ChromiumBuild {
  executablePath: string;
  args: string[];
  /** Where it came from, e.g. `/usr/bin/chromium`. */
  origin: string;
}

const DEBIAN_CHROMIUM = '/usr/bin/chromium';

/**
 * Our flags for every Chromium: headless, no sandbox (CI runs as root), and none of the
 * background connections to Google that a closed network refuses by the dozen.
 */
const OUR_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];

/**
 * @sparticuz/chromium's own flags are for AWS Lambda. Left out: those that would switch off the
 * same-origin and mixed-content rules (the tests must see what a doctor's browser does), and
 * --single-process, under which closing one browser context takes the whole browser down.
 */
const LAMBDA_ONLY_ARGS = new Set([
  '--disable-web-security',
  '--allow-running-insecure-content',
  '--single-process',
]);

const root = path.resolve(import.meta.dirname, '../..');

/** Finds the browser to use (see the module comment); throws when none can be had. */
export async function findChromium(): Promise<ChromiumBuild> {
  const chosen = process.env.PRONTU_CHROMIUM;
  if (chosen) {
    if (!(await isExecutable(chosen))) {
      throw new Error(`PRONTU_CHROMIUM=${chosen}: no executable file there.`);
    }
    return { executablePath: chosen, args: OUR_ARGS, origin: `PRONTU_CHROMIUM (${chosen})` };
  }
  if (await isExecutable(DEBIAN_CHROMIUM)) {
    return { executablePath: DEBIAN_CHROMIUM, args: OUR_ARGS, origin: DEBIAN_CHROMIUM };
  }
  return npmChromium();
}

/**
 * Launches a found browser.
 * @param extraArgs - more flags for this launch (a fake microphone, say)
 */
export function launchChromium(build: ChromiumBuild, extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: build.executablePath,
    args: [...build.args, ...extraArgs],
  });
}

/** The headless Chromium inside @sparticuz/chromium, unpacked into node_modules/.cache. */
async function npmChromium(): Promise<ChromiumBuild> {
  const { default: Chromium } = await import('@sparticuz/chromium');
  const packageJson = path.join(root, 'node_modules/@sparticuz/chromium/package.json');
  const { version } = JSON.parse(await readFile(packageJson, 'utf8')) as { version: string };
  const cache = path.join(root, 'node_modules/.cache/prontu');
  const folder = path.join(cache, `sparticuz-chromium-${version}`);
  const executablePath = path.join(folder, 'chromium');
  if (!(await isExecutable(executablePath))) await unpack(cache, folder, Chromium);
  const args = [...new Set([...Chromium.args, ...OUR_ARGS])].filter(
    (arg) => !LAMBDA_ONLY_ARGS.has(arg),
  );
  return { executablePath, args, origin: `@sparticuz/chromium ${version} (${folder})` };
}

/**
 * The package unpacks its browser into the system's temporary folder (os.tmpdir()). Pointing
 * that at a fresh folder for the moment, then moving the folder into place whole, keeps the
 * browser out of /tmp and never leaves a half-unpacked one behind to be found next time.
 */
async function unpack(
  cache: string,
  folder: string,
  Chromium: { executablePath(): Promise<string> },
): Promise<void> {
  await mkdir(cache, { recursive: true });
  const staging = await mkdtemp(path.join(cache, 'unpacking-'));
  const tmpdir = process.env.TMPDIR;
  process.env.TMPDIR = staging;
  try {
    const unpacked = await Chromium.executablePath();
    if (path.dirname(unpacked) !== staging) {
      throw new Error(`@sparticuz/chromium unpacked to ${unpacked}, not into ${staging}`);
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  } finally {
    if (tmpdir === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = tmpdir;
  }
  try {
    await rename(staging, folder);
  } catch (error) {
    // Another process unpacked it first: keep theirs.
    await rm(staging, { recursive: true, force: true });
    if (!(await isExecutable(path.join(folder, 'chromium')))) throw error;
  }
}

async function isExecutable(file: string): Promise<boolean> {
  return access(file, constants.X_OK).then(
    () => true,
    () => false,
  );
}
