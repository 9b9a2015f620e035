import type { ZxcvbnResult } from '@zxcvbn-ts/core';

/** zxcvbn's score (0–4) a new password must reach: 3 is "safely unguessable" (about 10^8 guesses). */
export const MIN_PASSWORD_SCORE = 3;

/** Scores a password, with words of the person (name, e-mail) counted as guessable. */
export type PasswordChecker = (password: string, userInputs: string[]) => ZxcvbnResult;

/** Whose new password it is: their name and e-mail are what a guesser tries first. */
export interface PasswordOwner {
  name?: string | undefined;
  email?: string | undefined;
}

/** The refusal of a password made of the person's name or e-mail, with digits or symbols. */
export const PASSWORD_FROM_PERSONAL_DATA =
  'Senha fácil de adivinhar: ela é feita do seu nome ou do seu e-mail. Use uma frase com várias palavras que não sejam sobre você.';
/** The refusal of one common word dressed with digits or symbols ("Senha@123456"). */
export const PASSWORD_FROM_COMMON_WORD =
  'Senha fácil de adivinhar: é uma palavra comum com números ou símbolos. Use uma frase com várias palavras pouco comuns.';

/**
 * Guesses what a password holds besides the person's name and e-mail must take, alone: fewer,
 * and it is that name or e-mail with a year, a word or up to six characters around it
 * ("AnaSouza2026!", "Conceicao@2026x"; zxcvbn counts six unknown characters as 10^6); more, and
 * the rest is a secret of its own ("Avaliacao#Prontu-7Kq2xV" holds "#-7kq2xv", 10^8).
 */
const MIN_OWN_PART_GUESSES = 1e7;

/**
 * Prontu's one rule for a new password, wherever it is chosen (sign-up, change, reset; the
 * server and the sign-up form alike): why it is too easy to guess, in Portuguese, or undefined
 * when it is strong enough. In this order:
 * 1. made of the owner's name or e-mail (accents, case and l33t ignored) plus what alone is easy
 *    to guess ("AnaSouza2026!");
 * 2. one dictionary word (zxcvbn's common and pt-BR lists, and {@link COMMON_PASSWORD_WORDS})
 *    plus digits or symbols ("Senha@123456", "brasil2026!!"), which zxcvbn alone scores 3;
 * 3. zxcvbn's score under {@link MIN_PASSWORD_SCORE}, with its own pt-br reason.
 * @param check - the loaded checker ({@link loadPasswordChecker})
 * @param owner - the person's name and e-mail, as far as known
 */
export function newPasswordProblem(
  check: PasswordChecker,
  password: string,
  owner: PasswordOwner,
): string | undefined {
  const personal = personalWords([owner.name ?? '', owner.email ?? '']);
  const ownParts = ownPartsBeside(password, personal);
  if (ownParts.some((rest) => check(rest, []).guesses < MIN_OWN_PART_GUESSES)) {
    return PASSWORD_FROM_PERSONAL_DATA;
  }
  const result = check(password, personal);
  if (isOneDressedWord(password, result)) return PASSWORD_FROM_COMMON_WORD;
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  const reason = result.feedback.warning ?? result.feedback.suggestions[0];
  return reason
    ? `Senha fácil de adivinhar: ${lowerFirst(reason)}`
    : 'Senha fácil de adivinhar. Use uma frase com várias palavras pouco comuns.';
}

/** Lower case, without accents: "Conceição" and "conceicao" are the same word to a guesser. */
function plain(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The usual l33t stand-ins for letters ("S3nh@" is "senha"). */
const L33T: Readonly<Record<string, string>> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};

/** The name and e-mail whole and in pieces ("Dra. Ana Souza", "ana.souza@x.com" → ana, souza…). */
function personalWords(inputs: string[]): string[] {
  const words = new Set<string>();
  for (const input of inputs) {
    const text = plain(input.trim());
    if (!text) continue;
    words.add(text);
    for (const piece of text.split(/[^\p{L}\p{N}]+/u)) if (piece.length >= 3) words.add(piece);
  }
  return [...words];
}

