import { RECORDING_CONSENT_LABEL } from '@shared/ai/use';
import { afterAll, describe, expect, it } from 'vitest';
import { useBrowserSession } from './support/browser-session';
import { useFakeProvider } from './support/fake-provider';
import { openSignedInPage, PageProblems, seriousA11yViolations, visible } from './support/pages';

/**
 * The voice consultation where the browser refuses the microphone (Chromium's stand-in for the
 * permission prompt answering "deny", as after a doctor's "Bloquear"): the screen says how to
 * allow it.
 */
const provider = useFakeProvider();
const session = useBrowserSession({
  env: () => ({ AI_TRANSCRIBE_BASE_URL: `${provider().baseUrl}/v1` }),
  chromiumArgs: () => ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream=deny'],
});
const problems = new PageProblems();

/**
 * What the browser says of the microphone before the doctor taps: 'denied' where the refusal is
 * remembered (Debian's Chromium), 'prompt' where each start asks and is refused (the headless
 * shell from npm).
 */
let permissionBeforeStart: string | undefined;

afterAll(() => {
  // A start that fails is logged; where the refusal is known beforehand, the app does not even try.
  // Either way the screen says what to do (docs/product.md, "Permissão do microfone").
  expect(problems.found).toEqual(
    permissionBeforeStart === 'denied'
      ? []
      : [
          expect.stringMatching(
            /Não foi possível iniciar a gravação de áudio: NotAllowedError: Permission denied$/,
          ),
        ],
  );
});

describe('the voice consultation with the microphone refused', () => {
  it('explains how to allow the microphone, and records nothing', async () => {
    const { page } = await openSignedInPage(session.browser, problems, session.server.url, 'phone');
    await page.goto(`${session.server.url}/?view=mobile-consultation`);
    permissionBeforeStart = await page.evaluate(async () => {
      const status = await navigator.permissions.query({ name: 'microphone' });
      return status.state;
    });
    expect(['denied', 'prompt']).toContain(permissionBeforeStart);
    await page.getByRole('checkbox', { name: new RegExp(RECORDING_CONSENT_LABEL) }).check();
    await page.getByRole('button', { name: 'Iniciar Gravação' }).click();

    const help = page.getByRole('alert').filter({ hasText: 'Permita o acesso ao microfone' });
    await visible(help);
    await visible(help.getByText(/ícone de cadeado ao lado do endereço do site/));
    // Back where it started: nothing is recorded, nothing is sent.
    await visible(page.getByRole('button', { name: 'Iniciar Gravação' }));
    expect(await page.getByRole('region', { name: 'Gravação' }).count()).toBe(0);
    expect(provider().uploadedAudio()).toEqual([]);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  });
});
