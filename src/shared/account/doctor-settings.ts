import { z } from 'zod';
import { CPF_INVALID, digitsOf, isValidCpf } from '../patients/identifiers';

/** The 27 federative units (26 states and the Distrito Federal), each with its own CRM council. */
export const BRAZILIAN_STATES = [
  'AC', 'AL', 'AP', 'AM', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MT', 'MS', 'MG', 'PA',
  'PB', 'PR', 'PE', 'PI', 'RJ', 'RN', 'RS', 'RO', 'RR', 'SC', 'SP', 'SE', 'TO',
] as const; // prettier-ignore
export type BrazilianState = (typeof BRAZILIAN_STATES)[number];

/**
 * docs/product.md, "Campos das configurações": prescriptions printed per page, 1 to 4, default 2.
 */
export const PRESCRIPTIONS_PER_PAGE = { min: 1, max: 4, default: 2 } as const;

export const SETTINGS_LIMITS = {
  shortText: 200,
  address: 300,
  prescriptionText: 2000,
  template: 10_000,
  crmDigits: 8,
  rqeDigits: 8,
  /** CNES numbers (Cadastro Nacional de Estabelecimentos de Saúde) have exactly 7 digits. */
  cnesDigits: 7,
} as const;

/**
 * The default record output (the record variables of
 * docs/product.md, "Modelos de prontuário e de receita"); doctors rewrite it as they like.
 */
export const DEFAULT_RECORD_TEMPLATE = `PRONTUÁRIO MÉDICO
Paciente: {{nome_paciente}}
Data da consulta: {{data_consulta}}

HISTÓRIA CLÍNICA
{{historia_clinica}}

EXAME FÍSICO
{{exame_fisico}}

HIPÓTESES DIAGNÓSTICAS
{{hipoteses_diagnosticas}}

PLANO TERAPÊUTICO
{{plano_terapeutico}}

PRESCRIÇÕES
{{prescricoes}}

ORIENTAÇÕES
{{orientacoes}}

Próxima consulta: {{proxima_consulta}}

{{nome_medico}} — {{crm}}`;

/**
 * The default prescription (the prescription variables of
 * docs/product.md, "Modelos de prontuário e de receita"). A receita goes to the pharmacy: it
 * carries no diagnosis (docs/receitas.md, "O modelo de receita"); the record keeps it.
 */
export const DEFAULT_PRESCRIPTION_TEMPLATE = `RECEITUÁRIO
Data: {{data_receita}}

Paciente: {{nome_paciente}}    Idade: {{idade_paciente}}

{{medicamentos}}

Observações: {{observacoes}}

_______________________________________
{{nome_medico}} — {{crm}}
{{endereco_clinica}} · {{telefone_clinica}} · {{email_medico}}`;

/**
 * The default prescription of earlier versions, which printed the diagnosis. Settings still
 * holding it word for word never chose it: they read as today's default
 * (docs/receitas.md, "O modelo de receita"). A template the doctor edited is hers and stays.
 */
export const PREVIOUS_DEFAULT_PRESCRIPTION_TEMPLATE = `RECEITUÁRIO
Data: {{data_receita}}

Paciente: {{nome_paciente}}    Idade: {{idade_paciente}}
Diagnóstico: {{diagnostico}}

{{medicamentos}}

Observações: {{observacoes}}

_______________________________________
{{nome_medico}} — {{crm}}
{{endereco_clinica}} · {{telefone_clinica}} · {{email_medico}}`;

/**
 * Text a person typed: trimmed, capped, and without NUL (which PostgreSQL's JSONB refuses, so it
 * must be a 400 here rather than a failed write).
 */
const typedText = (label: string, max: number, trim = true) =>
  (trim ? z.string().trim() : z.string())
    .max(max, `${label}: no máximo ${max} caracteres.`)
    .refine((text) => !text.includes('\u0000'), `${label}: contém caracteres inválidos.`);

