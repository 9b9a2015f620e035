import { describe, expect, it } from 'vitest';
import type { RecordedAudio } from './audio-recorder';
import {
  analysisOfTranscript,
  asksBeforeUnload,
  DEFAULT_SEGMENT_MS,
  draftOf,
  draftTextOf,
  errorOf,
  failedSegmentsOf,
  initialConsultationState,
  isRecordingUnderWay,
  SEAM_OVERLAP_MS,
  segmentOverlapMs,
  transcriptToKeep,
  transition,
  UNSAVED_RECORD_MESSAGE,
  type ConsultationEvent,
  type ConsultationState,
  type ConsultationStep,
  type SegmentFailure,
} from './consultation-machine';
import { emptyExtraction } from '@shared/ai/extraction';
import type { ConsultationAnalysis, ConsultationOutcome } from './process-consultation';

const audio = (name: string): RecordedAudio => ({
  blob: new Blob([name]),
  mimeType: 'audio/webm',
  fileName: 'recording.webm',
  durationMs: 2000,
});

const RATE_LIMITED: SegmentFailure = {
  message: 'Falha na transcrição: Limite de requisições excedido.',
  retryable: true,
  unconfigured: false,
};
const UNREADABLE: SegmentFailure = {
  message: 'Falha na transcrição: áudio inválido.',
  retryable: false,
  unconfigured: false,
};
const UNCONFIGURED: SegmentFailure = {
  message: 'Falha na transcrição: nenhum serviço de transcrição configurado.',
  retryable: false,
  unconfigured: true,
};

/** What the server's clean-up gives back: the text, tidied; not medical, so nothing extracted. */
const cleanedUp = (transcript: string): ConsultationAnalysis => ({ transcript, medical: false });

const outcomeOf = (analysis: ConsultationAnalysis, recorded: boolean): ConsultationOutcome => ({
  analysis,
  applied: false,
  anamnesis: recorded,
});

/** Plays events in order from a state. */
function play(state: ConsultationState, ...events: ConsultationEvent[]): ConsultationState {
  return events.reduce(transition, state);
}

/** Asserts the step's kind and narrows it. */
function stepOf<TKind extends ConsultationStep['kind']>(
  state: ConsultationState,
  kind: TKind,
): Extract<ConsultationStep, { kind: TKind }> {
  expect(state.step.kind).toBe(kind);
  return state.step as Extract<ConsultationStep, { kind: TKind }>;
}

const READY = initialConsultationState('');

/** The microphone is live. */
const RECORDING = play(
  READY,
  { type: 'start-requested' },
  { type: 'microphone-allowed' },
  { type: 'recorder-started' },
);

/** A transcript typed and under review. */
function reviewing(transcript: string): ConsultationState {
  return play(READY, { type: 'typing-requested' }, { type: 'transcript-edited', transcript });
}

/** Three segments recorded; the second refused by the rate limit; the recording stopped. */
function recordedWithOneFailure(): ConsultationState {
  return play(
    RECORDING,
    { type: 'segment-recorded', index: 0, audio: audio('a') },
    { type: 'segment-transcribed', index: 0, text: 'Paciente Joana Prado, 38 anos.' },
    { type: 'segment-recorded', index: 1, audio: audio('b') },
    { type: 'segment-failed', index: 1, failure: RATE_LIMITED },
    { type: 'stop-requested' },
    { type: 'segment-recorded', index: 2, audio: audio('c') },
    { type: 'recorder-stopped' },
    { type: 'segment-transcribed', index: 2, text: 'Pressão 130 por 85.' },
  );
}

describe('the consultation machine: opening the screen', () => {
  it('starts ready, checking the transcription service, with 30-second segments', () => {
    expect(DEFAULT_SEGMENT_MS).toBe(30_000);
    expect(READY).toEqual({
      service: { status: 'checking', segmentMs: DEFAULT_SEGMENT_MS },
      acceptsDictatedPhrases: true,
      step: { kind: 'ready', microphoneHelp: undefined },
    });
  });

  it('takes up a transcript left from before a reload where the doctor was: in review', () => {
    const state = initialConsultationState('Paciente com febre.');
    expect(stepOf(state, 'reviewing').review.transcript).toBe('Paciente com febre.');
    expect(transcriptToKeep(state.step)).toBe('Paciente com febre.');
  });

  it('learns whether the server can transcribe, and in what pieces', () => {
    const available = transition(READY, {
      type: 'service-status-read',
      status: { configured: true, segmentSeconds: 2 },
    });
    expect(available.service).toEqual({ status: 'available', segmentMs: 2000 });

    const unconfigured = transition(READY, {
      type: 'service-status-read',
      status: { configured: false },
    });
    expect(unconfigured.service).toEqual({
      status: 'unconfigured',
      segmentMs: DEFAULT_SEGMENT_MS,
    });
    expect(unconfigured.step).toBe(READY.step);
  });
});

