import { z } from 'zod';
import { doctorEntry, readEntry, removeEntry, writeEntry } from '../../data/local-entries';

/**
 * The voice consultation's transcript while the doctor reviews it, kept in the browser (tagged
 * with its doctor) until the visit is done: a reload, a crash or a failed processing must not
 * lose twenty minutes of consultation. It leaves the browser on sign-out with every entry of
 * the doctor.
 */
const transcriptEntry = doctorEntry('consultationTranscript', z.object({ transcript: z.string() }));

/** This doctor's transcript under review, or '' when there is none. */
export function readConsultationTranscript(userId: string): string {
  return readEntry(transcriptEntry, userId)?.transcript ?? '';
}

/** Keeps the transcript; a blank one removes the entry. */
export function writeConsultationTranscript(userId: string, transcript: string): void {
  if (!transcript.trim()) forgetConsultationTranscript();
  else writeEntry(transcriptEntry, { transcript }, userId);
}

/** On a new consultation. */
export function forgetConsultationTranscript(): void {
  removeEntry(transcriptEntry);
}
