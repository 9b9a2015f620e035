import { z } from 'zod';
import {
  GENDERS,
  MEDICATION_PRIORITIES,
  MEDICATION_ROUTES,
  type MedicationRoute,
  medicationSchema,
  patientIdSchema,
  safetyReasonSchema,
} from '../records/medical-record';
import { formatDate, isPlausibleIssueYear } from '../lib/pt-br-format';
import { quantityInWords } from '../lib/numbers-in-words';
import { foldAccents } from '../lib/text-folding';

/**
 * Prescriptions (receitas) and batches of them (docs/product.md, "Receitas e lotes"): what the
 * server stores and answers, what a create or update request may hold, and the wording rules a
 * printed receita follows (CFM: a route heading per medicine, no abbreviations in the
 * instructions).
 */

export const PRESCRIPTION_LIMITS = {
  shortText: 200,
  mediumText: 2_000,
  medications: 50,
  batchPrescriptions: 100,
} as const;

/** The heading a receita prints above the medicines of each route. */
export const ROUTE_HEADINGS: Readonly<Record<MedicationRoute, string>> = {
  oral: 'Uso oral',
  topica: 'Uso tópico',
  injetavel: 'Uso injetável',
  inalatoria: 'Uso inalatório',
  oftalmica: 'Uso oftálmico',
  nasal: 'Uso nasal',
  retal: 'Uso retal',
  vaginal: 'Uso vaginal',
  sublingual: 'Uso sublingual',
  otologica: 'Uso otológico',
};

/** Text a person typed: trimmed, capped, without NUL (which PostgreSQL's JSONB refuses). */
const typedText = (label: string, max: number, missing = `Informe: ${label}.`) =>
  z
    .string({
      error: (issue) => (issue.input === undefined ? missing : `${label} deve ser um texto.`),
    })
    .trim()
    .max(max, { error: `${label}: no máximo ${max} caracteres.` })
    .refine((text) => !text.includes('\u0000'), {
      error: `${label}: contém caracteres inválidos.`,
    });

const requiredText = (label: string, max: number, missing: string) =>
  typedText(label, max, missing).min(1, { error: missing });

const isoDateTime = (label: string) =>
  z.iso.datetime({ offset: true, error: `${label}: data e hora inválidas.` });

/**
 * A medicine as a prescription document holds it (docs/product.md, "Receitas e lotes": quantity,
 * generic, priority).
 */
export const prescriptionMedicationSchema = medicationSchema.extend({
  name: requiredText(
    'Nome do medicamento',
    PRESCRIPTION_LIMITS.shortText,
    'Informe o nome do medicamento.',
  ),
  quantity: typedText('Quantidade', PRESCRIPTION_LIMITS.shortText).optional(),
  genericAllowed: z
    .boolean({ error: 'Permitir genérico deve ser verdadeiro ou falso.' })
    .default(true),
  priority: z
    .enum(MEDICATION_PRIORITIES, { error: 'A prioridade deve ser "normal" ou "urgente".' })
    .default('normal'),
  route: z
    .enum(MEDICATION_ROUTES, {
      error: `A via de administração deve ser uma destas: ${MEDICATION_ROUTES.join(', ')}.`,
    })
    .optional(),
});
export type PrescriptionMedication = z.output<typeof prescriptionMedicationSchema>;
export type PrescriptionMedicationInput = z.input<typeof prescriptionMedicationSchema>;

/**
 * The prescription's date: a calendar day ('2026-03-01') or a moment with its offset. The day is
 * what prints ('01/03/2026'), in the doctor's local time.
 */
const prescriptionDate = z
  .union([z.iso.date(), z.iso.datetime({ offset: true })], {
    error: 'Data da receita inválida: use AAAA-MM-DD.',
  })
  .refine((date) => isPlausibleIssueYear(date), {
    error: 'Data da receita inválida: o ano vai de 1900 ao ano que vem.',
  });

