import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { hashPassword, verifyPassword } from 'better-auth/crypto';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shared/account/account';
import type { SessionLifetime } from '../config';
import type { AppDatabase } from '../db/database';
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from '../db/schema';
import { CLIENT_IP_HEADER } from '../http/security';
import type { Logger } from '../logger';
import { TWO_FACTOR_RATE_LIMIT_RULES, twoFactorPlugins } from './two-factor';

export const AUTH_BASE_PATH = '/api/auth';

/** Sign-in and sign-up attempts allowed per client address and minute. */
export const AUTH_ATTEMPTS_PER_MINUTE = 10;

/**
 * How many passwords this process has hashed or checked (Better Auth's scrypt either way). A
 * sign-in with an unknown e-mail must cost one, like a wrong password, so both answer alike.
 */
export const passwordWork = { hashes: 0, verifications: 0 };

/** Doctor accounts: e-mail and password, sessions stored in the database, HttpOnly cookies. */
export function createAuth(options: {
  db: AppDatabase;
  secret: string;
  logger: Logger;
  /** The origin browsers use, when it is not the one requests arrive at (HTTPS proxy). */
  publicOrigin: string | undefined;
  /** Idle timeout and lifetime of sessions (see `session-verifier.ts`, which slides them). */
  sessionLifetime: SessionLifetime;
}) {
  const { idleMs, maxMs } = options.sessionLifetime;
  const log = options.logger.child({ component: 'auth' });
  return betterAuth({
    appName: 'Prontu',
    secret: options.secret,
    // Unset: derived from each request, so one build serves localhost and a clinic's host name
    // (and Better Auth then trusts only that request's own origin).
    baseURL: options.publicOrigin,
    basePath: AUTH_BASE_PATH,
    database: drizzleAdapter(options.db, {
      provider: 'pg',
      schema: {
        user: users,
        session: sessions,
        account: accounts,
        verification: verifications,
        rateLimit: rateLimits,
        twoFactor: twoFactors,
      },
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      // Sign-up opens no session and answers a taken e-mail exactly like a new one (Better
      // Auth's generic answer, after hashing the password all the same): the form signs in next.
      autoSignIn: false,
      revokeSessionsOnPasswordReset: true,
      password: {
        hash: (password) => {
          passwordWork.hashes += 1;
          return hashPassword(password);
        },
        verify: (data) => {
          passwordWork.verifications += 1;
          return verifyPassword(data);
        },
      },
    },
    session: {
      // The cookie lives as long as the session may; the row's `expires_at` is the authority,
      // starting at the idle timeout and moved forward on use by the session verifier only.
      expiresIn: Math.round(maxMs / 1000),
      disableSessionRefresh: true,
    },
    databaseHooks: {
      session: {
        create: {
          before: (session) =>
            Promise.resolve({
              data: { ...session, expiresAt: new Date(Date.now() + Math.min(idleMs, maxMs)) },
            }),
        },
      },
    },
    rateLimit: {
      enabled: true,
      // In the database, so every app server behind a load balancer shares the counts.
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': { window: 60, max: AUTH_ATTEMPTS_PER_MINUTE },
        '/sign-up/email': { window: 60, max: AUTH_ATTEMPTS_PER_MINUTE },
        '/get-session': false,
        ...TWO_FACTOR_RATE_LIMIT_RULES,
      },
    },
    advanced: {
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    plugins: twoFactorPlugins(options.db),
    telemetry: { enabled: false },
    logger: {
      level: 'warn',
      log: (level, message) => {
        // The base URL is deliberately derived per request (see above).
        if (message.includes('Base URL is not set')) return;
        log[level](message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
