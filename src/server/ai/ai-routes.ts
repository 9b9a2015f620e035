import { Hono, type Context } from 'hono';
import type { Cid10Index } from '@clinical/cid10/search-index';
import { composeOfflineClinicalReply } from '@clinical/offline-clinical-chat';
import { AI_ERROR_HEADER, AI_SOURCE_HEADER } from '@shared/ai/protocol';
import { chatRequestSchema } from '@shared/chat/request';
import { patientIdSchema, type RecordContent } from '@shared/records/medical-record';
import { withPatientHistory, type PatientHistory } from '@shared/patients/history';
import { recordChatContext } from '@shared/records/chat-context';
import type { TranscriptionStatus } from '@shared/ai/transcription';
import {
  findSpecialistAgent,
  specialistSystemPrompt,
  type SpecialistAgent,
} from '@shared/chat/specialist-agents';
import { currentDoctor, requireDoctor } from '../auth/require-doctor';
import type { SessionVerifier } from '../auth/session-verifier';
import type { Config } from '../config';
import type { AppDatabase } from '../db/database';
import type { AppEnv } from '../http/app-env';
import type { CpuWorkQueue } from '../http/cpu-work';
import { notFound } from '../http/errors';
import { readJson, readJsonBody } from '../http/json-body';
import { loadPatientHistory } from '../patients/history';
import { PATIENT_NOT_FOUND } from '../patients/own-patient';
import { rateLimit } from '../http/rate-limit';
import type { OfflineEngine } from './ai-task';
import { createAiModels } from './chat-model';
import { offlineReply, startModelReply } from './model-stream';
import { AI_TASKS } from './tasks/registry';
import { aiUseGate, patientIdIn, withoutRecordId } from './ai-use-gate';
import { transcriptionRoutes } from './transcription-routes';

/** Spec-style answer once a doctor has made too many AI requests in a minute. */
export const AI_RATE_LIMIT_MESSAGE =
  'Muitas solicitações à IA em pouco tempo. Aguarde um minuto e tente novamente.';

/**
 * The signed-in doctor's AI: `POST /api/ai/chat` (a streamed reply) and one route per task of
 * docs/product.md, "Tarefas e respostas padrão" (`tasks/`, one file each). Every answer says who wrote it in
 * `X-Prontu-AI-Mode` (model, offline, fallback). Rate-limited per doctor.
 */
