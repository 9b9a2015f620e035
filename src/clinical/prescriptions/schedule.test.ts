import { describe, expect, it } from 'vitest';
import { checkPrescriptionSafety } from '../medications/safety-check';
import { checkedMedications } from '@shared/prescriptions/receita-safety';
import { planDispense } from './dispense-plan';
import { parseQuickPrescription } from './quick-prescription';
import {
  containerIn,
  readSchedule,
  readTreatmentDuration,
  scheduleDays,
  writeSchedule,
} from './schedule';

/** The quantity to dispense of the one medicine of a quick receita. */
function quickQuantity(text: string): string | undefined {
  return parseQuickPrescription(text).medications[0]?.dispenseQuantity?.text;
}

describe('schedules that change', () => {
  it('reads a loading dose, then a daily one, as two phases', () => {
    const schedule = readSchedule('3 cp hoje, depois 1 cp ao dia por 5 dias');
    expect(schedule.phases).toMatchObject([
      { intake: { amount: 3, unit: 'comprimido' }, days: 1 },
      { intake: { amount: 1, unit: 'comprimido' }, perDay: 1, days: 5 },
    ]);
    expect(scheduleDays(schedule)).toBe(6);
    expect(quickQuantity('prednisona 20mg 3 cp hoje, depois 1 cp ao dia por 5 dias')).toBe(
      '8 (oito) comprimidos',
    );
  });

  it('counts a phase that gives only an amount in the unit of the phase before', () => {
    expect(quickQuantity('prednisona 20mg 3 cp hoje, depois 1 ao dia por 4 dias')).toBe(
      '7 (sete) comprimidos',
    );
  });

  it('reads a range of days as the phase’s length', () => {
    expect(
      quickQuantity('azitromicina 500mg 2 cp no primeiro dia, depois 1 cp ao dia do 2o ao 5o dia'),
    ).toBe('6 (seis) comprimidos');
  });

  it('sums a titration written as a list, each step with its days', () => {
    expect(
      quickQuantity(
        'prednisona 20mg 2 cp ao dia por 5 dias, 1 cp ao dia por 5 dias, meio cp ao dia por 5 dias',
      ),
    ).toBe('18 (dezoito) comprimidos');
  });

  it('fills a month of continuous use after a titration', () => {
    // 7 days of half a tablet (3.5), then 23 days of one: a month of treatment.
    expect(
      quickQuantity('sertralina 50mg meio cp ao dia por 7 dias, depois 1 cp ao dia uso contínuo'),
    ).toBe('27 (vinte e sete) comprimidos');
  });

  it('lets the item’s whole length close the last phase, as the record’s fields write it', () => {
    expect(
      planDispense({
        name: 'Azitromicina',
        dosage: '500 mg',
        duration: '5 dias',
        instructions: '2 comprimidos no primeiro dia, depois 1 comprimido ao dia',
      }).dispenseQuantity?.text,
    ).toBe('6 (seis) comprimidos');
  });

  it('gives a repeated dose twice', () => {
    const schedule = readSchedule('1 cp dose única, repetir após 7 dias');
    expect(schedule).toMatchObject({ courses: 2, repeatAfter: 'após 7 dias' });
    expect(quickQuantity('albendazol 400mg 1 cp dose única, repetir após 7 dias')).toBe(
      '2 (dois) comprimidos',
    );
    expect(quickQuantity('ivermectina 6mg 2 cp dose única, repetir em 7 dias')).toBe(
      '4 (quatro) comprimidos',
    );
  });

  it('counts a weekly dose by the weeks', () => {
    expect(quickQuantity('fluconazol 150mg 1 cp por semana por 4 semanas')).toBe(
      '4 (quatro) comprimidos',
    );
    expect(
      planDispense({
        name: 'Alendronato de sódio',
        dosage: '70 mg',
        dosePerIntake: '1 comprimido',
        frequency: 'Uma vez por semana',
        duration: '12 semanas',
      }).dispenseQuantity?.text,
    ).toBe('12 (doze) comprimidos');
  });

  it('keeps a steady schedule one phase', () => {
    expect(readSchedule('1 cp de 8/8h por 7 dias').phases).toHaveLength(1);
    expect(readSchedule('1 cp pela manhã, 1 cp à noite').phases).toHaveLength(1);
    // 'após as refeições' is a moment, not a phase.
    expect(readSchedule('1 cp 12/12h após as refeições').phases).toHaveLength(1);
  });

  it('writes one clause a phase, with the route after the first dose', () => {
    const schedule = readSchedule('3 cp hoje, depois 1 cp ao dia por 5 dias');
    expect(writeSchedule(schedule, 'Tomar', 'por via oral')).toBe(
      'Tomar 3 comprimidos por via oral no primeiro dia; depois, 1 comprimido uma vez ao dia, por 5 dias.',
    );
    expect(writeSchedule(readSchedule('1 cp dose única, repetir após 7 dias'), 'Tomar')).toBe(
      'Tomar 1 comprimido em dose única. Repetir a dose após 7 dias.',
    );
  });

  it('prints the phases as the quick receita’s posology, with their whole length', () => {
    const [item] = parseQuickPrescription(
      'prednisona 20mg 3 cp hoje, depois 1 cp ao dia por 5 dias',
    ).medications;
    expect(item).toMatchObject({
      instructions:
        'Tomar 3 comprimidos por via oral no primeiro dia; depois, 1 comprimido uma vez ao dia, por 5 dias.',
      duration: '6 dias',
      dosePerIntake: '3 comprimidos',
    });
    expect(item?.frequency).toBeUndefined();
  });
});