const EMAIL = z.email();
const PER_PAGE_MESSAGE = `Receitas por página deve ser um número de ${PRESCRIPTIONS_PER_PAGE.min} a ${PRESCRIPTIONS_PER_PAGE.max}.`;

/** Whether a text is one of the 27 UFs, as written ('SP'). */
export function isBrazilianState(state: string): state is BrazilianState {
  return (BRAZILIAN_STATES as readonly string[]).includes(state);
}

const PHONE_PATTERN = /^\+?[\d\s().-]+$/;
const phoneDigits = (phone: string) => phone.replace(/\D/g, '').replace(/^55(?=\d{10,11}$)/, '');

/** A Brazilian phone: 10 or 11 digits once punctuation (and a +55) is removed, DDD included. */
export function isBrazilianPhone(phone: string): boolean {
  return PHONE_PATTERN.test(phone) && [10, 11].includes(phoneDigits(phone).length);
}

export const PHONE_INVALID = 'Telefone inválido: informe DDD e número, por exemplo (11) 3456-7890.';

const CRM_WITH_STATE_PATTERNS = [
  // 123456-SP, 123456/SP, 123456 SP
  /^(?<number>\d+)\s*[-/\s]\s*(?<state>[a-z]{2})$/i,
  // CRM-SP 123456, CRM/SP 123456, CRM SP 123456, CRMSP 123456, CRM-SP-123456
  /^CRM\s*[-/\s]?\s*(?<state>[a-z]{2})\s*[-:\s]?\s*(?<number>\d+)$/i,
];

/**
 * A CRM as a doctor writes it: its number alone ('123456'), or with the UF of its council
 * ('123456-SP', '123456/SP', 'CRM-SP 123456', 'CRM/SP 123456'). Returns the digits and the UF as
 * written (upper-cased, not yet checked to be one of the 27), or undefined when it is not a CRM.
 * '' is a CRM left blank.
 * @param text - the CRM as typed
 */
export function readCrm(text: string): { crm: string; state?: string } | undefined {
  const trimmed = text.trim();
  const digitsOnly = new RegExp(`^\\d{0,${SETTINGS_LIMITS.crmDigits}}$`);
  if (digitsOnly.test(trimmed)) return { crm: trimmed };
  for (const pattern of CRM_WITH_STATE_PATTERNS) {
    const groups = pattern.exec(trimmed)?.groups;
    const number = groups?.number;
    const state = groups?.state;
    if (number && state && number.length <= SETTINGS_LIMITS.crmDigits) {
      return { crm: number, state: state.toUpperCase() };
    }
  }
  return undefined;
}

/**
 * Settings whose CRM was written with its UF ('123456-SP'): the digits stay in `crm`, the UF goes
 * to `crmState`. A UF that is not one of the 27, or that contradicts the `crmState` sent with it,
 * is refused rather than guessed.
 */
function withCrmStateSplit<T extends { crm?: string | undefined; crmState?: string | undefined }>(
  settings: T,
  context: z.RefinementCtx,
): T {
  const read = settings.crm === undefined ? undefined : readCrm(settings.crm);
  if (!read) return settings;
  if (read.state === undefined) return { ...settings, crm: read.crm };
  if (!isBrazilianState(read.state)) {
    context.addIssue({
      code: 'custom',
      path: ['crm'],
      message: `A UF ${read.state} do CRM não existe: use uma das 27 UFs, por exemplo 123456-SP.`,
    });
    return z.NEVER;
  }
  if (settings.crmState && settings.crmState !== read.state) {
    context.addIssue({
      code: 'custom',
      path: ['crm'],
      message: `O CRM ${settings.crm ?? ''} é de ${read.state}, mas a UF do CRM escolhida é ${settings.crmState}: corrija uma das duas.`,
    });
    return z.NEVER;
  }
  return { ...settings, crm: read.crm, crmState: read.state };
}

const AI_ENABLED = z.boolean({ error: 'Informe se a IA fica ligada.' });

