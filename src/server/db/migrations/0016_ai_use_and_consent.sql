-- Generated: the use of AI in each visit, kept apart from its content, and the patient's word
-- on AI in her care (docs/conformidade.md, "Uso de IA sob a CFM 2.454/2026").
CREATE TABLE "record_ai_uses" (
	"id" text PRIMARY KEY NOT NULL,
	"record_id" text NOT NULL,
	"user_id" text NOT NULL,
	"task" text NOT NULL,
	"source" text NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"outcome" text
);
--> statement-breakpoint
ALTER TABLE "patients" ADD COLUMN "ai_consent" jsonb;--> statement-breakpoint
ALTER TABLE "record_ai_uses" ADD CONSTRAINT "record_ai_uses_record_id_medical_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."medical_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "record_ai_uses" ADD CONSTRAINT "record_ai_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_ai_uses_record_at_idx" ON "record_ai_uses" USING btree ("record_id","at","id");--> statement-breakpoint
CREATE INDEX "record_ai_uses_user_at_idx" ON "record_ai_uses" USING btree ("user_id","at");