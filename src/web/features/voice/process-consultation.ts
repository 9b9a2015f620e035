import { extractionResultSchema, structuredAnamnesisAnswerSchema } from '../../../shared/ai-tasks';
import type { ExtractionResult } from '../../../shared/extraction';
import { requestAiTask } from '../../ai-client';
import { recordContentOf } from '../../chat-conversation/record-from-chat';
import type { CurrentRecordStore } from '../../current-record/current-record-store';

/** Spec §5: an extraction is applied to the record only above this confidence. */
export const APPLY_EXTRACTION_CONFIDENCE = 0.1;

/** Spec §5: above this confidence the record view opens by itself after processing. */
export const OPEN_RECORD_CONFIDENCE = 0.7;

/** The parts of the open record's store that processing uses. */
export type ConsultationRecordStore = Pick<
  CurrentRecordStore,
  'record' | 'create' | 'mergeExtraction' | 'setPart'
>;

/** What processing a consultation transcript did. */
export interface ConsultationOutcome {
  extraction: ExtractionResult;
  /** Whether the extraction was confident enough to go into the record. */
  applied: boolean;
}

/**
 * Spec §5: turns a reviewed consultation transcript into the open record (created when there is
 * none) and its structured anamnesis.
 * @param store - the open record's store
 * @param transcript - the reviewed transcript; must not be blank
 * @throws ApiError when the extraction or the anamnesis is refused (the caller shows it)
 */
export async function processConsultationTranscript(
  store: ConsultationRecordStore,
  transcript: string,
): Promise<ConsultationOutcome> {
  const text = transcript.trim();
  if (!text) throw new Error('Transcrição vazia.');
  const { answer: extraction } = await requestAiTask('extract', { text }, extractionResultSchema);
  const applied = extraction.confidence > APPLY_EXTRACTION_CONFIDENCE;
  if (applied) {
    if (!store.record) await store.create();
    store.mergeExtraction(extraction);
  }
  const record = store.record;
  const { answer: anamnesis } = await requestAiTask(
    'structured-anamnesis',
    { transcript: text, ...(record ? { record: recordContentOf(record) } : {}) },
    structuredAnamnesisAnswerSchema,
  );
  if (!store.record) await store.create();
  store.setPart('structuredAnamnesis', anamnesis);
  return { extraction, applied };
}
