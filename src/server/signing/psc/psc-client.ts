import { createHash, randomBytes, X509Certificate } from 'node:crypto';
import { z } from 'zod';
import { digitsOf } from '@shared/patients/identifiers';
import { deadlineSignal } from '../../ai/deadline';

/**
 * A client for one PSC (Prestador de Serviço de Confiança) that keeps a doctor's certificate in
 * the cloud: BirdID, VIDaaS, SafeID, NeoID, RemoteID. The paths, fields and answers are those of
 * the providers' published manuals, summarised with their sources in docs/assinatura-nuvem.md;
 * where the manuals are silent, what this client assumes is written there too ("O que o Prontu
 * supõe").
 */

/** One configured PSC: the application's credentials at that provider. */
export interface PscConfig {
  /** Stable id ('birdid', 'vidaas', …). */
  id: string;
  /** Display name ('BirdID', 'VIDaaS', …). */
  name: string;
  /** The provider's base URL, without a trailing slash (e.g. `https://api.birdid.com.br`). */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /**
   * How the signature call writes each hash: BirdID's manual says hexadecimal, the other
   * integrations read send Base64 (docs/assinatura-nuvem.md, "Assinatura de hashes").
   * Default 'base64'.
   */
  hashEncoding?: 'base64' | 'hex';
}

export type PscErrorCode =
  'psc_holder_not_found' | 'psc_refused' | 'psc_expired' | 'psc_unavailable';

const PSC_ERROR_MESSAGES: Record<PscErrorCode, string> = {
  psc_holder_not_found: 'Nenhum certificado em nuvem encontrado para este CPF neste provedor.',
  psc_refused: 'A autorização foi recusada pelo provedor do certificado em nuvem.',
  psc_expired: 'A autorização do certificado em nuvem expirou. Autorize novamente.',
  psc_unavailable:
    'O provedor do certificado em nuvem não respondeu. Tente novamente em instantes.',
};

/** Every PSC failure: a stable code the routes map to an answer, and a message in Portuguese. */
export class PscError extends Error {
  override readonly name = 'PscError';

  /**
   * @param code - what went wrong, independent of the provider
   * @param provider - the PSC's id
   * @param detail - what the provider answered, for the logs only (never shown to the doctor)
   */
  constructor(
    readonly code: PscErrorCode,
    readonly provider: string,
    readonly detail?: string,
  ) {
    super(PSC_ERROR_MESSAGES[code]);
  }
}

/**
 * Failures another try would not mend (a 4xx the PSC meant): not retried even on idempotent
 * calls. Kept beside the errors rather than on them so the exported class stays what callers
 * need.
 */
const notWorthRetrying = new WeakSet<PscError>();

/** A certificate the PSC keeps for the holder (a "slot"), as its discovery lists it. */
export interface CloudCertificateSlot {
  alias: string;
  label: string;
}

/** An access token for the holder's key, with the moment the PSC said it stops working. */
export interface PscToken {
  accessToken: string;
  expiresAt: Date;
}

/** A push (authorization code with PKCE) request waiting for the holder to answer on her phone. */
export interface PendingAuthorisation {
  /** The PSC's code for this request, to poll with. */
  requestCode: string;
  /** The PKCE verifier: only its SHA-256 went to the PSC, it proves the token is ours. */
  codeVerifier: string;
}

export type AuthorisationState =
  | { status: 'pending' }
  | { status: 'authorized'; token: PscToken }
  | { status: 'refused' }
  | { status: 'expired' };

/** The holder's certificate as the PSC hands it over (DER), with what came above it. */
export interface HolderCertificate {
  alias: string;
  certificate: Uint8Array<ArrayBuffer>;
  /** The certificates above it, issuer first; empty when the PSC sent the holder's alone. */
  chain: Uint8Array<ArrayBuffer>[];
}

/** One hash to sign: an id of the caller's choosing and the 32 bytes of SHA-256. */
export interface HashToSign {
  id: string;
  sha256: Uint8Array;
}

export interface PscClientOptions {
  /** How long one HTTP call may take, ms. Default 15 s. */
  timeoutMs?: number;
  /** How many times an idempotent call is tried again after an unavailable answer. Default 2. */
  retries?: number;
  /** The pause before a retry, ms (doubled each time). Default 250. */
  retryDelayMs?: number;
  /** Token lifetime asked for, seconds. Default 1 hour. */
  tokenLifetimeSeconds?: number;
}

