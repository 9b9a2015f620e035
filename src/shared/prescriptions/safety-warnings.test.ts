import { describe, expect, it } from 'vitest';
import {
  warningsAwaitingReason,
  withSafetyReason,
  type SafetyReason,
  type SafetyWarning,
} from './safety-warnings';

const bleeding: SafetyWarning = {
  kind: 'interacao',
  severity: 'grave',
  medications: ['Ibuprofeno', 'Varfarina'],
  message: 'Risco aumentado de sangramento.',
  reference: 'ONC high-priority DDI list',
};
const duplicate: SafetyWarning = {
  kind: 'duplicidade',
  severity: 'moderado',
  medications: ['Omeprazol', 'Pantoprazol'],
  message: 'Dois inibidores da bomba de prótons.',
  reference: 'Bula',
};

describe('reasons to go on through a safety warning', () => {
  it('asks for a reason for a grave warning only, until one is written', () => {
    expect(warningsAwaitingReason([bleeding, duplicate], [])).toEqual([bleeding]);
    const blank = withSafetyReason([], bleeding, '  ');
    expect(warningsAwaitingReason([bleeding], blank)).toEqual([bleeding]);
    const given = withSafetyReason([], bleeding, 'Dor aguda, INR na sexta.');
    expect(warningsAwaitingReason([bleeding, duplicate], given)).toEqual([]);
  });

  it('keeps one reason per warning, with its words and without its reference', () => {
    const first = withSafetyReason([], bleeding, 'Primeira');
    const second = withSafetyReason(first, bleeding, 'Corrigida');
    expect(second).toEqual<SafetyReason[]>([
      {
        kind: 'interacao',
        severity: 'grave',
        medications: ['Ibuprofeno', 'Varfarina'],
        message: 'Risco aumentado de sangramento.',
        reason: 'Corrigida',
      },
    ]);
    // A reason given for another pair does not answer this one.
    const other = { ...bleeding, medications: ['Naproxeno', 'Varfarina'] };
    expect(warningsAwaitingReason([other], second)).toEqual([other]);
  });
});
