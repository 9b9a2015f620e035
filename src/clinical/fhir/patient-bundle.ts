import { createHash } from 'node:crypto';
import type {
  Address,
  AllergyIntolerance,
  Bundle,
  CarePlan,
  ClinicalImpression,
  CodeableConcept,
  Coding,
  Condition,
  Encounter,
  MedicationRequest,
  MedicationStatement,
  Observation,
  Patient as FhirPatient,
  Provenance,
  Quantity,
  Reference,
  Resource,
  ServiceRequest,
} from '@medplum/fhirtypes';
import { AI_USE_OUTCOME_LABELS, AI_USE_TASK_LABELS, type AiUse } from '@shared/ai/use';
import type { Exam, MedicalRecord, Medication, VitalSigns } from '@shared/records/medical-record';
import type { Patient, PatientAddress } from '@shared/patients/patient';
import { bloodPressureOf } from '@shared/patients/chart';
import { posologySentence } from '@shared/prescriptions/posology';
import { formatCep } from '@shared/lib/pt-br-format';
import {
  ROUTE_HEADINGS,
  guessRoute,
  type Prescription,
  type PrescriptionMedication,
} from '@shared/prescriptions/prescription';
import {
  codedCondition,
  codedDiagnoses,
  type Cid10Describer,
  type CodedDiagnosis,
} from '@shared/records/diagnoses';
import {
  medicationTitle,
  physicalExamLines,
  symptomLines,
  type PatientExport,
} from './patient-export';

/**
 * One patient's data as a FHIR R4 `collection` Bundle (LGPD, art. 18: her copy, in a format
 * other systems read). Every entry has a `urn:uuid:` fullUrl and the resources refer to each
 * other by those. Pure: the same export always gives the same Bundle.
 *
 * What goes where:
 * - the patient → Patient (CPF and CNS as identifiers); her lists → Condition (chronic,
 *   problem list), AllergyIntolerance, MedicationStatement (the medicines she takes);
 * - each visit → Encounter; its coded diagnoses → Condition (encounter diagnosis); its vital signs
 *   → Observation (LOINC, UCUM); its assessment and later addenda → ClinicalImpression; its
 *   physical examination → Observation (narrative); its medicines → MedicationRequest; its exams
 *   → ServiceRequest; its plan → CarePlan;
 * - each receita item → MedicationRequest, the items of one receita sharing a group identifier.
 */

/**
 * CPF and CNS under the RNDS naming systems. The Ministry of Health's NamingSystems `cpf` and
 * `cns` (https://terminologia.saude.gov.br/fhir/NamingSystem/cpf and …/cns, version 1.1.0,
 * 2024-06-24) list these URIs as unique ids of the national identifiers, next to the newer
 * preferred `https://saude.gov.br/fhir/sid/cpf` and `…/cns`; the RNDS services take these.
 */
export const CPF_SYSTEM = 'http://rnds.saude.gov.br/fhir/r4/NamingSystem/cpf';
export const CNS_SYSTEM = 'http://rnds.saude.gov.br/fhir/r4/NamingSystem/cns';

/**
 * CID-10 as the Ministry of Health publishes it (BRCID10, terminologia.saude.gov.br, codes with
 * the dot: 'G44.2'). Prontu's codes and descriptions come from DATASUS's own CID-10 files, whose
 * codes are not all in WHO's ICD-10 (`http://hl7.org/fhir/sid/icd-10`), so the Brazilian system
 * is the one that names them exactly.
 */
export const CID10_SYSTEM = 'https://terminologia.saude.gov.br/fhir/CodeSystem/BRCID10';

export const LOINC_SYSTEM = 'http://loinc.org';
export const UCUM_SYSTEM = 'http://unitsofmeasure.org';
const OBSERVATION_CATEGORY = 'http://terminology.hl7.org/CodeSystem/observation-category';
const IDENTIFIER_TYPE = 'http://terminology.hl7.org/CodeSystem/v2-0203';

