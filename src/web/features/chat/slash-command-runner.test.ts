import { describe, expect, it } from 'vitest';
import { leftOutNote } from './slash-command-runner';

describe('leftOutNote', () => {
  it('says how many values the doctor’s messages did not hold, in agreement', () => {
    expect(leftOutNote(0)).toBe('');
    expect(leftOutNote(1)).toBe(' 1 dado que não está nas suas mensagens ficou de fora.');
    expect(leftOutNote(3)).toBe(' 3 dados que não estão nas suas mensagens ficaram de fora.');
  });
});
