import { z } from 'zod';

/**
 * The origin every QR code and validation link carries (docs/documentos.md, "Validação"):
 * PUBLIC_URL when it is set, else the address of the request that drew them. The server says
 * which (`GET /api/health`); the screens that sign and share documents warn when it is the
 * request's, since a pharmacy may not be able to open it.
 */
export const validationAddressSchema = z.object({
  /** 'https://prontu.clinica.com.br', 'http://localhost:3000'. */
  origin: z.string(),
  /** Whether it is PUBLIC_URL (else this request's own origin). */
  fromPublicUrl: z.boolean(),
});
export type ValidationAddress = z.infer<typeof validationAddressSchema>;

/**
 * Who can open an address: only the computer it was typed on (loopback), only the devices of
 * the same local network (a private IP, a name without a domain), or anyone its name reaches
 * (nothing in it says otherwise — whether it really is published is not known from here).
 */
export type AddressReach = 'this-computer' | 'local-network' | 'public';

/**
 * Suffixes of names that only a local network resolves: `.local` (mDNS), `.home.arpa` and
 * `.internal` (reserved for private use), and the never-delegated ones routers hand out.
 */
const LOCAL_NAME_SUFFIXES = ['.local', '.home.arpa', '.internal', '.lan', '.home', '.corp'];

/**
 * How far the address of `origin` reaches (see {@link AddressReach}).
 * @param origin - an http(s) origin, as the server answers it
 */
export function addressReach(origin: string): AddressReach {
  let hostname: string;
  try {
    hostname = new URL(origin).hostname.toLowerCase().replace(/\.$/, '');
  } catch {
    return 'public';
  }
  if (hostname.startsWith('[')) return ipv6Reach(hostname.slice(1, -1));
  if (IPV4.test(hostname)) return ipv4Reach(hostname.split('.').map(Number));
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return 'this-computer';
  if (!hostname.includes('.')) return 'local-network';
  return LOCAL_NAME_SUFFIXES.some((suffix) => hostname.endsWith(suffix))
    ? 'local-network'
    : 'public';
}

/** A dotted IPv4 address, as the URL parser writes every form of one. */
const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

function ipv4Reach([a = 0, b = 0]: number[]): AddressReach {
  // 127/8 loopback; 0.0.0.0 is this computer for the browsers that open it.
  if (a === 127 || a === 0) return 'this-computer';
  const isPrivate =
    a === 10 ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    // Link-local, and the carrier-grade NAT range overlay networks (Tailscale) use.
    (a === 169 && b === 254) ||
    (a === 100 && b >= 64 && b <= 127);
  return isPrivate ? 'local-network' : 'public';
}

function ipv6Reach(address: string): AddressReach {
  if (address === '::1' || address === '::') return 'this-computer';
  // IPv4-mapped (`::ffff:7f00:1`, as the URL parser writes `::ffff:127.0.0.1`).
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(address);
  if (mapped) {
    const high = parseInt(mapped[1] ?? '0', 16);
    const low = parseInt(mapped[2] ?? '0', 16);
    return ipv4Reach([high >> 8, high & 0xff, low >> 8, low & 0xff]);
  }
  const first = address.startsWith(':') ? 0 : parseInt(address.split(':')[0] ?? '0', 16);
  // fc00::/7 unique local, fe80::/10 link-local.
  const isPrivate = (first & 0xfe00) === 0xfc00 || (first & 0xffc0) === 0xfe80;
  return isPrivate ? 'local-network' : 'public';
}

/** What the notice and Settings say of the validation address. */
export const VALIDATION_ADDRESS_TEXT = {
  heading: 'Endereço de validação',
  howToFix: 'Como corrigir',
  /** Settings: where the address in use comes from. */
  sourcePublicUrl: 'PUBLIC_URL',
  sourceRequest: 'o endereço deste acesso (PUBLIC_URL não definida)',
  /** Settings, when PUBLIC_URL is set: the one address, whoever issues. */
  fixed:
    'O QR code e o link de validação de receitas e documentos levam a este endereço, de qualquer computador que os emita.',
  advice:
    'Para um endereço fixo que abra em qualquer lugar, defina PUBLIC_URL com o endereço público do Prontu (ou peça isso a quem o administra) antes de imprimir ou assinar: papéis impressos e PDFs assinados guardam o endereço que levam. Veja docs/documentos.md, seção “Validação”.',
} as const;

/** What happens to a QR code that leads to `origin`, by how far it reaches. */
function reachSentence(origin: string, reach: AddressReach): string {
  const leadsTo = `O QR code e o link de validação levam a ${origin}`;
  switch (reach) {
    case 'this-computer':
      return `${leadsTo}, que só abre neste computador: na farmácia ou no celular do paciente, a validação não funciona.`;
    case 'local-network':
      return `${leadsTo}, que só abre em aparelhos desta rede local: na farmácia ou no celular do paciente, a validação não funciona.`;
    case 'public':
      return `${leadsTo}, o endereço deste acesso: documentos emitidos por outro endereço levam a esse outro.`;
  }
}

/**
 * The warning of the screens that sign and share documents, or undefined when PUBLIC_URL is set:
 * what the QR code and the link lead to and who can open it, then how to fix it.
 * @param address - the validation address the server uses, as it answers it
 * @returns the two paragraphs: the reach, the advice
 */
export function validationAddressWarning(
  address: ValidationAddress,
): [reach: string, advice: string] | undefined {
  if (address.fromPublicUrl) return undefined;
  return [
    reachSentence(address.origin, addressReach(address.origin)),
    VALIDATION_ADDRESS_TEXT.advice,
  ];
}
