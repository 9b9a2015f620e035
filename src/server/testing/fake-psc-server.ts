import {
  constants,
  createHash,
  privateEncrypt,
  randomBytes,
  X509Certificate,
  type KeyObject,
} from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readPkcs12 } from '../signing/pkcs12';
import { createTestPki, doctorPfx, type TestPki } from './test-pki';

/**
 * A PSC (cloud-certificate provider) on loopback that speaks the API summarised in
 * docs/assinatura-nuvem.md: holder discovery, the one-time-code and push grants, certificate
 * discovery and the signature of several hashes in one call. Its holder has a throwaway
 * ICP-Brasil-shaped certificate (test-pki.ts) whose key really signs, so a test can verify what
 * comes back. Where the providers' manuals are silent (how a refused or expired push is
 * answered), it answers as that document says Prontu assumes.
 */

/** The holder the fake keeps a certificate for. */
export interface FakePscHolder {
  name: string;
  cpf: string;
  /** The holder's certificate (DER) and the chain above it, issuer first. */
  certificate: Uint8Array<ArrayBuffer>;
  chain: Uint8Array<ArrayBuffer>[];
  slotAlias: string;
}

export interface FakePscServerOptions {
  /** Default: a new throwaway PKI. */
  pki?: TestPki;
  /** Default: 'Dra. Ana Souza', CPF 52998224725. */
  holder?: { name: string; cpf: string };
  /** The one-time code the password grant accepts. Default '123456'. */
  otp?: string;
  /** The lifetime given to each token, seconds. Default 3600. */
  tokenLifetimeSeconds?: number;
  /** How the signature call's hashes are written. Default 'base64'. */
  hashEncoding?: 'base64' | 'hex';
  /** Every answer waits this long first (see {@link FakePscServer.setAnswerDelay}). Default 0. */
  answerDelayMs?: number;
}

/** How the fake answers every request until told otherwise. */
export type FakePscMode =
  /** The API. */
  | 'normal'
  /** HTTP 200 with a body that is not JSON. */
  | 'garbage'
  /** Never answers (until closed): for the client's timeouts. */
  | 'hang'
  /** HTTP 503, as a PSC down for maintenance answers. */
  | 'server-error';

export interface FakePscServer {
  /** `http://127.0.0.1:<port>`. */
  baseUrl: string;
  holder: FakePscHolder;
  /** The PKI's root, DER: what a verifier trusts. */
  rootDer: Uint8Array<ArrayBuffer>;
  /** The one-time code the password grant accepts. */
  otp: string;
  /** How many requests each route received (`'POST /v0/oauth/signature'`, …), any answer. */
  requestCounts: Map<string, number>;
  /** How many signature requests arrived, whatever was answered. */
  signatureRequests(): number;
  /** How many hashes were signed in all. */
  hashesSigned(): number;
  /** Every answer waits this long first (a PSC's round trip, for benchmarks). */
  setAnswerDelay(ms: number): void;
  setMode(mode: FakePscMode): void;
  /** The push requests waiting for the holder, oldest first. */
  pendingPushes(): string[];
  /** The holder approves the push request `requestCode` (default: the oldest waiting). */
  approvePush(requestCode?: string): void;
  /** The holder refuses it. */
  refusePush(requestCode?: string): void;
  /** It runs out of time without an answer. */
  expirePush(requestCode?: string): void;
  /** Every token issued so far stops working, as when their lifetime ends. */
  expireTokens(): void;
  /** Stops listening and drops open connections; later calls return the same promise. */
  close(): Promise<void>;
}

/** The DER prefix of a DigestInfo for SHA-256 (RFC 8017, 9.2, note 1): the hash follows. */
const SHA256_DIGEST_INFO_PREFIX = Buffer.from('3031300d060960864801650304020105000420', 'hex');
const SHA256_OID = '2.16.840.1.101.3.4.2.1';
const PFX_PASSWORD = 'fake-psc';

type PushState = 'pending' | 'approved' | 'refused' | 'expired' | 'exchanged';

interface PushRequest {
  state: PushState;
  codeChallenge: string;
  /** The code the poll hands out once approved, exchanged for a token. */
  authorizationToken: string;
}

const pem = (der: Uint8Array) => new X509Certificate(der).toString();
const randomId = () => randomBytes(12).toString('hex');

async function readBody(request: IncomingMessage): Promise<string> {
  const parts: Buffer[] = [];
  for await (const part of request) parts.push(part as Buffer);
  return Buffer.concat(parts).toString('utf8');
}

