import { afterAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from './support/browser-session';
import { openPage, PageProblems, signUpThroughModal, visible } from './support/pages';
import { TEST_PASSWORD } from '@server/testing/test-server';

const session = useBrowserSession();

const problems = new PageProblems();
const newPage = () => openPage(session.browser, problems);

afterAll(() => {
  expect(problems.found).toEqual([]);
});

describe('accounts in the browser', () => {
  it('signs up through the modal, stays signed in across a reload, and signs out', async () => {
    const page = await newPage();
    await page.goto(session.server.url);
    expect(await page.getAttribute('html', 'lang')).toBe('pt-BR');

    await page.getByRole('button', { name: 'Cadastrar' }).click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByRole('heading', { name: 'Criar conta' }));
    await dialog.getByLabel('Nome').fill('Dra. Beatriz Lima');
    await dialog.getByLabel('E-mail').fill('beatriz@clinica.test');
    await dialog.getByLabel('E-mail').fill('beatriz@');
    await dialog.getByLabel('Senha').fill('curta');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await visible(dialog.getByText('A senha deve ter pelo menos 12 caracteres.'));
    await visible(dialog.getByText('E-mail inválido.'));
    await dialog.getByLabel('E-mail').fill('beatriz@clinica.test');
    expect(await dialog.getByLabel('Senha').getAttribute('aria-invalid')).toBe('true');

    await dialog.getByLabel('Senha').fill('password1234');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await visible(dialog.getByText(/^Senha fácil de adivinhar: /));
    await dialog.getByLabel('Senha').fill(TEST_PASSWORD);
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await visible(page.getByRole('heading', { name: 'Olá, Dra. Beatriz Lima!' }));
    expect(await page.getByRole('dialog').count()).toBe(0);

    const cookies = await page.context().cookies();
    const sessionCookie = cookies.find((cookie) => cookie.name.includes('session_token'));
    expect(sessionCookie?.httpOnly).toBe(true);
    expect(await page.evaluate(() => document.cookie)).not.toContain('session_token');

    await page.reload();
    await visible(page.getByRole('heading', { name: 'Olá, Dra. Beatriz Lima!' }));

    await page.getByRole('button', { name: 'Sair' }).click();
    await visible(page.getByRole('button', { name: 'Cadastrar' }));
    await page.reload();
    await visible(page.getByRole('button', { name: 'Entrar' }));
    expect(await page.getByText('Olá, Dra. Beatriz Lima!').count()).toBe(0);
    await page.context().close();
  });

  it('refuses an e-mail already used without saying so at sign-up, a wrong password, and closes with Fechar', async () => {
    const page = await newPage();
    await page.goto(session.server.url);
    await signUpThroughModal(page, 'Dr. Carlos Mendes', 'carlos@clinica.test', TEST_PASSWORD);
    await visible(page.getByRole('heading', { name: 'Olá, Dr. Carlos Mendes!' }));
    await page.getByRole('button', { name: 'Sair' }).click();

    await signUpThroughModal(page, 'Outra Pessoa', 'carlos@clinica.test', `${TEST_PASSWORD} 2`);
    let dialog = page.getByRole('dialog');
    await visible(
      dialog.getByText(
        'Não foi possível criar a conta com este e-mail. Se você já tem conta, use “Entrar”.',
      ),
    );

    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Entrar' }).click();
    dialog = page.getByRole('dialog');
    await visible(dialog.getByRole('heading', { name: 'Entrar' }));
    await dialog.getByLabel('E-mail').fill('carlos@clinica.test');
    await dialog.getByLabel('Senha').fill('senha-errada-1');
    await dialog.getByRole('button', { name: 'Entrar' }).click();
    await visible(dialog.getByText('E-mail ou senha incorretos.'));

    await dialog.getByLabel('Senha').fill(TEST_PASSWORD);
    await dialog.getByRole('button', { name: 'Entrar' }).click();
    await visible(page.getByRole('heading', { name: 'Olá, Dr. Carlos Mendes!' }));
    await page.context().close();
  });

  it("shows 'Carregando...' with a spinner while the session is unknown", async () => {
    const page = await newPage();
    let releaseSession: () => void = () => {};
    const sessionHeld = new Promise<void>((resolve) => (releaseSession = resolve));
    await page.route('**/api/auth/get-session*', async (route) => {
      await sessionHeld;
      await route.continue();
    });
    await page.goto(session.server.url);
    const loading = page.getByRole('status');
    await visible(loading.getByText('Carregando...'));
    releaseSession();
    await visible(page.getByRole('button', { name: 'Cadastrar' }));
    expect(await page.getByText('Carregando...').count()).toBe(0);
    await page.context().close();
  });
});
