import { z } from 'zod';
import {
  RECORD_LIMITS,
  patientIdSchema,
  teleconsultaSchema,
  typedText,
  type Teleconsulta,
} from '../records/medical-record';
import { calendarDayOf } from '../patients/search';
import { isPlausibleIssueYear } from '../lib/pt-br-format';

/**
 * The clinical documents a doctor issues beside receitas (docs/documentos.md): what each kind holds, how it
 * is checked, and its life cycle. A document is a draft until issued; issued (and then signed) it
 * never changes — a correction is a new document, and the old one is cancelled with a reason and
 * kept (docs/documentos.md, "Ciclo de vida"; CFM 2.299/2021 and 2.381/2024).
 */

export const DOCUMENT_KINDS = [
  'atestado',
  'comparecimento',
  'exames',
  'encaminhamento',
  'relatorio',
  'orientacoes',
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Each kind's title, as printed at the top of the document and shown in the app. */
export const DOCUMENT_TITLES: Readonly<Record<DocumentKind, string>> = {
  atestado: 'Atestado médico',
  comparecimento: 'Declaração de comparecimento',
  exames: 'Solicitação de exames',
  encaminhamento: 'Encaminhamento',
  relatorio: 'Relatório médico',
  orientacoes: 'Orientações ao paciente',
};

/**
 * The words that agree with a kind's title, in gender and number: 'a declaração … emitida', 'o
 * atestado … emitido', 'as orientações ao paciente … emitidas'.
 */
export interface DocumentAgreement {
  /** The definite article: 'o atestado', 'a declaração', 'as orientações'. */
  article: 'o' | 'a' | 'as';
  /** 'de' joined to the article: 'o rascunho do atestado', 'das orientações'. */
  of: 'do' | 'da' | 'das';
  issued: 'emitido' | 'emitida' | 'emitidas';
  saved: 'salvo' | 'salva' | 'salvas';
  /** The future of 'ser': 'será emitido', 'serão emitidas'. */
  willBe: 'será' | 'serão';
}

const MASCULINE: DocumentAgreement = {
  article: 'o',
  of: 'do',
  issued: 'emitido',
  saved: 'salvo',
  willBe: 'será',
};
const FEMININE: DocumentAgreement = {
  article: 'a',
  of: 'da',
  issued: 'emitida',
  saved: 'salva',
  willBe: 'será',
};
const FEMININE_PLURAL: DocumentAgreement = {
  article: 'as',
  of: 'das',
  issued: 'emitidas',
  saved: 'salvas',
  willBe: 'serão',
};

/** The agreement of each kind's title: 'declaração' and 'solicitação' are feminine, 'orientações' plural. */
const AGREEMENTS: Readonly<Record<DocumentKind, DocumentAgreement>> = {
  atestado: MASCULINE,
  comparecimento: FEMININE,
  exames: FEMININE,
  encaminhamento: MASCULINE,
  relatorio: MASCULINE,
  orientacoes: FEMININE_PLURAL,
};

/**
 * The words that agree with a kind's title, so that a message reads 'Orientações ao paciente
 * emitidas.' and 'Para emitir as orientações ao paciente, …'.
 */
export function documentAgreement(kind: DocumentKind): DocumentAgreement {
  return AGREEMENTS[kind];
}

/**
 * `rascunho` — still edited; `emitido` — frozen, with its validation code; `assinado` — frozen
 * and signed with the doctor's certificate; `cancelado` — issued once, then withdrawn with a
 * reason (kept, never deleted).
 */
export const DOCUMENT_STATUSES = ['rascunho', 'emitido', 'assinado', 'cancelado'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

export const DOCUMENT_LIMITS = {
  /** Days of rest an atestado grants at most; longer leaves go through the INSS's own exam. */
  restDays: 365,
  exams: 50,
  shortText: RECORD_LIMITS.shortText,
  mediumText: RECORD_LIMITS.mediumText,
  longText: RECORD_LIMITS.longText,
  cancelReason: 500,
  /** Medicines an orientações page lists at most: as many as a visit prescribes. */
  medicines: RECORD_LIMITS.prescriptionItems,
} as const;

/** Ids the server gives documents. */
export const DOCUMENT_ID_PREFIX = 'document-';

const DATE_INVALID = 'Data inválida: use dd/mm/aaaa.';
const TIME_INVALID = 'Horário inválido: use hh:mm, por exemplo 08:30.';
const CID_INVALID = 'CID-10 inválido: use o código, por exemplo J11 ou M54.5.';

/** Typed text, trimmed, required, of at most `max` characters, named in its messages. */
const requiredText = (label: string, max: number) =>
  z
    .string({ error: `Informe ${label}.` })
    .trim()
    .min(1, `Informe ${label}.`)
    .max(max, `${capitalised(label)}: no máximo ${max} caracteres.`)
    .refine(
      (text) => !text.includes('\u0000'),
      `${capitalised(label)}: contém um caractere inválido.`,
    );

/** Typed text that may be left blank, of at most `max` characters, named in its messages. */
const optionalText = (label: string, max: number) =>
  z
    .string({ error: `${capitalised(label)}: envie um texto.` })
    .trim()
    .max(max, `${capitalised(label)}: no máximo ${max} caracteres.`)
    .refine(
      (text) => !text.includes('\u0000'),
      `${capitalised(label)}: contém um caractere inválido.`,
    );

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * A day of the calendar, as `yyyy-MM-dd` (the API) or dd/mm/aaaa (typed); kept as `yyyy-MM-dd`.
 * Its year is a plausible one (1900 to next year).
 */
const calendarDay = z
  .string()
  .trim()
  .transform((text, context) => {
    const day = calendarDayOf(text);
    if (!day || !isPlausibleIssueYear(day)) {
      context.addIssue({ code: 'custom', message: DATE_INVALID });
      return z.NEVER;
    }
    return day;
  });

/** A time of day, `hh:mm` (24 hours). */
const clockTime = z
  .string()
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, TIME_INVALID);

/**
 * A CID-10 code as the doctor types it ('j45.9', 'J459', 'M54,5'), kept in its display form
 * ('J45.9'). Whether the code exists is the server's check, against the catalogue.
 */
export const documentCidSchema = z
  .string()
  .trim()
  .transform((text, context) => {
    const match = /^([A-Za-z]\d{2})(?:[.,]?(\d))?$/.exec(text);
    if (!match) {
      context.addIssue({ code: 'custom', message: CID_INVALID });
      return z.NEVER;
    }
    const category = (match[1] ?? '').toUpperCase();
    return match[2] === undefined ? category : `${category}.${match[2]}`;
  });

/**
 * Atestado de afastamento: days of rest from a start date. The CID is printed only when
 * `showCid` — the doctor's record that the patient asked for it (CFM 2.381/2024, as 1.658/2002
 * before it): the document then says so.
 */
export const atestadoContentSchema = z
  .strictObject({
    days: z
      .number({ error: 'Informe os dias de afastamento.' })
      .int('Os dias de afastamento são um número inteiro.')
      .min(1, 'O afastamento é de pelo menos 1 dia.')
      .max(
        DOCUMENT_LIMITS.restDays,
        `O afastamento é de no máximo ${DOCUMENT_LIMITS.restDays} dias.`,
      ),
    startDate: calendarDay,
    showCid: z.boolean().default(false),
    cid: documentCidSchema.optional(),
  })
  .superRefine((content, context) => {
    if (content.showCid && content.cid === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['cid'],
        message: 'Informe o CID-10 que a paciente autorizou constar no atestado.',
      });
    }
  });

