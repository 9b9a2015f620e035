import { mkdtemp, readdir, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { zipSync } from 'fflate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Cid10FileError, OFFICIAL_FILE_NAMES } from './official-csv';
import { importOfficialFiles, loadOfficialCatalogue } from './official-files';
import { FIXTURE_TEXT, fixtureFiles } from './testing/official-fixture';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'prontu-cid10-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Writes the fixture (with some files replaced) into a folder, under the given names. */
async function writeFolder(
  folder: string,
  replaced: Partial<Record<keyof typeof FIXTURE_TEXT, string>> = {},
  nameOf: (name: string) => string = (name) => name,
): Promise<string> {
  await mkdir(folder, { recursive: true });
  const files = fixtureFiles(replaced);
  for (const [kind, name] of Object.entries(OFFICIAL_FILE_NAMES)) {
    await writeFile(path.join(folder, nameOf(name)), files[kind as keyof typeof files]);
  }
  return folder;
}

async function rejection(promise: Promise<unknown>): Promise<Cid10FileError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof Cid10FileError))
    throw new Error(`expected a Cid10FileError: ${String(error)}`);
  return error;
}

const MALFORMED_SUBCATEGORIES = FIXTURE_TEXT.subcategories.replace(
  'J459;;;;Asma não especificada;J45.9 Asma NE;;;',
  'J459;Asma não especificada',
);

describe('loadOfficialCatalogue', () => {
  it('reads a folder, whatever the case of the file names', async () => {
    const folder = await writeFolder(path.join(dir, 'csv'), {}, (name) => name.toLowerCase());
    const catalogue = await loadOfficialCatalogue(folder);
    expect(catalogue.counts.subcategories).toBe(5);
    expect(catalogue.entries.map((entry) => entry.code)).toContain('M54.5');
  });

  it('reads the .zip DATASUS distributes, files at any depth', async () => {
    const files = fixtureFiles();
    const zip = zipSync({
      'CID10CSV/CID-10-CAPITULOS.CSV': files.chapters,
      'CID10CSV/CID-10-GRUPOS.CSV': files.groups,
      'CID10CSV/CID-10-CATEGORIAS.CSV': files.categories,
      'CID10CSV/CID-10-SUBCATEGORIAS.CSV': files.subcategories,
      'CID10CSV/LEIAME.TXT': new TextEncoder().encode('leia-me'),
    });
    const zipPath = path.join(dir, 'CID10CSV.ZIP');
    await writeFile(zipPath, zip);
    const catalogue = await loadOfficialCatalogue(zipPath);
    expect(catalogue.counts).toEqual({ chapters: 3, groups: 3, categories: 3, subcategories: 5 });
  });

  it('names the missing file of a folder', async () => {
    const folder = await writeFolder(path.join(dir, 'csv'));
    await rm(path.join(folder, OFFICIAL_FILE_NAMES.groups));
    const error = await rejection(loadOfficialCatalogue(folder));
    expect(error.message).toBe(`CID-10-GRUPOS.CSV: arquivo não encontrado em ${folder}`);
  });

  it('refuses a source that does not exist, a file that is no .zip and a corrupt .zip', async () => {
    expect((await rejection(loadOfficialCatalogue(path.join(dir, 'nada')))).message).toMatch(
      /^nada: não encontrado/,
    );
    await writeFile(path.join(dir, 'lista.txt'), 'x');
    expect((await rejection(loadOfficialCatalogue(path.join(dir, 'lista.txt')))).message).toBe(
      'lista.txt: informe uma pasta ou um arquivo .zip',
    );
    await writeFile(path.join(dir, 'quebrado.zip'), 'isto não é um zip');
    expect(
      (await rejection(loadOfficialCatalogue(path.join(dir, 'quebrado.zip')))).message,
    ).toMatch(/^quebrado\.zip: \.zip ilegível/);
  });

  it('names the file and line of a malformed file', async () => {
    const folder = await writeFolder(path.join(dir, 'csv'), {
      subcategories: MALFORMED_SUBCATEGORIES,
    });
    const error = await rejection(loadOfficialCatalogue(folder));
    expect(error.message).toBe(
      "CID-10-SUBCATEGORIAS.CSV, linha 4: 2 colunas, esperadas 8 (separadas por ';')",
    );
  });
});

describe('importOfficialFiles', () => {
  it('copies the four files, bytes unchanged, into the target folder', async () => {
    const source = await writeFolder(path.join(dir, 'download'));
    const target = path.join(dir, 'data', 'cid10');
    const catalogue = await importOfficialFiles(source, target);
    expect(catalogue.counts.categories).toBe(3);
    expect((await readdir(target)).sort()).toEqual(Object.values(OFFICIAL_FILE_NAMES).sort());
    expect(await readFile(path.join(target, OFFICIAL_FILE_NAMES.subcategories))).toEqual(
      await readFile(path.join(source, OFFICIAL_FILE_NAMES.subcategories)),
    );
    // Nothing is left behind next to the target.
    expect(await readdir(path.join(dir, 'data'))).toEqual(['cid10']);
  });

  it('replaces a previous import', async () => {
    const target = path.join(dir, 'data', 'cid10');
    await importOfficialFiles(await writeFolder(path.join(dir, 'old')), target);
    const newer = FIXTURE_TEXT.categories.replace('Dorsalgia;M54', 'Dorsalgia (nova);M54');
    await importOfficialFiles(
      await writeFolder(path.join(dir, 'new'), { categories: newer }),
      target,
    );
    const catalogue = await loadOfficialCatalogue(target);
    expect(catalogue.entries.find((entry) => entry.code === 'M54')?.description).toBe(
      'Dorsalgia (nova)',
    );
  });

  it('on a malformed file, names the line and leaves the previous import as it was', async () => {
    const target = path.join(dir, 'data', 'cid10');
    await importOfficialFiles(await writeFolder(path.join(dir, 'good')), target);
    const before = await readFile(path.join(target, OFFICIAL_FILE_NAMES.subcategories));

    const bad = await writeFolder(path.join(dir, 'bad'), {
      subcategories: MALFORMED_SUBCATEGORIES,
    });
    const error = await rejection(importOfficialFiles(bad, target));
    expect(error.message).toMatch(/^CID-10-SUBCATEGORIAS\.CSV, linha 4: /);

    expect(await readFile(path.join(target, OFFICIAL_FILE_NAMES.subcategories))).toEqual(before);
    expect(await readdir(path.join(dir, 'data'))).toEqual(['cid10']);
  });
});
