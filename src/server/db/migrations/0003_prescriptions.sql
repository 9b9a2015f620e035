CREATE TABLE "prescription_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"prescription_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_finalized" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "prescription_batches_version_check" CHECK ("prescription_batches"."version" > 0)
);
--> statement-breakpoint
CREATE TABLE "prescriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"content" jsonb NOT NULL,
	"is_finalized" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "prescriptions_version_check" CHECK ("prescriptions"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "prescription_batches" ADD CONSTRAINT "prescription_batches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "prescription_batches_user_created_idx" ON "prescription_batches" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prescriptions_user_created_idx" ON "prescriptions" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);