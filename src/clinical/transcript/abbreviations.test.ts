import { describe, expect, it } from 'vitest';
import { expandClinicalAbbreviations as expand } from './abbreviations';

describe('expandClinicalAbbreviations', () => {
  it.each([
    ['HAS', 'hipertensão arterial sistêmica'],
    ['IAM', 'infarto agudo do miocárdio'],
    ['AVC', 'acidente vascular cerebral'],
    ['AVE', 'acidente vascular encefálico'],
    ['AIT', 'ataque isquêmico transitório'],
    ['DPOC', 'doença pulmonar obstrutiva crônica'],
    ['ICC', 'insuficiência cardíaca congestiva'],
    ['DAC', 'doença arterial coronariana'],
    ['ITU', 'infecção do trato urinário'],
    ['IVAS', 'infecção das vias aéreas superiores'],
    ['IST', 'infecção sexualmente transmissível'],
    ['DRGE', 'doença do refluxo gastroesofágico'],
    ['DRC', 'doença renal crônica'],
    ['TVP', 'trombose venosa profunda'],
    ['TEP', 'tromboembolismo pulmonar'],
    ['TCE', 'traumatismo cranioencefálico'],
    ['HPB', 'hiperplasia prostática benigna'],
    ['ECG', 'eletrocardiograma'],
    ['BEG', 'bom estado geral'],
    ['REG', 'regular estado geral'],
    ['MEG', 'mau estado geral'],
    ['LOTE', 'lúcido e orientado no tempo e no espaço'],
  ])('history of %s', (acronym, expansion) => {
    expect(expand(`história de ${acronym}.`)).toBe(`história de ${expansion}.`);
  });

  it('matches acronyms only in upper case and as whole words', () => {
    expect(expand('ele has been')).toBe('ele has been');
    expect(expand('HASTE e ITUs')).toBe('HASTE e ITUs');
    expect(expand('comprou um lote')).toBe('comprou um lote');
  });

  it.each([
    ['DM', 'diabetes mellitus'],
    ['DM2', 'diabetes mellitus tipo 2'],
    ['DM 2', 'diabetes mellitus tipo 2'],
    ['DM tipo 1', 'diabetes mellitus tipo 1'],
    ['DMII', 'diabetes mellitus tipo 2'],
    ['DM1', 'diabetes mellitus tipo 1'],
  ])('%s → %s', (input, expected) => {
    expect(expand(`portador de ${input} há 5 anos`)).toBe(`portador de ${expected} há 5 anos`);
  });

  it.each([
    ['PA 120x80', 'pressão arterial 120x80'],
    ['PA: 120/80', 'pressão arterial: 120/80'],
    ['FC 88 bpm', 'frequência cardíaca 88 bpm'],
    ['FC de 88', 'frequência cardíaca de 88'],
    ['FR=18', 'frequência respiratória=18'],
    ['Tax 37,8', 'temperatura axilar 37,8'],
    ['TAX: 38', 'temperatura axilar: 38'],
    ['temp 38,5', 'temperatura 38,5'],
    ['Temp. 38', 'temperatura 38'],
    ['SatO2 97%', 'saturação de oxigênio 97%'],
    ['Sat O2: 95%', 'saturação de oxigênio: 95%'],
    ['SpO2 92%', 'saturação de oxigênio 92%'],
    ['sat 97%', 'saturação de oxigênio 97%'],
    ['HGT 110', 'glicemia capilar 110'],
  ])('vital sign before a value: %s', (input, expected) => {
    expect(expand(input)).toBe(expected);
  });

  it('leaves vital-sign abbreviations without a value alone (they mean other things)', () => {
    expect(expand('RX de tórax PA e perfil')).toBe('RX de tórax PA e perfil');
    expect(expand('FR positivo')).toBe('FR positivo');
    expect(expand('temperatura 38')).toBe('temperatura 38');
  });

  it.each([
    ['dipirona 1 g VO', 'dipirona 1 g via oral'],
    ['tomar por VO', 'tomar por via oral'],
    ['administrar via VO', 'administrar via oral'],
    ['ceftriaxona 1 g EV', 'ceftriaxona 1 g via endovenosa'],
    ['penicilina benzatina IM dose única', 'penicilina benzatina via intramuscular dose única'],
    ['insulina NPH 10 UI SC', 'insulina NPH 10 UI via subcutânea'],
    ['captopril 25 mg SL', 'captopril 25 mg via sublingual'],
    ['soro 500 ml IV', 'soro 500 ml via intravenosa'],
    ['1 cp vo', '1 comprimido via oral'],
  ])('route: %s', (input, expected) => {
    expect(expand(input)).toBe(expected);
  });

  it('does not read SC, SL or a lower-case vo outside a dose as routes', () => {
    expect(expand('mora em SC')).toBe('mora em SC');
    expect(expand('minha vo mora aqui')).toBe('minha vo mora aqui');
  });

  it.each([
    ['8/8h', 'de 8 em 8 horas'],
    ['de 8/8h', 'de 8 em 8 horas'],
    ['12/12 h', 'de 12 em 12 horas'],
    ['6/6 horas', 'de 6 em 6 horas'],
    ['24/24hs', 'de 24 em 24 horas'],
  ])('interval %s', (input, expected) => {
    expect(expand(`tomar ${input}`)).toBe(`tomar ${expected}`);
  });

  it('does not read a blood pressure or a date as an interval', () => {
    expect(expand('PA 12/8')).toBe('pressão arterial 12/8');
    expect(expand('desde 8/8')).toBe('desde 8/8');
  });

  it.each([
    ['1x/dia', '1 vez ao dia'],
    ['2x ao dia', '2 vezes ao dia'],
    ['3 x por dia', '3 vezes ao dia'],
    ['1x/semana', '1 vez por semana'],
  ])('times per day: %s', (input, expected) => {
    expect(expand(input)).toBe(expected);
  });

  it.each([
    ['1 cp', '1 comprimido'],
    ['2 cps', '2 comprimidos'],
    ['1/2 comp', '1/2 comprimido'],
    ['20 gts', '20 gotas'],
    ['1 amp', '1 ampola'],
    ['2 caps', '2 cápsulas'],
  ])('dose unit: %s', (input, expected) => {
    expect(expand(input)).toBe(expected);
  });

  it('writes units apart from the number, and mmHg in its usual case', () => {
    expect(expand('dipirona 500mg e 1g; 5ml; 72kg')).toBe('dipirona 500 mg e 1 g; 5 ml; 72 kg');
    expect(expand('250mg/5ml')).toBe('250 mg/5 ml');
    expect(expand('120/80 mmhg')).toBe('120/80 mmHg');
  });

  it('writes out "pcte"', () => {
    expect(expand('pcte refere dor; Pcte estável')).toBe('paciente refere dor; Paciente estável');
  });

  it('is idempotent', () => {
    const text = 'pcte com HAS e DM2, PA 150x90, amoxicilina 500mg 1 cp VO 8/8h 2x/dia, 10 UI SC';
    const once = expand(text);
    expect(expand(once)).toBe(once);
  });
});
