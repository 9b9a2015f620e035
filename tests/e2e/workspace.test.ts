import type { Locator, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { recordsApi } from '@shared/api/records';
import { useBrowserSession } from './support/browser-session';
import {
  openPage,
  openSignedInPage,
  openWorkspaceChat,
  PageProblems,
  returnFromAutoOpenedConsultation,
  seriousA11yViolations,
  signUpThroughModal,
  visible,
  VIEWPORTS,
  type ViewportName,
} from './support/pages';
import { TEST_PASSWORD } from '@server/testing/test-server';

const session = useBrowserSession();
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

const widthOf = (page: Page, selector: string) =>
  page.locator(selector).evaluate((element) => element.getBoundingClientRect().width);

const themeOf = (page: Page) =>
  page.evaluate(() => ({
    className: document.documentElement.className,
    dataTheme: document.documentElement.dataset.theme,
    stored: localStorage.getItem('theme'),
  }));

describe.each<ViewportName>(['desktop', 'phone'])('workspace on %s', (viewport) => {
  it('signs up from the modal and lands in the workspace', async () => {
    const page = await openPage(session.browser, problems, viewport);
    await page.goto(session.server.url);
    await signUpThroughModal(
      page,
      'Dra. Marina Costa',
      `marina-${viewport}@clinica.test`,
      TEST_PASSWORD,
    );
    if (viewport === 'phone') await returnFromAutoOpenedConsultation(page);
    await visible(page.getByRole('heading', { name: 'Olá, Dra. Marina Costa!' }));
    expect(page.url()).toBe(`${session.server.url}/`);
    if (viewport === 'phone') await page.getByRole('button', { name: 'Abrir menu' }).click();
    const menu =
      viewport === 'phone'
        ? page.getByRole('dialog')
        : page.getByRole('complementary', { name: 'Menu principal' });
    await visible(menu.getByText('MC', { exact: true }));
    await visible(menu.getByText('v1.0.0'));
    await page.context().close();
  });

  it('opens every sidebar entry and each view', async () => {
    const { page } = await openSignedInPage(
      session.browser,
      problems,
      session.server.url,
      viewport,
    );
    await openWorkspaceChat(page, session.server.url, viewport);

    const openMenu = async () => {
      if (viewport === 'phone') await page.getByRole('button', { name: 'Abrir menu' }).click();
    };
    const nav = () => page.getByRole('navigation', { name: 'Seções' });

    await openMenu();
    await nav().getByRole('link', { name: 'Prontuários' }).click();
    await visible(page.getByRole('heading', { name: 'Prontuários Médicos' }));
    expect(new URL(page.url()).searchParams.get('view')).toBe('medical-records-menu');
    await visible(page.getByText('Nenhum prontuário ainda.'));

    await page.getByRole('button', { name: 'Novo Prontuário' }).click();
    const recordHeading = page.getByRole('heading', { name: 'Prontuário — Novo paciente' });
    await visible(recordHeading);
    await page.reload();
    await visible(recordHeading);
    await openMenu();
    await nav().getByRole('link', { name: 'Chat' }).click();
    await visible(page.getByRole('heading', { name: 'Chat Médico Geral', level: 1 }));

    await openMenu();
    await nav().getByRole('link', { name: 'Configurações' }).click();
    await visible(page.getByRole('heading', { name: 'Configurações' }));
    expect(new URL(page.url()).pathname).toBe('/settings');

    await openMenu();
    await nav().getByRole('link', { name: 'Chat' }).click();
    await visible(page.getByRole('heading', { name: 'Chat Médico Geral', level: 1 }));
    expect(new URL(page.url()).search).toBe('');

    const mobileButton = page.getByRole('button', { name: 'Consulta Mobile' });
    if (viewport === 'desktop') {
      expect(await mobileButton.isVisible()).toBe(false);
      await page.goto(`${session.server.url}/?view=mobile-consultation`);
    } else {
      await mobileButton.click();
    }
    await visible(page.getByRole('heading', { name: 'Consulta Mobile' }));
    // Full screen: no sidebar and no menu button.
    expect(await page.getByRole('complementary', { name: 'Menu principal' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Abrir menu' }).count()).toBe(0);
    await visible(page.getByText('Modo de teste: preencha seu nome e CRM'));
    await page.getByRole('button', { name: 'Voltar ao Chat' }).click();
    await visible(page.getByRole('heading', { name: 'Chat Médico Geral', level: 1 }));
    await page.context().close();
  });

  it('switches the theme, keeps it across a reload and applies it before the app runs', async () => {
    const { page } = await openSignedInPage(
      session.browser,
      problems,
      session.server.url,
      viewport,
      { blockServiceWorker: true },
    );
    await openWorkspaceChat(page, session.server.url, viewport);
    expect(await themeOf(page)).toEqual({ className: 'light', dataTheme: 'light', stored: null });

    if (viewport === 'phone') await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('button', { name: 'Usar tema escuro' }).click();
    expect(await themeOf(page)).toEqual({ className: 'dark', dataTheme: 'dark', stored: 'dark' });
    const darkBackground = await page.evaluate(
      () => getComputedStyle(document.body).backgroundColor,
    );
    expect(darkBackground).toBe('rgb(11, 17, 32)');

    // Reload with the app's code held back: the page is already dark before any of it runs.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.reload({ waitUntil: 'commit' });
    // Until the stylesheet has arrived the body has no background at all (a race seen on a busy
    // machine): wait for it, not for the app.
    await page.waitForFunction(
      () =>
        document.querySelector('body') !== null &&
        [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every(
          (link) => link.sheet !== null,
        ),
    );
    expect(
      await page.evaluate(() => ({
        className: document.documentElement.className,
        appRendered: (document.getElementById('root')?.childElementCount ?? 0) > 0,
        background: getComputedStyle(document.body).backgroundColor,
      })),
    ).toEqual({ className: 'dark', appRendered: false, background: darkBackground });
    release();
    await visible(page.getByRole('heading', { name: 'Chat Médico Geral', level: 1 }));
    await page.unroute(/\/assets\/index-[^/]+\.js$/);
    expect(await themeOf(page)).toEqual({ className: 'dark', dataTheme: 'dark', stored: 'dark' });

    if (viewport === 'phone') await page.getByRole('button', { name: 'Abrir menu' }).click();
    await page.getByRole('button', { name: 'Usar tema claro' }).click();
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Chat Médico Geral', level: 1 }));
    expect(await themeOf(page)).toEqual({
      className: 'light',
      dataTheme: 'light',
      stored: 'light',
    });
    await page.context().close();
  });

  it('has no serious accessibility violation in either theme', async () => {
    const { page } = await openSignedInPage(
      session.browser,
      problems,
      session.server.url,
      viewport,
    );
    await openWorkspaceChat(page, session.server.url, viewport);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Chat Médico Geral', level: 1 }));
    expect(await seriousA11yViolations(page)).toEqual([]);
    if (viewport === 'phone') {
      await page.getByRole('button', { name: 'Abrir menu' }).click();
      await visible(page.getByRole('dialog'));
      expect(await seriousA11yViolations(page)).toEqual([]);
    }
    await page.context().close();
  });
});

describe('sidebar on a desktop screen', () => {
  it('collapses to 64 px, opens to 256 px, and remembers', async () => {
    const { page } = await openSignedInPage(
      session.browser,
      problems,
      session.server.url,
      'desktop',
    );
    await page.goto(session.server.url);
    const sidebar = 'aside[aria-label="Menu principal"]';
    await visible(page.locator(sidebar));
    expect(await widthOf(page, sidebar)).toBe(256);
    await visible(page.getByRole('link', { name: 'Configurações' }));

    await page.getByRole('button', { name: 'Recolher menu' }).click();
    await page.waitForFunction(
      (selector) => document.querySelector(selector)?.getBoundingClientRect().width === 64,
      sidebar,
    );
    // Collapsed, the entries keep their names for screen readers and tooltips.
    await visible(page.getByRole('link', { name: 'Configurações' }));
    expect(await page.getByRole('link', { name: 'Configurações' }).getAttribute('title')).toBe(
      'Configurações',
    );

    await page.reload();
    await visible(page.getByRole('button', { name: 'Expandir menu' }));
    expect(await widthOf(page, sidebar)).toBe(64);
    await page.getByRole('button', { name: 'Expandir menu' }).click();
    await page.waitForFunction(
      (selector) => document.querySelector(selector)?.getBoundingClientRect().width === 256,
      sidebar,
    );
    await page.reload();
    await visible(page.getByRole('button', { name: 'Recolher menu' }));
    expect(await widthOf(page, sidebar)).toBe(256);
    await page.context().close();
  });
});

describe('code loading', () => {
  it("loads each screen's code only when needed, and on intent before the click", async () => {
    const { page } = await openSignedInPage(
      session.browser,
      problems,
      session.server.url,
      'desktop',
      { blockServiceWorker: true },
    );
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    const loaded = (chunk: string) => scripts.some((path) => path.includes(`/${chunk}-`));
    await openWorkspaceChat(page, session.server.url, 'desktop');
    expect(loaded('workspace-page')).toBe(true);
    expect(loaded('chat-view')).toBe(true);
    expect(loaded('landing-page')).toBe(false);
    expect(loaded('settings-page')).toBe(false);
    expect(loaded('records-list-view')).toBe(false);

    // Pointing at an entry fetches its code; nothing changes on screen yet.
    await page.getByRole('link', { name: 'Configurações' }).hover();
    await expect.poll(() => loaded('settings-page')).toBe(true);
    await page.getByRole('link', { name: 'Prontuários' }).hover();
    await expect.poll(() => loaded('records-list-view')).toBe(true);
    await visible(page.getByRole('heading', { name: 'Chat Médico Geral', level: 1 }));
    await page.context().close();
  });

  it('only logs a service worker that fails to register', async () => {
    const logged = new PageProblems();
    const page = await openPage(session.browser, logged);
    // As a browser policy or a broken worker would: registration rejects.
    await page.addInitScript(() => {
      Object.defineProperty(ServiceWorkerContainer.prototype, 'register', {
        value: () => Promise.reject(new Error('registro bloqueado')),
      });
    });
    await page.goto(session.server.url);
    await visible(page.getByRole('heading', { name: 'Experimente o Prontu' }));
    await expect
      .poll(() => logged.found.join('\n'))
      .toContain('Falha ao registrar o service worker.');
    await visible(page.getByRole('button', { name: 'Cadastrar', exact: true }));
    await page.context().close();
  });
});

describe('sidebar on a phone screen', () => {
  it('is an overlay, closed by default, opened by the menu button, closed by Escape or a click outside', async () => {
    const { page } = await openSignedInPage(session.browser, problems, session.server.url, 'phone');
    await openWorkspaceChat(page, session.server.url, 'phone');
    expect(await page.getByRole('complementary', { name: 'Menu principal' }).isVisible()).toBe(
      false,
    );
    expect(await page.getByRole('dialog').count()).toBe(0);

    const menuButton = page.getByRole('button', { name: 'Abrir menu' });
    await menuButton.click();
    const overlay = page.getByRole('dialog');
    await visible(overlay.getByRole('link', { name: 'Prontuários' }));
    expect(await overlay.evaluate((element) => element.getBoundingClientRect().width)).toBe(256);
    await page.keyboard.press('Escape');
    await overlay.waitFor({ state: 'detached' });
    // Focus goes back to the menu button.
    expect(await menuButton.evaluate((element) => element === document.activeElement)).toBe(true);

    await menuButton.click();
    await visible(page.getByRole('dialog'));
    // Radix listens for clicks outside from a zero-delay timer set when the menu opens (so the
    // opening click does not close it); a timer of ours set now runs after that one.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
    await page.mouse.click(370, 400);
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    // Keyboard only: Tab stays inside the open menu.
    await menuButton.focus();
    await page.keyboard.press('Enter');
    await visible(page.getByRole('dialog'));
    for (let step = 0; step < 12; step += 1) {
      await page.keyboard.press('Tab');
      expect(
        await page
          .getByRole('dialog')
          .evaluate((element) => element.contains(document.activeElement)),
      ).toBe(true);
    }
    await page.context().close();
  });
});

describe('the chat on a phone with a record open', () => {
  it('keeps the message box on screen, gives the conversation most of the height, and folds the card to one line', async () => {
    const { page, doctor } = await openSignedInPage(
      session.browser,
      problems,
      session.server.url,
      'phone',
    );
    await openWorkspaceChat(page, session.server.url, 'phone');
    await doctor.browser.api.call(recordsApi.create, {
      body: {
        patientInfo: {
          name: 'Joana Ribeiro',
          age: 54,
          gender: 'feminino',
          allergies: [],
          medications: [],
          chronicConditions: [],
        },
        symptoms: { chiefComplaint: 'Dor lombar', duration: '5 dias', currentSymptoms: [] },
      },
    });
    await page.goto(`${session.server.url}/?view=medical-records-menu`);
    await page
      .getByRole('button', { name: /Editar/ })
      .first()
      .click();
    await visible(page.getByRole('heading', { name: 'Dados do Paciente' }));
    await page.getByRole('button', { name: 'Chat Geral', exact: true }).click();
    const input = page.getByLabel('Mensagem para o Prontu');
    await input.fill('Qual a dose de amoxicilina?');
    await input.press('Enter');
    const log = page.getByRole('log', { name: 'Conversa com o Prontu' });
    await visible(log.getByText('Modo offline').first());

    const { width, height } = VIEWPORTS.phone;
    const boxOf = async (locator: Locator) => {
      const box = await locator.boundingBox();
      if (!box) throw new Error('not rendered');
      return box;
    };
    const inputBox = await boxOf(input);
    expect(inputBox.y).toBeGreaterThanOrEqual(0);
    expect(inputBox.x).toBeGreaterThanOrEqual(0);
    expect(inputBox.y + inputBox.height).toBeLessThanOrEqual(height);
    expect(inputBox.x + inputBox.width).toBeLessThanOrEqual(width);
    // The page itself does not scroll: what is measured is what the doctor sees.
    expect(await page.evaluate(() => document.scrollingElement?.scrollTop ?? 0)).toBe(0);
    expect((await boxOf(log)).height).toBeGreaterThanOrEqual(0.6 * height);

    // The card is one line, which opens (by keyboard too) to all it holds.
    const card = page.getByRole('region', { name: 'Atendimento em Andamento' });
    const toggle = card.getByRole('button', { name: /Atendimento em Andamento/ });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    const lineHeight = await toggle.evaluate((element) =>
      Number.parseFloat(getComputedStyle(element).lineHeight),
    );
    expect((await boxOf(toggle)).height).toBeLessThan(2 * lineHeight);
    await visible(card.getByText('Joana Ribeiro'));
    expect(await card.getByRole('button', { name: 'Sair do Atendimento' }).count()).toBe(0);
    await toggle.focus();
    await page.keyboard.press('Enter');
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await visible(card.getByText('Dor lombar há 5 dias'));
    await visible(card.getByText('Prontuário ativo'));
    await visible(card.getByRole('button', { name: 'Sair do Atendimento' }));
    await visible(card.getByLabel('Atualizar o prontuário com a conversa'));
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.keyboard.press('Space');
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });
});
