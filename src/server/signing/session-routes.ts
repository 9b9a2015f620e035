import { Hono, type Context } from 'hono';
import {
  signingBatchSchema,
  signingSessionIdSchema,
  signingSessionStartSchema,
} from '@shared/documents/signing-certificate';
import type { AuditLog } from '../audit/audit-log';
import { auditedAddressOf, auditUnavailable } from '../audit/audit-trail';
import { trimmedUserAgent } from '../audit/audited-request';
import { currentDoctor, requireDoctor } from '../auth/require-doctor';
import type { SessionVerifier } from '../auth/session-verifier';
import type { AppDatabase } from '../db/database';
import { createDocumentSigning } from '../documents/document-signing';
import { presentDocument, validationBaseOf } from '../documents/presenter';
import type { AppEnv } from '../http/app-env';
import { notFound } from '../http/errors';
import { readJsonBody } from '../http/json-body';
import { presentPrescription } from '../prescriptions/presenter';
import { createReceitaSigning } from '../prescriptions/receita-signing';
import type { HeavyWork, RunHeavyJob } from '../workers/heavy-work';
import { createCertificateCustody } from './certificate-custody';
import { paperSignerOf } from './paper-signer';
import type { SignatureDevice } from './signature-device';
import { doctorIdentityOf, signingAttemptsLimit } from './routes';
import { SESSION_NOT_FOUND, type SigningSessions } from './signing-sessions';

/** `runJob`, each job started once the one before it ended. */
function oneJobAtATime(runJob: RunHeavyJob): RunHeavyJob {
  let previous: Promise<unknown> = Promise.resolve();
  return (job) => {
    const result = previous.then(() => runJob(job));
    previous = result.catch(() => undefined);
    return result;
  };
}

/** `GET /api/signing-providers`: the cloud-certificate providers this server offers. */
export function signingProviderRoutes(deps: {
  sessions: SessionVerifier;
  signingSessions: SigningSessions;
}): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.use('*', requireDoctor(deps.sessions));
  routes.get('/', (c) => c.json({ success: true, providers: deps.signingSessions.offered() }));
  return routes;
}

/**
 * `/api/signing-sessions` (docs/api.md, "Assinatura com certificado em nuvem"): the doctor
 * authorises her cloud certificate once — a one-time code, or a push approved in her PSC's app —
 * and signs with the session, one paper at a time (`sessionId` in a sign request) or a visit's
 * papers together with one PSC call (`POST /:id/sign`).
 */
export function signingSessionRoutes(deps: {
  db: AppDatabase;
  sessions: SessionVerifier;
  signingSessions: SigningSessions;
  heavyWork: HeavyWork;
  publicOrigin: string | undefined;
  auditLog: AuditLog;
  trustProxy: boolean;
}): Hono<AppEnv> {
  const custody = createCertificateCustody(deps.db);
  const documentSigning = createDocumentSigning(deps);
  const receitaSigning = createReceitaSigning(deps);
  const routes = new Hono<AppEnv>();
  routes.use('*', requireDoctor(deps.sessions));
  routes.use('*', async (c, next) => {
    await next();
    // A session's state is the doctor's alone and changes by the second.
    c.header('Cache-Control', 'no-store');
  });

  const sessionIdOf = (c: Context<AppEnv>): string => {
    const parsed = signingSessionIdSchema.safeParse(c.req.param('id'));
    if (!parsed.success) throw notFound(SESSION_NOT_FOUND);
    return parsed.data;
  };

  routes.post('/', signingAttemptsLimit(deps.db), async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const input = await readJsonBody(c, signingSessionStartSchema);
    const session = await deps.signingSessions.start(
      doctor.id,
      await doctorIdentityOf(deps.db, doctor.id),
      input,
    );
    return c.json({ success: true, session }, 201);
  });

  routes.get('/:id', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const session = await deps.signingSessions.current(
      doctor.id,
      sessionIdOf(c),
      await doctorIdentityOf(deps.db, doctor.id),
    );
    return c.json({ success: true, session });
  });

  routes.delete('/:id', (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    deps.signingSessions.cancel(doctor.id, sessionIdOf(c));
    return c.json({ success: true });
  });

  /**
   * A visit's papers signed with one authorisation: every paper checked (404 not hers, 409
   * signed…) before any is signed, every PDF prepared, one PSC call for all the signatures,
   * then each saved. If the PSC fails, nothing is saved.
   */
  routes.post('/:id/sign', signingAttemptsLimit(deps.db), async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const sessionId = sessionIdOf(c);
    const batch = await readJsonBody(c, signingBatchSchema);
    // The PDFs are prepared one after the other: the worker queue gives each doctor a share of
    // a few jobs at a time, and a batch is one request of hers, not twenty.
    const runJob = oneJobAtATime(deps.heavyWork.runFor(doctor.id));
    const origin = validationBaseOf(deps.publicOrigin, c.req.url);
    const signer = await paperSignerOf(
      { sessionId },
      { db: deps.db, doctorId: doctor.id, custody, sessions: deps.signingSessions, runJob },
    );
    const documentPlans = [];
    for (const id of batch.documents) {
      documentPlans.push(await documentSigning.plan(doctor.id, id, origin, runJob));
    }
    const receitaPlans = [];
    for (const id of batch.prescriptions) {
      receitaPlans.push(await receitaSigning.plan(doctor.id, id, origin, runJob));
    }
    const signedAt = new Date();
    const signature = (device: SignatureDevice) => ({ device, signer: signer.holder, signedAt });
    const pdfs = await signer.signAll([
      ...documentPlans.map(
        (plan) => (device: SignatureDevice) => plan.signedPdf(signature(device)),
      ),
      ...receitaPlans.map((plan) => (device: SignatureDevice) => plan.signedPdf(signature(device))),
    ]);
    const saved = { fingerprint: signer.fingerprint, signedAt };
    const documents = [];
    for (const [index, plan] of documentPlans.entries()) {
      const pdf = pdfs[index];
      if (pdf === undefined) throw new Error('no signed PDF');
      documents.push(await plan.save(pdf, saved));
    }
    const prescriptions = [];
    for (const [index, plan] of receitaPlans.entries()) {
      const pdf = pdfs[documentPlans.length + index];
      if (pdf === undefined) throw new Error('no signed PDF');
      prescriptions.push(await plan.save(pdf, saved));
    }
    // The route signs papers of two kinds: each signature is its own audit entry, as one signed
    // alone would be, naming the certificate and the PSC (docs/assinatura-nuvem.md, "Auditoria").
    const signed = [
      ...documents.map((row) => ({ entityType: 'document' as const, id: row.id })),
      ...prescriptions.map((row) => ({ entityType: 'prescription' as const, id: row.id })),
    ];
    try {
      for (const paper of signed) {
        await deps.auditLog.append({
          occurredAt: signedAt,
          userId: doctor.id,
          action: 'sign',
          entityType: paper.entityType,
          entityId: paper.id,
          listedIds: signer.auditIds,
          ipAddress: auditedAddressOf(c, deps.trustProxy),
          userAgent: trimmedUserAgent(c.req.header('user-agent')),
          status: 200,
        });
      }
    } catch (error) {
      c.get('log').error(
        {
          audit: { userId: doctor.id, action: 'sign' },
          err: error instanceof Error ? { name: error.name } : undefined,
        },
        'audit entry not written',
      );
      throw auditUnavailable();
    }
    return c.json({
      success: true,
      documents: documents.map((row) => presentDocument(row, origin)),
      prescriptions: prescriptions.map((row) => presentPrescription(row, origin)),
    });
  });

  return routes;
}
