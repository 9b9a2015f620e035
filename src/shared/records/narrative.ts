import { SAFETY_SEVERITY_LABELS } from '../prescriptions/safety-warnings';
import { formatCrm } from '../account/doctor-settings';
import type { Exam, Medication, RecordContent, VitalSigns } from './medical-record';
import {
  formatDate,
  formatDateTime,
  formatDecimal as decimal,
  formatLongDate,
  formatTime,
  type DateInput,
} from '../lib/pt-br-format';
import { addendaText, addendumEntries, type AddendumEntry } from './addenda';
import { aiUseLine, type AiUse } from '../ai/use';
import type { WorkingRecord } from './flow';
import { patientSubject } from '../patients/agreement';
import { treatmentDurationPhrase } from '../prescriptions/posology';
import { statesPregnancy } from './pregnancy-applies';
import { doctorTemplateValues, fillTemplate, type TemplateSettings } from './templates';
import { fileNameSlug, foldForMatching } from '../lib/text-folding';
import { localDay } from '../lib/local-day';
import { codedDiagnoses, diagnosisLine } from './diagnoses';

/** One titled block of the narrative record; `lines` are paragraphs, in order. */
export interface NarrativeSection {
  title: string;
  lines: string[];
}

/**
 * The narrative record ('PRONTUÁRIO MÉDICO', docs/product.md, "Relatório") as text blocks the view
 * and print share.
 */
export interface RecordNarrative {
  title: string;
  sections: NarrativeSection[];
  medications: string[];
  exams: string[];
  /** 'Documento gerado em 21 de novembro de 2026 às 14:30' */
  generatedOn: string;
  signature: string[];
  /** A finalised record's addenda, oldest first. */
  addenda: AddendumEntry[];
  /** Nothing prescribed on purpose: 'Sem prescrição nesta consulta' (a counselling visit). */
  noPrescription: boolean;
}

export const NARRATIVE_TITLE = 'PRONTUÁRIO MÉDICO';
export const NO_KNOWN_ALLERGIES = 'Nega alergias conhecidas';
export const AGE_NOT_INFORMED = 'idade não informada';
export const SEX_NOT_INFORMED = 'sexo não informado';

const nonBlank = (text: string | undefined): text is string => Boolean(text?.trim());

/** 'Maria Souza, 45 anos, sexo feminino' with the placeholders of docs/product.md, "Relatório", for what is missing. */
export function identificationLine(record: RecordContent): string {
  const info = record.patientInfo ?? {};
  const name = nonBlank(info.name) ? info.name.trim() : 'Paciente sem nome';
  const age =
    info.age === undefined ? AGE_NOT_INFORMED : `${info.age} ${info.age === 1 ? 'ano' : 'anos'}`;
  const sex = info.gender ? `sexo ${info.gender}` : SEX_NOT_INFORMED;
  return `${name}, ${age}, ${sex}`;
}

/** 'PA 120/80 mmHg, FC 80 bpm, …' for the vital signs that are set. */
export function vitalSignsLine(vitals: VitalSigns | undefined): string {
  if (!vitals) return '';
  const parts: string[] = [];
  if (nonBlank(vitals.bloodPressure)) parts.push(`PA ${vitals.bloodPressure} mmHg`);
  if (vitals.heartRate !== undefined) parts.push(`FC ${decimal(vitals.heartRate)} bpm`);
  if (vitals.respiratoryRate !== undefined) {
    parts.push(`FR ${decimal(vitals.respiratoryRate)} irpm`);
  }
  if (vitals.temperature !== undefined) parts.push(`Temp ${decimal(vitals.temperature)} °C`);
  if (vitals.oxygenSaturation !== undefined) {
    parts.push(`SatO2 ${decimal(vitals.oxygenSaturation)}%`);
  }
  if (vitals.weight !== undefined) parts.push(`Peso ${decimal(vitals.weight)} kg`);
  if (vitals.height !== undefined) parts.push(`Altura ${decimal(vitals.height)} cm`);
  if (vitals.bmi !== undefined) parts.push(`IMC ${decimal(vitals.bmi)} kg/m²`);
  return parts.join(', ');
}

/** 'Amoxicilina 500mg — 8/8h — por 7 dias — após as refeições' */
export function medicationLine(medication: Medication): string {
  const duration = treatmentDurationPhrase(medication.duration);
  return [
    [medication.name, medication.dosage].filter(nonBlank).join(' '),
    medication.frequency,
    duration,
    medication.instructions,
  ]
    .filter(nonBlank)
    .map((part) => part.trim())
    .join(' — ');
}

