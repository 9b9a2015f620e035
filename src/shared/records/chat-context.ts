import type { RecordContent } from './medical-record';
import { formatDecimal } from '../lib/pt-br-format';

/**
 * The open record as a short Portuguese text for a language model's prompt
 * (docs/product.md, "Modos do chat e agentes especialistas": "the context prompt … is extended with
 * the record's chat context"). Only what is filled in.
 * @param record - the record's content
 * @returns an empty string when the record holds nothing
 */
export function recordChatContext(record: RecordContent): string {
  const lines: string[] = [];
  const add = (label: string, value: string | number | undefined) => {
    const text = value === undefined ? '' : String(value).trim();
    if (text) lines.push(`${label}: ${text}`);
  };
  const list = (items: readonly string[] | undefined) => (items?.length ? items.join(', ') : '');

  const patient = record.patientInfo;
  add('Paciente', patient?.name);
  add('Idade', patient?.age === undefined ? undefined : `${patient.age} anos`);
  add('Sexo', patient?.gender);
  add('Alergias', list(patient?.allergies));
  add('Medicamentos em uso', list(patient?.medications));
  add('Condições crônicas', list(patient?.chronicConditions));
  const symptoms = record.symptoms;
  add('Queixa principal', symptoms?.chiefComplaint);
  add('Duração', symptoms?.duration);
  add('Intensidade', symptoms?.intensity);
  add('Sintomas atuais', list(symptoms?.currentSymptoms));
  add('Informações adicionais', symptoms?.additionalInfo);
  const vitals = record.physicalExam?.vitalSigns;
  if (vitals) {
    const parts = [
      vitals.bloodPressure && `PA ${vitals.bloodPressure} mmHg`,
      vitals.heartRate !== undefined && `FC ${formatDecimal(vitals.heartRate)} bpm`,
      vitals.respiratoryRate !== undefined && `FR ${formatDecimal(vitals.respiratoryRate)} irpm`,
      vitals.temperature !== undefined && `Tax ${formatDecimal(vitals.temperature)} °C`,
      vitals.oxygenSaturation !== undefined && `SpO2 ${formatDecimal(vitals.oxygenSaturation)}%`,
      vitals.weight !== undefined && `peso ${formatDecimal(vitals.weight)} kg`,
      vitals.height !== undefined && `altura ${formatDecimal(vitals.height)} cm`,
    ].filter((part): part is string => typeof part === 'string');
    add('Sinais vitais', parts.join(', '));
  }
  add('Exame físico', record.physicalExam?.generalAppearance);
  add('Avaliação', record.assessment);
  const medications = record.prescriptions?.medications ?? [];
  add(
    'Medicamentos prescritos',
    medications
      .map((item) =>
        [item.name, item.dosage, item.frequency, item.duration].filter(Boolean).join(' '),
      )
      .join('; '),
  );
  add(
    'Exames solicitados',
    (record.prescriptions?.exams ?? []).map((exam) => exam.name).join(', '),
  );
  add('Plano', record.plan);
  return lines.join('\n');
}

const SUMMARY_TEXT_LIMIT = 300;

function shortened(text: string): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > SUMMARY_TEXT_LIMIT
    ? `${oneLine.slice(0, SUMMARY_TEXT_LIMIT - 1).trimEnd()}…`
    : oneLine;
}

/**
 * docs/product.md, "Finalização do prontuário": the message the chat shows when a record is
 * finalised from the record screen — who, the complaint, the assessment, the plan and what was
 * prescribed, in Markdown.
 * @param record - the finalised record's content
 * @param patientName - as the app names the patient ('Paciente sem nome' when none)
 */
export function recordSummaryMessage(record: RecordContent, patientName: string): string {
  const age = record.patientInfo?.age;
  const lines = [
    `**Prontuário finalizado — ${patientName}${age === undefined ? '' : `, ${age} anos`}**`,
  ];
  const complaint = record.symptoms?.chiefComplaint?.trim();
  if (complaint) {
    const duration = record.symptoms?.duration?.trim();
    lines.push(`- Queixa principal: ${shortened(complaint)}${duration ? ` (${duration})` : ''}`);
  }
  if (record.assessment?.trim()) lines.push(`- Avaliação: ${shortened(record.assessment)}`);
  if (record.plan?.trim()) lines.push(`- Plano: ${shortened(record.plan)}`);
  const items = [
    ...(record.prescriptions?.medications ?? []).map((item) =>
      [item.name, item.dosage].filter(Boolean).join(' '),
    ),
    ...(record.prescriptions?.exams ?? []).map((exam) => exam.name),
  ];
  if (items.length) lines.push(`- Prescrições e exames: ${shortened(items.join('; '))}`);
  return lines.join('\n');
}
