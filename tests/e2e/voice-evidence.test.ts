import { afterAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from './support/browser-session';
import { useFakeProvider } from './support/fake-provider';
import { openSignedInPage, PageProblems, seriousA11yViolations, visible } from './support/pages';

/**
 * The voice review with a language model (docs/api.md, "Motor offline"): each recognised value shows the words of the
 * transcript it came from, and a value the model gave without words in the transcript is set
 * apart, unticked. The model is a fake OpenAI-compatible server on loopback.
 */
const provider = useFakeProvider();
const session = useBrowserSession({
  env: () => ({
    AI_BASE_URL: `${provider().baseUrl}/v1`,
    AI_API_KEY: 'sk-e2e-secret',
    AI_CHAT_MODEL: 'fake-chat-model',
    AI_REASONING_MODEL: 'fake-reasoning-model',
  }),
});
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

const TRANSCRIPT =
  'Paciente Joana Prado, 38 anos, com dor de cabeça há 3 dias. Pressão 130 por 85, frequência cardíaca 88.';

/** The model's extraction: what was said, with its quotes, and an allergy nobody mentioned. */
const MODEL_EXTRACTION = {
  patientInfo: { name: 'Joana Prado', age: 38, allergies: ['Penicilina'] },
  symptoms: { chiefComplaint: 'Cefaleia há 3 dias' },
  physicalExam: { vitalSigns: { bloodPressure: '130/85', heartRate: 88 } },
  confidence: 0.6,
  quotes: {
    'patientInfo.name': 'Joana Prado',
    'patientInfo.age': '38 anos',
    'patientInfo.allergies[0]': 'alérgica a penicilina',
    'symptoms.chiefComplaint': 'dor de cabeça há 3 dias',
    'physicalExam.vitalSigns.bloodPressure': 'pressão 130 por 85',
    'physicalExam.vitalSigns.heartRate': 'frequência cardíaca 88',
  },
};

describe('the voice review with a model', () => {
  it('highlights the words of each value on hover and focus, and leaves an unsupported one unticked', async () => {
    const { page } = await openSignedInPage(session.browser, problems, session.server.url, 'phone');
    await page.goto(`${session.server.url}/?view=mobile-consultation`);
    await visible(page.getByRole('heading', { name: 'Consulta Mobile' }));
    await page.getByRole('button', { name: 'Digitar ou colar a transcrição' }).click();
    await page.getByLabel('Transcrição').fill(TRANSCRIPT);

    provider().enqueue({ kind: 'text', text: JSON.stringify(MODEL_EXTRACTION) });
    await page.getByRole('button', { name: 'Processar Novamente' }).click();
    const review = page.getByRole('region', { name: 'Revisão' });
    const origins = review.getByRole('region', { name: 'De onde veio cada dado' });
    await visible(origins);
    const excerpt = origins.getByTestId('evidence-excerpt');

    // Pointing at a value marks its words in the transcript…
    await origins.getByRole('button', { name: 'Paciente: Joana Prado' }).hover();
    await expect.poll(() => excerpt.locator('mark').textContent()).toBe('Joana Prado');
    // …and so does reaching one with the keyboard.
    await origins.getByRole('button', { name: 'Pressão arterial: 130/85' }).focus();
    await expect.poll(() => excerpt.locator('mark').textContent()).toBe('Pressão 130 por 85');
    await page.keyboard.press('Tab');
    await expect.poll(() => excerpt.locator('mark').textContent()).toBe('frequência cardíaca 88');
    expect(await excerpt.textContent()).toContain('Pressão 130 por 85, frequência cardíaca 88');

    // The allergy nobody mentioned is set apart, unticked, and not offered as recognised.
    const missing = review.getByRole('region', { name: 'Não encontrado na transcrição' });
    const allergy = missing.getByRole('checkbox', {
      name: 'Incluir no prontuário — Alergia: Penicilina',
    });
    expect(await allergy.isChecked()).toBe(false);
    expect(await origins.getByRole('button', { name: /Penicilina/ }).count()).toBe(0);
    await allergy.check();
    expect(await allergy.isChecked()).toBe(true);
    await allergy.uncheck();
    expect(await allergy.isChecked()).toBe(false);

    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });
});
