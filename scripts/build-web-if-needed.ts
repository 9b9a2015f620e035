/**
 * Builds the web app when its sources changed since the last build (or it was never built), so
 * `npm start` on a fresh clone serves the app and later starts skip the build.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const distDir = path.join(root, 'dist/web');
const stampFile = path.join(distDir, '.source-fingerprint');
const inputs = [
  'src/web',
  'src/shared',
  'vite.config.ts',
  'scripts/web-build-plugins.ts',
  'package-lock.json',
];

function filesUnder(relative: string): string[] {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .filter((file) => !/\.test\.tsx?$/.test(file));
}

const hash = createHash('sha256');
for (const file of inputs.flatMap(filesUnder).sort()) {
  hash
    .update(file)
    .update('\0')
    .update(readFileSync(path.join(root, file)))
    .update('\0');
}
const fingerprint = hash.digest('hex');

const built = existsSync(path.join(distDir, 'index.html')) && existsSync(stampFile);
if (built && readFileSync(stampFile, 'utf8') === fingerprint) {
  process.exit(0);
}

console.log('Compilando o aplicativo web...');
const vite = path.join(root, 'node_modules/.bin/vite');
const result = spawnSync(vite, ['build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
writeFileSync(stampFile, fingerprint);