describe('the consultation machine: starting a recording', () => {
  it('checks the microphone, then opens it, then records', () => {
    const checking = transition(READY, { type: 'start-requested' });
    expect(checking.step).toEqual({ kind: 'checking-microphone' });

    const opening = transition(checking, { type: 'microphone-allowed' });
    expect(opening.step).toEqual({ kind: 'opening-microphone' });
    expect(isRecordingUnderWay(opening.step)).toBe(true);
    expect(asksBeforeUnload(opening.step)).toBe(true);

    const recording = transition(opening, { type: 'recorder-started' });
    expect(recording.step).toEqual({
      kind: 'recording',
      paused: false,
      elapsedMs: 0,
      segments: [],
    });
  });

  it('goes back to the start with the help text when the microphone is denied or missing', () => {
    const help = 'Toque no ícone de cadeado…';
    const denied = play(
      READY,
      { type: 'start-requested' },
      { type: 'microphone-unavailable', help },
    );
    expect(denied.step).toEqual({ kind: 'ready', microphoneHelp: help });

    const refusedAtPrompt = play(
      READY,
      { type: 'start-requested' },
      { type: 'microphone-allowed' },
      { type: 'recorder-failed', help },
    );
    expect(refusedAtPrompt.step).toEqual({ kind: 'ready', microphoneHelp: help });
  });

  it('drops the help text on the next attempt', () => {
    const denied = play(
      READY,
      { type: 'start-requested' },
      { type: 'microphone-unavailable', help: 'Permita…' },
    );
    expect(transition(denied, { type: 'start-requested' }).step).toEqual({
      kind: 'checking-microphone',
    });
  });

  it('ignores a second start, and answers meant for another step', () => {
    const checking = transition(READY, { type: 'start-requested' });
    expect(transition(checking, { type: 'start-requested' })).toBe(checking);
    expect(transition(READY, { type: 'microphone-allowed' })).toBe(READY);
    expect(transition(READY, { type: 'recorder-started' })).toBe(READY);
    expect(transition(RECORDING, { type: 'start-requested' })).toBe(RECORDING);
  });

  it('lets the doctor type instead, from the start or while the microphone is checked', () => {
    for (const state of [READY, transition(READY, { type: 'start-requested' })]) {
      const typing = transition(state, { type: 'typing-requested' });
      expect(stepOf(typing, 'reviewing').review.transcript).toBe('');
      // A check answering late no longer starts anything.
      expect(transition(typing, { type: 'microphone-allowed' })).toBe(typing);
    }
    expect(transition(RECORDING, { type: 'typing-requested' })).toBe(RECORDING);
  });
});

describe('the consultation machine: recording', () => {
  it('shows the time recorded, and pauses and resumes', () => {
    const timed = transition(RECORDING, { type: 'elapsed-measured', elapsedMs: 2500 });
    expect(stepOf(timed, 'recording').elapsedMs).toBe(2500);
    expect(transition(timed, { type: 'elapsed-measured', elapsedMs: 2500 })).toBe(timed);

    const paused = transition(timed, { type: 'recording-paused' });
    expect(stepOf(paused, 'recording').paused).toBe(true);
    const resumed = transition(paused, { type: 'recording-resumed' });
    expect(stepOf(resumed, 'recording').paused).toBe(false);

    expect(isRecordingUnderWay(resumed.step)).toBe(true);
    expect(asksBeforeUnload(resumed.step)).toBe(true);
    expect(transition(READY, { type: 'elapsed-measured', elapsedMs: 1 })).toBe(READY);
  });

  it('keeps each transcribed segment in the browser as soon as it arrives', () => {
    let state = play(
      RECORDING,
      { type: 'segment-recorded', index: 0, audio: audio('a') },
      { type: 'segment-recorded', index: 1, audio: audio('b') },
    );
    expect(transcriptToKeep(state.step)).toBe('');
    state = transition(state, { type: 'segment-transcribed', index: 1, text: 'há 3 dias.' });
    expect(transcriptToKeep(state.step)).toBe('há 3 dias.');
    state = transition(state, { type: 'segment-transcribed', index: 0, text: 'Dor de cabeça' });
    expect(transcriptToKeep(state.step)).toBe('Dor de cabeça há 3 dias.');
    expect(errorOf(state.step)).toBeUndefined();
  });

  it('says the service is missing as soon as a segment says so', () => {
    const state = play(
      RECORDING,
      { type: 'segment-recorded', index: 0, audio: audio('a') },
      { type: 'segment-failed', index: 0, failure: UNCONFIGURED },
    );
    expect(state.service.status).toBe('unconfigured');
  });
});

