import type {
  Bundle,
  Condition,
  Encounter,
  MedicationRequest,
  Observation,
  Patient,
  Provenance,
  Resource,
} from '@medplum/fhirtypes';
import { describe, expect, it } from 'vitest';
import {
  CID10_SYSTEM,
  CNS_SYSTEM,
  CPF_SYSTEM,
  LOINC_SYSTEM,
  UCUM_SYSTEM,
  patientBundle,
} from './patient-bundle';
import { fhirIssuesOf } from './testing/fhir-validator';
import {
  FIRST_VISIT,
  MARIA_CNS,
  MARIA_CPF,
  MARIA_EXPORT,
  NAME_ONLY_EXPORT,
  RECEITA,
  SECOND_VISIT,
} from './testing/patient-export-fixture';

function resourcesOfBundle(from: Bundle): Resource[] {
  return (from.entry ?? []).flatMap((entry) => (entry.resource ? [entry.resource] : []));
}

const bundle = patientBundle(MARIA_EXPORT);
const resources = resourcesOfBundle(bundle);

function resourcesOf<T extends Resource['resourceType']>(
  resourceType: T,
  from: Resource[] = resources,
): Extract<Resource, { resourceType: T }>[] {
  return from.filter(
    (resource): resource is Extract<Resource, { resourceType: T }> =>
      resource.resourceType === resourceType,
  );
}

function only<T>(items: T[]): T {
  expect(items).toHaveLength(1);
  const [item] = items;
  if (item === undefined) throw new Error('expected one item');
  return item;
}

/** Every `reference` anywhere in a value, with the `type` written beside it. */
function referencesIn(value: unknown): { reference: string; type: unknown }[] {
  if (Array.isArray(value)) return value.flatMap(referencesIn);
  if (typeof value !== 'object' || value === null) return [];
  const own =
    'reference' in value && typeof value.reference === 'string'
      ? [{ reference: value.reference, type: 'type' in value ? value.type : undefined }]
      : [];
  return [...own, ...Object.values(value).flatMap(referencesIn)];
}

const byFullUrl = new Map((bundle.entry ?? []).map((entry) => [entry.fullUrl, entry.resource]));
const encounterOf = (recordIndex: number) => {
  const encounters = resourcesOf('Encounter');
  const start = [FIRST_VISIT, SECOND_VISIT][recordIndex]?.createdAt;
  return only(encounters.filter((encounter) => encounter.period?.start === start));
};
const inEncounter = <T extends { encounter?: { reference?: string } }>(
  items: T[],
  encounter: Encounter,
) => items.filter((item) => item.encounter?.reference === `urn:uuid:${encounter.id ?? ''}`);

