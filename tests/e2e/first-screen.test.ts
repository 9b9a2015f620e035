import { afterAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from './support/browser-session';
import { openPage, openSignedInPage, PageProblems, visible } from './support/pages';

const session = useBrowserSession();
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

/** Chromium's console note for a preload nothing used (3 s after the load event). */
const UNUSED_PRELOAD = /preloaded using link preload but not used/;
const UNUSED_PRELOAD_NOTE_MS = 3_000;

interface Hint {
  rel: string;
  href: string;
}

describe('first screen', () => {
  it("uses every preload a signed-in doctor's page announces, each fetched once", async () => {
    const { page } = await openSignedInPage(
      session.browser,
      problems,
      session.server.url,
      'desktop',
      // A service worker would fetch the app shell again, in requests of its own.
      { blockServiceWorker: true },
    );
    const requested: string[] = [];
    const unused: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      requested.push(`${url.pathname}${url.search}`);
    });
    page.on('console', (message) => {
      if (UNUSED_PRELOAD.test(message.text())) unused.push(message.text());
    });
    await page.goto(session.server.url);
    await visible(page.getByLabel('Mensagem para o Prontu'));
    await page.waitForLoadState('load');
    // As site paths (Vite's own preload helper adds tags with absolute URLs).
    const hints = await page
      .locator('head link[rel="preload"], head link[rel="modulepreload"]')
      .evaluateAll((links) =>
        links.map((link) => {
          const url = new URL((link as HTMLLinkElement).href);
          return { rel: link.getAttribute('rel') ?? '', href: `${url.pathname}${url.search}` };
        }),
      );
    const data = hints.filter((hint: Hint) => hint.rel === 'preload');
    expect(data.map((hint) => hint.href)).toContain('/api/auth/get-session');
    expect(hints.some((hint) => hint.href.includes('chat-view'))).toBe(true);
    // Long enough for Chromium to tell about a preload that no fetch() or import() took.
    await page.waitForTimeout(UNUSED_PRELOAD_NOTE_MS + 1_000);
    expect(unused).toEqual([]);
    // A preload made differently from the app's own request would be fetched twice.
    for (const hint of hints) {
      expect(
        requested.filter((url) => url === hint.href),
        hint.href,
      ).toHaveLength(1);
    }
    await page.context().close();
  });

  it('announces nothing to a visitor', async () => {
    const page = await openPage(session.browser, problems, 'desktop', true);
    await page.goto(session.server.url);
    await visible(page.getByRole('button', { name: 'Cadastrar', exact: true }));
    const hints = await page.locator('head link[rel="preload"][as="fetch"]').count();
    expect(hints).toBe(0);
    expect(await page.locator('head link[href*="chat-view"]').count()).toBe(0);
    await page.context().close();
  });
});
