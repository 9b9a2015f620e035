/** Browsers in the order they must be tested: Edge and Opera also say "Chrome", Chrome says "Safari". */
const BROWSERS: readonly [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bChromium\//, 'Chromium'],
  // Headless Chromium (and the browser of automated tests) says 'HeadlessChrome/', with no word
  // boundary before 'Chrome'.
  [/\b(Headless)?Chrome\/|\bCriOS\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

/** Systems in test order: Android says "Linux", iPad and iPhone say "Mac OS X". */
const SYSTEMS: readonly [RegExp, string][] = [
  [/\bAndroid\b/, 'Android'],
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bWindows\b/, 'Windows'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/**
 * A person-readable name of the device a session was opened on, from its User-Agent header:
 * "Chrome no Linux", "Safari no iPhone", "Navegador desconhecido".
 * @param userAgent - the User-Agent the session was opened with
 */
export function describeDevice(userAgent: string | null | undefined): string {
  const agent = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return `${browser} no ${system}`;
  if (browser) return browser;
  if (system) return `Navegador no ${system}`;
  return 'Navegador desconhecido';
}

/** Where loopback connections come from: the server's own machine. */
const LOCAL_ADDRESS = 'este computador (local)';

/**
 * The address a session was opened from, as the doctor reads it: an IPv4 address as is, an
 * IPv4-mapped IPv6 address ('::ffff:192.0.2.1') as its IPv4 form, a loopback or unspecified one
 * ('::1', '::', '127.0.0.1', and '0:0:0:0:0:0:0:0', which the auth library stores for '::1' once it
 * keeps only an IPv6 address's /64 network) as 'este computador (local)', another IPv6 address
 * in its short form. Undefined when there is no address to show.
 * @param address - the address stored with the session
 */
export function describeSessionAddress(address: string | null | undefined): string | undefined {
  const text = (address ?? '').trim().toLowerCase();
  if (text === '' || text === 'unknown') return undefined;
  const mapped = /^(?:::|(?:0{1,4}:){5})ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text)?.[1];
  const ipv4 = mapped ?? (/^\d{1,3}(?:\.\d{1,3}){3}$/.test(text) ? text : undefined);
  if (ipv4) return ipv4.startsWith('127.') || ipv4 === '0.0.0.0' ? LOCAL_ADDRESS : ipv4;
  const groups = ipv6Groups(text);
  if (!groups) return text;
  const isZeroUpTo = (last: number) => groups.slice(0, last).every((group) => group === 0);
  // ::, ::1 and their /64 network (all zeros).
  if (isZeroUpTo(7) && (groups[7] ?? 0) <= 1) return LOCAL_ADDRESS;
  return shortIpv6(groups);
}

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
function ipv6Groups(text: string): number[] | undefined {
  if (!/^[0-9a-f:]+$/.test(text) || text.split('::').length > 2) return undefined;
  const [head = '', tail] = text.split('::');
  const part = (side: string) => (side === '' ? [] : side.split(':'));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const missing = 8 - left.length - right.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return undefined;
  const all = [...left, ...Array<string>(missing).fill('0'), ...right];
  if (all.some((group) => group.length === 0 || group.length > 4)) return undefined;
  return all.map((group) => Number.parseInt(group, 16));
}

/** An IPv6 address in its short form (RFC 5952): the longest run of zero groups as '::'. */
function shortIpv6(groups: readonly number[]): string {
  let best = { start: -1, length: 0 };
  for (let start = 0; start < groups.length; start += 1) {
    let length = 0;
    while (groups[start + length] === 0) length += 1;
    if (length > best.length && length > 1) best = { start, length };
  }
  const hex = groups.map((group) => group.toString(16));
  if (best.start < 0) return hex.join(':');
  const before = hex.slice(0, best.start).join(':');
  const after = hex.slice(best.start + best.length).join(':');
  return `${before}::${after}`;
}
