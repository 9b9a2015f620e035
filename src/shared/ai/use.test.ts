import { describe, expect, it } from 'vitest';
import {
  AI_DISABLED_NOTICE,
  AI_REFUSED_NOTICE,
  aiBlockedBecause,
  aiUseLine,
  nextAiUseOutcome,
  summariseAiUses,
} from './use';

describe('nextAiUseOutcome', () => {
  it("takes the doctor's first word on a use", () => {
    expect(nextAiUseOutcome(undefined, 'accepted')).toBe('accepted');
    expect(nextAiUseOutcome(undefined, 'edited')).toBe('edited');
    expect(nextAiUseOutcome(undefined, 'discarded')).toBe('discarded');
  });

  it('turns an accepted answer changed by hand into an edited one', () => {
    expect(nextAiUseOutcome('accepted', 'edited')).toBe('edited');
  });

  it('keeps an edited or discarded answer as it is, and an accepted one from being discarded', () => {
    expect(nextAiUseOutcome('edited', 'accepted')).toBeUndefined();
    expect(nextAiUseOutcome('edited', 'discarded')).toBeUndefined();
    expect(nextAiUseOutcome('discarded', 'accepted')).toBeUndefined();
    expect(nextAiUseOutcome('accepted', 'discarded')).toBeUndefined();
    expect(nextAiUseOutcome('accepted', 'accepted')).toBeUndefined();
  });
});

describe('aiUseLine', () => {
  const when = (iso: string) => iso.slice(11, 16);

  it('names the task, who answered and, when known, what the doctor did', () => {
    expect(
      aiUseLine(
        {
          id: 'u1',
          task: 'exam-suggestions',
          source: 'motor offline (regras)',
          at: '2026-03-02T13:52:00.000Z',
          outcome: 'edited',
        },
        when,
      ),
    ).toBe('13:52 — Sugestão de exames — motor offline (regras) — editado');
    expect(
      aiUseLine(
        { id: 'u2', task: 'transcribe', source: 'whisper-1', at: '2026-03-02T13:41:00.000Z' },
        when,
      ),
    ).toBe('13:41 — Transcrição da gravação — whisper-1');
  });
});

describe('aiBlockedBecause', () => {
  const told = {
    status: 'informada',
    recordedBy: 'Dra. Ana',
    at: '2026-11-02T13:00:00.000Z',
  } as const;
  const refused = { ...told, status: 'recusou' } as const;

  it('lets AI help when it is on and the patient did not refuse it', () => {
    expect(aiBlockedBecause({ aiEnabled: true }, undefined)).toBeUndefined();
    expect(aiBlockedBecause({ aiEnabled: true }, told)).toBeUndefined();
  });

  it('says the patient refused, or that the doctor switched AI off (that first)', () => {
    expect(aiBlockedBecause({ aiEnabled: true }, refused)).toBe(AI_REFUSED_NOTICE);
    expect(aiBlockedBecause({ aiEnabled: false }, told)).toBe(AI_DISABLED_NOTICE);
    expect(aiBlockedBecause({ aiEnabled: false }, refused)).toBe(AI_DISABLED_NOTICE);
  });
});

describe('summariseAiUses', () => {
  it('adds up each feature, outcome by outcome, in the order features are listed', () => {
    expect(
      summariseAiUses([
        { task: 'plan-suggestions', outcome: 'accepted', count: 2 },
        { task: 'transcribe', outcome: null, count: 5 },
        { task: 'plan-suggestions', outcome: 'discarded', count: 1 },
        { task: 'plan-suggestions', outcome: null, count: 3 },
        { task: 'enhance-assessment', outcome: 'edited', count: 4 },
      ]),
    ).toEqual([
      { task: 'transcribe', total: 5, accepted: 0, edited: 0, discarded: 0 },
      { task: 'plan-suggestions', total: 6, accepted: 2, edited: 0, discarded: 1 },
      { task: 'enhance-assessment', total: 4, accepted: 0, edited: 4, discarded: 0 },
    ]);
    expect(summariseAiUses([])).toEqual([]);
  });
});
