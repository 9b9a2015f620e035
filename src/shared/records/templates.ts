import { formatCrm } from '../account/doctor-settings';
import { formatDate } from '../lib/pt-br-format';

/**
 * docs/product.md, "Modelos de prontuário e de receita": the variables a record output template may
 * use.
 */
export const RECORD_TEMPLATE_VARIABLES = [
  'nome_paciente',
  'data_consulta',
  'nome_medico',
  'crm',
  'historia_clinica',
  'exame_fisico',
  'hipoteses_diagnosticas',
  'plano_terapeutico',
  'prescricoes',
  'orientacoes',
  'proxima_consulta',
] as const;

/**
 * docs/product.md, "Modelos de prontuário e de receita": the variables a prescription template may
 * use.
 */
export const PRESCRIPTION_TEMPLATE_VARIABLES = [
  'data_receita',
  'nome_paciente',
  'idade_paciente',
  'nome_medico',
  'crm',
  'diagnostico',
  'medicamentos',
  'observacoes',
  'endereco_clinica',
  'telefone_clinica',
  'email_medico',
] as const;

export type TemplateKind = 'record' | 'prescription';

/** The settings a template reads: saved ones, or the settings form as typed (for the preview). */
export interface TemplateSettings {
  name: string;
  prescriptionName: string;
  crm: string;
  crmState: string;
  clinicAddress: string;
  clinicPhone: string;
  doctorEmail: string;
  medicalRecordOutput: string;
  prescriptionTemplate: string;
}
export type TemplateValues = Readonly<Partial<Record<string, string>>>;

const VARIABLE_PATTERN = /\{\{\s*([a-z_]+)\s*\}\}/g;

/**
 * Fills `{{variavel}}` placeholders. A variable with no value (missing or blank) stays visible as
 * written, so the doctor sees what is still to be filled
 * (docs/product.md, "Modelos de prontuário e de receita").
 */
export function fillTemplate(template: string, values: TemplateValues): string {
  return template.replace(VARIABLE_PATTERN, (placeholder, name: string) => {
    const value = values[name]?.trim();
    return value ? value : placeholder;
  });
}

/**
 * What the doctor's own settings fill in a template: their name (the prescription name on
 * prescriptions, when set), CRM, clinic contacts and today's date.
 */
export function doctorTemplateValues(
  settings: TemplateSettings,
  kind: TemplateKind,
  today: Date,
): TemplateValues {
  const doctorName =
    kind === 'prescription'
      ? settings.prescriptionName || settings.name
      : settings.name || settings.prescriptionName;
  const date = formatDate(today);
  return {
    nome_medico: doctorName,
    crm: formatCrm(settings),
    endereco_clinica: settings.clinicAddress,
    telefone_clinica: settings.clinicPhone,
    email_medico: settings.doctorEmail,
    ...(kind === 'prescription' ? { data_receita: date } : { data_consulta: date }),
  };
}

/** The settings page's preview: the chosen template filled with what the settings know. */
export function previewTemplate(
  settings: TemplateSettings,
  kind: TemplateKind,
  today: Date,
): string {
  const template =
    kind === 'prescription' ? settings.prescriptionTemplate : settings.medicalRecordOutput;
  return fillTemplate(template, doctorTemplateValues(settings, kind, today));
}
