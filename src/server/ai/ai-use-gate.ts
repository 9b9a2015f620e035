import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import { z } from 'zod';
import type { AiSource } from '@shared/ai/protocol';
import {
  AI_USE_HEADER,
  AI_USE_TASKS,
  FALLBACK_SOURCE,
  OFFLINE_ENGINE_SOURCE,
  type AiUseTask,
} from '@shared/ai/use';
import { API_ERRORS } from '@shared/api/errors';
import { patientIdSchema, recordIdSchema } from '@shared/records/medical-record';
import { currentDoctor } from '../auth/require-doctor';
import type { Config } from '../config';
import type { AppDatabase } from '../db/database';
import { patients } from '../db/schema';
import type { AppEnv } from '../http/app-env';
import { conflict, notFound } from '../http/errors';
import { parseOrBadRequest } from '../http/json-body';
import { createRecordRepository } from '../medical-records/repository';
import { PATIENT_NOT_FOUND } from '../patients/own-patient';
import { createSettingsRepository } from '../settings/repository';

const RECORD_NOT_FOUND = 'Prontuário não encontrado.';

/** The visit an AI request helps with, once admitted: its record, when it named one. */
export interface AdmittedVisit {
  recordId?: string | undefined;
}

const recordIdField = z.object({ recordId: recordIdSchema.optional() });

/**
 * A task's body without the `recordId` that names its visit: the tasks' own schemas are strict,
 * and the visit is the route's business, not the task's.
 * @throws HttpError 400 for a `recordId` no record could have
 */
export function withoutRecordId(body: unknown): { recordId?: string | undefined; body: unknown } {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('recordId' in body)) {
    return { body };
  }
  const { recordId, ...rest } = body as Record<string, unknown>;
  return { recordId: parseOrBadRequest(recordIdField, { recordId }).recordId, body: rest };
}

/** The patient a task's body names for her history, when it is a well-formed id. */
export function patientIdIn(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('patientId' in body)) return undefined;
  const parsed = patientIdSchema.safeParse(body.patientId);
  return parsed.success ? parsed.data : undefined;
}

/**
 * What every AI route asks before it answers and records after (docs/conformidade.md, "Uso de
 * IA sob a CFM 2.454/2026"): the doctor has not switched AI off, the visit is hers, its patient
 * has not refused AI; then the answer joins the visit's chart as a use of AI.
 */
export function aiUseGate(deps: { config: Config; db: AppDatabase }) {
  const records = createRecordRepository(deps.db);
  const settings = createSettingsRepository(deps.db);

  /** Whether the doctor's patient refused AI; 404 for a patient who is not hers. */
  const refused = async (doctorId: string, patientId: string) => {
    const [patient] = await deps.db
      .select({ aiConsent: patients.aiConsent })
      .from(patients)
      .where(and(eq(patients.id, patientId), eq(patients.userId, doctorId)));
    if (!patient) throw notFound(PATIENT_NOT_FOUND);
    return patient.aiConsent?.status === 'recusou';
  };

  return {
    /**
     * Lets the request through, or refuses it: 409 `ai_disabled` when the doctor switched AI
     * off, 404 for a record or patient not hers, 409 `ai_refused` when the patient refused AI.
     */
    async admit(
      c: Context<AppEnv>,
      named: { recordId?: string | undefined; patientId?: string | undefined },
    ): Promise<AdmittedVisit> {
      const doctorId = currentDoctor(c.get('doctor')).id;
      if (!(await settings.profile(doctorId)).aiEnabled) {
        throw conflict(API_ERRORS.ai_disabled.message, 'ai_disabled');
      }
      const patientIds = new Set<string>();
      if (named.patientId) patientIds.add(named.patientId);
      if (named.recordId) {
        const record = await records.find(doctorId, named.recordId);
        if (!record) throw notFound(RECORD_NOT_FOUND);
        if (record.patientId) patientIds.add(record.patientId);
      }
      for (const patientId of patientIds) {
        if (await refused(doctorId, patientId)) {
          throw conflict(API_ERRORS.ai_refused.message, 'ai_refused');
        }
      }
      return { recordId: named.recordId };
    },

    /** The name the chart gives who answered: the model's own, or what stood in for it. */
    sourceOf(source: AiSource, model: 'chat' | 'reasoning' | 'transcription'): string {
      if (source === 'offline') return OFFLINE_ENGINE_SOURCE;
      if (source === 'fallback') return FALLBACK_SOURCE;
      if (model === 'transcription') return deps.config.transcription?.model ?? FALLBACK_SOURCE;
      const ai = deps.config.ai;
      if (!ai) return OFFLINE_ENGINE_SOURCE;
      return model === 'reasoning' ? ai.reasoningModel : ai.chatModel;
    },

    /**
     * Adds the answer to its visit's uses of AI and names the use in `X-Prontu-AI-Use`. A
     * finalised visit is locked: nothing is added to it.
     */
    async record(c: Context<AppEnv>, visit: AdmittedVisit, task: string, source: string) {
      if (!visit.recordId || !isAiUseTask(task)) return;
      const doctorId = currentDoctor(c.get('doctor')).id;
      const added = await records.addAiUse(doctorId, visit.recordId, {
        task,
        source,
        at: new Date(),
      });
      if (added.kind === 'added') c.header(AI_USE_HEADER, added.use.id);
    },
  };
}

export type AiUseGate = ReturnType<typeof aiUseGate>;

const AI_USE_TASK_SET: ReadonlySet<string> = new Set(AI_USE_TASKS);

function isAiUseTask(task: string): task is AiUseTask {
  return AI_USE_TASK_SET.has(task);
}
