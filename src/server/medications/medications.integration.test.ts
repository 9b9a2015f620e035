import { beforeAll, describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/server-fixture';
import { signUpDoctor, TestBrowser, type TestDoctorAccount } from '../testing/test-server';

const fixture = useTestServer();

let doctor: TestDoctorAccount;

beforeAll(async () => {
  doctor = await signUpDoctor(fixture.server.url);
});

interface SearchAnswer {
  results: { name: string; strengths: string[]; forms: string[]; brand?: string }[];
}

async function search(query: string): Promise<SearchAnswer> {
  const response = await doctor.browser.fetch(`/api/medications/search${query}`);
  expect(response.status).toBe(200);
  return (await response.json()) as SearchAnswer;
}

describe('GET /api/medications/search', () => {
  it('answers name, strengths and forms, prefix matches first', async () => {
    const { results } = await search('?q=amox');
    expect(results.slice(0, 2)).toEqual([
      {
        name: 'amoxicilina',
        strengths: [
          '500 mg',
          '875 mg',
          '125 mg/5 mL',
          '200 mg/5 mL',
          '250 mg/5 mL',
          '400 mg/5 mL',
          '500 mg/5 mL',
        ],
        forms: ['cápsula', 'comprimido', 'suspensão oral'],
      },
      expect.objectContaining({ name: 'amoxicilina + clavulanato' }),
    ]);
    // The brands whose names merely contain the query ('Cefamox', 'Vigamox') say so.
    for (const result of results) {
      const keys = Object.keys(result).filter((key) => key !== 'brand');
      expect(keys.sort()).toEqual(['forms', 'name', 'strengths']);
    }
  });

  it('shows the brand a query matched beside its generic', async () => {
    expect((await search('?q=amoxil')).results).toEqual([
      expect.objectContaining({ name: 'amoxicilina', brand: 'Amoxil' }),
    ]);
    expect((await search('?q=amoxicilina')).results[0]).not.toHaveProperty('brand');
  });

  it('finds a medicine by brand name, ignoring accents and surrounding spaces', async () => {
    expect((await search('?q=%20Novalgina%20')).results.map((r) => r.name)).toEqual(['dipirona']);
    expect((await search(`?q=${encodeURIComponent('ÁCIDO FÓL')}`)).results[0]?.name).toBe(
      'ácido fólico',
    );
  });

  it('shows 8 suggestions by default and honours a limit from 1 to 20', async () => {
    expect((await search('?q=ina')).results).toHaveLength(8);
    expect((await search('?q=ina&limit=3')).results).toHaveLength(3);
    expect((await search('?q=ina&limit=20')).results).toHaveLength(20);
  });

  it('finds nothing under 2 characters', async () => {
    expect(await search('?q=a')).toEqual({ results: [] });
    expect(await search('?q=%20a%20')).toEqual({ results: [] });
    expect(await search('')).toEqual({ results: [] });
  });

  it.each([
    ['a limit of 0', '?q=ami&limit=0', /Limite \(limit\): deve ser no mínimo 1/],
    ['a limit over 20', '?q=ami&limit=21', /Limite \(limit\): deve ser no máximo 20/],
    ['a limit that is not a number', '?q=ami&limit=muitos', /Limite \(limit\): deve ser número/],
    [
      'a query over 100 characters',
      `?q=${'a'.repeat(101)}`,
      /Busca \(q\): deve ter no máximo 100 caracteres/,
    ],
    ['an unknown parameter', '?q=ami&sort=name', /não reconhecido: sort/],
  ])('refuses %s with 400 and a Portuguese message', async (_name, query, message) => {
    const response = await doctor.browser.fetch(`/api/medications/search${query}`);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { success: boolean; error: string };
    expect(body.success).toBe(false);
    expect(body.error).toMatch(message);
  });

  it('needs a session', async () => {
    const stranger = new TestBrowser(fixture.server.url);
    const response = await stranger.fetch('/api/medications/search?q=amox');
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      success: false,
      code: 'unauthorized',
      error: 'Sessão expirada ou inexistente. Faça login para continuar.',
    });
  });
});

