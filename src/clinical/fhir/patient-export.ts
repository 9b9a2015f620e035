import type { MedicalRecord, Medication } from '@shared/records/medical-record';
import type { Patient } from '@shared/patients/patient';
import type { Prescription } from '@shared/prescriptions/prescription';

/**
 * Everything Prontu holds about one patient, as the API answers it, gathered for her to take
 * away (LGPD, art. 18: access and portability): who she is and her current lists, her visits,
 * and her receitas. `patientBundle` (patient-bundle.ts) writes it as FHIR, `patientSummaryHtml`
 * (patient-summary.ts) as a page for a person to read.
 */
export interface PatientExport {
  patient: Patient;
  /** Her visits (the records filed under her `patientId`), in any order. */
  records: MedicalRecord[];
  /** Her receitas (filed under her `patientId`), in any order. */
  prescriptions: Prescription[];
  /** When the export was made, ISO 8601 with its offset. */
  exportedAt: string;
}

const nonBlank = (value: string | undefined): value is string => Boolean(value?.trim());

/** A medicine as a receita titles it: name and strength, 'Paracetamol 750 mg'. */
export function medicationTitle(medication: Pick<Medication, 'name' | 'dosage'>): string {
  return [medication.name, medication.dosage]
    .filter(nonBlank)
    .map((part) => part.trim())
    .join(' ');
}

/** What the patient told at a visit, one labelled line each: 'Queixa principal: …'. */
export function symptomLines(record: MedicalRecord): string[] {
  const symptoms = record.symptoms;
  if (!symptoms) return [];
  const current = (symptoms.currentSymptoms ?? []).filter(nonBlank);
  return [
    nonBlank(symptoms.chiefComplaint) && `Queixa principal: ${symptoms.chiefComplaint.trim()}`,
    current.length > 0 && `Sintomas: ${current.join(', ')}`,
    nonBlank(symptoms.duration) && `Duração: ${symptoms.duration.trim()}`,
    symptoms.intensity && `Intensidade: ${symptoms.intensity}`,
    nonBlank(symptoms.additionalInfo) &&
      `Informações adicionais: ${symptoms.additionalInfo.trim()}`,
  ].filter((line): line is string => typeof line === 'string');
}

/** The physical examination's written findings, in the record's order, with their headings. */
const EXAM_SECTIONS = {
  generalAppearance: 'Estado geral',
  head: 'Cabeça',
  neck: 'Pescoço',
  chest: 'Tórax',
  heart: 'Coração',
  abdomen: 'Abdome',
  extremities: 'Extremidades',
  neurological: 'Neurológico',
  skin: 'Pele',
  additionalFindings: 'Outros achados',
} as const;

/** What the doctor wrote of the physical examination, one labelled line each: 'Coração: …'. */
export function physicalExamLines(record: MedicalRecord): string[] {
  const exam = record.physicalExam;
  if (!exam) return [];
  return Object.entries(EXAM_SECTIONS).flatMap(([field, heading]) => {
    const finding = exam[field as keyof typeof EXAM_SECTIONS];
    return nonBlank(finding) ? [`${heading}: ${finding.trim()}`] : [];
  });
}
