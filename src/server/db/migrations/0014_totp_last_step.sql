-- Generated: an authenticator code opens one sign-in only. The time-step of the last TOTP code
-- accepted per account, compared-and-set in one statement (docs/dois-fatores.md).
ALTER TABLE "two_factors" ADD COLUMN "last_totp_step" bigint;