/** Declaração de comparecimento: the day and the time from–to the patient was seen. */
export const comparecimentoContentSchema = z
  .strictObject({ date: calendarDay, from: clockTime, to: clockTime })
  .refine((content) => content.from < content.to, {
    path: ['to'],
    message: 'O horário de saída deve ser depois do de chegada.',
  });

/** Solicitação de exames: the exams, the clinical indication and, optionally, a CID. */
export const examesContentSchema = z.strictObject({
  exams: z
    .array(z.strictObject({ name: requiredText('o nome do exame', DOCUMENT_LIMITS.shortText) }))
    .min(1, 'Informe pelo menos um exame.')
    .max(DOCUMENT_LIMITS.exams, `No máximo ${DOCUMENT_LIMITS.exams} exames por solicitação.`),
  clinicalIndication: requiredText('a indicação clínica', DOCUMENT_LIMITS.mediumText),
  cid: documentCidSchema.optional(),
});

/** Encaminhamento: to which specialty, why, and the clinical summary. */
export const encaminhamentoContentSchema = z.strictObject({
  specialty: requiredText('a especialidade', DOCUMENT_LIMITS.shortText),
  reason: requiredText('o motivo do encaminhamento', DOCUMENT_LIMITS.mediumText),
  summary: requiredText('o resumo clínico', DOCUMENT_LIMITS.longText),
});

