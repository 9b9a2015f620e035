/**
 * The Chromium that end-to-end tests, benchmarks and scripts drive with playwright-core (which
 * never downloads a browser of its own). In this order:
 * 1. `PRONTU_CHROMIUM`: a path to a Chromium or Chrome of your choice;
 * 2. `/usr/bin/chromium` (Debian's), when present and executable;
 * 3. the headless Chromium shipped inside the npm package `@sparticuz/chromium` (Linux x64),
 *    unpacked once into `node_modules/.cache` (about 200 MB, a few seconds) and reused after that.
 */
import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createBrotliDecompress } from 'node:zlib';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { extract as extractTar } from 'tar-fs';
import { removeAbandonedTempFolders } from '@server/testing/owned-temp-folder';

/** A browser to launch: where it is, the flags and environment it needs, and which it is. */
export interface ChromiumBuild {
  executablePath: string;
  args: string[];
  /** Variables to add to the browser's environment (its own libraries and fonts). */
  env: Record<string, string>;
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
    return {
      executablePath: chosen,
      args: OUR_ARGS,
      env: {},
      origin: `PRONTU_CHROMIUM (${chosen})`,
    };
  }
  if (await isExecutable(DEBIAN_CHROMIUM)) {
    return { executablePath: DEBIAN_CHROMIUM, args: OUR_ARGS, env: {}, origin: DEBIAN_CHROMIUM };
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
    ...(Object.keys(build.env).length > 0 ? { env: { ...inheritedEnv(), ...build.env } } : {}),
  });
}

/**
 * The headless Chromium inside @sparticuz/chromium (Linux x64 only), unpacked into
 * node_modules/.cache with what it needs beyond the C library: NSS and expat (the package's
 * Amazon Linux libraries, which it would unpack only on AWS) and a font. So it runs the same on
 * every machine, also on one with no browser libraries or fonts installed.
 */
async function npmChromium(): Promise<ChromiumBuild> {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `@sparticuz/chromium has a browser for Linux x64 only, not ${process.platform}-${process.arch}: ` +
        'point PRONTU_CHROMIUM at a Chromium or Chrome.',
    );
  }
  const packageFolder = path.join(root, 'node_modules/@sparticuz/chromium');
  const { version } = JSON.parse(
    await readFile(path.join(packageFolder, 'package.json'), 'utf8'),
  ) as { version: string };
  const cache = path.join(root, 'node_modules/.cache/prontu');
  const folder = path.join(cache, `sparticuz-chromium-${version}`);
  const executablePath = path.join(folder, 'chromium');
  if (!(await isExecutable(executablePath))) {
    await unpack(path.join(packageFolder, 'bin'), cache, folder);
  }
  const { default: Chromium } = await import('@sparticuz/chromium');
  const args = [...new Set([...Chromium.args, ...OUR_ARGS])].filter(
    (arg) => !LAMBDA_ONLY_ARGS.has(arg),
  );
  const libraries = path.join(folder, 'al2023/lib');
  return {
    executablePath,
    args,
    env: {
      LD_LIBRARY_PATH: [libraries, process.env.LD_LIBRARY_PATH].filter(Boolean).join(':'),
      FONTCONFIG_FILE: path.join(folder, 'fonts.conf'),
    },
    origin: `@sparticuz/chromium ${version} (${folder})`,
  };
}

/**
 * Unpacks the package's brotli files into a fresh folder, then moves it into place whole, so an
 * interrupted unpack never leaves half a browser to be found next time (its folder, named after
 * its process, is removed by the next unpack). The layout is the package's own: the browser
 * with the SwiftShader libraries beside it, `fonts/`, `al2023/lib/`.
 */
async function unpack(packed: string, cache: string, folder: string): Promise<void> {
  await mkdir(cache, { recursive: true });
  await removeAbandonedTempFolders(cache, /^unpacking-(\d+)-/);
  const staging = await mkdtemp(path.join(cache, `unpacking-${process.pid}-`));
  const brotli = (file: string) =>
    createReadStream(path.join(packed, file)).pipe(createBrotliDecompress());
  try {
    await Promise.all([
      pipeline(
        brotli('chromium.br'),
        createWriteStream(path.join(staging, 'chromium'), { mode: 0o755 }),
      ),
      pipeline(brotli('swiftshader.tar.br'), extractTar(staging)),
      pipeline(brotli('fonts.tar.br'), extractTar(path.join(staging, 'fonts'))),
      pipeline(brotli('al2023.tar.br'), extractTar(path.join(staging, 'al2023'))),
    ]);
    await writeFile(path.join(staging, 'fonts.conf'), fontConfiguration(folder));
    await rename(staging, folder);
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    // Another process unpacked it first: keep theirs.
    if (!(await isExecutable(path.join(folder, 'chromium')))) throw error;
  }
}

/**
 * The machine's fonts when it has a font configuration, and the package's Open Sans in any case,
 * so that text is drawn even where no font is installed.
 */
function fontConfiguration(folder: string): string {
  return `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${path.join(folder, 'fonts/fonts')}</dir>
  <cachedir>${path.join(folder, 'fonts-cache')}</cachedir>
</fontconfig>
`;
}

/** This process's environment without unset variables, for the browser to inherit. */
function inheritedEnv(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined,
    ),
  );
}

async function isExecutable(file: string): Promise<boolean> {
  return access(file, constants.X_OK).then(
    () => true,
    () => false,
  );
}
