import { z } from 'zod';
import type { AuditAction, AuditEntityType } from './audit-chain';

/**
 * A request to patient data, as the audit sees it before it runs: what it does to which kind of
 * entity, and which entity when the path names it.
 */
export interface AuditedRequest {
  entityType: AuditEntityType;
  /** The action; a write's may still turn out to be a finalisation (see `auditSubjectOf`). */
  action: AuditAction;
  /** The id in the path, if any (`settings`: filled in with the doctor's id). */
  entityId: string | undefined;
  /**
   * Whether the answer must be read: for the created id or a finalisation. (A list's ids are
   * not read from its answer: its route hands them over, see AppEnv's `listedIds`.)
   */
  readsAnswer: boolean;
}

/** What an audit entry records of a request once answered. */
export interface AuditSubject {
  action: AuditAction;
  entityId: string | undefined;
  listedIds: string[];
}

/** An id as long as any we store (UUIDs, `medical-record-…`); more is not an id of ours. */
const MAX_ENTITY_ID_LENGTH = 128;
/** Enough of a User-Agent to tell browsers and devices apart. */
export const MAX_USER_AGENT_LENGTH = 200;

const RESOURCES: readonly { prefix: string; entityType: AuditEntityType }[] = [
  { prefix: '/api/medical-records', entityType: 'medical_record' },
  { prefix: '/api/prescriptions', entityType: 'prescription' },
  { prefix: '/api/prescription-batches', entityType: 'prescription_batch' },
  { prefix: '/api/patients', entityType: 'patient' },
  { prefix: '/api/documents', entityType: 'document' },
];

/**
 * Whether a request reaches patient data, and how the audit names it; undefined for the rest of
 * the API. Pure: the path is the one Hono routes on.
 * @param requestMethod - the HTTP method (a HEAD counts as its GET)
 * @param path - the request's path, without the query string
 */
export function auditedRequestOf(requestMethod: string, path: string): AuditedRequest | undefined {
  // Hono answers a HEAD by running the GET handler and dropping the body: the route reads the
  // patient's data and its headers still hand some over (a PDF's file name holds her name), so a
  // HEAD is recorded exactly as the GET it runs (docs/auditoria.md, "O que é registrado").
  const method = requestMethod === 'HEAD' ? 'GET' : requestMethod;
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  for (const { prefix, entityType } of RESOURCES) {
    if (trimmed !== prefix && !trimmed.startsWith(`${prefix}/`)) continue;
    return resourceRequest(entityType, method, trimmed.slice(prefix.length).split('/').slice(1));
  }
  if (trimmed === '/api/signing-certificate') {
    const action = ({ GET: 'read', PUT: 'update', DELETE: 'delete' } as const)[method];
    return action
      ? { entityType: 'signing_certificate', action, entityId: undefined, readsAnswer: false }
      : undefined;
  }
  if (trimmed === '/api/settings') {
    const action = ({ GET: 'read', PUT: 'update', DELETE: 'delete' } as const)[method];
    return action
      ? { entityType: 'settings', action, entityId: undefined, readsAnswer: false }
      : undefined;
  }
  // The AI and the transcript work receive consultation text: who sent some, and when, is kept;
  // the text is not. Opening the voice screen (GET …/transcribe/status) sends none.
  if (method === 'POST' && trimmed.startsWith('/api/ai/')) {
    return {
      entityType: 'ai',
      action: 'process',
      entityId: idOf(trimmed.slice(8)),
      readsAnswer: false,
    };
  }
  if (method === 'POST' && trimmed.startsWith('/api/transcripts/')) {
    return {
      entityType: 'transcript',
      action: 'process',
      entityId: idOf(trimmed.slice(17)),
      readsAnswer: false,
    };
  }
  return undefined;
}