export interface PscClient {
  readonly config: PscConfig;
  /**
   * The holder's cloud certificates at this PSC.
   * @param cpf - the holder's CPF, digits only or formatted
   * @throws PscError 'psc_holder_not_found' when the PSC has none for this CPF
   */
  findHolder(cpf: string): Promise<CloudCertificateSlot[]>;
  /**
   * A token from a one-time code the holder reads in her PSC app (OAuth "password" grant).
   * Never retried: the code is good for one use.
   */
  authoriseWithOtp(cpf: string, otp: string): Promise<PscToken>;
  /** Asks the PSC to push an authorisation request to the holder's phone (PKCE). */
  startPushAuthorisation(cpf: string): Promise<PendingAuthorisation>;
  /** Where a push request stands; once approved, the token it was exchanged for. */
  pollPushAuthorisation(pending: PendingAuthorisation): Promise<AuthorisationState>;
  /** The holder's certificate the token gives the use of, with its chain (DER). */
  certificate(token: PscToken): Promise<HolderCertificate>;
  /**
   * The RSA PKCS#1 v1.5 signatures of several SHA-256 hashes, in one call, by id. Never
   * retried: a retry after a lost answer could sign twice.
   */
  signHashes(
    token: PscToken,
    hashes: readonly HashToSign[],
    format: 'RAW',
    certificateAlias?: string,
  ): Promise<Map<string, Uint8Array>>;
}

/** SHA-256's OID, as the signature call names the hash algorithm. */
const SHA256_OID = '2.16.840.1.101.3.4.2.1';
/** The redirect URI that asks the PSC for a push to the holder's app instead of a redirect. */
const PUSH_REDIRECT_URI = 'push://';

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  expires_in: z.coerce.number().int().positive(),
});
const discoveryAnswer = z.object({
  status: z.string(),
  slots: z.array(z.object({ slot_alias: z.string(), label: z.string().default('') })).optional(),
});
const pollAnswer = z.object({ authorizationToken: z.string().min(1) });
const certificatesAnswer = z.object({
  certificates: z.array(z.object({ alias: z.string(), certificate: z.string().min(1) })),
});
const signatureAnswer = z.object({
  signatures: z.array(z.object({ id: z.string(), raw_signature: z.string().min(1) })),
});
const oauthError = z.object({ error: z.string() }).partial();

interface Answer {
  status: number;
  /** The parsed JSON body; undefined for an empty body. */
  json: unknown;
  text: string;
}

const PEM_BLOCK = /-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g;

/** Each certificate of a PEM text (or one bare Base64 DER), DER, in order. */
function certificatesFromPem(text: string): Uint8Array<ArrayBuffer>[] {
  const blocks = [...text.matchAll(PEM_BLOCK)].map((match) => match[1] ?? '');
  const bodies = blocks.length > 0 ? blocks : [text];
  return bodies.map((body) => {
    const der = new Uint8Array(Buffer.from(body.replace(/\s+/g, ''), 'base64'));
    // Throws on bytes that are not a certificate: the caller turns it into psc_unavailable.
    new X509Certificate(der);
    return der;
  });
}

const base64Url = (bytes: Buffer) => bytes.toString('base64url');

/**
 * A client for `config`'s PSC.
 * @param config - the PSC and the application's credentials there
 * @param options - timeouts and retries
 */
