import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from './support/browser-session';
import {
  fieldLabelled as field,
  openSignedInPage,
  PageProblems,
  seriousA11yViolations,
  signUpThroughModal,
  visible,
  type ViewportName,
} from './support/pages';
import { TEST_PASSWORD } from '@server/testing/test-server';

const session = useBrowserSession();
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

async function openSettings(viewport: ViewportName = 'desktop', blockServiceWorker = false) {
  const opened = await openSignedInPage(session.browser, problems, session.server.url, viewport, {
    name: 'Dra. Luísa Ramos',
    blockServiceWorker,
  });
  await opened.page.goto(`${session.server.url}/settings`);
  await visible(opened.page.getByRole('heading', { name: 'Configurações' }));
  return opened;
}

const notice = (page: Page, text: string) => visible(page.getByRole('status').getByText(text));

async function fillProfile(page: Page) {
  await field(page, 'Nome completo').fill('Dra. Luísa Ramos');
  await field(page, 'CRM').fill('123456');
  await field(page, 'UF do CRM').selectOption('SP');
  await field(page, 'E-mail').fill('luisa@clinica.com.br');
  await field(page, 'Endereço da clínica').fill('Rua das Flores, 100 — São Paulo/SP');
  await field(page, 'Telefone da clínica').fill('(11) 3456-7890');
  await field(page, 'Receitas por página').fill('3');
  await field(page, 'Nome na receita').fill('Dra. Luísa M. Ramos');
  await field(page, 'Texto da receita').fill('Clínica Médica — RQE 4567');
}

describe.each<ViewportName>(['desktop', 'phone'])('settings on %s', (viewport) => {
  it('saves, survives a reload, and resets after confirming', async () => {
    const { page } = await openSettings(viewport);
    expect(await field(page, 'Nome completo').inputValue()).toBe('Dra. Luísa Ramos');
    expect(await field(page, 'Receitas por página').inputValue()).toBe('2');

    await fillProfile(page);
    await field(page, 'Modelo de receita').fill('Receita de {{nome_paciente}}\n{{medicamentos}}');
    await field(page, 'Modelo de prontuário').fill('Prontuário de {{nome_paciente}}');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await notice(page, 'Configurações salvas com sucesso!');

    await page.reload();
    await visible(page.getByRole('heading', { name: 'Configurações' }));
    expect(await field(page, 'CRM').inputValue()).toBe('123456');
    expect(await field(page, 'UF do CRM').inputValue()).toBe('SP');
    expect(await field(page, 'Receitas por página').inputValue()).toBe('3');
    expect(await field(page, 'Telefone da clínica').inputValue()).toBe('(11) 3456-7890');
    expect(await field(page, 'E-mail').inputValue()).toBe('luisa@clinica.com.br');
    expect(await field(page, 'Endereço da clínica').inputValue()).toBe(
      'Rua das Flores, 100 — São Paulo/SP',
    );
    expect(await field(page, 'Nome na receita').inputValue()).toBe('Dra. Luísa M. Ramos');
    expect(await field(page, 'Texto da receita').inputValue()).toBe('Clínica Médica — RQE 4567');
    expect(await field(page, 'Modelo de receita').inputValue()).toBe(
      'Receita de {{nome_paciente}}\n{{medicamentos}}',
    );
    expect(await field(page, 'Modelo de prontuário').inputValue()).toBe(
      'Prontuário de {{nome_paciente}}',
    );
    const cached = await page.evaluate(() => localStorage.getItem('doctorSettings'));
    expect(JSON.parse(cached ?? '{}')).toMatchObject({
      settings: { crm: '123456', prescriptionsPerPage: 3 },
    });

    // Reset asks first; Cancelar keeps everything.
    await page.getByRole('button', { name: 'Resetar configurações' }).click();
    const confirm = page.getByRole('alertdialog');
    await visible(confirm.getByText('Tem certeza que deseja resetar todas as configurações?'));
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await field(page, 'CRM').inputValue()).toBe('123456');

    await page.getByRole('button', { name: 'Resetar configurações' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Resetar' }).click();
    await notice(page, 'Configurações resetadas!');
    expect(await field(page, 'CRM').inputValue()).toBe('');
    expect(await field(page, 'Receitas por página').inputValue()).toBe('2');

    await page.reload();
    await visible(page.getByRole('heading', { name: 'Configurações' }));
    expect(await field(page, 'CRM').inputValue()).toBe('');
    expect(await field(page, 'Nome completo').inputValue()).toBe('Dra. Luísa Ramos');
    await page.context().close();
  });

  it('previews the templates with the settings filled in and copies the preview', async () => {
    const { page } = await openSettings(viewport);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: session.server.url,
    });
    await fillProfile(page);
    const preview = page.getByLabel('Prévia: Receita');
    await visible(preview);
    const text = await preview.innerText();
    expect(text).toContain('Dra. Luísa M. Ramos — CRM/SP 123456');
    expect(text).toContain('(11) 3456-7890');
    expect(text).toContain('Paciente: {{nome_paciente}}');
    expect(text).toMatch(/Data: \d{2}\/\d{2}\/\d{4}/);

    await page.getByRole('button', { name: 'Copiar prévia' }).click();
    await notice(page, 'Prévia copiada para a área de transferência!');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);

    await page.getByText('Prontuário', { exact: true }).click();
    const recordPreview = await page.getByLabel('Prévia: Prontuário').innerText();
    expect(recordPreview).toContain('PRONTUÁRIO MÉDICO');
    expect(recordPreview).toContain('{{historia_clinica}}');
    await page.context().close();
  });
});

