import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from 'vitest';

const run = promisify(execFile);

export const ESPEAK_MISSING_MESSAGE =
  'espeak-ng not found: apt-get install espeak-ng (.ci/run does it)';

/** espeak-ng's words per minute: a doctor's dictation pace, still clear to a listener. */
const WORDS_PER_MINUTE = '150';

/**
 * The consultation spoken in Brazilian Portuguese by espeak-ng, as a WAV file in a fresh
 * temporary folder (made in `beforeAll`, removed in `afterAll`): the sound a fake microphone
 * plays (Chromium's `--use-file-for-fake-audio-capture`). A missing espeak-ng fails the suite
 * instead of skipping it.
 * @param text - what is said
 */
export function useSpokenConsultation(text: string) {
  let folder: string | undefined;
  let wavPath: string | undefined;
  beforeAll(async () => {
    folder = await mkdtemp(path.join(os.tmpdir(), 'prontu-voice-'));
    const file = path.join(folder, 'consulta.wav');
    try {
      await run('espeak-ng', ['-v', 'pt-br', '-s', WORDS_PER_MINUTE, '-w', file, text]);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        throw new Error(ESPEAK_MISSING_MESSAGE, { cause: error });
      }
      throw error;
    }
    // On a file it cannot read Chromium's fake microphone records silence, without an error.
    const header = (await readFile(file)).subarray(0, 12).toString('latin1');
    if (!header.startsWith('RIFF') || header.slice(8) !== 'WAVE') {
      throw new Error(`espeak-ng did not write a WAV file: ${file}`);
    }
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
