import { describe, expect, it } from 'vitest';
import { posologySentence } from './posology';

describe('posologySentence', () => {
  it('writes one sentence from the parts: verb, dose, route, how often, how long', () => {
    expect(
      posologySentence({
        name: 'Amoxicilina',
        dosage: '500mg',
        dosePerIntake: '1 cápsula',
        frequency: 'A cada 8 horas',
        duration: '7 dias',
      }),
    ).toBe('Tomar 1 cápsula por via oral de 8 em 8 horas, por 7 dias.');
  });

  it('keeps the dose per intake: clonazepam 1 comprimido à noite', () => {
    expect(
      posologySentence({
        name: 'Clonazepam',
        dosage: '2mg',
        dosePerIntake: '1 comprimido',
        frequency: 'À noite',
        duration: '30 dias',
      }),
    ).toBe('Tomar 1 comprimido por via oral à noite, por 30 dias.');
    expect(
      posologySentence({
        name: 'Losartana',
        dosePerIntake: 'meio comprimido',
        frequency: '1x ao dia',
        duration: '30 dias',
      }),
    ).toBe('Tomar meio comprimido por via oral uma vez ao dia, por 30 dias.');
  });

  it("joins an as-needed condition with 'se', never 'por se'", () => {
    expect(
      posologySentence({
        name: 'Dipirona',
        dosePerIntake: '1 comprimido',
        frequency: 'A cada 6 horas, em caso de dor ou febre',
        duration: '3 dias',
      }),
    ).toBe('Tomar 1 comprimido por via oral de 6 em 6 horas, se dor ou febre, por 3 dias.');
    expect(
      posologySentence({
        name: 'Dipirona',
        dosePerIntake: '1 comprimido',
        frequency: '6/6h se dor',
      }),
    ).toBe('Tomar 1 comprimido por via oral de 6 em 6 horas, se dor.');
    const sentence = posologySentence({
      name: 'Paracetamol',
      frequency: 'se dor',
      duration: 'se dor',
    });
    expect(sentence).not.toMatch(/por se/);
  });

  it("writes 'em uso contínuo', never 'por uso contínuo'", () => {
    expect(
      posologySentence({
        name: 'Losartana',
        dosePerIntake: '1 comprimido',
        frequency: 'Uma vez ao dia',
        duration: 'Uso contínuo',
      }),
    ).toBe('Tomar 1 comprimido por via oral uma vez ao dia, em uso contínuo.');
    expect(
      posologySentence({ name: 'Losartana', frequency: '12/12h', duration: 'por uso contínuo' }),
    ).toBe('Tomar por via oral de 12 em 12 horas, em uso contínuo.');
    expect(
      posologySentence({
        name: 'Losartana',
        dosePerIntake: '1 comprimido',
        frequency: '1x ao dia, uso contínuo',
      }),
    ).toBe('Tomar 1 comprimido por via oral uma vez ao dia, em uso contínuo.');
  });

  it('puts further instructions in sentences of their own, never glued to the posology', () => {
    expect(
      posologySentence({
        name: 'Espironolactona',
        dosePerIntake: '1 comprimido',
        frequency: 'Uma vez ao dia',
        duration: 'uso contínuo',
        instructions: 'Dosar sódio e potássio em 30 dias',
      }),
    ).toBe(
      'Tomar 1 comprimido por via oral uma vez ao dia, em uso contínuo. Dosar sódio e potássio em 30 dias.',
    );
  });

  it("keeps the doctor's own sentence, adding only what it lacks, abbreviations written out", () => {
    expect(
      posologySentence({
        name: 'Amoxicilina',
        instructions: 'Tomar 1 cp',
        frequency: '8/8h',
        duration: '7d',
      }),
    ).toBe('Tomar 1 comprimido de 8 em 8 horas, por 7 dias.');
    expect(
      posologySentence({
        name: 'Amoxicilina',
        instructions: 'Tomar 1 comprimido de 8 em 8 horas por 7 dias.',
        frequency: '8/8h',
        duration: '7 dias',
      }),
    ).toBe('Tomar 1 comprimido de 8 em 8 horas por 7 dias.');
    expect(
      posologySentence({
        name: 'Cetoconazol creme',
        instructions: 'Aplicar na lesão',
        frequency: 'SOS',
      }),
    ).toBe('Aplicar na lesão, se necessário.');
  });

  it('uses the verb and route of the form', () => {
    expect(
      posologySentence({
        name: 'Salbutamol aerossol',
        dosePerIntake: '2 jatos',
        frequency: 'de 6/6h',
        duration: '5 dias',
      }),
    ).toBe('Inalar 2 jatos por via inalatória de 6 em 6 horas, por 5 dias.');
    expect(
      posologySentence({ name: 'Dipirona gotas', dosePerIntake: '40 gts', frequency: '6/6h' }),
    ).toBe('Tomar 40 gotas por via oral de 6 em 6 horas.');
  });

  it('says nothing when the item says nothing of how to take it', () => {
    expect(posologySentence({ name: 'Amoxicilina' })).toBe('');
  });

  it('gives a schedule written as instructions its verb and route', () => {
    expect(
      posologySentence({
        name: 'Prednisona',
        dosage: '20 mg',
        instructions: '3 cp hoje, depois 1 cp ao dia por 5 dias',
      }),
    ).toBe('Tomar 3 comprimidos por via oral hoje, depois 1 comprimido ao dia por 5 dias.');
  });

  it('keeps a schedule of phases whole, without a second duration', () => {
    expect(
      posologySentence({
        name: 'Prednisona',
        dosePerIntake: '3 comprimidos',
        duration: '6 dias',
        instructions:
          'Tomar 3 comprimidos por via oral no primeiro dia; depois, 1 comprimido uma vez ao dia, por 5 dias.',
      }),
    ).toBe(
      'Tomar 3 comprimidos por via oral no primeiro dia; depois, 1 comprimido uma vez ao dia, por 5 dias.',
    );
  });
});