/** Each setting on its own; {@link doctorSettingsSchema} adds the rules across fields. */
const settingsFieldsSchema = z
  .object({
    name: typedText('Nome', SETTINGS_LIMITS.shortText),
    // Digits, or digits with their UF as a doctor writes them ('123456-SP', 'CRM/SP 123456'):
    // the UF is moved to crmState below.
    crm: z
      .string()
      .trim()
      .refine(
        (crm) => readCrm(crm) !== undefined,
        `O CRM deve conter apenas números (até ${SETTINGS_LIMITS.crmDigits} dígitos).`,
      ),
    crmState: z
      .string()
      .refine(
        (state): state is BrazilianState | '' => state === '' || isBrazilianState(state),
        'Selecione uma UF válida para o CRM.',
      ),
    // The doctor's own CPF: what a signing certificate is compared with (docs/documentos.md). Digits only.
    cpf: z
      .string()
      .trim()
      .refine((cpf) => cpf === '' || isValidCpf(cpf), CPF_INVALID)
      .transform(digitsOf),
    specialty: typedText('Especialidade', SETTINGS_LIMITS.shortText),
    rqe: z
      .string()
      .trim()
      .regex(
        new RegExp(`^\\d{0,${SETTINGS_LIMITS.rqeDigits}}$`),
        `O RQE deve conter apenas números (até ${SETTINGS_LIMITS.rqeDigits} dígitos).`,
      ),
    prescriptionName: typedText('Nome na receita', SETTINGS_LIMITS.shortText),
    prescriptionText: typedText('Texto da receita', SETTINGS_LIMITS.prescriptionText),
    // Templates keep their spacing: leading blank lines and indentation are layout.
    medicalRecordOutput: typedText('Modelo de prontuário', SETTINGS_LIMITS.template, false),
    prescriptionTemplate: typedText('Modelo de receita', SETTINGS_LIMITS.template, false),
    // Printed in the header of every document and receita (docs/documentos.md, "PDF").
    clinicName: typedText('Nome da clínica', SETTINGS_LIMITS.shortText),
    cnes: z
      .string()
      .trim()
      .regex(
        new RegExp(`^(\\d{${SETTINGS_LIMITS.cnesDigits}})?$`),
        `O CNES deve ter exatamente ${SETTINGS_LIMITS.cnesDigits} dígitos.`,
      ),
    clinicAddress: typedText('Endereço', SETTINGS_LIMITS.address),
    clinicPhone: z
      .string()
      .trim()
      .refine((phone) => phone === '' || isBrazilianPhone(phone), PHONE_INVALID),
    doctorEmail: z
      .string()
      .trim()
      .refine((email) => email === '' || EMAIL.safeParse(email).success, 'E-mail inválido.'),
    prescriptionsPerPage: z
      .number({ error: PER_PAGE_MESSAGE })
      .int(PER_PAGE_MESSAGE)
      .min(PRESCRIPTIONS_PER_PAGE.min, PER_PAGE_MESSAGE)
      .max(PRESCRIPTIONS_PER_PAGE.max, PER_PAGE_MESSAGE),
    /**
     * Whether Prontu's AI helps at all: the doctor may switch it off (CFM 2.454/2026); every AI
     * route then answers 409 `ai_disabled`. On unless she says otherwise.
     */
    aiEnabled: AI_ENABLED,
  })
  .strict();

/**
 * The doctor's settings (docs/product.md, "Campos das configurações"), which fill prescriptions and
 * records. Every field may be left blank; what is filled must be valid. The same schema checks the
 * form and the API.
 */
