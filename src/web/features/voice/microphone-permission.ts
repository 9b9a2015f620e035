/** The part of `navigator.permissions` the check uses. */
export interface PermissionsLike {
  query(descriptor: { name: 'microphone' }): Promise<{ readonly state: string }>;
}

/** The parts of `navigator` the check uses; pass `navigator` itself in the browser. */
export interface MicrophoneEnvironment {
  permissions?: PermissionsLike;
  mediaDevices?: { getUserMedia?: unknown };
}

/**
 * Whether this browser can capture audio at all (`navigator.mediaDevices` is missing on plain http
 * and in old browsers).
 * @param environment - usually `navigator`
 */
export function isMicrophoneSupported(environment: MicrophoneEnvironment): boolean {
  return typeof environment.mediaDevices?.getUserMedia === 'function';
}

/**
 * Whether recording may start: false when the microphone is denied or unsupported, true when it is
 * granted or the browser can still ask. Never throws.
 * @param environment - usually `navigator`
 */
export async function checkMicrophonePermission(
  environment: MicrophoneEnvironment,
): Promise<boolean> {
  if (!isMicrophoneSupported(environment)) return false;
  if (!environment.permissions) return true;
  try {
    const status = await environment.permissions.query({ name: 'microphone' });
    return status.state !== 'denied';
  } catch {
    // Some browsers cannot query the microphone permission; getUserMedia will ask.
    return true;
  }
}

/** What the voice screen shows when the microphone cannot be used. */
export const MICROPHONE_HELP = {
  title: 'Permita o acesso ao microfone',
  browser:
    'Toque no ícone de cadeado ao lado do endereço do site, abra Permissões › Microfone, ' +
    'escolha Permitir e recarregue a página.',
  iphoneSafari:
    'No iPhone, abra Ajustes › Safari › Microfone, escolha Permitir e volte ao Prontu para ' +
    'recarregar a página.',
  unsupported:
    'Este navegador não consegue gravar áudio. Use uma versão recente do Chrome, do Safari ou ' +
    'do Edge, com o site aberto em https.',
} as const;

/**
 * The help text for this device: the unsupported text when the browser cannot record, the iPhone
 * Safari settings path on iOS, the browser's lock icon elsewhere.
 * @param userAgent - usually `navigator.userAgent`
 * @param supported - from `isMicrophoneSupported`
 */
export function microphoneHelpText(userAgent: string, supported: boolean): string {
  if (!supported) return MICROPHONE_HELP.unsupported;
  return /iPhone|iPad|iPod/.test(userAgent)
    ? MICROPHONE_HELP.iphoneSafari
    : MICROPHONE_HELP.browser;
}
