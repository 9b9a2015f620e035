/**
 * The offline 'Resumo da Consulta' (docs/product.md, "Feedback da consulta"): the cards built from
 * what the extraction found, and feedback for the doctor on what the record still lacks. Nothing
 * is invented: a card with nothing to show says so. Pure function of (extraction, now).
 */
import type { ExtractionResult } from '@shared/ai/extraction';
import {
  RECORD_LIMITS,
  type ConsultationFeedback,
  type Medication,
  type VitalSigns,
} from '@shared/records/medical-record';
import { agreeWithPatient } from '@shared/patients/agreement';
import { foldForMatching } from '@shared/lib/text-folding';
import { formatDecimal, listInWords } from '@shared/lib/pt-br-format';
import {
  bodyMassIndex,
  cleanClinicalText,
  describeExamFindings,
  formatDuration,
  formatExamNames,
  formatMedication,
  formatTerm,
  formatTerms,
  formatVitalSigns,
  mentionsDuration,
  normalizeBloodPressure,
} from './clinical-format';
import { readTranscriptStatements } from './transcript-statements';

const INTENSITY_LABEL = {
  leve: 'de leve intensidade',
  moderada: 'de moderada intensidade',
  intensa: 'de forte intensidade',
} as const;

/** Patients this old or older are read against adult reference values. */
const ADULT_AGE = 18;

function mainSymptoms(extraction: ExtractionResult): string[] {
  const { chiefComplaint, duration, intensity, currentSymptoms } = extraction.symptoms;
  const items: string[] = [];
  const complaint = chiefComplaint?.trim() ? formatTerm(chiefComplaint) : '';
  if (complaint) {
    const details = [
      duration?.trim() && !mentionsDuration(complaint, duration) ? formatDuration(duration) : '',
      intensity ? INTENSITY_LABEL[intensity] : '',
    ].filter(Boolean);
    items.push(`Queixa principal: ${[complaint, ...details].join(', ')}`);
  }
  const folded = foldForMatching(complaint);
  for (const symptom of formatTerms(currentSymptoms)) {
    const key = foldForMatching(symptom);
    if (folded === '' || !(folded.includes(key) || key.includes(folded))) items.push(symptom);
  }
  if (!complaint && items.length > 0 && duration?.trim()) {
    items.push(`Duração: ${duration.trim()}`);
  }
  return items.length > 0 ? items : ['Nenhum sintoma foi identificado no registro da consulta.'];
}

/** Vital signs outside the usual range, read against adult values unless the patient is a child. */
function vitalSignAlerts(vitals: VitalSigns, age: number | undefined): string[] {
  const alerts: string[] = [];
  const adult = age === undefined || age >= ADULT_AGE;
  const { temperature, oxygenSaturation, heartRate, respiratoryRate, bloodPressure } = vitals;
  if (temperature !== undefined && temperature >= 37.8) {
    alerts.push(`Febre: Tax ${formatDecimal(temperature, { atMost: 1 })} °C (37,8 °C ou mais)`);
  } else if (temperature !== undefined && temperature < 35) {
    alerts.push(
      `Hipotermia: Tax ${formatDecimal(temperature, { atMost: 1 })} °C (abaixo de 35 °C)`,
    );
  }
  if (oxygenSaturation !== undefined && oxygenSaturation < 95) {
    alerts.push(
      `SatO2 ${formatDecimal(oxygenSaturation, { atMost: 1 })}%: abaixo de 95%, sinal de alerta`,
    );
  }
  if (!adult) return alerts;
  if (heartRate !== undefined && heartRate > 100) {
    alerts.push(
      `Taquicardia: FC ${formatDecimal(heartRate, { atMost: 1 })} bpm (acima de 100 bpm em adultos)`,
    );
  } else if (heartRate !== undefined && heartRate < 50) {
    alerts.push(
      `Bradicardia: FC ${formatDecimal(heartRate, { atMost: 1 })} bpm (abaixo de 50 bpm em adultos)`,
    );
  }
  if (respiratoryRate !== undefined && respiratoryRate > 20) {
    alerts.push(
      `Taquipneia: FR ${formatDecimal(respiratoryRate, { atMost: 1 })} irpm (acima de 20 irpm em adultos)`,
    );
  }
  const pressure = /^(\d{2,3})\/(\d{2,3})$/.exec(normalizeBloodPressure(bloodPressure ?? ''));
  if (pressure) {
    const systolic = Number(pressure[1]);
    const diastolic = Number(pressure[2]);
    const written = `PA ${String(systolic)}/${String(diastolic)} mmHg`;
    if (systolic >= 180 || diastolic >= 120) {
      alerts.push(
        `${written}: muito elevada (180/120 mmHg ou mais), avaliar urgência hipertensiva`,
      );
    } else if (systolic >= 140 || diastolic >= 90) {
      alerts.push(`${written}: elevada (140/90 mmHg ou mais)`);
    } else if (systolic < 90) {
      alerts.push(`${written}: hipotensão (sistólica abaixo de 90 mmHg)`);
    }
  }
  const bmi = bodyMassIndex(vitals);
  if (bmi !== undefined && bmi >= 30)
    alerts.push(`IMC ${formatDecimal(bmi, { atMost: 1 })}: obesidade`);
  else if (bmi !== undefined && bmi >= 25)
    alerts.push(`IMC ${formatDecimal(bmi, { atMost: 1 })}: sobrepeso`);
  else if (bmi !== undefined && bmi < 18.5)
    alerts.push(`IMC ${formatDecimal(bmi, { atMost: 1 })}: baixo peso`);
  return alerts;
}

