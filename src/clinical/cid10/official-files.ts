/**
 * Reading the official DATASUS CID-10 files from disk: a folder holding the four CSV files, or
 * the .zip DATASUS distributes. Also the import that copies them into the server's data folder.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { unzipSync } from 'fflate';
import {
  Cid10FileError,
  OFFICIAL_FILE_NAMES,
  parseOfficialFiles,
  type OfficialCatalogue,
  type OfficialFileBytes,
  type OfficialFileKind,
} from './official-csv';

const KINDS = Object.keys(OFFICIAL_FILE_NAMES) as OfficialFileKind[];

/** The release of the official files that ships with Prontu (datasus/README.md says which). */
export const SHIPPED_CID10_DIR = path.join(import.meta.dirname, 'datasus');

/**
 * The four files' bytes from a folder or a .zip (file names matched without regard to case,
 * anywhere inside the .zip).
 * @throws Cid10FileError when the source or one of the files is missing or unreadable
 */
export async function readOfficialFiles(source: string): Promise<OfficialFileBytes> {
  const info = await stat(source).catch(() => undefined);
  const label = path.basename(source);
  if (!info) throw new Cid10FileError(label, undefined, `não encontrado (${source})`);
  if (info.isDirectory()) return readFolder(source);
  if (!source.toLowerCase().endsWith('.zip')) {
    throw new Cid10FileError(label, undefined, 'informe uma pasta ou um arquivo .zip');
  }
  return readZip(label, await readFile(source));
}

/**
 * Reads and parses the official files.
 * @param source - a folder with the four CSV files, or a .zip holding them
 * @throws Cid10FileError naming the file (and line) of the first problem
 */
export async function loadOfficialCatalogue(source: string): Promise<OfficialCatalogue> {
  return parseOfficialFiles(await readOfficialFiles(source));
}

/**
 * Validates the official files by parsing them, then puts copies (bytes unchanged) in
 * `targetDir`, replacing what was there. Nothing in `targetDir` changes when validation fails.
 * @returns the catalogue the files hold
 * @throws Cid10FileError naming the file (and line) of the first problem
 */
export async function importOfficialFiles(
  source: string,
  targetDir: string,
): Promise<OfficialCatalogue> {
  const files = await readOfficialFiles(source);
  const catalogue = parseOfficialFiles(files);
  const suffix = randomBytes(4).toString('hex');
  const staging = `${targetDir}.importando-${suffix}`;
  const previous = `${targetDir}.anterior-${suffix}`;
  await mkdir(staging, { recursive: true });
  try {
    for (const kind of KINDS) {
      await writeFile(path.join(staging, OFFICIAL_FILE_NAMES[kind]), files[kind]);
    }
    // Swap folders so a reader never sees a mix of old and new files.
    const hadPrevious = await stat(targetDir).then(
      () => true,
      () => false,
    );
    if (hadPrevious) await rename(targetDir, previous);
    await rename(staging, targetDir);
    if (hadPrevious) await rm(previous, { recursive: true, force: true });
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
  return catalogue;
}

async function readFolder(dir: string): Promise<OfficialFileBytes> {
  const names = await readdir(dir);
  const read = async (kind: OfficialFileKind) => {
    const wanted = OFFICIAL_FILE_NAMES[kind];
    const name = names.find((candidate) => candidate.toUpperCase() === wanted);
    if (!name) throw new Cid10FileError(wanted, undefined, `arquivo não encontrado em ${dir}`);
    return new Uint8Array(await readFile(path.join(dir, name)));
  };
  const [chapters, groups, categories, subcategories] = await Promise.all([
    read('chapters'),
    read('groups'),
    read('categories'),
    read('subcategories'),
  ]);
  return { chapters, groups, categories, subcategories };
}

function readZip(label: string, zipBytes: Uint8Array): OfficialFileBytes {
  const wanted = new Set<string>(Object.values(OFFICIAL_FILE_NAMES));
  let unzipped: Record<string, Uint8Array>;
  try {
    unzipped = unzipSync(zipBytes, {
      filter: (file) => wanted.has(baseName(file.name).toUpperCase()),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Cid10FileError(label, undefined, `.zip ilegível (${reason})`);
  }
  const byName = new Map(
    Object.entries(unzipped).map(([name, bytes]) => [baseName(name).toUpperCase(), bytes]),
  );
  const pick = (kind: OfficialFileKind) => {
    const bytes = byName.get(OFFICIAL_FILE_NAMES[kind]);
    if (!bytes) {
      throw new Cid10FileError(OFFICIAL_FILE_NAMES[kind], undefined, `não está dentro de ${label}`);
    }
    return bytes;
  };
  return {
    chapters: pick('chapters'),
    groups: pick('groups'),
    categories: pick('categories'),
    subcategories: pick('subcategories'),
  };
}

/** Names inside a .zip use '/' whatever the system that made it. */
function baseName(zipPath: string): string {
  return zipPath.slice(zipPath.lastIndexOf('/') + 1);
}