export function createPscClient(config: PscConfig, options: PscClientOptions = {}): PscClient {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const retries = options.retries ?? 2;
  const retryDelayMs = options.retryDelayMs ?? 250;
  const lifetime = options.tokenLifetimeSeconds ?? 3600;
  const base = config.baseUrl.replace(/\/+$/, '');
  const fail = (code: PscErrorCode, detail?: string) => new PscError(code, config.id, detail);

  /** One HTTP call; an unreachable PSC, a timeout or a 5xx becomes psc_unavailable. */
  async function call(path: string, init: RequestInit): Promise<Answer> {
    let response: Response;
    let text: string;
    try {
      response = await fetch(`${base}${path}`, {
        ...init,
        redirect: 'manual',
        signal: deadlineSignal(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      throw fail('psc_unavailable', error instanceof Error ? error.message : String(error));
    }
    if (response.status >= 500) throw fail('psc_unavailable', `HTTP ${response.status}`);
    let json: unknown;
    if (text.trim() !== '') {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }
    return { status: response.status, json, text };
  }

  /**
   * `attempt` again after psc_unavailable (unreachable, timeout, 5xx, unreadable answer), a
   * bounded number of times: for idempotent calls only.
   */
  async function withRetries<T>(attempt: () => Promise<T>): Promise<T> {
    for (let tried = 0; ; tried++) {
      try {
        return await attempt();
      } catch (error) {
        const retryable =
          error instanceof PscError &&
          error.code === 'psc_unavailable' &&
          !notWorthRetrying.has(error);
        if (!retryable || tried >= retries) throw error;
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** tried));
      }
    }
  }

  /** The body as `schema` says, or psc_unavailable: a 200 we cannot read is no answer. */
  function parsed<T>(schema: z.ZodType<T>, answer: Answer): T {
    const result = schema.safeParse(answer.json);
    if (!result.success) {
      throw fail('psc_unavailable', `HTTP ${answer.status}: ${answer.text.slice(0, 200)}`);
    }
    return result.data;
  }

  const toToken = (answer: Answer): PscToken => {
    const body = parsed(tokenAnswer, answer);
    return {
      accessToken: body.access_token,
      expiresAt: new Date(Date.now() + body.expires_in * 1000),
    };
  };

  const bearer = (token: PscToken) => {
    // Our own clock first: a token past its time is not worth a round trip.
    if (token.expiresAt.getTime() <= Date.now()) throw fail('psc_expired', 'expiresAt passed');
    return { authorization: `Bearer ${token.accessToken}` };
  };

  /**
   * What a non-200 answer means: 401, the PSC no longer honours the token; 403, it refuses;
   * anything else is no answer we know.
   */
  const expiredOrUnexpected = (answer: Answer): PscError => {
    const detail = `HTTP ${answer.status}: ${answer.text.slice(0, 200)}`;
    const error =
      answer.status === 401
        ? fail('psc_expired', detail)
        : answer.status === 403
          ? fail('psc_refused', detail)
          : fail('psc_unavailable', detail);
    if (answer.status >= 400) notWorthRetrying.add(error);
    return error;
  };

  const json = { 'content-type': 'application/json', accept: 'application/json' };

  return {
    config,

    findHolder: (cpf) =>
      withRetries(async () => {
        const answer = await call('/v0/oauth/user-discovery', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({
            client_id: config.clientId,
            client_secret: config.clientSecret,
            user_cpf_cnpj: 'CPF',
            val_cpf_cnpj: digitsOf(cpf),
          }),
        });
        if (answer.status !== 200) throw expiredOrUnexpected(answer);
        const body = parsed(discoveryAnswer, answer);
        if (body.status !== 'S' && body.status !== 'N') {
          throw fail('psc_unavailable', `status ${body.status}`);
        }
        const slots = body.status === 'S' ? (body.slots ?? []) : [];
        if (slots.length === 0) throw fail('psc_holder_not_found');
        return slots.map((slot) => ({ alias: slot.slot_alias, label: slot.label }));
      }),

    async authoriseWithOtp(cpf, otp) {
      const answer = await call('/v0/oauth/pwd_authorize', {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          client_id: config.clientId,
          client_secret: config.clientSecret,
          username: digitsOf(cpf),
          password: otp,
          grant_type: 'password',
          scope: 'signature_session',
          lifetime,
        }),
      });
      if (answer.status === 200) return toToken(answer);
      // OAuth 2.0 answers a wrong code with 400 invalid_grant (RFC 6749, 5.2); some PSCs with 401.
      if (answer.status === 400 || answer.status === 401 || answer.status === 403) {
        throw fail('psc_refused', answer.text.slice(0, 200));
      }
      throw fail('psc_unavailable', `HTTP ${answer.status}`);
    },

    async startPushAuthorisation(cpf) {
      const codeVerifier = base64Url(randomBytes(32));
      const query = new URLSearchParams({
        client_id: config.clientId,
        code_challenge: base64Url(createHash('sha256').update(codeVerifier).digest()),
        code_challenge_method: 'S256',
        response_type: 'code',
        scope: 'signature_session',
        login_hint: digitsOf(cpf),
        lifetime: String(lifetime),
        redirect_uri: PUSH_REDIRECT_URI,
      });
      // Not retried: each call pushes one more request to the holder's phone.
      const answer = await call(`/v0/oauth/authorize?${query.toString()}`, { method: 'GET' });
      if (answer.status === 404) throw fail('psc_holder_not_found');
      if (answer.status !== 200) throw expiredOrUnexpected(answer);
      // The manual shows the answer as `code=…`; some integrations read a JSON `code`.
      const fromJson = z.object({ code: z.string().min(1) }).safeParse(answer.json);
      const requestCode = fromJson.success
        ? fromJson.data.code
        : /^code=([^&\s]+)/.exec(answer.text.trim())?.[1];
      if (requestCode === undefined) throw fail('psc_unavailable', answer.text.slice(0, 200));
      return { requestCode, codeVerifier };
    },

    async pollPushAuthorisation(pending) {
      const answer = await withRetries(() =>
        call(
          `/valid/api/v1/trusted-services/authentications?${new URLSearchParams({ code: pending.requestCode }).toString()}`,
          { method: 'GET', headers: { accept: 'application/json' } },
        ),
      );
      const error = oauthError.safeParse(answer.json).data?.error;
      if (answer.status === 202 || answer.status === 304) return { status: 'pending' };
      if (answer.status === 403 || error === 'access_denied') return { status: 'refused' };
      if (answer.status === 404 || answer.status === 410 || error === 'expired_token') {
        return { status: 'expired' };
      }
      if (answer.status !== 200) {
        throw fail('psc_unavailable', `HTTP ${answer.status}: ${answer.text.slice(0, 200)}`);
      }
      const { authorizationToken } = parsed(pollAnswer, answer);
      // Not retried: the code is good for one exchange.
      const exchanged = await call('/v0/oauth/token', {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({
          grant_type: 'authorization_code',
          client_id: config.clientId,
          client_secret: config.clientSecret,
          code: authorizationToken,
          redirect_uri: PUSH_REDIRECT_URI,
          code_verifier: pending.codeVerifier,
        }).toString(),
      });
      if (exchanged.status === 200) return { status: 'authorized', token: toToken(exchanged) };
      if (exchanged.status === 400 || exchanged.status === 401) return { status: 'refused' };
      throw fail('psc_unavailable', `HTTP ${exchanged.status}`);
    },

    certificate: (token) =>
      withRetries(async () => {
        const answer = await call('/v0/oauth/certificate-discovery', {
          method: 'GET',
          headers: { ...json, ...bearer(token) },
        });
        if (answer.status !== 200) throw expiredOrUnexpected(answer);
        const first = parsed(certificatesAnswer, answer).certificates[0];
        if (first === undefined) throw fail('psc_holder_not_found');
        let certificates: Uint8Array<ArrayBuffer>[];
        try {
          certificates = certificatesFromPem(first.certificate);
        } catch (error) {
          throw fail('psc_unavailable', error instanceof Error ? error.message : 'certificate');
        }
        const [holder, ...chain] = certificates;
        if (holder === undefined) throw fail('psc_unavailable', 'no certificate');
        return { alias: first.alias, certificate: holder, chain };
      }),

    async signHashes(token, hashes, format, certificateAlias) {
      if (hashes.length === 0) return new Map();
      const encoding = config.hashEncoding ?? 'base64';
      const answer = await call('/v0/oauth/signature', {
        method: 'POST',
        headers: { ...json, ...bearer(token) },
        body: JSON.stringify({
          ...(certificateAlias === undefined ? {} : { certificate_alias: certificateAlias }),
          hashes: hashes.map((hash) => ({
            id: hash.id,
            alias: hash.id,
            hash: Buffer.from(hash.sha256).toString(encoding),
            hash_algorithm: SHA256_OID,
            signature_format: format,
          })),
        }),
      });
      if (answer.status !== 200) throw expiredOrUnexpected(answer);
      const byId = new Map(
        parsed(signatureAnswer, answer).signatures.map((signature) => [
          signature.id,
          new Uint8Array(Buffer.from(signature.raw_signature, 'base64')),
        ]),
      );
      const signatures = new Map<string, Uint8Array>();
      for (const { id } of hashes) {
        const signature = byId.get(id);
        if (signature === undefined || signature.length === 0) {
          throw fail('psc_unavailable', `no signature for ${id}`);
        }
        signatures.set(id, signature);
      }
      return signatures;
    },
  };
}
