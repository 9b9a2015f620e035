import { z } from 'zod';
import {
  prescriptionMedicationSchema,
  prescriptionSchema,
  prescriptionUpdateSchema,
  type PrescriptionCreateInput,
  type ReceitaPrintInput,
} from '../prescriptions/prescription';
import { RECEITA_CLASSES } from '../prescriptions/receita-class';
import { safetyWarningSchema } from './catalogues';
import type { SignRequest } from '../documents/signing-certificate';
import { endpoint, jsonBody, queryOf } from './client';

/**
 * The special-control document the server marks a medicine with (Portaria SVS/MS 344/98,
 * RDC 471/2021). The browser does not load the clinical tables: it keeps the mark as answered.
 */
export const medicationControlSchema = z.object({
  list: z.string(),
  document: z.string(),
  /** The labelled copies to print; empty for an official numbered form Prontu cannot print. */
  copies: z.array(z.string()),
  /** Days the pharmacy may dispense from it (10 for an antimicrobial, 30 for list C); absent on
   * marks kept by a device from before it was answered. */
  validDays: z.number().int().positive().optional(),
  /** An official form that must go with the printed receita (B1: the Notificação de Receita B). */
  alsoRequires: z.string().optional(),
});
export type MedicationControl = z.output<typeof medicationControlSchema>;

/** A medicine as the API answers it; unknown fields are dropped rather than refused. */
export const presentedMedicationSchema = z.object({
  ...prescriptionMedicationSchema.shape,
  control: medicationControlSchema.optional(),
  /** The generic name (DCB) the server reads in a brand or an abbreviation, printed after it. */
  genericName: z.string().optional(),
});
export type PresentedMedication = z.output<typeof presentedMedicationSchema>;

/**
 * Where a receita is after finalisation (docs/documentos.md): issued with its public validation address
 * and code, then maybe signed (`signedAt`) or cancelled with a reason.
 */
export const receitaLifeCycleSchema = z.object({
  validation: z.object({ url: z.string(), secretCode: z.string() }).optional(),
  signedAt: z.string().optional(),
  cancellation: z.object({ at: z.string(), reason: z.string() }).optional(),
});
export type ReceitaLifeCycle = z.output<typeof receitaLifeCycleSchema>;

/** A receita as the API answers it and the browser caches it. */
export const presentedPrescriptionSchema = prescriptionSchema.extend({
  ...receitaLifeCycleSchema.shape,
  medications: z.array(presentedMedicationSchema),
  /**
   * Its kind under RDC 1.000/2025, from its most controlled medicine (shared/prescriptions/receita-class.ts):
   * all but 'simples' are issued on paper. Absent on receitas a device kept from before.
   */
  receitaClass: z.enum(RECEITA_CLASSES).optional(),
  /** The number ANVISA's SNCR gave it; none until Prontu is integrated with the SNCR. */
  sncrNumber: z.string().optional(),
});
export type PresentedPrescription = z.output<typeof presentedPrescriptionSchema>;

export type PrescriptionUpdateInput = z.input<typeof prescriptionUpdateSchema>;

/**
 * A page of a list, newest first; `lastEvaluatedKey` asks for the next one. Receitas and lotes
 * page alike (`/api/prescription-batches`, shared/api/prescription-batches.ts).
 */
export type ListQuery = { finalized?: boolean; limit?: number; lastEvaluatedKey?: string };

const prescriptionAnswer = z.object({ prescription: presentedPrescriptionSchema });
export const removed = z.object({ success: z.literal(true) });

/** `/api/prescriptions`: the doctor's receitas, each medicine marked with its control. */
export const prescriptionsApi = {
  create: endpoint({
    method: 'POST',
    path: '/api/prescriptions',
    body: jsonBody<PrescriptionCreateInput>(),
    answer: prescriptionAnswer,
  }),
  list: endpoint({
    method: 'GET',
    path: '/api/prescriptions',
    query: queryOf<ListQuery>(),
    answer: z.object({
      prescriptions: z.array(presentedPrescriptionSchema),
      lastEvaluatedKey: z.string().optional(),
    }),
  }),
  get: endpoint({ method: 'GET', path: '/api/prescriptions/:id', answer: prescriptionAnswer }),
  /** Signs with the doctor's certificate (finalising a draft): `{ password }`, never kept. */
  sign: endpoint({
    method: 'POST',
    path: '/api/prescriptions/:id/sign',
    body: jsonBody<SignRequest>(),
    answer: prescriptionAnswer,
  }),
  /** Withdraws a finalised receita with a reason; it is kept, marked cancelled. */
  cancel: endpoint({
    method: 'POST',
    path: '/api/prescriptions/:id/cancel',
    body: jsonBody<{ reason: string }>(),
    answer: prescriptionAnswer,
  }),
  /**
   * The prescribing safety check of a stored receita with everything the server knows of its
   * patient (her chart, and the visit's weight, pregnancy and clearance): the one check that
   * decides whether it may be issued or signed (docs/receitas.md, "Onde a checagem aparece").
   */
  safety: endpoint({
    method: 'GET',
    path: '/api/prescriptions/:id/safety',
    answer: z.object({ warnings: z.array(safetyWarningSchema) }),
  }),
  /**
   * One stored receita's PDF (`file`) as it stands: signed, the file exactly as signed; else drawn
   * now, with its validation code or its cancellation. The answer is its name.
   */
  storedPdf: endpoint({
    method: 'GET',
    path: '/api/prescriptions/:id/pdf',
    answer: (_body, headers) =>
      /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')?.[1] ?? 'receita.pdf',
  }),
  /** The receitas as sent, printed by the server as one PDF (`file`); the answer is its name. */
  pdf: endpoint({
    method: 'POST',
    path: '/api/prescriptions/pdf',
    body: jsonBody<ReceitaPrintInput>(),
    answer: (_body, headers) =>
      /filename="([^"]+)"/.exec(headers.get('content-disposition') ?? '')?.[1] ?? 'receitas.pdf',
  }),
  /** With `ifMatch`: 409 `prescription_changed` and the current receita if it changed since. */
  update: endpoint({
    method: 'PUT',
    path: '/api/prescriptions/:id',
    body: jsonBody<PrescriptionUpdateInput>(),
    answer: prescriptionAnswer,
  }),
  remove: endpoint({ method: 'DELETE', path: '/api/prescriptions/:id', answer: removed }),
};