describe('the consultation machine: the draft while recording', () => {
  /** What the draft's analysis finds: medical, with the patient's name. */
  const draftAnalysis = (transcript: string): ConsultationAnalysis => {
    const empty = emptyExtraction();
    return {
      transcript,
      medical: true,
      extraction: {
        ...empty,
        patientInfo: { ...empty.patientInfo, name: 'Joana Prado' },
        confidence: 0.5,
        evidence: {},
        unsupported: [],
      },
      accepted: [],
      provenance: { source: 'offline' },
    };
  };

  /** Two overlapping segments transcribed while recording. */
  const twoSegments = () =>
    play(
      RECORDING,
      { type: 'segment-recorded', index: 0, audio: audio('a') },
      { type: 'segment-transcribed', index: 0, text: 'Paciente Joana Prado, trinta e' },
      { type: 'segment-recorded', index: 1, audio: audio('b') },
      { type: 'segment-transcribed', index: 1, text: 'trinta e oito anos, com febre' },
    );

  it('overlaps segments of 30 seconds by 2, and short test segments not at all', () => {
    expect(segmentOverlapMs(DEFAULT_SEGMENT_MS)).toBe(SEAM_OVERLAP_MS);
    expect(segmentOverlapMs(240_000)).toBe(2_000);
    expect(segmentOverlapMs(2_000)).toBe(0);
  });

  it('shows what each segment adds, joined at the seams, as its text comes in', () => {
    const state = twoSegments();
    expect(draftTextOf(state.step)).toBe('Paciente Joana Prado, trinta e oito anos, com febre');
    expect(draftOf(state.step)).toEqual({
      pieces: [
        { index: 0, text: 'Paciente Joana Prado,' },
        { index: 1, text: 'trinta e oito anos, com febre' },
      ],
      analysis: undefined,
      transcribing: 0,
      waitingForConnection: 0,
      waitingForService: 0,
      failed: 0,
    });
    expect(transcriptToKeep(state.step)).toBe(draftTextOf(state.step));
  });

  it('shows the newest analysis of the transcript so far', () => {
    const first = draftAnalysis('Paciente Joana Prado.');
    const second = draftAnalysis('Paciente Joana Prado, 38 anos, com febre.');
    let state = transition(twoSegments(), {
      type: 'draft-analysed',
      text: 'Paciente Joana Prado, trinta e',
      analysis: first,
    });
    expect(draftOf(state.step)?.analysis).toBe(first);
    state = transition(state, {
      type: 'draft-analysed',
      text: 'Paciente Joana Prado, trinta e oito anos, com febre',
      analysis: second,
    });
    expect(draftOf(state.step)?.analysis).toBe(second);
  });

  it('has no draft outside the recording, and takes no draft analysis there', () => {
    expect(draftOf(READY.step)).toBeUndefined();
    expect(draftTextOf(READY.step)).toBe('');
    const review = reviewing('Febre.');
    expect(
      transition(review, { type: 'draft-analysed', text: 'Febre.', analysis: cleanedUp('Febre.') }),
    ).toBe(review);
  });

  it('counts the segments under way, waiting for the connection or the service, and given up', () => {
    const state = play(
      RECORDING,
      { type: 'segment-recorded', index: 0, audio: audio('a') },
      { type: 'segment-recorded', index: 1, audio: audio('b') },
      { type: 'segment-recorded', index: 2, audio: audio('c') },
      { type: 'segment-recorded', index: 3, audio: audio('d') },
      { type: 'segment-recorded', index: 4, audio: audio('e') },
      { type: 'segment-waiting', index: 1, reason: 'connection' },
      { type: 'segment-waiting', index: 2, reason: 'connection' },
      { type: 'segment-waiting', index: 3, reason: 'service' },
      { type: 'segment-failed', index: 4, failure: RATE_LIMITED },
    );
    expect(draftOf(state.step)).toMatchObject({
      pieces: [],
      transcribing: 1,
      waitingForConnection: 2,
      waitingForService: 1,
      failed: 1,
    });
    // The connection came back: sent and transcribed, the draft catches up.
    const caughtUp = play(
      state,
      { type: 'segment-transcribed', index: 1, text: 'Tosse seca' },
      { type: 'segment-transcribed', index: 2, text: 'há uma semana.' },
    );
    expect(draftOf(caughtUp.step)).toMatchObject({
      pieces: [
        { index: 1, text: 'Tosse seca' },
        { index: 2, text: 'há uma semana.' },
      ],
      waitingForConnection: 0,
    });
  });

  it('keeps the draft after the stop while the last segment is transcribed, then analyses the whole transcript', () => {
    const analysis = draftAnalysis('Paciente Joana Prado, 38 anos, com febre.');
    let state = play(
      twoSegments(),
      {
        type: 'draft-analysed',
        text: 'Paciente Joana Prado, trinta e oito anos, com febre',
        analysis,
      },
      { type: 'stop-requested' },
      { type: 'segment-recorded', index: 2, audio: audio('c') },
      { type: 'recorder-stopped' },
    );
    expect(draftOf(state.step)).toMatchObject({ analysis, transcribing: 1 });

    state = transition(state, {
      type: 'segment-transcribed',
      index: 2,
      text: 'com febre e tosse.',
    });
    expect(stepOf(state, 'analysing')).toMatchObject({
      purpose: 'collection',
      text: 'Paciente Joana Prado, trinta e oito anos, com febre e tosse.',
    });
    expect(draftOf(state.step)).toBeUndefined();
  });

  it('takes the draft’s analysis when the last segment added nothing: no second analysis', () => {
    const analysis = draftAnalysis('Paciente Joana Prado, 38 anos, com febre.');
    const state = play(
      twoSegments(),
      {
        type: 'draft-analysed',
        text: 'Paciente Joana Prado, trinta e oito anos, com febre',
        analysis,
      },
      { type: 'stop-requested' },
      { type: 'segment-recorded', index: 2, audio: audio('c') },
      { type: 'recorder-stopped' },
      { type: 'segment-transcribed', index: 2, text: 'com febre' },
    );
    const { review } = stepOf(state, 'reviewing');
    expect(review.transcript).toBe('Paciente Joana Prado, 38 anos, com febre.');
    expect(review.collected).toBe(review.transcript);
    expect(analysisOfTranscript(review)).toBe(analysis);
  });

  it('analyses again when the draft’s analysis is of an older transcript', () => {
    const state = play(
      twoSegments(),
      {
        type: 'draft-analysed',
        text: 'Paciente Joana Prado, trinta e',
        analysis: draftAnalysis('Paciente Joana Prado.'),
      },
      { type: 'stop-requested' },
      { type: 'recorder-stopped' },
    );
    expect(stepOf(state, 'analysing').text).toBe(
      'Paciente Joana Prado, trinta e oito anos, com febre',
    );
  });
});

