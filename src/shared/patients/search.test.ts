import { describe, expect, it } from 'vitest';
import { ageOn, birthDateOf, calendarDayOf, nameMatches, readPatientQuery } from './search';
import { foldForMatching } from '../lib/text-folding';

describe('readPatientQuery', () => {
  it('reads a birth date as Brazilians write it', () => {
    expect(readPatientQuery('12/03/1961')).toEqual({ kind: 'birthDate', birthDate: '1961-03-12' });
    expect(readPatientQuery(' 1-3-1961 ')).toEqual({ kind: 'birthDate', birthDate: '1961-03-01' });
  });

  it('reads a CPF or a CNS in any punctuation', () => {
    expect(readPatientQuery('529.982.247-25')).toEqual({ kind: 'cpf', digits: '52998224725' });
    expect(readPatientQuery('52998224725')).toEqual({ kind: 'cpf', digits: '52998224725' });
    expect(readPatientQuery('898 0010 2800 0008')).toEqual({
      kind: 'cns',
      digits: '898001028000008',
    });
  });

  it('reads anything else as the words of a name, without accents or case', () => {
    expect(readPatientQuery('  Mar   APAR ')).toEqual({ kind: 'name', words: ['mar', 'apar'] });
    expect(readPatientQuery('José')).toEqual({ kind: 'name', words: ['jose'] });
    // Digits that are no valid CPF are searched as they are, not refused.
    expect(readPatientQuery('1234')).toEqual({ kind: 'name', words: ['1234'] });
  });

  it('has nothing to search for in blanks or punctuation alone', () => {
    expect(readPatientQuery('')).toBeUndefined();
    expect(readPatientQuery('   ')).toBeUndefined();
    expect(readPatientQuery('--')).toBeUndefined();
  });
});

describe('calendarDayOf', () => {
  it('reads a day typed or in the API’s form, and nothing else', () => {
    expect(calendarDayOf(' 27/11/2026 ')).toBe('2026-11-27');
    expect(calendarDayOf('2026-11-27')).toBe('2026-11-27');
    expect(calendarDayOf('2026-02-30')).toBeUndefined();
    expect(calendarDayOf('27-11')).toBeUndefined();
  });
});

describe('birthDateOf', () => {
  it('refuses a day the calendar does not have', () => {
    expect(birthDateOf('31/02/1961')).toBeUndefined();
    expect(birthDateOf('29/02/1961')).toBeUndefined();
    expect(birthDateOf('29/02/1960')).toBe('1960-02-29');
    expect(birthDateOf('00/01/1960')).toBeUndefined();
    expect(birthDateOf('12/13/1960')).toBeUndefined();
    expect(birthDateOf('1961-03-12')).toBeUndefined();
  });
});

describe('nameMatches', () => {
  it('finds a name by the start of any of its words, in any order', () => {
    expect(nameMatches(foldForMatching('Maria Aparecida da Silva'), ['mar', 'apar'])).toBe(true);
    expect(nameMatches(foldForMatching('Maria Aparecida da Silva'), ['silva', 'maria'])).toBe(true);
    expect(nameMatches(foldForMatching('João Conceição'), ['joao', 'conceicao'])).toBe(true);
  });

  it('wants every word, each matching a word of its own', () => {
    expect(nameMatches(foldForMatching('Maria Aparecida'), ['mar', 'souza'])).toBe(false);
    expect(nameMatches(foldForMatching('Maria Aparecida'), ['aria'])).toBe(false);
    expect(nameMatches(foldForMatching('Maria Silva'), ['maria', 'mar'])).toBe(false);
    expect(nameMatches(foldForMatching('Maria Mattos'), ['ma', 'maria'])).toBe(true);
  });
});

describe('ageOn', () => {
  it('counts a year only once the birthday is reached', () => {
    expect(ageOn('1961-03-12', '2026-03-11')).toBe(64);
    expect(ageOn('1961-03-12', '2026-03-12')).toBe(65);
    expect(ageOn('1960-02-29', '2026-02-28')).toBe(65);
    expect(ageOn('1960-02-29', '2026-03-01')).toBe(66);
    expect(ageOn('2026-11-26', '2026-11-26')).toBe(0);
  });
});
