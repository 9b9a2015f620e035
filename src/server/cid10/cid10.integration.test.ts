/**
 * `GET /api/cid10/search` on the real server, with the whole official catalogue that ships with
 * Prontu, and where the catalogue comes from at start-up: CID10_DIR, DATA_DIR/cid10, the shipped
 * release, the built-in codes.
 */
import { cp, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importOfficialFiles, SHIPPED_CID10_DIR } from '@clinical/cid10/official-files';
import type { Cid10SearchResponse } from '@shared/records/cid10-search';
import type { RunningServer } from '../server';
import { capturingLogger } from '../testing/capturing-logger';
import {
  signUpDoctor,
  startTestServer,
  type TestBrowser,
  type TestDoctorAccount,
} from '../testing/test-server';
import {
  createMigratedTestStorage,
  withTestStorage,
  type TestStorage,
} from '../testing/test-storage';
import { importedCid10Dir } from './catalogue-source';

async function search(browser: TestBrowser, query: string): Promise<Response> {
  return browser.fetch(`/api/cid10/search?${query}`);
}

async function resultsFor(browser: TestBrowser, q: string, limit?: number, sex?: string) {
  const params = new URLSearchParams({ q });
  if (limit !== undefined) params.set('limit', String(limit));
  if (sex !== undefined) params.set('sex', sex);
  const response = await search(browser, params.toString());
  expect(response.status).toBe(200);
  return ((await response.json()) as Cid10SearchResponse).results;
}

describe('with the whole official catalogue (the shipped release, by default)', () => {
  let storage: TestStorage;
  let server: RunningServer;
  let doctor: TestDoctorAccount;
  const log = capturingLogger();

  beforeAll(async () => {
    storage = await createMigratedTestStorage();
    server = await startTestServer(storage, { LOG_LEVEL: 'info' }, { logger: log.logger });
    doctor = await signUpDoctor(server.url);
  });

  afterAll(async () => {
    await server.close();
    await storage.cleanup();
  });

  it('loads all 12,451 subcategories and 2,045 categories', () => {
    expect(log.entries()).toContainEqual(
      expect.objectContaining({
        msg: 'CID-10: official catalogue loaded',
        source: 'shipped',
        dir: SHIPPED_CID10_DIR,
        chapters: 22,
        groups: 275,
        categories: 2045,
        subcategories: 12451,
      }),
    );
  });

  it("puts I10 first for 'pressão alta', a J45 code for 'J45', M54.5 for 'dor lombar'", async () => {
    expect((await resultsFor(doctor.browser, 'pressão alta'))[0]?.code).toBe('I10');
    expect((await resultsFor(doctor.browser, 'J45'))[0]?.code).toMatch(/^J45/);
    expect((await resultsFor(doctor.browser, 'dor lombar'))[0]?.code).toBe('M54.5');
  });

  it('finds codes that only the official files have', async () => {
    expect((await resultsFor(doctor.browser, 'a00.0'))[0]?.code).toBe('A00.0');
    expect((await resultsFor(doctor.browser, 'U99'))[0]?.code).toBe('U99');
  });

  it('answers { results } with code, description, category and relevance, at most limit', async () => {
    const results = await resultsFor(doctor.browser, 'asma', 3);
    expect(results).toHaveLength(3);
    expect(results[0]).toEqual({
      code: 'J45.9',
      description: 'Asma não especificada',
      category: 'Asma',
      categoryCode: 'J45',
      chapter: { number: 10, title: 'Doenças do aparelho respiratório' },
      relevance: 100,
    });
    expect(await resultsFor(doctor.browser, 'dor')).toHaveLength(10);
    expect(await resultsFor(doctor.browser, 'xyzzyq')).toEqual([]);
  });

  it.each([
    ['no q', 'limit=5', /^Busca \(q\): é obrigatório$/],
    ['an empty q', 'q=', /^Busca \(q\): informe o código ou a descrição do CID a buscar$/],
    ['a blank q', 'q=%20%20%20', /^Busca \(q\): informe o código ou a descrição do CID a buscar$/],
    ['a q over 200 characters', `q=${'a'.repeat(201)}`, /no máximo 200 caracteres/],
    ['limit 0', 'q=asma&limit=0', /^Limite \(limit\): deve ser no mínimo 1$/],
    ['limit 11', 'q=asma&limit=11', /^Limite \(limit\): deve ser no máximo 10$/],
    ['a limit that is no number', 'q=asma&limit=dez', /^Limite \(limit\)/],
    ['an unknown parameter', 'q=asma&pagina=2', /não reconhecido: pagina/],
    [
      'a sex other than masculino or feminino',
      'q=asma&sex=outro',
      /^Sexo do paciente \(sex\): valor inválido; use um destes: masculino, feminino$/,
    ],
    ['an upper-case sex', 'q=asma&sex=F', /^Sexo do paciente \(sex\): valor inválido/],
    ['an age that is no number', 'q=asma&age=velha', /^Idade \(age\)/],
    ['a negative age', 'q=asma&age=-1', /^Idade \(age\)/],
    ['an age with decimals', 'q=asma&age=54.5', /^Idade \(age\)/],
  ])('refuses %s with 400 and a Portuguese message', async (_name, query, message) => {
    const response = await search(doctor.browser, query);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { success: boolean; error: string };
    expect(body.success).toBe(false);
    expect(body.error).toMatch(message);
  });

  it('leaves out codes for the other sex, unless typed, and marks them (sex)', async () => {
    const forMan = await resultsFor(doctor.browser, 'hipertensão gestacional', 10, 'masculino');
    expect(forMan.map((result) => result.code)).not.toContain('O13');
    expect(forMan.filter((result) => result.restrictedTo)).toEqual([]);
    const forWoman = await resultsFor(doctor.browser, 'hipertensão gestacional', 10, 'feminino');
    expect(forWoman[0]).toMatchObject({ code: 'O13', restrictedTo: 'feminino' });
    expect(
      (await resultsFor(doctor.browser, 'hiperplasia da próstata', 10, 'feminino')).map(
        (result) => result.code,
      ),
    ).not.toContain('N40');
    expect((await resultsFor(doctor.browser, 'O13', 10, 'masculino'))[0]).toMatchObject({
      code: 'O13',
      restrictedTo: 'feminino',
    });
    const top = (await resultsFor(doctor.browser, 'pressão alta', 10, 'feminino')).map(
      (result) => result.code,
    );
    expect(top[0]).toBe('I10');
    expect(top).not.toContain('W41.9');
  });

  it('leaves out pregnancy codes for a woman of 50 or more, unless typed (age)', async () => {
    const query = (q: string, age: number) =>
      new URLSearchParams({ q, sex: 'feminino', age: String(age) }).toString();
    const codes = async (q: string, age: number) => {
      const response = await search(doctor.browser, query(q, age));
      expect(response.status).toBe(200);
      const body = (await response.json()) as Cid10SearchResponse;
      return body.results.map((result) => result.code);
    };
    expect((await codes('pressão alta', 54)).some((code) => code.startsWith('O'))).toBe(false);
    expect(await codes('hipertensão gestacional', 32)).toContain('O13');
    expect(await codes('O13', 54)).toEqual(['O13']);
  });

  it('accepts a q of exactly 200 characters, and trims it', async () => {
    const response = await search(doctor.browser, `q=${'a'.repeat(200)}`);
    expect(response.status).toBe(200);
    expect((await resultsFor(doctor.browser, '  I10  '))[0]?.code).toBe('I10');
  });

  it('needs a session (401)', async () => {
    const response = await fetch(`${server.url}/api/cid10/search?q=asma`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      success: false,
      code: 'unauthorized',
      error: 'Sessão expirada ou inexistente. Faça login para continuar.',
    });
  });
});

