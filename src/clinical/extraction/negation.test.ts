import { describe, expect, it } from 'vitest';
import { parseConsultation, sentenceAt } from './consultation-text';
import { isAboutRelative, isNegated } from './negation';

/** Whether `term` (its first occurrence) is denied in `text`. */
function denied(text: string, term: string): boolean {
  const c = parseConsultation(text);
  const start = c.folded.indexOf(term);
  const sentence = sentenceAt(c, start);
  if (start < 0 || !sentence) throw new Error(`${term} not in ${text}`);
  return isNegated(c, sentence, start, start + term.length);
}

function ofRelative(text: string, term: string): boolean {
  const c = parseConsultation(text);
  const start = c.folded.indexOf(term);
  const sentence = sentenceAt(c, start);
  if (start < 0 || !sentence) throw new Error(`${term} not in ${text}`);
  return isAboutRelative(c, sentence, start, start + term.length);
}

describe('isNegated', () => {
  it.each([
    ['Nega febre e calafrios.', 'calafrios'],
    ['Sem febre.', 'febre'],
    ['Não tem tosse nem coriza.', 'coriza'],
    ['Não tenho pressão alta.', 'pressao alta'],
    ['Tosse não.', 'tosse'],
    ['Febre não tive.', 'febre'],
    ['Nunca tive asma.', 'asma'],
  ])('%s denies %s', (text, term) => {
    expect(denied(text, term)).toBe(true);
  });

  it.each([
    ['Nega febre, refere tosse.', 'tosse'],
    ['Não tenho diabetes, mas tenho pressão alta.', 'pressao alta'],
    ['Não, só dor de cabeça.', 'dor de cabeca'],
    ['Hipertensão não controlada.', 'hipertensao'],
    ['Sem febre. Tem tosse.', 'tosse'],
  ])('%s does not deny %s', (text, term) => {
    expect(denied(text, term)).toBe(false);
  });
});

describe('isAboutRelative', () => {
  it('finds a relative before the term', () => {
    expect(ofRelative('Minha mãe tem diabetes.', 'diabetes')).toBe(true);
    expect(ofRelative('Pai hipertenso e avó com asma.', 'asma')).toBe(true);
    expect(ofRelative('AF: pai com HAS.', 'has')).toBe(true);
  });

  it('stops at the patient speaking of themself', () => {
    expect(ofRelative('Minha mãe é diabética e eu tenho asma.', 'asma')).toBe(false);
    expect(ofRelative('Tenho asma.', 'asma')).toBe(false);
  });

  it('reads "meu filho" from a carer as the patient', () => {
    const text = 'Médico: E ele?\nMãe: Meu filho tem asma.';
    expect(ofRelative(text, 'asma')).toBe(false);
  });
});

describe('isAboutRelative: a companion speaking of themself', () => {
  it("takes a companion's first person as the companion's, not the patient's", () => {
    const text = 'Médico: E ele?\nMãe: Ele não, mas eu tenho asma. Sou alérgica a dipirona.';
    expect(ofRelative(text, 'asma')).toBe(true);
    expect(ofRelative(text, 'alergica')).toBe(true);
  });

  it('near miss: the patient named by the companion, or the patient speaking', () => {
    expect(ofRelative('Médico: E ele?\nMãe: Meu filho tem asma.', 'asma')).toBe(false);
    expect(ofRelative('Médico: E ele?\nMãe: Eu dou dipirona pra ele.', 'dipirona')).toBe(false);
    expect(ofRelative('Médico: E o senhor?\nPaciente: Eu tenho asma.', 'asma')).toBe(false);
  });
});

describe('isAboutRelative: whose words, in speech that runs on', () => {
  it.each([
    ['meu pai tem asma', 'asma'],
    ['a mãe dela é diabética', 'diabetica'],
    ['asma só o meu pai tem', 'asma'],
    ['diabetes tem na família o avô e a tia', 'diabetes'],
    ['pressão alta do lado da mãe', 'pressao alta'],
  ])('takes %j as a relative’s', (text, term) => {
    expect(ofRelative(text, term)).toBe(true);
  });

  it.each([
    // The patient goes on about herself after naming a relative.
    ['o meu pai tinha asma tomo losartana', 'losartana'],
    ['minha mãe tem diabetes sou hipertensa', 'hipertensa'],
    // The relative came with the patient: it is not whom the words are about.
    ['veio com a esposa usa losartana', 'losartana'],
    ['acompanhado da filha refere dor no peito', 'dor no peito'],
    // The patient has it too.
    ['tenho diabetes igual a minha mãe', 'diabetes'],
  ])('takes %j as the patient’s', (text, term) => {
    expect(ofRelative(text, term)).toBe(false);
  });

  it('takes the relative a companion names by their label as the patient', () => {
    expect(ofRelative('Médico: E ela?\nFilha: A mãe tem pressão alta.', 'pressao alta')).toBe(
      false,
    );
    expect(ofRelative('Médico: E ele?\nEsposa: O meu marido toma metformina.', 'metformina')).toBe(
      false,
    );
  });

  it('near miss: the same companion naming someone else', () => {
    expect(ofRelative('Médico: E ela?\nFilha: A minha tia tem asma.', 'asma')).toBe(true);
  });
});
