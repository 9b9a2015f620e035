import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { Cid10Index } from '@clinical/cid10/search-index';
import {
  documentCancelSchema,
  documentCreateSchema,
  documentUpdateSchemaOf,
  type DocumentBody,
} from '@shared/documents/clinical-document';
import { patientMedicinesOf, sameMedicines } from '@shared/documents/patient-instructions';
import { API_ERRORS } from '@shared/api/errors';
import { patientIdSchema } from '@shared/records/medical-record';
import { currentDoctor, requireDoctor } from '../auth/require-doctor';
import type { SessionVerifier } from '../auth/session-verifier';
import type { AppDatabase } from '../db/database';
import type { ClinicalDocumentRow, PatientRow } from '../db/schema';
import type { HeavyWork } from '../workers/heavy-work';
import type { AppEnv } from '../http/app-env';
import { badRequest, conflict, notFound } from '../http/errors';
import { parseOrBadRequest, readJsonBody } from '../http/json-body';
import { idParam } from '../http/route-params';
import { etagOf, parseIfMatch } from '../http/versions';
import { createRecordRepository } from '../medical-records/repository';
import { PATIENT_NOT_FOUND } from '../patients/own-patient';
import { decodeTimelineCursor, encodeTimelineCursor } from '../patients/paging-key';
import { createPatientRepository } from '../patients/repository';
import { signRequestSchema } from '@shared/documents/signing-certificate';
import { createCertificateCustody } from '../signing/certificate-custody';
import { paperSignerOf } from '../signing/paper-signer';
import { signingAttemptsLimit } from '../signing/routes';
import type { SigningSessions } from '../signing/signing-sessions';
import { currentDocumentPdf, documentBodyOf, presentDocument, validationBaseOf } from './presenter';
import {
  createDocumentRepository,
  type DocumentRemoveOutcome,
  type DocumentWriteOutcome,
} from './repository';
import {
  createDocumentIssuance,
  createDocumentSigning,
  DOCUMENT_NOT_FOUND,
  documentStatusConflict,
} from './document-signing';

const RECORD_NOT_FOUND = 'Prontuário não encontrado.';
const RECORD_OF_ANOTHER_PATIENT = 'Este prontuário é de outro paciente.';
const INVALID_IF_MATCH = 'Cabeçalho If-Match inválido: envie a versão do documento.';
const PATIENT_REQUIRED = 'Informe o paciente (patientId).';
const ORIENTACOES_NEED_VISIT =
  'As orientações ao paciente saem de uma consulta: informe o prontuário (recordId).';
const MEDICINES_NOT_PRESCRIBED =
  'Os remédios das orientações ao paciente não são os da prescrição da consulta como ela está agora. Eles vêm da prescrição, sem mudança: gere as orientações de novo a partir da consulta.';
const ORIENTACOES_PRINTED_AFTER_APPROVAL =
  'Aprove e emita as orientações ao paciente antes de imprimi-las: o médico revê o texto antes que ele chegue ao paciente.';

export const DOCUMENT_LIST_DEFAULT_LIMIT = 50;
const DOCUMENT_LIST_MAX_LIMIT = 100;

const listQuerySchema = z.strictObject({
  patientId: patientIdSchema.optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(DOCUMENT_LIST_MAX_LIMIT)
    .default(DOCUMENT_LIST_DEFAULT_LIMIT),
  cursor: z.string().min(1).max(1000).optional(),
});

/** The form of every document id: a route's `:id` of another form is simply not found. */
const DOCUMENT_ID = /^document-[0-9a-f-]{36}$/;

/** The CID-10 codes a document's content names, each in its display form. */
function codesOf(body: DocumentBody): string[] {
  if (body.kind === 'atestado' || body.kind === 'exames') {
    return body.content.cid === undefined ? [] : [body.content.cid];
  }
  return [];
}

/**
 * `/api/documents`: the doctor's clinical documents (docs/documentos.md). Drafts change; issuing freezes a
 * document with a copy of who issued it and for whom, and gives it its validation address and
 * code; an issued document is only ever cancelled, with a reason, and kept.
 */