export const doctorSettingsSchema = settingsFieldsSchema
  // Settings written before these fields (and their clients) leave them out: they take their
  // defaults here, never in the PATCH schema, where a default would overwrite a field not sent.
  .extend({
    clinicName: settingsFieldsSchema.shape.clinicName.default(''),
    cnes: settingsFieldsSchema.shape.cnes.default(''),
    aiEnabled: settingsFieldsSchema.shape.aiEnabled.default(true),
  })
  .transform(withCrmStateSplit)
  .superRefine((settings, context) => {
    if (settings.crm !== '' && settings.crmState === '') {
      context.addIssue({
        code: 'custom',
        path: ['crmState'],
        message: 'Informe a UF do CRM.',
      });
    }
    // CFM 2.336/2023: a specialty is announced only with its RQE (Registro de Qualificação de
    // Especialista), and an RQE only names a specialty.
    if (settings.specialty !== '' && settings.rqe === '') {
      context.addIssue({
        code: 'custom',
        path: ['rqe'],
        message: 'Informe o RQE da especialidade.',
      });
    }
    if (settings.rqe !== '' && settings.specialty === '') {
      context.addIssue({
        code: 'custom',
        path: ['specialty'],
        message: 'Informe a especialidade do RQE.',
      });
    }
  });

/**
 * Body of `PATCH /api/settings`: only the fields that changed, each checked as in
 * {@link doctorSettingsSchema}; the rules across fields are checked on the merged settings.
 */
export const doctorSettingsPatchSchema = settingsFieldsSchema
  .partial()
  .strict()
  .transform(withCrmStateSplit);

export type DoctorSettings = z.infer<typeof doctorSettingsSchema>;
export type DoctorSettingsPatch = z.infer<typeof doctorSettingsPatchSchema>;

export type DoctorSettingsField = keyof DoctorSettings;

/**
 * The defaults (docs/product.md, "Campos das configurações"): blank profile, the default templates,
 * 2 prescriptions per page.
 */
export const DEFAULT_DOCTOR_SETTINGS: DoctorSettings = {
  name: '',
  crm: '',
  crmState: '',
  cpf: '',
  specialty: '',
  rqe: '',
  prescriptionName: '',
  prescriptionText: '',
  medicalRecordOutput: DEFAULT_RECORD_TEMPLATE,
  prescriptionTemplate: DEFAULT_PRESCRIPTION_TEMPLATE,
  clinicName: '',
  cnes: '',
  clinicAddress: '',
  clinicPhone: '',
  doctorEmail: '',
  prescriptionsPerPage: PRESCRIPTIONS_PER_PAGE.default,
  aiEnabled: true,
};

/**
 * Reads settings saved by this or an older version: missing fields take their defaults, unknown
 * ones are dropped. Returns undefined when what is there is not valid settings.
 */
export function readStoredSettings(stored: unknown): DoctorSettings | undefined {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return undefined;
  const known = Object.fromEntries(
    Object.entries(stored).filter(([field]) => field in DEFAULT_DOCTOR_SETTINGS),
  );
  if (known.prescriptionTemplate === PREVIOUS_DEFAULT_PRESCRIPTION_TEMPLATE) {
    known.prescriptionTemplate = DEFAULT_PRESCRIPTION_TEMPLATE;
  }
  const parsed = doctorSettingsSchema.safeParse({ ...DEFAULT_DOCTOR_SETTINGS, ...known });
  return parsed.success ? parsed.data : undefined;
}

/** 'CRM/SP 123456', the way a Brazilian prescription shows it; '' when the CRM is not set. */
export function formatCrm(settings: { crm: string; crmState: string }): string {
  if (settings.crm === '') return '';
  return settings.crmState === ''
    ? `CRM ${settings.crm}`
    : `CRM/${settings.crmState} ${settings.crm}`;
}

/**
 * 'Clínica Bem Viver · CNES 1234567', the clinic line of every document's and receita's header
 * (docs/documentos.md, "PDF"); '' when neither is set.
 */
export function formatClinic(settings: { clinicName?: string; cnes?: string }): string {
  const cnes = settings.cnes?.trim() ?? '';
  return [settings.clinicName?.trim() ?? '', cnes === '' ? '' : `CNES ${cnes}`]
    .filter((part) => part !== '')
    .join(' · ');
}

/**
 * docs/product.md, "Campos das configurações": the doctor profile counts as configured with a name
 * and a CRM.
 */
export function isDoctorProfileConfigured(settings: DoctorSettings): boolean {
  return settings.name !== '' && settings.crm !== '';
}
