/**
 * `npm run eval`: scores Prontu on the evaluation cases with their scorer (SCORER, beside the
 * repository, not part of it), streaming its output and exiting with its code.
 *
 *   npm run eval -- http://localhost:3000                  # a server already running
 *   npm run eval -- http://localhost:3000 --only extraction
 *   npm run eval -- --only extraction                      # starts the real server itself
 *
 * Without a URL it starts the real server in-process on a random port, on a fresh PGlite in a
 * temporary DATA_DIR (and the official CID-10 files when CID10_DIR is set), runs the scorer
 * against it, then stops the server and removes the folder.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '@server/config';
import { startServer, type RunningServer } from '@server/server';

const root = path.resolve(import.meta.dirname, '..');
const SCORER = path.resolve(root, '../shared/eval/score.mjs');

/** Runs the scorer against `base`, passing its output through; resolves with its exit code. */
function runScorer(base: string, extraArgs: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SCORER, '--base', base, ...extraArgs], {
      cwd: root,
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function withOwnServer(extraArgs: string[]): Promise<number> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'prontu-eval-'));
  let server: RunningServer | undefined;
  try {
    const config = loadConfig({
      PORT: '0',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      // Only the catalogue folder comes from the environment: the database is always a fresh
      // PGlite and the AI stays offline, so the figures are the offline engine's.
      ...(process.env.CID10_DIR ? { CID10_DIR: process.env.CID10_DIR } : {}),
    });
    server = await startServer(config);
    console.log(`Prontu (offline engine) em ${server.url}`);
    return await runScorer(server.url, extraArgs);
  } finally {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  if (!existsSync(SCORER)) {
    console.error(`Avaliador não encontrado: ${SCORER}`);
    return 2;
  }
  const args = process.argv.slice(2);
  const first = args[0];
  if (first && /^https?:\/\//.test(first)) return runScorer(first, args.slice(1));
  return withOwnServer(args);
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
