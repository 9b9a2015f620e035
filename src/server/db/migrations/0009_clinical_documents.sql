-- Generated: issue 20's clinical documents. A patient's documents newest first (her list and
-- timeline), NULLS FIRST as `ORDER BY created_at DESC` asks; the public id of an issued one,
-- unique, for its validation page.
CREATE TABLE "clinical_documents" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"patient_id" text NOT NULL,
	"record_id" text,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"content" jsonb NOT NULL,
	"issue" jsonb,
	"public_id" text,
	"secret_code" text,
	"signed_at" timestamp (3) with time zone,
	"cancelled_at" timestamp (3) with time zone,
	"cancel_reason" text,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "clinical_documents_kind_check" CHECK ("clinical_documents"."kind" in ('atestado', 'comparecimento', 'exames', 'encaminhamento', 'relatorio')),
	CONSTRAINT "clinical_documents_status_check" CHECK ("clinical_documents"."status" in ('rascunho', 'emitido', 'assinado', 'cancelado')),
	CONSTRAINT "clinical_documents_issued_check" CHECK ("clinical_documents"."status" = 'rascunho' or ("clinical_documents"."issue" is not null and "clinical_documents"."public_id" is not null and "clinical_documents"."secret_code" is not null)),
	CONSTRAINT "clinical_documents_version_check" CHECK ("clinical_documents"."version" > 0)
);
--> statement-breakpoint
ALTER TABLE "clinical_documents" ADD CONSTRAINT "clinical_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_documents" ADD CONSTRAINT "clinical_documents_patient_id_patients_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."patients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clinical_documents" ADD CONSTRAINT "clinical_documents_record_id_medical_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."medical_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clinical_documents_patient_created_idx" ON "clinical_documents" USING btree ("patient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "clinical_documents_user_created_idx" ON "clinical_documents" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "clinical_documents_public_id_idx" ON "clinical_documents" USING btree ("public_id") WHERE "clinical_documents"."public_id" is not null;