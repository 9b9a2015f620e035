import { z } from 'zod';

/** Portuguese names of the fields a doctor fills, for error messages a person can act on. */
const FIELD_LABELS: Record<string, string> = {
  patientInfo: 'Dados do paciente',
  name: 'Nome',
  age: 'Idade',
  gender: 'Sexo',
  allergies: 'Alergias',
  medications: 'Medicamentos',
  chronicConditions: 'Condições crônicas',
  contact: 'Contato',
  symptoms: 'Sintomas',
  chiefComplaint: 'Queixa principal',
  currentSymptoms: 'Sintomas atuais',
  duration: 'Duração',
  intensity: 'Intensidade',
  additionalInfo: 'Informações adicionais',
  physicalExam: 'Exame físico',
  vitalSigns: 'Sinais vitais',
  bloodPressure: 'Pressão arterial',
  heartRate: 'Frequência cardíaca',
  respiratoryRate: 'Frequência respiratória',
  temperature: 'Temperatura',
  oxygenSaturation: 'Saturação de oxigênio',
  height: 'Altura',
  weight: 'Peso',
  bmi: 'IMC',
  generalAppearance: 'Descrição do exame físico',
  assessment: 'Avaliação',
  prescriptions: 'Prescrições',
  exams: 'Exames',
  additionalNotes: 'Observações adicionais',
  plan: 'Plano',
  currentStep: 'Etapa atual',
  status: 'Status',
  steps: 'Etapas',
  consultationFeedback: 'Feedback da consulta',
  dosage: 'Dosagem',
  frequency: 'Frequência',
  instructions: 'Instruções',
  type: 'Tipo',
  priority: 'Prioridade',
  justification: 'Justificativa',
  limit: 'Limite',
  q: 'Busca',
  sex: 'Sexo do paciente',
  weightKg: 'Peso (kg)',
  pregnant: 'Gestante',
  medicationsInUse: 'Medicamentos em uso',
  creatinineClearance: 'Clearance de creatinina',
  text: 'Texto',
  record: 'Prontuário',
  lastEvaluatedKey: 'Chave de paginação',
  email: 'E-mail',
  password: 'Senha',
  crm: 'CRM',
  crmState: 'UF do CRM',
  prescriptionName: 'Nome na receita',
  prescriptionText: 'Texto da receita',
  medicalRecordOutput: 'Modelo de prontuário',
  prescriptionTemplate: 'Modelo de receita',
  clinicAddress: 'Endereço da clínica',
  clinicPhone: 'Telefone da clínica',
  birthDate: 'Data de nascimento',
  cpf: 'CPF',
  cns: 'CNS',
  phone: 'Telefone',
  address: 'Endereço',
  street: 'Logradouro',
  number: 'Número',
  complement: 'Complemento',
  district: 'Bairro',
  city: 'Cidade',
  uf: 'UF',
  cep: 'CEP',
  doctorEmail: 'E-mail',
  prescriptionsPerPage: 'Receitas por página',
  messages: 'Mensagens',
  content: 'Mensagem',
  role: 'Autor da mensagem',
  // Prescriptions and batches. `name` stays 'Nome' above: the label is chosen by the last key of
  // the path alone, and that key also names a patient, a medicine and the doctor in settings.
  patientName: 'Nome do paciente',
  patientAge: 'Idade do paciente',
  patientAddress: 'Endereço do paciente',
  patientSex: 'Sexo do paciente',
  diagnosis: 'Diagnóstico',
  doctorName: 'Nome do médico',
  doctorCRM: 'CRM',
  quantity: 'Quantidade',
  route: 'Via de administração',
  genericAllowed: 'Permitir genérico',
  notes: 'Observações',
  date: 'Data da receita',
  isFinalized: 'Finalização',
  finalized: 'Filtro de finalização',
  prescriptionIds: 'Receitas do lote',
  prescriptionId: 'Receita',
  // Clinical documents (shared/documents/clinical-document.ts).
  kind: 'Tipo de documento',
  patientId: 'Paciente',
  recordId: 'Prontuário',
  days: 'Dias de afastamento',
  startDate: 'Início do afastamento',
  showCid: 'CID autorizado pela paciente',
  cid: 'CID-10',
  from: 'Horário de chegada',
  to: 'Horário de saída',
  clinicalIndication: 'Indicação clínica',
  specialty: 'Especialidade',
  summary: 'Resumo clínico',
  reason: 'Motivo do cancelamento',
  // Labelled by their last two keys: the last alone names something else elsewhere.
  'content.date': 'Data do comparecimento',
  'content.reason': 'Motivo do encaminhamento',
  'content.text': 'Texto do relatório',
  // A prescription's reasons to go on through a safety warning (receita and record alike).
  safetyReasons: 'Justificativas dos avisos de segurança',
  'safetyReasons.kind': 'Tipo do aviso de segurança',
  'safetyReasons.severity': 'Gravidade do aviso de segurança',
  'safetyReasons.medications': 'Medicamentos do aviso de segurança',
  'safetyReasons.message': 'Texto do aviso de segurança',
  'safetyReasons.reason': 'Justificativa',
};

