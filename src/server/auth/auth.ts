import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../shared/account';
import type { AppDatabase } from '../db/database';
import { accounts, rateLimits, sessions, twoFactors, users, verifications } from '../db/schema';
import { CLIENT_IP_HEADER } from '../http/security';
import type { Logger } from '../logger';
import { TWO_FACTOR_RATE_LIMIT_RULES, twoFactorPlugins } from './two-factor';

export const AUTH_BASE_PATH = '/api/auth';

/** Sign-in and sign-up attempts allowed per client address and minute. */
export const AUTH_ATTEMPTS_PER_MINUTE = 10;

/** Doctor accounts: e-mail and password, sessions stored in the database, HttpOnly cookies. */
export function createAuth(options: {
  db: AppDatabase;
  secret: string;
  logger: Logger;
  /** The origin browsers use, when it is not the one requests arrive at (HTTPS proxy). */
  publicOrigin: string | undefined;
}) {
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
      autoSignIn: true,
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
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
    plugins: twoFactorPlugins(),
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
