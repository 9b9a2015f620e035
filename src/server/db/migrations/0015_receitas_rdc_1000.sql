-- Generated: a foreigner's passport on her chart, and the SNCR number a controlled receita will
-- carry once Prontu is integrated with ANVISA's SNCR (docs/conformidade.md).
ALTER TABLE "patients" ADD COLUMN "passport" text;--> statement-breakpoint
ALTER TABLE "prescriptions" ADD COLUMN "sncr_number" text;