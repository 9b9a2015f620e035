import { describe, expect, it } from 'vitest';
import { parseConsultation } from './consultation-text';
import { findMedicineMentions, readDoseDetails } from './medicine-mentions';

const namesIn = (text: string) => findMedicineMentions(parseConsultation(text)).map((m) => m.name);

/** Dose details written after the first medicine of the text. */
function doseAfterFirst(text: string) {
  const c = parseConsultation(text);
  const [first] = findMedicineMentions(c);
  if (!first) throw new Error('no medicine');
  const sentence = c.sentences.find((s) => first.start >= s.start && first.start < s.end);
  return readDoseDetails(c, first.end, sentence?.end ?? c.folded.length);
}

describe('findMedicineMentions', () => {
  it('finds catalogue names and aliases, accent- and case-insensitive', () => {
    expect(namesIn('Uso Losartana e NOVALGINA; tomei Tylenol.')).toEqual([
      'losartana',
      'dipirona',
      'paracetamol',
    ]);
  });

  it('reads combinations written with "com" or "+"', () => {
    expect(namesIn('Prescrevo amoxicilina com clavulanato.')).toEqual([
      'amoxicilina + clavulanato',
    ]);
  });

  it('catches a name the catalogue lacks when a strength or a form follows it', () => {
    expect(namesIn('Iniciar zuclopentixol 10 mg à noite.')).toContain('zuclopentixol');
    expect(namesIn('Aplicar pomada de tacrolimo.')).toContain('tacrolimo');
    expect(namesIn('Tomo rosuvastatina todo dia.')).toContain('rosuvastatina');
  });

  it('does not read ordinary words, exam results or brand names that are words', () => {
    expect(namesIn('Cefaleia frontal há dias. Glicemia 180 mg/dl. Faz caminhada 30 min.')).toEqual(
      [],
    );
    expect(namesIn('Tomo banho e uso óculos.')).toEqual([]);
  });
});

describe('readDoseDetails', () => {
  it('reads strength, interval, course and as-needed use', () => {
    expect(doseAfterFirst('Dipirona 1 g de 6 em 6 horas por 3 dias se dor.')).toEqual({
      dosage: '1 g',
      frequency: '6/6h',
      duration: '3 dias',
      instructions: 'Se necessário',
    });
  });

  it('reads spelled numbers and other notations', () => {
    expect(doseAfterFirst('Cefalexina quinhentos miligramas, 6/6h, durante uma semana.')).toEqual({
      dosage: '500 mg',
      frequency: '6/6h',
      duration: '1 semana',
    });
    expect(doseAfterFirst('Ibuprofeno 400 mg três vezes ao dia.')).toMatchObject({
      dosage: '400 mg',
      frequency: '3x ao dia',
    });
    expect(doseAfterFirst('Paracetamol gotas, 35 gotas a cada 6 horas.')).toMatchObject({
      dosage: '35 gotas',
      frequency: '6/6h',
    });
    expect(doseAfterFirst('Amoxicilina + clavulanato 875/125 mg.').dosage).toBe('875/125 mg');
    expect(doseAfterFirst('Losartana 50 mg, uso contínuo.').duration).toBe('uso contínuo');
    expect(doseAfterFirst('Penicilina benzatina 1.200.000 UI dose única.').dosage).toBe(
      '1200000 UI',
    );
  });

  it('names the product told after a class', () => {
    expect(namesIn('Paciente: Uso o anticoncepcional, a Diva, faz anos.')).toEqual([
      'anticoncepcional Diva',
    ]);
  });

  it('keeps the bare class when no product follows', () => {
    expect(namesIn('Paciente: Tomo anticoncepcional, Doutor, mais nada.')).toEqual([
      'anticoncepcional',
    ]);
    expect(namesIn('Paciente: Tomo anticoncepcional, o nome eu não lembro.')).toEqual([
      'anticoncepcional',
    ]);
  });
});

describe('readDoseDetails: concentrations', () => {
  it('takes the amount given, never the concentration, with the litre as mL', () => {
    expect(doseAfterFirst('Amoxicilina 250 mg/5 ml, 10 ml de 8/8h.').dosage).toBe('10 mL');
    expect(doseAfterFirst('Ibuprofeno 100 mg/ml, 10 gotas de 8/8h.').dosage).toBe('10 gotas');
  });

  it('near miss: a plain strength, or a concentration with no amount, is kept whole', () => {
    expect(doseAfterFirst('Amoxicilina 500 mg de 8/8h.').dosage).toBe('500 mg');
    expect(doseAfterFirst('Amoxicilina 250 mg/5 ml de 8/8h.').dosage).toBe('250 mg/5 mL');
  });
});

describe('readDoseDetails: a strength said as a bare number after the name', () => {
  /** Dose details after the first medicine, reading a bare number as that medicine's strength. */
  function spokenDose(text: string) {
    const c = parseConsultation(text);
    const [first] = findMedicineMentions(c);
    if (!first) throw new Error('no medicine');
    return readDoseDetails(c, first.end, c.folded.length, first.name);
  }

  it('takes a strength the catalogue sells, in its unit', () => {
    expect(spokenDose('tomo o atenolol de vinte e cinco de manhã').dosage).toBe('25 mg');
    expect(spokenDose('levotiroxina cinquenta em jejum').dosage).toBe('50 mcg');
    expect(spokenDose('metformina mil no almoço').dosage).toBe('1 g');
    expect(spokenDose('amoxicilina 500 de 8 em 8 horas').dosage).toBe('500 mg');
  });

  it('takes a plausible strength not sold, never an implausible one', () => {
    expect(spokenDose('losartana setenta e cinco de manhã').dosage).toBe('75 mg');
    expect(spokenDose('losartana quatrocentos de manhã').dosage).toBeUndefined();
    expect(spokenDose('iniciar zuclopentixol vinte à noite').dosage).toBe('20 mg');
  });

  it('near miss: a number that is an interval, a span or a count is not a strength', () => {
    expect(spokenDose('losartana de doze em doze horas').dosage).toBeUndefined();
    expect(spokenDose('sinvastatina quarenta dias').dosage).toBeUndefined();
    expect(spokenDose('metformina oitocentos e cinquenta duas vezes ao dia')).toMatchObject({
      dosage: '850 mg',
      frequency: '2x ao dia',
    });
  });
});
