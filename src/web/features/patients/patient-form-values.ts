import { isApiError } from '@shared/api/client';
import type { Gender } from '@shared/records/medical-record';
import {
  patientInputSchema,
  type Patient,
  type PatientAddress,
  type PatientWrite,
} from '@shared/patients/patient';
import { birthDateText } from '@shared/patients/display';
import { formatCns, formatCpf } from '@shared/patients/identifiers';

/**
 * The patient form's values (docs/product.md, "Pacientes"): every field as typed, the lists one item a line. The
 * same schema that the server validates with (`patientInputSchema`) checks them before they are
 * sent, and the server's refusals land under the field they are about.
 */

export const ADDRESS_FIELDS = [
  'street',
  'number',
  'complement',
  'district',
  'city',
  'uf',
  'cep',
] as const satisfies readonly (keyof PatientAddress)[];
export type AddressField = (typeof ADDRESS_FIELDS)[number];

export const LIST_FIELDS = ['allergies', 'chronicConditions', 'medications'] as const;
export type ListField = (typeof LIST_FIELDS)[number];

export interface PatientFormValues {
  name: string;
  birthDate: string;
  sex: Gender | '';
  cpf: string;
  passport: string;
  cns: string;
  phone: string;
  address: Record<AddressField, string>;
  allergies: string;
  chronicConditions: string;
  medications: string;
  notes: string;
}

/** A field of the form, as errors name it: 'name', 'cpf', 'address.cep'. */
export type PatientFormField =
  Exclude<keyof PatientFormValues, 'address'> | `address.${AddressField}`;

export type PatientFormErrors = Partial<Record<PatientFormField, string>>;

const EMPTY_ADDRESS: Record<AddressField, string> = {
  street: '',
  number: '',
  complement: '',
  district: '',
  city: '',
  uf: '',
  cep: '',
};

export const EMPTY_PATIENT_FORM: PatientFormValues = {
  name: '',
  birthDate: '',
  sex: '',
  cpf: '',
  passport: '',
  cns: '',
  phone: '',
  address: EMPTY_ADDRESS,
  allergies: '',
  chronicConditions: '',
  medications: '',
  notes: '',
};

/** A patient's data as the form shows it: dates dd/mm/aaaa, CPF and CNS with their punctuation. */
export function formValuesOf(patient: Patient): PatientFormValues {
  const address = patient.address ?? {};
  return {
    name: patient.name,
    birthDate: patient.birthDate ? birthDateText(patient.birthDate) : '',
    sex: patient.sex ?? '',
    cpf: patient.cpf ? formatCpf(patient.cpf) : '',
    passport: patient.passport ?? '',
    cns: patient.cns ? formatCns(patient.cns) : '',
    phone: patient.phone ?? '',
    address: {
      ...EMPTY_ADDRESS,
      ...Object.fromEntries(
        ADDRESS_FIELDS.map((field) => {
          const value = address[field] ?? '';
          return [field, field === 'cep' ? value.replace(/^(\d{5})(\d{3})$/, '$1-$2') : value];
        }),
      ),
    },
    allergies: patient.allergies.join('\n'),
    chronicConditions: patient.chronicConditions.join('\n'),
    medications: patient.medications.join('\n'),
    notes: patient.notes ?? '',
  };
}

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/**
 * What the form sends: the whole patient (the server clears what is left out), blank fields
 * left out, the lists one item a line.
 */
export function patientWriteOf(values: PatientFormValues): PatientWrite {
  const text = (value: string) => (value.trim() === '' ? undefined : value.trim());
  const address = Object.fromEntries(
    ADDRESS_FIELDS.flatMap((field) => {
      const value = text(values.address[field]);
      return value === undefined ? [] : [[field, value]];
    }),
  ) as PatientWrite['address'];
  const write: Record<string, unknown> = {
    name: values.name.trim(),
    birthDate: text(values.birthDate),
    sex: values.sex === '' ? undefined : values.sex,
    cpf: text(values.cpf),
    passport: text(values.passport),
    cns: text(values.cns),
    phone: text(values.phone),
    address: Object.keys(address ?? {}).length > 0 ? address : undefined,
    allergies: linesOf(values.allergies),
    chronicConditions: linesOf(values.chronicConditions),
    medications: linesOf(values.medications),
    notes: text(values.notes),
  };
  return Object.fromEntries(
    Object.entries(write).filter(([, value]) => value !== undefined),
  ) as PatientWrite;
}

const NAME_REQUIRED = 'Informe o nome do paciente.';

/** The form field a path of the schema names: ['address', 'cep'] → 'address.cep'. */
function fieldOfPath(path: readonly PropertyKey[]): PatientFormField | undefined {
  const [first, second] = path.map(String);
  if (first === 'address' && second && (ADDRESS_FIELDS as readonly string[]).includes(second)) {
    return `address.${second as AddressField}`;
  }
  if (first && first !== 'address' && first in EMPTY_PATIENT_FORM) {
    return first as PatientFormField;
  }
  return undefined;
}

/**
 * The form's errors by the shared schema, one per field, in Portuguese; none when it may be sent.
 * @param today - the local day (`yyyy-MM-dd`), for the birth date's upper bound
 */
export function validatePatientForm(
  values: PatientFormValues,
  today?: () => string,
): PatientFormErrors {
  const write = patientWriteOf(values);
  const errors: PatientFormErrors = {};
  if (write.name === '') errors.name = NAME_REQUIRED;
  const result = (today ? patientInputSchema(today) : patientInputSchema()).safeParse(write);
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = fieldOfPath(issue.path);
    if (!field || errors[field]) continue;
    errors[field] =
      issue.code === 'too_big' && issue.origin === 'string'
        ? `Use no máximo ${String(issue.maximum)} caracteres.`
        : issue.code === 'too_big' && issue.origin === 'array'
          ? `No máximo ${String(issue.maximum)} itens.`
          : issue.message;
  }
  return errors;
}

/**
 * Where the server's refusal of the form belongs: under the field it names (a 409
 * `patient_duplicate` says `field`; a 400 names it in its message, 'CPF (cpf): …'), otherwise
 * above the form.
 */
export function refusalOf(error: unknown): { field?: PatientFormField; message: string } {
  if (!isApiError(error)) return { message: 'Não foi possível salvar. Tente novamente.' };
  const body = error.body;
  const named =
    typeof body === 'object' && body !== null && 'field' in body && typeof body.field === 'string'
      ? body.field
      : /\(([\w.]+)\):/.exec(error.message)?.[1];
  const field = named ? fieldOfPath(named.split('.')) : undefined;
  if (!field) return { message: error.message };
  // '…(cpf): CPF inválido' → 'CPF inválido': the field's label already says which.
  const message = error.message.replace(/^.*?\([\w.]+\):\s*/, '');
  return { field, message: message.charAt(0).toUpperCase() + message.slice(1) };
}
