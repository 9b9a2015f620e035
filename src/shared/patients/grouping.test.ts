import { describe, expect, it } from 'vitest';
import { groupRecordsByPerson, patientFromVisits, type RecordOfPerson } from './grouping';

const ids = (groups: RecordOfPerson[][]) => groups.map((group) => group.map((record) => record.id));

describe('groupRecordsByPerson', () => {
  it('groups the same name in any case, accents and spacing when the ages agree with the dates', () => {
    const groups = groupRecordsByPerson([
      { id: 'a', name: 'Maria Aparecida', age: 62, date: '2025-03-10' },
      { id: 'b', name: '  MARIA   aparecida ', age: 63, date: '2026-10-12' },
      { id: 'c', name: 'José da Silva', age: 40, date: '2026-01-05' },
      { id: 'd', name: 'Jose da Silva', age: 40, date: '2026-06-05' },
    ]);
    expect(ids(groups)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('keeps a homonym whose age cannot be the same person apart', () => {
    const groups = groupRecordsByPerson([
      { id: 'mother', name: 'Ana Souza', age: 63, date: '2026-10-12' },
      { id: 'daughter', name: 'Ana Souza', age: 30, date: '2026-10-20' },
      { id: 'mother-again', name: 'Ana Souza', age: 62, date: '2025-11-01' },
    ]);
    expect(ids(groups)).toEqual([['mother', 'mother-again'], ['daughter']]);
  });

  it('needs every visit of a group to agree, not only neighbours', () => {
    // 40 on 2020-06-01: born 1979-06-02..1980-06-01; 41 on 2021-12-01: 1979-12-02..1980-12-01;
    // 42 on 2023-06-01: 1980-06-02..1981-06-01 — agrees with the second but not the first.
    const groups = groupRecordsByPerson([
      { id: 'first', name: 'Rui', age: 40, date: '2020-06-01' },
      { id: 'second', name: 'Rui', age: 41, date: '2021-12-01' },
      { id: 'third', name: 'Rui', age: 42, date: '2023-06-01' },
    ]);
    expect(ids(groups)).toEqual([['first', 'second'], ['third']]);
  });

  it('joins a record without age to its name when there is one person by that name', () => {
    const groups = groupRecordsByPerson([
      { id: 'aged', name: 'Célia Dias', age: 50, date: '2026-01-01' },
      { id: 'ageless', name: 'Celia Dias', date: '2026-02-01' },
    ]);
    expect(ids(groups)).toEqual([['aged', 'ageless']]);
    expect(
      ids(
        groupRecordsByPerson([
          { id: 'x', name: 'Lia', date: '2026-02-01' },
          { id: 'y', name: 'lia', date: '2026-03-01' },
        ]),
      ),
    ).toEqual([['x', 'y']]);
  });

  it('leaves a record without age alone when its name has two people, and skips the nameless', () => {
    const groups = groupRecordsByPerson([
      { id: 'old', name: 'Ana', age: 80, date: '2026-01-01' },
      { id: 'young', name: 'Ana', age: 20, date: '2026-01-01' },
      { id: 'unknown', name: 'Ana', date: '2026-01-01' },
      { id: 'blank', name: '  ', date: '2026-01-01' },
    ]);
    expect(ids(groups)).toEqual([['old'], ['young'], ['unknown']]);
  });

  it('reads a birthday on 29 February', () => {
    const groups = groupRecordsByPerson([
      { id: 'a', name: 'Leo', age: 4, date: '2024-02-29' },
      { id: 'b', name: 'Leo', age: 5, date: '2025-02-28' },
    ]);
    expect(ids(groups)).toEqual([['a', 'b']]);
  });
});

describe('patientFromVisits', () => {
  it('keeps every allergy and condition, the latest name, sex and medicines', () => {
    const patient = patientFromVisits([
      {
        name: 'maria aparecida',
        gender: 'feminino',
        allergies: ['Dipirona'],
        chronicConditions: ['HAS'],
        medications: ['Losartana 50 mg'],
      },
      { name: 'Maria  Aparecida ', allergies: ['dipirona', 'Penicilina'], medications: [] },
    ]);
    expect(patient).toEqual({
      name: 'Maria Aparecida',
      sex: 'feminino',
      allergies: ['dipirona', 'Penicilina'],
      chronicConditions: ['HAS'],
      medications: ['Losartana 50 mg'],
    });
  });
});