/** 'Hemograma completo (laboratorial, urgente) — suspeita de anemia' */
export function examLine(exam: Exam): string {
  const details = [exam.type, exam.priority].filter(nonBlank).join(', ');
  return [details ? `${exam.name} (${details})` : exam.name, exam.justification]
    .filter(nonBlank)
    .join(' — ');
}

/** Full stops, commas and the like that a typed phrase may end with. */
const TRAILING_PUNCTUATION = /[\s.;,:]+$/;

/** Durations that already say when ('desde ontem', 'há 2 semanas'): no 'há' is put before them. */
const DURATION_WITH_ITS_OWN_WORD =
  /^(?:h[aá]|desde|faz|fazem|ontem|anteontem|hoje|a partir|ap[oó]s|no|na|nos|nas|em|este|esta|nesta|neste)\b/i;

/** A capital that only starts a word, not an acronym like 'HAS' or 'ITU'. */
function lowerInitial(text: string): string {
  return /^\p{Lu}\p{Ll}/u.test(text) || /^\p{Lu}(?:\s|$)/u.test(text)
    ? text.charAt(0).toLocaleLowerCase('pt-BR') + text.slice(1)
    : text;
}

function upperInitial(text: string): string {
  return text.charAt(0).toLocaleUpperCase('pt-BR') + text.slice(1);
}

/**
 * The complaint as one clause: a typed full stop inside it becomes a comma and the next word loses
 * its capital ('Dor no joelho à direita. Há 4 dias.' → 'Dor no joelho à direita, há 4 dias').
 */
function complaintClause(complaint: string): string {
  const [first = '', ...rest] = complaint
    .trim()
    .replace(TRAILING_PUNCTUATION, '')
    .split(/\s*[.;]\s+/)
    .filter(Boolean);
  return [first, ...rest.map(lowerInitial)].join(', ');
}

/** 'há 4 dias' for '4 dias'; 'desde ontem' and 'há 2 semanas' as written. */
function durationPhrase(duration: string): string {
  const trimmed = duration.trim().replace(TRAILING_PUNCTUATION, '');
  if (!trimmed) return '';
  return DURATION_WITH_ITS_OWN_WORD.test(trimmed) ? lowerInitial(trimmed) : `há ${trimmed}`;
}

/**
 * The complaint with its duration, built once from the two parts (docs/product.md, "Relatório"):
 * a duration the complaint already states is not added again. Starts as the doctor wrote it.
 */
function complaintWithDuration(record: RecordContent): string {
  const symptoms = record.symptoms ?? {};
  if (!nonBlank(symptoms.chiefComplaint)) return '';
  const clause = complaintClause(symptoms.chiefComplaint);
  const duration = durationPhrase(symptoms.duration ?? '');
  const durationCore = foldForMatching(duration.replace(/^h[aá]\s+/i, ''));
  const stated = ` ${foldForMatching(clause)} `.includes(` ${durationCore} `);
  if (!duration || (durationCore && stated)) return clause;
  return `${clause} ${duration}`;
}

/** QP: 'Dor no joelho à direita há 4 dias'. */
function complaintLine(record: RecordContent): string {
  return upperInitial(complaintWithDuration(record));
}

/** 'de forte intensidade', not the original 'de intensidade intensa' (docs/decisoes.md). */
const INTENSITY_PHRASE = {
  leve: 'de intensidade leve',
  moderada: 'de intensidade moderada',
  intensa: 'de forte intensidade',
} as const;

/** A paragraph that ends with exactly one full stop (or its own '!' or '?'). */
function asSentence(text: string): string {
  const trimmed = text.trim();
  if (/[!?]$/.test(trimmed)) return trimmed;
  return `${trimmed.replace(TRAILING_PUNCTUATION, '')}.`;
}

/**
 * HDA: '<sujeito> refere <queixa> há <duração>, <intensidade>.' — the intensity only when the
 * doctor rated it — then the associated symptoms the complaint does not already name, and the
 * additional information.
 */
