import path from 'node:path';
import { z } from 'zod';
import { offeredPscProviders, type PscProvider } from './signing/psc/providers';

const optionalText = z.string().trim().optional();
const optionalUrl = z
  .url({ protocol: /^https?$/, error: 'deve ser uma URL http:// ou https://' })
  .optional();

const envSchema = z.object({
  PORT: z.coerce
    .number({ error: 'deve ser um número de porta' })
    .int({ error: 'deve ser um número inteiro' })
    .min(0, { error: 'deve estar entre 0 e 65535' })
    .max(65535, { error: 'deve estar entre 0 e 65535' })
    .default(3000),
  DATA_DIR: optionalText.default('./data'),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: 'deve começar com postgres:// ou postgresql://' })
    .optional(),
  AUTH_SECRET: z.string().min(32, { error: 'deve ter pelo menos 32 caracteres' }).optional(),
  AUDIT_KEY: z.string().min(32, { error: 'deve ter pelo menos 32 caracteres' }).optional(),
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalText,
  AI_CHAT_MODEL: optionalText,
  AI_REASONING_MODEL: optionalText,
  AI_TRANSCRIBE_BASE_URL: optionalUrl,
  AI_TRANSCRIBE_MODEL: optionalText,
  AI_TRANSCRIBE_API_KEY: optionalText,
  AI_TRANSCRIBE_SEGMENT_SECONDS: z.coerce
    .number({ error: 'deve ser um número de segundos' })
    .int({ error: 'deve ser um número inteiro' })
    .min(1, { error: 'deve estar entre 1 e 1500' })
    .max(1500, { error: 'deve estar entre 1 e 1500' })
    // Short, so the voice consultation's draft follows the visit (docs/product.md, "Gravação e
    // transcrição em trechos").
    .default(30),
  AI_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'deve ser um número de segundos' })
    .int({ error: 'deve ser um número inteiro' })
    .min(1, { error: 'deve estar entre 1 e 600' })
    .max(600, { error: 'deve estar entre 1 e 600' })
    .default(60),
  AI_RATE_LIMIT_PER_MINUTE: z.coerce
    .number({ error: 'deve ser um número de requisições' })
    .int({ error: 'deve ser um número inteiro' })
    .min(1, { error: 'deve ser pelo menos 1' })
    .default(60),
  CID10_DIR: optionalText,
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'use fatal, error, warn, info, debug, trace ou silent',
    })
    .default('info'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'deve ser uma URL http:// ou https://' })
    .transform((url) => new URL(url).origin)
    .optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number({ error: 'deve ser um número de minutos' })
    .int({ error: 'deve ser um número inteiro' })
    .min(1, { error: 'deve estar entre 1 e 1440' })
    .max(1440, { error: 'deve estar entre 1 e 1440' })
    .default(30),
  SESSION_MAX_HOURS: z.coerce
    .number({ error: 'deve ser um número de horas' })
    .int({ error: 'deve ser um número inteiro' })
    .min(1, { error: 'deve estar entre 1 e 720' })
    .max(720, { error: 'deve estar entre 1 e 720' })
    .default(12),
  TRUST_PROXY: z
    .enum(['0', '1', 'false', 'true'], { error: 'use 1 ou 0' })
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  PSC_TIMEOUT_SECONDS: z.coerce
    .number({ error: 'deve ser um número de segundos' })
    .int({ error: 'deve ser um número inteiro' })
    .min(1, { error: 'deve estar entre 1 e 120' })
    .max(120, { error: 'deve estar entre 1 e 120' })
    .default(15),
  PRONTU_DURABLE_WRITES: z
    .enum(['0', '1', 'false', 'true'], { error: 'use 1 ou 0' })
    .default('1')
    .transform((value) => value === '1' || value === 'true'),
});

/** A model endpoint the server may call; the key never leaves the server. */
export interface ModelEndpoint {
  baseUrl: string;
  apiKey: string | undefined;
}