/** Random, fixed: the namespace of the name-based (version 5) uuids of Prontu's exports. */
const UUID_NAMESPACE = Buffer.from('6c1f0b7e4d2a4f51a0e3c59d8b7f2e41', 'hex');

/**
 * A version 5 uuid named by the parts: the same parts, the same uuid. Our ids may be long or
 * hold any character, which a FHIR id may not ([A-Za-z0-9\-.]{1,64}); a uuid always fits, and
 * the parts are JSON-encoded so that no two lists of parts name the same uuid.
 */
function uuidOf(...parts: (string | number)[]): string {
  const hash = createHash('sha1').update(UUID_NAMESPACE).update(JSON.stringify(parts)).digest();
  hash.writeUInt8((hash.readUInt8(6) & 0x0f) | 0x50, 6);
  hash.writeUInt8((hash.readUInt8(8) & 0x3f) | 0x80, 8);
  const hex = hash.subarray(0, 16).toString('hex');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20),
  ].join('-');
}

type Identified<T extends Resource> = T & { id: string };

/** The reference other entries use for a resource: its fullUrl. */
function referenceTo<T extends Resource>(resource: Identified<T>): Reference<T> {
  return { reference: `urn:uuid:${resource.id}`, type: resource.resourceType };
}

const text = (value: string): CodeableConcept => ({ text: value });
const coded = (coding: Coding, label?: string): CodeableConcept => ({
  coding: [coding],
  ...(label ? { text: label } : {}),
});
const nonBlank = (value: string | undefined): value is string => Boolean(value?.trim());

/**
 * A diagnosis or condition as FHIR codes it (docs/product.md, "Diagnósticos codificados"): the
 * CID-10 coding with its official display, and the doctor's own words as the text. A code the
 * catalogue lacks is kept as her text, never sent as a coding.
 */
function diagnosisConcept(
  diagnosis: CodedDiagnosis,
  describeCid: Cid10Describer | undefined,
): CodeableConcept {
  const official = describeCid ? describeCid(diagnosis.code) : undefined;
  const label = diagnosis.text ?? official ?? diagnosis.code;
  if (describeCid && official === undefined) return text(label);
  return coded(
    { system: CID10_SYSTEM, code: diagnosis.code, ...(official ? { display: official } : {}) },
    label,
  );
}

/**
 * The Bundle of one patient's data.
 * @param input - the patient, her visits and receitas, and the moment of the export
 * @param describeCid - the catalogue's descriptions, to check and name each code; without it the
 *   codes are written as the doctor gave them
 */
export function patientBundle(input: PatientExport, describeCid?: Cid10Describer): Bundle {
  const patient = patientResource(input.patient);
  const subject = referenceTo(patient);
  const resources: Identified<Resource>[] = [
    patient,
    ...input.patient.chronicConditions.map((condition, index) =>
      chronicCondition(input.patient.id, index, condition, subject, describeCid),
    ),
    ...input.patient.allergies.map((allergy, index) =>
      allergyResource(input.patient.id, index, allergy, subject),
    ),
    ...input.patient.medications.map((medication, index) =>
      medicationInUse(input.patient.id, index, medication, subject),
    ),
    ...input.records.flatMap((record) => visitResources(record, subject, describeCid)),
    ...input.prescriptions.flatMap((prescription) => receitaRequests(prescription, subject)),
  ];
  return {
    resourceType: 'Bundle',
    identifier: {
      system: 'urn:ietf:rfc:3986',
      value: `urn:uuid:${uuidOf('bundle', input.patient.id, input.exportedAt)}`,
    },
    type: 'collection',
    timestamp: input.exportedAt,
    entry: resources.map((resource) => ({ fullUrl: `urn:uuid:${resource.id}`, resource })),
  };
}

// ---------------------------------------------------------------------------------------------
// The patient and her lists

const GENDER_CODES = { masculino: 'male', feminino: 'female', outro: 'other' } as const;

