import { OFFLINE_ENGINE_SOURCE, RECORDING_CONSENT_LABEL } from '@shared/ai/use';
import { recordsApi } from '@shared/api/records';
import { afterAll, describe, expect, it } from 'vitest';
import type { UploadedAudio } from '@server/testing/fake-openai-server';
import { audioFileName } from '@shared/ai/transcription';
import { useBrowserSession } from './support/browser-session';
import { useFakeProvider } from './support/fake-provider';
import { openSignedInPage, PageProblems, seriousA11yViolations, visible } from './support/pages';
import { fakeMicrophoneArgs, useSpokenConsultation } from './support/spoken-consultation';
import { expectConsultationRecorded } from './support/voice-consultation';

/**
 * The voice consultation on a phone with a real audio capture: espeak-ng speaks the visit into
 * Chromium's fake microphone, the app's MediaRecorder records it and uploads it, and a fake
 * OpenAI-compatible server transcribes it. Only transcription goes to the fake; extraction and
 * anamnesis run on the offline engine, so what the record gets is deterministic.
 */

/**
 * All the offline extraction reads from it: name, age, gender, complaint, duration, intensity,
 * vital signs and a requested exam — 9 of its 10 core fields, confidence 0.9, above the 0.7 at
 * which the record opens by itself (docs/product.md, "Revisão, processamento e prontuário").
 */
const CONSULTATION =
  'Paciente Joana Prado, 38 anos, com dor de cabeça há 3 dias, intensidade 7 de 10. ' +
  'Pressão 130 por 85, frequência cardíaca 88, temperatura 37,8. Solicito hemograma.';

/** Long enough for the timer to pass 0:02 and for a pause, short enough for a quick test. */
const RECORD_UNTIL = /^0:0[2-9]$/;

/** The fake answers the upload after this long, so the transcribing status can be seen. */
const TRANSCRIPTION_DELAY_MS = 1_500;

const spoken = useSpokenConsultation(CONSULTATION);

const provider = useFakeProvider();

const session = useBrowserSession({
  // Only the transcription endpoint: without AI_BASE_URL the language-model tasks stay offline.
  env: () => ({
    AI_TRANSCRIBE_BASE_URL: `${provider().baseUrl}/v1`,
    AI_TRANSCRIBE_API_KEY: 'sk-e2e-transcribe',
    AI_TRANSCRIBE_MODEL: 'fake-transcription-model',
  }),
  chromiumArgs: () => fakeMicrophoneArgs(spoken.wavPath),
});
const problems = new PageProblems();

afterAll(() => {
  expect(problems.found).toEqual([]);
});

const JOANA = {
  name: 'Joana Prado',
  age: 38,
  complaint: /dor de cabeça/i,
  bloodPressure: '130/85',
};

/**
 * The container an audio file's first bytes announce, by its magic number; undefined when they
 * announce none of the types the recorder may produce.
 */
function containerOf(headHex: string): 'webm' | 'mp4' | 'wav' | 'mp3' | undefined {
  const head = Buffer.from(headHex, 'hex');
  if (head.subarray(0, 4).toString('hex') === '1a45dfa3') return 'webm';
  if (head.subarray(4, 8).toString('latin1') === 'ftyp') return 'mp4';
  if (
    head.subarray(0, 4).toString('latin1') === 'RIFF' &&
    head.subarray(8, 12).toString('latin1') === 'WAVE'
  ) {
    return 'wav';
  }
  // An ID3 tag, or straight into an MPEG audio frame (11 sync bits set).
  const [first = 0, second = 0] = head;
  if (
    head.subarray(0, 3).toString('latin1') === 'ID3' ||
    (first === 0xff && (second & 0xe0) === 0xe0)
  ) {
    return 'mp3';
  }
  return undefined;
}

/** The recording's file name without `recording.`: the container its name claims. */
const claimedContainer = (audio: UploadedAudio) => audio.name.replace(/^recording\./, '');

