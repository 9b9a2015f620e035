import { useMutation } from '@tanstack/react-query';
import { aiApi } from '@shared/api/ai';
import type { PatientInstructionsAnswer } from '@shared/documents/patient-instructions';
import { visitOfAiRequest, type WorkingRecord } from '@shared/records/flow';
import type { AiProvenance } from './ai-tasks';
import { aiUseOf } from './ai-use';
import { api } from './api';
import { recordContentOf } from './record-from-chat';

/**
 * Asks for the draft of the orientações ao paciente of a visit
 * (`POST /api/ai/patient-instructions`; docs/documentos.md, "Orientações ao paciente"): its words
 * by the model, or by the offline engine's rules, and the prescription's medicines. The visit is
 * named, so its chart records the use; the draft only fills the doctor's form.
 * @throws ApiError when the call fails (AI switched off, refused by the patient, no server)
 */
export async function draftPatientInstructions(
  record: WorkingRecord,
): Promise<PatientInstructionsAnswer & AiProvenance> {
  const visit = visitOfAiRequest(record);
  const { answer, source, notice, useId } = await api.call(aiApi.patientInstructions, {
    body: {
      record: recordContentOf(record),
      ...(record.patientId ? { patientId: record.patientId } : {}),
      ...visit,
    },
  });
  const use = aiUseOf(visit, useId);
  return { ...answer, source, ...(notice ? { notice } : {}), ...(use ? { use } : {}) };
}

/** 'Redigir rascunho' as a mutation: the dialog reads `isPending` while the draft is written. */
export function usePatientInstructionsDraft() {
  return useMutation({ mutationFn: draftPatientInstructions });
}