/**
 * What the password holds besides the person's words, read as typed and with l33t undone: one
 * text per reading that held any of them, none when neither did.
 */
function ownPartsBeside(password: string, personal: string[]): string[] {
  const pieces = personal
    .filter((word) => /^\p{L}+$/u.test(word))
    .sort((a, b) => b.length - a.length);
  if (pieces.length === 0) return [];
  const typed = plain(password);
  const unl33t = typed.replace(/[013457@$]/g, (character) => L33T[character] ?? character);
  return [typed, unl33t].flatMap((text) => {
    let rest = text;
    for (const piece of pieces) rest = rest.split(piece).join('');
    return rest === text ? [] : [rest];
  });
}

/**
 * Whether every letter zxcvbn scored lies in one and the same dictionary match: a single word
 * (l33t or reversed included) with only digits and symbols around it.
 */
function isOneDressedWord(password: string, result: ZxcvbnResult): boolean {
  // zxcvbn scores the first characters, by UTF-16 units like its positions.
  const scored = password.slice(0, PASSWORD_SCORED_LENGTH);
  const words = result.sequence.filter((match) => match.pattern === 'dictionary');
  const lettersAt: number[] = [];
  for (let index = 0; index < scored.length; index += 1) {
    if (/\p{L}/u.test(scored.charAt(index))) lettersAt.push(index);
  }
  if (lettersAt.length === 0) return false;
  const holding = new Set(
    lettersAt.map((index) => words.findIndex((match) => match.i <= index && index <= match.j)),
  );
  return holding.size === 1 && !holding.has(-1);
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/**
 * Words Brazilians build passwords from that zxcvbn's lists lack or rank too low ("senha" is in
 * none of them): the word for password, the app's and the trade's own words, football clubs.
 * Written as spelt; the checker also knows each without its accents.
 */
export const COMMON_PASSWORD_WORDS = [
  'senha',
  'minhasenha',
  'novasenha',
  'prontu',
  'prontuário',
  'brasil',
  'médico',
  'médica',
  'doutor',
  'doutora',
  'clínica',
  'consultório',
  'hospital',
  'saúde',
  'paciente',
  'receita',
  'acesso',
  'entrar',
  'mudar',
  'trocar',
  'segredo',
  'usuário',
  'admin',
  'teste',
  'amor',
  'deus',
  'jesus',
  'família',
  'flamengo',
  'corinthians',
  'palmeiras',
  'vasco',
  'grêmio',
  'cruzeiro',
  'santos',
  'saopaulo',
];

/** How many leading characters of a password are scored. */
export const PASSWORD_SCORED_LENGTH = 40;

let loading: Promise<PasswordChecker> | undefined;

/**
 * zxcvbn with its common and Brazilian-Portuguese dictionaries and pt-br messages. They weigh
 * about 1.5 MB, so they load on first use: a separate chunk in the browser, once per server.
 */
export function loadPasswordChecker(): Promise<PasswordChecker> {
  loading ??= (async () => {
    const [{ ZxcvbnFactory }, common, ptBr] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-pt-br'),
    ]);
    const zxcvbn = new ZxcvbnFactory({
      dictionary: {
        ...common.dictionary,
        ...ptBr.dictionary,
        // Typed with or without accents alike.
        'passwordWords-pt-br': [
          ...new Set(COMMON_PASSWORD_WORDS.flatMap((word) => [word, plain(word)])),
        ],
      },
      graphs: common.adjacencyGraphs,
      translations: ptBr.translations,
      // zxcvbn's matching grows much faster than the length (measured: 128 characters of
      // "Aa1!" repeated took seconds of CPU). Only the first characters are scored: a password
      // at least as strong as its beginning is still accepted, and a sign-up cannot stall the
      // server.
      maxLength: PASSWORD_SCORED_LENGTH,
    });
    return (password, userInputs) => zxcvbn.check(password, userInputs);
  })();
  loading.catch(() => {
    // A failed download (offline) may be retried on the next submit.
    loading = undefined;
  });
  return loading;
}