const medicationList = z
  .array(prescriptionMedicationSchema, { error: 'Envie os medicamentos como uma lista.' })
  .max(PRESCRIPTION_LIMITS.medications, {
    error: `Uma receita pode ter no máximo ${PRESCRIPTION_LIMITS.medications} medicamentos.`,
  });

/**
 * The grave and contraindicated warnings of the safety check the doctor issued the receita
 * through, each with her reason (docs/receitas.md, "Segurança da prescrição"): kept with it, never printed for the pharmacy.
 */
const safetyReasons = z
  .array(safetyReasonSchema, { error: 'Envie as justificativas como uma lista.' })
  .max(PRESCRIPTION_LIMITS.medications, {
    error: `Uma receita pode ter no máximo ${PRESCRIPTION_LIMITS.medications} justificativas.`,
  });

/** What a doctor writes on a prescription: the body of a create, every field of it. */
const writablePrescriptionShape = {
  patientName: requiredText(
    'Nome do paciente',
    PRESCRIPTION_LIMITS.shortText,
    'Informe o nome do paciente.',
  ),
  patientAge: typedText('Idade do paciente', 20).default(''),
  /** Required on a Receituário de Controle Especial; optional otherwise. */
  patientAddress: typedText('Endereço do paciente', 300).optional(),
  /** Printed on a receita de antimicrobiano (RDC 471/2021) with the age. */
  patientSex: z.enum(GENDERS, { error: 'Sexo do paciente inválido.' }).optional(),
  /** The doctor's patient the receita is for (docs/product.md, "Pacientes"), when she is known. */
  patientId: patientIdSchema.optional(),
  /**
   * The visit whose prescription it is (docs/receitas.md, "A receita da consulta"): a visit has
   * one draft and one valid issued receita at most. Set when created, never changed.
   */
  recordId: typedText('Consulta da receita', PRESCRIPTION_LIMITS.shortText).min(1).optional(),
  /**
   * The issued receita this one corrects (a new version): issuing it cancels that one as
   * 'Substituída'. Set when created, never changed.
   */
  replacesId: typedText('Receita substituída', PRESCRIPTION_LIMITS.shortText).min(1).optional(),
  diagnosis: typedText('Diagnóstico', PRESCRIPTION_LIMITS.mediumText).default(''),
  medications: medicationList.default([]),
  notes: typedText('Observações', PRESCRIPTION_LIMITS.mediumText).default(''),
  date: prescriptionDate,
  doctorName: typedText('Nome do médico', PRESCRIPTION_LIMITS.shortText).default(''),
  doctorCRM: typedText('CRM', 40).default(''),
  isFinalized: z.boolean({ error: 'Finalizada deve ser verdadeiro ou falso.' }).default(false),
  safetyReasons: safetyReasons.optional(),
};

/** Body of `POST /api/prescriptions`. */
export const prescriptionCreateSchema = z.strictObject(writablePrescriptionShape, {
  error: (issue) =>
    issue.code === 'unrecognized_keys'
      ? `Campo não reconhecido na receita: ${issue.keys.join(', ')}.`
      : 'Envie a receita como um objeto.',
});

/**
 * Body of `PUT /api/prescriptions/:id`: any subset of the writable fields. No defaults here, so
 * a field left out stays as stored.
 */