export function aiRoutes(deps: {
  config: Config;
  db: AppDatabase;
  sessions: SessionVerifier;
  cid10: Cid10Index;
  cpuWork: CpuWorkQueue;
}): Hono<AppEnv> {
  const models = deps.config.ai ? createAiModels(deps.config.ai) : undefined;
  const aiUse = aiUseGate({ config: deps.config, db: deps.db });
  const engine: OfflineEngine = { cid10: deps.cid10, now: () => new Date() };
  const routes = new Hono<AppEnv>();

  /**
   * The doctor's patient's history; 404 for a patient who is not hers. The patient is named in
   * the request's audit entry (audit/audit-trail.ts): her visits, lists and allergies were read
   * for the answer, whichever engine writes it (docs/auditoria.md, "O que é registrado").
   */
  const ownPatientHistory = async (c: Context<AppEnv>, patientId: string, recordId?: string) => {
    const doctorId = currentDoctor(c.get('doctor')).id;
    const history = await loadPatientHistory(deps.db, doctorId, patientId, recordId);
    if (!history) throw notFound(PATIENT_NOT_FOUND);
    c.set('listedIds', [patientId]);
    return history;
  };
  /**
   * The history a task's body asks for with `patientId`. Read before the task validates the
   * body, so only a well-formed id is looked up; a task that takes none refuses the field.
   */
  const historyOf = async (c: Context<AppEnv>, body: unknown) => {
    if (typeof body !== 'object' || body === null || !('patientId' in body)) return undefined;
    const patientId = patientIdSchema.safeParse(body.patientId);
    return patientId.success ? ownPatientHistory(c, patientId.data) : undefined;
  };
  routes.use('*', requireDoctor(deps.sessions));
  // Before the rate limit: opening the voice screen is not an AI request.
  routes.get('/transcribe/status', (c) => {
    const endpoint = deps.config.transcription;
    const status: TranscriptionStatus = endpoint
      ? { configured: true, segmentSeconds: endpoint.segmentMs / 1000 }
      : { configured: false };
    return c.json(status);
  });
  routes.use(
    '*',
    rateLimit({
      db: deps.db,
      name: 'ai',
      max: deps.config.aiRateLimitPerMinute,
      windowMs: 60_000,
      message: AI_RATE_LIMIT_MESSAGE,
      keyOf: (c) => currentDoctor(c.get('doctor')).id,
    }),
  );

  routes.route('/transcribe', transcriptionRoutes({ config: deps.config, aiUse }));

  routes.post('/chat', async (c) => {
    const request = await readJsonBody(c, chatRequestSchema);
    // The record's id also names the visit the chat helps with, when its context is sent.
    const visit = await aiUse.admit(c, {
      recordId: request.recordContext ? request.recordId : undefined,
      patientId: request.patientId,
    });
    const agent =
      request.mode === 'specialist' && request.agentId
        ? findSpecialistAgent(request.agentId)
        : undefined;
    const log = c.get('log').child({
      component: 'chat',
      mode: models ? 'model' : 'offline',
      agent: agent?.id ?? 'general',
      // Sizes only: the conversation describes a patient.
      messages: request.messages.length,
      chars: request.messages.reduce((total, message) => total + message.content.length, 0),
      withRecord: request.recordContext !== undefined,
    });
    const doctorId = currentDoctor(c.get('doctor')).id;
    const history = request.patientId
      ? await ownPatientHistory(c, request.patientId, request.recordId)
      : undefined;
    let reply;
    if (models) {
      reply = await startModelReply({
        model: models.chat,
        system: chatSystemPrompt(agent, request.recordContext, history),
        messages: request.messages,
        requestSignal: c.req.raw.signal,
        timeoutMs: deps.config.aiTimeoutMs,
        maxRetries: 1,
        log,
        breakResponse: () => c.env.outgoing.destroy(),
      });
    } else {
      const { text, kind } = await deps.cpuWork.run(doctorId, () =>
        composeOfflineClinicalReply({
          messages: request.messages,
          agent,
          ...(request.recordContext ? { record: request.recordContext } : {}),
          ...(history ? { history } : {}),
          cid10: deps.cid10,
        }),
      );
      reply = offlineReply(text, log.child({ kind }));
    }
    await aiUse.record(c, visit, 'chat', aiUse.sourceOf(reply.mode, 'chat'));
    return new Response(reply.body, {
      headers: {
        'Content-Type': 'text/plain; charset=utf-8',
        [AI_SOURCE_HEADER]: reply.mode,
        // A reverse proxy must pass each piece on as it comes, not the whole answer at the end.
        'X-Accel-Buffering': 'no',
        'Cache-Control': 'no-store',
      },
    });
  });

  for (const task of AI_TASKS) {
    routes.post(`/${task.path}`, async (c) => {
      const { recordId, body } = withoutRecordId(await readJson(c));
      const visit = await aiUse.admit(c, { recordId, patientId: patientIdIn(body) });
      const history = await historyOf(c, body);
      const outcome = await task.run(body, {
        ...(history ? { history } : {}),
        models,
        engine,
        timeoutMs: deps.config.aiTimeoutMs,
        signal: c.req.raw.signal,
        log: c.get('log'),
        runCpuWork: (work) => deps.cpuWork.run(currentDoctor(c.get('doctor')).id, work),
      });
      c.header(AI_SOURCE_HEADER, outcome.source);
      if (outcome.failure) c.header(AI_ERROR_HEADER, outcome.failure);
      c.header('Cache-Control', 'no-store');
      await aiUse.record(c, visit, task.path, aiUse.sourceOf(outcome.source, task.model));
      return c.json(outcome.answer);
    });
  }
  return routes;
}

/** The model's instructions: the specialist's, then the open record and the patient's history. */
function chatSystemPrompt(
  agent: SpecialistAgent | undefined,
  record: RecordContent | undefined,
  history: PatientHistory | undefined,
): string {
  const recordText = record ? recordChatContext(record) : '';
  const system = recordText
    ? `${specialistSystemPrompt(agent)}\n\nAtendimento em andamento (prontuário aberto):\n${recordText}`
    : specialistSystemPrompt(agent);
  return withPatientHistory(system, history);
}