function historyLines(record: RecordContent): string[] {
  const symptoms = record.symptoms ?? {};
  const lines: string[] = [];
  const complaint = complaintWithDuration(record);
  if (complaint) {
    const intensity = symptoms.intensity ? `, ${INTENSITY_PHRASE[symptoms.intensity]}` : '';
    const subject = patientSubject(record.patientInfo?.gender);
    lines.push(`${subject} refere ${lowerInitial(complaint)}${intensity}.`);
  }
  const named = foldForMatching(complaint);
  const associated = (symptoms.currentSymptoms ?? [])
    .map((symptom) => symptom.trim())
    .filter((symptom) => symptom && !named.includes(foldForMatching(symptom)));
  if (associated.length > 0) lines.push(`Sintomas associados: ${associated.join(', ')}.`);
  if (nonBlank(symptoms.additionalInfo)) lines.push(asSentence(symptoms.additionalInfo));
  return lines;
}

function personalHistoryLines(record: RecordContent): string[] {
  const info = record.patientInfo ?? {};
  const allergies = info.allergies?.length
    ? `Alergias: ${info.allergies.join(', ')}.`
    : `${NO_KNOWN_ALLERGIES}.`;
  const lines = [allergies];
  if (statesPregnancy(info)) lines.push('Gestante.');
  if (info.creatinineClearance !== undefined) {
    lines.push(`Clearance de creatinina: ${decimal(info.creatinineClearance)} mL/min.`);
  }
  if (info.medications?.length) lines.push(`Medicamentos em uso: ${info.medications.join(', ')}.`);
  if (info.chronicConditions?.length) {
    lines.push(`Condições crônicas: ${info.chronicConditions.join(', ')}.`);
  }
  return lines;
}

function physicalExamLines(record: RecordContent): string[] {
  const exam = record.physicalExam ?? {};
  const vitals = vitalSignsLine(exam.vitalSigns);
  const lines = vitals ? [`Sinais vitais: ${vitals}.`] : [];
  if (nonBlank(exam.generalAppearance)) lines.push(exam.generalAppearance.trim());
  return lines;
}

const paragraphs = (text: string | undefined): string[] =>
  (text ?? '')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);

/** 'Documento gerado em 21 de novembro de 2026 às 14:30' */
export function generatedOnText(moment: DateInput): string {
  return `Documento gerado em ${formatLongDate(moment)} às ${formatTime(moment)}`;
}

/** The signature block: doctor's name, CRM and clinic contacts that the settings hold. */
export function signatureLines(settings: TemplateSettings): string[] {
  const name = settings.name || settings.prescriptionName;
  return [
    name,
    formatCrm(settings),
    settings.clinicAddress,
    [settings.clinicPhone, settings.doctorEmail].filter(nonBlank).join(' · '),
  ].filter(nonBlank);
}

/**
 * The narrative record of docs/product.md, "Relatório": identification, QP, HDA, APP, physical
 * exam, diagnostic hypotheses, prescriptions and plan, with the generation date and the doctor's
 * signature block. Sections with nothing to say are left out, except identification and APP (which
 * always states allergies, 'Nega alergias conhecidas' when none).
 */
