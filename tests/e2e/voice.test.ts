import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { RECORDING_CONSENT_LABEL } from '@shared/ai/use';
import { DICTATION_PROBLEM_MESSAGES } from '@web/ui/chat/browser-dictation';
import { useBrowserSession } from './support/browser-session';
import { expectConsultationRecorded } from './support/voice-consultation';
import {
  openSignedInPage,
  PageProblems,
  seriousA11yViolations,
  visible,
  type ViewportName,
} from './support/pages';

/** The voice consultation on a server with no transcription endpoint and no language model. */
const session = useBrowserSession();
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

const CONSULTATION =
  'Paciente Joana Prado, 38 anos, com dor de cabeça há 3 dias. Pressão 130 por 85, frequência cardíaca 88.';

const JOANA = {
  name: 'Joana Prado',
  age: 38,
  complaint: /dor de cabeça/i,
  bloodPressure: '130/85',
};

async function openVoiceScreen(viewport: ViewportName = 'phone') {
  const opened = await openSignedInPage(session.browser, problems, session.server.url, viewport);
  await opened.page.goto(`${session.server.url}/?view=mobile-consultation`);
  await visible(opened.page.getByRole('heading', { name: 'Consulta Mobile' }));
  return opened;
}

/**
 * docs/product.md, "Sem serviço de transcrição": what works now, what the clinic's administrator
 * can switch on, no setting's name anywhere, and no recording offered.
 */
async function expectDoctorFacingExplanation(page: Page) {
  const note = page.getByRole('note', {
    name: 'A transcrição automática de áudio ainda não está ativada neste Prontu.',
  });
  await visible(note);
  await visible(note.getByText('Colar uma transcrição'));
  await visible(note.getByText(/O administrador da clínica pode ativar a transcrição automática/));
  await visible(page.getByRole('button', { name: 'Ditar com o navegador' }));
  await visible(page.getByRole('button', { name: 'Colar uma transcrição' }));
  expect(await page.getByRole('button', { name: 'Iniciar Gravação' }).count()).toBe(0);
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/AI_TRANSCRIBE|AI_BASE_URL/);
  expect(text).not.toContain('Coloque o celular sobre a mesa');
  expect(await page.content()).not.toContain('AI_TRANSCRIBE_BASE_URL');
}

describe.each<ViewportName>(['desktop', 'phone'])(
  'the voice screen without a transcription endpoint on %s',
  (viewport) => {
    it("explains what works now, and 'Ditar com o navegador' gives text or says why", async () => {
      const { page } = await openVoiceScreen(viewport);
      await expectDoctorFacingExplanation(page);
      expect(await seriousA11yViolations(page)).toEqual([]);

      const administrator = page.getByText('Para o administrador da clínica');
      await administrator.click();
      await visible(page.getByText(/serviço de transcrição de fala compatível com o Whisper/));

      const dictate = page.getByRole('button', { name: 'Ditar com o navegador' });
      expect(await dictate.isDisabled()).toBe(true);
      await page.getByRole('checkbox', { name: new RegExp(RECORDING_CONSENT_LABEL) }).check();
      await dictate.click();

      // Headless Chromium has no working speech recognition: whatever it does, the doctor reads
      // either her words in the transcript or why there are none — never nothing.
      const transcript = page.getByLabel('Transcrição');
      await visible(transcript);
      const reason = page.getByRole('alert');
      await expect
        .poll(
          async () => (await transcript.inputValue()).trim() !== '' || (await reason.count()) > 0,
          { timeout: 15_000, interval: 250 },
        )
        .toBe(true);
      if ((await transcript.inputValue()).trim() === '') {
        const reasonText = (await reason.first().innerText()).trim();
        expect(Object.values(DICTATION_PROBLEM_MESSAGES)).toContain(reasonText);
      }
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.context().close();
    });
  },
);

