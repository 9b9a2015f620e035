import { afterAll, describe, expect, it } from 'vitest';
import { recordsApi } from '@shared/api/records';
import { useBrowserSession } from './support/browser-session';
import { useFakeProvider } from './support/fake-provider';
import {
  openSignedInPage,
  PageProblems,
  seriousA11yViolations,
  visible,
  type ViewportName,
} from './support/pages';

/** The doctor's chat against a fake OpenAI-compatible provider on loopback. */
const provider = useFakeProvider();

const session = useBrowserSession({
  env: () => ({
    AI_BASE_URL: `${provider().baseUrl}/v1`,
    AI_API_KEY: 'sk-e2e-secret',
    AI_CHAT_MODEL: 'fake-chat-model',
  }),
});
const problems = new PageProblems();

afterAll(() => {
  // The provider-failure test answers 502 on purpose
  // (docs/product.md, "Erros do chat e do provedor de IA": shown as a message); nothing else.
  expect(problems.found).toEqual([`502 ${session.server.url}/api/ai/chat`]);
});

async function openChat(viewport: ViewportName = 'desktop') {
  const { page, doctor } = await openSignedInPage(
    session.browser,
    problems,
    session.server.url,
    viewport,
  );
  await page.goto(session.server.url);
  await visible(page.getByRole('heading', { name: 'Chat Médico Geral', level: 1 }));
  return { page, doctor };
}

const conversation = (page: import('playwright-core').Page) =>
  page.getByRole('log', { name: 'Conversa com o Prontu' });

