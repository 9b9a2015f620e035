import { beforeAll, describe, expect, it } from 'vitest';
import type { ExtractionResult } from '@shared/ai/extraction';
import { EXTRACTION_TEXT_MAX_LENGTH } from '@shared/ai/extraction-request';
import { useTestServer } from '../testing/server-fixture';
import { signUpDoctor, TestBrowser, type TestDoctorAccount } from '../testing/test-server';

const fixture = useTestServer();

let doctor: TestDoctorAccount;

beforeAll(async () => {
  doctor = await signUpDoctor(fixture.server.url);
});

const CONSULTATION = [
  'Médico: Bom dia. Qual é o seu nome?',
  'Paciente: Valter Moreira.',
  'Médico: Quantos anos o senhor tem?',
  'Paciente: Quarenta e nove.',
  'Médico: O que o senhor está sentindo?',
  'Paciente: Tô com uma dor no ombro direito há uma semana, bem forte.',
  'Médico: Alergia a algum remédio?',
  'Paciente: Tenho alergia a dipirona.',
  'Médico: Vou examinar. Pressão 12 por 8, frequência cardíaca 70.',
  'Médico: É uma tendinite do supraespinhal. Vou passar naproxeno 500 mg de 12 em 12 horas por 5 dias.',
].join('\n');

describe('POST /api/ai/extract', () => {
  it('answers the extraction of a consultation', async () => {
    const response = await doctor.browser.postJson('/api/ai/extract', { text: CONSULTATION });
    expect(response.status).toBe(200);
    const result = (await response.json()) as ExtractionResult;
    expect(result.patientInfo).toMatchObject({
      name: 'Valter Moreira',
      age: 49,
      gender: 'masculino',
      allergies: ['dipirona'],
    });
    expect(result.symptoms).toMatchObject({ duration: '1 semana', intensity: 'intensa' });
    expect(result.symptoms.chiefComplaint).toMatch(/ombro/i);
    expect(result.physicalExam.vitalSigns).toEqual({ bloodPressure: '120/80', heartRate: 70 });
    // The quantity to dispense in units, computed by the server: 1 comprimido × 2 a day × 5 days.
    expect(result.prescriptions.medications).toEqual([
      {
        name: 'naproxeno',
        dosage: '500 mg',
        dosePerIntake: '1 comprimido',
        frequency: '12/12h',
        duration: '5 dias',
        dispenseQuantity: { amount: 10, unit: 'comprimidos', text: '10 (dez) comprimidos' },
      },
    ]);
    expect(result.assessment).toMatch(/tendinite/i);
    expect(result.confidence).toBeGreaterThan(0.8);
    expect(result.extractedSections).toContain('prescriptions');
  });

  it('answers where each value came from, as offsets into the text as sent', async () => {
    // Leading blank lines are kept: the offsets count them.
    const text = `\n\n  ${CONSULTATION}`;
    const response = await doctor.browser.postJson('/api/ai/extract', { text });
    expect(response.status).toBe(200);
    const result = (await response.json()) as ExtractionResult & {
      evidence: Record<string, { start: number; end: number }[]>;
      unsupported: string[];
    };
    const said = (path: string) =>
      result.evidence[path]?.map(({ start, end }) => text.slice(start, end));
    expect(said('patientInfo.name')).toEqual(['Valter Moreira']);
    expect(said('patientInfo.allergies[0]')).toEqual(['dipirona']);
    expect(said('prescriptions.medications[0]')?.[0]).toMatch(/^naproxeno/);
    // What a rule read from other words: the span it matched.
    expect(said('patientInfo.age')).toEqual(['Quarenta e nove']);
    expect(said('physicalExam.vitalSigns.bloodPressure')).toEqual(['Pressão 12 por 8']);
    expect(said('physicalExam.vitalSigns.heartRate')).toEqual(['frequência cardíaca 70']);
    // The offline engine only writes what the text holds.
    expect(result.unsupported).toEqual([]);
  });

  it('accepts the current record alongside the text', async () => {
    const response = await doctor.browser.postJson('/api/ai/extract', {
      text: 'Paciente: Tenho 30 anos.',
      record: { patientInfo: { name: 'Valter' } },
    });
    expect(response.status).toBe(200);
    expect(((await response.json()) as ExtractionResult).patientInfo.age).toBe(30);
  });

  it.each([
    ['no text', {}, /text.*obrigatório/],
    ['blank text', { text: '   ' }, /text.*vazio/],
    ['text that is not a string', { text: 42 }, /text.*texto/],
    [
      'text over the limit',
      { text: 'a'.repeat(EXTRACTION_TEXT_MAX_LENGTH + 1) },
      /100000 caracteres/,
    ],
    ['a record that is not an object', { text: 'oi', record: 'x' }, /record.*objeto/],
    ['an unknown field', { text: 'oi', model: 'x' }, /não reconhecido: model/],
  ])('answers 400 in Portuguese for %s', async (_name, body, message) => {
    const response = await doctor.browser.postJson('/api/ai/extract', body);
    expect(response.status).toBe(400);
    const answer = (await response.json()) as { success: boolean; error: string };
    expect(answer.success).toBe(false);
    expect(answer.error).toMatch(message);
  });

  it('answers 400 for a body that is not JSON', async () => {
    const response = await doctor.browser.fetch('/api/ai/extract', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"text": ',
    });
    expect(response.status).toBe(400);
  });

  it('answers 401 without a session', async () => {
    const stranger = new TestBrowser(fixture.server.url);
    const response = await stranger.postJson('/api/ai/extract', { text: CONSULTATION });
    expect(response.status).toBe(401);
    expect(((await response.json()) as { success: boolean }).success).toBe(false);
  });
});