describe('a schedule of masses', () => {
  it('keeps the doctor’s words and counts nothing it would have to guess', () => {
    const { medications } = parseQuickPrescription(
      'azitromicina 500mg no primeiro dia, depois 250mg ao dia por 4 dias',
    );
    expect(medications).toHaveLength(1);
    expect(medications[0]).toMatchObject({
      instructions: 'Tomar 500mg por via oral no primeiro dia, depois 250mg ao dia por 4 dias.',
      duration: '5 dias',
    });
    expect(medications[0]?.dispenseQuantity).toBeUndefined();
    expect(medications[0]?.dosePerIntake).toBeUndefined();
  });
});

describe('the receita’s own words first', () => {
  it('counts in the bottle the receita names', () => {
    expect(containerIn('frasco de 100 ml')).toEqual({ kind: 'frasco', contents: 100 });
    expect(containerIn('caixa com 28 comprimidos')).toEqual({ kind: 'caixa', contents: 28 });
    expect(
      planDispense({
        name: 'Amoxicilina',
        dosage: '250 mg/5 ml',
        dosePerIntake: '10 mL',
        frequency: '8/8h',
        duration: '10 dias',
        instructions: 'Frasco de 150 ml',
      }).dispenseQuantity?.text,
    ).toBe('2 (dois) frascos');
  });

  it('never reads the bottle’s volume as a dose, nor the bottle as a medicine', () => {
    const { medications } = parseQuickPrescription(
      'amoxicilina 250mg/5ml 5 ml de 8/8h por 7 dias frasco de 100 ml',
    );
    expect(medications).toHaveLength(1);
    expect(medications[0]).toMatchObject({
      dosePerIntake: '5 mL',
      dispenseQuantity: { text: '2 (dois) frascos' },
    });
  });

  it('counts boxes when the receita names the box', () => {
    expect(
      planDispense({
        name: 'Etinilestradiol + levonorgestrel',
        dosePerIntake: '1 comprimido',
        frequency: '1x ao dia',
        duration: '3 meses',
        instructions: 'Caixa com 21 comprimidos',
      }).dispenseQuantity?.text,
    ).toBe('5 (cinco) caixas');
  });

  it('counts a medicine the catalogue does not know from the text alone', () => {
    expect(quickQuantity('xyzfarmaco 10mg 1 comprimido ao dia por 3 dias')).toBe(
      '3 (três) comprimidos',
    );
  });

  it('reads a fixed combination’s strength as its main medicine’s', () => {
    expect(quickQuantity('amoxicilina + clavulanato 875/125 mg 12/12h 7 dias')).toBe(
      '14 (catorze) comprimidos',
    );
  });
});

describe('shorthand', () => {
  it.each([
    ['12/12h x 7 dias', 7],
    ['7d', 7],
    ['por 2 semanas', 14],
    ['2x ao dia', undefined],
    ['1 vez por semana', undefined],
  ])('reads the duration of %j as %j days', (text, days) => {
    expect(readTreatmentDuration(text)?.days).toBe(days);
  });

  it('reads a strength written without its unit', () => {
    expect(parseQuickPrescription('AAS 81 1 cp ao dia uso contínuo').medications[0]).toMatchObject({
      name: 'AAS',
      dosage: '81 mg',
      dispenseQuantity: { text: '30 (trinta) comprimidos' },
    });
    expect(parseQuickPrescription('levo 500 1 cp ao dia 7d').medications[0]).toMatchObject({
      dosage: '500 mg',
      frequency: 'Uma vez ao dia',
      dispenseQuantity: { text: '7 (sete) comprimidos' },
    });
    expect(
      parseQuickPrescription('Amoxil BD 875 1 cp 12/12h x 7 dias').medications[0],
    ).toMatchObject({ dosage: '875 mg', duration: '7 dias', dispenseQuantity: { amount: 14 } });
  });

  it('reads SN, ACM and a daily or weekly rate', () => {
    const read = (text: string) => parseQuickPrescription(text).medications[0]?.frequency;
    expect(read('dipirona 500mg 1 cp 6/6h SN')).toBe('A cada 6 horas, se necessário');
    expect(read('dipirona 500mg 1 cp ACM')).toBe('A critério médico');
    expect(read('azitro 500 1cp/dia 5 dias')).toBe('Uma vez ao dia');
    expect(read('fluconazol 150mg 1 cp semanal por 4 semanas')).toBe('Uma vez por semana');
  });

  it('gives every medicine the duration written for all', () => {
    const { medications } = parseQuickPrescription(
      '1) amoxicilina 500mg 8/8h\n2) ibuprofeno 600mg 8/8h\ntudo por 10 dias',
    );
    expect(medications.map((item) => [item.duration, item.dispenseQuantity?.amount])).toEqual([
      ['10 dias', 30],
      ['10 dias', 30],
    ]);
  });
});

describe('an adult’s daily dose counts every tablet of an intake', () => {
  it('warns of 2 comprimidos of 750 mg every 6 hours, by generic or brand', () => {
    for (const name of ['Paracetamol', 'Tylenol']) {
      const warnings = checkPrescriptionSafety(
        checkedMedications([
          { name, dosage: '750 mg', dosePerIntake: '2 comprimidos', frequency: 'A cada 6 horas' },
        ]),
        { age: 40 },
      );
      expect(warnings.map((warning) => warning.message)).toContain(
        'Dose diária de paracetamol (6 g) acima do máximo recomendado de 4 g/dia.',
      );
    }
  });
});
