import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowserSession } from './support/browser-session';
import {
  newestRecordOnServer,
  openSignedInPage,
  openWorkspaceChat,
  PageProblems,
  seriousA11yViolations,
  visible,
  type ViewportName,
} from './support/pages';

/** The doctor's chat on a server with no language model: the offline engine answers. */
const session = useBrowserSession();
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

async function openChat(viewport: ViewportName = 'desktop') {
  return (await openChatAs(viewport)).page;
}

async function openChatAs(viewport: ViewportName = 'desktop') {
  const signedIn = await openSignedInPage(session.browser, problems, session.server.url, viewport);
  await openWorkspaceChat(signedIn.page, session.server.url, viewport);
  return signedIn;
}

const conversation = (page: Page) => page.getByRole('log', { name: 'Conversa com o Prontu' });

async function ask(page: Page, text: string) {
  const input = page.getByLabel('Mensagem para o Prontu');
  await input.fill(text);
  await input.press('Enter');
}

describe.each<ViewportName>(['desktop', 'phone'])('the offline chat on %s', (viewport) => {
  it('sends an emergency to SAMU 192 and labels the answer Modo offline', async () => {
    const page = await openChat(viewport);
    await ask(page, 'Paciente com dor no peito forte e falta de ar intensa agora');
    const log = conversation(page);
    await visible(log.getByText(/192/));
    await visible(log.getByText('Modo offline'));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('the offline chat', () => {
  it("answers a known drug's usual dose from the dosing table, and says a model is needed otherwise", async () => {
    const page = await openChat();
    await ask(page, 'Qual a dose de amoxicilina?');
    const log = conversation(page);
    await visible(log.getByText(/500 mg/).first());
    await ask(page, 'Quais as novidades no tratamento da insuficiência cardíaca?');
    await visible(log.getByText(/administrador da clínica pode ligar um modelo/));
    await page.context().close();
  });

  it('suggests a record for a patient conversation and starts it with what was said', async () => {
    const page = await openChat();
    await ask(page, 'Atendendo Marcos Pereira, 47 anos, com dor de cabeça há 3 dias.');
    await visible(conversation(page).getByText('Modo offline').first());
    await ask(page, 'Ele nega febre e tem pressão 140/90.');
    const suggestion = conversation(page).getByText(/Deseja iniciar um prontuário/);
    await visible(suggestion);
    await conversation(page).getByRole('button', { name: 'Iniciar Prontuário' }).click();
    await visible(page.getByRole('heading', { name: 'Dados do Paciente' }));
    expect(await page.getByLabel('Nome completo').inputValue()).toBe('Marcos Pereira');
    expect(await page.getByLabel('Idade').inputValue()).toBe('47');

    // Back in the chat the record is the treatment in progress.
    await page.getByRole('button', { name: 'Chat Geral', exact: true }).click();
    const card = page.getByRole('region', { name: 'Atendimento em Andamento' });
    await visible(card.getByText('Marcos Pereira'));
    await visible(page.getByRole('button', { name: /Continuar Prontuário/ }));

    // Auto-update: what the conversation adds reaches the record.
    await card.getByLabel('Atualizar o prontuário com a conversa').check();
    await ask(page, 'Temperatura de 38,5 graus e frequência cardíaca de 96.');
    await visible(conversation(page).getByText('Modo offline').nth(2));
    await card.getByRole('button', { name: 'Atualizar agora' }).click();
    await visible(card.getByText(/Prontuário atualizado pela conversa \(confiança \d+%\)/));
    await page.getByRole('button', { name: /Continuar Prontuário/ }).click();
    await page
      .getByRole('button', { name: /Exame Físico/ })
      .first()
      .click();
    await visible(page.getByRole('heading', { name: 'Exame Físico' }));
    expect(await page.getByLabel('Temperatura').inputValue()).toBe('38,5');
    await page.context().close();
  });

  it('updates the record with /atualizar-prontuario and names the words each value came from', async () => {
    const page = await openChat();
    await ask(page, '/iniciar-prontuario Joana Prado, 52 anos, tosse há 5 dias');
    const log = conversation(page);
    // The input takes the next command only once this one has answered.
    await visible(log.getByText(/Prontuário iniciado para Joana Prado/));
    await visible(page.getByRole('region', { name: 'Atendimento em Andamento' }));
    await ask(page, '/atualizar-prontuario tem alergia a dipirona e pressão 13 por 8');
    await visible(log.getByText(/Prontuário atualizado com a conversa/));
    await visible(log.getByText('De onde veio cada dado:'));
    await visible(log.getByText('Alergia: Dipirona — “dipirona”'));
    await visible(log.getByText('Pressão arterial: 130/80 — “pressão 13 por 8”'));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("draws the structured anamnesis from the conversation with 'Gerar Anamnese Estruturada', once the doctor agrees to a new record", async () => {
    const { page, doctor } = await openChatAs();
    await ask(page, 'Paciente Rita Gomes, 62 anos, com tosse seca há 2 semanas.');
    await visible(conversation(page).getByText('Modo offline').first());
    await page.goto(`${session.server.url}/?view=medical-record&mode=anamnesis`);
    const generate = page.getByRole('button', { name: 'Gerar Anamnese Estruturada' });

    // No record is open: the doctor is asked first, and 'Cancelar' creates nothing.
    await generate.click();
    const question = page.getByRole('alertdialog', { name: 'Criar um novo prontuário?' });
    await visible(question);
    await visible(question.getByText(/será criado um novo prontuário/));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await question.getByRole('button', { name: 'Cancelar' }).click();
    await question.waitFor({ state: 'hidden' });
    await visible(page.getByRole('heading', { name: 'Nenhum prontuário aberto' }));
    expect(await newestRecordOnServer(session.server.url, doctor)).toBeUndefined();
    // Escape cancels too, and gives the focus back to the button.
    await generate.click();
    await visible(question);
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    await expect
      .poll(() => generate.evaluate((node) => node === document.activeElement))
      .toBe(true);
    expect(await newestRecordOnServer(session.server.url, doctor)).toBeUndefined();

    await generate.click();
    await question.getByRole('button', { name: 'Criar prontuário' }).click();
    await visible(page.getByRole('heading', { name: 'Anamnese Estruturada' }));
    await visible(page.getByText('Rita Gomes').first());
    await visible(page.getByText(/tosse/i).first());
    // Created now, on the doctor's word.
    await expect
      .poll(async () => (await newestRecordOnServer(session.server.url, doctor)) !== undefined, {
        timeout: 15_000,
      })
      .toBe(true);

    // Her Feedback tab: no consultation transcribed, said as hers; the example is labelled as one.
    await page.getByRole('tab', { name: 'Feedback' }).click();
    await visible(page.getByText('Rita Gomes: ainda não há consulta transcrita neste prontuário.'));
    const example = page.locator('[data-example="feedback"]');
    await visible(
      example.getByRole('heading', { name: 'Exemplo ilustrativo — não é deste paciente' }),
    );
    await visible(example.getByText('Dados fictícios'));
    await visible(
      example.getByRole('heading', { name: 'Resumo da Consulta (exemplo ilustrativo)' }),
    );
    expect(await example.getByText('Rita Gomes').count()).toBe(0);
    expect(await page.getByText(/Maria Souza/).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });

  it("asks before 'Gerar Anamnese Estruturada' from the chat's tools creates a record", async () => {
    const { page, doctor } = await openChatAs();
    await ask(page, 'Paciente com tosse seca há 2 semanas.');
    await visible(conversation(page).getByText('Modo offline').first());
    const tools = page.getByRole('button', { name: 'Ferramentas' });
    await tools.click();
    await page.getByRole('menuitem', { name: 'Gerar Anamnese Estruturada' }).click();
    const question = page.getByRole('alertdialog', { name: 'Criar um novo prontuário?' });
    await visible(question);
    await question.getByRole('button', { name: 'Cancelar' }).click();
    await question.waitFor({ state: 'hidden' });
    expect(await newestRecordOnServer(session.server.url, doctor)).toBeUndefined();
    await visible(page.getByRole('button', { name: /Novo Prontuário/ }));
    await page.context().close();
  });
});
