import { describe, expect, it } from 'vitest';
import {
  bloodPressureOf,
  noListChanges,
  patientListChanges,
  patientOfferLabel,
  timelineTitle,
  visitPatientInfo,
  withListChanges,
} from './patient-chart';

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
    expect(
      timelineTitle({ kind: 'document', documentKind: 'exames', documentStatus: 'emitido' }),
    ).toBe('Solicitação de exames');
    expect(
      timelineTitle({ kind: 'document', documentKind: 'atestado', documentStatus: 'cancelado' }),
    ).toBe('Atestado médico — cancelado');
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
      allergies: { added: ['Penicilina'], removed: [] },
      chronicConditions: { added: [], removed: [] },
      medications: { added: ['Anlodipino 5 mg'], removed: ['AAS 100 mg'] },
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