/** Relatório médico: free text. */
export const relatorioContentSchema = z.strictObject({
  text: requiredText('o texto do relatório', DOCUMENT_LIMITS.longText),
});

/**
 * One medicine of an orientações page: its name with its strength, and how to take it — the
 * receita's own posology sentence, copied from the visit's prescription by code and never
 * written by hand nor by a model (docs/documentos.md, "Orientações ao paciente").
 */
export const patientMedicineSchema = z.strictObject({
  name: requiredText('o nome do remédio', DOCUMENT_LIMITS.shortText),
  posology: optionalText('a posologia', DOCUMENT_LIMITS.mediumText),
});
export type PatientMedicine = z.output<typeof patientMedicineSchema>;

/**
 * Orientações ao paciente: the page the patient takes home, in plain words and addressed to her —
 * what she has, how to take each medicine, when to seek urgent care and when to come back; the
 * care at home when the plan has some.
 */
export const orientacoesContentSchema = z.strictObject({
  condition: requiredText('o que o paciente tem', DOCUMENT_LIMITS.longText),
  medicines: z
    .array(patientMedicineSchema)
    .max(
      DOCUMENT_LIMITS.medicines,
      `No máximo ${DOCUMENT_LIMITS.medicines} remédios nas orientações.`,
    )
    .default([]),
  care: optionalText('os cuidados em casa', DOCUMENT_LIMITS.longText).default(''),
  warningSigns: requiredText('quando procurar atendimento de urgência', DOCUMENT_LIMITS.longText),
  followUp: requiredText('quando voltar', DOCUMENT_LIMITS.mediumText),
});

export type AtestadoContent = z.output<typeof atestadoContentSchema>;
export type ComparecimentoContent = z.output<typeof comparecimentoContentSchema>;
export type ExamesContent = z.output<typeof examesContentSchema>;
export type EncaminhamentoContent = z.output<typeof encaminhamentoContentSchema>;
export type RelatorioContent = z.output<typeof relatorioContentSchema>;
export type OrientacoesContent = z.output<typeof orientacoesContentSchema>;

/** A document's kind with its content, as stored and answered. */
export const documentBodySchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('atestado'), content: atestadoContentSchema }),
  z.object({ kind: z.literal('comparecimento'), content: comparecimentoContentSchema }),
  z.object({ kind: z.literal('exames'), content: examesContentSchema }),
  z.object({ kind: z.literal('encaminhamento'), content: encaminhamentoContentSchema }),
  z.object({ kind: z.literal('relatorio'), content: relatorioContentSchema }),
  z.object({ kind: z.literal('orientacoes'), content: orientacoesContentSchema }),
]);
export type DocumentBody = z.output<typeof documentBodySchema>;

const recordIdSchema = typedText(DOCUMENT_LIMITS.shortText).min(1);