describe('the consultation machine: collecting the transcript', () => {
  it('waits for the recorder and every segment, then analyses what they said', () => {
    let state = play(
      RECORDING,
      { type: 'segment-recorded', index: 0, audio: audio('a') },
      { type: 'stop-requested' },
    );
    const transcribing = stepOf(state, 'transcribing');
    expect(transcribing.recorderStopped).toBe(false);
    expect(isRecordingUnderWay(state.step)).toBe(false);
    expect(asksBeforeUnload(state.step)).toBe(true);

    // The last segment comes with the stop.
    state = play(
      state,
      { type: 'segment-recorded', index: 1, audio: audio('b') },
      { type: 'segment-transcribed', index: 1, text: 'há 3 dias.' },
      { type: 'recorder-stopped' },
    );
    expect(state.step.kind).toBe('transcribing');
    expect(transcriptToKeep(state.step)).toBe('há 3 dias.');

    state = transition(state, { type: 'segment-transcribed', index: 0, text: 'Dor de cabeça' });
    const analysing = stepOf(state, 'analysing');
    expect(analysing).toMatchObject({ text: 'Dor de cabeça há 3 dias.', purpose: 'collection' });
    // Shown (and kept) at once, so a failed analysis still leaves every word.
    expect(analysing.review.transcript).toBe('Dor de cabeça há 3 dias.');
    expect(transcriptToKeep(state.step)).toBe('Dor de cabeça há 3 dias.');
  });

  it('takes the cleaned-up text as the transcript under review, with its analysis', () => {
    const analysing = play(
      RECORDING,
      { type: 'segment-recorded', index: 0, audio: audio('a') },
      { type: 'stop-requested' },
      { type: 'recorder-stopped' },
      { type: 'segment-transcribed', index: 0, text: 'pcte com febre' },
    );
    const analysis = cleanedUp('Paciente com febre.');
    const state = transition(analysing, {
      type: 'analysis-succeeded',
      text: 'pcte com febre',
      analysis,
    });
    const { review } = stepOf(state, 'reviewing');
    expect(review).toMatchObject({
      transcript: 'Paciente com febre.',
      collected: 'Paciente com febre.',
    });
    expect(analysisOfTranscript(review)).toBe(analysis);
  });

  it('keeps the collected text when its analysis fails, with the failure', () => {
    const analysing = play(
      RECORDING,
      { type: 'segment-recorded', index: 0, audio: audio('a') },
      { type: 'stop-requested' },
      { type: 'recorder-stopped' },
      { type: 'segment-transcribed', index: 0, text: 'pcte com febre' },
    );
    const state = transition(analysing, {
      type: 'analysis-failed',
      text: 'pcte com febre',
      message: 'Servidor indisponível.',
    });
    const { review } = stepOf(state, 'reviewing');
    expect(review).toMatchObject({ transcript: 'pcte com febre', collected: 'pcte com febre' });
    expect(errorOf(state.step)).toBe('Servidor indisponível.');
  });

  it('goes straight to the review when nothing was transcribed', () => {
    const state = play(RECORDING, { type: 'stop-requested' }, { type: 'recorder-stopped' });
    expect(stepOf(state, 'reviewing').review.transcript).toBe('');
  });

  it('keeps the other segments when one fails, says why and offers to send it again', () => {
    const state = recordedWithOneFailure();
    const analysing = stepOf(state, 'analysing');
    expect(analysing.text).toBe('Paciente Joana Prado, 38 anos. Pressão 130 por 85.');
    expect(errorOf(state.step)).toBe(RATE_LIMITED.message);
    expect(failedSegmentsOf(analysing.review.segments)).toEqual({ retryable: 1, lost: 0 });
  });

  it('counts audio the service refused for good as lost, not to be sent again', () => {
    const state = play(
      RECORDING,
      { type: 'segment-recorded', index: 0, audio: audio('a') },
      { type: 'segment-failed', index: 0, failure: UNREADABLE },
      { type: 'stop-requested' },
      { type: 'recorder-stopped' },
    );
    const { review } = stepOf(state, 'reviewing');
    expect(failedSegmentsOf(review.segments)).toEqual({ retryable: 0, lost: 1 });
    expect(errorOf(state.step)).toBe(UNREADABLE.message);
    expect(transition(state, { type: 'resend-requested' })).toBe(state);
  });

  it('offers typing instead of failures when the server has no service', () => {
    const state = play(
      RECORDING,
      { type: 'segment-recorded', index: 0, audio: audio('a') },
      { type: 'stop-requested' },
      { type: 'recorder-stopped' },
      { type: 'segment-failed', index: 0, failure: UNCONFIGURED },
    );
    const { review } = stepOf(state, 'reviewing');
    expect(state.service.status).toBe('unconfigured');
    expect(errorOf(state.step)).toBeUndefined();
    expect(failedSegmentsOf(review.segments)).toEqual({ retryable: 0, lost: 0 });
  });
});

