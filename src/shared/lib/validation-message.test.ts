import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { recordCreateSchema, recordListQuerySchema } from '../records/medical-record';
import { formatValidationError } from './validation-message';

function messageFor(schema: { safeParse: typeof recordCreateSchema.safeParse }, input: unknown) {
  const result = schema.safeParse(input, { reportInput: true });
  if (result.success) throw new Error('expected a validation error');
  return formatValidationError(result.error);
}

describe('formatValidationError', () => {
  it.each([
    [{ patientInfo: { age: 151 } }, 'Idade (patientInfo.age): deve ser no máximo 150'],
    [{ patientInfo: { age: -3 } }, 'Idade (patientInfo.age): deve ser no mínimo 0'],
    [{ patientInfo: { age: '40' } }, 'Idade (patientInfo.age): deve ser número'],
    [
      { patientInfo: { gender: 'M' } },
      'Sexo (patientInfo.gender): valor inválido; use um destes: masculino, feminino, outro',
    ],
    [{ cpf: '1' }, 'Dados enviados: campo não reconhecido: cpf'],
    [
      { assessment: 'x'.repeat(20_001) },
      'Avaliação (assessment): deve ter no máximo 20000 caracteres',
    ],
    [
      { prescriptions: { medications: [{}] } },
      'Nome (prescriptions.medications.0.name): é obrigatório',
    ],
    [
      { prescriptions: { medications: [{ name: '' }] } },
      'Nome (prescriptions.medications.0.name): não pode ficar vazio',
    ],
    [
      { patientInfo: { allergies: Array.from({ length: 101 }, () => 'x') } },
      'Alergias (patientInfo.allergies): deve ter no máximo 100 itens',
    ],
    ['texto', 'Dados enviados: deve ser objeto'],
    [
      {
        prescriptions: {
          safetyReasons: [
            { kind: 'renal', severity: 'grave', medications: [], message: 'x', reason: 5 },
          ],
        },
      },
      'Justificativa (prescriptions.safetyReasons.0.reason): deve ser texto',
    ],
  ])('%j → %s', (input, message) => {
    expect(messageFor(recordCreateSchema, input)).toBe(message);
  });

  it("says '1 item', not '1 itens'", () => {
    const list = z.object({ items: z.array(z.string()).min(1).max(1) });
    expect(messageFor(list as never, { items: [] })).toBe('Campo items: deve ter ao menos 1 item');
    expect(messageFor(list as never, { items: ['a', 'b'] })).toBe(
      'Campo items: deve ter no máximo 1 item',
    );
  });

  it('names query parameters too', () => {
    expect(messageFor(recordListQuerySchema as never, { limit: '500' })).toBe(
      'Limite (limit): deve ser no máximo 100',
    );
  });
});