describe('POST /api/medications/check', () => {
  async function check(body: unknown): Promise<Response> {
    return doctor.browser.postJson('/api/medications/check', body);
  }

  it('warns about a daily dose above the maximum', async () => {
    const response = await check({
      medication: { name: 'Paracetamol', dosage: '1 g', frequency: '4/4h' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      warnings: ['Dose diária de paracetamol (6 g) acima do máximo recomendado de 4 g/dia.'],
    });
  });

  it('warns about the patient’s allergies, by name and by class', async () => {
    const response = await check({
      medication: { name: 'amoxicilina', dosage: '500 mg', frequency: '8/8h', duration: '7 dias' },
      allergies: ['penicilina', 'dipirona'],
    });
    expect(await response.json()).toEqual({
      warnings: ['Alergia a penicilina: amoxicilina é uma penicilina.'],
    });
  });

  it('answers no warnings for a usual prescription', async () => {
    const response = await check({
      medication: { name: 'dipirona', dosage: '1 g', frequency: 'de 6/6h, se dor' },
      allergies: [],
    });
    expect(await response.json()).toEqual({ warnings: [] });
  });

  it.each([
    ['no medication', { allergies: [] }, /obrigatório/],
    [
      'a medication without a name',
      { medication: { dosage: '1 g' } },
      /Nome \(medication\.name\): é obrigatório/,
    ],
    [
      'a blank name',
      { medication: { name: '   ' } },
      /Nome \(medication\.name\): não pode ficar vazio/,
    ],
    [
      'allergies that are not a list',
      { medication: { name: 'dipirona' }, allergies: 'dipirona' },
      /Alergias \(allergies\): deve ser lista/,
    ],
    [
      'an unknown field',
      { medication: { name: 'dipirona' }, patient: 'Maria' },
      /não reconhecido: patient/,
    ],
  ])('refuses %s with 400 and a Portuguese message', async (_name, body, message) => {
    const response = await check(body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { success: boolean; error: string };
    expect(answer.success).toBe(false);
    expect(answer.error).toMatch(message);
  });

  it('needs a session', async () => {
    const stranger = new TestBrowser(fixture.server.url);
    const response = await stranger.postJson('/api/medications/check', {
      medication: { name: 'dipirona' },
    });
    expect(response.status).toBe(401);
  });
});

describe('POST /api/medications/safety-check', () => {
  const safetyCheck = (body: unknown) =>
    doctor.browser.postJson('/api/medications/safety-check', body);

  it('checks the prescription with the medicines in use: ibuprofeno for a patient on varfarina', async () => {
    const response = await safetyCheck({
      medications: [{ name: 'Ibuprofeno 600 mg', dosage: '1 comprimido', frequency: '8/8h' }],
      patient: { age: 72, sex: 'feminino', medicationsInUse: ['Varfarina 5 mg'] },
    });
    expect(response.status).toBe(200);
    const { warnings } = (await response.json()) as { warnings: unknown[] };
    expect(warnings).toEqual([
      {
        kind: 'interacao',
        severity: 'grave',
        medications: ['Ibuprofeno 600 mg', 'Varfarina 5 mg'],
        message: expect.stringMatching(/sangramento/i) as unknown,
        reference: expect.any(String) as unknown,
      },
    ]);
  });

  it("answers a child's dose, the pregnancy and the kidneys, gravest first", async () => {
    const child = await safetyCheck({
      medications: [{ name: 'Paracetamol', dosage: '750 mg', frequency: '6/6h' }],
      patient: { age: 2, weightKg: 12 },
    });
    expect(await child.json()).toMatchObject({
      warnings: [{ kind: 'dose', severity: 'grave' }],
    });
    const pregnant = await safetyCheck({
      medications: [{ name: 'Enalapril 10 mg' }, { name: 'Metformina 850 mg' }],
      patient: { pregnant: true, creatinineClearance: 25 },
    });
    const { warnings } = (await pregnant.json()) as { warnings: { kind: string }[] };
    expect(warnings.map((warning) => warning.kind).sort()).toEqual(['gestacao', 'renal']);
  });

  it('answers no warning for a usual prescription, and none for an empty one', async () => {
    const usual = await safetyCheck({
      medications: [{ name: 'Losartana 50 mg' }, { name: 'Hidroclorotiazida 25 mg' }],
      patient: { age: 60 },
    });
    expect(await usual.json()).toEqual({ warnings: [] });
    expect(await (await safetyCheck({ medications: [] })).json()).toEqual({ warnings: [] });
  });

  it.each([
    ['no medications', { patient: {} }, /Medicamentos \(medications\): é obrigatório/],
    [
      'a weight that is not a number',
      { medications: [], patient: { weightKg: '12' } },
      /Peso \(kg\) \(patient\.weightKg\): deve ser número/,
    ],
    [
      'a negative clearance',
      { medications: [], patient: { creatinineClearance: -5 } },
      /Clearance de creatinina \(patient\.creatinineClearance\)/,
    ],
    [
      'an unknown patient field',
      { medications: [], patient: { gestante: true } },
      /não reconhecido: gestante/,
    ],
  ])('refuses %s with 400 and a Portuguese message', async (_name, body, message) => {
    const response = await safetyCheck(body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { success: boolean; error: string; code: string };
    expect(answer).toMatchObject({ success: false, code: 'validation' });
    expect(answer.error).toMatch(message);
  });

  it('needs a session', async () => {
    const stranger = new TestBrowser(fixture.server.url);
    const response = await stranger.postJson('/api/medications/safety-check', { medications: [] });
    expect(response.status).toBe(401);
  });
});

describe('GET /api/medications/dosing-hint', () => {
  async function hint(query: string): Promise<Response> {
    return doctor.browser.fetch(`/api/medications/dosing-hint${query}`);
  }

  it('answers the usual regimen of a known medicine, by generic or brand name', async () => {
    const response = await hint('?name=Amoxicilina%20500%20mg');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      hint: {
        name: 'amoxicilina',
        dosage: '500 mg',
        frequency: 'de 8/8h',
        duration: '7 dias',
        instructions: 'Completar o tratamento mesmo com melhora dos sintomas.',
      },
    });
    const brand = (await (await hint('?name=Novalgina')).json()) as { hint: { name: string } };
    expect(brand.hint.name).toBe('dipirona');
  });

  it('answers null for a medicine the table does not know', async () => {
    const response = await hint(`?name=${encodeURIComponent('Xarope caseiro')}`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ hint: null });
  });

  it.each([
    ['a blank name', '?name=%20%20', /Nome \(name\): não pode ficar vazio/],
    ['no name', '', /Nome \(name\): é obrigatório/],
    ['a name over 100 characters', `?name=${'a'.repeat(101)}`, /no máximo 100 caracteres/],
    ['an unknown parameter', '?name=dipirona&dose=1g', /não reconhecido: dose/],
  ])('refuses %s with 400 and a Portuguese message', async (_name, query, message) => {
    const response = await hint(query);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { success: boolean; error: string };
    expect(body.success).toBe(false);
    expect(body.error).toMatch(message);
  });

  it('needs a session', async () => {
    const stranger = new TestBrowser(fixture.server.url);
    const response = await stranger.fetch('/api/medications/dosing-hint?name=dipirona');
    expect(response.status).toBe(401);
  });
});

