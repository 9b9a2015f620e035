import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { symmetricDecrypt } from 'better-auth/crypto';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { AppDatabase } from '../db/database';
import { twoFactors } from '../db/schema';

/** The TOTP time-step of the plugin (RFC 6238's default): a code changes every 30 s. */
export const TOTP_STEP_SECONDS = 30;
/** Steps either side of now whose codes the plugin accepts (a clock a little off). */
const TOTP_WINDOW_STEPS = 1;
const TOTP_DIGITS = 6;
/** The plugin's cookie naming a sign-in's second-factor challenge (`two_factor`). */
const TWO_FACTOR_COOKIE = 'two_factor';
/** How the plugin marks a secret imported in base32 (ours are generated, never so marked). */
const BASE32_PREFIX = 'base32:';

/** The error code and answer of a code that was already used (or an older one). */
export const TOTP_CODE_ALREADY_USED = {
  code: 'TOTP_CODE_ALREADY_USED',
  message: 'TOTP code already used',
} as const;

/** The code of an HOTP counter (RFC 4226: HMAC-SHA1, dynamic truncation, 6 digits). */
export function hotpCode(key: Uint8Array, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

/**
 * The time-step of the window around `at` whose code `code` is, or undefined when it is none of
 * them: the latest, should two steps share a code. Every step is compared, in constant time.
 * @param key - the TOTP secret's bytes
 * @param at - the moment, in milliseconds since the epoch
 */
export function matchingTotpStep(key: Uint8Array, code: string, at: number): number | undefined {
  const now = Math.floor(at / 1000 / TOTP_STEP_SECONDS);
  const given = Buffer.from(code.padEnd(TOTP_DIGITS, ' ').slice(0, TOTP_DIGITS));
  let matched: number | undefined;
  for (let step = now - TOTP_WINDOW_STEPS; step <= now + TOTP_WINDOW_STEPS; step += 1) {
    const same = timingSafeEqual(given, Buffer.from(hotpCode(key, step)));
    if (same && code.length === TOTP_DIGITS) matched = step;
  }
  return matched;
}

/**
 * Makes an authenticator code open one sign-in only (RFC 6238, section 5.2: a verifier must not
 * accept the second attempt of the same code). Better Auth's plugin accepts any code of the
 * window, as often as it is sent: the same code opened two sign-ins within its 90 s.
 *
 * Before the plugin checks a code, this finds which time-step the code is and moves the
 * account's `two_factors.last_totp_step` up to it in one conditional UPDATE: only the request
 * that moved it goes on; a code of that step or an earlier one is refused with
 * `TOTP_CODE_ALREADY_USED`. The step is in the database, so it holds across restarts and every
 * app server, and two simultaneous sign-ins with one code make exactly one session. A wrong code,
 * a missing challenge or a locked account is left to the plugin, which refuses and counts it as
 * before; a right code is spent even when the plugin then refuses for another reason (a
 * challenge already ended): the next code comes within 30 s.
 */
export function oneUseTotpCodes(db: AppDatabase): BetterAuthPlugin {
  return {
    id: 'prontu-one-use-totp-codes',
    hooks: {
      before: [
        {
          matcher: (context) => context.path === '/two-factor/verify-totp',
          handler: createAuthMiddleware(async (ctx) => {
            const body: unknown = ctx.body;
            const code =
              body !== null && typeof body === 'object' && 'code' in body ? body.code : undefined;
            if (typeof code !== 'string') return;
            const userId = await challengedUserId(ctx);
            if (!userId) return;
            const [row] = await db
              .select({ secret: twoFactors.secret, lockedUntil: twoFactors.lockedUntil })
              .from(twoFactors)
              .where(eq(twoFactors.userId, userId));
            if (!row || (row.lockedUntil && row.lockedUntil.getTime() > Date.now())) return;
            const key = await totpKey(ctx.context.secretConfig, row.secret);
            const step = matchingTotpStep(key, code, Date.now());
            if (step === undefined) return;
            const claimed = await db
              .update(twoFactors)
              .set({ lastTotpStep: step })
              .where(
                and(
                  eq(twoFactors.userId, userId),
                  or(isNull(twoFactors.lastTotpStep), lt(twoFactors.lastTotpStep, step)),
                ),
              )
              .returning({ id: twoFactors.id });
            if (claimed.length === 0) throw new APIError('UNAUTHORIZED', TOTP_CODE_ALREADY_USED);
          }),
        },
      ],
    },
  };
}

type HookContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * Whose code this is, found as the plugin finds it: the signed-in doctor (enrolment), else the
 * doctor of the sign-in challenge the signed `two_factor` cookie names.
 */
async function challengedUserId(ctx: HookContext): Promise<string | undefined> {
  const session = await getSessionFromCtx(ctx);
  if (session) return session.user.id;
  const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE);
  const challenge = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
  if (!challenge) return undefined;
  const verification = await ctx.context.internalAdapter.findVerificationValue(challenge);
  return verification?.value;
}

/** The TOTP secret's bytes, decrypted as the plugin does (a UTF-8 string, or base32 if imported). */
async function totpKey(
  key: Parameters<typeof symmetricDecrypt>[0]['key'],
  stored: string,
): Promise<Uint8Array> {
  const secret = await symmetricDecrypt({ key, data: stored });
  if (!secret.startsWith(BASE32_PREFIX)) return Buffer.from(secret, 'utf8');
  return decodeBase32(secret.slice(BASE32_PREFIX.length));
}

const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Bytes of an RFC 4648 base32 text, padding and case ignored. */
function decodeBase32(text: string): Uint8Array {
  const bytes: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const character of text.toUpperCase().replace(/[=\s]/g, '')) {
    const value = BASE32_ALPHABET.indexOf(character);
    if (value < 0) continue;
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((buffer >> bits) & 0xff);
    }
  }
  return Uint8Array.from(bytes);
}
