// @vitest-environment happy-dom
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import { emptyExtraction } from '@shared/ai/extraction';
import {
  TRANSCRIPTION_UNCONFIGURED_MESSAGE,
  type TranscriptionStatus,
} from '@shared/ai/transcription';
import type { SessionDoctor } from '../../data/auth-client';
import { readConsultationTranscript, writeConsultationTranscript } from './consultation-transcript';
import {
  createDoctorData,
  putSettings,
  renderWithDoctorData,
} from '../../testing/render-with-doctor-data';
import { stubSpeechRecognition } from '../../testing/fake-speech-recognition';
import { DICTATION_PROBLEM_MESSAGES } from '../../ui/chat/browser-dictation';
import type { WorkspaceViewProps } from '../../data/workspace-views';
import { UNSAVED_RECORD_MESSAGE } from './consultation-machine';
import { RECORDING_CONSENT_LABEL } from '@shared/ai/use';
import {
  ConsultationServicesContext,
  type AnalysisResult,
  type ApplyResult,
  type ConsultationServices,
  type SegmentTranscription,
} from './consultation-services';
import { MICROPHONE_HELP } from './microphone-permission';
import MobileConsultationView from './mobile-consultation-view';
import type { ConsultationAnalysis } from './process-consultation';
import type { AiProvenance } from '../../data/ai-tasks';

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(cleanup);
afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * The voice screen with its services (consultation-services.ts) played by the test: each step
 * of its machine is reached as the doctor reaches it, and what the screen shows is checked.
 * The server and the record are the services' business, tested with them.
 */

const DOCTOR: SessionDoctor = { id: 'doctor-1', name: 'Dra. Ana Lima', email: 'ana@example.com' };

const SPOKEN = 'paciente maria souza 54 anos com dor de cabeça há 3 dias';
const CLEANED = 'Paciente Maria Souza, 54 anos, com cefaleia há 3 dias.';

/** What the analysis finds in {@link SPOKEN}: medical, and confident enough to open the record. */
function medicalAnalysis(provenance: AiProvenance, confidence = 0.9): ConsultationAnalysis {
  const empty = emptyExtraction();
  return {
    transcript: CLEANED,
    medical: true,
    extraction: {
      ...empty,
      patientInfo: { ...empty.patientInfo, name: 'Maria Souza', age: 54 },
      symptoms: { ...empty.symptoms, chiefComplaint: 'Cefaleia', duration: '3 dias' },
      confidence,
      evidence: {},
      unsupported: [],
    },
    accepted: [],
    provenance,
  };
}

/** A promise the test settles, to look at the screen while the work is under way. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** The services, answering at once and successfully unless a test says otherwise. */
function scriptedServices() {
  return {
    readTranscriptionStatus: vi.fn<ConsultationServices['readTranscriptionStatus']>(() =>
      Promise.resolve({ configured: true }),
    ),
    transcribeSegment: vi.fn<ConsultationServices['transcribeSegment']>(() =>
      Promise.resolve({ ok: true, text: SPOKEN }),
    ),
    analyseTranscript: vi.fn<ConsultationServices['analyseTranscript']>(() =>
      Promise.resolve({ ok: true, analysis: medicalAnalysis({ source: 'model' }) }),
    ),
    // As the record would take it: a medical transcript goes in, with its anamnesis.
    applyToRecord: vi.fn<ConsultationServices['applyToRecord']>((analysis) =>
      Promise.resolve({
        ok: true,
        outcome: { analysis, applied: analysis.medical, anamnesis: analysis.medical },
      }),
    ),
    hasOpenRecord: vi.fn<ConsultationServices['hasOpenRecord']>(() => false),
    openRecordIfNone: vi.fn<ConsultationServices['openRecordIfNone']>(() => Promise.resolve()),
    recordConsent: vi.fn<ConsultationServices['recordConsent']>(() => Promise.resolve()),
    saveAndCloseRecord: vi.fn<ConsultationServices['saveAndCloseRecord']>(() =>
      Promise.resolve(true),
    ),
  } satisfies ConsultationServices;
}

