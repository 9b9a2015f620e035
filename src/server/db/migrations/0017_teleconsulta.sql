-- Generated: a visit held at a distance, with the moment of the patient's consent
-- (docs/conformidade.md, "Teleconsulta").
ALTER TABLE "medical_records" ADD COLUMN "teleconsulta" jsonb;