function relevantFindings(extraction: ExtractionResult, allergiesDenied: boolean): string[] {
  const { physicalExam, patientInfo } = extraction;
  const items: string[] = [];
  const vitals = formatVitalSigns(physicalExam.vitalSigns);
  if (vitals) items.push(`Sinais vitais: ${vitals}`);
  items.push(...vitalSignAlerts(physicalExam.vitalSigns ?? {}, patientInfo.age));
  items.push(...describeExamFindings(physicalExam).map((text) => text.replace(/\.$/, '')));
  const allergies = formatTerms(patientInfo.allergies);
  if (allergies.length > 0) items.push(`Alergia a ${listInWords(allergies)}`);
  else if (allergiesDenied) items.push('Nega alergias conhecidas');
  const conditions = formatTerms(patientInfo.chronicConditions);
  if (conditions.length > 0) items.push(`Comorbidades: ${listInWords(conditions)}`);
  const inUse = formatTerms(patientInfo.medications);
  if (inUse.length > 0) items.push(`Medicamentos em uso: ${listInWords(inUse)}`);
  return items.length > 0 ? items : ['Nenhum achado de exame físico foi registrado.'];
}

function clinicalDiscussion(extraction: ExtractionResult): string[] {
  const assessment = cleanClinicalText(extraction.assessment);
  if (assessment) return [`Avaliação registrada: ${assessment}`];
  return [
    'Nenhuma hipótese diagnóstica foi registrada. Registre a hipótese principal e os ' +
      'diagnósticos diferenciais considerados, com o raciocínio que os sustenta.',
  ];
}

function conductGuidance(extraction: ExtractionResult): string[] {
  const { medications, exams, additionalNotes } = extraction.prescriptions;
  const items: string[] = [];
  for (const medication of medications ?? [])
    items.push(`Prescrito: ${formatMedication(medication)}`);
  const requested = formatExamNames(exams);
  if (requested.length > 0) items.push(`Exames solicitados: ${listInWords(requested)}`);
  const plan = cleanClinicalText(extraction.plan);
  if (plan) items.push(`Plano: ${plan}`);
  const notes = cleanClinicalText(additionalNotes);
  if (notes) items.push(`Observações: ${notes}`);
  return items.length > 0 ? items : ['Nenhuma conduta foi registrada nesta consulta.'];
}

/** How many medicines make a regimen worth checking with the patient (polypharmacy). */
const POLYPHARMACY = 5;