function resourceRequest(
  entityType: AuditEntityType,
  method: string,
  segments: string[],
): AuditedRequest | undefined {
  const [rawId, sub, ...rest] = segments;
  if (rest.length > 0) return undefined;
  if (entityType === 'prescription' && rawId === 'pdf' && sub === undefined) {
    // Receitas printed as sent (`listedIds`: those already stored), with their patients' charts.
    return method === 'POST'
      ? { entityType, action: 'read', entityId: undefined, readsAnswer: false }
      : undefined;
  }
  if (rawId === undefined) {
    if (method === 'GET')
      return { entityType, action: 'list', entityId: undefined, readsAnswer: false };
    if (method === 'POST')
      return { entityType, action: 'create', entityId: undefined, readsAnswer: true };
    return undefined;
  }
  const entityId = idOf(rawId);
  if (sub === undefined) {
    switch (method) {
      case 'GET':
        return { entityType, action: 'read', entityId, readsAnswer: false };
      case 'PUT':
        return { entityType, action: 'update', entityId, readsAnswer: true };
      case 'DELETE':
        return { entityType, action: 'delete', entityId, readsAnswer: false };
      default:
        return undefined;
    }
  }
  if (entityType === 'patient' && method === 'GET') {
    if (sub === 'fhir' || sub === 'summary') {
      return { entityType, action: 'export', entityId, readsAnswer: false };
    }
    if (sub === 'chart' || sub === 'timeline' || sub === 'vitals' || sub === 'renewal') {
      return { entityType, action: 'read', entityId, readsAnswer: false };
    }
  }
  if (
    (entityType === 'document' || entityType === 'prescription') &&
    method === 'GET' &&
    sub === 'pdf'
  ) {
    return { entityType, action: 'read', entityId, readsAnswer: false };
  }
  if (method !== 'POST') return undefined;
  if (entityType === 'document' && (sub === 'issue' || sub === 'cancel' || sub === 'sign')) {
    return { entityType, action: sub, entityId, readsAnswer: false };
  }
  if (entityType === 'prescription' && (sub === 'cancel' || sub === 'sign')) {
    return { entityType, action: sub, entityId, readsAnswer: false };
  }
  if (entityType === 'patient' && sub === 'merge') {
    return { entityType, action: 'merge', entityId, readsAnswer: false };
  }
  if (entityType === 'medical_record' && sub === 'addenda') {
    return { entityType, action: 'addendum', entityId, readsAnswer: false };
  }
  if (entityType === 'prescription_batch' && sub === 'prescriptions') {
    return { entityType, action: 'update', entityId, readsAnswer: false };
  }
  return undefined;
}

/** A path segment as an id: printable ASCII (the path is percent-encoded), of bounded length. */
function idOf(segment: string): string {
  return segment.replace(/[^\x21-\x7e]/g, '?').slice(0, MAX_ENTITY_ID_LENGTH);
}

/** A User-Agent as kept: printable, trimmed. */
export function trimmedUserAgent(header: string | undefined): string {
  // \p{Cc}: the control characters (a header cannot carry a NUL, but may carry a tab or DEL).
  return (header ?? '')
    .replace(/\p{Cc}/gu, ' ')
    .trim()
    .slice(0, MAX_USER_AGENT_LENGTH);
}

const identified = z.object({ id: z.string() });
const written = z.object({
  id: z.string(),
  updatedAt: z.string(),
  status: z.string().optional(),
  isFinalized: z.boolean().optional(),
});
const answers = {
  medical_record: {
    created: z.object({ recordId: z.string() }),
    written: z.object({ record: written }),
  },
  prescription: {
    created: z.object({ prescription: identified }),
    written: z.object({ prescription: written }),
  },
  prescription_batch: {
    created: z.object({ batch: identified }),
    written: z.object({ batch: written }),
  },
  patient: {
    created: z.object({ patient: identified }),
    written: z.object({ patient: written }),
  },
  document: {
    created: z.object({ document: identified }),
    written: z.object({ document: written }),
  },
} as const;

/**
 * What the entry of an answered request records: the created entity's id from a create's answer,
 * the ids a list handed over, and whether a write finalised its entity — it answers the entity
 * finalised and written during this request (a write that changes nothing keeps the old
 * `updatedAt`, so re-sending a finalised record is an update, not a second finalisation).
 * @param request - from {@link auditedRequestOf}
 * @param status - the answer's HTTP status
 * @param answer - the parsed JSON answer when `request.readsAnswer` and it succeeded
 * @param startedAt - when the request began, on the clock the server stamps `updatedAt` with
 * @param listedIds - what the route said it handed over (AppEnv's `listedIds`)
 */
export function auditSubjectOf(
  request: AuditedRequest,
  status: number,
  answer: unknown,
  startedAt: number,
  listedIds: readonly string[] = [],
): AuditSubject {
  const subject: AuditSubject = {
    action: request.action,
    entityId: request.entityId,
    listedIds: [],
  };
  if (status < 200 || status > 299) return subject;
  subject.listedIds = [...listedIds];
  if (answer === undefined) return subject;
  const { entityType } = request;
  if (
    entityType !== 'medical_record' &&
    entityType !== 'prescription' &&
    entityType !== 'prescription_batch' &&
    entityType !== 'patient' &&
    entityType !== 'document'
  ) {
    return subject;
  }
  const shapes = answers[entityType];
  if (request.action === 'create') {
    const created = shapes.created.safeParse(answer);
    if (created.success) subject.entityId = createdIdOf(created.data);
  } else if (request.action === 'update') {
    const written = shapes.written.safeParse(answer);
    const entity = written.success ? Object.values(written.data)[0] : undefined;
    const finalised = entity?.status === 'finalizado' || entity?.isFinalized === true;
    if (entity && finalised && Date.parse(entity.updatedAt) >= startedAt) {
      subject.action = 'finalize';
    }
  }
  return subject;
}

function createdIdOf(
  created:
    | { recordId: string }
    | { prescription: { id: string } }
    | { batch: { id: string } }
    | { patient: { id: string } }
    | { document: { id: string } },
): string {
  if ('recordId' in created) return created.recordId;
  if ('document' in created) return created.document.id;
  if ('prescription' in created) return created.prescription.id;
  if ('patient' in created) return created.patient.id;
  return created.batch.id;
}