export const prescriptionUpdateSchema = z.strictObject(
  {
    patientName: writablePrescriptionShape.patientName.optional(),
    patientAge: typedText('Idade do paciente', 20).optional(),
    patientAddress: writablePrescriptionShape.patientAddress,
    patientSex: writablePrescriptionShape.patientSex,
    patientId: writablePrescriptionShape.patientId,
    diagnosis: typedText('Diagnóstico', PRESCRIPTION_LIMITS.mediumText).optional(),
    medications: medicationList.optional(),
    notes: typedText('Observações', PRESCRIPTION_LIMITS.mediumText).optional(),
    date: prescriptionDate.optional(),
    doctorName: typedText('Nome do médico', PRESCRIPTION_LIMITS.shortText).optional(),
    doctorCRM: typedText('CRM', 40).optional(),
    isFinalized: z.boolean({ error: 'Finalizada deve ser verdadeiro ou falso.' }).optional(),
    safetyReasons: writablePrescriptionShape.safetyReasons,
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Campo não reconhecido na receita: ${issue.keys.join(', ')}.`
        : 'Envie as alterações da receita como um objeto.',
  },
);

/** A prescription as the server answers it and the browser caches it. Dates are ISO 8601. */
export const prescriptionSchema = z.object({
  ...writablePrescriptionShape,
  id: requiredText(
    'Identificador da receita',
    PRESCRIPTION_LIMITS.shortText,
    'A receita não tem identificador.',
  ),
  createdAt: isoDateTime('Criada em'),
  updatedAt: isoDateTime('Atualizada em'),
  /** Raised by each write on the server; absent on a receita only this browser has. */
  version: z.number().int().positive().optional(),
});

/** The most receitas one PDF holds: a full lote. */
const MAX_PRINTED = PRESCRIPTION_LIMITS.batchPrescriptions;

/**
 * Body of `POST /api/prescriptions/pdf`: the receitas as the device holds them (a quantity just
 * changed in the print dialog prints before its save is answered), each with its id when it has
 * one, and the lote's name when printing a lote.
 */
export const receitaPrintSchema = z.strictObject(
  {
    prescriptions: z
      .array(
        prescriptionCreateSchema.extend({
          id: z.string().trim().min(1).max(PRESCRIPTION_LIMITS.shortText).optional(),
        }),
        { error: 'Envie as receitas como uma lista.' },
      )
      .min(1)
      .max(MAX_PRINTED),
    batchName: z.string().trim().min(1).max(100).optional(),
  },
  { error: 'Envie as receitas a imprimir como um objeto.' },
);
export type ReceitaPrintInput = z.input<typeof receitaPrintSchema>;

export type PrescriptionCreateInput = z.input<typeof prescriptionCreateSchema>;
export type PrescriptionCreate = z.output<typeof prescriptionCreateSchema>;
export type PrescriptionUpdate = z.output<typeof prescriptionUpdateSchema>;
export type Prescription = z.output<typeof prescriptionSchema>;

const batchName = requiredText('Nome do lote', 100, 'Informe o nome do lote.');
const prescriptionIds = z
  .array(
    requiredText(
      'Identificador da receita',
      PRESCRIPTION_LIMITS.shortText,
      'Identificador de receita vazio.',
    ),
    {
      error: 'Envie as receitas do lote como uma lista de identificadores.',
    },
  )
  .max(PRESCRIPTION_LIMITS.batchPrescriptions, {
    error: `Um lote pode ter no máximo ${PRESCRIPTION_LIMITS.batchPrescriptions} receitas.`,
  })
  .refine((ids) => new Set(ids).size === ids.length, {
    error: 'Uma receita só pode entrar uma vez no lote.',
  });

/**
 * Body of `POST /api/prescription-batches`. A batch without a name gets
 * {@link defaultBatchName} of the moment it is created (the server's clock decides).
 */
export const batchCreateSchema = z.strictObject(
  {
    name: batchName.optional(),
    prescriptionIds: prescriptionIds.default([]),
    isFinalized: z.boolean({ error: 'Finalizado deve ser verdadeiro ou falso.' }).default(false),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Campo não reconhecido no lote: ${issue.keys.join(', ')}.`
        : 'Envie o lote como um objeto.',
  },
);

/** Body of `PUT /api/prescription-batches/:id`: any subset. */
export const batchUpdateSchema = z.strictObject(
  {
    name: batchName.optional(),
    prescriptionIds: prescriptionIds.optional(),
    isFinalized: z.boolean({ error: 'Finalizado deve ser verdadeiro ou falso.' }).optional(),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `Campo não reconhecido no lote: ${issue.keys.join(', ')}.`
        : 'Envie as alterações do lote como um objeto.',
  },
);

/**
 * A batch as stored and answered. It holds the ids of its prescriptions, in the order they were
 * added, rather than copies: a prescription edited after being added prints as edited.
 * {@link prescriptionsOfBatch} resolves them.
 */