describe('POST /api/medications/detect', () => {
  async function detect(body: unknown): Promise<Response> {
    return doctor.browser.postJson('/api/medications/detect', body);
  }
  async function detectedNames(text: string): Promise<string[]> {
    const response = await detect({ text });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as SearchAnswer;
    return answer.results.map((result) => result.name);
  }

  it('finds the medicines named in a case, in order, each once, with strengths and forms', async () => {
    const response = await detect({
      text: 'Pneumonia aguda, prescrevo Amoxicilina 500mg e dipirona; amoxicilina de novo.',
    });
    expect(response.status).toBe(200);
    const { results } = (await response.json()) as SearchAnswer;
    expect(results.map((result) => result.name)).toEqual(['amoxicilina', 'dipirona']);
    expect(Object.keys(results[0] ?? {}).sort()).toEqual(['forms', 'name', 'strengths', 'written']);
  });

  it('answers what the text wrote of each regimen, for the chip to prescribe as written', async () => {
    const response = await detect({ text: 'Hipertenso. Reintroduzo losartana 50mg 12/12h.' });
    const { results } = (await response.json()) as {
      results: { name: string; written: Record<string, string> }[];
    };
    expect(results).toEqual([
      expect.objectContaining({
        name: 'losartana',
        written: { dosage: '50 mg', frequency: '12/12h' },
      }),
    ]);
  });

  it('reads nothing in a text of 10 characters or less, and at most 5 medicines', async () => {
    expect(await detectedNames('dipirona  ')).toEqual([]);
    expect(
      await detectedNames(
        'dipirona, paracetamol, ibuprofeno, omeprazol, losartana, amoxicilina e metformina',
      ),
    ).toHaveLength(5);
  });

  it.each([
    ['no text', {}, /Texto \(text\): é obrigatório/],
    ['a text that is not a string', { text: 12 }, /Texto \(text\)/],
    ['an unknown field', { text: 'dipirona 500 mg', limit: 3 }, /não reconhecido: limit/],
  ])('refuses %s with 400 and a Portuguese message', async (_name, body, message) => {
    const response = await detect(body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { success: boolean; error: string };
    expect(answer.error).toMatch(message);
  });

  it('needs a session', async () => {
    const stranger = new TestBrowser(fixture.server.url);
    const response = await stranger.postJson('/api/medications/detect', { text: 'dipirona 1 g' });
    expect(response.status).toBe(401);
  });
});
