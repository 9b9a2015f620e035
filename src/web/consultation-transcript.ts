import { z } from 'zod';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from './local-storage';

/**
 * The voice consultation's transcript while the doctor reviews it, kept in the browser (tagged
 * with its doctor) until the visit is done: a reload, a crash or a failed processing must not
 * lose twenty minutes of consultation.
 */
const storedTranscriptSchema = z.object({ userId: z.string(), transcript: z.string() });

/** This doctor's transcript under review, or '' when there is none. */
export function readConsultationTranscript(userId: string): string {
  const raw = readStorage(STORAGE_KEYS.consultationTranscript);
  if (raw === null) return '';
  let stored: z.infer<typeof storedTranscriptSchema>;
  try {
    stored = storedTranscriptSchema.parse(JSON.parse(raw));
  } catch {
    console.error('Transcrição inválida no armazenamento local; ignorada.');
    return '';
  }
  return stored.userId === userId ? stored.transcript : '';
}

/** Keeps the transcript; a blank one removes the entry. */
export function writeConsultationTranscript(userId: string, transcript: string): void {
  if (!transcript.trim()) {
    forgetConsultationTranscript();
    return;
  }
  writeStorage(STORAGE_KEYS.consultationTranscript, JSON.stringify({ userId, transcript }));
}

/** On a new consultation and on sign-out. */
export function forgetConsultationTranscript(): void {
  removeStorage(STORAGE_KEYS.consultationTranscript);
}