export interface Config {
  port: number;
  /** Absolute path of the folder for PGlite files, the generated auth secret and scratch files. */
  dataDir: string;
  /** PostgreSQL to use instead of the embedded PGlite. */
  databaseUrl: string | undefined;
  authSecret: string | undefined;
  /**
   * The secret the audit chain's HMACs are made with (`AUDIT_KEY`): the same on every server of a
   * shared database. Unset, it is generated in DATA_DIR (audit/audit-key.ts).
   */
  auditKey: string | undefined;
  /** The language model, or undefined for the offline engine. */
  ai: (ModelEndpoint & { chatModel: string; reasoningModel: string }) | undefined;
  /** How long one AI call may take before it counts as failed (`AI_TIMEOUT_SECONDS`). */
  aiTimeoutMs: number;
  /** AI requests one doctor may make per minute (`AI_RATE_LIMIT_PER_MINUTE`). */
  aiRateLimitPerMinute: number;
  /**
   * The `/audio/transcriptions` endpoint, or undefined when none is configured. `segmentMs`:
   * the longest piece of a consultation sent in one request (`AI_TRANSCRIBE_SEGMENT_SECONDS`):
   * short, so the doctor sees the draft fill in while she records, and far under the 25 MB and
   * the service's own duration limits.
   */
  transcription: (ModelEndpoint & { model: string; segmentMs: number }) | undefined;
  cid10Dir: string | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /**
   * The origin browsers use (e.g. `https://prontu.clinica.com.br` behind an HTTPS proxy). When
   * unset, each request's own origin is used. Over https, session cookies are Secure.
   */
  publicOrigin: string | undefined;
  /** Take the client address from X-Forwarded-For (only behind a reverse proxy you run). */
  trustProxy: boolean;
  /**
   * The embedded database fsyncs each commit before answering (`PRONTU_DURABLE_WRITES`, default
   * on). Off only for benchmarks comparing the cost; see docs/durabilidade.md.
   */
  durableWrites: boolean;
  /**
   * How long a session lasts: it ends after `idleMs` without use (`SESSION_IDLE_MINUTES`) and,
   * used or not, `maxMs` after sign-in (`SESSION_MAX_HOURS`).
   */
  session: SessionLifetime;
  /**
   * The cloud-certificate providers (PSCs) offered, each with its `PSC_<NAME>_*` variables
   * (docs/assinatura-nuvem.md); none configured, none offered. `timeoutMs`: how long one call to
   * a PSC may take (`PSC_TIMEOUT_SECONDS`).
   */
  psc: { providers: PscProvider[]; timeoutMs: number };
}

export interface SessionLifetime {
  idleMs: number;
  maxMs: number;
}

/** The chat model used when a provider is set but no model is named. */
const DEFAULT_CHAT_MODEL = 'gpt-4o-mini';
const DEFAULT_TRANSCRIBE_MODEL = 'whisper-1';

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuração inválida:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Where documents' dates and times are printed when the host names no time zone. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/**
 * Documents print the date and time of issue and of signature in the clinic's time: Brasília's
 * unless `TZ` says otherwise (a server on UTC would print 3 hours ahead, for good, in a signed
 * PDF). Called by the server's entry point before anything reads the clock's zone.
 */
export function applyTimeZone(env: NodeJS.ProcessEnv = process.env): void {
  env.TZ ??= DEFAULT_TIME_ZONE;
}

/**
 * Reads the configuration once from the environment (docs/operacao.md, "Configuração").
 * @param env - the variables to read, `process.env` in the running server
 * @throws ConfigError naming every invalid variable
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(withoutEmptyValues(env));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`),
    );
  }
  const vars = parsed.data;
  let pscProviders: PscProvider[];
  try {
    pscProviders = offeredPscProviders(withoutEmptyValues(env));
  } catch (error) {
    throw new ConfigError([error instanceof Error ? error.message : String(error)]);
  }
  const chatModel = vars.AI_CHAT_MODEL ?? DEFAULT_CHAT_MODEL;
  const ai = vars.AI_BASE_URL
    ? {
        baseUrl: vars.AI_BASE_URL,
        apiKey: vars.AI_API_KEY,
        chatModel,
        reasoningModel: vars.AI_REASONING_MODEL ?? chatModel,
      }
    : undefined;
  const transcribeBaseUrl = vars.AI_TRANSCRIBE_BASE_URL ?? vars.AI_BASE_URL;
  const transcription = transcribeBaseUrl
    ? {
        baseUrl: transcribeBaseUrl,
        apiKey: vars.AI_TRANSCRIBE_API_KEY ?? vars.AI_API_KEY,
        model: vars.AI_TRANSCRIBE_MODEL ?? DEFAULT_TRANSCRIBE_MODEL,
        segmentMs: vars.AI_TRANSCRIBE_SEGMENT_SECONDS * 1000,
      }
    : undefined;
  return {
    port: vars.PORT,
    dataDir: path.resolve(vars.DATA_DIR),
    databaseUrl: vars.DATABASE_URL,
    authSecret: vars.AUTH_SECRET,
    auditKey: vars.AUDIT_KEY,
    ai,
    aiTimeoutMs: vars.AI_TIMEOUT_SECONDS * 1000,
    aiRateLimitPerMinute: vars.AI_RATE_LIMIT_PER_MINUTE,
    transcription,
    cid10Dir: vars.CID10_DIR ? path.resolve(vars.CID10_DIR) : undefined,
    logLevel: vars.LOG_LEVEL,
    publicOrigin: vars.PUBLIC_URL,
    trustProxy: vars.TRUST_PROXY,
    durableWrites: vars.PRONTU_DURABLE_WRITES,
    psc: { providers: pscProviders, timeoutMs: vars.PSC_TIMEOUT_SECONDS * 1000 },
    session: {
      // An idle timeout longer than the whole session would never apply.
      idleMs: Math.min(vars.SESSION_IDLE_MINUTES * 60_000, vars.SESSION_MAX_HOURS * 3_600_000),
      maxMs: vars.SESSION_MAX_HOURS * 3_600_000,
    },
  };
}

/** Empty variables (`FOO=` in a .env file) mean "not set", not "set to nothing". */
function withoutEmptyValues(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value.trim() !== ''),
  );
}
