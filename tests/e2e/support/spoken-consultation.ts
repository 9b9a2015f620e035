import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import ESpeakNg from 'espeak-ng';
import { afterAll, beforeAll } from 'vitest';

/** espeak-ng's words per minute: a doctor's dictation pace, still clear to a listener. */
const WORDS_PER_MINUTE = '150';

/**
 * Speaks `text` in Brazilian Portuguese with eSpeak NG (the npm package: eSpeak NG compiled to
 * WebAssembly, GPL-3.0, used by the tests only) and returns the WAV file's bytes.
 * @param options.ssml - `text` is SSML (`<speak>…</speak>`, with `<break time="…"/>` pauses)
 */
export async function speakPortuguese(
  text: string,
  options: { ssml?: boolean } = {},
): Promise<Uint8Array> {
  const output = '/consulta.wav';
  const messages: string[] = [];
  const espeak = await ESpeakNg({
    arguments: [
      ...(options.ssml ? ['-m'] : []),
      ...['-v', 'pt-br', '-s', WORDS_PER_MINUTE, '-w', output, text],
    ],
    print: (line) => messages.push(line),
    printErr: (line) => messages.push(line),
  });
  let wav: Uint8Array;
  try {
    wav = espeak.FS.readFile(output);
  } catch (error) {
    throw new Error(`espeak-ng wrote no WAV file: ${messages.join(' ')}`, { cause: error });
  }
  // On a file it cannot read Chromium's fake microphone records silence, without an error.
  const header = Buffer.from(wav.subarray(0, 12)).toString('latin1');
  if (!header.startsWith('RIFF') || header.slice(8) !== 'WAVE') {
    throw new Error(`espeak-ng did not write a WAV file: ${messages.join(' ')}`);
  }
  return wav;
}

/** A word of a spoken consultation and when it is heard, in seconds from the WAV's start. */
export interface TimedWord {
  text: string;
  start: number;
  end: number;
}

/** A consultation spoken sentence by sentence, with when each word is heard. */
export interface TimedSpeech {
  /** The WAV file's bytes (16-bit mono PCM). */
  wav: Uint8Array;
  words: TimedWord[];
  /** When the last word ends. */
  speechSeconds: number;
  /** The whole file, the silence after the last word included. */
  totalSeconds: number;
}

/**
 * A visit of about three minutes as espeak-ng speaks it, a sentence each: a headache that turns
 * out to be migraine. The name and age come in the first half minute, the vital signs a minute
 * in, and a requested exam only in the last seconds.
 */
export const MIGRAINE_VISIT_SENTENCES = [
  'Bom dia, pode entrar e sentar.',
  'Paciente Joana Prado, 38 anos.',
  'Ela veio hoje por causa de uma dor de cabeça.',
  'A dor começou há 3 dias, de manhã.',
  'A senhora sente a dor de que lado da cabeça?',
  'Dói mais do lado direito, perto do olho.',
  'A dor piora com a luz e com barulho.',
  'Ela tomou um remédio em casa, sem melhora.',
  'Teve enjoo ontem à noite, mas não vomitou.',
  'Nega febre e nega perda de peso.',
  'Dorme pouco por causa do trabalho no hospital.',
  'Trabalha no turno da noite há dois anos.',
  'Bebe muito café para ficar acordada.',
  'Não fuma e bebe pouco nos fins de semana.',
  'Já teve crises parecidas no ano passado.',
  'A mãe dela também tem enxaqueca.',
  'Não tem alergia a nenhum remédio conhecido.',
  'Vamos medir a pressão agora, por favor.',
  'Pressão 130 por 85.',
  'Frequência cardíaca 88.',
  'Temperatura 36,8.',
  'Saturação 98 por cento.',
  'O exame neurológico está normal.',
  'As pupilas estão iguais e reagem à luz.',
  'A força nos braços e nas pernas está boa.',
  'Não há rigidez na nuca.',
  'O fundo de olho parece normal.',
  'A senhora tem visto alguma mancha na visão?',
  'Às vezes vejo luzes antes da dor começar.',
  'Isso combina com uma enxaqueca com aura.',
  'Vamos conversar sobre o sono e o café.',
  'É importante dormir nos mesmos horários.',
  'Tente diminuir o café aos poucos nesta semana.',
  'Beba bastante água durante o plantão.',
  'Anote num caderno os dias em que a dor vier.',
  'Escreva também o que a senhora comeu.',
  'Se a dor for muito forte, volte ao pronto atendimento.',
  'Se tiver fraqueza num lado do corpo, procure ajuda.',
  'Se a fala ficar enrolada, procure ajuda na hora.',
  'Vou explicar como a enxaqueca funciona.',
  'É uma dor que volta em crises, de tempos em tempos.',
  'O sono curto e o café em excesso ajudam a crise a vir.',
  'Remédio demais para dor também pode piorar o quadro.',
  'Por isso não tome remédio para dor todos os dias.',
  'No máximo duas vezes por semana, combinado?',
  'Combinado, doutora, vou tentar seguir.',
  'Faça também alguma atividade física leve.',
  'Uma caminhada de meia hora já ajuda bastante.',
  'Vou pedir alguns exames de sangue simples.',
  'Quero ver se está tudo bem com o sangue.',
  'Depois a gente conversa sobre um remédio para prevenir.',
  'A senhora tem alguma dúvida até aqui?',
  'Não, doutora, ficou tudo claro.',
  'Então vamos marcar o retorno em um mês.',
  'Traga o caderno com as anotações no retorno.',
  'Solicito hemograma.',
  'Até logo, e melhoras.',
] as const;