/**
 * A kind and its content, checked by that kind's schema: the body of every write on a document.
 * The content's issues keep their place under `content`.
 */
function checkedBody(kind: DocumentKind, content: unknown, context: z.RefinementCtx): DocumentBody {
  const reported = (error: z.ZodError): never => {
    for (const issue of error.issues) {
      context.addIssue({
        code: 'custom',
        message: issue.message,
        path: ['content', ...issue.path],
      });
    }
    return z.NEVER;
  };
  switch (kind) {
    case 'atestado': {
      const parsed = atestadoContentSchema.safeParse(content);
      return parsed.success ? { kind, content: parsed.data } : reported(parsed.error);
    }
    case 'comparecimento': {
      const parsed = comparecimentoContentSchema.safeParse(content);
      return parsed.success ? { kind, content: parsed.data } : reported(parsed.error);
    }
    case 'exames': {
      const parsed = examesContentSchema.safeParse(content);
      return parsed.success ? { kind, content: parsed.data } : reported(parsed.error);
    }
    case 'encaminhamento': {
      const parsed = encaminhamentoContentSchema.safeParse(content);
      return parsed.success ? { kind, content: parsed.data } : reported(parsed.error);
    }
    case 'relatorio': {
      const parsed = relatorioContentSchema.safeParse(content);
      return parsed.success ? { kind, content: parsed.data } : reported(parsed.error);
    }
    case 'orientacoes': {
      const parsed = orientacoesContentSchema.safeParse(content);
      return parsed.success ? { kind, content: parsed.data } : reported(parsed.error);
    }
  }
}

const KIND_INVALID = `Tipo de documento inválido: use ${DOCUMENT_KINDS.join(', ')}.`;

/** Body of `POST /api/documents`: the kind, the patient, the visit if any, and the content. */
export const documentCreateSchema = z
  .strictObject({
    kind: z.enum(DOCUMENT_KINDS, { error: KIND_INVALID }),
    patientId: patientIdSchema,
    recordId: recordIdSchema.optional(),
    content: z.unknown(),
  })
  .transform(({ kind, content, patientId, recordId }, context) => {
    const body = checkedBody(kind, content, context);
    return { patientId, recordId, body };
  });
export type DocumentCreate = z.output<typeof documentCreateSchema>;

/**
 * The body of `PUT /api/documents/:id` (a draft only) for a document of `kind`: its new content,
 * checked against that kind's schema — a document's kind never changes.
 */
export const documentUpdateSchemaOf = (kind: DocumentKind) =>
  z
    .strictObject({ content: z.unknown() })
    .transform(({ content }, context) => checkedBody(kind, content, context));

/** Body of `POST /api/documents/:id/cancel`. */
export const documentCancelSchema = z.strictObject({
  reason: requiredText('o motivo do cancelamento', DOCUMENT_LIMITS.cancelReason),
});

/**
 * Who issued a document and for whom, as they were at the moment of issue (CFM 2.381/2024, art.
 * 2º): the document prints this copy, never the settings or the patient as edited later. `at`
 * is the instant of issue: the date and the time the document prints (CFM 2.299/2021).
 */
export const documentIssueSchema = z.object({
  at: z.iso.datetime(),
  doctor: z.object({
    name: z.string(),
    crm: z.string(),
    crmState: z.string(),
    // Only when the doctor states a specialty, with its RQE (documents issued before have none).
    specialty: z.string().optional(),
    rqe: z.string().optional(),
    // The clinic and its CNES, when the settings name them (documents issued before have none).
    clinicName: z.string().optional(),
    cnes: z.string().optional(),
    address: z.string(),
    phone: z.string(),
    email: z.string(),
  }),
  patient: z.object({
    name: z.string(),
    cpf: z.string().optional(),
    // A foreigner's, when she has no CPF (documents issued before have none).
    passport: z.string().optional(),
    cns: z.string().optional(),
    birthDate: z.string().optional(),
    sex: z.string().optional(),
  }),
  // Issued from a visit held at a distance, with the patient's consent (CFM 2.314/2022).
  teleconsulta: teleconsultaSchema.optional(),
});
export type DocumentIssue = z.output<typeof documentIssueSchema>;