export function documentRoutes(deps: {
  db: AppDatabase;
  sessions: SessionVerifier;
  cid10: Cid10Index;
  /**
   * The origin validation pages are served from (PUBLIC_URL); unset, the request's own, as
   * for the same-origin check (http/security.ts). A clinic sets it so that a printed QR code
   * works away from the machine it was issued on.
   */
  publicOrigin: string | undefined;
  heavyWork: HeavyWork;
  /** The cloud-certificate sessions a signature may name instead of a password. */
  signingSessions: SigningSessions;
}): Hono<AppEnv> {
  const documents = createDocumentRepository(deps.db);
  const patients = createPatientRepository(deps.db);
  const records = createRecordRepository(deps.db);
  const custody = createCertificateCustody(deps.db);
  const { issueNow, issuanceOf } = createDocumentIssuance(deps.db);
  const signing = createDocumentSigning(deps);
  const routes = new Hono<AppEnv>();
  routes.use('*', requireDoctor(deps.sessions));

  const originOf = (c: Context<AppEnv>) => validationBaseOf(deps.publicOrigin, c.req.url);
  const present = (row: ClinicalDocumentRow, c: Context<AppEnv>) =>
    presentDocument(row, originOf(c));

  /** The error a write or a deletion that did not happen ends in. */
  const refusal = (
    c: Context<AppEnv>,
    outcome: Exclude<DocumentWriteOutcome | DocumentRemoveOutcome, { kind: 'written' | 'removed' }>,
  ) => {
    switch (outcome.kind) {
      case 'not-found':
        return notFound(DOCUMENT_NOT_FOUND);
      case 'stale':
        return conflict(API_ERRORS.document_changed.message, 'document_changed', {
          document: present(outcome.current, c),
        });
      case 'refused':
        return statusConflict(c, outcome.current);
    }
  };

  /** Answers a write: the document (its ETag set), or the conflict it ended in. */
  const writeAnswer = (c: Context<AppEnv>, outcome: DocumentWriteOutcome) => {
    if (outcome.kind !== 'written') throw refusal(c, outcome);
    c.header('ETag', etagOf(outcome.row.version));
    return c.json({ success: true, document: present(outcome.row, c) });
  };

  /** 409 for a write the document's status does not take, with the document as it is. */
  const statusConflict = (c: Context<AppEnv>, current: ClinicalDocumentRow) =>
    documentStatusConflict(current, present(current, c));

  /** 400 for a CID-10 code the catalogue does not have. */
  const assertKnownCodes = (body: DocumentBody) => {
    for (const code of codesOf(body)) {
      if (!deps.cid10.idByCompactCode.has(code.replace('.', ''))) {
        throw badRequest(`CID-10 não encontrado na tabela: ${code}.`);
      }
    }
  };

  /**
   * 400 unless an orientações' medicines are, to the letter, the visit's prescription as it
   * stands: they are copied from it by code, never written by hand nor by a model
   * (docs/documentos.md, "Orientações ao paciente"). Other kinds pass.
   */
  const assertPrescribedMedicines = async (
    doctorId: string,
    body: DocumentBody,
    recordId: string | null | undefined,
  ) => {
    if (body.kind !== 'orientacoes') return;
    if (!recordId) throw badRequest(ORIENTACOES_NEED_VISIT);
    const record = await records.find(doctorId, recordId);
    if (!record) throw notFound(RECORD_NOT_FOUND);
    const prescribed = patientMedicinesOf(record.prescriptions?.medications);
    if (!sameMedicines(body.content.medicines, prescribed)) {
      throw badRequest(MEDICINES_NOT_PRESCRIBED);
    }
  };

  const ownPatient = async (userId: string, patientId: string): Promise<PatientRow> => {
    const patient = await patients.find(userId, patientId);
    if (!patient) throw notFound(PATIENT_NOT_FOUND);
    return patient;
  };

  routes.post('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const input = await readJsonBody(c, documentCreateSchema);
    assertKnownCodes(input.body);
    await ownPatient(doctor.id, input.patientId);
    if (input.recordId !== undefined) {
      const record = await records.find(doctor.id, input.recordId);
      if (!record) throw notFound(RECORD_NOT_FOUND);
      if (record.patientId !== input.patientId) throw badRequest(RECORD_OF_ANOTHER_PATIENT);
    }
    await assertPrescribedMedicines(doctor.id, input.body, input.recordId);
    const row = await documents.insert(doctor.id, input);
    c.header('ETag', etagOf(row.version));
    return c.json({ success: true, document: present(row, c) }, 201);
  });

  routes.get('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const query = parseOrBadRequest(listQuerySchema, c.req.query());
    if (query.patientId === undefined) throw badRequest(PATIENT_REQUIRED);
    await ownPatient(doctor.id, query.patientId);
    const rows = await documents.list(
      doctor.id,
      query.patientId,
      query.limit,
      query.cursor === undefined ? undefined : decodeTimelineCursor(query.cursor),
    );
    const page = rows.slice(0, query.limit);
    const last = page[page.length - 1];
    c.set(
      'listedIds',
      page.map((row) => row.id),
    );
    return c.json({
      success: true,
      documents: page.map((row) => present(row, c)),
      ...(rows.length > query.limit && last ? { nextCursor: encodeTimelineCursor(last) } : {}),
    });
  });

  routes.get('/:id', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const row = await documents.find(
      doctor.id,
      idParam(c, DOCUMENT_NOT_FOUND, { shape: DOCUMENT_ID }),
    );
    if (!row) throw notFound(DOCUMENT_NOT_FOUND);
    c.header('ETag', etagOf(row.version));
    return c.json({ success: true, document: present(row, c) });
  });

  routes.get('/:id/pdf', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const row = await documents.find(
      doctor.id,
      idParam(c, DOCUMENT_NOT_FOUND, { shape: DOCUMENT_ID }),
    );
    if (!row) throw notFound(DOCUMENT_NOT_FOUND);
    const document = present(row, c);
    // The orientações reach the patient only once the doctor approved them by issuing
    // (docs/documentos.md, "Orientações ao paciente"): a draft of them has no PDF to hand over.
    if (row.kind === 'orientacoes' && row.status === 'rascunho') {
      throw conflict(ORIENTACOES_PRINTED_AFTER_APPROVAL, 'document_draft', { document });
    }
    // A draft is shown as it would be issued now; an issued one as it was, always.
    const issue = row.issue ?? (await issueNow(doctor.id, row)).issue;
    const pdf = await currentDocumentPdf(
      row,
      issue,
      document.validation?.url,
      (id) => documents.signedPdf(doctor.id, id),
      deps.heavyWork.runFor(doctor.id),
    );
    return c.body(pdf, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${row.kind}-${issue.at.slice(0, 10)}.pdf"`,
      'Cache-Control': 'no-store',
    });
  });

  routes.put('/:id', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = idParam(c, DOCUMENT_NOT_FOUND, { shape: DOCUMENT_ID });
    const expectedVersion = parseIfMatch(c.req.header('if-match'), INVALID_IF_MATCH);
    const current = await documents.find(doctor.id, id);
    if (!current) throw notFound(DOCUMENT_NOT_FOUND);
    // A document's kind never changes: its new content is checked as one of its own kind.
    const body = await readJsonBody(c, documentUpdateSchemaOf(current.kind));
    assertKnownCodes(body);
    if (current.status === 'rascunho') {
      await assertPrescribedMedicines(doctor.id, body, current.recordId);
    }
    return writeAnswer(c, await documents.updateDraft(doctor.id, id, body, expectedVersion));
  });

  routes.delete('/:id', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = idParam(c, DOCUMENT_NOT_FOUND, { shape: DOCUMENT_ID });
    const expectedVersion = parseIfMatch(c.req.header('if-match'), INVALID_IF_MATCH);
    const outcome = await documents.removeDraft(doctor.id, id, expectedVersion);
    if (outcome.kind !== 'removed') throw refusal(c, outcome);
    return c.json({ success: true });
  });

  routes.post('/:id/issue', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = idParam(c, DOCUMENT_NOT_FOUND, { shape: DOCUMENT_ID });
    const expectedVersion = parseIfMatch(c.req.header('if-match'), INVALID_IF_MATCH);
    const current = await documents.find(doctor.id, id);
    if (!current) throw notFound(DOCUMENT_NOT_FOUND);
    if (current.status !== 'rascunho') throw statusConflict(c, current);
    // The prescription may have changed since the draft: the page issued is never out of date.
    await assertPrescribedMedicines(doctor.id, documentBodyOf(current), current.recordId);
    const issuance = await issuanceOf(doctor.id, current);
    return writeAnswer(c, await documents.issue(doctor.id, id, issuance, expectedVersion));
  });

  /**
   * Signs a document with the doctor's A1 certificate and the password typed for this request,
   * or with her cloud certificate through an authorised session (docs/assinatura-nuvem.md),
   * issuing a draft first. Without If-Match, the version read here is the one signed: a
   * change that lands meanwhile makes it 409 `document_changed`, never a signature over words
   * the doctor did not see.
   */
  routes.post('/:id/sign', signingAttemptsLimit(deps.db), async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = idParam(c, DOCUMENT_NOT_FOUND, { shape: DOCUMENT_ID });
    const expectedVersion = parseIfMatch(c.req.header('if-match'), INVALID_IF_MATCH);
    const request = await readJsonBody(c, signRequestSchema);
    const runJob = deps.heavyWork.runFor(doctor.id);
    const plan = await signing.plan(doctor.id, id, originOf(c), runJob, expectedVersion);
    const signer = await paperSignerOf(request, {
      db: deps.db,
      doctorId: doctor.id,
      custody,
      sessions: deps.signingSessions,
      runJob,
    });
    const signedAt = new Date();
    const [pdf] = await signer.signAll([
      (device) => plan.signedPdf({ device, signer: signer.holder, signedAt }),
    ]);
    if (pdf === undefined) throw new Error('no signed PDF');
    const row = await plan.save(pdf, { fingerprint: signer.fingerprint, signedAt });
    // The audit entry names the certificate (and the PSC) that signed (docs/assinatura-nuvem.md).
    c.set('listedIds', signer.auditIds);
    return writeAnswer(c, { kind: 'written', row });
  });

  routes.post('/:id/cancel', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = idParam(c, DOCUMENT_NOT_FOUND, { shape: DOCUMENT_ID });
    const expectedVersion = parseIfMatch(c.req.header('if-match'), INVALID_IF_MATCH);
    const { reason } = await readJsonBody(c, documentCancelSchema);
    return writeAnswer(c, await documents.cancel(doctor.id, id, reason, expectedVersion));
  });

  return routes;
}