describe('the consultation machine: sending failed segments again', () => {
  function reviewedWithOneFailure(): ConsultationState {
    const analysing = stepOf(recordedWithOneFailure(), 'analysing');
    return transition(recordedWithOneFailure(), {
      type: 'analysis-succeeded',
      text: analysing.text,
      analysis: cleanedUp(analysing.text),
    });
  }

  it('sends only the failed segments, keeping the failure shown until they answer', () => {
    const state = transition(reviewedWithOneFailure(), { type: 'resend-requested' });
    const transcribing = stepOf(state, 'transcribing');
    expect(transcribing.resent.map(({ index }) => index)).toEqual([1]);
    expect(transcribing.recorderStopped).toBe(true);
    expect(transcribing.review.segments[1]?.status).toBe('pending');
    expect(errorOf(state.step)).toBe(RATE_LIMITED.message);
    // The transcript under review stays kept while they are sent.
    expect(transcriptToKeep(state.step)).toBe('Paciente Joana Prado, 38 anos. Pressão 130 por 85.');
  });

  it('puts a recovered segment in its place when the doctor has not edited the transcript', () => {
    const state = play(
      reviewedWithOneFailure(),
      { type: 'resend-requested' },
      { type: 'segment-transcribed', index: 1, text: 'Com dor de cabeça.' },
    );
    const analysing = stepOf(state, 'analysing');
    expect(analysing.text).toBe(
      'Paciente Joana Prado, 38 anos. Com dor de cabeça. Pressão 130 por 85.',
    );
    expect(errorOf(state.step)).toBeUndefined();
    expect(failedSegmentsOf(analysing.review.segments)).toEqual({ retryable: 0, lost: 0 });
  });

  it('adds a recovered segment at the end when the doctor has edited the transcript', () => {
    const state = play(
      reviewedWithOneFailure(),
      { type: 'transcript-edited', transcript: 'Texto revisado pelo médico. ' },
      { type: 'resend-requested' },
      { type: 'segment-transcribed', index: 1, text: 'Com dor de cabeça.' },
    );
    expect(stepOf(state, 'analysing').text).toBe(
      'Texto revisado pelo médico.\n\nCom dor de cabeça.',
    );
  });

  it('shows the failure again when a segment fails again', () => {
    const state = play(
      reviewedWithOneFailure(),
      { type: 'resend-requested' },
      { type: 'segment-failed', index: 1, failure: RATE_LIMITED },
    );
    const analysing = stepOf(state, 'analysing');
    expect(errorOf(state.step)).toBe(RATE_LIMITED.message);
    expect(failedSegmentsOf(analysing.review.segments)).toEqual({ retryable: 1, lost: 0 });
  });
});

