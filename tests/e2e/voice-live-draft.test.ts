import { RECORDING_CONSENT_LABEL } from '@shared/ai/use';
import { afterAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { seamKey } from '@web/features/voice/transcript-seams';
import { useBrowserSession } from './support/browser-session';
import { useListeningTranscriber } from './support/fake-provider';
import { openSignedInPage, PageProblems, visible } from './support/pages';
import {
  fakeMicrophoneArgs,
  MIGRAINE_VISIT_SENTENCES,
  useTimedSpokenConsultation,
} from './support/spoken-consultation';

/**
 * The note drafted while the visit runs (docs/product.md, "Gravação e transcrição em trechos"),
 * in a real browser: espeak-ng speaks a three-minute visit into Chromium's fake microphone, the
 * app sends it in 30-second segments that overlap, and a transcription service that knows when
 * each word was spoken answers each one after 2 seconds with the words it holds. The transcript
 * and what the offline engine recognises in it must fill in while the doctor still records, and
 * the stop must bring the whole visit, each word once, to the review.
 */

/** The service's time for each segment, as a real one might take. */
const ANSWER_DELAY_MS = 2_000;

/** After the last word, so the recording stops before the fake microphone starts over. */
const TRAILING_SILENCE_SECONDS = 20;

const spoken = useTimedSpokenConsultation(MIGRAINE_VISIT_SENTENCES, TRAILING_SILENCE_SECONDS);

const transcriber = useListeningTranscriber(() => spoken.speech.words, {
  answerDelayMs: ANSWER_DELAY_MS,
});

const session = useBrowserSession({
  // The segment length is the default (30 s); the language-model tasks stay offline.
  env: () => ({ AI_TRANSCRIBE_BASE_URL: transcriber().baseUrl }),
  chromiumArgs: () => fakeMicrophoneArgs(spoken.speech.wavPath),
});
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

/** The words of a text as the seams compare them: no case, accents or punctuation. */
const wordKeys = (text: string) =>
  (text.match(/\S+/g) ?? []).map(seamKey).filter((key) => key !== '');

/** The recording's clock ('3:08') in seconds. */
async function elapsedSeconds(recording: Locator): Promise<number> {
  const shown = await recording.getByText(/^\d+:\d{2}$/).textContent();
  const [minutes = 0, seconds = 0] = (shown ?? '').split(':').map(Number);
  return minutes * 60 + seconds;
}

describe('the note drafted while the visit is recorded', () => {
  it('fills the transcript and the recognised values in while recording, and reviews the whole visit at the stop', async () => {
    // Recording three minutes in real time, and the review after it.
    const speechSeconds = spoken.speech.speechSeconds;
    const timeoutMs = (speechSeconds + 60) * 1000;
    const { page } = await openSignedInPage(session.browser, problems, session.server.url, 'phone');
    await page.goto(`${session.server.url}/?view=mobile-consultation`);
    await page.getByRole('checkbox', { name: new RegExp(RECORDING_CONSENT_LABEL) }).check();
    await page.getByRole('button', { name: 'Iniciar Gravação' }).click();
    const recording = page.getByRole('region', { name: 'Gravação' });
    const finishRecording = recording.getByRole('button', { name: 'Finalizar Gravação' });
    await visible(recording.getByText('REC', { exact: true }));

    const draft = page.getByRole('region', { name: 'Rascunho da consulta' });
    await visible(draft.getByText(/aparece aqui a cada 30 segundos de gravação/));
    const log = draft.getByRole('log', { name: 'Transcrição até agora' });

    // The first segment's words, and what the engine read in them, come while recording goes on.
    await log.getByText(/Paciente Joana Prado, 38 anos\./).waitFor({ timeout: 50_000 });
    await visible(draft.getByText('Joana Prado', { exact: true }));
    await visible(draft.getByText('38 anos', { exact: true }));
    expect(await elapsedSeconds(recording)).toBeLessThan(60);
    expect(await finishRecording.isVisible()).toBe(true);

    // The vital signs, spoken a minute in, join the draft a segment later; the end of the
    // visit is not there yet.
    await draft.getByText('130/85', { exact: true }).waitFor({ timeout: 70_000 });
    await visible(draft.getByText('88 bpm', { exact: true }));
    expect(await elapsedSeconds(recording)).toBeLessThan(speechSeconds);
    expect(await finishRecording.isVisible()).toBe(true);
    expect(await log.textContent()).not.toMatch(/hemograma/);

    // Every word said, then the stop: the review holds the whole visit, each word once.
    await expect
      .poll(() => elapsedSeconds(recording), { timeout: timeoutMs, interval: 500 })
      .toBeGreaterThanOrEqual(Math.ceil(speechSeconds) + 1);
    await finishRecording.click();
    const review = page.getByRole('region', { name: 'Revisão' });
    const transcript = review.getByLabel('Transcrição', { exact: true });
    await visible(transcript);
    expect(wordKeys(await transcript.inputValue())).toEqual(
      wordKeys(MIGRAINE_VISIT_SENTENCES.join(' ')),
    );
    await visible(review.getByRole('heading', { name: /Dados reconhecidos/ }));
    for (const value of ['Joana Prado', '38 anos', '130/85', '88 bpm', '36,8 °C']) {
      await visible(review.getByText(value, { exact: true }));
    }

    // Seven files of at most 30 seconds, each begun before the one before it ended.
    const heard = [...transcriber().heard].sort((a, b) => a.from - b.from);
    expect(heard).toHaveLength(Math.ceil((speechSeconds + 1 - 30) / 28) + 1);
    for (const file of heard) expect(file.seconds).toBeLessThan(31);
    for (let index = 1; index < heard.length; index += 1) {
      expect(heard[index]?.from ?? 0).toBeLessThan(heard[index - 1]?.to ?? 0);
    }
    await page.context().close();
  }, 300_000);
});
