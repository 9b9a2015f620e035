import { afterAll, describe, expect, it } from 'vitest';
import { computeTotpCode } from '@server/testing/totp';
import { useBrowserSession } from './support/browser-session';
import {
  fieldLabelled as field,
  openSignedInPage,
  PageProblems,
  seriousA11yViolations,
  visible,
} from './support/pages';

const session = useBrowserSession();
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

describe('two-factor authentication in the browser', () => {
  it('enrols from Settings with the secret shown as text, then signs in with a code', async () => {
    const { page, doctor } = await openSignedInPage(session.browser, problems, session.server.url);
    await page.goto(`${session.server.url}/settings`);
    const section = page.getByRole('region', { name: 'Verificação em duas etapas' });
    await visible(section.getByText('Desativada'));
    await section.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();

    await field(page, 'Senha da conta').fill('senha-errada-123');
    await section.getByRole('button', { name: 'Continuar' }).click();
    await visible(section.getByText('Senha incorreta.'));
    await field(page, 'Senha da conta').fill(doctor.password);
    await section.getByRole('button', { name: 'Continuar' }).click();

    await visible(section.getByRole('img', { name: 'QR code para o aplicativo autenticador' }));
    const secret = (await section.getByLabel('Chave para digitar').innerText()).replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await field(page, 'Código de 6 dígitos').fill('12345');
    await section.getByRole('button', { name: 'Confirmar e ativar' }).click();
    await visible(section.getByText('O código tem 6 dígitos.'));
    await field(page, 'Código de 6 dígitos').fill(computeTotpCode(secret));
    await section.getByRole('button', { name: 'Confirmar e ativar' }).click();

    const codes = section
      .getByRole('list', { name: 'Códigos de recuperação' })
      .getByRole('listitem');
    await visible(codes.first());
    expect(await codes.count()).toBe(10);
    await section.getByRole('button', { name: 'Já guardei os códigos' }).click();
    await visible(section.getByText('Ativada', { exact: true }));

    // Sign out, then in again: the password alone only leads to the code.
    await page.goto(session.server.url);
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('E-mail').fill(doctor.email);
    await dialog.getByLabel('Senha').fill(doctor.password);
    await dialog.getByRole('button', { name: 'Entrar' }).click();
    await visible(dialog.getByLabel('Código de 6 dígitos'));
    expect((await page.context().cookies()).some((c) => c.name.includes('session_token'))).toBe(
      false,
    );
    await visible(dialog.getByRole('button', { name: 'Usar um código de recuperação' }));

    // The code that confirmed the enrolment opens nothing more: the app's next code is used.
    const rightCode = computeTotpCode(secret, Date.now() + 30_000);
    const wrongCode = ['000000', '111111', '222222'].find(
      (code) => code !== rightCode && code !== computeTotpCode(secret),
    );
    await dialog.getByLabel('Código de 6 dígitos').fill(wrongCode ?? '333333');
    await dialog.getByRole('button', { name: 'Verificar' }).click();
    await visible(dialog.getByText('Código incorreto. Confira o aplicativo e tente de novo.'));

    await dialog.getByLabel('Código de 6 dígitos').fill(rightCode);
    await dialog.getByRole('button', { name: 'Verificar' }).click();
    await visible(page.getByRole('heading', { name: `Olá, ${doctor.name}!` }));
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.context().close();
  });
});