describe('the consultation machine: reviewing', () => {
  it('takes edits, and shows an analysis only while it is the transcript’s', () => {
    const analysing = transition(reviewing('pcte com febre'), { type: 'reprocess-requested' });
    const analysed = transition(analysing, {
      type: 'analysis-succeeded',
      text: 'pcte com febre',
      analysis: cleanedUp('Paciente com febre.'),
    });
    expect(analysisOfTranscript(stepOf(analysed, 'reviewing').review)).toBeDefined();

    const edited = transition(analysed, { type: 'transcript-edited', transcript: 'Bom dia.' });
    expect(analysisOfTranscript(stepOf(edited, 'reviewing').review)).toBeUndefined();
    expect(transcriptToKeep(edited.step)).toBe('Bom dia.');
  });

  it('ticks and unticks a value the transcript does not hold, for the analysis it belongs to', () => {
    const empty = emptyExtraction();
    const analysis: ConsultationAnalysis = {
      transcript: 'Paciente com febre.',
      medical: true,
      extraction: {
        ...empty,
        patientInfo: { ...empty.patientInfo, allergies: ['Penicilina'] },
        evidence: {},
        unsupported: ['patientInfo.allergies[0]'],
      },
      accepted: [],
      provenance: { source: 'model' },
    };
    const analysed = play(
      reviewing('pcte com febre'),
      { type: 'reprocess-requested' },
      { type: 'analysis-succeeded', text: 'pcte com febre', analysis },
    );
    const path = 'patientInfo.allergies[0]';
    const ticked = transition(analysed, {
      type: 'unsupported-value-toggled',
      path,
      accepted: true,
    });
    expect(analysisOfTranscript(stepOf(ticked, 'reviewing').review)).toMatchObject({
      accepted: [path],
    });
    const unticked = transition(ticked, {
      type: 'unsupported-value-toggled',
      path,
      accepted: false,
    });
    expect(analysisOfTranscript(stepOf(unticked, 'reviewing').review)).toMatchObject({
      accepted: [],
    });
    // Once the transcript is edited, the analysis is stale: nothing is ticked on it.
    const edited = transition(ticked, { type: 'transcript-edited', transcript: 'Bom dia.' });
    expect(transition(edited, { type: 'unsupported-value-toggled', path, accepted: false })).toBe(
      edited,
    );
  });

  it('reprocesses the transcript as it now reads, clearing the last failure', () => {
    const failed = play(
      reviewing('pcte com febre'),
      { type: 'reprocess-requested' },
      { type: 'analysis-failed', text: 'pcte com febre', message: 'Falhou.' },
    );
    expect(errorOf(failed.step)).toBe('Falhou.');
    const state = transition(failed, { type: 'reprocess-requested' });
    expect(stepOf(state, 'analysing')).toMatchObject({
      text: 'pcte com febre',
      purpose: 'reprocess',
    });
    expect(errorOf(state.step)).toBeUndefined();
    expect(asksBeforeUnload(state.step)).toBe(true);
  });

  it('keeps words dictated during an analysis; the analysis is then stale', () => {
    const state = play(
      reviewing('pcte com febre'),
      { type: 'reprocess-requested' },
      { type: 'phrase-dictated', phrase: 'e tosse' },
      {
        type: 'analysis-succeeded',
        text: 'pcte com febre',
        analysis: cleanedUp('Paciente com febre.'),
      },
    );
    const { review } = stepOf(state, 'reviewing');
    expect(review.transcript).toBe('pcte com febre e tosse');
    expect(analysisOfTranscript(review)).toBeUndefined();
  });

  it('does nothing with a blank transcript', () => {
    const blank = reviewing('   ');
    expect(transition(blank, { type: 'reprocess-requested' })).toBe(blank);
    expect(transition(blank, { type: 'finish-requested' })).toBe(blank);
  });

  it('ignores an analysis of another text', () => {
    const analysing = transition(reviewing('pcte com febre'), { type: 'reprocess-requested' });
    expect(
      transition(analysing, {
        type: 'analysis-succeeded',
        text: 'outro texto',
        analysis: cleanedUp('Outro texto.'),
      }),
    ).toBe(analysing);
  });
});

