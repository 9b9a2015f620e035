import { z } from 'zod';
import { aiRecordSchema } from '../ai/tasks';
import { posologySentence } from '../prescriptions/posology';
import { receitaItemTitle } from '../prescriptions/receita-document';
import { patientIdSchema, type Medication } from '../records/medical-record';
import { DOCUMENT_LIMITS, patientMedicineSchema, type PatientMedicine } from './clinical-document';

/**
 * Orientações ao paciente (docs/documentos.md, "Orientações ao paciente"): the parts a model or
 * the offline engine may write — plain words addressed to the patient — and the part only code
 * writes, her medicines, copied from the visit's prescription. Pure: the server's task, the
 * documents' routes and the browser's dialog all read the medicines from here, so the three
 * agree to the letter.
 */

/**
 * The medicines of an orientações page: each prescribed item's name and strength as the receita
 * prints them, and the receita's own posology sentence, unchanged ('Tomar 1 cápsula por via oral
 * de 8 em 8 horas, por 7 dias.'). A model never restates a dose: this is the only source.
 * @param medications - the visit's prescribed medicines
 */
export function patientMedicinesOf(
  medications: readonly Medication[] | null | undefined,
): PatientMedicine[] {
  return (medications ?? [])
    .map((item) => ({
      name: receitaItemTitle({ name: item.name, dosage: item.dosage }),
      posology: posologySentence(item).trim(),
    }))
    .filter((medicine) => medicine.name !== '');
}

/** Whether two lists of medicines say exactly the same, item by item and in order. */
export function sameMedicines(
  a: readonly PatientMedicine[],
  b: readonly PatientMedicine[],
): boolean {
  return (
    a.length === b.length &&
    a.every((item, index) => {
      const other = b.at(index);
      return item.name === other?.name && item.posology === other.posology;
    })
  );
}

/** The parts of the page that are words, not data: what a model or the offline engine drafts. */
export interface PatientInstructionsText {
  /** 'O que você tem': the diagnosis in lay words. */
  condition: string;
  /** 'Cuidados em casa': what the plan asks besides the medicines; may be blank. */
  care: string;
  /** 'Quando procurar atendimento de urgência': the warning signs, with SAMU 192. */
  warningSigns: string;
  /** 'Quando voltar'. */
  followUp: string;
}

/** The sections of the page, in the order it prints them, with the headings the doctor reads. */
export const PATIENT_INSTRUCTIONS_HEADINGS = {
  condition: 'O que você tem',
  medicines: 'Como tomar os seus remédios',
  care: 'Cuidados em casa',
  warningSigns: 'Quando procurar atendimento de urgência',
  followUp: 'Quando voltar',
} as const;

/** `POST /api/ai/patient-instructions`: the visit's record (and its patient, for her history). */
export const patientInstructionsRequestSchema = z.strictObject({
  record: aiRecordSchema,
  patientId: patientIdSchema.optional(),
});
export type PatientInstructionsRequest = z.output<typeof patientInstructionsRequestSchema>;

/** A drafted section: any text, trimmed, cut to what the document takes. */
const draftedText = (max: number) =>
  z
    .string()
    .transform((text) => text.replaceAll('\u0000', '').trim().slice(0, max))
    .catch('');

/**
 * What a model's reply must hold: the four sections as text. A field missing or of another type
 * is blank (the offline engine fills it); a reply with no words at all is unusable.
 */
export const patientInstructionsReplySchema = z
  .object({
    condition: draftedText(DOCUMENT_LIMITS.longText),
    care: draftedText(DOCUMENT_LIMITS.longText),
    warningSigns: draftedText(DOCUMENT_LIMITS.longText),
    followUp: draftedText(DOCUMENT_LIMITS.mediumText),
  })
  .refine(
    (reply) => Object.values(reply).some((text) => text !== ''),
    'A resposta não tem nenhuma orientação.',
  );

/** The task's answer: the drafted sections and, from the prescription, the medicines. */
export const patientInstructionsAnswerSchema = z.object({
  condition: z.string(),
  care: z.string(),
  warningSigns: z.string(),
  followUp: z.string(),
  medicines: z.array(patientMedicineSchema),
});
export type PatientInstructionsAnswer = z.output<typeof patientInstructionsAnswerSchema>;

/**
 * A section as the page prints it: one paragraph per line; a line that starts with '-', '*' or
 * '•' is an item of a list ('• …').
 * @param text - the section as the doctor left it
 */
export function sectionParagraphs(text: string): string[] {
  return text
    .split(/\n+/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => line.replace(/^[-*•]\s*/, '• '));
}

/**
 * What the doctor did with a draft, for the visit's record of AI use (docs/conformidade.md, "Uso
 * de IA sob a CFM 2.454/2026"): 'accepted' when the page she approves says the draft's words,
 * 'edited' when she changed any section. Spaces around a section do not count.
 * @param draft - the sections as drafted
 * @param approved - the sections as she saved or issued them
 */
export function draftOutcome(
  draft: PatientInstructionsText,
  approved: PatientInstructionsText,
): 'accepted' | 'edited' {
  const sections = ['condition', 'care', 'warningSigns', 'followUp'] as const;
  return sections.every((section) => draft[section].trim() === approved[section].trim())
    ? 'accepted'
    : 'edited';
}
