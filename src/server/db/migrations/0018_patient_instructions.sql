-- Generated: a new kind of clinical document, the orientações ao paciente
-- (docs/documentos.md, "Orientações ao paciente").
ALTER TABLE "clinical_documents" DROP CONSTRAINT "clinical_documents_kind_check";--> statement-breakpoint
ALTER TABLE "clinical_documents" ADD CONSTRAINT "clinical_documents_kind_check" CHECK ("clinical_documents"."kind" in ('atestado', 'comparecimento', 'exames', 'encaminhamento', 'relatorio', 'orientacoes'));