import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults } from 'axe-core';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { recordsApi } from '@shared/api/records';
import type { MedicalRecord } from '@shared/records/medical-record';
import { signUpDoctor, type TestDoctorAccount } from '@server/testing/test-server';

/** The two screens every workspace test runs on: a common laptop and a phone. */
export const VIEWPORTS = {
  desktop: { width: 1366, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export const visible = (locator: Locator) => locator.waitFor({ state: 'visible', timeout: 10_000 });

/**
 * Collects what went wrong on the pages of a test file: console errors (a CSP violation is one)
 * and 5xx answers. A file asserts the list is empty after its tests.
 */
export class PageProblems {
  readonly found: string[] = [];

  watch(page: Page): void {
    page.on('console', (message) => {
      // "Failed to load resource" is the browser's note on the 4xx answers the tests provoke;
      // server failures are caught below from the responses themselves.
      if (message.type() === 'error' && !/Failed to load resource/.test(message.text())) {
        this.found.push(`${page.url()}: ${message.text()}`);
      }
    });
    page.on('pageerror', (error) => this.found.push(`${page.url()}: ${error.message}`));
    page.on('response', (response) => {
      if (response.status() >= 500) this.found.push(`${response.status()} ${response.url()}`);
    });
  }
}

/**
 * A fresh browser context (no cookies, no storage) with one page, watched for problems.
 * @param blockServiceWorker - for tests that intercept requests: a service worker answering
 *   from its cache would bypass the interception
 * @param locale - the browser's language (`navigator.language`), e.g. 'pt-BR'; the headless
 *   Chromium's own otherwise (on a machine with LANG=C, 'en-US@posix', which `Intl` refuses)
 */
export async function openPage(
  browser: Browser,
  problems: PageProblems,
  viewport: ViewportName = 'desktop',
  blockServiceWorker = false,
  locale?: string,
): Promise<Page> {
  const context = await browser.newContext({
    viewport: VIEWPORTS[viewport],
    serviceWorkers: blockServiceWorker ? 'block' : 'allow',
    ...(locale ? { locale } : {}),
  });
  const page = await context.newPage();
  problems.watch(page);
  return page;
}

/** Fills and submits the Cadastrar modal. */
export async function signUpThroughModal(
  page: Page,
  name: string,
  email: string,
  password: string,
) {
  await page.getByRole('button', { name: 'Cadastrar', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Senha').fill(password);
  await dialog.getByRole('button', { name: 'Cadastrar' }).click();
}

/** A doctor signed up through the API, and a page of a context carrying their session. */
export async function openSignedInPage(
  browser: Browser,
  problems: PageProblems,
  serverUrl: string,
  viewport: ViewportName = 'desktop',
  options: { name?: string; blockServiceWorker?: boolean; locale?: string } = {},
): Promise<{ page: Page; doctor: TestDoctorAccount }> {
  const doctor = await signUpDoctor(serverUrl, options.name ?? 'Dra. Helena Prado');
  const page = await openPage(
    browser,
    problems,
    viewport,
    options.blockServiceWorker,
    options.locale,
  );
  await addSessionCookies(page.context(), doctor, serverUrl);
  return { page, doctor };
}

async function addSessionCookies(context: BrowserContext, doctor: TestDoctorAccount, url: string) {
  const header = doctor.browser.cookieHeader;
  if (!header) throw new Error('the signed-up doctor has no session cookie');
  await context.addCookies(
    header.split('; ').map((pair) => {
      const separator = pair.indexOf('=');
      return { name: pair.slice(0, separator), value: pair.slice(separator + 1), url };
    }),
  );
}

const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/**
 * Runs axe-core (WCAG 2.1 A and AA rules) on the page and returns the serious and critical
 * violations, one line each. Evaluated through the DevTools protocol, which the page's CSP
 * doesn't govern, so the app's CSP stays as strict as in production.
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const results = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (context: Document, options: object) => Promise<AxeResults> };
      }
    ).axe;
    return axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
    });
  });
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact ?? ''}): ${violation.nodes
          .map((node) => node.target.join(' '))
          .join(', ')}`,
    );
}

/**
 * docs/product.md, "Tela inicial e cabeçalho do chat": a phone's first visit to an empty chat opens
 * Consulta Mobile by itself (once per browser session). Waits for that switch, then goes back to
 * the chat as a doctor would.
 */
export async function returnFromAutoOpenedConsultation(page: Page): Promise<void> {
  await visible(page.getByRole('heading', { name: 'Consulta Mobile' }));
  await page.getByRole('button', { name: 'Voltar ao Chat' }).click();
}

/** Opens the workspace's chat at `url`, going back from the phone's automatic switch. */
export async function openWorkspaceChat(
  page: Page,
  url: string,
  viewport: ViewportName,
): Promise<void> {
  await page.goto(url);
  if (viewport === 'phone') await returnFromAutoOpenedConsultation(page);
  await visible(page.getByRole('heading', { name: 'Chat Médico Geral', level: 1 }));
}

/** A form control by its exact label. */
export const fieldLabelled = (page: Page, label: string) => page.getByLabel(label, { exact: true });

/** The doctor's newest record as the server has it, read with the doctor's own session. */
export async function newestRecordOnServer(
  serverUrl: string,
  doctor: TestDoctorAccount,
): Promise<MedicalRecord | undefined> {
  const listed = await doctor.browser
    .pointedAt(serverUrl)
    .api.call(recordsApi.list, { query: { limit: 1 } });
  return listed.records[0];
}