function send(response: ServerResponse, status: number, body: unknown): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, {
    'content-type': typeof body === 'string' ? 'text/plain' : 'application/json',
  });
  response.end(text);
}

/** RSA PKCS#1 v1.5 over SHA-256's DigestInfo for `hash`: what `crypto.sign('sha256', data)` gives. */
function signHash(key: KeyObject, hash: Buffer): Buffer {
  return privateEncrypt(
    { key, padding: constants.RSA_PKCS1_PADDING },
    Buffer.concat([SHA256_DIGEST_INFO_PREFIX, hash]),
  );
}

/**
 * Starts a fake PSC on a free loopback port.
 * @param options - its holder, one-time code and token lifetime
 */
export async function startFakePscServer(
  options: FakePscServerOptions = {},
): Promise<FakePscServer> {
  const pki = options.pki ?? createTestPki();
  const who = options.holder ?? { name: 'Dra. Ana Souza', cpf: '52998224725' };
  const otp = options.otp ?? '123456';
  const lifetime = options.tokenLifetimeSeconds ?? 3600;
  const hashEncoding = options.hashEncoding ?? 'base64';
  const reading = readPkcs12(doctorPfx(pki, { ...who, password: PFX_PASSWORD }), PFX_PASSWORD);
  if (reading.kind !== 'read') throw new Error(`the fake PSC's certificate: ${reading.kind}`);
  const { privateKey, certificate, chain } = reading.bundle;
  const holder: FakePscHolder = { ...who, certificate, chain, slotAlias: randomId() };

  const requestCounts = new Map<string, number>();
  const pushes = new Map<string, PushRequest>();
  /** Issued tokens and when each stops working (ms since the epoch). */
  const tokens = new Map<string, number>();
  let mode: FakePscMode = 'normal';
  let answerDelayMs = options.answerDelayMs ?? 0;
  let signatureRequests = 0;
  let hashesSigned = 0;

  const issueToken = () => {
    const accessToken = randomId();
    tokens.set(accessToken, Date.now() + lifetime * 1000);
    return { access_token: accessToken, token_type: 'Bearer', expires_in: lifetime };
  };

  /** The bearer token's state: a missing or expired one answers 401, as OAuth says. */
  const tokenOf = (request: IncomingMessage): 'valid' | 'invalid' => {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    const until = token === undefined ? undefined : tokens.get(token);
    return until !== undefined && until > Date.now() ? 'valid' : 'invalid';
  };

  const credentialsMatch = (body: Record<string, unknown>) =>
    typeof body.client_id === 'string' && typeof body.client_secret === 'string';

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', 'http://fake');
    const key = `${request.method ?? 'GET'} ${url.pathname}`;
    requestCounts.set(key, (requestCounts.get(key) ?? 0) + 1);
    if (key === 'POST /v0/oauth/signature') signatureRequests += 1;
    const text = await readBody(request);

    if (mode === 'hang') return; // the socket stays open until the client gives up or close()
    if (answerDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, answerDelayMs));
    if (mode === 'garbage') return send(response, 200, '<html>Bad Gateway</html>');
    if (mode === 'server-error') return send(response, 503, { error: 'temporarily_unavailable' });

    const body = ((): Record<string, unknown> => {
      if (request.headers['content-type']?.startsWith('application/x-www-form-urlencoded')) {
        return Object.fromEntries(new URLSearchParams(text));
      }
      try {
        const parsed: unknown = JSON.parse(text || '{}');
        return typeof parsed === 'object' && parsed !== null
          ? (parsed as Record<string, unknown>)
          : {};
      } catch {
        return {};
      }
    })();

    switch (key) {
      case 'POST /v0/oauth/user-discovery': {
        if (!credentialsMatch(body)) return send(response, 400, { error: 'invalid_client' });
        return body.val_cpf_cnpj === holder.cpf
          ? send(response, 200, {
              status: 'S',
              slots: [{ slot_alias: holder.slotAlias, label: 'e-CPF A3 em nuvem' }],
            })
          : send(response, 200, { status: 'N' });
      }
      case 'POST /v0/oauth/pwd_authorize': {
        if (!credentialsMatch(body) || body.grant_type !== 'password') {
          return send(response, 400, { error: 'invalid_request' });
        }
        return body.username === holder.cpf && body.password === otp
          ? send(response, 200, issueToken())
          : send(response, 400, { error: 'invalid_grant', error_description: 'OTP inválido' });
      }
      case 'GET /v0/oauth/authorize': {
        const query = url.searchParams;
        const challenge = query.get('code_challenge');
        if (
          query.get('redirect_uri') !== 'push://' ||
          query.get('code_challenge_method') !== 'S256' ||
          challenge === null ||
          query.get('client_id') === null
        ) {
          return send(response, 400, { error: 'invalid_request' });
        }
        if (query.get('login_hint') !== holder.cpf)
          return send(response, 404, { error: 'not_found' });
        const requestCode = randomId();
        pushes.set(requestCode, {
          state: 'pending',
          codeChallenge: challenge,
          authorizationToken: randomId(),
        });
        return send(response, 200, `code=${requestCode}`);
      }
      case 'GET /valid/api/v1/trusted-services/authentications': {
        const push = pushes.get(url.searchParams.get('code') ?? '');
        if (push === undefined) return send(response, 404, { error: 'not_found' });
        switch (push.state) {
          case 'pending':
            response.writeHead(304);
            return void response.end();
          case 'refused':
            return send(response, 403, { error: 'access_denied' });
          case 'expired':
          case 'exchanged':
            return send(response, 410, { error: 'expired_token' });
          case 'approved':
            return send(response, 200, {
              authorizationToken: push.authorizationToken,
              redirectUrl: 'push://',
            });
        }
        return;
      }
      case 'POST /v0/oauth/token': {
        const push = [...pushes.values()].find(
          (candidate) =>
            candidate.state === 'approved' && candidate.authorizationToken === body.code,
        );
        const verifier = typeof body.code_verifier === 'string' ? body.code_verifier : '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (
          body.grant_type !== 'authorization_code' ||
          !credentialsMatch(body) ||
          push === undefined ||
          push.codeChallenge !== challenge
        ) {
          return send(response, 400, { error: 'invalid_grant' });
        }
        push.state = 'exchanged';
        return send(response, 200, issueToken());
      }
      case 'GET /v0/oauth/certificate-discovery': {
        if (tokenOf(request) !== 'valid') return send(response, 401, { error: 'invalid_token' });
        return send(response, 200, {
          status: 'S',
          certificates: [
            {
              alias: `${holder.name}:${holder.cpf}`,
              // The holder's certificate, then the chain above it, in one PEM text.
              certificate: [holder.certificate, ...holder.chain].map(pem).join(''),
            },
          ],
        });
      }
      case 'POST /v0/oauth/signature': {
        if (tokenOf(request) !== 'valid') return send(response, 401, { error: 'invalid_token' });
        const hashes = Array.isArray(body.hashes) ? (body.hashes as unknown[]) : [];
        const signatures: { id: string; raw_signature: string }[] = [];
        for (const item of hashes) {
          const { id, hash, hash_algorithm, signature_format } = (item ?? {}) as Record<
            string,
            unknown
          >;
          const digest =
            typeof hash === 'string' ? Buffer.from(hash, hashEncoding) : Buffer.alloc(0);
          if (
            typeof id !== 'string' ||
            digest.length !== 32 ||
            hash_algorithm !== SHA256_OID ||
            signature_format !== 'RAW'
          ) {
            return send(response, 400, { error: 'invalid_request' });
          }
          signatures.push({ id, raw_signature: signHash(privateKey, digest).toString('base64') });
        }
        if (signatures.length === 0) return send(response, 400, { error: 'invalid_request' });
        hashesSigned += signatures.length;
        return send(response, 200, { certificate_alias: holder.slotAlias, signatures });
      }
      default:
        return send(response, 404, { error: 'not_found' });
    }
  }

  const server = createServer((request, response) => {
    route(request, response).catch(() => response.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  const pushAt = (requestCode?: string): PushRequest => {
    const code =
      requestCode ?? [...pushes.entries()].find(([, push]) => push.state === 'pending')?.[0] ?? '';
    const push = pushes.get(code);
    if (push === undefined) throw new Error(`no push request ${requestCode ?? 'waiting'}`);
    return push;
  };
  let closing: Promise<void> | undefined;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    holder,
    rootDer: pki.rootDer,
    otp,
    requestCounts,
    signatureRequests: () => signatureRequests,
    hashesSigned: () => hashesSigned,
    setAnswerDelay: (ms) => {
      answerDelayMs = ms;
    },
    setMode: (next) => {
      mode = next;
    },
    pendingPushes: () =>
      [...pushes.entries()].filter(([, push]) => push.state === 'pending').map(([code]) => code),
    approvePush: (requestCode) => {
      pushAt(requestCode).state = 'approved';
    },
    refusePush: (requestCode) => {
      pushAt(requestCode).state = 'refused';
    },
    expirePush: (requestCode) => {
      pushAt(requestCode).state = 'expired';
    },
    expireTokens: () => {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    close: () =>
      (closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      })),
  };
}
