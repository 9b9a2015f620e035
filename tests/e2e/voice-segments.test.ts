import { RECORDING_CONSENT_LABEL } from '@shared/ai/use';
import { afterAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from './support/browser-session';
import { useFakeProvider } from './support/fake-provider';
import { openSignedInPage, PageProblems, visible } from './support/pages';
import { fakeMicrophoneArgs, useSpokenConsultation } from './support/spoken-consultation';

/**
 * A long visit in a real browser, made short: the server asks for 2-second segments
 * (AI_TRANSCRIBE_SEGMENT_SECONDS), so a 5-second recording goes out as three files, as a
 * 40-minute visit goes out in 30-second ones (too short to overlap: voice-live-draft.test.ts has
 * the overlapping ones). One segment fails and is sent again without
 * losing the others.
 */
const PARTS = [
  'Paciente Joana Prado, 38 anos.',
  'Com dor de cabeça há 3 dias.',
  'Pressão 130 por 85, frequência cardíaca 88.',
] as const;

const spoken = useSpokenConsultation(PARTS.join(' '));

const provider = useFakeProvider();

const session = useBrowserSession({
  env: () => ({
    AI_TRANSCRIBE_BASE_URL: `${provider().baseUrl}/v1`,
    AI_TRANSCRIBE_SEGMENT_SECONDS: '2',
  }),
  chromiumArgs: () => fakeMicrophoneArgs(spoken.wavPath),
});
const problems = new PageProblems();

afterAll(() => {
  // The refused segment: the provider's rate limit, passed on as a 502 (with the text of
  // docs/product.md, "Erros da transcrição e do microfone"), for the visit it names.
  const transcribe = `502 ${session.server.url}/api/ai/transcribe?recordId=medical-record-`;
  expect(problems.found).toHaveLength(1);
  expect(problems.found[0]?.startsWith(transcribe)).toBe(true);
});

describe('a visit recorded in segments', () => {
  it('transcribes each segment, keeps the others when one fails, and retries it in place', async () => {
    // In upload order: the first segment, the second (refused), the last one at the stop.
    provider().enqueueTranscription(
      { kind: 'text', text: PARTS[0] },
      { kind: 'rate-limit' },
      { kind: 'text', text: PARTS[2] },
    );
    provider().transcribeWith(PARTS[1]);
    const { page } = await openSignedInPage(session.browser, problems, session.server.url, 'phone');
    await page.goto(`${session.server.url}/?view=mobile-consultation`);
    await page.getByRole('checkbox', { name: new RegExp(RECORDING_CONSENT_LABEL) }).check();
    await page.getByRole('button', { name: 'Iniciar Gravação' }).click();
    const recording = page.getByRole('region', { name: 'Gravação' });
    await visible(recording.getByText(/^0:0[5-9]$/));
    await recording.getByRole('button', { name: 'Finalizar Gravação' }).click();

    const review = page.getByRole('region', { name: 'Revisão' });
    await visible(review.getByText('1 trecho da gravação não foi transcrito.'));
    await visible(
      page.getByRole('alert').getByText(/^Falha na transcrição: Limite de requisições/),
    );
    const transcript = review.getByLabel('Transcrição', { exact: true });
    expect(await transcript.inputValue()).toMatch(
      /^Paciente Joana Prado, 38 anos\.\s+Pressão 130 por 85, frequência cardíaca 88\.$/,
    );
    expect(await transcript.inputValue()).not.toMatch(/dor de cabeça/);
    const uploads = provider().uploadedAudio();
    expect(uploads).toHaveLength(3);
    // Each segment is a whole file of its own, not a slice of one.
    expect(new Set(uploads.map(({ head }) => head.slice(0, 16))).size).toBe(1);
    for (const upload of uploads) expect(upload.size).toBeGreaterThan(2 * 1024);

    await review.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect
      .poll(() => transcript.inputValue(), { timeout: 10_000 })
      .toMatch(/^Paciente Joana Prado, 38 anos\.\s+Com dor de cabeça há 3 dias\.\s+Pressão/);
    expect(await review.getByText(/trecho da gravação não/).count()).toBe(0);
    expect(provider().uploadedAudio()).toHaveLength(4);
    await visible(review.getByRole('heading', { name: /Dados reconhecidos/ }));
    await page.context().close();
  });
});
