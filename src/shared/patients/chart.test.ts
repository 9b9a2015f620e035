import { describe, expect, it } from 'vitest';
import {
  bloodPressureOf,
  inUseText,
  medicineIdentity,
  noListChanges,
  patientListChanges,
  patientOfferLabel,
  renewalItems,
  renewalMedications,
  replacementText,
  timelineTitle,
  visitListsOf,
  visitPatientInfo,
  withListChanges,
  type PatientLists,
  type PrescribedEntry,
  type RenewalItem,
  type VisitLists,
} from './chart';

describe('bloodPressureOf', () => {
  it.each([
    ['150x95', { systolic: 150, diastolic: 95 }],
    ['120/80', { systolic: 120, diastolic: 80 }],
    [' 130 x 85 mmHg ', { systolic: 130, diastolic: 85 }],
    ['110 por 70', { systolic: 110, diastolic: 70 }],
  ])('reads %j', (text, pressure) => {
    expect(bloodPressureOf(text)).toEqual(pressure);
  });

  it.each(['', 'normal', '80x120', '150', '900x95', '12x8'])('refuses %j', (text) => {
    expect(bloodPressureOf(text)).toBeUndefined();
  });
});

describe('timelineTitle', () => {
  it('names a document by its kind, and says when it was cancelled', () => {
    expect(timelineTitle({ kind: 'document', documentKind: 'exames', status: 'emitido' })).toBe(
      'Solicitação de exames',
    );
    expect(timelineTitle({ kind: 'document', documentKind: 'atestado', status: 'cancelado' })).toBe(
      'Atestado médico — cancelado',
    );
  });

  it('names a visit by its complaint, else the assessment, and a receita by its medicines', () => {
    expect(timelineTitle({ kind: 'record', chiefComplaint: 'Cefaleia há 3 dias' })).toBe(
      'Consulta — Cefaleia há 3 dias',
    );
    expect(timelineTitle({ kind: 'record', assessment: '\nHAS descompensada\nOutra linha' })).toBe(
      'Consulta — HAS descompensada',
    );
    expect(timelineTitle({ kind: 'record' })).toBe('Consulta');
    expect(
      timelineTitle({
        kind: 'prescription',
        medicationNames: ['Losartana 50 mg', 'AAS', 'Sinvastatina'],
      }),
    ).toBe('Receita — Losartana 50 mg e mais 2');
    expect(timelineTitle({ kind: 'prescription', medicationNames: [] })).toBe('Receita');
  });
});

describe('patientListChanges', () => {
  const patient = {
    allergies: ['Dipirona'],
    chronicConditions: ['Hipertensão'],
    medications: ['Losartana 50 mg', 'AAS 100 mg'],
  };

  it('adds new allergies and conditions, never removes them, and follows the medicines listed', () => {
    const changes = patientListChanges(patient, {
      allergies: ['dipirona', 'Penicilina'],
      chronicConditions: [],
      medications: ['Losartana 50 mg', 'Anlodipino 5 mg'],
    });
    expect(changes).toEqual({
      allergies: { added: ['Penicilina'], removed: [], replaced: [] },
      chronicConditions: { added: [], removed: [], replaced: [] },
      medications: { added: ['Anlodipino 5 mg'], removed: ['AAS 100 mg'], replaced: [] },
    });
    expect(withListChanges(patient, changes)).toEqual({
      allergies: ['Dipirona', 'Penicilina'],
      chronicConditions: ['Hipertensão'],
      medications: ['Losartana 50 mg', 'Anlodipino 5 mg'],
    });
  });

  it('reads a visit without medicines as not asked, and one repeating the lists as no change', () => {
    const changes = patientListChanges(patient, {
      allergies: [],
      chronicConditions: [],
      medications: [],
    });
    expect(noListChanges(changes)).toBe(true);
    expect(
      noListChanges(patientListChanges(patient, { ...patient, allergies: ['DIPIRONA'] })),
    ).toBe(true);
  });
});