const TYPE_NAMES: Record<string, string> = {
  string: 'texto',
  number: 'número',
  int: 'número inteiro',
  boolean: 'verdadeiro ou falso',
  array: 'lista',
  object: 'objeto',
};

/** Where in the input the problem is, named for a person: "Idade (patientInfo.age)". */
function describePath(path: readonly PropertyKey[]): string {
  const keys = path.filter((part): part is string => typeof part === 'string');
  const label = FIELD_LABELS[keys.slice(-2).join('.')] ?? FIELD_LABELS[keys[keys.length - 1] ?? ''];
  const dotted = path.map(String).join('.');
  if (label) return `${label} (${dotted})`;
  return dotted ? `Campo ${dotted}` : 'Dados enviados';
}

/** '1 item', '3 itens'. */
const itemCount = (count: number | bigint) =>
  `${count} ${count === 1 || count === 1n ? 'item' : 'itens'}`;

function describeIssue(issue: z.core.$ZodIssue): string {
  return describeKnownIssue(issue) ?? issue.message;
}

/** Our Portuguese for the common issues; undefined for the rarer ones. */
function describeKnownIssue(issue: z.core.$ZodIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'é obrigatório';
      return `deve ser ${TYPE_NAMES[issue.expected] ?? issue.expected}`;
    case 'too_big':
      if (issue.origin === 'string') return `deve ter no máximo ${issue.maximum} caracteres`;
      if (issue.origin === 'array') return `deve ter no máximo ${itemCount(issue.maximum)}`;
      return `deve ser no máximo ${issue.maximum}`;
    case 'too_small':
      if (issue.origin === 'string') {
        return issue.minimum === 1
          ? 'não pode ficar vazio'
          : `deve ter ao menos ${issue.minimum} caracteres`;
      }
      if (issue.origin === 'array') return `deve ter ao menos ${itemCount(issue.minimum)}`;
      return `deve ser no mínimo ${issue.minimum}`;
    case 'invalid_value':
      return `valor inválido; use um destes: ${issue.values.map(String).join(', ')}`;
    case 'unrecognized_keys':
      return `campo não reconhecido: ${issue.keys.join(', ')}`;
    case 'invalid_format':
      if (issue.format === 'email') return 'e-mail inválido';
      // Our patterns all carry a message a person can act on; zod's default names the regex.
      // (Left to the schema's message when there is one: this runs before it is set.)
      return issue.format === 'regex' ? issue.message || undefined : 'formato inválido';
    default:
      return undefined;
  }
}

/** zod's own Brazilian-Portuguese texts, for the rarer issues `describeIssue` leaves to zod. */
const ptBrLocale = z.locales.ptBR();

/**
 * The text of an issue no schema gave a message to: Portuguese, naming the field by its label,
 * e.g. "Dados enviados: deve ser objeto" for a body that is a string.
 */
function portugueseIssueMessage(issue: z.core.$ZodRawIssue): string {
  const finalized = issue as unknown as z.core.$ZodIssue;
  const text = describeKnownIssue(finalized) ?? ptBrLocale.localeError(issue) ?? 'valor inválido';
  return `${describePath(issue.path ?? [])}: ${typeof text === 'string' ? text : text.message}`;
}

let configured = false;

/**
 * Makes every zod message a schema does not set itself Portuguese and named by the field's label
 * (zod 4's global `customError`): without it, a body of the wrong shape was answered with zod's
 * English ("Invalid input: expected object, received string"). Called once by the server's app
 * and the web app before any validation.
 */
export function configurePortugueseValidation(): void {
  if (configured) return;
  configured = true;
  z.config({ ...ptBrLocale, customError: portugueseIssueMessage });
}

/**
 * One Portuguese sentence for the first problem in a failed validation, e.g.
 * "Idade (patientInfo.age): deve ser no máximo 150".
 */
export function formatValidationError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'Dados inválidos';
  const where = `${describePath(issue.path)}: `;
  // `portugueseIssueMessage` already named the field.
  if (issue.message.startsWith(where)) return issue.message;
  return `${where}${describeIssue(issue)}`;
}
