import type { RecordContent } from './medical-record';

/**
 * The open record as a short Portuguese text for a language model's prompt (spec §7: "the
 * context prompt … is extended with the record's chat context"). Only what is filled in.
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
      vitals.heartRate !== undefined && `FC ${vitals.heartRate} bpm`,
      vitals.respiratoryRate !== undefined && `FR ${vitals.respiratoryRate} irpm`,
      vitals.temperature !== undefined && `Tax ${vitals.temperature} °C`,
      vitals.oxygenSaturation !== undefined && `SpO2 ${vitals.oxygenSaturation}%`,
      vitals.weight !== undefined && `peso ${vitals.weight} kg`,
      vitals.height !== undefined && `altura ${vitals.height} cm`,
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