export const prescriptionBatchSchema = z.object({
  id: requiredText(
    'Identificador do lote',
    PRESCRIPTION_LIMITS.shortText,
    'O lote não tem identificador.',
  ),
  name: batchName,
  prescriptionIds,
  isFinalized: z.boolean(),
  createdAt: isoDateTime('Criado em'),
  updatedAt: isoDateTime('Atualizado em'),
  /** Raised by each write on the server; absent on a lote only this browser has. */
  version: z.number().int().positive().optional(),
});

export type BatchCreateInput = z.input<typeof batchCreateSchema>;
export type BatchCreate = z.output<typeof batchCreateSchema>;
export type BatchUpdate = z.output<typeof batchUpdateSchema>;
export type PrescriptionBatch = z.output<typeof prescriptionBatchSchema>;

/**
 * docs/product.md, "Ciclo de vida do lote": a batch created without a name is called 'Lote' plus
 * the pt-BR local date.
 * @param now - the moment of creation
 * @returns e.g. 'Lote 21/11/2026'
 */
export function defaultBatchName(now: Date): string {
  return `Lote ${formatDate(now)}`;
}

/**
 * The prescriptions of a batch, in the batch's order; ids with no prescription (deleted since)
 * are skipped.
 * @param batch - the batch
 * @param prescriptions - the doctor's prescriptions, in any order
 */
export function prescriptionsOfBatch<Receita extends Pick<Prescription, 'id'>>(
  batch: Pick<PrescriptionBatch, 'prescriptionIds'>,
  prescriptions: readonly Receita[],
): Receita[] {
  const byId = new Map(prescriptions.map((prescription) => [prescription.id, prescription]));
  return batch.prescriptionIds.flatMap((id) => {
    const prescription = byId.get(id);
    return prescription ? [prescription] : [];
  });
}

// ---------------------------------------------------------------------------------------------
// Route of administration

// Same text, lower case and without accents; other characters kept so words stay apart.
const fold = foldAccents;

/**
 * Word rules in the order they are tried: the more specific site first, so 'colírio' (drops)
 * is ophthalmic before 'gotas' is oral, 'spray nasal' is nasal before 'spray' is inhaled, and
 * 'suspensão injetável' is injectable before 'suspensão' is oral. Rules run on folded text;
 * `upper` rules run on the accentless text with its case, for abbreviations ('IM', not 'im').
 */