describe('the chat with a configured model', () => {
  it('streams the reply into the page in pieces, as Markdown, and keeps it across a reload', async () => {
    const { page } = await openChat();
    await visible(page.getByText(/Sou o Prontu, seu assistente de saúde/));
    const words = Array.from({ length: 12 }, (_, i) => `palavra${i + 1}`);
    provider().enqueue({
      kind: 'text',
      text: `**Conduta sugerida:** ${words.join(' ')}`,
      chunkDelayMs: 150,
    });
    // Records every text the reply bubble shows, as it changes.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { seenReplies: string[] }).seenReplies = seen;
      new MutationObserver(() => {
        const bubbles = document.querySelectorAll('[data-role="assistant"]');
        const last = bubbles[bubbles.length - 1];
        if (last?.textContent && seen[seen.length - 1] !== last.textContent) {
          seen.push(last.textContent);
        }
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });

    const input = page.getByLabel('Mensagem para o Prontu');
    await input.fill('Paciente com cefaleia há 3 dias, qual conduta?');
    await input.press('Enter');
    const log = conversation(page);
    await visible(log.getByText('Paciente com cefaleia há 3 dias, qual conduta?'));
    // Sending is blocked while the reply loads: no send button, whatever is typed.
    await input.fill('Outra pergunta');
    expect(await page.getByRole('button', { name: 'Enviar mensagem' }).count()).toBe(0);
    await visible(log.getByText('palavra12', { exact: false }));
    const seen = await page.evaluate(
      () => (window as unknown as { seenReplies: string[] }).seenReplies,
    );
    // The reply arrived in several steps, each a longer prefix of the last.
    expect(seen.length).toBeGreaterThan(3);
    expect(seen[0]?.length).toBeLessThan(seen[seen.length - 1]?.length ?? 0);
    // Markdown rendered as elements, not shown as asterisks.
    await visible(log.locator('strong', { hasText: 'Conduta sugerida:' }));
    expect(await log.getByText('**Conduta').count()).toBe(0);
    // A model's reply is not labelled offline.
    expect(await log.getByText('Modo offline').count()).toBe(0);

    const sent = provider().chatRequests().at(-1);
    expect(sent).toMatchObject({
      model: 'fake-chat-model',
      stream: true,
      max_tokens: 800,
      temperature: 0.7,
      top_p: 0.9,
      frequency_penalty: 0.1,
      presence_penalty: 0.1,
    });

    await page.reload();
    await visible(conversation(page).getByText('palavra12', { exact: false }));
    await page.context().close();
  });

  it('switches to a specialist, posts the system message, and clears with Nova conversa', async () => {
    const { page } = await openChat();
    await page.getByRole('button', { name: 'Especialistas', exact: true }).click();
    await visible(page.getByRole('heading', { name: 'Especialistas', level: 1 }));
    // The first two categories are open, two agents each until 'Ver mais'.
    const basics = page.getByRole('button', { name: /Especialidades Básicas/ });
    expect(await basics.getAttribute('aria-expanded')).toBe('true');
    expect(
      await page
        .getByRole('button', { name: /Especialidades Clínicas/ })
        .getAttribute('aria-expanded'),
    ).toBe('false');
    expect(await page.getByRole('button', { name: /Agente Dermatologista/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Ver mais' }).first().click();
    await page.getByRole('button', { name: /Agente Dermatologista/ }).click();

    await visible(page.getByRole('heading', { name: 'Agente Dermatologista', level: 1 }));
    const log = conversation(page);
    await visible(log.getByText(/Consulta agora com o Agente Dermatologista/));

    provider().enqueue({ kind: 'text', text: 'Lesão compatível com dermatite.' });
    await page.getByLabel('Mensagem para o Prontu').fill('Placa eritematosa no antebraço');
    await page.getByLabel('Mensagem para o Prontu').press('Enter');
    await visible(log.getByText('Lesão compatível com dermatite.'));
    const system = provider().chatRequests().at(-1)?.messages?.[0];
    expect(system?.role).toBe('system');
    expect(String(system?.content)).toContain('Agente Dermatologista');

    await page
      .getByRole('complementary', { name: 'Especialistas' })
      .getByRole('button', { name: 'Nova conversa' })
      .click();
    await visible(page.getByRole('heading', { name: 'Ou escolha um especialista' }));
    expect(await seriousA11yViolations(page)).toEqual([]);

    // 'Chat Geral' goes back to the general mode, with no messages.
    await page.getByRole('button', { name: 'Chat Geral', exact: true }).click();
    await visible(page.getByRole('heading', { name: 'Chat Médico Geral', level: 1 }));
    await page.context().close();
  });

  it('shows a provider failure as an assistant message in Portuguese', async () => {
    const { page } = await openChat();
    // The server retries once; an exhausted quota answers both attempts.
    provider().enqueue({ kind: 'quota' }, { kind: 'quota' });
    await page.getByLabel('Mensagem para o Prontu').fill('Qual a dose de amoxicilina?');
    await page.getByLabel('Mensagem para o Prontu').press('Enter');
    await visible(
      conversation(page).getByText('Limite de uso da API excedido. Tente novamente mais tarde.'),
    );
    expect(await page.getByLabel('Mensagem para o Prontu').isDisabled()).toBe(false);
    await page.context().close();
  });

  it('shows the open record in the Atendimento em Andamento card, sends it as context, and leaves it', async () => {
    const { page, doctor } = await openChat();
    await doctor.browser.api.call(recordsApi.create, {
      body: {
        patientInfo: {
          name: 'Joana Ribeiro',
          age: 52,
          allergies: [],
          medications: [],
          chronicConditions: [],
        },
        symptoms: { chiefComplaint: 'Dor lombar', duration: '5 dias', currentSymptoms: [] },
      },
    });
    // Opening it from the records list makes it the open record.
    await page.goto(`${session.server.url}/?view=medical-records-menu`);
    await page
      .getByRole('button', { name: /Editar/ })
      .first()
      .click();
    await visible(page.getByRole('heading', { name: 'Dados do Paciente' }));
    await page.getByRole('button', { name: 'Chat Geral', exact: true }).click();

    const card = page.getByRole('region', { name: 'Atendimento em Andamento' });
    await visible(card);
    await visible(card.getByText('Joana Ribeiro'));
    await visible(card.getByText('52 anos'));
    await visible(card.getByText('Dor lombar há 5 dias'));
    await visible(card.getByText('Prontuário ativo'));
    await visible(page.getByRole('button', { name: /Continuar Prontuário/ }));
    await visible(page.getByText('Prontuário em andamento salvo'));
    await visible(page.getByRole('img', { name: 'Há dados salvos' }));
    expect(await page.getByLabel('Mensagem para o Prontu').getAttribute('placeholder')).toContain(
      'Joana Ribeiro',
    );

    provider().enqueue({ kind: 'text', text: 'Considere lombalgia mecânica.' });
    await page.getByLabel('Mensagem para o Prontu').fill('Alguma sugestão?');
    await page.getByLabel('Mensagem para o Prontu').press('Enter');
    await visible(conversation(page).getByText('Considere lombalgia mecânica.'));
    const system = String(provider().chatRequests().at(-1)?.messages?.[0]?.content);
    expect(system).toContain('Paciente: Joana Ribeiro');
    expect(system).toContain('Queixa principal: Dor lombar');

    await card.getByRole('button', { name: 'Sair do Atendimento' }).click();
    await visible(conversation(page).getByText(/Atendimento de Joana Ribeiro encerrado/));
    expect(await card.count()).toBe(0);
    await visible(page.getByRole('button', { name: 'Novo Prontuário' }));
    await page.context().close();
  });
});