type ScriptedServices = ReturnType<typeof scriptedServices>;

/**
 * The voice screen of a doctor with a complete profile.
 * @param options.services - the scripted services (their defaults otherwise)
 * @param options.status - what the server says of its transcription service
 * @param options.keptTranscript - a transcript left in the browser by an earlier visit
 */
function renderConsultation(
  options: {
    services?: ScriptedServices;
    status?: TranscriptionStatus;
    keptTranscript?: string;
    profile?: boolean;
  } = {},
) {
  const doctor = createDoctorData({ userId: DOCTOR.id });
  putSettings(doctor.cache, {
    ...DEFAULT_DOCTOR_SETTINGS,
    ...(options.profile === false ? {} : { name: 'Dra. Ana Lima', crm: '123456', crmState: 'SP' }),
  });
  if (options.keptTranscript) writeConsultationTranscript(DOCTOR.id, options.keptTranscript);
  const services = options.services ?? scriptedServices();
  const { status } = options;
  if (status) services.readTranscriptionStatus.mockResolvedValue(status);
  const openView = vi.fn<WorkspaceViewProps['openView']>();
  renderWithDoctorData(
    <ConsultationServicesContext value={services}>
      <MobileConsultationView
        doctor={DOCTOR}
        openView={openView}
        recordMode="form"
        preloadView={() => undefined}
        patientId={undefined}
        openPatient={() => undefined}
      />
    </ConsultationServicesContext>,
    doctor,
  );
  return { services, openView, user: userEvent.setup() };
}

const button = (name: string) => screen.getByRole('button', { name });
const isDisabled = (name: string) => button(name).hasAttribute('disabled');

/** The transcript under review, once the review shows. */
async function findTranscript(): Promise<HTMLTextAreaElement> {
  await screen.findByRole('heading', { name: 'Revisão' });
  return screen.getByLabelText<HTMLTextAreaElement>('Transcrição');
}

/** What the analysis recognised, as the screen lists it: [label, value] rows. */
function recognisedRows(): [string, string][] {
  const values = screen.getAllByRole('definition').map((value) => value.textContent);
  return screen
    .getAllByRole('term')
    .map((label, row): [string, string] => [label.textContent, values[row] ?? '']);
}

/** A MediaRecorder that records nothing, but hands over a file when stopped. */
class SilentMediaRecorder {
  static isTypeSupported(type: string): boolean {
    return type === 'audio/webm;codecs=opus';
  }
  state: 'inactive' | 'recording' | 'paused' = 'inactive';
  readonly mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  constructor(_stream: unknown, options: { mimeType?: string } = {}) {
    this.mimeType = options.mimeType ?? '';
  }
  start(): void {
    this.state = 'recording';
  }
  pause(): void {
    this.state = 'paused';
  }
  resume(): void {
    this.state = 'recording';
  }
  stop(): void {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['áudio'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

/** A stream with no tracks: happy-dom has no microphone. */
class SilentMediaStream {
  getTracks(): never[] {
    return [];
  }
}

/**
 * A browser that can record (happy-dom has no MediaRecorder nor getUserMedia), the microphone
 * `permission` as the browser answers it.
 */
function stubMicrophone(permission: 'granted' | 'denied'): void {
  vi.stubGlobal('MediaRecorder', SilentMediaRecorder);
  vi.stubGlobal('MediaStream', SilentMediaStream);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: () => Promise.resolve(new SilentMediaStream()) },
  });
  onTestFinished(() => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });
  vi.spyOn(navigator.permissions, 'query').mockResolvedValue({
    state: permission,
  } as PermissionStatus);
}

/** Ticks the patient's consent, as the doctor must, then starts recording. */
async function confirmConsentAndRecord(user: ReturnType<typeof renderConsultation>['user']) {
  await user.click(screen.getByRole('checkbox', { name: new RegExp(RECORDING_CONSENT_LABEL) }));
  await user.click(button('Iniciar Gravação'));
}

