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
 */
export async function speakPortuguese(text: string): Promise<Uint8Array> {
  const output = '/consulta.wav';
  const messages: string[] = [];
  const espeak = await ESpeakNg({
    arguments: ['-v', 'pt-br', '-s', WORDS_PER_MINUTE, '-w', output, text],
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
