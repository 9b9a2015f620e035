-- Generated, then commented: the indexes of issue 19's searches and timeline, rebuilt.
-- The name search's trigram index without GIN's pending list (fastupdate), which the planner
-- counts against the index until a VACUUM empties it (never, on PGlite). A patient's visits and
-- receitas with NULLS FIRST, the order `ORDER BY created_at DESC, id DESC` asks for.
DROP INDEX "medical_records_patient_created_idx";--> statement-breakpoint
DROP INDEX "patients_search_name_trgm_idx";--> statement-breakpoint
DROP INDEX "prescriptions_patient_created_idx";--> statement-breakpoint
CREATE INDEX "medical_records_patient_created_idx" ON "medical_records" USING btree ("patient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "patients_search_name_trgm_idx" ON "patients" USING gin ((' ' || "search_name") gin_trgm_ops) WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "prescriptions_patient_created_idx" ON "prescriptions" USING btree ("patient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);