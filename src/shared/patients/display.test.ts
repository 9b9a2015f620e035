import { describe, expect, it } from 'vitest';
import type { Patient } from './patient';
import {
  patientAddressLine,
  birthDateText,
  eraseQuestion,
  fhirFileName,
  lastVisitLabel,
  mergeQuestion,
  patientAgeLabel,
  patientCountsText,
  patientInfoForVisit,
  shortPatientName,
} from './display';

const maria: Patient = {
  id: 'patient-1',
  name: 'Maria Aparecida da Silva',
  birthDate: '1961-03-12',
  age: 65,
  sex: 'feminino',
  allergies: ['Dipirona'],
  chronicConditions: ['Hipertensão arterial'],
  medications: ['Losartana 50 mg'],
  version: 1,
  createdAt: '2026-01-10T12:00:00.000Z',
  updatedAt: '2026-01-10T12:00:00.000Z',
};

describe('patientAddressLine', () => {
  it('writes the whole address on one line, CEP punctuated', () => {
    expect(
      patientAddressLine({
        street: 'Rua das Flores',
        number: '100',
        complement: 'apto 12',
        district: 'Centro',
        city: 'São Paulo',
        uf: 'SP',
        cep: '01234567',
      }),
    ).toBe('Rua das Flores, 100, apto 12 — Centro, São Paulo/SP, CEP 01234-567');
  });

  it('leaves out what is not known, and is empty when nothing is', () => {
    expect(patientAddressLine({ street: 'Av. Brasil', city: 'Recife', uf: 'PE' })).toBe(
      'Av. Brasil — Recife/PE',
    );
    expect(patientAddressLine({ city: 'Recife' })).toBe('Recife');
    expect(patientAddressLine({})).toBe('');
    expect(patientAddressLine(null)).toBe('');
  });
});

describe('patientAgeLabel', () => {
  it('reads the age from the birth date', () => {
    expect(patientAgeLabel({ age: 63 })).toBe('63 anos');
    expect(patientAgeLabel({ age: 1 })).toBe('1 ano');
  });

  it('falls back to the age her latest visit gave, with its day', () => {
    expect(patientAgeLabel({ lastVisit: { date: '2025-03-12T14:00:00', age: 61 } })).toBe(
      '61 anos em 12/03/2025',
    );
  });

  it('says nothing when no age is known', () => {
    expect(patientAgeLabel({})).toBeUndefined();
    expect(patientAgeLabel({ lastVisit: { date: '2025-03-12T14:00:00' } })).toBeUndefined();
  });
});

describe('lastVisitLabel and birthDateText', () => {
  it('writes days as dd/mm/aaaa', () => {
    expect(lastVisitLabel({ lastVisit: { date: '2026-04-05T09:30:00' } })).toBe(
      'última consulta 05/04/2026',
    );
    expect(lastVisitLabel({})).toBeUndefined();
    expect(birthDateText('1961-03-12')).toBe('12/03/1961');
  });
});

describe('names', () => {
  it('shortens a name to the first name and the next initial', () => {
    expect(shortPatientName('Maria Aparecida da Silva')).toBe('Maria A.');
    expect(shortPatientName('  joão   emílio ')).toBe('joão E.');
    expect(shortPatientName('Pelé')).toBe('Pelé');
  });

  it('names the exported file after her, without accents', () => {
    expect(fhirFileName('Maria Aparecida da Conceição')).toBe(
      'paciente-maria-aparecida-da-conceicao.fhir.json',
    );
    expect(fhirFileName('  ')).toBe('paciente.fhir.json');
    expect(fhirFileName('a'.repeat(80))).toBe(`paciente-${'a'.repeat(60)}.fhir.json`);
  });
});

describe('counts and questions', () => {
  it('counts what is kept about her in Portuguese', () => {
    expect(patientCountsText({ records: 3, prescriptions: 2, documents: 0 })).toBe(
      '3 consultas e 2 receitas',
    );
    expect(patientCountsText({ records: 1, prescriptions: 0, documents: 1 })).toBe(
      '1 consulta e 1 documento',
    );
    expect(patientCountsText({ records: 2, prescriptions: 1, documents: 4 })).toBe(
      '2 consultas, 1 receita e 4 documentos',
    );
    expect(patientCountsText({ records: 0, prescriptions: 0, documents: 0 })).toBe(
      'nenhuma consulta nem receita',
    );
  });

  it('asks before erasing, naming her and the counts', () => {
    expect(
      eraseQuestion({
        name: 'Maria Aparecida',
        sex: 'feminino',
        counts: { records: 3, prescriptions: 2, documents: 0 },
      }),
    ).toBe(
      'Apagar Maria Aparecida e tudo o que está guardado sobre ela: 3 consultas e 2 receitas? Esta ação não pode ser desfeita.',
    );
    expect(eraseQuestion({ name: 'José Lima', sex: 'masculino' })).toBe(
      'Apagar José Lima e tudo o que está guardado sobre ele? Esta ação não pode ser desfeita.',
    );
    expect(eraseQuestion({ name: 'Alex' })).toContain('sobre essa pessoa?');
  });

  it('asks before merging with the short name and her visits', () => {
    expect(
      mergeQuestion({
        name: 'Maria Aparecida',
        counts: { records: 2, prescriptions: 0, documents: 0 },
      }),
    ).toBe('Unir Maria A. (2 consultas) a este paciente?');
    expect(mergeQuestion({ name: 'Maria Aparecida' })).toBe('Unir Maria A. a este paciente?');
  });
});

describe('patientInfoForVisit', () => {
  it('fills the patient step with her name, age, sex and lists', () => {
    expect(patientInfoForVisit(maria)).toEqual({
      name: 'Maria Aparecida da Silva',
      age: 65,
      gender: 'feminino',
      allergies: ['Dipirona'],
      chronicConditions: ['Hipertensão arterial'],
      medications: ['Losartana 50 mg'],
    });
  });

  it('leaves out what is not known', () => {
    const info = patientInfoForVisit({ ...maria, age: undefined, sex: undefined });
    expect(info).not.toHaveProperty('age');
    expect(info).not.toHaveProperty('gender');
  });
});
