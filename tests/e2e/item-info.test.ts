import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { recordsApi } from '@shared/api/records';
import { ITEM_INFO_ERROR } from '@shared/ai/tasks';
import { useBrowserSession } from './support/browser-session';
import {
  openSignedInPage,
  PageProblems,
  seriousA11yViolations,
  visible,
  type ViewportName,
} from './support/pages';

/** The 'Mais informações' chat of a prescribed item, with no model configured (offline). */
const session = useBrowserSession();
const problems = new PageProblems();

afterAll(() => {
  // The error-path test answers 503 on purpose
  // (docs/product.md, "Erros do chat e do provedor de IA": shown as a message); nothing else.
  expect(problems.found).toEqual([`503 ${session.server.url}/api/ai/item-info`]);
});

const DISCLAIMER =
  'As informações são apenas informativas e não substituem a bula, as diretrizes clínicas nem o julgamento médico.';

const infoDialog = (page: Page, name: string) =>
  page.getByRole('dialog', { name: `Mais informações: ${name}` });
const answers = (page: Page, name: string) =>
  infoDialog(page, name).getByRole('log').locator('[data-role="assistant"]');

/** A doctor with a record prescribing amoxicillin and a blood count, open on its prescriptions. */
async function openPrescriptions(
  viewport: ViewportName = 'desktop',
  options: { blockServiceWorker?: boolean } = {},
) {
  const { page, doctor } = await openSignedInPage(
    session.browser,
    problems,
    session.server.url,
    viewport,
    options,
  );
  await doctor.browser.pointedAt(session.server.url).api.call(recordsApi.create, {
    body: {
      patientInfo: {
        name: 'Maria Souza',
        age: 45,
        allergies: [],
        medications: [],
        chronicConditions: [],
      },
      symptoms: { chiefComplaint: 'Dor de garganta', duration: '3 dias', currentSymptoms: [] },
      prescriptions: {
        medications: [
          { name: 'Amoxicilina', dosage: '500 mg', frequency: '8/8h', duration: '7 dias' },
        ],
        exams: [{ name: 'Hemograma completo' }],
      },
    },
  });
  await page.goto(`${session.server.url}/?view=medical-records-menu`);
  await page
    .getByRole('button', { name: /Editar/ })
    .first()
    .click();
  await visible(page.getByRole('heading', { name: 'Dados do Paciente' }));
  await page
    .getByRole('navigation', { name: 'Etapas do prontuário' })
    .getByRole('button', { name: /Prescrições/ })
    .click();
  await visible(page.getByRole('heading', { name: 'Prescrições e Exames' }));
  return page;
}

describe('the item info chat, offline', () => {
  it('answers a medication from the dosing table and an exam honestly, with the disclaimer', async () => {
    const page = await openPrescriptions();
    const trigger = page.getByRole('button', { name: 'Mais informações sobre Amoxicilina' });
    await trigger.click();
    const dialog = infoDialog(page, 'Amoxicilina');
    await visible(dialog);
    await visible(dialog.getByText('Medicamento: 500 mg — 8/8h — por 7 dias'));
    await visible(dialog.getByText(DISCLAIMER));

    await dialog.getByRole('button', { name: 'Qual a posologia usual?' }).click();
    const log = dialog.getByRole('log');
    await visible(log.getByText('Qual a posologia usual?'));
    await visible(answers(page, 'Amoxicilina').first());
    const first = await answers(page, 'Amoxicilina').first().innerText();
    expect(first).toContain('500 mg');
    expect(first).toContain('Modo offline');
    await visible(log.getByText('Modo offline', { exact: true }));
    // The suggestions were for the first question only.
    expect(await dialog.getByRole('button', { name: 'Qual a posologia usual?' }).count()).toBe(0);
    await visible(dialog.getByText(DISCLAIMER));
    expect(await seriousA11yViolations(page)).toEqual([]);

    // A typed follow-up carries the earlier question and answer.
    const sent = page.waitForRequest('**/api/ai/item-info');
    const input = dialog.getByLabel('Pergunta sobre Amoxicilina');
    await input.fill('Pode ser tomada com alimentos?');
    await input.press('Enter');
    const body: unknown = (await sent).postDataJSON();
    expect(body).toMatchObject({
      item: { kind: 'medication', name: 'Amoxicilina', details: '500 mg — 8/8h — por 7 dias' },
      question: 'Pode ser tomada com alimentos?',
      history: [
        { role: 'user', content: 'Qual a posologia usual?' },
        { role: 'assistant', content: expect.stringContaining('500 mg') as unknown },
      ],
    });
    await expect.poll(() => answers(page, 'Amoxicilina').count()).toBe(2);

    // Escape closes it, focus goes back to the button, and the next opening starts afresh.
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(
      'Mais informações sobre Amoxicilina',
    );
    await trigger.click();
    await visible(dialog.getByRole('button', { name: 'Qual a posologia usual?' }));
    expect(await answers(page, 'Amoxicilina').count()).toBe(0);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Mais informações sobre Hemograma completo' }).click();
    const exam = infoDialog(page, 'Hemograma completo');
    await visible(exam.getByText(DISCLAIMER));
    await exam.getByRole('button', { name: 'Qual o preparo?' }).click();
    await visible(answers(page, 'Hemograma completo').first());
    const examAnswer = await answers(page, 'Hemograma completo').first().innerText();
    expect(examAnswer).toContain('Hemograma completo');
    expect(examAnswer).toContain('precisam de um modelo de IA configurado');
    await visible(exam.getByRole('log').getByText('Modo offline', { exact: true }));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await exam.getByRole('button', { name: 'Fechar' }).click();
    await exam.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('shows the item-info error when the call fails or the answer is the fallback', async () => {
    const page = await openPrescriptions('phone', { blockServiceWorker: true });
    let failures = 0;
    await page.route('**/api/ai/item-info', async (route) => {
      failures += 1;
      if (failures === 1) {
        await route.fulfill({
          status: 503,
          contentType: 'application/json',
          body: JSON.stringify({ error: 'Serviço indisponível.' }),
        });
        return;
      }
      // No source header: the answer is the server's fallback, not a model's.
      await route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ answer: ITEM_INFO_ERROR }),
      });
    });

    await page.getByRole('button', { name: 'Mais informações sobre Amoxicilina' }).click();
    const dialog = infoDialog(page, 'Amoxicilina');
    await dialog.getByRole('button', { name: 'Quais as interações importantes?' }).click();
    const log = dialog.getByRole('log');
    await visible(log.getByText(ITEM_INFO_ERROR));
    expect(await log.getByText('Serviço indisponível.').count()).toBe(0);

    const input = dialog.getByLabel('Pergunta sobre Amoxicilina');
    await input.fill('E as contraindicações?');
    await input.press('Enter');
    await expect.poll(() => log.getByText(ITEM_INFO_ERROR).count()).toBe(2);
    expect(await log.getByText('Modo offline').count()).toBe(0);
    // Sending is possible again once the error is shown.
    await input.fill('Outra pergunta');
    await visible(dialog.getByRole('button', { name: 'Enviar mensagem' }));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });
});
