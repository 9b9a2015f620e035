-- Generated: issue 20's signing. A doctor's A1 certificate in custody (sealed under its
-- password, never stored in clear) and each signed document's PDF, kept exactly as signed.
CREATE TABLE "signed_pdfs" (
	"document_id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"pdf" "bytea" NOT NULL,
	"certificate_fingerprint" text NOT NULL,
	"signed_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "signing_certificates" (
	"user_id" text PRIMARY KEY NOT NULL,
	"sealed" "bytea" NOT NULL,
	"salt" "bytea" NOT NULL,
	"iv" "bytea" NOT NULL,
	"kdf" jsonb NOT NULL,
	"holder" text NOT NULL,
	"cpf" text NOT NULL,
	"issuer" text NOT NULL,
	"serial_number" text NOT NULL,
	"fingerprint" text NOT NULL,
	"not_before" timestamp (3) with time zone NOT NULL,
	"not_after" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "signed_pdfs" ADD CONSTRAINT "signed_pdfs_document_id_clinical_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."clinical_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signed_pdfs" ADD CONSTRAINT "signed_pdfs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_certificates" ADD CONSTRAINT "signing_certificates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;