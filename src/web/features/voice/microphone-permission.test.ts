import { describe, expect, it, vi } from 'vitest';
import {
  checkMicrophonePermission,
  isMicrophoneSupported,
  MICROPHONE_HELP,
  microphoneHelpText,
  type PermissionsLike,
} from './microphone-permission';

const mediaDevices = { getUserMedia: () => Promise.resolve({}) };

function permissionsIn(state: string): PermissionsLike {
  return { query: () => Promise.resolve({ state }) };
}

describe('checkMicrophonePermission', () => {
  it.each([
    ['granted', true],
    ['prompt', true],
    ['denied', false],
  ])('answers %s with %s', async (state, expected) => {
    await expect(
      checkMicrophonePermission({ mediaDevices, permissions: permissionsIn(state) }),
    ).resolves.toBe(expected);
  });

  it('asks for the microphone permission', async () => {
    const query = vi.fn(() => Promise.resolve({ state: 'granted' }));
    await checkMicrophonePermission({ mediaDevices, permissions: { query } });
    expect(query).toHaveBeenCalledWith({ name: 'microphone' });
  });

  it('is false without mediaDevices or getUserMedia', async () => {
    await expect(checkMicrophonePermission({})).resolves.toBe(false);
    await expect(
      checkMicrophonePermission({ mediaDevices: {}, permissions: permissionsIn('granted') }),
    ).resolves.toBe(false);
    await expect(checkMicrophonePermission({ mediaDevices: { getUserMedia: 'no' } })).resolves.toBe(
      false,
    );
  });

  it('is true when the browser cannot report permissions, since it will ask', async () => {
    await expect(checkMicrophonePermission({ mediaDevices })).resolves.toBe(true);
  });

  it('is true when the permission query fails, and does not throw', async () => {
    const permissions: PermissionsLike = {
      query: () => Promise.reject(new TypeError("'microphone' is not a valid permission name")),
    };
    await expect(checkMicrophonePermission({ mediaDevices, permissions })).resolves.toBe(true);
  });
});

describe('isMicrophoneSupported', () => {
  it('needs a getUserMedia function', () => {
    expect(isMicrophoneSupported({ mediaDevices })).toBe(true);
    expect(isMicrophoneSupported({ mediaDevices: {} })).toBe(false);
    expect(isMicrophoneSupported({})).toBe(false);
  });
});

describe('microphoneHelpText', () => {
  const IPHONE =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 ' +
    '(KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
  const ANDROID =
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 ' +
    '(KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36';

  it('points to the lock icon in most browsers', () => {
    expect(microphoneHelpText(ANDROID, true)).toBe(MICROPHONE_HELP.browser);
    expect(MICROPHONE_HELP.browser).toContain('Permissões › Microfone');
    expect(MICROPHONE_HELP.browser).toContain('Permitir');
    expect(MICROPHONE_HELP.browser).toContain('recarregue a página');
  });

  it('points to the iPhone settings on iOS', () => {
    expect(microphoneHelpText(IPHONE, true)).toBe(MICROPHONE_HELP.iphoneSafari);
    expect(MICROPHONE_HELP.iphoneSafari).toContain('Ajustes › Safari › Microfone');
  });

  it('says the browser cannot record when it is unsupported', () => {
    expect(microphoneHelpText(IPHONE, false)).toBe(MICROPHONE_HELP.unsupported);
  });
});
