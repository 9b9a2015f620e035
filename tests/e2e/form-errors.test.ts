import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { TEST_PASSWORD } from '@server/testing/test-server';
import { useBrowserSession } from './support/browser-session';
import {
  fieldLabelled as field,
  openPage,
  openSignedInPage,
  PageProblems,
  seriousA11yViolations,
  signUpThroughModal,
  visible,
  type ViewportName,
} from './support/pages';

const session = useBrowserSession();
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

const SCREENS: readonly ViewportName[] = ['desktop', 'phone'];

const BIRTH_DATE_INVALID = 'Data de nascimento inválida: use dd/mm/aaaa.';

/** The texts that describe a field (`aria-describedby`): its hint and its error. */
function descriptionsOf(control: Locator): Promise<string[]> {
  return control.evaluate((element) =>
    (element.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .filter(Boolean)
      .map((id) => document.getElementById(id)?.textContent ?? ''),
  );
}

/**
 * Whether the element is wholly on the screen: inside the window and inside every box around it
 * that scrolls (the dialog's body).
 */
function isInView(control: Locator): Promise<boolean> {
  return control.evaluate((element) => {
    const rect = element.getBoundingClientRect();
    const inside = (box: { top: number; bottom: number; left: number; right: number }) =>
      rect.top >= box.top - 1 &&
      rect.bottom <= box.bottom + 1 &&
      rect.left >= box.left - 1 &&
      rect.right <= box.right + 1;
    if (!inside({ top: 0, left: 0, bottom: window.innerHeight, right: window.innerWidth })) {
      return false;
    }
    for (let box = element.parentElement; box; box = box.parentElement) {
      const { overflowY } = getComputedStyle(box);
      if (
        (overflowY === 'auto' || overflowY === 'scroll') &&
        !inside(box.getBoundingClientRect())
      ) {
        return false;
      }
    }
    return true;
  });
}

const isFocused = (control: Locator) =>
  control.evaluate((element) => element === document.activeElement);

async function openNewPatientForm(page: Page) {
  await page.goto(`${session.server.url}/?view=patients`);
  await visible(page.getByRole('heading', { name: 'Pacientes', level: 1 }));
  await page.getByRole('button', { name: 'Novo paciente' }).click();
  const form = page.getByRole('dialog', { name: 'Novo paciente' });
  await visible(form);
  return form;
}

describe.each(SCREENS)('the new-patient form on %s', (viewport) => {
  it('masks the birth date and brings an impossible one into view, focused and announced', async () => {
    const { page } = await openSignedInPage(
      session.browser,
      problems,
      session.server.url,
      viewport,
      { name: 'Dra. Regina Alves' },
    );
    const form = await openNewPatientForm(page);
    const birthDate = form.getByLabel('Data de nascimento', { exact: true });
    const phone = form.getByLabel('Telefone', { exact: true });

    // Typed as digits, as doctors do: shown as a date.
    await field(page, 'Nome completo').fill('Maria Aparecida dos Santos');
    await birthDate.pressSequentially('15031959');
    expect(await birthDate.inputValue()).toBe('15/03/1959');
    await phone.pressSequentially('11987654321');
    expect(await phone.inputValue()).toBe('(11) 98765-4321');

    // A day February lacks, typed the same way; then down to the bottom of the long form.
    await birthDate.fill('');
    await birthDate.pressSequentially('31021959');
    expect(await birthDate.inputValue()).toBe('31/02/1959');
    await field(page, 'Observações').fill('Primeira consulta.');
    await form.getByRole('button', { name: 'Salvar paciente' }).click();

    await visible(form.getByText(BIRTH_DATE_INVALID));
    await expect.poll(() => isFocused(birthDate)).toBe(true);
    await expect.poll(() => isInView(birthDate)).toBe(true);
    expect(await birthDate.getAttribute('aria-invalid')).toBe('true');
    expect(await descriptionsOf(birthDate)).toContain(BIRTH_DATE_INVALID);
    expect(await isInView(form.getByText(BIRTH_DATE_INVALID))).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // Corrected, it saves.
    await birthDate.fill('');
    await birthDate.pressSequentially('15031959');
    await form.getByRole('button', { name: 'Salvar paciente' }).click();
    await visible(page.getByRole('heading', { name: 'Maria Aparecida dos Santos', level: 1 }));
    await visible(page.getByText(/Nascimento 15\/03\/1959/));
    await page.context().close();
  });
});

describe('settings', () => {
  it('reads a CRM typed with its UF and names this browser in the sessions list', async () => {
    const page = await openPage(session.browser, problems, 'desktop');
    await page.goto(session.server.url);
    await signUpThroughModal(page, 'Dr. Sérgio Matos', 'sergio@clinica.test', TEST_PASSWORD);
    await visible(page.getByRole('heading', { name: 'Olá, Dr. Sérgio Matos!' }));
    await page.goto(`${session.server.url}/settings`);
    await visible(page.getByRole('heading', { name: 'Configurações' }));

    // Signed up in this headless Chromium, over the loopback.
    const sessions = page.getByRole('region', { name: 'Sessões ativas' });
    await visible(sessions.getByText('Chrome no Linux (esta sessão)'));
    await visible(sessions.getByText(/Endereço: este computador \(local\)/));

    await field(page, 'CRM').fill('123456-SP');
    await field(page, 'E-mail').focus();
    expect(await field(page, 'CRM').inputValue()).toBe('123456');
    expect(await field(page, 'UF do CRM').inputValue()).toBe('SP');
    await field(page, 'Telefone da clínica').pressSequentially('1134567890');
    expect(await field(page, 'Telefone da clínica').inputValue()).toBe('(11) 3456-7890');
    await page.getByRole('button', { name: 'Salvar configurações' }).click();
    await visible(page.getByRole('status').getByText('Configurações salvas com sucesso!'));
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.reload();
    await visible(page.getByRole('heading', { name: 'Configurações' }));
    expect(await field(page, 'CRM').inputValue()).toBe('123456');
    expect(await field(page, 'UF do CRM').inputValue()).toBe('SP');
    await page.context().close();
  });
});