function patientResource(patient: Patient): Identified<FhirPatient> {
  // A passport carries no system: each country issues its own numbers, and the chart does not
  // say which country's it is.
  const identifiers = [
    { system: CPF_SYSTEM, code: 'TAX', label: 'CPF', value: patient.cpf },
    { system: CNS_SYSTEM, code: 'HC', label: 'CNS', value: patient.cns },
    { system: undefined, code: 'PPN', label: 'Passaporte', value: patient.passport },
  ].flatMap(({ system, code, label, value }) =>
    value
      ? [
          {
            use: 'official' as const,
            type: coded({ system: IDENTIFIER_TYPE, code }, label),
            ...(system ? { system } : {}),
            value,
          },
        ]
      : [],
  );
  const address = patient.address && homeAddress(patient.address);
  return {
    resourceType: 'Patient',
    id: uuidOf('patient', patient.id),
    ...(identifiers.length > 0 ? { identifier: identifiers } : {}),
    name: [personName(patient.name)],
    ...(patient.phone ? { telecom: [{ system: 'phone' as const, value: patient.phone }] } : {}),
    // No sex recorded stays absent: 'unknown' would say someone asked and could not tell.
    ...(patient.sex ? { gender: GENDER_CODES[patient.sex] } : {}),
    ...(patient.birthDate ? { birthDate: patient.birthDate } : {}),
    ...(address ? { address: [address] } : {}),
  };
}

/** The address as FHIR writes it, the UF as the state; undefined when nothing of it is known. */
function homeAddress(address: PatientAddress): Address | undefined {
  const line = [
    [address.street, address.number].filter(nonBlank).join(', '),
    address.complement,
  ].filter(nonBlank);
  if (line.length === 0 && !address.district && !address.city && !address.uf && !address.cep) {
    return undefined;
  }
  return {
    use: 'home',
    ...(line.length > 0 ? { line } : {}),
    ...(address.district ? { district: address.district } : {}),
    ...(address.city ? { city: address.city } : {}),
    ...(address.uf ? { state: address.uf } : {}),
    ...(address.cep ? { postalCode: formatCep(address.cep) } : {}),
    country: 'BR',
  };
}

/**
 * The name as typed, in `text` only: the patient record keeps the full name, and a Brazilian name
 * does not say where the given names end and the surnames begin ('Maria Aparecida dos Santos' is
 * Maria Aparecida / dos Santos, 'João Pedro Lima' may be João / Pedro Lima), so any split would be
 * a guess that a receiving system takes as fact. FHIR R4 allows a HumanName with `text` alone.
 */
function personName(name: string): NonNullable<FhirPatient['name']>[number] {
  return { use: 'official', text: name.trim() };
}

function chronicCondition(
  patientId: string,
  index: number,
  condition: string,
  subject: Reference<FhirPatient>,
  describeCid: Cid10Describer | undefined,
): Identified<Condition> {
  const { text: words, code } = codedCondition(condition);
  return {
    resourceType: 'Condition',
    id: uuidOf('chronic-condition', patientId, index),
    clinicalStatus: coded({
      system: 'http://terminology.hl7.org/CodeSystem/condition-clinical',
      code: 'active',
    }),
    category: [
      coded(
        {
          system: 'http://terminology.hl7.org/CodeSystem/condition-category',
          code: 'problem-list-item',
        },
        'Condição crônica',
      ),
    ],
    code: code ? diagnosisConcept({ code, text: words }, describeCid) : text(condition),
    subject,
  };
}

function allergyResource(
  patientId: string,
  index: number,
  allergy: string,
  patient: Reference<FhirPatient>,
): Identified<AllergyIntolerance> {
  return {
    resourceType: 'AllergyIntolerance',
    id: uuidOf('allergy', patientId, index),
    clinicalStatus: coded({
      system: 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical',
      code: 'active',
    }),
    code: text(allergy),
    patient,
  };
}

