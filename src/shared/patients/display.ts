import type { Gender, PatientInfo } from '../records/medical-record';
import type { Patient, PatientAddress } from './patient';
import { formatDate, listInWords } from '../lib/pt-br-format';
import { patientAgeText } from '../records/list-rules';
import { fileNameSlug } from '../lib/text-folding';

/**
 * How a patient reads on screen (docs/product.md, "Ficha do paciente"): her age, sex and last visit in the
 * list, the counts the erase names, the short name the merge asks with, the file her data
 * downloads as, and the patient step a new visit for her starts with.
 */

export const SEX_LABELS: Record<Gender, string> = {
  masculino: 'Masculino',
  feminino: 'Feminino',
  outro: 'Outro',
};

/**
 * Her address on one line, as a controlled receita prints it: 'Rua das Flores, 100, apto 12 —
 * Centro, São Paulo/SP, CEP 01234-567'; '' when none of it is known.
 */
export function patientAddressLine(address: PatientAddress | null | undefined): string {
  if (!address) return '';
  const street = [address.street, address.number, address.complement].filter(Boolean).join(', ');
  const city = [address.city, address.uf].filter(Boolean).join('/');
  const cep = address.cep && `CEP ${address.cep.slice(0, 5)}-${address.cep.slice(5)}`;
  const place = [address.district, city, cep].filter(Boolean).join(', ');
  return [street, place].filter(Boolean).join(' — ');
}

/**
 * '63 anos' from her birth date; without one, the age her latest visit gave, with that visit's
 * day ('61 anos em 12/03/2025'), since it grows stale; nothing when neither is known.
 */
export function patientAgeLabel(patient: Pick<Patient, 'age' | 'lastVisit'>): string | undefined {
  const current = patientAgeText(patient.age);
  if (current) return current;
  const atVisit = patientAgeText(patient.lastVisit?.age);
  return atVisit && patient.lastVisit
    ? `${atVisit} em ${formatDate(patient.lastVisit.date)}`
    : undefined;
}

/** 'última consulta 12/03/2025', or nothing before her first visit. */
export function lastVisitLabel(patient: Pick<Patient, 'lastVisit'>): string | undefined {
  return patient.lastVisit ? `última consulta ${formatDate(patient.lastVisit.date)}` : undefined;
}

/** A birth date as the API keeps it (`yyyy-MM-dd`) as the form shows it (dd/mm/aaaa). */
export function birthDateText(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : isoDate;
}

/** 'Maria A.' for 'Maria Aparecida da Silva': the first name and the next one's initial. */
export function shortPatientName(name: string): string {
  const [first, second] = name.trim().split(/\s+/);
  if (!first) return name.trim();
  return second ? `${first} ${second.charAt(0).toLocaleUpperCase('pt-BR')}.` : first;
}

/**
 * The name her exported data downloads under, as the server's `Content-Disposition` gives it:
 * 'paciente-maria-aparecida.fhir.json' (her name without accents, at most 60 characters), or
 * 'paciente.fhir.json' for a name with no letter or digit.
 */
export function fhirFileName(name: string): string {
  const slug = fileNameSlug(name).slice(0, 60);
  return `${slug ? `paciente-${slug}` : 'paciente'}.fhir.json`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export type PatientCounts = NonNullable<Patient['counts']>;

/** '3 consultas e 2 receitas' (and documents when there are any); 'nenhuma consulta nem receita'. */
export function patientCountsText(counts: PatientCounts): string {
  const parts = [
    counts.records > 0 ? plural(counts.records, 'consulta', 'consultas') : '',
    counts.prescriptions > 0 ? plural(counts.prescriptions, 'receita', 'receitas') : '',
    counts.documents > 0 ? plural(counts.documents, 'documento', 'documentos') : '',
  ].filter(Boolean);
  return parts.length === 0 ? 'nenhuma consulta nem receita' : listInWords(parts);
}

/** 'ela', 'ele', or 'essa pessoa' when her sex is not known (or 'outro'). */
function pronounOf(sex: Gender | undefined): string {
  if (sex === 'feminino') return 'ela';
  if (sex === 'masculino') return 'ele';
  return 'essa pessoa';
}

/** Said in the erase dialog, under its question: why only a patient with no record can go. */
export const ERASE_LEGAL_NOTE =
  'Só um paciente cadastrado por engano, sem nenhum registro clínico, pode ser apagado: um prontuário é guardado por 20 anos a partir do último registro (Lei 13.787/2018).';

/**
 * The erase dialog's question, naming her and what goes with her: 'Apagar Maria Aparecida e tudo
 * o que está guardado sobre ela: 3 consultas e 2 receitas? Esta ação não pode ser desfeita.'
 */
export function eraseQuestion(patient: Pick<Patient, 'name' | 'sex' | 'counts'>): string {
  const counts = patient.counts ? `: ${patientCountsText(patient.counts)}` : '';
  return `Apagar ${patient.name} e tudo o que está guardado sobre ${pronounOf(patient.sex)}${counts}? Esta ação não pode ser desfeita.`;
}

/** The merge dialog's question: 'Unir Maria A. (2 consultas) a este paciente?' */
export function mergeQuestion(other: Pick<Patient, 'name' | 'counts'>): string {
  const visits = other.counts ? ` (${plural(other.counts.records, 'consulta', 'consultas')})` : '';
  return `Unir ${shortPatientName(other.name)}${visits} a este paciente?`;
}

/**
 * The patient step of a new visit for her: her name, age, sex and current lists, which the
 * doctor then checks with her.
 */
export function patientInfoForVisit(patient: Patient): PatientInfo {
  return {
    name: patient.name,
    ...(patient.age === undefined ? {} : { age: patient.age }),
    ...(patient.sex === undefined ? {} : { gender: patient.sex }),
    allergies: [...patient.allergies],
    chronicConditions: [...patient.chronicConditions],
    medications: [...patient.medications],
  };
}
