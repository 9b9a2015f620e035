import { describe, expect, it } from 'vitest';
import { parseModelJson, stripCodeFences } from './model-json';

describe('parseModelJson', () => {
  it('reads a bare JSON answer', () => {
    expect(parseModelJson('{"a": 1}')).toEqual({ a: 1 });
    expect(parseModelJson('[1, 2]')).toEqual([1, 2]);
  });

  it('reads JSON inside code fences', () => {
    expect(parseModelJson('```json\n{"improvedText": "ok"}\n```')).toEqual({ improvedText: 'ok' });
  });

  it('reads the first brace block among prose, braces in strings included', () => {
    const reply = 'Claro! Aqui está:\n{"texto": "use {chave} aqui", "n": [1, {"x": 2}]}\nAbraço.';
    expect(parseModelJson(reply)).toEqual({ texto: 'use {chave} aqui', n: [1, { x: 2 }] });
  });

  it('skips a brace in prose that is not JSON', () => {
    expect(parseModelJson('Veja {isto} e depois {"ok": true}')).toEqual({ ok: true });
  });

  it('gives undefined for no JSON, an empty reply or a cut answer', () => {
    expect(parseModelJson('Não sei responder.')).toBeUndefined();
    expect(parseModelJson('')).toBeUndefined();
    expect(parseModelJson('{"a": "sem fim')).toBeUndefined();
  });

  it('keeps escaped quotes inside strings', () => {
    expect(parseModelJson('x {"a": "diz \\"oi\\" {"}')).toEqual({ a: 'diz "oi" {' });
  });

  it('strips fences without a language', () => {
    expect(stripCodeFences('```\n{}\n```')).toBe('{}\n');
  });
});
