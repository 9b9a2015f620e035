/**
 * Checks a parsed JSON body against what the API can store and walk safely, before any code
 * recurses into it: PostgreSQL's text and jsonb cannot hold U+0000 or an unpaired surrogate
 * (jsonb answers an error, text silently turns it into U+FFFD), and a deeply nested value would
 * overflow the stack of any recursive step after `JSON.parse`.
 */

export interface JsonInputLimits {
  /** Most levels of arrays and objects inside one another (the top level is 1). */
  maxDepth: number;
  /** Most items in one array. */
  maxArrayLength: number;
  /** Most keys in one object. */
  maxObjectKeys: number;
}

/** Well above anything the API's schemas accept, and still cheap to walk. */
export const JSON_INPUT_LIMITS: JsonInputLimits = {
  maxDepth: 32,
  maxArrayLength: 10_000,
  maxObjectKeys: 1_000,
};

/** A stable code per kind of problem, sent in the error answer as `code`. */
export type JsonInputProblemCode = 'invalid_text' | 'too_deep' | 'too_large' | 'validation';

export interface JsonInputProblem {
  code: JsonInputProblemCode;
  /** Where the problem is, e.g. `patientInfo.name` or `prescriptions[2]`; '' for the whole body. */
  path: string;
  /** The sentence for the person using Prontu. */
  message: string;
}

// With the `u` flag a paired surrogate is one code point, so this matches only an unpaired one.
// NUL is the very character looked for here, not a mistake.
// eslint-disable-next-line no-control-regex
const UNSTORABLE_CHARACTER = /[\u0000\uD800-\uDFFF]/u;

/** Whether PostgreSQL can store the text as it is: no NUL and no unpaired surrogate. */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE_CHARACTER.test(text);
}

/**
 * The first problem found in a parsed JSON value, or undefined when it is within the limits.
 * Walks with an explicit stack, so any depth of input is safe to check.
 * @param value - what `JSON.parse` returned
 * @param limits - depth and size caps; by default `JSON_INPUT_LIMITS`
 */
export function findJsonInputProblem(
  value: unknown,
  limits: JsonInputLimits = JSON_INPUT_LIMITS,
): JsonInputProblem | undefined {
  const pending: { value: unknown; path: string; depth: number }[] = [
    { value, path: '', depth: 1 },
  ];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: current, path, depth } = next;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return invalidText(path);
      continue;
    }
    if (typeof current !== 'object' || current === null) continue;
    if (depth > limits.maxDepth) {
      return {
        code: 'too_deep',
        path,
        message: `Dados aninhados demais${where(path)}: o máximo é ${limits.maxDepth} níveis.`,
      };
    }
    if (Array.isArray(current)) {
      if (current.length > limits.maxArrayLength) {
        return {
          code: 'too_large',
          path,
          message: `Lista longa demais${where(path)}: o máximo é ${limits.maxArrayLength} itens.`,
        };
      }
      // Pushed last to first, so the first problem reported is the first in the text.
      for (let index = current.length - 1; index >= 0; index--) {
        pending.push({ value: current[index], path: `${path}[${index}]`, depth: depth + 1 });
      }
      continue;
    }
    const entries = Object.entries(current);
    if (entries.length > limits.maxObjectKeys) {
      return {
        code: 'too_large',
        path,
        message: `Objeto com campos demais${where(path)}: o máximo é ${limits.maxObjectKeys}.`,
      };
    }
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, inner] = entries[index] as [string, unknown];
      const innerPath = path ? `${path}.${key}` : key;
      if (!isStorableText(key))
        return invalidText(path ? `${path}.${printable(key)}` : printable(key));
      // Assigned into an object it would replace the prototype instead of adding a field.
      if (key === '__proto__') {
        return {
          code: 'validation',
          path: innerPath,
          message: `Campo não permitido: ${innerPath}.`,
        };
      }
      pending.push({ value: inner, path: innerPath, depth: depth + 1 });
    }
  }
  return undefined;
}

function invalidText(path: string): JsonInputProblem {
  return { code: 'invalid_text', path, message: `Texto com caractere inválido${where(path)}.` };
}

/** Paths are made of the client's own keys: a long one is cut so the answer stays small. */
const MAX_PATH_IN_MESSAGE = 200;

function where(path: string): string {
  if (!path) return ' no corpo da requisição';
  return path.length > MAX_PATH_IN_MESSAGE
    ? ` em ${path.slice(0, MAX_PATH_IN_MESSAGE)}…`
    : ` em ${path}`;
}

/** A key that is itself ill-formed, shown with its bad characters replaced so it can be sent. */
function printable(key: string): string {
  return key.replace(new RegExp(UNSTORABLE_CHARACTER.source, 'gu'), '\uFFFD');
}