function medicationInUse(
  patientId: string,
  index: number,
  medication: string,
  subject: Reference<FhirPatient>,
): Identified<MedicationStatement> {
  return {
    resourceType: 'MedicationStatement',
    id: uuidOf('medication-in-use', patientId, index),
    status: 'active',
    medicationCodeableConcept: text(medication),
    subject,
  };
}

// ---------------------------------------------------------------------------------------------
// Visits

/**
 * Prontu records what was prescribed, requested and planned at a visit, not whether it was
 * carried out: a finalised visit's orders are its history ('completed'; what she takes today is
 * her own list, the MedicationStatements), an unfinished visit's are drafts.
 */
const requestStatus = (finalised: boolean) => (finalised ? 'completed' : 'draft');

function visitResources(
  record: MedicalRecord,
  subject: Reference<FhirPatient>,
  describeCid: Cid10Describer | undefined,
): Identified<Resource>[] {
  const finalised = record.status === 'finalizado';
  const encounterId = uuidOf('encounter', record.id);
  const encounter: Reference<Encounter> = {
    reference: `urn:uuid:${encounterId}`,
    type: 'Encounter',
  };
  const diagnoses = codedDiagnoses(record.assessment).map((cid): Identified<Condition> => ({
    resourceType: 'Condition',
    id: uuidOf('diagnosis', record.id, cid.code),
    category: [
      coded(
        {
          system: 'http://terminology.hl7.org/CodeSystem/condition-category',
          code: 'encounter-diagnosis',
        },
        'Diagnóstico da consulta',
      ),
    ],
    code: diagnosisConcept(cid, describeCid),
    subject,
    encounter,
    recordedDate: record.createdAt,
  }));
  const complaint = record.symptoms?.chiefComplaint?.trim();
  const visit: Identified<Encounter> = {
    resourceType: 'Encounter',
    id: encounterId,
    status: finalised ? 'finished' : 'in-progress',
    class: {
      system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
      code: 'AMB',
      display: 'ambulatory',
    },
    subject,
    period: { start: record.createdAt },
    ...(complaint ? { reasonCode: [text(complaint)] } : {}),
    ...(diagnoses.length > 0
      ? { diagnosis: diagnoses.map((diagnosis) => ({ condition: referenceTo(diagnosis) })) }
      : {}),
  };
  const context: VisitContext = { record, finalised, subject, encounter };
  const prescriptions = record.prescriptions;
  return [
    visit,
    ...diagnoses,
    ...vitalSignObservations(context, record.physicalExam?.vitalSigns),
    ...examFindings(context),
    ...assessmentImpression(context, diagnoses),
    ...(prescriptions?.medications ?? []).map((medication, index) =>
      medicationRequest(medication, {
        id: uuidOf('visit-medication', record.id, index),
        status: requestStatus(finalised),
        subject,
        encounter,
        authoredOn: record.createdAt,
      }),
    ),
    ...(prescriptions?.exams ?? []).map((exam, index) => examRequest(context, exam, index)),
    ...carePlan(context),
    ...(record.aiUse ?? []).map((use) => aiUseProvenance(use, visit)),
  ];
}

/**
 * A use of AI in the visit (CFM 2.454/2026: recorded in the chart) as a Provenance of its
 * Encounter: what the AI did, when, and who answered — a model's name or Prontu's offline rules,
 * an agent of type 'assembler' — with the doctor's outcome when known.
 */
function aiUseProvenance(use: AiUse, visit: Identified<Encounter>): Identified<Provenance> {
  const outcome = use.outcome ? ` (${AI_USE_OUTCOME_LABELS[use.outcome]})` : '';
  return {
    resourceType: 'Provenance',
    id: uuidOf('ai-use', use.id),
    target: [referenceTo(visit)],
    recorded: use.at,
    activity: text(`${AI_USE_TASK_LABELS[use.task]}${outcome}`),
    agent: [
      {
        type: coded(
          {
            system: 'http://terminology.hl7.org/CodeSystem/provenance-participant-type',
            code: 'assembler',
          },
          'Montador',
        ),
        who: { display: use.source },
      },
    ],
  };
}