describe('the consultation machine: dictation', () => {
  it('adds each phrase at the end of the transcript under review', () => {
    const state = play(
      READY,
      { type: 'typing-requested' },
      { type: 'phrase-dictated', phrase: 'Paciente com febre' },
      { type: 'phrase-dictated', phrase: 'há 2 dias.' },
      { type: 'phrase-dictated', phrase: '' },
    );
    expect(stepOf(state, 'reviewing').review.transcript).toBe('Paciente com febre há 2 dias.');
  });

  it('has nowhere to put a phrase before the review', () => {
    expect(transition(READY, { type: 'phrase-dictated', phrase: 'Olá' })).toBe(READY);
    expect(transition(RECORDING, { type: 'phrase-dictated', phrase: 'Olá' })).toBe(RECORDING);
  });

  it('drops the phrases a stopped dictation delivers after Nova Consulta, until the doctor dictates again', () => {
    let state = play(
      reviewing('Paciente com febre.'),
      { type: 'new-consultation-requested', recordOpen: false },
      { type: 'typing-requested' },
      { type: 'phrase-dictated', phrase: 'da consulta anterior' },
    );
    expect(stepOf(state, 'reviewing').review.transcript).toBe('');
    state = play(
      state,
      { type: 'dictation-toggled' },
      { type: 'phrase-dictated', phrase: 'Nova consulta.' },
    );
    expect(stepOf(state, 'reviewing').review.transcript).toBe('Nova consulta.');
  });
});