export function buildRecordNarrative(
  record: WorkingRecord,
  settings: TemplateSettings,
  now: Date,
): RecordNarrative {
  const sections: NarrativeSection[] = [
    {
      title: 'Identificação',
      lines: [
        identificationLine(record),
        `Atendimento em ${formatLongDate(record.createdAt)} às ${formatTime(record.createdAt)}`,
        ...(record.teleconsulta
          ? [
              `Teleconsulta (CFM 2.314/2022), com consentimento registrado em ${formatDate(record.teleconsulta.consentAt)} às ${formatTime(record.teleconsulta.consentAt)}`,
            ]
          : []),
      ],
    },
    { title: 'Queixa Principal (QP)', lines: [complaintLine(record)].filter(Boolean) },
    { title: 'História da Doença Atual (HDA)', lines: historyLines(record) },
    { title: 'Antecedentes Pessoais Patológicos (APP)', lines: personalHistoryLines(record) },
    { title: 'Exame Físico', lines: physicalExamLines(record) },
    { title: 'Hipóteses Diagnósticas', lines: paragraphs(record.assessment) },
    // The coded list docs/product.md, "Diagnósticos codificados", reads from the assessment.
    {
      title: 'Diagnósticos (CID-10)',
      lines: codedDiagnoses(record.assessment).map((diagnosis) => diagnosisLine(diagnosis)),
    },
    { title: 'Plano Terapêutico', lines: paragraphs(record.plan) },
  ];
  const notes = record.prescriptions?.additionalNotes;
  if (nonBlank(notes)) sections.push({ title: 'Orientações', lines: paragraphs(notes) });
  // A reason for a medicine taken off the prescription since is no longer the record's.
  const named = new Set(
    [
      ...(record.prescriptions?.medications ?? []).map(({ name }) => name),
      ...(record.patientInfo?.medications ?? []),
    ].map((name) => name.trim()),
  );
  const kept = (record.prescriptions?.safetyReasons ?? []).filter(
    ({ reason, medications }) =>
      nonBlank(reason) && medications.every((name) => named.has(name.trim())),
  );
  if (kept.length > 0) {
    sections.push({
      title: 'Alertas de Segurança da Prescrição',
      lines: kept.map(
        (each) =>
          `${SAFETY_SEVERITY_LABELS[each.severity]} — ${each.medications.join(' + ')}: ${each.message} Justificativa do médico: ${each.reason.trim()}`,
      ),
    });
  }
  // CFM 2.454/2026: the use of AI is recorded in the chart, and printed with it.
  sections.push({ title: AI_USE_TITLE, lines: aiUseLines(record.aiUse) });
  return {
    title: NARRATIVE_TITLE,
    sections: sections.filter((section) => section.lines.length > 0),
    medications: (record.prescriptions?.medications ?? []).map(medicationLine),
    exams: (record.prescriptions?.exams ?? []).map(examLine),
    generatedOn: generatedOnText(now),
    signature: signatureLines(settings),
    addenda: addendumEntries(record.addenda),
    noPrescription:
      record.prescriptions?.noPrescription === true &&
      !record.prescriptions.medications?.length &&
      !record.prescriptions.exams?.length,
  };
}

/**
 * The downloadable record: the doctor's record template (settings) filled with this record.
 * Variables the record does not fill (e.g. proxima_consulta) stay visible as `{{…}}`
 * (docs/product.md, "Modelos de prontuário e de receita").
 */
export function buildRecordDocument(
  record: WorkingRecord,
  settings: TemplateSettings,
  now: Date,
): string {
  const history = [
    complaintLine(record) && `QP: ${complaintLine(record)}`,
    ...historyLines(record).map((line, index) => (index === 0 ? `HDA: ${line}` : line)),
    `APP: ${personalHistoryLines(record).join(' ')}`,
  ].filter(Boolean);
  const prescriptions = [
    ...(record.prescriptions?.medications ?? []).map(
      (medication, index) => `${index + 1}. ${medicationLine(medication)}`,
    ),
    ...(record.prescriptions?.exams ?? []).map((exam) => `Exame: ${examLine(exam)}`),
  ];
  const document = fillTemplate(settings.medicalRecordOutput, {
    ...doctorTemplateValues(settings, 'record', now),
    nome_paciente: record.patientInfo?.name ?? '',
    data_consulta: formatDate(record.createdAt),
    historia_clinica: history.join('\n'),
    exame_fisico: physicalExamLines(record).join('\n'),
    hipoteses_diagnosticas: record.assessment ?? '',
    plano_terapeutico: record.plan ?? '',
    prescricoes: prescriptions.join('\n'),
    orientacoes: record.prescriptions?.additionalNotes ?? '',
  });
  // The uses of AI and the addenda follow the record, whatever the doctor's template says.
  const uses = aiUseLines(record.aiUse);
  const appended = [
    uses.length > 0 ? [AI_USE_TITLE.toUpperCase(), ...uses].join('\n') : '',
    addendaText(record.addenda),
  ].filter(Boolean);
  return appended.length > 0 ? `${document.trimEnd()}\n\n${appended.join('\n\n')}\n` : document;
}

/**
 * `prontuario-maria-souza-2026-11-21.txt`
 * (docs/product.md, "Copiar, baixar e imprimir o prontuário"), safe as a file name on every system.
 */
export function recordFileName(record: RecordContent, day: Date): string {
  const patient = fileNameSlug(record.patientInfo?.name ?? '') || 'paciente';
  return `prontuario-${patient}-${localDay(day)}.txt`;
}

/** The title of the uses of AI in the report, its print and its text. */
export const AI_USE_TITLE = 'Uso de IA';

/** Each use of AI in the visit, oldest first, a line each, in local time. */
function aiUseLines(uses: readonly AiUse[] | undefined): string[] {
  return [...(uses ?? [])]
    .sort((a, b) => a.at.localeCompare(b.at))
    .map((use) => aiUseLine(use, formatDateTime));
}
