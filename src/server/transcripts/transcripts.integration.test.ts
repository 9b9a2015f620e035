import { beforeAll, describe, expect, it } from 'vitest';
import {
  TRANSCRIPT_MAX_LENGTH,
  transcriptCleanUpResultSchema,
  type TranscriptCleanUpResult,
} from '@shared/ai/transcription';
import { useTestServer } from '../testing/server-fixture';
import { signUpDoctor, TestBrowser, type TestDoctorAccount } from '../testing/test-server';

const fixture = useTestServer();

let doctor: TestDoctorAccount;

beforeAll(async () => {
  doctor = await signUpDoctor(fixture.server.url);
});

async function cleanUp(text: string): Promise<TranscriptCleanUpResult> {
  const response = await doctor.browser.postJson('/api/transcripts/clean-up', { text });
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('no-store');
  return transcriptCleanUpResultSchema.strict().parse(await response.json());
}

describe('POST /api/transcripts/clean-up', () => {
  it('writes a dictated note in medical language and says it is medical', async () => {
    expect(
      await cleanUp(
        'paciente com dor de cabeça há 3 dias . PA 130x85, FC 88, dipirona 1 g vo 6/6h',
      ),
    ).toEqual({
      text: 'Paciente com dor de cabeça há 3 dias. Pressão arterial 130x85, frequência cardíaca 88, Dipirona 1 g via oral de 6 em 6 horas.',
      containsMedicalTerms: true,
    });
  });

  it("writes out a patient's spoken contractions", async () => {
    expect(await cleanUp('tô com febre faz dois dias, né')).toEqual({
      text: 'Estou com febre faz dois dias.',
      containsMedicalTerms: true,
    });
  });

  it('tells small talk apart: the voice screen then keeps the text out of the record', async () => {
    expect(await cleanUp('vamos almoçar amanhã no centro')).toEqual({
      text: 'Vamos almoçar amanhã no centro.',
      containsMedicalTerms: false,
    });
  });

  it('gives blank text back empty, not medical', async () => {
    expect(await cleanUp('  \n ')).toEqual({ text: '', containsMedicalTerms: false });
  });

  it('is stable: cleaning a cleaned transcript changes nothing', async () => {
    const once = await cleanUp('pcte c/ HAS e DM2, refere cefaleia. Tax 38');
    expect(await cleanUp(once.text)).toEqual(once);
  });

  it.each([
    ['no text', {}],
    ['text that is not a string', { text: 42 }],
    ['an unknown field', { text: 'febre', extra: true }],
    ['text over the limit', { text: 'a'.repeat(TRANSCRIPT_MAX_LENGTH + 1) }],
  ])('refuses %s with a 400 in Portuguese', async (_case, body) => {
    const response = await doctor.browser.postJson('/api/transcripts/clean-up', body);
    expect(response.status).toBe(400);
    const json = (await response.json()) as { success: boolean; error: string };
    expect(json.success).toBe(false);
    expect(json.error).toMatch(/transcrição|campo|texto|Envie|Dados/i);
  });

  it('needs a session', async () => {
    const stranger = new TestBrowser(fixture.server.url);
    const response = await stranger.postJson('/api/transcripts/clean-up', { text: 'febre' });
    expect(response.status).toBe(401);
  });
});
