-- Generated: issue 20's receita life cycle. A finalised receita is issued with a public
-- validation address and code, may be signed (its PDF kept exactly as signed, apart from the
-- row so lists never read it) or cancelled with a reason.
CREATE TABLE "signed_prescription_pdfs" (
	"prescription_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"certificate_fingerprint" text NOT NULL,
	"signed_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "public_id" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "secret_code" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "signed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "cancelled_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "signed_prescription_pdfs" ADD CONSTRAINT "signed_prescription_pdfs_prescription_id_prescriptions_id_fk" FOREIGN KEY ("prescription_id") REFERENCES "public"."prescriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_prescription_pdfs" ADD CONSTRAINT "signed_prescription_pdfs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prescriptions_public_id_idx" ON "prescriptions" USING btree ("public_id") WHERE "prescriptions"."public_id" is not null;