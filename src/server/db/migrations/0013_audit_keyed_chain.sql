-- Hand-edited: the rows already in the trail were hashed with plain SHA-256 (version 1); they get
-- that value once, and the default is dropped so that every later row names its own scheme (2,
-- HMAC-SHA-256 under the audit key kept out of the database; docs/auditoria.md, "A cadeia de
-- hashes"). ADD COLUMN fills the old rows without an UPDATE, which the append-only trigger of
-- 0005_security.sql would refuse.
ALTER TABLE "audit_log" ADD COLUMN "hash_version" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "hash_version" DROP DEFAULT;--> statement-breakpoint
CREATE INDEX "audit_log_unkeyed_idx" ON "audit_log" USING btree ("position") WHERE "audit_log"."hash_version" = 1;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_hash_version_check" CHECK ("audit_log"."hash_version" in (1, 2));