/** The pause espeak-ng is asked for after each sentence: longer than any inside one. */
const SENTENCE_BREAK_MS = 600;
/** A silence at least this long is a sentence's end (a comma's pause is about 0.2 s). */
const SENTENCE_GAP_SECONDS = 0.45;
/** A 10-ms frame whose loudest sample stays under this is silent (espeak's silence is 0). */
const SILENT_PEAK = 300;

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The 16-bit mono samples of a PCM WAV, and its rate. */
function pcmOf(wav: Uint8Array): { samples: Int16Array; rate: number } {
  const bytes = Buffer.from(wav.buffer, wav.byteOffset, wav.byteLength);
  const rate = bytes.readUInt32LE(24);
  if (bytes.readUInt16LE(22) !== 1 || bytes.readUInt16LE(34) !== 16) {
    throw new Error('espeak-ng wrote a WAV that is not 16-bit mono');
  }
  let at = 12;
  while (at + 8 <= bytes.length && bytes.toString('latin1', at, at + 4) !== 'data') {
    at += 8 + bytes.readUInt32LE(at + 4);
  }
  if (at + 8 > bytes.length) throw new Error('espeak-ng wrote a WAV without data');
  const data = bytes.subarray(at + 8);
  const samples = new Int16Array(Math.floor(data.length / 2));
  for (let i = 0; i < samples.length; i += 1) samples[i] = data.readInt16LE(i * 2);
  return { samples, rate };
}

/** A 16-bit mono PCM WAV of these samples. */
function wavOf(samples: Int16Array, rate: number): Uint8Array {
  const file = Buffer.alloc(44 + samples.length * 2);
  file.write('RIFF', 0, 'latin1');
  file.writeUInt32LE(file.length - 8, 4);
  file.write('WAVEfmt ', 8, 'latin1');
  file.writeUInt32LE(16, 16);
  file.writeUInt16LE(1, 20);
  file.writeUInt16LE(1, 22);
  file.writeUInt32LE(rate, 24);
  file.writeUInt32LE(rate * 2, 28);
  file.writeUInt16LE(2, 32);
  file.writeUInt16LE(16, 34);
  file.write('data', 36, 'latin1');
  file.writeUInt32LE(samples.length * 2, 40);
  samples.forEach((sample, i) => file.writeInt16LE(sample, 44 + i * 2));
  return new Uint8Array(file.buffer, file.byteOffset, file.length);
}

/**
 * When each sentence is heard: espeak-ng speaks them in one go with a long pause after each,
 * and the pauses are found in the sound (silent 10-ms frames).
 */
function sentenceSpans(samples: Int16Array, rate: number, count: number): [number, number][] {
  const frame = Math.round(rate / 100);
  const spans: [number, number][] = [];
  let speechStart: number | undefined;
  let silentSince: number | undefined;
  for (let at = 0; at < samples.length; at += frame) {
    let peak = 0;
    for (let i = at; i < Math.min(at + frame, samples.length); i += 1) {
      peak = Math.max(peak, Math.abs(samples[i] ?? 0));
    }
    if (peak >= SILENT_PEAK) {
      if (
        speechStart !== undefined &&
        silentSince !== undefined &&
        (at - silentSince) / rate >= SENTENCE_GAP_SECONDS
      ) {
        spans.push([speechStart / rate, silentSince / rate]);
        speechStart = undefined;
      }
      speechStart ??= at;
      silentSince = undefined;
    } else {
      silentSince ??= at;
    }
  }
  if (speechStart !== undefined)
    spans.push([speechStart / rate, (silentSince ?? samples.length) / rate]);
  if (spans.length !== count) {
    throw new Error(`espeak-ng's pauses gave ${spans.length} sentences, not ${count}`);
  }
  return spans;
}