describe('patientBundle', () => {
  it('is a collection stamped with the moment of the export', () => {
    expect(bundle.resourceType).toBe('Bundle');
    expect(bundle.type).toBe('collection');
    expect(bundle.timestamp).toBe(MARIA_EXPORT.exportedAt);
  });

  it('has one entry per piece of her data', () => {
    const counts: Record<string, number> = {};
    for (const resource of resources) {
      counts[resource.resourceType] = (counts[resource.resourceType] ?? 0) + 1;
    }
    expect(counts).toEqual({
      Patient: 1,
      // Two chronic conditions, and the two CID-10 lines of the first visit.
      Condition: 4,
      AllergyIntolerance: 1,
      MedicationStatement: 2,
      Encounter: 2,
      // First visit: blood pressure and seven other vital signs, and the written examination;
      // second visit: blood pressure, heart rate, temperature.
      Observation: 12,
      // Both visits have symptoms; the first also an assessment.
      ClinicalImpression: 2,
      // One from the first visit, two from the receita.
      MedicationRequest: 3,
      ServiceRequest: 1,
      CarePlan: 1,
      // The first visit's two uses of AI.
      Provenance: 2,
    });
  });

  it('names every entry by a urn:uuid fullUrl that is its id, an id FHIR accepts', () => {
    const fullUrls = (bundle.entry ?? []).map((entry) => entry.fullUrl);
    expect(new Set(fullUrls).size).toBe(fullUrls.length);
    for (const entry of bundle.entry ?? []) {
      expect(entry.fullUrl).toMatch(
        /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
      );
      expect(entry.fullUrl).toBe(`urn:uuid:${entry.resource?.id ?? ''}`);
      expect(entry.resource?.id).toMatch(/^[A-Za-z0-9\-.]{1,64}$/);
    }
  });

  it('refers between entries only by their fullUrls, to resources of the stated type', () => {
    const references = referencesIn(resources);
    expect(references.length).toBeGreaterThan(40);
    for (const { reference, type } of references) {
      const target = byFullUrl.get(reference);
      expect(target, reference).toBeDefined();
      expect(target?.resourceType).toBe(type);
    }
  });

  it('gives the same Bundle for the same export, and another patient other ids', () => {
    expect(patientBundle(MARIA_EXPORT)).toEqual(bundle);
    const someoneElse = patientBundle({
      ...MARIA_EXPORT,
      patient: { ...MARIA_EXPORT.patient, id: 'patient-someone-else' },
    });
    expect(only(resourcesOf('Patient', resourcesOfBundle(someoneElse))).id).not.toBe(
      only(resourcesOf('Patient')).id,
    );
  });

  it("writes a foreigner's passport as a passport number, with no country's system", () => {
    const foreigner = patientBundle({
      ...MARIA_EXPORT,
      patient: { ...MARIA_EXPORT.patient, cpf: undefined, passport: 'YB123456' },
    });
    const patient = only(resourcesOf('Patient', resourcesOfBundle(foreigner)));
    const passport = patient.identifier?.find((identifier) => identifier.value === 'YB123456');
    expect(passport?.type?.coding?.[0]?.code).toBe('PPN');
    expect(passport).not.toHaveProperty('system');
    expect(patient.identifier?.some((identifier) => identifier.system === CPF_SYSTEM)).toBe(false);
  });

  it('writes who she is, with CPF and CNS under the RNDS naming systems', () => {
    const patient: Patient = only(resourcesOf('Patient'));
    expect(patient.identifier).toEqual([
      expect.objectContaining({ system: CPF_SYSTEM, value: MARIA_CPF }),
      expect.objectContaining({ system: CNS_SYSTEM, value: MARIA_CNS }),
    ]);
    // The full name only: 'Maria Aparecida' are both given names, which no rule could tell.
    expect(patient.name).toEqual([{ use: 'official', text: 'Maria Aparecida da Silva' }]);
    expect(patient.gender).toBe('female');
    expect(patient.birthDate).toBe('1968-04-12');
    expect(patient.telecom).toEqual([{ system: 'phone', value: '(11) 98765-4321' }]);
    expect(patient.address).toEqual([
      {
        use: 'home',
        line: ['Rua das Acácias, 120', 'apto 32'],
        district: 'Vila Mariana',
        city: 'São Paulo',
        state: 'SP',
        postalCode: '04101-000',
        country: 'BR',
      },
    ]);
  });

  it('maps each sex Prontu records to a FHIR gender, and leaves an unrecorded one out', () => {
    const genderOf = (sex: 'masculino' | 'feminino' | 'outro' | undefined) => {
      const { sex: _sex, ...patient } = MARIA_EXPORT.patient;
      const exported = patientBundle({
        ...MARIA_EXPORT,
        patient: sex ? { ...patient, sex } : patient,
      });
      return only(resourcesOf('Patient', resourcesOfBundle(exported))).gender;
    };
    expect(genderOf('masculino')).toBe('male');
    expect(genderOf('feminino')).toBe('female');
    expect(genderOf('outro')).toBe('other');
    expect(genderOf(undefined)).toBeUndefined();
  });

  it('writes her current lists: chronic conditions, allergy, medicines in use', () => {
    const chronic = resourcesOf('Condition').filter((condition) =>
      condition.category?.some((category) =>
        category.coding?.some((coding) => coding.code === 'problem-list-item'),
      ),
    );
    expect(chronic.map((condition) => condition.code?.text)).toEqual([
      'Hipertensão arterial',
      'Diabetes mellitus tipo 2',
    ]);
    for (const condition of chronic) {
      expect(condition.clinicalStatus?.coding?.[0]?.code).toBe('active');
    }
    const allergy = only(resourcesOf('AllergyIntolerance'));
    expect(allergy.code?.text).toBe('Dipirona');
    expect(allergy.clinicalStatus?.coding?.[0]?.code).toBe('active');
    expect(
      resourcesOf('MedicationStatement').map((statement) => [
        statement.status,
        statement.medicationCodeableConcept?.text,
      ]),
    ).toEqual([
      ['active', 'Losartana 50 mg, 1 comprimido ao dia'],
      ['active', 'Metformina 850 mg, 2 vezes ao dia'],
    ]);
  });

  it('codes a diagnosis written anywhere in the assessment, and a coded chronic condition', () => {
    const exported = codedExport();
    const conditions = resourcesOf('Condition', resourcesOfBundle(exported));
    expect(conditions.map((condition) => condition.code)).toEqual([
      {
        coding: [{ system: CID10_SYSTEM, code: 'E11.9', display: official.get('E11.9') }],
        text: 'Diabetes mellitus tipo 2',
      },
      { text: 'Asma' },
      {
        coding: [{ system: CID10_SYSTEM, code: 'I10', display: official.get('I10') }],
        text: 'HAS',
      },
      // A code the catalogue lacks is the doctor's text, never a coding.
      { text: 'Síndrome a esclarecer' },
    ]);
  });

  it('writes each visit as an ambulatory encounter, finished once finalised', () => {
    const first = encounterOf(0);
    const second = encounterOf(1);
    expect(first.status).toBe('finished');
    expect(second.status).toBe('in-progress');
    for (const encounter of [first, second]) {
      expect(encounter.class).toEqual(
        expect.objectContaining({
          system: 'http://terminology.hl7.org/CodeSystem/v3-ActCode',
          code: 'AMB',
        }),
      );
    }
    expect(first.reasonCode).toEqual([{ text: 'Dor de cabeça há 3 dias' }]);
  });

  it('writes the coded diagnoses of the assessment as diagnoses of the visit', () => {
    const first = encounterOf(0);
    const diagnoses: Condition[] = inEncounter(resourcesOf('Condition'), first);
    expect(diagnoses.map((condition) => condition.code)).toEqual([
      { coding: [{ system: CID10_SYSTEM, code: 'G44.2' }], text: 'Cefaleia tensional' },
      { coding: [{ system: CID10_SYSTEM, code: 'I10' }], text: 'Hipertensão essencial (primária)' },
    ]);
    expect(first.diagnosis?.map((diagnosis) => diagnosis.condition.reference)).toEqual(
      diagnoses.map((diagnosis) => `urn:uuid:${diagnosis.id ?? ''}`),
    );
    const impression = only(inEncounter(resourcesOf('ClinicalImpression'), first));
    expect(impression.summary).toContain('Cefaleia tensional; hipertensão fora do alvo.');
    expect(impression.description).toBe(
      [
        'Queixa principal: Dor de cabeça há 3 dias',
        'Sintomas: cefaleia, tontura',
        'Duração: 3 dias',
        'Intensidade: moderada',
      ].join('\n'),
    );
    expect(impression.finding).toHaveLength(2);
    expect(impression.note?.[0]?.text).toBe(
      'Adendo: Paciente ligou: a cefaleia cedeu com o paracetamol.',
    );
  });

  it('writes the physical examination as a narrative observation of the visit', () => {
    const exam = only(
      inEncounter(resourcesOf('Observation'), encounterOf(0)).filter(
        (observation) => observation.code.coding?.[0]?.code === '29545-1',
      ),
    );
    expect(exam.valueString).toBe(
      'Estado geral: Bom estado geral, corada, hidratada.\n' +
        'Coração: Ritmo regular em dois tempos, sem sopros.',
    );
  });

  it('writes the exams requested and the plan of the visit', () => {
    const exam = only(resourcesOf('ServiceRequest'));
    expect([exam.status, exam.intent, exam.code?.text, exam.priority]).toEqual([
      'completed',
      'order',
      'Hemograma completo',
      'routine',
    ]);
    const plan = only(resourcesOf('CarePlan'));
    expect(plan.description).toBe('Aferir a pressão em casa por 7 dias.\nRetorno em 30 dias.');
    expect(plan.note).toEqual([{ text: 'Observações da prescrição: Evitar anti-inflamatórios.' }]);
  });

  describe('vital signs', () => {
    const vitals = resourcesOf('Observation').filter((observation) =>
      observation.category?.some((category) =>
        category.coding?.some((coding) => coding.code === 'vital-signs'),
      ),
    );
    const firstVisit = inEncounter(vitals, encounterOf(0));
    const codeOf = (observation: Observation) => observation.code.coding?.[0]?.code;

    it('are dated by the visit, in the visit, final once it is finalised', () => {
      expect(firstVisit).toHaveLength(8);
      expect(inEncounter(vitals, encounterOf(1))).toHaveLength(3);
      for (const observation of firstVisit) {
        expect(observation.effectiveDateTime).toBe(FIRST_VISIT.createdAt);
        expect(observation.status).toBe('final');
      }
      for (const observation of inEncounter(vitals, encounterOf(1))) {
        expect(observation.status).toBe('preliminary');
      }
    });

    it('carry their LOINC code and a UCUM unit', () => {
      const measured = Object.fromEntries(
        firstVisit
          .filter((observation) => observation.valueQuantity)
          .map((observation) => [
            codeOf(observation) ?? '',
            [
              observation.valueQuantity?.value,
              observation.valueQuantity?.system,
              observation.valueQuantity?.code,
            ],
          ]),
      );
      expect(measured).toEqual({
        '8867-4': [88, UCUM_SYSTEM, '/min'],
        '9279-1': [16, UCUM_SYSTEM, '/min'],
        '8310-5': [36.8, UCUM_SYSTEM, 'Cel'],
        '2708-6': [97, UCUM_SYSTEM, '%'],
        '8302-2': [162, UCUM_SYSTEM, 'cm'],
        '29463-7': [70.5, UCUM_SYSTEM, 'kg'],
        '39156-5': [26.9, UCUM_SYSTEM, 'kg/m2'],
      });
      for (const observation of firstVisit) {
        expect(observation.code.coding?.every((coding) => coding.system === LOINC_SYSTEM)).toBe(
          true,
        );
      }
      const saturation = only(firstVisit.filter((observation) => codeOf(observation) === '2708-6'));
      expect(saturation.code.coding?.map((coding) => coding.code)).toEqual(['2708-6', '59408-5']);
    });

    it('read a blood pressure written 150x95 or 130/85 as a panel of two pressures', () => {
      const pressures = vitals.filter((observation) => codeOf(observation) === '85354-9');
      expect(
        pressures.map((observation) =>
          observation.component?.map((component) => [
            component.code.coding?.[0]?.code,
            component.valueQuantity?.value,
            component.valueQuantity?.code,
          ]),
        ),
      ).toEqual([
        [
          ['8480-6', 150, 'mm[Hg]'],
          ['8462-4', 95, 'mm[Hg]'],
        ],
        [
          ['8480-6', 130, 'mm[Hg]'],
          ['8462-4', 85, 'mm[Hg]'],
        ],
      ]);
      expect(pressures.every((observation) => observation.valueQuantity === undefined)).toBe(true);
    });

    it('leave out a blood pressure that does not read as two pressures', () => {
      const exported = patientBundle({
        ...MARIA_EXPORT,
        records: [
          {
            ...SECOND_VISIT,
            physicalExam: { vitalSigns: { bloodPressure: 'alta', heartRate: 76 } },
          },
        ],
      });
      const observations = resourcesOf('Observation', resourcesOfBundle(exported));
      expect(observations.map(codeOf)).toEqual(['8867-4']);
    });
  });

  it('writes what was prescribed at the visit and on the receita, with posology and quantity', () => {
    const requests: MedicationRequest[] = resourcesOf('MedicationRequest');
    expect(
      requests.map((request) => [
        request.status,
        request.intent,
        request.medicationCodeableConcept?.text,
        request.dosageInstruction?.[0]?.text,
        request.dispenseRequest?.quantity,
        request.authoredOn,
      ]),
    ).toEqual([
      [
        'completed',
        'order',
        'Paracetamol 750 mg',
        'Tomar 1 comprimido por via oral de 6 em 6 horas, por 5 dias. Se dor.',
        { value: 20, unit: 'comprimidos' },
        FIRST_VISIT.createdAt,
      ],
      [
        'completed',
        'order',
        'Losartana potássica 50 mg',
        'Tomar 1 comprimido por via oral uma vez ao dia, em uso contínuo.',
        { value: 30, unit: 'comprimidos' },
        RECEITA.date,
      ],
      [
        'completed',
        'order',
        'Hidroclorotiazida 25 mg',
        'Tomar 1 comprimido por via oral pela manhã.',
        undefined,
        RECEITA.date,
      ],
    ]);
    const [visit, ...receita] = requests;
    expect(visit?.encounter?.reference).toBe(`urn:uuid:${encounterOf(0).id ?? ''}`);
    expect(new Set(receita.map((request) => request.groupIdentifier?.value)).size).toBe(1);
    expect(receita.map((request) => request.substitution?.allowedBoolean)).toEqual([true, false]);
    expect(receita[0]?.requester?.display).toBe('Dra. Ana Lima, CRM/SP 123456');
    expect(receita[0]?.reasonCode).toEqual([{ text: 'Hipertensão arterial' }]);
  });

  it("writes each use of AI as a Provenance of its visit: what, when, who answered, the doctor's outcome", () => {
    const [firstVisit] = resourcesOf('Encounter');
    const uses = resourcesOf('Provenance');
    expect(uses.map((use) => use.target)).toEqual([
      [{ reference: `urn:uuid:${firstVisit?.id}`, type: 'Encounter' }],
      [{ reference: `urn:uuid:${firstVisit?.id}`, type: 'Encounter' }],
    ]);
    expect(
      uses.map((use: Provenance) => [use.recorded, use.activity?.text, use.agent[0]?.who.display]),
    ).toEqual([
      ['2026-03-02T13:41:00.000Z', 'Transcrição da gravação', 'whisper-1'],
      ['2026-03-02T13:52:00.000Z', 'Sugestão de exames (editado)', 'motor offline (regras)'],
    ]);
    expect(uses[0]?.agent[0]?.type?.coding?.[0]?.code).toBe('assembler');
  });

  it('writes a known patient with nothing else as a Patient alone', () => {
    const exported = patientBundle(NAME_ONLY_EXPORT);
    expect(exported.entry).toHaveLength(1);
    const patient = only(resourcesOf('Patient', resourcesOfBundle(exported)));
    expect(patient.name).toEqual([{ use: 'official', text: 'João' }]);
    expect(Object.keys(patient).sort()).toEqual(['id', 'name', 'resourceType']);
  });
});