describe('medicineIdentity', () => {
  it.each([
    ['Losartana 50 mg', 'losartana', '50 mg'],
    ['losartana potássica 50mg 1x ao dia', 'losartana', '50 mg'],
    ['Cloridrato de metformina 850 mg', 'metformina', '850 mg'],
    ['Hidroclorotiazida 12,5 mg', 'hidroclorotiazida', '12.5 mg'],
    ['Amoxicilina 250 mg/5 mL', 'amoxicilina', '250 mg/5 mL'],
    ['Salbutamol 100 mcg/dose', 'salbutamol', '100 mcg/dose'],
    ['Vitamina B12 1000 mcg', 'vitamina b12', '1000 mcg'],
    ['Colecalciferol 7.000 UI', 'colecalciferol', '7000 UI'],
    ['AAS 100 mg após o almoço', 'aas', '100 mg'],
    ['Sinvastatina à noite', 'sinvastatina', undefined],
    ['Losartana', 'losartana', undefined],
  ])('reads %j as %j at %j', (text, ingredient, strength) => {
    expect(medicineIdentity(text)).toMatchObject({ ingredient, strength });
  });

  it('reads a combination as neither of its parts', () => {
    const combination = medicineIdentity('Losartana 50 mg + Hidroclorotiazida 12,5 mg');
    expect(combination.ingredient).toBe('losartana + hidroclorotiazida');
    expect(combination.strength).toBe('50 mg + 12.5 mg');
  });
});

describe('inUseText and replacementText', () => {
  it('names a prescribed medicine by its name and strength, not how it is taken', () => {
    expect(inUseText({ name: 'losartana', dosage: '50 mg', frequency: '1x ao dia' })).toBe(
      'Losartana 50 mg',
    );
    expect(inUseText({ name: 'Losartana 50 mg', dosage: '50 mg' })).toBe('Losartana 50 mg');
    expect(inUseText({ name: 'Insulina NPH', dosage: '10 unidades' })).toBe('Insulina NPH');
  });

  it('says a new strength as the strength alone when the name stays', () => {
    expect(replacementText({ from: 'Losartana 50 mg', to: 'Losartana 100 mg' })).toBe(
      'Losartana 50 mg → 100 mg',
    );
    expect(replacementText({ from: 'Losartana', to: 'Losartana 50 mg' })).toBe(
      'Losartana → Losartana 50 mg',
    );
  });
});

