import { Hono } from 'hono';
import { extractMedicalData } from '../../clinical/extraction/extract-medical-data';
import { emptyExtraction, type ExtractionResult } from '../../shared/extraction';
import { extractionRequestSchema } from '../../shared/extraction-request';
import { currentDoctor, requireDoctor } from '../auth/require-doctor';
import type { SessionVerifier } from '../auth/session-verifier';
import type { AppEnv } from '../http/app-env';
import { readJsonBody } from '../http/json-body';

/**
 * `POST /api/ai/extract`: a consultation text → the ExtractionResult of spec §3, for the signed-in
 * doctor. Answers with the offline engine (src/clinical/extraction).
 */
export function extractRoutes(deps: { sessions: SessionVerifier }): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireDoctor(deps.sessions));

  routes.post('/', async (c) => {
    currentDoctor(c.get('doctor'));
    const { text } = await readJsonBody(c, extractionRequestSchema);
    // A configured model (with this engine as its fallback) comes with the AI-gateway issue.
    let result: ExtractionResult;
    try {
      result = extractMedicalData(text);
    } catch (error) {
      // Spec §8: a failed extraction is logged and answers an empty one, never a 500.
      c.get('log').error(
        { component: 'extract', error: error instanceof Error ? error.name : 'unknown' },
        'extraction failed',
      );
      result = emptyExtraction();
    }
    // Sizes and counts only: the text and the result describe a patient.
    c.get('log').info(
      {
        component: 'extract',
        mode: 'offline',
        chars: text.length,
        confidence: result.confidence,
        sections: result.extractedSections.length,
      },
      'extraction answered',
    );
    return c.json(result);
  });
  return routes;
}