function humanAspects(extraction: ExtractionResult): string[] {
  const { age, chronicConditions, medications, gender } = extraction.patientInfo;
  const items: string[] = [];
  if (extraction.symptoms.intensity === 'intensa') {
    items.push(
      'Queixa de forte intensidade: acolher o desconforto, explicar o que se espera da ' +
        'analgesia e quando procurar atendimento se não houver melhora.',
    );
  }
  if (age !== undefined && age >= 65) {
    const elderly = agreeWithPatient(gender, {
      masculine: 'Paciente idoso',
      feminine: 'Paciente idosa',
      unknown: 'Paciente com 65 anos ou mais',
    });
    items.push(
      `${elderly}: confirmar que entendeu as orientações, de preferência também por ` +
        'escrito, e envolver o acompanhante quando houver.',
    );
  } else if (age !== undefined && age < ADULT_AGE) {
    items.push(
      'Paciente menor de idade: orientar também o responsável e confirmar o entendimento.',
    );
  }
  const regimen = (medications?.length ?? 0) + (extraction.prescriptions.medications?.length ?? 0);
  if (regimen >= POLYPHARMACY) {
    items.push(
      `${String(regimen)} medicamentos entre uso contínuo e prescrição: revisar o esquema com ` +
        `${agreeWithPatient(gender, { masculine: 'o paciente', feminine: 'a paciente', unknown: 'o paciente' })} e verificar a adesão.`,
    );
  }
  const conditions = formatTerms(chronicConditions);
  if (conditions.length > 0) {
    items.push(
      `Condição crônica (${listInWords(conditions)}): conversar sobre adesão ao tratamento e ` +
        'acompanhamento regular.',
    );
  }
  if (items.length === 0) {
    items.push(
      'Nenhum aspecto psicossocial foi registrado. Vale perguntar sobre rotina, trabalho, rede ' +
        'de apoio e preocupações do paciente com o quadro.',
    );
  }
  return items;
}

/** Vital signs a consultation usually records, with the abbreviation the feedback names. */
const EXPECTED_VITALS: readonly (readonly [keyof VitalSigns, string])[] = [
  ['bloodPressure', 'PA'],
  ['heartRate', 'FC'],
  ['respiratoryRate', 'FR'],
  ['temperature', 'temperatura'],
  ['oxygenSaturation', 'SatO2'],
];

/** "se dor", "se precisar", "SOS": a medicine taken as needed has no fixed duration to state. */
function isTakenAsNeeded(medication: Medication): boolean {
  const text = foldForMatching(`${medication.frequency ?? ''} ${medication.instructions ?? ''}`);
  return /\b(?:se|quando|caso) (?:houver |tiver |sentir )?(?:dor|febre|precis\w*|necessari\w*|nausea\w*|enjoo)|\bsos\b|\bs n\b/.test(
    text,
  );
}

/** Whether one name mentions the other, ignoring case and accents ("Dipirona" / "dipirona 1 g"). */
function sameMedicine(a: string, b: string): boolean {
  const foldedA = foldForMatching(a).split(' ')[0] ?? '';
  const foldedB = foldForMatching(b).split(' ')[0] ?? '';
  return foldedA.length > 3 && foldedA === foldedB;
}