const ROUTE_RULES: readonly { route: MedicationRoute; words?: RegExp; upper?: RegExp }[] = [
  { route: 'oftalmica', words: /\b(?:colirios?|oftalm\w*|olhos?)\b/ },
  { route: 'otologica', words: /\b(?:otolog\w*|otic[oa]s?|ouvidos?|auricular)\b/ },
  { route: 'nasal', words: /\b(?:nasa(?:l|is)|narinas?|intranasal)\b/ },
  {
    route: 'inalatoria',
    words:
      /\b(?:bombinhas?|aeross?ol|jatos?|puffs?|inala\w*|nebuliza\w*|espacador|diskus|turbuhaler|respimat|p[oó] para inalacao)\b/,
  },
  { route: 'sublingual', words: /\b(?:sublingua(?:l|is))\b/, upper: /\bSL\b/ },
  {
    route: 'injetavel',
    words:
      /\b(?:injeta(?:vel|veis)|injec\w*|ampolas?|frasco-ampola|intramuscular|endovenos[oa]|intravenos[oa]|subcutane[oa]|seringas?|canetas? (?:aplicadora|de insulina))\b/,
    upper: /\b(?:IM|EV|IV|SC)\b/,
  },
  { route: 'retal', words: /\b(?:supositorios?|retal|enemas?)\b/ },
  { route: 'vaginal', words: /\b(?:vagina(?:l|is)|ovulos?)\b/ },
  {
    route: 'topica',
    words:
      /\b(?:cremes?|pomadas?|gel|locao|topic[oa]|xampus?|shampoos?|unguentos?|emulsao|pasta d'agua|solucao capilar|adesivos? transdermic\w*)\b/,
  },
];

/**
 * The route a medicine is taken by, read from the words of its name, dosage and instructions:
 * comprimido, cápsula, gotas, xarope, suspensão → oral; creme, pomada, gel, loção → tópico;
 * colírio → oftálmico; spray nasal → nasal; bombinha, aerossol, jatos, inalação → inalatório;
 * injetável, ampola, IM, EV, SC → injetável; supositório → retal; óvulo → vaginal. A route
 * already set on the medicine wins; nothing recognised means oral, by far the commonest.
 * @param medication - the medicine as prescribed
 */
export function guessRoute(
  medication: Pick<PrescriptionMedicationInput, 'name'> &
    Partial<Pick<PrescriptionMedicationInput, 'dosage' | 'instructions' | 'frequency' | 'route'>>,
): MedicationRoute {
  if (medication.route) return medication.route;
  const text = [medication.name, medication.dosage, medication.instructions, medication.frequency]
    .filter((part): part is string => Boolean(part))
    .join(' ; ');
  const folded = fold(text);
  const accentless = text.normalize('NFD').replace(/\p{M}/gu, '');
  for (const rule of ROUTE_RULES) {
    if (rule.words?.test(folded) || rule.upper?.test(accentless)) return rule.route;
  }
  return 'oral';
}

/**
 * The medicines of a prescription grouped under their route headings, routes in the order of
 * {@link MEDICATION_ROUTES} (oral first), medicines in their order within each route.
 * @param medications - the prescription's medicines
 */
export function groupMedicationsByRoute<M extends Parameters<typeof guessRoute>[0]>(
  medications: readonly M[],
): { route: MedicationRoute; heading: string; medications: M[] }[] {
  const groups = new Map<MedicationRoute, M[]>();
  for (const medication of medications) {
    const route = guessRoute(medication);
    groups.set(route, [...(groups.get(route) ?? []), medication]);
  }
  return MEDICATION_ROUTES.flatMap((route) => {
    const group = groups.get(route);
    return group ? [{ route, heading: ROUTE_HEADINGS[route], medications: group }] : [];
  });
}

// ---------------------------------------------------------------------------------------------
// Instructions without abbreviations

/** Whether a written amount means one or less ('1', '½', 'meio', '0,5'): singular noun. */
function isSingular(amount: string | undefined): boolean {
  if (amount === undefined) return true;
  const folded = fold(amount.trim());
  if (/^(?:1|um|uma|meio|meia|½|¼|0(?:[.,]\d+)?|1\/2|1\/4)$/.test(folded)) return true;
  return false;
}

/** A count noun in agreement with the amount before it. */
function counted(amount: string | undefined, singular: string, plural: string): string {
  const noun = isSingular(amount) ? singular : plural;
  return amount === undefined ? noun : `${amount} ${noun}`;
}

const AMOUNT = String.raw`(\d+(?:[.,]\d+)?|½|¼|1\/2|1\/4)`;
/** A unit abbreviation preceded, optionally, by its amount: '2 cp', '1cp', 'cp'. */
const countAbbreviation = (abbreviations: string) =>
  new RegExp(String.raw`(?:${AMOUNT}\s*)?\b(?:${abbreviations})(?![\p{L}\d])\.?`, 'giu');

/** 'vezes' count in words, feminine ('duas vezes'); larger counts stay in digits. */
function timesInWords(count: string): string {
  const n = Number(count);
  return Number.isInteger(n) && n >= 1 && n <= 12 ? quantityInWords(n, 'feminine') : count;
}

const PERIOD_WORDS: Record<string, string> = {
  d: 'dia',
  dia: 'dia',
  sem: 'semana',
  semana: 'semana',
  m: 'mês',
  mes: 'mês',
  mês: 'mês',
};

/**
 * Rewrites the abbreviations doctors type into the words a printed receita must carry (CFM and
 * ISMP Brasil: no abbreviations in the instructions): '8/8h' → 'de 8 em 8 horas', '1x ao dia' →
 * 'uma vez ao dia', 'cp'/'comp' → 'comprimido(s)', 'caps' → 'cápsula(s)', 'gts' → 'gotas',
 * 'VO' → 'por via oral', 'IM' → 'por via intramuscular', 'EV'/'IV' → 'por via endovenosa',
 * 'SC' → 'por via subcutânea', 'SL' → 'por via sublingual', 'SOS'/'S/N' → 'se necessário',
 * 'ACM' → 'a critério médico', '7d' → '7 dias', 'c/' → 'com', 'ml'/'cc' → 'mL', 'UI' after a
 * number → 'unidades internacionais'. Running it twice changes nothing more.
 * @param text - the instructions as typed
 */
export function expandInstructionAbbreviations(text: string): string {
  let out = text;
  // Intervals first, before 'h' and the slashes are read on their own. 'de 8/8h' keeps one 'de'.
  out = out.replace(
    /(?:\b[Dd]e\s+)?\b(\d{1,2})\s*\/\s*\1\s*(?:h(?:s|rs?|oras?)?\b|(?=\s|[,;.)]|$))(?!\/)/g,
    (_match, hours: string) => `de ${hours} em ${hours} ${hours === '1' ? 'hora' : 'horas'}`,
  );
  // 'S/N' and 'se nec.' before 'c/', 's/', 'p/'.
  out = out.replace(/\b(?:SOS|S\.O\.S\.?|[Ss]\s*\/\s*[Nn])(?![\p{L}\d])/gu, 'se necessário');
  out = out.replace(/\bse\s+nec(?:ess)?\.?(?![\p{L}])/giu, 'se necessário');
  out = out.replace(/\bACM\b/g, 'a critério médico');
  // 'Nx ao dia', '2x/dia', '3 x por dia', '1x/sem', '1x por semana'.
  out = out.replace(
    /\b(\d{1,2})\s*(?:x|vezes|vez)\s*(?:\/|ao|por|p\/)?\s*(dia|d|sem(?:ana)?|m[eê]s)\b\.?/giu,
    (_match, count: string, period: string) => {
      const noun = count === '1' ? 'vez' : 'vezes';
      const periodWord = PERIOD_WORDS[fold(period).replace(/\.$/, '')] ?? period;
      const joiner = periodWord === 'dia' ? 'ao' : 'por';
      return `${timesInWords(count)} ${noun} ${joiner} ${periodWord}`;
    },
  );
  out = out.replace(
    /\b(\d{1,2})\s*x\b(?!\s*\d)/g,
    (_match, count: string) => `${timesInWords(count)} ${count === '1' ? 'vez' : 'vezes'}`,
  );
  // Pharmaceutical units, in agreement with the amount before them.
  out = out.replace(countAbbreviation('cps?|cpr|comps?|compr'), (_m, amount?: string) =>
    counted(amount, 'comprimido', 'comprimidos'),
  );
  out = out.replace(countAbbreviation('caps'), (_m, amount?: string) =>
    counted(amount, 'cápsula', 'cápsulas'),
  );
  out = out.replace(countAbbreviation('gts?|gtt|gt'), (_m, amount?: string) =>
    counted(amount, 'gota', 'gotas'),
  );
  out = out.replace(countAbbreviation('amp'), (_m, amount?: string) =>
    counted(amount, 'ampola', 'ampolas'),
  );
  out = out.replace(countAbbreviation('cx'), (_m, amount?: string) =>
    counted(amount, 'caixa', 'caixas'),
  );
  out = out.replace(countAbbreviation('fr|fco'), (_m, amount?: string) =>
    counted(amount, 'frasco', 'frascos'),
  );
  out = out.replace(countAbbreviation('cs'), (_m, amount?: string) =>
    counted(amount, 'colher de sopa', 'colheres de sopa'),
  );
  out = out.replace(countAbbreviation('cch'), (_m, amount?: string) =>
    counted(amount, 'colher de chá', 'colheres de chá'),
  );
  // Routes: the capitals only ('IM', 'SC'), or with full stops ('v.o.'), never ordinary words.
  out = out.replace(/\b(?:VO|[Vv]\.[Oo]\.?|vo)(?![\p{L}\d])/gu, 'por via oral');
  out = out.replace(/\b(?:IM|[Ii]\.[Mm]\.)(?![\p{L}\d])/gu, 'por via intramuscular');
  out = out.replace(/\b(?:EV|IV|[Ee]\.[Vv]\.)(?![\p{L}\d])/gu, 'por via endovenosa');
  out = out.replace(/\b(?:SC|[Ss]\.[Cc]\.)(?![\p{L}\d])/gu, 'por via subcutânea');
  out = out.replace(/\bSL(?![\p{L}\d])/gu, 'por via sublingual');
  // Time: '7d', '2 sem', '3m' after a number; '8h' → '8 horas'; '30 min' → '30 minutos'.
  out = out.replace(
    /\b(\d+)\s*(?:d|ds)\b\.?/g,
    (_m, n: string) => `${n} ${n === '1' ? 'dia' : 'dias'}`,
  );
  out = out.replace(
    /\b(\d+)\s*sem\b\.?/g,
    (_m, n: string) => `${n} ${n === '1' ? 'semana' : 'semanas'}`,
  );
  out = out.replace(
    /\b(\d+)\s*(?:h|hs|hrs?)\b\.?/g,
    (_m, n: string) => `${n} ${n === '1' ? 'hora' : 'horas'}`,
  );
  out = out.replace(
    /\b(\d+)\s*min\b\.?/g,
    (_m, n: string) => `${n} ${n === '1' ? 'minuto' : 'minutos'}`,
  );
  // Little words.
  out = out.replace(/(^|[\s(])c\/(?=\s|\p{L})/gu, '$1com ');
  out = out.replace(/(^|[\s(])s\/(?=\s|\p{L})/gu, '$1sem ');
  out = out.replace(/(^|[\s(])p\/(?=\s|\p{L})/gu, '$1para ');
  // Units: SI symbols stay, written as they should be.
  out = out.replace(/(\d\s*)(?:ml|ML|Ml|cc)\b/g, '$1mL');
  out = out.replace(/\bml\b/g, 'mL');
  out = out.replace(/(\d\s*)(?:µg|μg|ug)(?![\p{L}])/gu, '$1mcg');
  out = out.replace(/(\d)\s*(?:UI|U)\b(?!\/)/g, '$1 unidades internacionais');
  return out.replace(/[ \t]{2,}/g, ' ').replace(/ +([,;.])/g, '$1');
}

/** docs/product.md, "Receita rápida": the quality shown for a rule-parsed quick prescription. */
export const MANUAL_PARSING_QUALITY = 85;
/**
 * docs/product.md, "Receita rápida": the quality shown when a model's answer carries no confidence.
 */
export const DEFAULT_QUICK_QUALITY = 80;

/**
 * The quick prescription quality of docs/product.md, "Receita rápida", in percent, as the chat
 * reports it:
 * - parsed by the rule parser (src/clinical/prescriptions/quick-prescription.ts): 85, whatever its confidence says — the
 *   spec fixes the figure for manual parsing;
 * - from a model: its confidence × 100, rounded and kept within 0–100; a confidence that is
 *   missing — absent, not a number, or 0, which is what the answer schema turns a missing one
 *   into — gives 80.
 * @param result - the extraction, with its confidence (0–1) if any
 * @param manual - whether the rule parser produced it
 */
export function quickPrescriptionQuality(
  result: { confidence?: number | null },
  manual: boolean,
): number {
  if (manual) return MANUAL_PARSING_QUALITY;
  const confidence = result.confidence;
  if (
    confidence === undefined ||
    confidence === null ||
    !Number.isFinite(confidence) ||
    confidence <= 0
  ) {
    return DEFAULT_QUICK_QUALITY;
  }
  return Math.round(Math.min(1, confidence) * 100);
}