describe('patientListChanges of what a visit prescribed and stopped', () => {
  const patient: PatientLists = {
    allergies: [],
    chronicConditions: ['Hipertensão'],
    medications: ['Losartana 50 mg', 'Sinvastatina 20 mg'],
  };
  const visit = (changes: Partial<VisitLists>): VisitLists => ({
    allergies: [],
    chronicConditions: [],
    medications: [],
    ...changes,
  });

  it('adds a medicine prescribed for continuous use, and not one for a few days', () => {
    const changes = patientListChanges(
      patient,
      visit({
        prescribed: [
          {
            name: 'Metformina',
            dosage: '850 mg',
            frequency: '2x ao dia',
            duration: 'uso contínuo',
          },
          { name: 'Amoxicilina', dosage: '500 mg', frequency: '8/8h', duration: '7 dias' },
        ],
      }),
    );
    expect(changes.medications).toEqual({
      added: ['Metformina 850 mg'],
      removed: [],
      replaced: [],
    });
  });

  it('does not add twice a medicine she takes, however it is spelled', () => {
    const changes = patientListChanges(
      patient,
      visit({
        medications: ['losartana 50mg 1x ao dia', 'Sinvastatina 20 mg'],
        prescribed: [
          {
            name: 'Losartana potássica',
            dosage: '50 mg',
            frequency: '1x ao dia',
            duration: 'Uso contínuo',
          },
        ],
      }),
    );
    expect(noListChanges(changes)).toBe(true);
  });

  it('replaces her strength with the new one, in place', () => {
    const changes = patientListChanges(
      patient,
      visit({
        prescribed: [
          { name: 'Losartana', dosage: '100 mg', frequency: '1x ao dia', duration: 'uso contínuo' },
        ],
      }),
    );
    expect(changes.medications).toEqual({
      added: [],
      removed: [],
      replaced: [{ from: 'Losartana 50 mg', to: 'Losartana 100 mg' }],
    });
    expect(withListChanges(patient, changes).medications).toEqual([
      'Losartana 100 mg',
      'Sinvastatina 20 mg',
    ]);
  });

  it('takes out what the doctor stops, in the conduct or in the prescription', () => {
    const stops = (changes: Partial<VisitLists>) =>
      patientListChanges(patient, visit(changes)).medications.removed;
    expect(stops({ conduct: ['Mialgia. Suspender a sinvastatina e manter losartana.'] })).toEqual([
      'Sinvastatina 20 mg',
    ]);
    expect(stops({ conduct: ['Sinvastatina suspensa por mialgia.'] })).toEqual([
      'Sinvastatina 20 mg',
    ]);
    expect(stops({ medications: ['Losartana 50 mg', 'Sinvastatina 20 mg (suspensa)'] })).toEqual([
      'Sinvastatina 20 mg',
    ]);
    expect(stops({ prescribed: [{ name: 'Sinvastatina', instructions: 'Suspender' }] })).toEqual([
      'Sinvastatina 20 mg',
    ]);
    // Not a stop: under a condition, denied, or of another medicine.
    expect(stops({ conduct: ['Suspender losartana se PA < 100x60.'] })).toEqual([]);
    expect(stops({ conduct: ['Não suspender a sinvastatina.'] })).toEqual([]);
    expect(stops({ conduct: ['Suspender ibuprofeno, losartana mantida.'] })).toEqual([]);
  });

  it('swaps one for another, and a stop with a new strength is a new strength', () => {
    const swap = patientListChanges(
      patient,
      visit({
        conduct: ['Troco a sinvastatina pela atorvastatina.'],
        prescribed: [
          {
            name: 'Atorvastatina',
            dosage: '20 mg',
            frequency: 'à noite',
            duration: 'uso contínuo',
          },
        ],
      }),
    );
    expect(swap.medications).toEqual({
      added: ['Atorvastatina 20 mg'],
      removed: ['Sinvastatina 20 mg'],
      replaced: [],
    });
    const stronger = patientListChanges(
      patient,
      visit({
        conduct: ['Suspender losartana 50 mg; iniciar losartana 100 mg.'],
        prescribed: [
          { name: 'Losartana', dosage: '100 mg', frequency: '1x ao dia', duration: 'uso contínuo' },
        ],
      }),
    );
    expect(stronger.medications).toEqual({
      added: [],
      removed: [],
      replaced: [{ from: 'Losartana 50 mg', to: 'Losartana 100 mg' }],
    });
  });

  it('reads a finalised record: its lists, its prescriptions and its conduct', () => {
    const lists = visitListsOf({
      patientInfo: { medications: ['Losartana 50 mg'] },
      prescriptions: {
        medications: [{ name: 'Losartana', dosage: '50 mg', duration: 'uso contínuo' }],
        additionalNotes: '  ',
      },
      assessment: 'HAS controlada.',
      plan: 'Suspender sinvastatina.',
    });
    expect(lists).toEqual({
      allergies: [],
      chronicConditions: [],
      medications: ['Losartana 50 mg'],
      prescribed: [{ name: 'Losartana', dosage: '50 mg', duration: 'uso contínuo' }],
      conduct: ['HAS controlada.', 'Suspender sinvastatina.'],
    });
  });
});

describe('renewalItems', () => {
  const history: PrescribedEntry[] = [
    {
      kind: 'prescription',
      id: 'receita-3',
      date: '2026-05-02T12:00:00.000Z',
      medication: { name: 'Losartana', dosage: '100 mg' },
    },
    {
      kind: 'record',
      id: 'visita-2',
      date: '2026-04-01T12:00:00.000Z',
      medication: {
        name: 'losartana potássica',
        dosage: '50mg',
        dosePerIntake: '1 comprimido',
        frequency: '1x ao dia',
        duration: '30 dias',
        instructions: ' pela manhã ',
        genericAllowed: false,
      },
    },
    {
      kind: 'prescription',
      id: 'receita-1',
      date: '2026-01-10T12:00:00.000Z',
      medication: { name: 'Losartana', dosage: '50 mg', frequency: '12/12h' },
    },
    {
      kind: 'record',
      id: 'visita-1',
      date: '2025-12-01T12:00:00.000Z',
      medication: { name: 'Sinvastatina 20 mg', frequency: 'à noite' },
    },
  ];

  it('gives each medicine in use its latest posology of the same strength, for continuous use', () => {
    expect(
      renewalItems(['Losartana 50 mg', 'Sinvastatina 20 mg', 'AAS 100 mg', ' '], history),
    ).toEqual([
      {
        inUse: 'Losartana 50 mg',
        medication: {
          name: 'Losartana potássica',
          dosage: '50mg',
          dosePerIntake: '1 comprimido',
          frequency: '1x ao dia',
          instructions: 'pela manhã',
          duration: 'uso contínuo',
          genericAllowed: false,
        },
        lastPrescribed: { kind: 'record', id: 'visita-2', date: '2026-04-01T12:00:00.000Z' },
      },
      {
        inUse: 'Sinvastatina 20 mg',
        medication: { name: 'Sinvastatina 20 mg', frequency: 'à noite', duration: 'uso contínuo' },
        lastPrescribed: { kind: 'record', id: 'visita-1', date: '2025-12-01T12:00:00.000Z' },
      },
      // Never prescribed here: its name and strength, for the doctor to complete.
      {
        inUse: 'AAS 100 mg',
        medication: { name: 'AAS', dosage: '100 mg', duration: 'uso contínuo' },
      },
    ]);
  });

  it('never takes a posology from another strength, nor from a prescription without one', () => {
    const [losartana] = renewalItems(['losartana 100 mg 1x/dia'], history);
    // The receita of 100 mg says nothing of how to take it; the 50 mg ones are another strength.
    expect(losartana).toEqual({
      inUse: 'losartana 100 mg 1x/dia',
      medication: { name: 'Losartana', dosage: '100 mg', duration: 'uso contínuo' },
    });
  });
});