/**
 * Speaks the sentences one after another with {@link speakPortuguese} and says when each word
 * is heard: each sentence's time is measured in the sound, and its words share it by their
 * length (a comma's pause counting as a few letters). Good to a fraction of a second.
 * @param sentences - what is said, a sentence each
 * @param options.trailingSilenceSeconds - silence added after the last word
 */
export async function speakTimedPortuguese(
  sentences: readonly string[],
  options: { trailingSilenceSeconds?: number } = {},
): Promise<TimedSpeech> {
  const ssml = `<speak>${sentences
    .map((sentence) => `${escapeXml(sentence)}<break time="${SENTENCE_BREAK_MS}ms"/>`)
    .join(' ')}</speak>`;
  const { samples, rate } = pcmOf(await speakPortuguese(ssml, { ssml: true }));
  const spans = sentenceSpans(samples, rate, sentences.length);
  const words = sentences.flatMap((sentence, index) => {
    const [start, end] = spans[index] ?? [0, 0];
    const texts = sentence.split(/\s+/).filter(Boolean);
    const weights = texts.map((text) => text.length + 1 + (/[,;:]$/.test(text) ? 4 : 0));
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    let at = start;
    return texts.map((text, i) => {
      const length = ((end - start) * (weights[i] ?? 0)) / total;
      const word = { text, start: at, end: at + length };
      at += length;
      return word;
    });
  });
  const silence = Math.round((options.trailingSilenceSeconds ?? 0) * rate);
  const padded = new Int16Array(samples.length + silence);
  padded.set(samples);
  return {
    wav: wavOf(padded, rate),
    words,
    speechSeconds: spans.at(-1)?.[1] ?? 0,
    totalSeconds: padded.length / rate,
  };
}

/**
 * The consultation spoken by {@link speakPortuguese}, as a WAV file in a fresh temporary folder
 * (made in `beforeAll`, removed in `afterAll`): the sound a fake microphone plays (Chromium's
 * `--use-file-for-fake-audio-capture`).
 * @param text - what is said
 */
export function useSpokenConsultation(text: string) {
  let folder: string | undefined;
  let wavPath: string | undefined;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'prontu-voice-'));
    const file = path.join(folder, 'consulta.wav');
    await writeFile(file, await speakPortuguese(text));
    wavPath = file;
  });
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });
  return {
    /** The WAV's absolute path (after `beforeAll`). */
    get wavPath(): string {
      if (!wavPath) throw new Error('the spoken consultation is not recorded (beforeAll failed?)');
      return wavPath;
    },
  };
}

/**
 * Like {@link useSpokenConsultation}, sentence by sentence, also saying when each word is heard
 * ({@link speakTimedPortuguese}).
 * @param sentences - what is said, a sentence each
 * @param trailingSilenceSeconds - silence after the last word, so the recording can stop before
 *   the fake microphone starts the file over
 */
export function useTimedSpokenConsultation(
  sentences: readonly string[],
  trailingSilenceSeconds: number,
) {
  let folder: string | undefined;
  let spoken: (Omit<TimedSpeech, 'wav'> & { wavPath: string }) | undefined;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'prontu-voice-'));
    const file = path.join(folder, 'consulta.wav');
    const { wav, ...timing } = await speakTimedPortuguese(sentences, { trailingSilenceSeconds });
    await writeFile(file, wav);
    spoken = { ...timing, wavPath: file };
  });
  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });
  return {
    /** The WAV, its words with their times and its length (after `beforeAll`). */
    get speech(): Omit<TimedSpeech, 'wav'> & { wavPath: string } {
      if (!spoken) throw new Error('the spoken consultation is not recorded (beforeAll failed?)');
      return spoken;
    },
  };
}

/**
 * Chromium flags for a fake microphone playing `wavPath` (looped), granted without a prompt.
 * @param wavPath - a WAV file, e.g. {@link useSpokenConsultation}'s
 */
export function fakeMicrophoneArgs(wavPath: string): string[] {
  return [
    '--use-fake-ui-for-media-stream',
    '--use-fake-device-for-media-stream',
    `--use-file-for-fake-audio-capture=${wavPath}`,
  ];
}
