import type { BetterAuthPlugin } from 'better-auth';
import { createAuthMiddleware, isAPIError } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { TRUSTED_DEVICE_DAYS } from '@shared/account/two-factor';
import type { AppDatabase } from '../db/database';
import { oneUseTotpCodes } from './totp-replay';

/** The name authenticator apps show beside the doctor's e-mail. */
export const TWO_FACTOR_ISSUER = 'Prontu';

/**
 * Code attempts allowed per client address and minute on each verify route. On top of this the
 * plugin ends a sign-in challenge after 5 wrong codes and locks the account's second factor for
 * 15 minutes after 10 consecutive failures, whatever the addresses.
 */
export const TWO_FACTOR_CODE_ATTEMPTS_PER_MINUTE = 5;

/** Better Auth `rateLimit.customRules` for the routes that check a code. */
export const TWO_FACTOR_RATE_LIMIT_RULES = {
  '/two-factor/verify-totp': { window: 60, max: TWO_FACTOR_CODE_ATTEMPTS_PER_MINUTE },
  '/two-factor/verify-backup-code': { window: 60, max: TWO_FACTOR_CODE_ATTEMPTS_PER_MINUTE },
};

/**
 * Authenticator-app codes (TOTP, RFC 6238: 6 digits, 30 s) and 10 single-use recovery codes.
 * The TOTP secret and the recovery codes are stored encrypted with the auth secret (the plugin's
 * `symmetricEncrypt`, XChaCha20-Poly1305), never in clear. An authenticator code opens one
 * sign-in only (`totp-replay.ts`).
 */
export function twoFactorPlugins(db: AppDatabase) {
  return [
    oneUseTotpCodes(db),
    twoFactor({
      issuer: TWO_FACTOR_ISSUER,
      trustDeviceMaxAge: TRUSTED_DEVICE_DAYS * 24 * 60 * 60,
      backupCodeOptions: { amount: 10, length: 10, storeBackupCodes: 'encrypted' },
    }),
    endOtherSessionsWhenTwoFactorIsDisabled(),
  ];
}

/**
 * Disabling the second factor weakens the account, so whoever did it keeps only the session
 * that did it: every other session of the doctor ends (ASVS 3.3.3). The plugin has already
 * replaced the current session by a new one, which is the one kept.
 */
function endOtherSessionsWhenTwoFactorIsDisabled(): BetterAuthPlugin {
  return {
    id: 'prontu-two-factor-sessions',
    hooks: {
      after: [
        {
          matcher: (context) => context.path === '/two-factor/disable',
          handler: createAuthMiddleware(async (ctx) => {
            if (isAPIError(ctx.context.returned)) return;
            const kept = ctx.context.newSession;
            if (!kept) return;
            await ctx.context.adapter.deleteMany({
              model: 'session',
              where: [
                { field: 'userId', value: kept.user.id },
                { field: 'token', operator: 'ne', value: kept.session.token },
              ],
            });
          }),
        },
      ],
    },
  };
}
