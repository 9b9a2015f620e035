import {
  DOCUMENT_KINDS,
  documentBodySchema,
  type DocumentBody,
  type DocumentKind,
  type PatientMedicine,
} from '@shared/documents/clinical-document';

/**
 * The new-document form's fields, as typed: every field a string (a half-typed number survives),
 * the CID authorisation a box, and the orientações' medicines as the prescription gives them
 * (shown, never typed). One set for every kind; each kind reads its own.
 */
export interface DocumentFormValues {
  kind: DocumentKind;
  days: string;
  startDate: string;
  showCid: boolean;
  cid: string;
  date: string;
  from: string;
  to: string;
  /** One exam per line. */
  exams: string;
  clinicalIndication: string;
  specialty: string;
  reason: string;
  summary: string;
  text: string;
  /** Orientações ao paciente: 'O que você tem'. */
  condition: string;
  care: string;
  warningSigns: string;
  followUp: string;
  /** From the visit's prescription, by code (docs/documentos.md, "Orientações ao paciente"). */
  medicines: readonly PatientMedicine[];
}

const EMPTY: Omit<DocumentFormValues, 'kind'> = {
  days: '',
  startDate: '',
  showCid: false,
  cid: '',
  date: '',
  from: '',
  to: '',
  exams: '',
  clinicalIndication: '',
  specialty: '',
  reason: '',
  summary: '',
  text: '',
  condition: '',
  care: '',
  warningSigns: '',
  followUp: '',
  medicines: [],
};

export const isDocumentKind = (value: string): value is DocumentKind =>
  (DOCUMENT_KINDS as readonly string[]).includes(value);

/** The form showing a document's content (a pre-filled draft). */
export function formValuesOf(body: DocumentBody): DocumentFormValues {
  switch (body.kind) {
    case 'atestado':
      return {
        ...EMPTY,
        kind: body.kind,
        days: String(body.content.days),
        startDate: body.content.startDate,
        showCid: body.content.showCid,
        cid: body.content.cid ?? '',
      };
    case 'comparecimento':
      return { ...EMPTY, kind: body.kind, ...body.content };
    case 'exames':
      return {
        ...EMPTY,
        kind: body.kind,
        exams: body.content.exams.map((exam) => exam.name).join('\n'),
        clinicalIndication: body.content.clinicalIndication,
        // The visit's CID waits for the patient's authorisation, asked for each request.
        showCid: false,
        cid: body.content.cid ?? '',
      };
    case 'encaminhamento':
      return { ...EMPTY, kind: body.kind, ...body.content };
    case 'relatorio':
      return { ...EMPTY, kind: body.kind, text: body.content.text };
    case 'orientacoes':
      return { ...EMPTY, kind: body.kind, ...body.content };
  }
}

const optionalText = (text: string) => (text.trim() === '' ? undefined : text.trim());

/**
 * The content the form holds, as the API takes it (not yet checked). A CID leaves the form only
 * with the patient's authorisation (docs/documentos.md, "CID no atestado").
 */
function contentOf(values: DocumentFormValues): unknown {
  switch (values.kind) {
    case 'atestado':
      return {
        days: values.days.trim() === '' ? undefined : Number(values.days),
        startDate: values.startDate,
        showCid: values.showCid,
        cid: values.showCid ? optionalText(values.cid) : undefined,
      };
    case 'comparecimento':
      return { date: values.date, from: values.from, to: values.to };
    case 'exames':
      return {
        exams: values.exams
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '')
          .map((name) => ({ name })),
        clinicalIndication: values.clinicalIndication,
        cid: values.showCid ? optionalText(values.cid) : undefined,
      };
    case 'encaminhamento':
      return { specialty: values.specialty, reason: values.reason, summary: values.summary };
    case 'relatorio':
      return { text: values.text };
    case 'orientacoes':
      return {
        condition: values.condition,
        medicines: values.medicines,
        care: values.care,
        warningSigns: values.warningSigns,
        followUp: values.followUp,
      };
  }
}

/** Field errors by the form's field names; the exam list's items point at 'exams'. */
export type DocumentFormErrors = Partial<Record<keyof DocumentFormValues, string>>;

/** The document's body checked by the API's own schema, or what is wrong, field by field. */
export function documentBodyFrom(
  values: DocumentFormValues,
): { body: DocumentBody } | { errors: DocumentFormErrors } {
  const parsed = documentBodySchema.safeParse({ kind: values.kind, content: contentOf(values) });
  if (parsed.success) return { body: parsed.data };
  const errors: DocumentFormErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[1];
    const name = (typeof field === 'string' ? field : 'text') as keyof DocumentFormValues;
    errors[name] ??= issue.message;
  }
  return { errors };
}