/**
 * Starts a server on `storage` with `env`, runs `work` with it and the log lines of its start-up,
 * and stops it.
 */
async function withLoggedServer(
  storage: TestStorage,
  env: Record<string, string>,
  work: (server: RunningServer, entries: Record<string, unknown>[]) => Promise<void> | void,
): Promise<void> {
  const log = capturingLogger();
  const server = await startTestServer(
    storage,
    { ...env, LOG_LEVEL: 'info' },
    { logger: log.logger },
  );
  try {
    await work(server, log.entries());
  } finally {
    await server.close();
  }
}

describe('catalogue at start-up', () => {
  it('loads the files of CID10_DIR first, e.g. a newer release', () =>
    withTestStorage(async (storage) => {
      const release = path.join(storage.dataDir, 'cid10-nova-edicao');
      await cp(SHIPPED_CID10_DIR, release, { recursive: true });
      await importOfficialFiles(SHIPPED_CID10_DIR, importedCid10Dir(storage.dataDir));
      await withLoggedServer(storage, { CID10_DIR: release }, (_server, entries) => {
        expect(entries).toContainEqual(
          expect.objectContaining({ source: 'CID10_DIR', dir: release, subcategories: 12451 }),
        );
      });
    }));

  it('loads the files imported into DATA_DIR/cid10 when CID10_DIR is not set', () =>
    withTestStorage(async (storage) => {
      await importOfficialFiles(SHIPPED_CID10_DIR, importedCid10Dir(storage.dataDir));
      await withLoggedServer(storage, {}, async (server, entries) => {
        expect(entries).toContainEqual(
          expect.objectContaining({ source: 'DATA_DIR', subcategories: 12451 }),
        );
        const doctor = await signUpDoctor(server.url);
        expect((await resultsFor(doctor.browser, 'A00.0'))[0]?.code).toBe('A00.0');
      });
    }));

  it('keeps the built-in catalogue, and says why, when the official files are malformed', () =>
    withTestStorage(async (storage) => {
      const broken = path.join(storage.dataDir, 'cid10-quebrado');
      await mkdir(broken);
      await cp(SHIPPED_CID10_DIR, broken, { recursive: true });
      await writeFile(
        path.join(broken, 'CID-10-CATEGORIAS.CSV'),
        'CAT;CLASSIF;DESCRICAO;DESCRABREV;REFER;EXCLUIDOS;\nA00;Cólera\n',
        'latin1',
      );
      await withLoggedServer(storage, { CID10_DIR: broken }, async (server, entries) => {
        const error = entries.find((entry) => entry.level === 50);
        expect(error?.msg).toMatch(/^CID-10: não foi possível carregar os arquivos oficiais/);
        expect(JSON.stringify(error?.err)).toContain('CID-10-CATEGORIAS.CSV, linha 2');
        const doctor = await signUpDoctor(server.url);
        expect((await resultsFor(doctor.browser, 'pressão alta'))[0]?.code).toBe('I10');
        expect(await resultsFor(doctor.browser, 'A00.0')).toEqual([]);
      });
    }));
});
