import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findJsonInputProblem, isStorableText } from './input-limits';

const SMALL = { maxDepth: 3, maxArrayLength: 4, maxObjectKeys: 2 };

function nestedArrays(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

describe('isStorableText', () => {
  it('refuses NUL and unpaired surrogates, keeps paired ones and accents', () => {
    expect(isStorableText('Dor torácica há 2 dias 😷')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('\ud800')).toBe(false);
    expect(isStorableText('x\udc00y')).toBe(false);
    expect(isStorableText('\ud83d\ude37')).toBe(true);
    expect(isStorableText('\ude37\ud83d')).toBe(false);
  });
});

describe('findJsonInputProblem', () => {
  it('accepts an ordinary record body', () => {
    const body = JSON.parse(
      '{"patientInfo":{"name":"José","age":"54"},"prescriptions":{"medications":[{"name":"Dipirona"}]}}',
    ) as unknown;
    expect(findJsonInputProblem(body)).toBeUndefined();
  });

  it('names the field that holds a lone surrogate or a NUL, in values and in keys', () => {
    expect(findJsonInputProblem(JSON.parse('{"patientInfo":{"name":"\\ud800"}}'))).toEqual({
      code: 'invalid_text',
      path: 'patientInfo.name',
      message: 'Texto com caractere inválido em patientInfo.name.',
    });
    expect(findJsonInputProblem(JSON.parse('{"a":[1,"ok","\\u0000"]}'))?.path).toBe('a[2]');
    expect(findJsonInputProblem(JSON.parse('{"a":{"\\udfff":1}}'))).toMatchObject({
      code: 'invalid_text',
      path: 'a.\uFFFD',
    });
    expect(findJsonInputProblem('\ud800')?.message).toBe(
      'Texto com caractere inválido no corpo da requisição.',
    );
  });

  it('reports the first problem in the order of the text', () => {
    expect(findJsonInputProblem(JSON.parse('{"a":"\\u0000","b":"\\ud800"}'))?.path).toBe('a');
  });

  it('refuses nesting deeper than the limit, however deep, without recursion', () => {
    expect(findJsonInputProblem(JSON.parse(nestedArrays(3)), SMALL)).toBeUndefined();
    expect(findJsonInputProblem(JSON.parse(nestedArrays(4)), SMALL)).toMatchObject({
      code: 'too_deep',
      path: '[0][0][0]',
    });
    expect(findJsonInputProblem(JSON.parse(nestedArrays(10_000)))).toMatchObject({
      code: 'too_deep',
      message: expect.stringContaining('o máximo é 32 níveis') as string,
    });
    // Deeper than any stack: built by a loop, not by JSON.parse.
    let deep: unknown = 'fim';
    for (let level = 0; level < 1_000_000; level++) deep = { d: deep };
    expect(findJsonInputProblem(deep)?.code).toBe('too_deep');
  });

  it('caps array length and object key count', () => {
    expect(findJsonInputProblem([1, 2, 3, 4], SMALL)).toBeUndefined();
    expect(findJsonInputProblem({ list: [1, 2, 3, 4, 5] }, SMALL)).toEqual({
      code: 'too_large',
      path: 'list',
      message: 'Lista longa demais em list: o máximo é 4 itens.',
    });
    expect(findJsonInputProblem({ a: 1, b: 2, c: 3 }, SMALL)).toMatchObject({
      code: 'too_large',
      path: '',
    });
  });

  it('refuses a __proto__ key, which would replace an object’s prototype on assignment', () => {
    expect(findJsonInputProblem(JSON.parse('{"settings":{"__proto__":{"admin":true}}}'))).toEqual({
      code: 'validation',
      path: 'settings.__proto__',
      message: 'Campo não permitido: settings.__proto__.',
    });
  });

  it('finds a problem wherever a generated value hides it', () => {
    const bad = fc.constantFrom('\u0000', '\ud800', '\udfff', 'a\udbffb');
    const json = fc.letrec((tie) => ({
      value: fc.oneof(
        { depthSize: 'small' },
        fc.string(),
        fc.integer(),
        fc.array(tie('value'), { maxLength: 4 }),
        fc.dictionary(fc.string({ maxLength: 5 }), tie('value'), { maxKeys: 4 }),
      ),
    })).value;
    fc.assert(
      fc.property(json, bad, fc.nat(), (value, character, seed) => {
        // Replace one string leaf (or wrap the value) with the bad text.
        const planted = { wrapper: [value, `${'x'.repeat(seed % 3)}${character}`] };
        const problem = findJsonInputProblem(planted);
        expect(problem?.code).toBe('invalid_text');
      }),
      { seed: 17, numRuns: 200 },
    );
  });
});
