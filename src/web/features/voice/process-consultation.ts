import type { ExtractionResult } from '@shared/ai/extraction';
import { visitOfAiRequest } from '@shared/records/flow';
import { withoutValues, type EvidencedExtraction } from '@shared/ai/extraction-evidence';
import { aiUseOf, reportAiOutcome } from '../../data/ai-use';
import {
  cleanUpTranscript,
  extractFromTranscript,
  structuredAnamnesisOf,
  type AiProvenance,
} from '../../data/ai-tasks';
import { recordContentOf } from '../../data/record-from-chat';
import type { OpenRecordActions } from '../../data/open-record';

/**
 * docs/product.md, "Revisão, processamento e prontuário": an extraction is applied to the record
 * only above this confidence.
 */
export const APPLY_EXTRACTION_CONFIDENCE = 0.1;

/**
 * docs/product.md, "Revisão, processamento e prontuário": above this confidence the record view
 * opens by itself after processing.
 */
export const OPEN_RECORD_CONFIDENCE = 0.7;

/** The parts of the open record's store that processing uses. */
export type ConsultationRecordStore = Pick<
  OpenRecordActions,
  'record' | 'create' | 'mergeExtraction' | 'setPart'
>;

/** What a transcript holds, before anything goes into the record. */
export type ConsultationAnalysis =
  | {
      /** The transcript after the medical-language clean-up. */
      transcript: string;
      medical: true;
      /** With the words of each value and the values the transcript does not hold. */
      extraction: EvidencedExtraction;
      /**
       * Unsupported values the doctor ticked to include all the same; the others never reach the
       * record.
       */
      accepted: readonly string[];
      provenance: AiProvenance;
    }
  /**
   * docs/product.md, "Revisão, processamento e prontuário": a transcript without medical terms is
   * only text; nothing is extracted.
   */
  | { transcript: string; medical: false };

/** What finishing the consultation did to the record. */
export interface ConsultationOutcome {
  analysis: ConsultationAnalysis;
  /** Whether the extraction was confident enough to go into the record. */
  applied: boolean;
  /** Whether a structured anamnesis was drawn and stored in the record. */
  anamnesis: boolean;
}

/**
 * docs/product.md, "Revisão, processamento e prontuário", first half: the transcript's
 * medical-language clean-up and medical-term check on the server, then — only when it is medical —
 * the extraction of its record data. Changes nothing.
 * @param transcript - as transcribed, dictated or typed; must not be blank
 * @param visit - the open visit, whose chart records the use of AI
 * @throws ApiError when the server refuses or cannot be reached (the caller shows it)
 */
export async function analyseConsultation(
  transcript: string,
  visit: { recordId?: string } = {},
): Promise<ConsultationAnalysis> {
  if (!transcript.trim()) throw new Error('Transcrição vazia.');
  const cleaned = await cleanUpTranscript(transcript);
  if (!cleaned.containsMedicalTerms) return { transcript: cleaned.text, medical: false };
  const { answer, source, notice, useId } = await extractFromTranscript({
    text: cleaned.text,
    ...visit,
  });
  const use = aiUseOf(visit, useId);
  return {
    transcript: cleaned.text,
    medical: true,
    extraction: answer,
    accepted: [],
    provenance: { source, ...(notice ? { notice } : {}), ...(use ? { use } : {}) },
  };
}

/**
 * What of an analysis may go into the record: every value the transcript holds, and of the
 * others only those the doctor ticked (docs/ia-riscos.md: nothing unsupported is merged silently).
 */
export function extractionToApply(
  analysis: Extract<ConsultationAnalysis, { medical: true }>,
): ExtractionResult {
  const { evidence: _evidence, unsupported, ...extraction } = analysis.extraction;
  return withoutValues(
    extraction,
    unsupported.filter((path) => !analysis.accepted.includes(path)),
  );
}

/**
 * docs/product.md, "Revisão, processamento e prontuário", second half: a confident extraction goes
 * into the open record (one is started when none is open), and the full transcript becomes the
 * record's structured anamnesis. A transcript that is not medical, or too vague to apply without an
 * open record, changes nothing.
 * @param store - the open record's store
 * @param analysis - from {@link analyseConsultation}, for the transcript as the doctor left it
 * @throws ApiError when the anamnesis is refused (the caller shows it)
 */
export async function applyConsultation(
  store: ConsultationRecordStore,
  analysis: ConsultationAnalysis,
): Promise<ConsultationOutcome> {
  if (!analysis.medical) return { analysis, applied: false, anamnesis: false };
  const applied = analysis.extraction.confidence > APPLY_EXTRACTION_CONFIDENCE;
  reportAiOutcome(analysis.provenance.use, applied ? 'accepted' : 'discarded');
  // A finalised record is locked (its content never changes): a new consultation starts anew.
  const open = () => (store.record?.status === 'finalizado' ? undefined : store.record);
  if (applied) {
    if (!open()) await store.create();
    store.mergeExtraction(extractionToApply(analysis));
  }
  const record = open();
  if (!record) return { analysis, applied, anamnesis: false };
  const visit = visitOfAiRequest(record);
  const { answer: anamnesis, useId } = await structuredAnamnesisOf({
    transcript: analysis.transcript,
    record: recordContentOf(record),
    ...visit,
  });
  store.setPart('structuredAnamnesis', anamnesis);
  reportAiOutcome(aiUseOf(visit, useId), 'accepted');
  return { analysis, applied, anamnesis: true };
}