describe('settings form', () => {
  it('says what is wrong under each field and saves nothing', async () => {
    const { page, doctor } = await openSettings();
    await field(page, 'CRM').fill('12a');
    await field(page, 'E-mail').fill('luisa@');
    await field(page, 'Telefone da clínica').fill('3456');
    await field(page, 'Receitas por página').fill('7');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();

    await visible(page.getByText('O CRM deve conter apenas números (até 8 dígitos).'));
    await visible(page.getByText('E-mail inválido.'));
    await visible(page.getByText('Telefone inválido: informe DDD e número'));
    await visible(page.getByText('Receitas por página deve ser um número de 1 a 4.'));
    expect(await field(page, 'CRM').getAttribute('aria-invalid')).toBe('true');
    // Focus goes to the first field to fix.
    expect(await field(page, 'CRM').evaluate((element) => element === document.activeElement)).toBe(
      true,
    );

    const saved = (await (await doctor.browser.fetch('/api/settings')).json()) as {
      settings: { crm: string };
    };
    expect(saved.settings.crm).toBe('');
    await page.context().close();
  });

  it('keeps unsaved edits through a failed save and a reload', async () => {
    const { page } = await openSettings('desktop', true);
    await field(page, 'Endereço da clínica').fill('Av. Paulista, 1000');
    await page.route('**/api/settings', (route) =>
      route.request().method() === 'PATCH' ? route.abort('connectionrefused') : route.continue(),
    );
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await notice(page, 'Erro de conexão. Verifique sua internet e tente novamente.');
    expect(await field(page, 'Endereço da clínica').inputValue()).toBe('Av. Paulista, 1000');

    await page.reload();
    await visible(page.getByRole('heading', { name: 'Configurações' }));
    expect(await field(page, 'Endereço da clínica').inputValue()).toBe('Av. Paulista, 1000');
    await visible(page.getByText('Restauramos alterações que você ainda não tinha salvado.'));
    await visible(page.getByText('Alterações não salvas'));

    await page.unroute('**/api/settings');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await notice(page, 'Configurações salvas com sucesso!');
    expect(await page.evaluate(() => localStorage.getItem('doctorSettings-draft'))).toBeNull();
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Configurações' }));
    expect(await field(page, 'Endereço da clínica').inputValue()).toBe('Av. Paulista, 1000');
    expect(await page.getByText('Restauramos alterações').count()).toBe(0);
    await page.context().close();
  });

  it('has no serious accessibility violation in either theme, nor with the reset dialog open', async () => {
    const { page } = await openSettings();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Configurações' }));
    expect(await seriousA11yViolations(page)).toEqual([]);
    const resetButton = page.getByRole('button', { name: 'Resetar configurações' });
    await resetButton.click();
    await visible(page.getByRole('alertdialog'));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    expect(await resetButton.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it("leaves nothing of a doctor's settings in the browser after signing out", async () => {
    const { page } = await openSettings();
    await field(page, 'CRM').fill('123456');
    await field(page, 'UF do CRM').selectOption('RJ');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await notice(page, 'Configurações salvas com sucesso!');
    await field(page, 'Endereço da clínica').fill('Rascunho não salvo');
    await page.waitForFunction(() => localStorage.getItem('doctorSettings-draft') !== null);

    await page.getByRole('button', { name: 'Sair' }).click();
    await visible(page.getByRole('button', { name: 'Entrar' }));
    expect(
      await page.evaluate(() => [
        localStorage.getItem('doctorSettings'),
        localStorage.getItem('doctorSettings-draft'),
      ]),
    ).toEqual([null, null]);

    // The next doctor on this browser starts from their own blank settings.
    await signUpThroughModal(page, 'Dr. Otávio Lins', 'otavio@clinica.test', TEST_PASSWORD);
    await visible(page.getByRole('heading', { name: 'Olá, Dr. Otávio Lins!' }));
    await page.goto(`${session.server.url}/settings`);
    await visible(page.getByRole('heading', { name: 'Configurações' }));
    expect(await field(page, 'Nome completo').inputValue()).toBe('Dr. Otávio Lins');
    expect(await field(page, 'CRM').inputValue()).toBe('');
    expect(await field(page, 'Endereço da clínica').inputValue()).toBe('');
    await page.context().close();
  });

  it('sends a signed-out visitor from /settings to the landing', async () => {
    const page = await session.browser.newPage();
    problems.watch(page);
    await page.goto(`${session.server.url}/settings`);
    await visible(page.getByRole('button', { name: 'Entrar' }));
    expect(new URL(page.url()).pathname).toBe('/');
    await page.context().close();
  });
});
