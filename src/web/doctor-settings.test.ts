import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubLocalStorage, type MemoryStorage } from './testing/memory-local-storage';
import { DEFAULT_DOCTOR_SETTINGS } from '../shared/doctor-settings';
import {
  forgetDoctorSettings,
  readCachedSettings,
  readSettingsDraft,
  writeCachedSettings,
  writeSettingsDraft,
} from './doctor-settings';

let storage: MemoryStorage;
const settings = {
  ...DEFAULT_DOCTOR_SETTINGS,
  name: 'Dra. Ana',
  crm: '123',
  crmState: 'SP' as const,
};

beforeEach(() => {
  storage = stubLocalStorage();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the doctorSettings cache', () => {
  it('round-trips the settings of the doctor who saved them', () => {
    writeCachedSettings('doctor-1', settings);
    expect(JSON.parse(storage.getItem('doctorSettings') ?? '')).toEqual({
      userId: 'doctor-1',
      settings,
    });
    expect(readCachedSettings('doctor-1')).toEqual(settings);
  });

  it("never shows one doctor another doctor's cached settings", () => {
    writeCachedSettings('doctor-1', settings);
    expect(readCachedSettings('doctor-2')).toBeUndefined();
  });

  it.each([
    ['not JSON', '{quebrado'],
    ['not an entry', '"texto"'],
    [
      'invalid settings',
      JSON.stringify({ userId: 'doctor-1', settings: { prescriptionsPerPage: 9 } }),
    ],
  ])('ignores a malformed cache (%s) with a console error', (_case, raw) => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    storage.setItem('doctorSettings', raw);
    expect(readCachedSettings('doctor-1')).toBeUndefined();
    expect(consoleError).toHaveBeenCalledOnce();
  });

  it('keeps a draft per doctor and forgets everything on sign-out', () => {
    writeCachedSettings('doctor-1', settings);
    writeSettingsDraft('doctor-1', { clinicAddress: 'Av. Paulista, 1000' });
    expect(readSettingsDraft('doctor-1')).toEqual({ clinicAddress: 'Av. Paulista, 1000' });
    expect(readSettingsDraft('doctor-2')).toBeUndefined();
    forgetDoctorSettings();
    expect(storage.getItem('doctorSettings')).toBeNull();
    expect(storage.getItem('doctorSettings-draft')).toBeNull();
  });

  it('warns, and carries on, when storage is blocked', () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    vi.stubGlobal('window', {
      localStorage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
      },
    });
    expect(() => writeCachedSettings('doctor-1', settings)).not.toThrow();
    expect(readCachedSettings('doctor-1')).toBeUndefined();
    expect(consoleWarn).toHaveBeenCalledTimes(2);
  });
});
