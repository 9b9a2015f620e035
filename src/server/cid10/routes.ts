import { Hono } from 'hono';
import { searchCid10 } from '@clinical/cid10/search';
import type { Cid10Index } from '@clinical/cid10/search-index';
import { cid10SearchQuerySchema, type Cid10SearchResponse } from '@shared/records/cid10-search';
import { requireDoctor } from '../auth/require-doctor';
import type { SessionVerifier } from '../auth/session-verifier';
import type { AppEnv } from '../http/app-env';
import { parseOrBadRequest } from '../http/json-body';

/** `/api/cid10`: CID-10 search for signed-in doctors (docs/api.md, "Busca CID-10"). */
export function cid10Routes(deps: { sessions: SessionVerifier; index: Cid10Index }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireDoctor(deps.sessions));

  routes.get('/search', (c) => {
    const { q, limit, sex, age } = parseOrBadRequest(cid10SearchQuerySchema, c.req.query());
    const body: Cid10SearchResponse = {
      results: searchCid10(deps.index, q, limit, { sex, age }),
    };
    return c.json(body);
  });

  return routes;
}
