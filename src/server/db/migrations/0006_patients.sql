-- Written by hand: the name search's trigram index needs pg_trgm (a trusted extension since
-- PostgreSQL 13, so the database's owner may create it; PGlite loads it in durable-pglite.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "patients" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"search_name" text NOT NULL,
	"birth_date" date,
	"sex" text,
	"cpf" text,
	"cns" text,
	"phone" text,
	"address" jsonb,
	"allergies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"chronic_conditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"medications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"notes" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "patients_version_check" CHECK ("patients"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "patients" ADD CONSTRAINT "patients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "patients_user_search_name_idx" ON "patients" USING btree ("user_id","search_name","id");--> statement-breakpoint
CREATE INDEX "patients_search_name_trgm_idx" ON "patients" USING gin ((' ' || "search_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "patients_user_birth_date_idx" ON "patients" USING btree ("user_id","birth_date");--> statement-breakpoint
CREATE UNIQUE INDEX "patients_user_cpf_idx" ON "patients" USING btree ("user_id","cpf") WHERE "patients"."cpf" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "patients_user_cns_idx" ON "patients" USING btree ("user_id","cns") WHERE "patients"."cns" is not null;