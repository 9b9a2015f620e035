import { AI_CONSENT_STATUSES, aiConsentSchema } from '../ai/use';
import { z } from 'zod';
import { BRAZILIAN_STATES, PHONE_INVALID, isBrazilianPhone } from '../account/doctor-settings';
import { GENDERS, RECORD_LIMITS, patientIdSchema, typedText } from '../records/medical-record';
import {
  CNS_INVALID,
  CPF_INVALID,
  digitsOf,
  isValidCns,
  isValidCpf,
  PASSPORT_INVALID,
  passportNumberOf,
} from './identifiers';
import { calendarDayOf } from './search';
import { localToday } from '../lib/local-day';

/**
 * A patient of one doctor (docs/product.md, "Pacientes"): who she is, how to reach her, and her current lists —
 * allergies, chronic conditions, medicines in use — which every visit starts from. The same
 * schema checks the form and the API; identifiers are kept as digits only.
 */

export const PATIENT_LIMITS = {
  name: RECORD_LIMITS.shortText,
  text: RECORD_LIMITS.shortText,
  notes: RECORD_LIMITS.longText,
  listItems: RECORD_LIMITS.listItems,
} as const;

const BIRTH_DATE_INVALID = 'Data de nascimento inválida: use dd/mm/aaaa.';
const BIRTH_DATE_FUTURE = 'A data de nascimento não pode estar no futuro.';
const CEP_INVALID = 'CEP inválido: informe os 8 dígitos, por exemplo 01310-100.';

/** Text a person typed, trimmed. */
const trimmedText = (max: number) => typedText(max).trim();

const textList = z.array(trimmedText(PATIENT_LIMITS.text).min(1)).max(PATIENT_LIMITS.listItems);

/** An identifier typed with or without punctuation, valid by its check digits, kept as digits. */
const identifier = (isValid: (text: string) => boolean, message: string) =>
  z
    .string()
    .trim()
    .refine((text) => isValid(text), message)
    .transform(digitsOf);

/**
 * The birth date, as `yyyy-MM-dd` (the API) or dd/mm/aaaa (typed): a day of the calendar, not
 * after today and not before 1900.
 */
const birthDate = (today: () => string) =>
  z
    .string()
    .trim()
    .transform((text, context) => {
      const date = calendarDayOf(text);
      if (!date || date < '1900-01-01') {
        context.addIssue({ code: 'custom', message: BIRTH_DATE_INVALID });
        return z.NEVER;
      }
      if (date > today()) {
        context.addIssue({ code: 'custom', message: BIRTH_DATE_FUTURE });
        return z.NEVER;
      }
      return date;
    });

export const patientAddressSchema = z.strictObject({
  street: trimmedText(PATIENT_LIMITS.text).optional(),
  number: trimmedText(20).optional(),
  complement: trimmedText(PATIENT_LIMITS.text).optional(),
  district: trimmedText(PATIENT_LIMITS.text).optional(),
  city: trimmedText(PATIENT_LIMITS.text).optional(),
  uf: z.enum(BRAZILIAN_STATES).optional(),
  cep: z
    .string()
    .trim()
    .refine((cep) => /^\d{5}-?\d{3}$/.test(cep), CEP_INVALID)
    .transform(digitsOf)
    .optional(),
});

/**
 * What the doctor sends to create or change a patient. Only the name is required: a patient
 * first seen in the chat has nothing else yet.
 * @param today - the local day, `yyyy-MM-dd`, for the birth date's upper bound
 */
export function patientInputSchema(today: () => string = localToday) {
  return z.strictObject({
    name: trimmedText(PATIENT_LIMITS.name).min(1),
    birthDate: birthDate(today).optional(),
    sex: z.enum(GENDERS).optional(),
    cpf: identifier(isValidCpf, CPF_INVALID).optional(),
    cns: identifier(isValidCns, CNS_INVALID).optional(),
    /** A foreigner's passport, for the receitas that name the patient's document. */
    passport: z
      .string()
      .max(40)
      .refine((text) => passportNumberOf(text) !== undefined, PASSPORT_INVALID)
      .transform((text) => passportNumberOf(text) ?? text)
      .optional(),
    phone: z.string().trim().refine(isBrazilianPhone, PHONE_INVALID).optional(),
    address: patientAddressSchema.optional(),
    /**
     * Her word on AI in her care (docs/conformidade.md, "Uso de IA sob a CFM 2.454/2026").
     * Unlike the other fields, left out it stays as it was: a form that does not show it never
     * erases what she said.
     */
    aiConsent: z.enum(AI_CONSENT_STATUSES).optional(),
    allergies: textList.optional(),
    chronicConditions: textList.optional(),
    medications: textList.optional(),
    notes: trimmedText(PATIENT_LIMITS.notes).optional(),
  });
}

export type PatientInput = z.output<ReturnType<typeof patientInputSchema>>;
/** What a client may send: a birth date also as dd/mm/aaaa, identifiers with punctuation. */
export type PatientWrite = z.input<ReturnType<typeof patientInputSchema>>;
export type PatientAddress = z.output<typeof patientAddressSchema>;

/** Ids the server gives patients. */
export const PATIENT_ID_PREFIX = 'patient-';

/**
 * A patient as the API answers it: unset fields left out, the lists always there, and `age`
 * computed from the birth date on the server's day (never stored).
 */
export const patientSchema = z.object({
  id: patientIdSchema,
  name: z.string(),
  birthDate: z.string().optional(),
  age: z.number().int().nonnegative().optional(),
  sex: z.enum(GENDERS).optional(),
  cpf: z.string().optional(),
  cns: z.string().optional(),
  passport: z.string().optional(),
  aiConsent: aiConsentSchema.optional(),
  phone: z.string().optional(),
  address: patientAddressSchema.optional(),
  allergies: z.array(z.string()),
  chronicConditions: z.array(z.string()),
  medications: z.array(z.string()),
  notes: z.string().optional(),
  version: z.number().int().positive(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Her latest visit: when (ISO 8601) and the age the record gave, if any. */
  lastVisit: z
    .object({ date: z.string(), age: z.number().int().nonnegative().optional() })
    .optional(),
  /** How much is kept about her; only when one patient is asked for (the erase names it). */
  counts: z
    .object({
      records: z.number().int().nonnegative(),
      prescriptions: z.number().int().nonnegative(),
      documents: z.number().int().nonnegative(),
    })
    .optional(),
});

export type Patient = z.infer<typeof patientSchema>;

export const PATIENT_LIST_DEFAULT_LIMIT = 20;
export const PATIENT_LIST_MAX_LIMIT = 100;

/** `GET /api/patients`: a search as typed (`readPatientQuery`), a page size, the next page. */
export const patientListQuerySchema = z.strictObject({
  q: typedText(PATIENT_LIMITS.name).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(PATIENT_LIST_MAX_LIMIT)
    .default(PATIENT_LIST_DEFAULT_LIMIT),
  cursor: z.string().min(1).max(1000).optional(),
});
