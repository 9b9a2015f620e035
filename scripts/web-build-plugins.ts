/**
 * Vite plugins of the web build (vite.config.ts): files precompressed for the server to send as
 * they are, and the list of chunks a signed-in doctor's first screen runs, for the server to
 * announce in the page so the browser fetches them all at once.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|webmanifest|json|html|txt|xml)$/;

/**
 * Where the build writes what the server reads about it (src/server/web-app.ts, which names the
 * same path): under a dot folder, which the server never serves and the service worker never
 * precaches.
 */
export const FIRST_SCREEN_FILE = '.vite/first-screen.json';

/** What {@link FIRST_SCREEN_FILE} holds. */
export interface FirstScreenChunks {
  /**
   * The JavaScript files (site paths) a signed-in doctor's first screen runs besides the entry
   * and what index.html already preloads, in the order to fetch them.
   */
  signedIn: string[];
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip -9) beside every compressible
 * file under `dir`, except the root index.html (the server adds a nonce to it per request) and
 * dot folders. A variant that would not be smaller is not written.
 * @param dir - the built web app (dist/web)
 * @returns how many variants were written
 */
export async function precompressDirectory(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => {
      const relative = path.relative(dir, file);
      return (
        relative !== 'index.html' && !relative.split(path.sep).some((part) => part.startsWith('.'))
      );
    });
  // All at once: zlib runs them on libuv's thread pool, so the build uses every core.
  const written = await Promise.all(
    files.map(async (file) => {
      const raw = await readFile(file);
      const [br, gz] = await Promise.all([
        brotli(raw, {
          params: {
            [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY,
            [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
            [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length,
          },
        }),
        gzipAsync(raw, { level: zlibConstants.Z_BEST_COMPRESSION }),
      ]);
      let count = 0;
      for (const [suffix, body] of [
        ['.br', br],
        ['.gz', gz],
      ] as const) {
        if (body.length >= raw.length) continue;
        await writeFile(`${file}${suffix}`, body);
        count += 1;
      }
      return count;
    }),
  );
  return written.reduce((sum, count) => sum + count, 0);
}

/** Precompresses the build's output once every other plugin (the service worker's) wrote it. */
export function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'prontu:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await precompressDirectory(outDir);
      },
    },
  };
}

/**
 * Lists, in {@link FIRST_SCREEN_FILE}, the chunks of `modules` and every chunk they import
 * statically, leaving out those the entry already imports. The build fails if one of `modules`
 * is not a chunk of its own (renamed, or no longer imported dynamically).
 * @param modules - source files (relative to Vite's root) of the lazily loaded parts of the
 *   signed-in first screen, in the order they load
 */
export function firstScreenChunks(modules: readonly string[]): Plugin {
  let root = '';
  let base = '/';
  return {
    name: 'prontu:first-screen-chunks',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const fromEntries = staticClosure(
        bundle,
        chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName),
      );
      const starts = modules.map((module) => {
        const id = path.resolve(root, module);
        const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
        if (!chunk) this.error(`first screen: no chunk of its own for ${module}`);
        return chunk.fileName;
      });
      const signedIn = [...staticClosure(bundle, starts)]
        .filter((fileName) => !fromEntries.has(fileName))
        .map((fileName) => `${base}${fileName}`);
      const content: FirstScreenChunks = { signedIn };
      this.emitFile({
        type: 'asset',
        fileName: FIRST_SCREEN_FILE,
        source: `${JSON.stringify(content, null, 2)}\n`,
      });
    },
  };
}

/** The chunks named and every chunk they import statically, each once, in discovery order. */
function staticClosure(bundle: Rolldown.OutputBundle, fileNames: readonly string[]): Set<string> {
  const found = new Set<string>();
  const visit = (fileName: string) => {
    if (found.has(fileName)) return;
    found.add(fileName);
    const output = bundle[fileName];
    if (output?.type === 'chunk') output.imports.forEach(visit);
  };
  fileNames.forEach(visit);
  return found;
}