/** Where and with which code anyone holding the document checks it (the ITI's protocol). */
export const documentValidationSchema = z.object({ url: z.url(), secretCode: z.string() });
export type DocumentValidation = z.output<typeof documentValidationSchema>;

/** A document as the API answers it. */
export const clinicalDocumentSchema = z.intersection(
  documentBodySchema,
  z.object({
    id: z.string(),
    status: z.enum(DOCUMENT_STATUSES),
    patientId: z.string(),
    recordId: z.string().optional(),
    version: z.number().int().positive(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    issue: documentIssueSchema.optional(),
    validation: documentValidationSchema.optional(),
    signedAt: z.iso.datetime().optional(),
    cancellation: z.object({ at: z.iso.datetime(), reason: z.string() }).optional(),
  }),
);
export type ClinicalDocument = z.output<typeof clinicalDocumentSchema>;

/**
 * The copy a document keeps of who issues it and for whom, at `at` (what issuing freezes).
 * @param profile - the doctor's settings
 * @param patient - the patient as stored: unset fields are null
 * @param teleconsulta - the visit's, when the document comes from a visit held at a distance
 */
export function documentIssueOf(
  profile: IssuerProfile,
  patient: {
    name: string;
    cpf: string | null;
    passport: string | null;
    cns: string | null;
    birthDate: string | null;
    sex: string | null;
  },
  at: Date,
  teleconsulta?: Teleconsulta,
): DocumentIssue {
  return {
    at: at.toISOString(),
    ...(teleconsulta ? { teleconsulta } : {}),
    doctor: issuerOf(profile),
    patient: {
      name: patient.name,
      ...(patient.cpf === null ? {} : { cpf: patient.cpf }),
      ...(patient.passport === null ? {} : { passport: patient.passport }),
      ...(patient.cns === null ? {} : { cns: patient.cns }),
      ...(patient.birthDate === null ? {} : { birthDate: patient.birthDate }),
      ...(patient.sex === null ? {} : { sex: patient.sex }),
    },
  };
}

/** What the doctor's settings must hold before a document can carry them (CFM 2.381/2024). */
export interface IssuerProfile {
  name: string;
  crm: string;
  crmState: string;
  specialty: string;
  rqe: string;
  /** Optional: printed in the header when set. */
  clinicName?: string;
  cnes?: string;
  clinicAddress: string;
  clinicPhone: string;
  doctorEmail: string;
}

/** Who issues a document or a receita, from the doctor's settings as they are now. */
export function issuerOf(profile: IssuerProfile): DocumentIssue['doctor'] {
  return {
    name: profile.name,
    crm: profile.crm,
    crmState: profile.crmState,
    ...(profile.specialty !== '' && profile.rqe !== ''
      ? { specialty: profile.specialty, rqe: profile.rqe }
      : {}),
    ...(profile.clinicName?.trim() ? { clinicName: profile.clinicName.trim() } : {}),
    ...(profile.cnes ? { cnes: profile.cnes } : {}),
    address: profile.clinicAddress,
    phone: profile.clinicPhone,
    email: profile.doctorEmail,
  };
}

/**
 * The settings a document needs that are still blank, as the settings screen names them: name,
 * CRM and its UF, an address, and a phone or an e-mail. Empty when the doctor can issue.
 */
export function missingIssuerFields(profile: IssuerProfile): string[] {
  const missing: string[] = [];
  if (profile.name.trim() === '') missing.push('nome');
  if (profile.crm.trim() === '' || profile.crmState.trim() === '') missing.push('CRM e UF');
  if (profile.clinicAddress.trim() === '') missing.push('endereço');
  if (profile.clinicPhone.trim() === '' && profile.doctorEmail.trim() === '') {
    missing.push('telefone ou e-mail');
  }
  return missing;
}
