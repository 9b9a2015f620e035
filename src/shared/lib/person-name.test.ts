import { describe, expect, it } from 'vitest';
import { initialsOf } from './person-name';

describe('initialsOf', () => {
  it.each([
    ['Dra. Beatriz Lima', 'BL'],
    ['Dr. João Pedro da Silva', 'JS'],
    ['ana de souza', 'AS'],
    ['Caio', 'C'],
    ['  Érica   Ávila  ', 'ÉÁ'],
    ['Prof. Dr. Luís Gomes', 'LG'],
    ['Dra.', '?'],
    ['', '?'],
  ])('%j → %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
