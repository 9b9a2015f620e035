import { describe, expect, it } from 'vitest';
import { parseConsultation } from './consultation-text';
import { extractIntensity, levelOfScore } from './intensity';

const intensityOf = (text: string) => extractIntensity(parseConsultation(text));

describe('levelOfScore', () => {
  it('maps 1–3 to leve, 4–6 to moderada, 7–10 to intensa', () => {
    expect([1, 3, 4, 6, 7, 10].map(levelOfScore)).toEqual([
      'leve',
      'leve',
      'moderada',
      'moderada',
      'intensa',
      'intensa',
    ]);
    expect(levelOfScore(0)).toBeUndefined();
    expect(levelOfScore(11)).toBeUndefined();
  });
});

describe('extractIntensity', () => {
  it('reads a written score', () => {
    expect(intensityOf('Refere lombalgia, EVA 9/10.')).toBe('intensa');
    expect(intensityOf('Dor de intensidade 5 de 10.')).toBe('moderada');
  });

  it('reads the answer to the 0–10 question, in digits or words', () => {
    expect(intensityOf('Médico: De zero a dez, quanto dói?\nPaciente: Uns dois.')).toBe('leve');
    expect(intensityOf('Médico: Numa escala de 0 a 10?\nPaciente: 8, doutor.')).toBe('intensa');
  });

  it('reads words', () => {
    expect(intensityOf('Paciente: É uma dor muito forte.')).toBe('intensa');
    expect(intensityOf('Cefaleia de fraca intensidade.')).toBe('leve');
    expect(intensityOf('Paciente: Uma dor média, dá pra aguentar.')).toBe('moderada');
    expect(intensityOf('Paciente: A dor é insuportável.')).toBe('intensa');
  });

  it("ignores doses, denials and the doctor's words", () => {
    expect(intensityOf('Paciente: Tomo 2 de 10 mg.')).toBeUndefined();
    expect(intensityOf('Médico: A dor é forte?\nPaciente: Não sei.')).toBeUndefined();
    expect(intensityOf('Ao exame: dor leve à palpação.')).toBeUndefined();
  });

  it('reads diminutive and superlative words', () => {
    expect(intensityOf('Paciente: Tenho uma dor nas costas. Ela é levinha, mas chata.')).toBe(
      'leve',
    );
    expect(intensityOf('Paciente: É um incômodo no ombro, uma dor fraquinha.')).toBe('leve');
    expect(intensityOf('Paciente: Uma dor fortíssima na barriga.')).toBe('intensa');
    // 'Fortinha' is 'rather strong' in speech: moderada.
    expect(intensityOf('Paciente: Uma dor fortinha no pescoço.')).toBe('moderada');
  });

  it("does not read 'ela é fraquinha' about a person as an intensity", () => {
    expect(
      intensityOf('Médico: E a menina?\nMãe: Ela é fraquinha pra comer, sempre foi.'),
    ).toBeUndefined();
  });
});