describe('the voice consultation on a phone with a real audio capture', () => {
  it('records the spoken visit, uploads it for transcription and fills the record and the anamnesis', async () => {
    provider().enqueueTranscription({
      kind: 'slow',
      delayMs: TRANSCRIPTION_DELAY_MS,
      text: CONSULTATION,
    });
    const { page, doctor } = await openSignedInPage(
      session.browser,
      problems,
      session.server.url,
      'phone',
    );
    await page.goto(`${session.server.url}/?view=mobile-consultation`);
    await visible(page.getByRole('heading', { name: 'Consulta Mobile' }));

    // 1–2. Only once the doctor confirms the patient was told and agreed (never ticked for her),
    // recording starts, once the microphone is live.
    const start = page.getByRole('button', { name: 'Iniciar Gravação' });
    const consent = page.getByRole('checkbox', { name: new RegExp(RECORDING_CONSENT_LABEL) });
    expect(await consent.isChecked()).toBe(false);
    expect(await start.isDisabled()).toBe(true);
    await consent.check();
    await start.click();
    const recording = page.getByRole('region', { name: 'Gravação' });
    await visible(recording.getByText('REC', { exact: true }));
    const finishRecording = recording.getByRole('button', { name: 'Finalizar Gravação' });
    await expect.poll(() => finishRecording.isEnabled(), { timeout: 10_000 }).toBe(true);
    await visible(recording.getByText(RECORD_UNTIL));
    // Leaving would stop the recording: the way back waits until it is finished.
    expect(await page.getByRole('button', { name: 'Voltar ao Chat' }).isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);

    // 3. A pause and a resume, then the end of the recording.
    await recording.getByRole('button', { name: 'Pausar Gravação' }).click();
    await visible(recording.getByText('PAUSADO', { exact: true }));
    const resume = recording.getByRole('button', { name: 'Retomar Gravação' });
    await visible(resume);
    await page.waitForTimeout(1_000);
    await resume.click();
    await visible(recording.getByText('REC', { exact: true }));
    await visible(recording.getByRole('button', { name: 'Pausar Gravação' }));
    await finishRecording.click();

    // 4. The upload is transcribed, cleaned up and shown for review with what was recognised.
    await visible(page.getByRole('status').getByText('Transcrevendo a consulta…'));
    const review = page.getByRole('region', { name: 'Revisão' });
    const transcript = review.getByLabel('Transcrição', { exact: true });
    await visible(transcript);
    const reviewed = await transcript.inputValue();
    expect(reviewed).toMatch(/Joana Prado/);
    expect(reviewed).toMatch(/38 anos/);
    expect(reviewed).toMatch(/dor de cabeça/i);
    expect(reviewed).toMatch(/130 por 85|130\/85|130 x 85/);
    await visible(review.getByRole('heading', { name: /Dados reconhecidos/ }));
    // Exact texts, so the transcript (which holds them all) cannot stand in for the list.
    for (const text of ['Paciente', 'Joana Prado', 'Idade', '38 anos', 'Queixa principal']) {
      await visible(review.getByText(text, { exact: true }));
    }
    await visible(review.getByText('Pressão arterial', { exact: true }));
    await visible(review.getByText('130/85', { exact: true }));
    await visible(review.getByText('37,8 °C', { exact: true }));
    expect(await seriousA11yViolations(page)).toEqual([]);

    // What reached the transcription service: one real recording, in Portuguese.
    const uploads = provider().uploadedAudio();
    expect(uploads).toHaveLength(1);
    expect(provider().transcriptionRequests()[0]?.fields.language).toBe('pt');
    const [audio] = uploads;
    if (!audio) throw new Error('no audio reached the transcription service');
    // Speech records to about 50 KB in 3 s; silence (a WAV Chromium could not read) to 1.5 KB.
    expect(audio.size).toBeGreaterThan(5 * 1024);
    expect(audio.name).toBe(audioFileName(audio.type));
    expect(containerOf(audio.head)).toBe(claimedContainer(audio));

    // 5. Processing fills the record; a confident extraction opens it by itself.
    await review.getByRole('button', { name: 'Preencher prontuário' }).click();
    const done = page.getByRole('region', { name: 'Prontuário preenchido' });
    await visible(done.getByRole('heading', { name: 'Prontuário preenchido' }));
    await visible(done.getByText('Joana Prado', { exact: true }));
    await visible(done.getByText('130/85', { exact: true }));
    await visible(done.getByRole('status').getByText('Abrindo o prontuário…'));
    // No click on 'Abrir Prontuário': the record view must come on its own.
    const record = await expectConsultationRecorded(page, session.server.url, doctor, JOANA);
    expect(record.physicalExam?.vitalSigns?.heartRate).toBe(88);
    expect(record.physicalExam?.vitalSigns?.temperature).toBe(37.8);

    // CFM 2.454/2026: the visit's chart says where AI wrote part of it, and its report shows it.
    await expect
      .poll(
        async () =>
          (
            await doctor.browser
              .pointedAt(session.server.url)
              .api.call(recordsApi.get, { params: { id: record.id } })
          ).record.aiUse?.map(({ task, source }) => `${task}: ${source}`) ?? [],
        { timeout: 10_000 },
      )
      .toEqual([
        'transcribe: fake-transcription-model',
        `extract: ${OFFLINE_ENGINE_SOURCE}`,
        `structured-anamnesis: ${OFFLINE_ENGINE_SOURCE}`,
      ]);
    await page.getByRole('tab', { name: 'Relatório' }).click();
    const report = page.getByRole('article', { name: 'Prontuário narrativo' });
    await visible(report.getByRole('heading', { name: 'Uso de IA' }));
    await visible(report.getByText(/Transcrição da gravação — fake-transcription-model/));
    await visible(
      report.getByText(
        new RegExp(`Anamnese estruturada — ${OFFLINE_ENGINE_SOURCE.replace(/[()]/g, '\\$&')}`),
      ),
    );
    await page.context().close();
  });
});