interface VisitContext {
  record: MedicalRecord;
  finalised: boolean;
  subject: Reference<FhirPatient>;
  encounter: Reference<Encounter>;
}

/** A vital sign as LOINC names it and UCUM measures it; `unit` is how a Brazilian reads it. */
interface VitalSignCode {
  loinc: Coding[];
  text: string;
  unit: string;
  ucum: string;
}

const loinc = (code: string, display: string): Coding => ({
  system: LOINC_SYSTEM,
  code,
  display,
});

/**
 * The FHIR R4 vital signs profiles' codes and units
 * (https://hl7.org/fhir/R4/observation-vitalsigns.html). Oxygen saturation carries both codes:
 * 2708-6, which the profile requires, and 59408-5, pulse oximetry, which is how it is measured
 * at a visit.
 */
const VITAL_SIGNS: Record<Exclude<keyof VitalSigns, 'bloodPressure'>, VitalSignCode> = {
  heartRate: {
    loinc: [loinc('8867-4', 'Heart rate')],
    text: 'Frequência cardíaca',
    unit: 'bpm',
    ucum: '/min',
  },
  respiratoryRate: {
    loinc: [loinc('9279-1', 'Respiratory rate')],
    text: 'Frequência respiratória',
    unit: 'irpm',
    ucum: '/min',
  },
  temperature: {
    loinc: [loinc('8310-5', 'Body temperature')],
    text: 'Temperatura corporal',
    unit: '°C',
    ucum: 'Cel',
  },
  oxygenSaturation: {
    loinc: [
      loinc('2708-6', 'Oxygen saturation in Arterial blood'),
      loinc('59408-5', 'Oxygen saturation in Arterial blood by Pulse oximetry'),
    ],
    text: 'Saturação de oxigênio',
    unit: '%',
    ucum: '%',
  },
  height: {
    loinc: [loinc('8302-2', 'Body height')],
    text: 'Altura',
    unit: 'cm',
    ucum: 'cm',
  },
  weight: {
    loinc: [loinc('29463-7', 'Body weight')],
    text: 'Peso',
    unit: 'kg',
    ucum: 'kg',
  },
  bmi: {
    loinc: [loinc('39156-5', 'Body mass index (BMI) [Ratio]')],
    text: 'Índice de massa corporal',
    unit: 'kg/m²',
    ucum: 'kg/m2',
  },
};

const BLOOD_PRESSURE = {
  panel: loinc('85354-9', 'Blood pressure panel with all children optional'),
  systolic: loinc('8480-6', 'Systolic blood pressure'),
  diastolic: loinc('8462-4', 'Diastolic blood pressure'),
};

const measured = (value: number, unit: string, ucum: string): Quantity => ({
  value,
  unit,
  system: UCUM_SYSTEM,
  code: ucum,
});

const mmHg = (value: number) => measured(value, 'mmHg', 'mm[Hg]');

/**
 * One Observation per vital sign measured at the visit, dated by the visit; a blood pressure
 * that does not read as two plausible pressures ('alta', '12 por 8') is left out rather than
 * guessed.
 */