describe('renewalMedications', () => {
  const items: RenewalItem[] = [
    {
      inUse: 'Losartana 50 mg',
      medication: {
        name: 'Losartana',
        dosage: '50 mg',
        frequency: '1x ao dia',
        duration: 'uso contínuo',
      },
      lastPrescribed: { kind: 'record', id: 'visita-1', date: '2026-04-01T12:00:00.000Z' },
    },
    {
      inUse: 'AAS 100 mg',
      medication: { name: 'AAS', dosage: '100 mg', duration: 'uso contínuo' },
    },
    {
      inUse: 'Sinvastatina 20 mg',
      medication: {
        name: 'Sinvastatina',
        dosage: '20 mg',
        frequency: 'à noite',
        duration: 'uso contínuo',
      },
      lastPrescribed: { kind: 'prescription', id: 'receita-1', date: '2026-04-01T12:00:00.000Z' },
    },
  ];

  it('carries the medicines kept, and one without posology only once the doctor wrote it', () => {
    expect(
      renewalMedications(items, [
        { chosen: true },
        { chosen: true, frequency: '  ' },
        { chosen: false },
      ]),
    ).toEqual({ medications: [items[0]?.medication], incomplete: ['AAS'] });
    expect(
      renewalMedications(items, [
        { chosen: false },
        { chosen: true, dosage: '100 mg', frequency: '1x ao dia', instructions: 'após o almoço' },
        { chosen: true },
      ]),
    ).toEqual({
      medications: [
        {
          name: 'AAS',
          dosage: '100 mg',
          frequency: '1x ao dia',
          instructions: 'após o almoço',
          duration: 'uso contínuo',
        },
        items[2]?.medication,
      ],
      incomplete: [],
    });
  });
});

describe('patientOfferLabel', () => {
  it('names her, her age and her last visit', () => {
    expect(
      patientOfferLabel({
        name: 'Maria Aparecida',
        age: 63,
        lastVisit: { date: '2026-10-12T13:00:00.000Z' },
      }),
    ).toBe('Maria Aparecida, 63 anos — última consulta 12/10/2026');
    expect(
      patientOfferLabel({ name: 'Leo', lastVisit: { date: '2026-10-12T13:00:00.000Z', age: 1 } }),
    ).toBe('Leo, 1 ano — última consulta 12/10/2026');
    expect(patientOfferLabel({ name: 'Ana' })).toBe('Ana');
  });
});

describe('visitPatientInfo', () => {
  it('starts the visit from her chart and keeps what was typed', () => {
    expect(
      visitPatientInfo(
        {
          name: 'Maria Aparecida',
          age: 63,
          sex: 'feminino',
          allergies: ['Dipirona'],
          chronicConditions: [],
          medications: ['Losartana'],
        },
        { name: 'maria ap', allergies: ['dipirona', 'Látex'], gender: 'feminino' },
      ),
    ).toEqual({
      name: 'Maria Aparecida',
      age: 63,
      gender: 'feminino',
      allergies: ['Dipirona', 'Látex'],
      chronicConditions: [],
      medications: ['Losartana'],
    });
  });
});
