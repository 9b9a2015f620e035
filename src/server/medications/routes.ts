import { Hono } from 'hono';
import { checkPrescription } from '../../clinical/medications/dosing';
import { searchMedications } from '../../clinical/medications/search';
import { requireDoctor } from '../auth/require-doctor';
import type { SessionVerifier } from '../auth/session-verifier';
import type { AppEnv } from '../http/app-env';
import { parseOrBadRequest, readJsonBody } from '../http/json-body';
import { medicationCheckSchema, medicationSearchQuerySchema } from './schema';

/**
 * `/api/medications`: the built-in medicine catalogue (ARCHITECTURE.md, HTTP API). Pure lookups
 * over src/clinical/medications; a session is required like the rest of the API.
 */
export function medicationRoutes(deps: { sessions: SessionVerifier }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireDoctor(deps.sessions));

  routes.get('/search', (c) => {
    const { q, limit } = parseOrBadRequest(medicationSearchQuerySchema, c.req.query());
    const results = searchMedications(q, limit).map(({ name, strengths, forms }) => ({
      name,
      strengths,
      forms,
    }));
    return c.json({ results });
  });

  routes.post('/check', async (c) => {
    const { medication, allergies } = await readJsonBody(c, medicationCheckSchema);
    return c.json({ warnings: checkPrescription(medication, { allergies }) });
  });

  return routes;
}
