import { describe, expect, it } from 'vitest';
import { findUrlTextProblem } from './url-input-text';

describe('findUrlTextProblem', () => {
  it('accepts ordinary paths and queries, accents and emoji included', () => {
    expect(findUrlTextProblem('/api/medical-records/abc-123', '')).toBeUndefined();
    expect(findUrlTextProblem('/api/cid10/search', '?q=press%C3%A3o+alta&limit=5')).toBeUndefined();
    expect(findUrlTextProblem('/api/cid10/search', '?q=%F0%9F%98%B7&flag')).toBeUndefined();
  });

  it('refuses an encoded lone surrogate or NUL in a route param', () => {
    expect(findUrlTextProblem('/api/medical-records/%ED%A0%80', '')).toEqual({
      code: 'invalid_text',
      path: 'path',
      message: 'Texto com caractere inválido no endereço.',
    });
    expect(findUrlTextProblem('/api/medical-records/a%00b', '')?.code).toBe('invalid_text');
  });

  it('names the query parameter holding the bad text', () => {
    expect(findUrlTextProblem('/api/cid10/search', '?limit=5&q=%ED%A0%80')).toMatchObject({
      path: 'q',
      message: 'Texto com caractere inválido em q.',
    });
    expect(findUrlTextProblem('/api/cid10/search', '?q=%00')?.path).toBe('q');
    expect(findUrlTextProblem('/api/cid10/search', '?q=100%')?.path).toBe('q');
    expect(findUrlTextProblem('/api/cid10/search', '?%ED%A0%80=1')?.code).toBe('invalid_text');
  });
});
