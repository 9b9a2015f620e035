import { isStorableText, type JsonInputProblem } from './input-limits';

/**
 * The first part of a request address whose text the API could not store or search for: a
 * malformed percent-encoding (`%ED%A0%80` is an encoded lone surrogate, not UTF-8) or one that
 * decodes to NUL. A route param or query value reaches SQL as text, where NUL is an error.
 * @param pathname - the raw (still encoded) path, e.g. `/api/medical-records/abc`
 * @param search - the raw query string, with or without its leading `?`
 */
export function findUrlTextProblem(pathname: string, search: string): JsonInputProblem | undefined {
  for (const segment of pathname.split('/')) {
    if (!decodesToStorableText(segment)) return invalidUrlText('no endereço', 'path');
  }
  const query = search.startsWith('?') ? search.slice(1) : search;
  for (const pair of query ? query.split('&') : []) {
    const separator = pair.indexOf('=');
    const name = separator === -1 ? pair : pair.slice(0, separator);
    const value = separator === -1 ? '' : pair.slice(separator + 1);
    if (!decodesToStorableText(name)) return invalidUrlText('no nome de um parâmetro', '');
    if (!decodesToStorableText(value)) {
      const field = decodeQueryPart(name) ?? '';
      return invalidUrlText(field ? `em ${field}` : 'em um parâmetro', field);
    }
  }
  return undefined;
}

function decodesToStorableText(encoded: string): boolean {
  const decoded = decodeQueryPart(encoded);
  return decoded !== undefined && isStorableText(decoded);
}

function decodeQueryPart(encoded: string): string | undefined {
  try {
    return decodeURIComponent(encoded.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

function invalidUrlText(where: string, path: string): JsonInputProblem {
  return { code: 'invalid_text', path, message: `Texto com caractere inválido ${where}.` };
}
