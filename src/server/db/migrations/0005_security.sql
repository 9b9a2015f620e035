CREATE TABLE "audit_log" (
	"position" bigint PRIMARY KEY NOT NULL,
	"occurred_at" timestamp (3) with time zone NOT NULL,
	"user_id" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"listed_ids" text[] NOT NULL,
	"ip_address" text NOT NULL,
	"user_agent" text NOT NULL,
	"status" integer NOT NULL,
	"previous_hash" text NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_known_addresses" (
	"email" text NOT NULL,
	"address" text NOT NULL,
	"last_success_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "sign_in_known_addresses_email_address_pk" PRIMARY KEY("email","address")
);
--> statement-breakpoint
CREATE TABLE "sign_in_throttles" (
	"email" text NOT NULL,
	"lane" text NOT NULL,
	"failures" integer NOT NULL,
	"locked_until" timestamp (3) with time zone NOT NULL,
	"last_attempt_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "sign_in_throttles_email_lane_pk" PRIMARY KEY("email","lane"),
	CONSTRAINT "sign_in_throttles_lane_check" CHECK ("sign_in_throttles"."lane" in ('known', 'other'))
);
--> statement-breakpoint
CREATE TABLE "two_factors" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"secret" text NOT NULL,
	"backup_codes" text NOT NULL,
	"verified" boolean DEFAULT true NOT NULL,
	"failed_verification_count" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp (3) with time zone,
	CONSTRAINT "two_factors_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
ALTER TABLE "doctor_settings" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "two_factors" ADD CONSTRAINT "two_factors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_user_entity_idx" ON "audit_log" USING btree ("user_id","entity_id","position");--> statement-breakpoint
CREATE INDEX "audit_log_listed_ids_idx" ON "audit_log" USING gin ("listed_ids");--> statement-breakpoint
-- Hand-written: the audit trail is append-only (triggers); drizzle-kit does not generate these.
-- The audit trail is append-only: the database itself refuses to change or remove a row, whoever
-- asks (the app, a script, a console). Retention is at least 20 years (CFM 1.639/2002), so
-- nothing deletes audit rows; see docs/auditoria.md for how an operator archives them.
-- A role that owns the table (or a superuser) can still disable the trigger: the hash chain
-- (GET /api/audit/verify) is what catches that.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