describe('MobileConsultationView', () => {
  it('starts with recording and typing offered, under the doctor who signs the visit', async () => {
    const { services, openView, user } = renderConsultation();

    expect(screen.getByRole('heading', { name: 'Consulta Mobile' })).toBeTruthy();
    expect(screen.getByText('Dra. Ana Lima · CRM/SP 123456')).toBeTruthy();
    const start = screen.getByRole('region', { name: 'Iniciar consulta' });
    // Nothing is recorded before the doctor confirms the patient was told and agreed.
    const consent = within(start).getByRole('checkbox', {
      name: new RegExp(RECORDING_CONSENT_LABEL),
    });
    expect((consent as HTMLInputElement).checked).toBe(false);
    const record = within(start).getByRole('button', { name: 'Iniciar Gravação' });
    expect((record as HTMLButtonElement).disabled).toBe(true);
    await user.click(consent);
    expect((record as HTMLButtonElement).disabled).toBe(false);
    expect(
      within(start).getByRole('button', { name: 'Digitar ou colar a transcrição' }),
    ).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    await waitFor(() => {
      expect(services.readTranscriptionStatus).toHaveBeenCalledTimes(1);
    });

    await user.click(button('Voltar ao Chat'));
    expect(openView).toHaveBeenCalledWith('chat');
  });

  it("says it is a test mode while the doctor's profile has no name and CRM", () => {
    renderConsultation({ profile: false });
    expect(
      screen.getByText(
        'Modo de teste: preencha seu nome e CRM em Configurações para identificar a consulta.',
      ),
    ).toBeTruthy();
  });

  it('tells how to allow the microphone when the browser denies it', async () => {
    stubMicrophone('denied');
    const { services, user } = renderConsultation();

    await confirmConsentAndRecord(user);

    const help = await screen.findByRole('alert');
    expect(within(help).getByText(MICROPHONE_HELP.title)).toBeTruthy();
    expect(within(help).getByText(MICROPHONE_HELP.browser)).toBeTruthy();
    // Still at the start, and no record was started for a recording that cannot happen.
    expect(button('Iniciar Gravação')).toBeTruthy();
    expect(services.openRecordIfNone).not.toHaveBeenCalled();
  });

  it('says when this browser cannot record at all', async () => {
    // happy-dom, like a plain-http page, has no MediaRecorder.
    const { user } = renderConsultation();

    await confirmConsentAndRecord(user);

    expect(
      within(await screen.findByRole('alert')).getByText(MICROPHONE_HELP.unsupported),
    ).toBeTruthy();
  });

  it('says what works without a transcription service, in the doctor’s words, and takes a pasted transcript', async () => {
    const { user } = renderConsultation({ status: { configured: false } });

    const note = await screen.findByRole('note', {
      name: 'A transcrição automática de áudio ainda não está ativada neste Prontu.',
    });
    expect(note.textContent).toContain('Colar uma transcrição');
    expect(note.textContent).toContain('O administrador da clínica pode ativar a transcrição');
    expect(within(note).getByText('Para o administrador da clínica')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/AI_[A-Z_]+|Whisper local\)/);
    expect(document.body.textContent).not.toContain('Coloque o celular sobre a mesa');
    expect(screen.queryByRole('button', { name: 'Iniciar Gravação' })).toBeNull();
    // No speech recognition in happy-dom: dictation is offered, disabled, saying why.
    const dictate = button('Ditar com o navegador');
    expect(dictate.hasAttribute('disabled')).toBe(true);
    expect(dictate.getAttribute('aria-describedby')).toBeTruthy();
    expect(
      document.getElementById(dictate.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe(DICTATION_PROBLEM_MESSAGES.unsupported);

    await user.click(button('Colar uma transcrição'));

    const transcript = await findTranscript();
    expect(transcript.value).toBe('');
    expect(screen.getByRole('note').textContent).toContain('dite com o navegador ou cole');
    expect(document.body.textContent).not.toContain(TRANSCRIPTION_UNCONFIGURED_MESSAGE);
  });

  it('dictates with the browser into the transcript, showing what it is still hearing', async () => {
    const recognition = stubSpeechRecognition();
    const { user } = renderConsultation({ status: { configured: false } });
    await screen.findByRole('note', { name: /transcrição automática de áudio ainda não/ });
    expect(isDisabled('Ditar com o navegador')).toBe(true);
    await user.click(screen.getByRole('checkbox', { name: new RegExp(RECORDING_CONSENT_LABEL) }));
    await user.click(button('Ditar com o navegador'));

    const transcript = await findTranscript();
    const session = recognition.last();
    expect(session.lang).toBe('pt-BR');
    act(() => session.hear(0, [['paciente com dor', false]]));
    expect(screen.getByRole('status').textContent).toContain('paciente com dor');
    act(() => session.hear(0, [['paciente com dor de cabeça há três dias', true]]));
    expect(transcript.value).toBe('paciente com dor de cabeça há três dias');

    await user.click(button('Parar ditado'));
    act(() => session.end());
    expect(button('Ditar com o navegador')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says next to the button why the browser’s dictation gave no text', async () => {
    const recognition = stubSpeechRecognition();
    const { user } = renderConsultation({ status: { configured: false } });
    await screen.findByRole('note', { name: /transcrição automática de áudio ainda não/ });
    await user.click(screen.getByRole('checkbox', { name: new RegExp(RECORDING_CONSENT_LABEL) }));
    await user.click(button('Ditar com o navegador'));
    await findTranscript();

    act(() => recognition.last().fail('network'));
    expect(screen.getByRole('alert').textContent).toBe(DICTATION_PROBLEM_MESSAGES.network);

    await user.click(button('Ditar com o navegador'));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => recognition.last().fail('not-allowed'));
    expect(screen.getByRole('alert').textContent).toBe(DICTATION_PROBLEM_MESSAGES['not-allowed']);
  });

  it('reviews a typed transcript: its buttons wait for text, and the text is kept in the browser', async () => {
    const { user } = renderConsultation();
    await user.click(button('Digitar ou colar a transcrição'));
    const transcript = await findTranscript();
    expect(isDisabled('Preencher prontuário')).toBe(true);
    expect(isDisabled('Processar Novamente')).toBe(true);
    expect(isDisabled('Nova Consulta')).toBe(false);

    await user.type(transcript, SPOKEN);

    expect(isDisabled('Preencher prontuário')).toBe(false);
    expect(isDisabled('Processar Novamente')).toBe(false);
    expect(readConsultationTranscript(DOCTOR.id)).toBe(SPOKEN);
  });

  it('takes up the transcript a reload left, and discards it only after asking', async () => {
    const { user } = renderConsultation({ keptTranscript: SPOKEN });
    expect((await findTranscript()).value).toBe(SPOKEN);

    await user.click(button('Nova Consulta'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Nova Consulta' });
    await user.click(within(dialog).getByRole('button', { name: 'Descartar transcrição' }));

    expect(await screen.findByRole('button', { name: 'Iniciar Gravação' })).toBeTruthy();
    expect(readConsultationTranscript(DOCTOR.id)).toBe('');
  });

  it("'Processar Novamente' shows the analysis under way, then what it recognised", async () => {
    const services = scriptedServices();
    const analysis = deferred<AnalysisResult>();
    services.analyseTranscript.mockReturnValue(analysis.promise);
    const { user } = renderConsultation({ services, keptTranscript: SPOKEN });
    await findTranscript();

    await user.click(button('Processar Novamente'));

    expect((await screen.findByRole('status')).textContent).toContain('Analisando a transcrição…');
    expect(services.analyseTranscript).toHaveBeenCalledWith(SPOKEN);
    analysis.resolve({ ok: true, analysis: medicalAnalysis({ source: 'model' }) });

    // Back to the review, with the cleaned-up text and what was found in it.
    expect((await findTranscript()).value).toBe(CLEANED);
    expect(screen.getByRole('heading', { name: 'Dados reconhecidos' })).toBeTruthy();
    expect(recognisedRows()).toEqual([
      ['Paciente', 'Maria Souza'],
      ['Idade', '54 anos'],
      ['Queixa principal', 'Cefaleia'],
      ['Duração', '3 dias'],
    ]);
    expect(screen.queryByText('Modo offline')).toBeNull();
    expect(services.applyToRecord).not.toHaveBeenCalled();
  });

  it("'Preencher prontuário' analyses, fills the record and shows what went in, labelled 'Modo offline'", async () => {
    const services = scriptedServices();
    const analysis = deferred<AnalysisResult>();
    const applied = deferred<ApplyResult>();
    services.analyseTranscript.mockReturnValue(analysis.promise);
    services.applyToRecord.mockReturnValue(applied.promise);
    const { openView, user } = renderConsultation({ services, keptTranscript: SPOKEN });
    await findTranscript();

    await user.click(button('Preencher prontuário'));

    expect((await screen.findByRole('status')).textContent).toContain('Analisando a transcrição…');
    const offline = medicalAnalysis({ source: 'offline' });
    analysis.resolve({ ok: true, analysis: offline });
    await waitFor(() => {
      expect(screen.getByRole('status').textContent).toContain(
        'Preenchendo o prontuário e a anamnese…',
      );
    });
    expect(services.applyToRecord).toHaveBeenCalledWith(offline);
    applied.resolve({ ok: true, outcome: { analysis: offline, applied: true, anamnesis: true } });

    expect(await screen.findByRole('heading', { name: 'Prontuário preenchido' })).toBeTruthy();
    const recognised = screen.getByRole('heading', { name: /^Dados reconhecidos/ });
    expect(within(recognised).getByText('Modo offline')).toBeTruthy();
    expect(recognisedRows()).toContainEqual(['Paciente', 'Maria Souza']);
    expect(screen.getByText('A anamnese estruturada foi gerada.')).toBeTruthy();
    expect(button('Abrir Prontuário')).toBeTruthy();
    // In the record now: a reload starts the next visit.
    expect(readConsultationTranscript(DOCTOR.id)).toBe('');
    // Confident: the record opens by itself.
    expect(screen.getByText('Abrindo o prontuário…')).toBeTruthy();
    await waitFor(
      () => {
        expect(openView).toHaveBeenCalledWith('medical-record');
      },
      { timeout: 3000 },
    );
  });

  it('says when the transcript holds nothing medical, and leaves the record alone', async () => {
    const services = scriptedServices();
    services.analyseTranscript.mockResolvedValue({
      ok: true,
      analysis: { transcript: 'Bom dia, tudo bem?', medical: false },
    });
    const { openView, user } = renderConsultation({ services, keptTranscript: 'bom dia tudo bem' });
    await findTranscript();

    await user.click(button('Preencher prontuário'));

    expect(
      await screen.findByText(
        'A transcrição não menciona termos médicos; nada foi levado ao prontuário.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Abrir Prontuário' })).toBeNull();
    expect(openView).not.toHaveBeenCalled();
  });

  it('shows a failed analysis, keeping every word of the transcript', async () => {
    const services = scriptedServices();
    services.analyseTranscript.mockResolvedValue({
      ok: false,
      message: 'O serviço de IA não respondeu. Tente novamente.',
    });
    const { user } = renderConsultation({ services, keptTranscript: SPOKEN });
    await findTranscript();

    await user.click(button('Preencher prontuário'));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'O serviço de IA não respondeu. Tente novamente.',
    );
    expect((await findTranscript()).value).toBe(SPOKEN);
    expect(services.applyToRecord).not.toHaveBeenCalled();
  });

  it('shows a failure to fill the record, back in the review', async () => {
    const services = scriptedServices();
    services.applyToRecord.mockResolvedValue({ ok: false, message: 'Não autorizado.' });
    const { user } = renderConsultation({ services, keptTranscript: SPOKEN });
    await findTranscript();

    await user.click(button('Preencher prontuário'));

    expect((await screen.findByRole('alert')).textContent).toBe('Não autorizado.');
    expect(screen.getByRole('heading', { name: 'Revisão' })).toBeTruthy();
  });

  it("'Nova Consulta' saves the open record first, and says so when it could not reach the server", async () => {
    const services = scriptedServices();
    services.hasOpenRecord.mockReturnValue(true);
    const saved = deferred<boolean>();
    services.saveAndCloseRecord.mockReturnValue(saved.promise);
    // Too vague to open the record by itself: the doctor stays on the summary.
    services.analyseTranscript.mockResolvedValue({
      ok: true,
      analysis: medicalAnalysis({ source: 'model' }, 0.5),
    });
    const { user } = renderConsultation({ services, keptTranscript: SPOKEN });
    await findTranscript();
    await user.click(button('Preencher prontuário'));
    await screen.findByRole('heading', { name: 'Prontuário preenchido' });
    expect(screen.queryByText('Abrindo o prontuário…')).toBeNull();

    await user.click(button('Nova Consulta'));

    expect((await screen.findByRole('status')).textContent).toContain('Salvando o prontuário…');
    saved.resolve(false);
    expect((await screen.findByRole('alert')).textContent).toBe(UNSAVED_RECORD_MESSAGE);
    expect(screen.getByRole('heading', { name: 'Prontuário preenchido' })).toBeTruthy();
  });

  it('records the visit: preparing, REC with pause and resume, then the transcript to review', async () => {
    stubMicrophone('granted');
    const services = scriptedServices();
    const transcription = deferred<SegmentTranscription>();
    services.transcribeSegment.mockReturnValue(transcription.promise);
    const { user } = renderConsultation({ services });

    await confirmConsentAndRecord(user);

    expect(await screen.findByText('Preparando o microfone…')).toBeTruthy();
    // Leaving would stop the recording.
    expect(isDisabled('Voltar ao Chat')).toBe(true);
    expect(button('Voltar ao Chat').getAttribute('title')).toBe(
      'Finalize a gravação antes de sair',
    );
    expect(await screen.findByText('REC', {}, { timeout: 3000 })).toBeTruthy();
    expect(services.openRecordIfNone).toHaveBeenCalledTimes(1);
    expect(services.recordConsent).toHaveBeenCalledTimes(1);
    expect(screen.getByText('0:00')).toBeTruthy();

    await user.click(button('Pausar Gravação'));
    expect(screen.getByText('PAUSADO')).toBeTruthy();
    await user.click(button('Retomar Gravação'));
    expect(screen.getByText('REC')).toBeTruthy();

    await user.click(button('Finalizar Gravação'));

    expect(await screen.findByText(/Transcrevendo a consulta…/)).toBeTruthy();
    await waitFor(() => {
      expect(services.transcribeSegment).toHaveBeenCalledTimes(1);
    });
    const [audio, index] = services.transcribeSegment.mock.calls[0] ?? [];
    expect(index).toBe(0);
    expect(audio?.mimeType).toBe('audio/webm;codecs=opus');
    transcription.resolve({ ok: true, text: SPOKEN });

    // Collected, cleaned up and analysed, then reviewed.
    expect((await findTranscript()).value).toBe(CLEANED);
    expect(services.analyseTranscript).toHaveBeenCalledWith(SPOKEN);
    expect(isDisabled('Voltar ao Chat')).toBe(false);
  });

  it("offers 'Tentar novamente' for a piece of the recording that failed, and sends it again", async () => {
    stubMicrophone('granted');
    const services = scriptedServices();
    services.transcribeSegment.mockResolvedValueOnce({
      ok: false,
      failure: {
        message: 'Falha na transcrição: tempo esgotado.',
        retryable: true,
        unconfigured: false,
      },
    });
    const { user } = renderConsultation({ services });
    await confirmConsentAndRecord(user);
    await screen.findByText('REC', {}, { timeout: 3000 });

    await user.click(button('Finalizar Gravação'));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Falha na transcrição: tempo esgotado.',
    );
    expect(screen.getByText('1 trecho da gravação não foi transcrito.')).toBeTruthy();
    expect((await findTranscript()).value).toBe('');

    await user.click(button('Tentar novamente'));

    expect((await findTranscript()).value).toBe(CLEANED);
    expect(services.transcribeSegment).toHaveBeenCalledTimes(2);
    expect(screen.queryByText('1 trecho da gravação não foi transcrito.')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('fills the draft in while recording, without taking the focus, and reviews it at once after the stop', async () => {
    stubMicrophone('granted');
    const services = scriptedServices();
    // One-second segments; after the first, the doctor and the patient are silent.
    services.readTranscriptionStatus.mockResolvedValue({ configured: true, segmentSeconds: 1 });
    services.transcribeSegment.mockImplementation((_audio, index) =>
      Promise.resolve({ ok: true, text: index === 0 ? SPOKEN : '' }),
    );
    const { user } = renderConsultation({ services });
    await confirmConsentAndRecord(user);
    await screen.findByText('REC', {}, { timeout: 3000 });

    const draft = screen.getByRole('region', { name: 'Rascunho da consulta' });
    expect(within(draft).getByText(/aparece aqui a cada 1 segundo de gravação/)).toBeTruthy();
    const log = within(draft).getByRole('log', { name: 'Transcrição até agora' });
    expect(log.getAttribute('aria-live')).toBe('polite');
    const focused = document.activeElement;

    // Still recording: the segment's text, and what was recognised in it.
    expect(await within(log).findByText(SPOKEN, {}, { timeout: 3000 })).toBeTruthy();
    await within(draft).findByRole('heading', { name: /Dados reconhecidos/ });
    expect(within(draft).getByText('Maria Souza')).toBeTruthy();
    expect(screen.getByText('REC')).toBeTruthy();
    expect(document.activeElement).toBe(focused);
    expect(services.analyseTranscript).toHaveBeenCalledWith(SPOKEN);

    await user.click(button('Finalizar Gravação'));

    // The last segments added nothing: the draft's analysis is the review's, with no new one.
    expect((await findTranscript()).value).toBe(CLEANED);
    expect(services.analyseTranscript).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('region', { name: 'Rascunho da consulta' })).toBeNull();
  });

  it('keeps recording without a connection, says the segments wait, and catches up when it is back', async () => {
    stubMicrophone('granted');
    const services = scriptedServices();
    services.readTranscriptionStatus.mockResolvedValue({ configured: true, segmentSeconds: 1 });
    let connected = false;
    services.transcribeSegment.mockImplementation((_audio, index) =>
      Promise.resolve(
        connected
          ? { ok: true, text: index === 0 ? SPOKEN : '' }
          : {
              ok: false,
              failure: {
                message: 'Falha na transcrição: Sem conexão com o servidor.',
                retryable: true,
                unconfigured: false,
                connection: true,
              },
            },
      ),
    );
    const { user } = renderConsultation({ services });
    await confirmConsentAndRecord(user);
    await screen.findByText('REC', {}, { timeout: 3000 });

    const draft = screen.getByRole('region', { name: 'Rascunho da consulta' });
    expect(
      await within(draft).findByText(
        /^Sem conexão: \d+ trechos? da gravação (está guardado|estão guardados) neste aparelho/,
        {},
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    // Nothing is sent while the connection is down: one try, then the segments wait.
    const tries = services.transcribeSegment.mock.calls.length;
    expect(tries).toBe(1);
    expect(screen.getByText('REC')).toBeTruthy();

    connected = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });

    // Sent at once, not on the next try the queue set for itself (3 s after the failure).
    await waitFor(
      () => {
        expect(services.transcribeSegment.mock.calls.length).toBeGreaterThan(tries);
      },
      { timeout: 1000 },
    );
    const log = within(draft).getByRole('log', { name: 'Transcrição até agora' });
    expect(await within(log).findByText(SPOKEN, {}, { timeout: 3000 })).toBeTruthy();
    expect(within(draft).queryByText(/^Sem conexão/)).toBeNull();
    expect(services.transcribeSegment.mock.calls[tries]?.[1]).toBe(0);
    expect(screen.getByText('REC')).toBeTruthy();
  });
});