describe('the consultation machine: finishing into the record', () => {
  const analysis = cleanedUp('Paciente com febre.');

  it('uses the analysis already made of the transcript', () => {
    const analysed = play(
      reviewing('Paciente com febre.'),
      { type: 'reprocess-requested' },
      { type: 'analysis-succeeded', text: 'Paciente com febre.', analysis },
    );
    const state = transition(analysed, { type: 'finish-requested' });
    expect(stepOf(state, 'applying').analysis).toBe(analysis);
    expect(asksBeforeUnload(state.step)).toBe(true);
  });

  it('analyses first when the transcript has none, then fills the record', () => {
    let state = transition(reviewing('pcte com febre'), { type: 'finish-requested' });
    expect(stepOf(state, 'analysing').purpose).toBe('finish');
    state = transition(state, { type: 'analysis-succeeded', text: 'pcte com febre', analysis });
    expect(stepOf(state, 'applying').review.transcript).toBe('Paciente com febre.');

    const outcome = outcomeOf(analysis, true);
    state = transition(state, { type: 'consultation-applied', outcome });
    expect(stepOf(state, 'completed').outcome).toBe(outcome);
  });

  it('goes back to the review, with the failure, when the analysis or the record fails', () => {
    const notAnalysed = play(
      reviewing('pcte com febre'),
      { type: 'finish-requested' },
      { type: 'analysis-failed', text: 'pcte com febre', message: 'Sem conexão.' },
    );
    expect(stepOf(notAnalysed, 'reviewing').review.transcript).toBe('pcte com febre');
    expect(errorOf(notAnalysed.step)).toBe('Sem conexão.');

    const notApplied = play(
      reviewing('pcte com febre'),
      { type: 'finish-requested' },
      { type: 'analysis-succeeded', text: 'pcte com febre', analysis },
      { type: 'apply-failed', message: 'A anamnese foi recusada.' },
    );
    expect(stepOf(notApplied, 'reviewing').review.transcript).toBe('Paciente com febre.');
    expect(errorOf(notApplied.step)).toBe('A anamnese foi recusada.');
  });

  it('forgets the kept transcript once the visit’s words are in the record', () => {
    const applying = play(
      reviewing('Paciente com febre.'),
      { type: 'finish-requested' },
      { type: 'analysis-succeeded', text: 'Paciente com febre.', analysis },
    );
    const recorded = transition(applying, {
      type: 'consultation-applied',
      outcome: outcomeOf(analysis, true),
    });
    expect(transcriptToKeep(recorded.step)).toBe('');
    const notRecorded = transition(applying, {
      type: 'consultation-applied',
      outcome: outcomeOf(analysis, false),
    });
    expect(transcriptToKeep(notRecorded.step)).toBe('Paciente com febre.');
  });

  it('reprocesses a completed visit back into the review', () => {
    const completed = play(
      reviewing('Paciente com febre.'),
      { type: 'finish-requested' },
      { type: 'analysis-succeeded', text: 'Paciente com febre.', analysis },
      { type: 'consultation-applied', outcome: outcomeOf(analysis, true) },
    );
    const state = transition(completed, { type: 'reprocess-requested' });
    expect(stepOf(state, 'analysing').purpose).toBe('reprocess');
    expect(transcriptToKeep(state.step)).toBe('Paciente com febre.');
  });
});

describe('the consultation machine: Nova Consulta', () => {
  it('starts over at once when no record is open', () => {
    const state = transition(reviewing('Paciente com febre.'), {
      type: 'new-consultation-requested',
      recordOpen: false,
    });
    expect(state.step).toEqual({ kind: 'ready', microphoneHelp: undefined });
    expect(transcriptToKeep(state.step)).toBe('');
  });

  it('saves the open record first, then starts over', () => {
    const saving = transition(reviewing('Paciente com febre.'), {
      type: 'new-consultation-requested',
      recordOpen: true,
    });
    expect(saving.step.kind).toBe('saving-record');
    expect(asksBeforeUnload(saving.step)).toBe(true);
    expect(transcriptToKeep(saving.step)).toBe('Paciente com febre.');
    expect(transition(saving, { type: 'record-saved' }).step).toEqual({
      kind: 'ready',
      microphoneHelp: undefined,
    });
  });

  it('stays with the visit, saying why, when the record cannot be saved', () => {
    const before = play(
      reviewing('Paciente com febre.'),
      { type: 'finish-requested' },
      { type: 'analysis-failed', text: 'Paciente com febre.', message: 'Falhou.' },
    );
    const saving = transition(before, { type: 'new-consultation-requested', recordOpen: true });
    expect(errorOf(saving.step)).toBeUndefined();
    const state = transition(saving, { type: 'record-save-failed' });
    const { review } = stepOf(state, 'reviewing');
    expect(review.transcript).toBe('Paciente com febre.');
    expect(errorOf(state.step)).toBe(UNSAVED_RECORD_MESSAGE);
  });

  it('is not offered before the review', () => {
    expect(transition(READY, { type: 'new-consultation-requested', recordOpen: true })).toBe(READY);
    expect(transition(RECORDING, { type: 'new-consultation-requested', recordOpen: false })).toBe(
      RECORDING,
    );
  });
});
