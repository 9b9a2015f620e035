import { afterAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from './support/browser-session';
import {
  openPage,
  PageProblems,
  seriousA11yViolations,
  visible,
  type ViewportName,
} from './support/pages';

const session = useBrowserSession();
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

async function openLanding(viewport: ViewportName = 'desktop') {
  const page = await openPage(session.browser, problems, viewport);
  await page.goto(session.server.url);
  await visible(page.getByRole('heading', { name: 'Experimente o Prontu' }));
  return page;
}

describe.each<ViewportName>(['desktop', 'phone'])('landing on %s', (viewport) => {
  it('stops the demo chat input at 500 characters, with a visible counter', async () => {
    const page = await openLanding(viewport);
    const input = page.getByLabel('Mensagem para o Prontu');
    await visible(page.getByText('Olá! Sou o Prontu, seu assistente de saúde.'));
    await visible(page.getByText('0/500'));
    // No send button until there is something to send.
    expect(await page.getByRole('button', { name: 'Enviar mensagem' }).count()).toBe(0);

    await input.fill('a'.repeat(499));
    await visible(page.getByText('499/500'));
    await input.pressSequentially('bcd');
    expect((await input.inputValue()).length).toBe(500);
    await visible(page.getByText('500/500'));
    await input.fill('x'.repeat(650));
    expect((await input.inputValue()).length).toBe(500);
    await visible(page.getByText('500/500'));
    await page.context().close();
  });

  it('answers in the demo chat from the offline engine, labelled so, and hides the theme toggle', async () => {
    const page = await openLanding(viewport);
    await visible(page.getByText('Modo offline'));
    expect(await page.getByRole('button', { name: /tema/ }).count()).toBe(0);

    const input = page.getByLabel('Mensagem para o Prontu');
    await input.fill('O que é o Prontu?');
    await input.press('Enter');
    const log = page.getByRole('log', { name: 'Conversa de demonstração' });
    await visible(log.getByText('O que é o Prontu?'));
    await visible(log.getByText(/prontuário/i).last());
    expect(await input.inputValue()).toBe('');

    // Shift+Enter breaks the line instead of sending.
    await input.fill('Paciente com dor no peito');
    await input.press('Shift+Enter');
    expect(await input.inputValue()).toBe('Paciente com dor no peito\n');
    await input.press('Enter');
    await visible(log.getByText(/192/));
    await page.context().close();
  });

  it('has no serious accessibility violation, in either theme and with the sign-up form open', async () => {
    const page = await openLanding(viewport);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Experimente o Prontu' }));
    expect(await page.evaluate(() => document.documentElement.className)).toBe('dark');
    expect(await seriousA11yViolations(page)).toEqual([]);

    const signUp = page.getByRole('button', { name: 'Cadastrar', exact: true });
    await signUp.click();
    const dialog = page.getByRole('dialog');
    await visible(dialog.getByRole('heading', { name: 'Criar conta' }));
    expect(await seriousA11yViolations(page)).toEqual([]);
    // Focus stays in the form; Fechar gives it back to the button that opened it.
    for (let step = 0; step < 8; step += 1) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(
        true,
      );
    }
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await signUp.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.context().close();
  });
});

describe('installable app', () => {
  it('serves /sw.js and the manifest, registers the worker, and never caches /api', async () => {
    const response = await fetch(new URL('/sw.js', session.server.url));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');

    const manifestResponse = await fetch(new URL('/manifest.webmanifest', session.server.url));
    expect(manifestResponse.status).toBe(200);
    const manifest = (await manifestResponse.json()) as {
      name: string;
      lang: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest).toMatchObject({ name: 'Prontu', lang: 'pt-BR' });
    for (const icon of manifest.icons) {
      const iconResponse = await fetch(new URL(icon.src, session.server.url));
      expect(iconResponse.headers.get('content-type')).toBe('image/png');
    }

    const page = await openLanding();
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe(
      '/manifest.webmanifest',
    );
    const scriptUrl = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.active?.scriptURL;
    });
    expect(scriptUrl).toBe(`${session.server.url}/sw.js`);

    // Once the worker controls the page, the app shell comes from its cache and /api does not.
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Experimente o Prontu' }));
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const modeResponse = page.waitForResponse((answer) =>
      answer.url().endsWith('/api/ai/demo-chat'),
    );
    await page.reload();
    expect((await modeResponse).fromServiceWorker()).toBe(false);
    const cachedUrls = await page.evaluate(async () => {
      const urls: string[] = [];
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
      }
      return urls;
    });
    expect(cachedUrls).toContain('/index.html');
    expect(cachedUrls.filter((url) => url.startsWith('/api'))).toEqual([]);

    // Pages still come from the server, each with a fresh CSP nonce.
    const nonceOfPage = () =>
      page.evaluate(
        () => document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce,
      );
    const firstNonce = await nonceOfPage();
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Experimente o Prontu' }));
    expect(await nonceOfPage()).not.toBe(firstNonce);

    // Opening an API address directly is never answered by the worker.
    const apiPage = await page.context().newPage();
    const apiResponse = await apiPage.goto(`${session.server.url}/api/health`);
    expect(apiResponse?.fromServiceWorker()).toBe(false);
    expect(await apiResponse?.json()).toMatchObject({ ok: true });
    await apiPage.close();

    // Without a network, the app still opens from the precached shell.
    await page.context().setOffline(true);
    await page.reload();
    await visible(page.getByRole('heading', { name: 'Experimente o Prontu' }));
    await page.context().setOffline(false);
    await page.context().close();
  });

  it('offers the install banner and remembers its dismissal', async () => {
    const page = await openLanding();
    const offerInstall = () =>
      page.evaluate(() => {
        const event = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
          prompt: () => {
            (window as unknown as { prompted: boolean }).prompted = true;
            return Promise.resolve();
          },
          userChoice: Promise.resolve({ outcome: 'dismissed' }),
        });
        window.dispatchEvent(event);
        return event.defaultPrevented;
      });

    expect(await offerInstall()).toBe(true);
    const banner = page.getByRole('complementary', { name: 'Instalar o Prontu' });
    await visible(banner);
    await banner.getByRole('button', { name: 'Instalar' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => (window as unknown as { prompted?: boolean }).prompted)).toBe(
      true,
    );

    await offerInstall();
    await visible(banner);
    await banner.getByRole('button', { name: 'Agora não' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => localStorage.getItem('pwa-install-dismissed'))).toBe('true');

    await page.reload();
    await visible(page.getByRole('heading', { name: 'Experimente o Prontu' }));
    await offerInstall();
    await page.waitForTimeout(300);
    expect(await banner.count()).toBe(0);
    await page.context().close();
  });
});
