import type { Context } from 'hono';
import { notFound } from './errors';

/** Longer than any id the API gives out (the records' and receitas' short-text limit). */
const MAX_ID_LENGTH = 200;

/**
 * The id a route names in its path (`:id` unless told), read the one way every route reads
 * it: a text that cannot be a stored id — empty, longer than any id, with a NUL (which
 * PostgreSQL's text refuses), or not of the resource's `shape` — is an id nobody has, so it
 * answers 404 with the resource's own message, never 400.
 * @param notFoundMessage - the resource's 404 text ('Receita não encontrada.')
 * @param options.name - the parameter's name in the route's path
 * @param options.shape - the form every id of the resource has (`document-<uuid>`)
 * @throws HttpError 404 `not_found`
 */
export function idParam(
  c: Context,
  notFoundMessage: string,
  options: { name?: string; shape?: RegExp } = {},
): string {
  const id = c.req.param(options.name ?? 'id');
  if (
    id === undefined ||
    id.length === 0 ||
    id.length > MAX_ID_LENGTH ||
    id.includes('\u0000') ||
    (options.shape !== undefined && !options.shape.test(id))
  ) {
    throw notFound(notFoundMessage);
  }
  return id;
}
