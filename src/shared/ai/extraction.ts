import type {
  ConsultationFeedback,
  PatientInfo,
  PhysicalExam,
  RecordPrescriptions,
  StructuredAnamnesis,
  Symptoms,
} from '../records/medical-record';

/**
 * The record sections an extraction can fill (`extractedSections` in
 * docs/product.md, "Leitura das respostas dos modelos").
 */
export const EXTRACTION_SECTIONS = [
  'patientInfo',
  'symptoms',
  'physicalExam',
  'assessment',
  'plan',
  'prescriptions',
] as const;
export type ExtractionSection = (typeof EXTRACTION_SECTIONS)[number];

/**
 * docs/product.md, "Leitura das respostas dos modelos": what a consultation text states, in the
 * record's own shapes, so it merges straight into a record. Only explicit information; unknown
 * fields stay unset, lists default to empty.
 */
export interface ExtractionResult {
  patientInfo: PatientInfo;
  symptoms: Symptoms;
  physicalExam: PhysicalExam;
  assessment: string;
  plan: string;
  prescriptions: RecordPrescriptions;
  /** 0–1: from the share of filled fields when the engine does not know better. */
  confidence: number;
  extractedSections: ExtractionSection[];
}

/**
 * docs/product.md, "Tarefas e respostas padrão": what a failed extraction answers — nothing found,
 * confidence 0.
 */
export function emptyExtraction(): ExtractionResult {
  return {
    patientInfo: { allergies: [], medications: [], chronicConditions: [] },
    symptoms: { currentSymptoms: [] },
    physicalExam: { vitalSigns: {} },
    assessment: '',
    plan: '',
    prescriptions: { medications: [], exams: [] },
    confidence: 0,
    extractedSections: [],
  };
}

export const NOT_INFORMED = 'Não informado';
export const NOT_EVALUATED = 'Não avaliado';

export type { ConsultationFeedback, StructuredAnamnesis };
