import type { MiddlewareHandler } from 'hono';
import { findUrlTextProblem } from '@shared/lib/url-input-text';
import type { AppEnv } from './app-env';
import { HttpError } from './errors';

/**
 * Refuses (400) a request whose path or query holds text the API cannot store or search for —
 * an encoded NUL or lone surrogate — before any route passes it to the database.
 */
export function refuseUnstorableUrlText(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const problem = findUrlTextProblem(url.pathname, url.search);
    if (problem) {
      throw new HttpError(problem.code, problem.message, { field: problem.path });
    }
    await next();
  };
}
