import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubLocalStorage, type MemoryStorage } from '../../testing/memory-local-storage';
import {
  forgetConsultationTranscript,
  readConsultationTranscript,
  writeConsultationTranscript,
} from './consultation-transcript';

let storage: MemoryStorage;

beforeEach(() => {
  storage = stubLocalStorage();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the consultation transcript kept in the browser', () => {
  it('gives the transcript back to its own doctor only', () => {
    writeConsultationTranscript('doctor-a', 'Paciente com febre há dois dias.');
    expect(readConsultationTranscript('doctor-a')).toBe('Paciente com febre há dois dias.');
    expect(readConsultationTranscript('doctor-b')).toBe('');
  });

  it('removes the entry for a blank transcript and when forgotten', () => {
    writeConsultationTranscript('doctor-a', 'Febre.');
    writeConsultationTranscript('doctor-a', '   ');
    expect(storage.items.has('consultationTranscript')).toBe(false);
    writeConsultationTranscript('doctor-a', 'Febre.');
    forgetConsultationTranscript();
    expect(readConsultationTranscript('doctor-a')).toBe('');
  });

  it('ignores a malformed entry with a console error', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    storage.setItem('consultationTranscript', '{"userId": 1');
    expect(readConsultationTranscript('doctor-a')).toBe('');
    expect(error).toHaveBeenCalledOnce();
  });
});