function vitalSignObservations(
  context: VisitContext,
  vitals: VitalSigns | undefined,
): Identified<Observation>[] {
  if (!vitals) return [];
  const { record } = context;
  const base = (field: string) => ({
    resourceType: 'Observation' as const,
    id: uuidOf('vital-sign', record.id, field),
    // Measured, but not signed until the visit is finalised.
    status: context.finalised ? ('final' as const) : ('preliminary' as const),
    category: [
      coded({ system: OBSERVATION_CATEGORY, code: 'vital-signs', display: 'Vital Signs' }),
    ],
    subject: context.subject,
    encounter: context.encounter,
    effectiveDateTime: record.createdAt,
  });
  const observations: Identified<Observation>[] = [];
  const pressure = bloodPressureOf(vitals.bloodPressure);
  if (pressure) {
    observations.push({
      ...base('bloodPressure'),
      code: { coding: [BLOOD_PRESSURE.panel], text: 'Pressão arterial' },
      component: [
        {
          code: { coding: [BLOOD_PRESSURE.systolic], text: 'Pressão arterial sistólica' },
          valueQuantity: mmHg(pressure.systolic),
        },
        {
          code: { coding: [BLOOD_PRESSURE.diastolic], text: 'Pressão arterial diastólica' },
          valueQuantity: mmHg(pressure.diastolic),
        },
      ],
    });
  }
  for (const [field, sign] of Object.entries(VITAL_SIGNS)) {
    const value = vitals[field as keyof typeof VITAL_SIGNS];
    if (value === undefined) continue;
    observations.push({
      ...base(field),
      code: { coding: sign.loinc, text: sign.text },
      valueQuantity: measured(value, sign.unit, sign.ucum),
    });
  }
  return observations;
}

/** The written physical examination as one narrative Observation (LOINC 29545-1). */
function examFindings(context: VisitContext): Identified<Observation>[] {
  const findings = physicalExamLines(context.record);
  if (findings.length === 0) return [];
  return [
    {
      resourceType: 'Observation',
      id: uuidOf('physical-exam', context.record.id),
      status: context.finalised ? 'final' : 'preliminary',
      category: [coded({ system: OBSERVATION_CATEGORY, code: 'exam', display: 'Exam' })],
      code: { coding: [loinc('29545-1', 'Physical findings Narrative')], text: 'Exame físico' },
      subject: context.subject,
      encounter: context.encounter,
      effectiveDateTime: context.record.createdAt,
      valueString: findings.join('\n'),
    },
  ];
}

/**
 * The doctor's assessment: what prompted it (the symptoms), what it concluded (the assessment
 * text), the diagnoses it recorded, and the addenda written after the visit was finalised.
 */
function assessmentImpression(
  context: VisitContext,
  diagnoses: Identified<Condition>[],
): Identified<ClinicalImpression>[] {
  const { record } = context;
  const description = symptomLines(record).join('\n');
  const addenda = record.addenda ?? [];
  if (!nonBlank(record.assessment) && !description && addenda.length === 0) return [];
  return [
    {
      resourceType: 'ClinicalImpression',
      id: uuidOf('assessment', record.id),
      status: context.finalised ? 'completed' : 'in-progress',
      ...(description ? { description } : {}),
      subject: context.subject,
      encounter: context.encounter,
      date: record.createdAt,
      ...(nonBlank(record.assessment) ? { summary: record.assessment.trim() } : {}),
      ...(diagnoses.length > 0
        ? { finding: diagnoses.map((diagnosis) => ({ itemReference: referenceTo(diagnosis) })) }
        : {}),
      ...(addenda.length > 0
        ? {
            note: addenda.map((addendum) => ({
              authorString: addendum.author,
              time: addendum.createdAt,
              text: `Adendo: ${addendum.text}`,
            })),
          }
        : {}),
    },
  ];
}

const EXAM_TYPES = {
  laboratorial: 'Exame laboratorial',
  imagem: 'Exame de imagem',
  funcional: 'Exame funcional',
  outro: 'Outro exame',
} as const;
const EXAM_PRIORITIES = { rotina: 'routine', urgente: 'urgent', eletivo: 'routine' } as const;

function examRequest(context: VisitContext, exam: Exam, index: number): Identified<ServiceRequest> {
  return {
    resourceType: 'ServiceRequest',
    id: uuidOf('visit-exam', context.record.id, index),
    status: requestStatus(context.finalised),
    intent: 'order',
    ...(exam.type ? { category: [text(EXAM_TYPES[exam.type])] } : {}),
    ...(exam.priority ? { priority: EXAM_PRIORITIES[exam.priority] } : {}),
    code: text(exam.name),
    subject: context.subject,
    encounter: context.encounter,
    authoredOn: context.record.createdAt,
    ...(nonBlank(exam.justification) ? { reasonCode: [text(exam.justification.trim())] } : {}),
  };
}