describe('the voice consultation on a phone without a transcription endpoint', () => {
  it('says what works without a transcription service, takes a pasted transcript and fills the record and the anamnesis', async () => {
    const { page, doctor } = await openVoiceScreen();

    // Said on arrival, before the doctor records anything, in her words.
    await expectDoctorFacingExplanation(page);
    expect(await seriousA11yViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Colar uma transcrição' }).click();
    const finish = page.getByRole('button', { name: 'Preencher prontuário' });
    expect(await finish.isDisabled()).toBe(true);
    await page.getByLabel('Transcrição').fill(CONSULTATION);
    await finish.click();

    const done = page.getByRole('region', { name: 'Prontuário preenchido' });
    await visible(done.getByRole('heading', { name: 'Prontuário preenchido' }));
    await visible(done.getByText('Joana Prado'));
    await visible(done.getByText('130/85'));
    await visible(done.getByText('Modo offline'));
    await visible(done.getByText('A anamnese estruturada foi gerada.'));
    expect(await seriousA11yViolations(page)).toEqual([]);

    await done.getByRole('button', { name: 'Abrir Prontuário' }).click();
    await expectConsultationRecorded(page, session.server.url, doctor, JOANA);
    await page.context().close();
  });

  it('keeps a typed transcript through a reload, cleans it up and shows what it recognised', async () => {
    const { page } = await openVoiceScreen();
    await page.getByRole('button', { name: 'Colar uma transcrição' }).click();
    const transcript = page.getByLabel('Transcrição');
    await transcript.fill('pcte joana prado, 38 anos, com febre há 2 dias . PA 120x80, FC 96');

    await page.reload();
    await visible(page.getByRole('heading', { name: 'Consulta Mobile' }));
    expect(await transcript.inputValue()).toBe(
      'pcte joana prado, 38 anos, com febre há 2 dias . PA 120x80, FC 96',
    );

    await page.getByRole('button', { name: 'Processar Novamente' }).click();
    const review = page.getByRole('region', { name: 'Revisão' });
    const recognised = review.getByRole('definition');
    await visible(review.getByRole('heading', { name: /Dados reconhecidos/ }));
    expect(await transcript.inputValue()).toMatch(
      /^Paciente joana prado, 38 anos, com febre há 2 dias\. Pressão arterial 120x80, frequência cardíaca 96\.$/,
    );
    expect(await recognised.allTextContents()).toEqual(
      expect.arrayContaining(['38 anos', '120/80', '96 bpm']),
    );

    // An edit makes the recognised data stale: it is no longer shown as the transcript's.
    await transcript.fill('Bom dia, vamos almoçar amanhã?');
    expect(await review.getByRole('heading', { name: /Dados reconhecidos/ }).count()).toBe(0);
    await page.getByRole('button', { name: 'Processar Novamente' }).click();
    await visible(review.getByText('Nenhum termo médico reconhecido', { exact: false }));

    await page.getByRole('button', { name: 'Preencher prontuário' }).click();
    const done = page.getByRole('region', { name: 'Prontuário preenchido' });
    await visible(done.getByText(/não menciona termos médicos; nada foi levado ao prontuário/));
    expect(await done.getByRole('button', { name: 'Abrir Prontuário' }).count()).toBe(0);

    // 'Nova Consulta' asks before discarding a transcript that has not reached the record.
    await done.getByRole('button', { name: 'Processar Novamente' }).click();
    await review.getByRole('button', { name: 'Nova Consulta' }).click();
    const confirm = page.getByRole('alertdialog');
    await confirm.getByRole('button', { name: 'Descartar transcrição' }).click();
    await visible(page.getByRole('button', { name: 'Colar uma transcrição' }));
    await page.reload();
    await visible(page.getByRole('button', { name: 'Colar uma transcrição' }));
    await page.context().close();
  });
});

describe('the automatic switch to the voice consultation', () => {
  it('takes a phone from an empty chat to Consulta Mobile once; Voltar ao Chat stays in the chat', async () => {
    const { page } = await openSignedInPage(session.browser, problems, session.server.url, 'phone');
    await page.goto(session.server.url);
    await visible(page.getByRole('heading', { name: 'Consulta Mobile' }));
    // The doctor has not set name and CRM: the screen still opens, in test mode.
    await visible(page.getByText(/Modo de teste: preencha seu nome e CRM/));

    await page.getByRole('button', { name: 'Voltar ao Chat' }).click();
    await visible(page.getByText('Sou o Prontu, seu assistente de saúde', { exact: false }));
    await page.reload();
    await visible(page.getByText('Sou o Prontu, seu assistente de saúde', { exact: false }));
    expect(await page.getByRole('heading', { name: 'Consulta Mobile' }).count()).toBe(0);
    await page.context().close();
  });

  it('leaves a desktop in the chat', async () => {
    const { page } = await openSignedInPage(session.browser, problems, session.server.url);
    await page.goto(session.server.url);
    await visible(page.getByText('Sou o Prontu, seu assistente de saúde', { exact: false }));
    await page.waitForTimeout(500);
    expect(await page.getByRole('heading', { name: 'Consulta Mobile' }).count()).toBe(0);
    await page.context().close();
  });
});
