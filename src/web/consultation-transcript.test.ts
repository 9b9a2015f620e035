import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  forgetConsultationTranscript,
  readConsultationTranscript,
  writeConsultationTranscript,
} from './consultation-transcript';

/** A Map-backed stand-in for the browser's localStorage (unit tests run without a browser). */
class MemoryStorage {
  readonly items = new Map<string, string>();
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
}

let storage: MemoryStorage;

beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('window', { localStorage: storage });
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