/** The catalogue's words for the codes of {@link codedExport}; it has no U99.9. */
const official = new Map([
  ['I10', 'Hipertensão essencial (primária)'],
  ['E11.9', 'Diabetes mellitus não-insulino-dependente - sem complicações'],
]);

/** Maria with a coded chronic condition, and a visit whose assessment codes in its sentences. */
function codedExport(): Bundle {
  return patientBundle(
    {
      ...MARIA_EXPORT,
      patient: {
        ...MARIA_EXPORT.patient,
        chronicConditions: ['Diabetes mellitus tipo 2 (CID-10 E11.9)', 'Asma'],
      },
      records: [
        {
          ...FIRST_VISIT,
          assessment: 'HAS (CID-10 I10), sem lesão de órgão-alvo. Síndrome a esclarecer (U99.9)',
        },
      ],
    },
    (code) => official.get(code),
  );
}

describe('FHIR R4 validation (Medplum)', () => {
  it.each(resources.map((resource) => [`${resource.resourceType} ${resource.id ?? ''}`, resource]))(
    '%s is valid',
    (_name, resource) => {
      expect(fhirIssuesOf(resource)).toEqual([]);
    },
  );

  it('codes diagnoses and conditions validly', () => {
    const exported = codedExport();
    for (const resource of [exported, ...resourcesOfBundle(exported)]) {
      expect(fhirIssuesOf(resource)).toEqual([]);
    }
  });

  it('every vital sign is valid against the FHIR vital signs profile', () => {
    const vitals = resourcesOf('Observation').filter(
      (observation) => observation.category?.[0]?.coding?.[0]?.code === 'vital-signs',
    );
    expect(vitals).toHaveLength(11);
    for (const observation of vitals) {
      expect(
        fhirIssuesOf(observation, 'http://hl7.org/fhir/StructureDefinition/vitalsigns'),
      ).toEqual([]);
    }
  });

  it('the Bundle is valid as a whole', () => {
    expect(fhirIssuesOf(bundle)).toEqual([]);
  });

  it('the Bundle of a patient known only by name is valid', () => {
    expect(fhirIssuesOf(patientBundle(NAME_ONLY_EXPORT))).toEqual([]);
  });

  it('finds what is wrong in a broken resource (the validator is really checking)', () => {
    const { status: _status, ...withoutStatus } = only(
      resourcesOf('Encounter').filter((encounter) => encounter.status === 'finished'),
    );
    expect(fhirIssuesOf(withoutStatus as Resource)).toEqual([
      'Missing required property (Encounter.status)',
    ]);
    const observation = resourcesOf('Observation')[0];
    expect(fhirIssuesOf({ ...observation, effectiveDateTime: '02/03/2026' } as Resource)).toEqual([
      'Invalid dateTime format (Observation.effective[x])',
    ]);
  });
});