/** The plan, and the notes written under the visit's prescriptions. */
function carePlan(context: VisitContext): Identified<CarePlan>[] {
  const { record } = context;
  const notes = record.prescriptions?.additionalNotes;
  if (!nonBlank(record.plan) && !nonBlank(notes)) return [];
  return [
    {
      resourceType: 'CarePlan',
      id: uuidOf('plan', record.id),
      status: requestStatus(context.finalised),
      intent: 'plan',
      title: 'Plano',
      ...(nonBlank(record.plan) ? { description: record.plan.trim() } : {}),
      subject: context.subject,
      encounter: context.encounter,
      created: record.createdAt,
      ...(nonBlank(notes)
        ? { note: [{ text: `Observações da prescrição: ${notes.trim()}` }] }
        : {}),
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Prescribed medicines

interface RequestContext {
  id: string;
  status: MedicationRequest['status'];
  subject: Reference<FhirPatient>;
  encounter?: Reference<Encounter>;
  authoredOn: string;
  requester?: string;
  reason?: string;
  note?: string;
  group?: string;
}

const REQUEST_PRIORITIES = { normal: 'routine', urgente: 'urgent' } as const;

/**
 * A prescribed medicine: its name and strength, the posology a receita prints ('Tomar 1 cápsula
 * por via oral de 8 em 8 horas, por 7 dias.'), the route heading it prints under, and the
 * quantity to dispense when known.
 */
function medicationRequest(
  item: Medication & Partial<Pick<PrescriptionMedication, 'route'>>,
  context: RequestContext,
): Identified<MedicationRequest> {
  const posology = posologySentence(item);
  const quantity = item.dispenseQuantity;
  return {
    resourceType: 'MedicationRequest',
    id: context.id,
    ...(context.group
      ? { groupIdentifier: { system: 'urn:ietf:rfc:3986', value: `urn:uuid:${context.group}` } }
      : {}),
    status: context.status,
    intent: 'order',
    ...(item.priority ? { priority: REQUEST_PRIORITIES[item.priority] } : {}),
    medicationCodeableConcept: text(medicationTitle(item)),
    subject: context.subject,
    ...(context.encounter ? { encounter: context.encounter } : {}),
    authoredOn: context.authoredOn,
    ...(context.requester ? { requester: { display: context.requester } } : {}),
    ...(context.reason ? { reasonCode: [text(context.reason)] } : {}),
    ...(context.note ? { note: [{ text: context.note }] } : {}),
    dosageInstruction: [
      {
        ...(posology ? { text: posology } : {}),
        route: text(ROUTE_HEADINGS[guessRoute(item)]),
      },
    ],
    ...(quantity && quantity.amount > 0
      ? { dispenseRequest: { quantity: { value: quantity.amount, unit: quantity.unit } } }
      : {}),
    ...(item.genericAllowed === undefined
      ? {}
      : { substitution: { allowedBoolean: item.genericAllowed } }),
  };
}

/** The items of a receita, each a MedicationRequest grouped under the receita. */
function receitaRequests(
  prescription: Prescription,
  subject: Reference<FhirPatient>,
): Identified<MedicationRequest>[] {
  // 'Dra. Ana Lima, CRM/SP 123456': the CRM is stored as the receita prints it.
  const doctor = [prescription.doctorName.trim(), prescription.doctorCRM.trim()]
    .filter(Boolean)
    .join(', ');
  return prescription.medications.map((item, index) =>
    medicationRequest(item, {
      id: uuidOf('receita-item', prescription.id, index),
      status: requestStatus(prescription.isFinalized),
      subject,
      authoredOn: prescription.date,
      requester: doctor,
      reason: prescription.diagnosis.trim(),
      note: prescription.notes.trim(),
      group: uuidOf('receita', prescription.id),
    }),
  );
}
