import { foldForMatching } from '../lib/text-folding';

/**
 * `/iniciar-prontuario <nome>, <idade>, <queixa>` (docs/product.md, "Comandos do prontuário"): the
 * patient's name is what the doctor types first, before the first comma. Pure: the chat starts the
 * record and links its patient.
 */

/** Portuguese particles inside a name: 'Maria das Dores', 'João dos Santos', "Joana d'Arc". */
const PARTICLES = new Set(['da', 'das', 'de', 'do', 'dos', 'e', 'di', 'du', 'del']);

/**
 * Words that say the text before the comma is no name: who the patient is rather than
 * her name ('paciente', 'senhora', 'criança'), or what she has ('dor de cabeça', 'febre').
 * Not every complaint is listed: a complaint must also pass as a name — letters only, and each
 * word capitalised unless it is a particle or the whole text is in lower case with two words or
 * more — so 'Cefaleia' alone is caught here, 'cefaleia' by being a single lower-case word.
 */
const NOT_NAME_WORDS = new Set(
  [
    'paciente',
    'pacientes',
    'sr',
    'sra',
    'senhor',
    'senhora',
    'dona',
    'seu',
    'homem',
    'mulher',
    'menino',
    'menina',
    'criança',
    'bebê',
    'recém',
    'nascido',
    'idoso',
    'idosa',
    'gestante',
    'masculino',
    'feminino',
    'sexo',
    'anos',
    'ano',
    'meses',
    'dias',
    'dor',
    'dores',
    'febre',
    'tosse',
    'gripe',
    'resfriado',
    'cefaleia',
    'enxaqueca',
    'tontura',
    'vertigem',
    'náusea',
    'náuseas',
    'vômito',
    'vômitos',
    'diarreia',
    'dispneia',
    'falta',
    'mal',
    'cansaço',
    'fadiga',
    'queixa',
    'sintoma',
    'sintomas',
    'consulta',
    'retorno',
    'pressão',
    'alta',
    'baixa',
    'hipertensão',
    'diabetes',
    'asma',
    'alergia',
    'coceira',
    'mancha',
    'manchas',
    'sangramento',
    'inchaço',
    'edema',
    'insônia',
    'ansiedade',
    'depressão',
    'cabeça',
    'barriga',
    'garganta',
    'peito',
    'costas',
  ].map((word) => foldForMatching(word)),
);

/** A word of a name: letters, with an inner apostrophe or hyphen ("d'Ávila", 'Ana-Clara'). */
const NAME_WORD = /^\p{L}+(?:['’-]\p{L}+)*$/u;

/** Medical words by their endings: '-algia' (lombalgia), '-ite' (sinusite, amigdalite). */
const MEDICAL_ENDING = /(algia|ites?)$/;

/** A capitalised word; "D'Ávila" and "d'Ávila" both pass as the particle joins the name. */
const STARTS_UPPER = /^(?:\p{Ll}['’])?\p{Lu}/u;

/** Longest name read: more words than this is a sentence. */
const MAX_NAME_WORDS = 8;

/**
 * The patient's name the doctor typed first after `/iniciar-prontuario`: the text before the first
 * comma (all of it when there is none), when it reads as a name — letters, spaces and particles,
 * not 'paciente', an age or a complaint. A name typed all in lower case comes back capitalised
 * ('ana lúcia de souza' → 'Ana Lúcia de Souza').
 * @param text - what follows the command, as typed
 * @returns the name, or undefined when the text does not start with one
 */
export function patientNameTypedFirst(text: string): string | undefined {
  const head = (text.split(/[,;\n]/, 1)[0] ?? '').trim();
  const words = head.split(/\s+/).filter((word) => word !== '');
  if (words.length === 0 || words.length > MAX_NAME_WORDS) return undefined;
  if (!words.every((word) => NAME_WORD.test(word))) return undefined;
  const folded = words.map((word) => foldForMatching(word));
  // 'Dores' in 'Maria das Dores' is a name; 'Dor' first or 'dores' in lower case is not.
  const readsAsNoName = (word: string, index: number) =>
    (NOT_NAME_WORDS.has(word) || MEDICAL_ENDING.test(word)) &&
    (index === 0 || !STARTS_UPPER.test(words[index] ?? ''));
  if (folded.some(readsAsNoName)) return undefined;
  const isParticle = (index: number) => PARTICLES.has(folded[index] ?? '');
  if (isParticle(0) || isParticle(words.length - 1)) return undefined;
  const allLowerCase = head === head.toLocaleLowerCase('pt-BR');
  if (allLowerCase) {
    // One lower-case word is as likely a complaint ('cefaleia') as a name.
    if (words.length < 2) return undefined;
    return words.map((word, index) => (isParticle(index) ? word : capitalised(word))).join(' ');
  }
  const capitalisedAsName = words.every(
    (word, index) => isParticle(index) || STARTS_UPPER.test(word),
  );
  return capitalisedAsName ? words.join(' ') : undefined;
}

/** 'lúcia' → 'Lúcia'; "d'ávila" → "D'Ávila"; 'ana-clara' → 'Ana-Clara'. */
function capitalised(word: string): string {
  return word
    .toLocaleLowerCase('pt-BR')
    .replace(
      /(^|['’-])(\p{L})/gu,
      (_, before: string, letter: string) => `${before}${letter.toLocaleUpperCase('pt-BR')}`,
    );
}

/**
 * The doctor's patients with exactly this name, compared without case, accents or extra spaces:
 * one is the patient of the visit; none, a new patient; several, the doctor's choice on the
 * patient step.
 * @param name - the name typed
 * @param patients - the doctor's patients a search for the name found
 */
export function patientsNamed<P extends { name: string }>(
  name: string,
  patients: readonly P[],
): P[] {
  const wanted = foldForMatching(name);
  return patients.filter((patient) => foldForMatching(patient.name) === wanted);
}
