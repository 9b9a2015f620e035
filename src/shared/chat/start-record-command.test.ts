import { describe, expect, it } from 'vitest';
import { patientNameTypedFirst, patientsNamed } from './start-record-command';

describe('patientNameTypedFirst', () => {
  it('reads the name before the first comma, accents kept', () => {
    expect(patientNameTypedFirst('Ana Lúcia Martins, 34 anos, dor de cabeça há 3 dias')).toBe(
      'Ana Lúcia Martins',
    );
  });

  it('keeps the particles inside a name', () => {
    expect(patientNameTypedFirst('Maria das Dores de Oliveira, 70 anos')).toBe(
      'Maria das Dores de Oliveira',
    );
    expect(patientNameTypedFirst('João dos Santos da Silva, 8 anos, febre')).toBe(
      'João dos Santos da Silva',
    );
    expect(patientNameTypedFirst("Joana d'Ávila e Souza, tosse")).toBe("Joana d'Ávila e Souza");
  });

  it('takes the whole text as the name when there is no comma', () => {
    expect(patientNameTypedFirst('  José Antônio  ')).toBe('José Antônio');
  });

  it('capitalises a name typed in lower case, particles left as they are', () => {
    expect(patientNameTypedFirst('ana lúcia de souza, 34 anos')).toBe('Ana Lúcia de Souza');
  });

  it('finds no name when the age or a complaint comes first', () => {
    expect(patientNameTypedFirst('34 anos, dor de cabeça há 3 dias')).toBeUndefined();
    expect(patientNameTypedFirst('Dor de cabeça há 3 dias, 34 anos')).toBeUndefined();
    expect(patientNameTypedFirst('dor de cabeça, Ana Lúcia')).toBeUndefined();
    expect(patientNameTypedFirst('Cefaleia, 34 anos')).toBeUndefined();
    expect(patientNameTypedFirst('cefaleia')).toBeUndefined();
    expect(patientNameTypedFirst('Lombalgia, 50 anos')).toBeUndefined();
    expect(patientNameTypedFirst('Sinusite')).toBeUndefined();
    expect(patientNameTypedFirst('febre alta')).toBeUndefined();
  });

  it("finds no name in 'paciente' or in who the patient is", () => {
    expect(patientNameTypedFirst('Paciente, 34 anos')).toBeUndefined();
    expect(patientNameTypedFirst('paciente feminina, 34 anos')).toBeUndefined();
    expect(patientNameTypedFirst('Paciente Ana Lúcia, 34 anos')).toBeUndefined();
    expect(patientNameTypedFirst('Mulher de 34 anos')).toBeUndefined();
  });

  it('finds no name in nothing, in a sentence or in a text with numbers or signs', () => {
    expect(patientNameTypedFirst('')).toBeUndefined();
    expect(patientNameTypedFirst('   ')).toBeUndefined();
    expect(patientNameTypedFirst(', 34 anos')).toBeUndefined();
    expect(patientNameTypedFirst('Ana Lúcia 34, dor')).toBeUndefined();
    expect(patientNameTypedFirst('PA 120/80')).toBeUndefined();
    expect(patientNameTypedFirst('Ana Lúcia tem dor de cabeça há três dias')).toBeUndefined();
    expect(patientNameTypedFirst('de Souza, 30 anos')).toBeUndefined();
  });

  it('finds no name in mixed case words that are not capitalised as a name', () => {
    expect(patientNameTypedFirst('Vem com tosse seca')).toBeUndefined();
    expect(patientNameTypedFirst('Retorno para mostrar exames')).toBeUndefined();
  });
});

describe('patientsNamed', () => {
  const patients = [
    { id: 'p1', name: 'Ana Lúcia Martins' },
    { id: 'p2', name: 'Ana Lúcia Martins Souza' },
    { id: 'p3', name: 'Ana Luiza Martins' },
  ];

  it('matches the whole name without case, accents or extra spaces', () => {
    expect(patientsNamed('ana  lucia MARTINS', patients).map(({ id }) => id)).toEqual(['p1']);
  });

  it('finds none when only part of a name matches', () => {
    expect(patientsNamed('Ana Lúcia', patients)).toEqual([]);
  });

  it('finds every homonym', () => {
    const homonyms = [...patients, { id: 'p4', name: 'Ana Lucia Martins' }];
    expect(patientsNamed('Ana Lúcia Martins', homonyms).map(({ id }) => id)).toEqual(['p1', 'p4']);
  });
});
