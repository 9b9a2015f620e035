import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeLoopbackPort } from '@server/testing/free-port';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import { useBrowserSession } from './support/browser-session';
import { openSignedInPage, PageProblems, seriousA11yViolations, visible } from './support/pages';

/**
 * docs/documentos.md, "Validação": without PUBLIC_URL, the QR codes carry the address of each
 * access (here `http://localhost:<port>`, which only this computer opens), and the receita's
 * signing area and Settings say so; with it, they name PUBLIC_URL and warn of nothing.
 */
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

const SETTINGS = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Dra. Helena Prado',
  crm: '123456',
  crmState: 'SP',
  clinicAddress: 'Rua das Flores, 100 — São Paulo/SP',
  clinicPhone: '(11) 3456-7890',
};

type Session = ReturnType<typeof useBrowserSession>;

/** A signed-in doctor with a saved profile and one quick receita, issued, in the chat. */
async function doctorWithReceita(session: Session) {
  const { page, doctor } = await openSignedInPage(
    session.browser,
    problems,
    session.server.url,
    'desktop',
    { name: SETTINGS.name },
  );
  const saved = await doctor.browser.fetch('/api/settings', {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(SETTINGS),
  });
  expect(saved.status).toBe(200);
  await page.goto(session.server.url);
  await visible(page.getByRole('heading', { name: 'Chat Médico Geral', level: 1 }));
  await send(page, '/receita-rapida João Lima 60 anos losartana 50mg 1x ao dia por 30 dias');
  await visible(
    page
      .getByRole('log', { name: 'Conversa com o Prontu' })
      .getByText(/Receita rápida criada e finalizada/),
  );
  return page;
}

async function send(page: Page, text: string) {
  const input = page.getByLabel('Mensagem para o Prontu');
  await input.fill(text);
  await input.press('Enter');
}

/** The print dialog of the chat's receita, its signing button on show. */
async function openPrintDialog(page: Page) {
  await send(page, '/imprimir');
  const dialog = page.getByRole('dialog', { name: 'Receitas para Impressão' });
  await visible(dialog.getByRole('button', { name: 'Assinar digitalmente (1)' }));
  return dialog;
}

const notice = (scope: Page | ReturnType<Page['getByRole']>) =>
  scope.getByRole('note', { name: 'Endereço de validação' });

async function openSettings(page: Page, serverUrl: string) {
  await page.goto(`${serverUrl}/settings`);
  const section = page.getByRole('region', { name: 'Endereço de validação' });
  await visible(section.getByText(serverUrl, { exact: true }));
  return section;
}

describe('without PUBLIC_URL', () => {
  const session = useBrowserSession();

  it('warns in the receita’s signing area and in Settings that only this computer opens it', async () => {
    const page = await doctorWithReceita(session);
    const reach = `O QR code e o link de validação levam a ${session.server.url}, que só abre neste computador`;

    const dialog = await openPrintDialog(page);
    await visible(notice(dialog).getByText(reach, { exact: false }));
    // The fix is a click away.
    await notice(dialog).getByText('Como corrigir').click();
    await visible(notice(dialog).getByText(/defina PUBLIC_URL com o endereço público do Prontu/));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');

    const settings = await openSettings(page, session.server.url);
    await visible(settings.getByText('o endereço deste acesso (PUBLIC_URL não definida)'));
    await visible(notice(settings).getByText(reach, { exact: false }));
    await visible(notice(settings).getByText(/defina PUBLIC_URL/));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });
});

describe('with PUBLIC_URL', () => {
  // PUBLIC_URL is also the origin writes must come from: the server's own name, on a port
  // chosen before it starts.
  let port = 0;
  beforeAll(async () => {
    port = await freeLoopbackPort();
  });
  const session = useBrowserSession({
    env: () => ({ PORT: String(port), PUBLIC_URL: `http://localhost:${port}/` }),
  });

  it('names PUBLIC_URL in Settings and warns nowhere', async () => {
    expect(session.server.url).toBe(`http://localhost:${port}`);
    const page = await doctorWithReceita(session);

    const health = page.waitForResponse((response) => response.url().endsWith('/api/health'));
    const dialog = await openPrintDialog(page);
    expect(await (await health).json()).toMatchObject({
      validation: { origin: session.server.url, fromPublicUrl: true },
    });
    // Two frames after the answer: time enough for the dialog to show a warning it would show.
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    );
    expect(await notice(dialog).count()).toBe(0);
    await page.keyboard.press('Escape');

    const settings = await openSettings(page, session.server.url);
    await visible(settings.getByText('PUBLIC_URL', { exact: true }));
    await visible(settings.getByText(/levam a este endereço, de qualquer computador/));
    expect(await notice(page).count()).toBe(0);
    await page.context().close();
  });
});