function doctorFeedback(extraction: ExtractionResult, allergiesDenied: boolean): string[] {
  const { patientInfo, symptoms, physicalExam, prescriptions } = extraction;
  const prescribed = prescriptions.medications ?? [];
  const items: string[] = [];

  // Safety first: a prescribed medicine the patient is recorded as allergic to.
  for (const medication of prescribed) {
    const allergy = (patientInfo.allergies ?? []).find((a) => sameMedicine(a, medication.name));
    if (allergy) {
      items.push(
        `Atenção: prescrição de ${formatTerm(medication.name)} para paciente com alergia ` +
          `registrada a ${formatTerm(allergy)}. Confirme antes de finalizar.`,
      );
    }
    const inUse = (patientInfo.medications ?? []).find((m) => sameMedicine(m, medication.name));
    if (inUse) {
      items.push(
        `${formatTerm(medication.name)} já consta entre os medicamentos em uso: deixe claro se ` +
          'é continuidade ou ajuste de dose.',
      );
    }
  }

  if (!patientInfo.name?.trim()) items.push('Nome do paciente não registrado.');
  if (patientInfo.age === undefined) items.push('Idade não registrada.');
  if (!patientInfo.gender) items.push('Sexo não registrado.');
  if ((patientInfo.allergies ?? []).length === 0 && !allergiesDenied) {
    items.push(
      'Nenhuma alergia registrada: confirme com o paciente e, se for o caso, registre ' +
        '"Nega alergias conhecidas" antes de prescrever.',
    );
  }
  if (!symptoms.chiefComplaint?.trim()) items.push('Queixa principal não registrada.');
  if (!symptoms.duration?.trim())
    items.push('Tempo de evolução (duração dos sintomas) não informado.');
  if (!symptoms.intensity) items.push('Intensidade dos sintomas não informada (escala de 0 a 10).');

  const vitals = physicalExam.vitalSigns ?? {};
  const missingVitals = EXPECTED_VITALS.filter(([field]) => vitals[field] === undefined);
  if (missingVitals.length === EXPECTED_VITALS.length) {
    items.push('Sinais vitais não registrados.');
  } else if (missingVitals.length > 0) {
    items.push(
      `Sinais vitais sem registro: ${listInWords(missingVitals.map(([, label]) => label))}.`,
    );
  }
  if (describeExamFindings(physicalExam).length === 0) items.push('Exame físico não descrito.');

  if (!extraction.assessment.trim()) items.push('Hipótese diagnóstica não registrada.');
  const hasConduct =
    prescribed.length > 0 ||
    (prescriptions.exams ?? []).length > 0 ||
    extraction.plan.trim() !== '';
  if (!hasConduct) items.push('Nenhuma conduta ou plano registrado.');
  for (const medication of prescribed) {
    const missing = [
      medication.dosage?.trim() ? '' : 'dose',
      medication.frequency?.trim() ? '' : 'frequência',
      medication.duration?.trim() || isTakenAsNeeded(medication) ? '' : 'duração',
    ].filter(Boolean);
    if (missing.length > 0) {
      items.push(`${formatTerm(medication.name)} sem ${listInWords(missing)} na prescrição.`);
    }
  }

  if (items.length === 0) {
    items.push(
      'Registro completo: identificação, queixa, exame físico, hipótese diagnóstica e conduta ' +
        'estão documentados.',
    );
  }
  return items;
}

/** A card's items within the record's limits (spec: medium text, at most 100 items). */
function fit(items: readonly string[]): string[] {
  return items
    .slice(0, RECORD_LIMITS.listItems)
    .map((item) =>
      item.length > RECORD_LIMITS.mediumText
        ? `${item.slice(0, RECORD_LIMITS.mediumText - 1)}…`
        : item,
    );
}

/**
 * The consultation summary ('Resumo da Consulta') built offline from an extraction: main
 * symptoms, relevant findings (with vital signs outside the usual range flagged), the recorded
 * assessment, conduct, human aspects worth attention, and feedback to the doctor naming what the
 * record still lacks (allergies not asked, vital signs not recorded, no duration stated…).
 * @param extraction - the extraction result of the consultation
 * @param now - when the feedback is generated
 * @param transcript - the consultation text, when available: an explicit "nega alergias" there
 *   is recorded instead of asking the doctor about allergies (the extraction's empty list cannot
 *   tell a denial from a question never asked)
 */
export function buildConsultationFeedback(
  extraction: ExtractionResult,
  now: Date,
  transcript?: string,
): ConsultationFeedback {
  const allergiesDenied = transcript?.trim()
    ? readTranscriptStatements(transcript).allergiesDenied
    : false;
  return {
    mainSymptoms: fit(mainSymptoms(extraction)),
    relevantFindings: fit(relevantFindings(extraction, allergiesDenied)),
    clinicalDiscussion: fit(clinicalDiscussion(extraction)),
    conductGuidance: fit(conductGuidance(extraction)),
    humanAspects: fit(humanAspects(extraction)),
    doctorFeedback: fit(doctorFeedback(extraction, allergiesDenied)),
    generatedAt: now.toISOString(),
  };
}
