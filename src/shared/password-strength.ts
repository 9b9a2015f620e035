import type { ZxcvbnResult } from '@zxcvbn-ts/core';

/** zxcvbn's score (0–4) a new password must reach: 3 is "safely unguessable" (about 10^8 guesses). */
export const MIN_PASSWORD_SCORE = 3;

/** Scores a password, with words of the person (name, e-mail) counted as guessable. */
export type PasswordChecker = (password: string, userInputs: string[]) => ZxcvbnResult;

/**
 * Why a password is too easy to guess, in Portuguese, or undefined when it is strong enough.
 * The reason is zxcvbn's own warning (its pt-br translation) when it has one.
 * @param userInputs - the person's name and e-mail, which a guesser would try first
 */
export function passwordWeakness(
  check: PasswordChecker,
  password: string,
  userInputs: string[],
): string | undefined {
  const result = check(password, personalWords(userInputs));
  if (result.score >= MIN_PASSWORD_SCORE) return undefined;
  const reason = result.feedback.warning ?? result.feedback.suggestions[0];
  return reason
    ? `Senha fácil de adivinhar: ${lowerFirst(reason)}`
    : 'Senha fácil de adivinhar. Use uma frase com várias palavras pouco comuns.';
}

/** The name and e-mail whole and in pieces ("Dra. Ana Souza", "ana.souza@x.com" → ana, souza…). */
function personalWords(inputs: string[]): string[] {
  const words = new Set<string>();
  for (const input of inputs) {
    const text = input.trim().toLowerCase();
    if (!text) continue;
    words.add(text);
    for (const piece of text.split(/[^\p{L}\p{N}]+/u)) if (piece.length >= 3) words.add(piece);
  }
  return [...words];
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}

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
      dictionary: { ...common.dictionary, ...ptBr.dictionary },
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
