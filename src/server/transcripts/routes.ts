import { Hono } from 'hono';
import { cleanUpTranscript, containsMedicalTerms } from '@clinical/transcript/clean-up';
import {
  transcriptCleanUpRequestSchema,
  type TranscriptCleanUpResult,
} from '@shared/ai/transcription';
import { currentDoctor, requireDoctor } from '../auth/require-doctor';
import type { SessionVerifier } from '../auth/session-verifier';
import type { AppEnv } from '../http/app-env';
import type { CpuWorkQueue } from '../http/cpu-work';
import { readJsonBody } from '../http/json-body';

/**
 * `/api/transcripts`: the rule-based work on a consultation transcript
 * (docs/product.md, "Revisão, processamento e prontuário"), kept on the server with the rest of
 * src/clinical. No model is involved, so it is not rate-limited as AI; its CPU work takes turns
 * with other doctors' (`http/cpu-work.ts`).
 */
export function transcriptRoutes(deps: {
  sessions: SessionVerifier;
  cpuWork: CpuWorkQueue;
}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireDoctor(deps.sessions));

  // Medical-language clean-up, and the check that decides whether the text becomes record data.
  routes.post('/clean-up', async (c) => {
    const { text } = await readJsonBody(c, transcriptCleanUpRequestSchema);
    const body = await deps.cpuWork.run(
      currentDoctor(c.get('doctor')).id,
      (): TranscriptCleanUpResult => {
        const cleaned = cleanUpTranscript(text);
        return { text: cleaned, containsMedicalTerms: containsMedicalTerms(cleaned) };
      },
    );
    c.header('Cache-Control', 'no-store');
    return c.json(body);
  });

  return routes;
}
