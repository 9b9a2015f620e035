-- Generated: one receita per visit. A receita may belong to a visit (record_id) and correct an
-- issued one (replaces_id); a visit has at most one draft and one valid issued receita, and an
-- issued receita at most one open correction.
ALTER TABLE "prescriptions" ADD COLUMN "record_id" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "replaces_id" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_record_id_medical_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."medical_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD CONSTRAINT "prescriptions_replaces_id_prescriptions_id_fk" FOREIGN KEY ("replaces_id") REFERENCES "public"."prescriptions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prescriptions_record_draft_idx" ON "prescriptions" USING btree ("record_id") WHERE "prescriptions"."record_id" is not null and not "prescriptions"."is_finalized" and "prescriptions"."cancelled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "prescriptions_record_issued_idx" ON "prescriptions" USING btree ("record_id") WHERE "prescriptions"."record_id" is not null and "prescriptions"."is_finalized" and "prescriptions"."cancelled_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "prescriptions_replaces_draft_idx" ON "prescriptions" USING btree ("replaces_id") WHERE "prescriptions"."replaces_id" is not null and not "prescriptions"."is_finalized";