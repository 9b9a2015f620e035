import { Hono, type Context } from 'hono';
import { withDispenseQuantity } from '@clinical/prescriptions/dispense-plan';
import {
  prescriptionCreateSchema,
  prescriptionUpdateSchema,
  receitaPrintSchema,
  type PrescriptionMedication,
} from '@shared/prescriptions/prescription';
import { currentDoctor, requireDoctor } from '../auth/require-doctor';
import type { SessionVerifier } from '../auth/session-verifier';
import type { AppDatabase } from '../db/database';
import type { PrescriptionRow } from '../db/schema';
import type { HeavyWork } from '../workers/heavy-work';
import type { AppEnv } from '../http/app-env';
import { conflict, notFound } from '../http/errors';
import { parseOrBadRequest, readJsonBody } from '../http/json-body';
import { idParam } from '../http/route-params';
import { etagOf, parseIfMatch } from '../http/versions';
import { decodePagingKey, encodePagingKey } from '../medical-records/paging-key';
import { validationBaseOf } from '../documents/presenter';
import { presentPrescription } from './presenter';
import {
  createPrescriptionRepository,
  type PrescriptionLifeOutcome,
  type ListOptions,
} from './repository';
import { prescriptionListQuerySchema } from './schema';
import { ownPatientCheck } from '../patients/own-patient';
import { createSettingsRepository } from '../settings/repository';
import {
  createReceitaPrinter,
  printedReceita,
  receitaMarksOf,
  receitasPdf,
  withChartFacts,
  type ChartFacts,
} from './printing';
import { API_ERRORS } from '@shared/api/errors';
import { documentCancelSchema } from '@shared/documents/clinical-document';
import { signRequestSchema } from '@shared/documents/signing-certificate';
import { createCertificateCustody } from '../signing/certificate-custody';
import { paperSignerOf } from '../signing/paper-signer';
import { signingAttemptsLimit } from '../signing/routes';
import type { SigningSessions } from '../signing/signing-sessions';
import { createRecordRepository } from '../medical-records/repository';
import type { Teleconsulta } from '@shared/records/medical-record';
import {
  checkedOf,
  createReceitaIssueChecks,
  createReceitaSigning,
  PRESCRIPTION_NOT_FOUND,
  prescriptionChanged,
  receitaLifeConflict,
} from './receita-signing';

const PRESCRIPTION_FINALIZED =
  'Esta receita já foi emitida e não muda mais: para corrigi-la, emita uma nova versão.';
const RECORD_NOT_FOUND = 'Prontuário não encontrado.';
const REPLACED_NOT_FOUND = 'A receita a substituir não foi encontrada.';
const REPLACED_NOT_ISSUED =
  'Só uma receita emitida e válida pode ser substituída por uma nova versão.';
const INVALID_IF_MATCH = 'Cabeçalho If-Match inválido: envie a versão lida.';

/** The version the client last saw (If-Match), if it sent one. */
export const expectedVersionOf = (c: Context<AppEnv>) =>
  parseIfMatch(c.req.header('if-match'), INVALID_IF_MATCH);

/**
 * The medicines as stored: each quantity to dispense computed from its parts, so a stale one (the
 * dose or duration changed since) is never printed; a doctor's own quantity is kept as written.
 */
function withQuantities<T extends { medications?: PrescriptionMedication[] | undefined }>(
  input: T,
): T {
  return input.medications === undefined
    ? input
    : { ...input, medications: input.medications.map(withDispenseQuantity) };
}

/** The list query as the repositories take it; the paging key is the records' own format. */
export function listOptionsFrom(query: Record<string, string>): ListOptions {
  const parsed = parseOrBadRequest(prescriptionListQuerySchema, query);
  return {
    finalized: parsed.finalized,
    limit: parsed.limit,
    after: parsed.lastEvaluatedKey ? decodePagingKey(parsed.lastEvaluatedKey) : undefined,
  };
}

/** The page of `rows` (which holds up to `limit + 1`) and the key of the next page, if any. */
export function pageOf<Row extends { id: string; createdAt: Date }>(
  rows: Row[],
  limit: number,
): { page: Row[]; lastEvaluatedKey: string | undefined } {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    page,
    lastEvaluatedKey: rows.length > limit && last ? encodePagingKey(last) : undefined,
  };
}

/**
 * `/api/prescriptions`: the doctor's receitas (docs/api.md; stored per user on the server,
 * cached by the browser). Each answer marks the medicines under special control.
 */
export function prescriptionRoutes(deps: {
  db: AppDatabase;
  sessions: SessionVerifier;
  /** PUBLIC_URL: the origin of the validation pages printed on issued receitas. */
  publicOrigin: string | undefined;
  heavyWork: HeavyWork;
  /** The cloud-certificate sessions a signature may name instead of a password. */
  signingSessions: SigningSessions;
}): Hono<AppEnv> {
  const originOf = (c: Context<AppEnv>) => validationBaseOf(deps.publicOrigin, c.req.url);
  const present = (row: PrescriptionRow, c: Context<AppEnv>) =>
    presentPrescription(row, originOf(c));
  const custody = createCertificateCustody(deps.db);
  const printer = createReceitaPrinter(deps.db);
  const prescriptions = createPrescriptionRepository(deps.db);
  const assertOwnPatient = ownPatientCheck(deps.db);
  const records = createRecordRepository(deps.db);
  const settings = createSettingsRepository(deps.db);
  const routes = new Hono<AppEnv>();
  routes.use('*', requireDoctor(deps.sessions));

  const { chartOf, safety, assertSafeToIssue, assertPatientDocument } = createReceitaIssueChecks(
    deps.db,
  );
  const signing = createReceitaSigning(deps);

  /** The charts of the patients named, by id. */
  const chartsOf = async (userId: string, patientIds: readonly (string | null | undefined)[]) => {
    const charts = new Map<string, ChartFacts>();
    for (const id of new Set(patientIds)) {
      if (id) charts.set(id, await chartOf(userId, id));
    }
    return charts;
  };

  /** 409 for a signature or cancellation the receita's state does not take, with the receita. */
  const lifeConflict = (c: Context<AppEnv>, current: PrescriptionRow) =>
    receitaLifeConflict(current, present(current, c));

  /** Answers a signature or a cancellation: the receita (its ETag set), or the conflict. */
  const lifeAnswer = (c: Context<AppEnv>, outcome: PrescriptionLifeOutcome) => {
    switch (outcome.kind) {
      case 'not-found':
        throw notFound(PRESCRIPTION_NOT_FOUND);
      case 'stale':
        throw prescriptionChanged(present(outcome.current, c));
      case 'refused':
        throw lifeConflict(c, outcome.current);
      case 'written':
        c.header('ETag', etagOf(outcome.row.version));
        return c.json({ success: true, prescription: present(outcome.row, c) });
    }
  };

  routes.post('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const input = withQuantities(await readJsonBody(c, prescriptionCreateSchema));
    // A receita for a patient of the chart is written with her sex and address as they are now,
    // where it does not give its own: what it shows and what it prints agree.
    const chart = input.patientId ? await chartOf(doctor.id, input.patientId) : undefined;
    if (input.recordId && !(await records.find(doctor.id, input.recordId))) {
      throw notFound(RECORD_NOT_FOUND);
    }
    if (input.replacesId) {
      const replaced = await prescriptions.find(doctor.id, input.replacesId);
      if (!replaced) throw notFound(REPLACED_NOT_FOUND);
      if (!replaced.isFinalized || replaced.cancelledAt !== null) {
        throw conflict(REPLACED_NOT_ISSUED, 'prescription_draft', {
          prescription: present(replaced, c),
        });
      }
    }
    if (input.isFinalized) {
      await assertPatientDocument(doctor.id, input);
      await assertSafeToIssue(doctor.id, input);
    }
    const outcome = await prescriptions.insert(doctor.id, withChartFacts(input, chart));
    if (outcome.kind === 'exists') {
      throw conflict(API_ERRORS.prescription_exists.message, 'prescription_exists', {
        prescription: present(outcome.current, c),
      });
    }
    c.header('ETag', etagOf(outcome.row.version));
    return c.json({ success: true, prescription: present(outcome.row, c) }, 201);
  });

  routes.get('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const options = listOptionsFrom(c.req.query());
    const { page, lastEvaluatedKey } = pageOf(
      await prescriptions.list(doctor.id, options),
      options.limit,
    );
    c.set(
      'listedIds',
      page.map((row) => row.id),
    );
    return c.json({
      success: true,
      prescriptions: page.map((row) => present(row, c)),
      lastEvaluatedKey,
    });
  });

  const pdfAnswer = (
    c: Context<AppEnv>,
    pdf: { bytes: Uint8Array<ArrayBuffer>; fileName: string },
  ) =>
    c.body(pdf.bytes, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${pdf.fileName}"`,
      'Cache-Control': 'no-store',
    });

  // The receitas as this device holds them, printed by the server's renderer.
  routes.post('/pdf', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const input = await readJsonBody(c, receitaPrintSchema);
    const written = input.prescriptions.map(withQuantities);
    const charts = await chartsOf(
      doctor.id,
      written.map((prescription) => prescription.patientId),
    );
    // Audited as reads of the stored ones among them (a receita made offline has no row yet).
    const stored = await prescriptions.findMany(
      doctor.id,
      written.flatMap((prescription) => (prescription.id ? [prescription.id] : [])),
    );
    c.set(
      'listedIds',
      stored.map((row) => row.id),
    );
    const teleconsultas = new Map<string, Teleconsulta>();
    for (const recordId of new Set(written.map((prescription) => prescription.recordId))) {
      const visit = recordId ? await records.find(doctor.id, recordId) : undefined;
      if (recordId && visit?.teleconsulta) teleconsultas.set(recordId, visit.teleconsulta);
    }
    const receitas = written.map((prescription, index) =>
      printedReceita(
        { ...prescription, id: prescription.id ?? `receita-${index + 1}` },
        prescription.patientId ? charts.get(prescription.patientId) : undefined,
        prescription.recordId ? teleconsultas.get(prescription.recordId) : undefined,
      ),
    );
    const profile = await settings.profile(doctor.id);
    const marks = new Map(stored.map((row) => [row.id, receitaMarksOf(row, originOf(c))]));
    return pdfAnswer(
      c,
      await receitasPdf(
        receitas,
        profile,
        input.batchName,
        new Date(),
        marks,
        deps.heavyWork.runFor(doctor.id),
      ),
    );
  });

  routes.get('/:id/pdf', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const row = await prescriptions.find(doctor.id, idParam(c, PRESCRIPTION_NOT_FOUND));
    if (!row) throw notFound(PRESCRIPTION_NOT_FOUND);
    return pdfAnswer(
      c,
      await printer.currentPdf(row, originOf(c), deps.heavyWork.runFor(doctor.id)),
    );
  });

  /**
   * Signs a receita with the doctor's A1 certificate and the password typed for this request,
   * or with her cloud certificate through an authorised session (docs/assinatura-nuvem.md),
   * finalising a draft first. Without If-Match, the version read here is the one signed.
   */
  routes.post('/:id/sign', signingAttemptsLimit(deps.db), async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = idParam(c, PRESCRIPTION_NOT_FOUND);
    const expectedVersion = expectedVersionOf(c);
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
    return lifeAnswer(c, { kind: 'written', row });
  });

  /** Cancels a finalised receita with the reason: kept, marked 'Cancelada'. */
  routes.post('/:id/cancel', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = idParam(c, PRESCRIPTION_NOT_FOUND);
    const expectedVersion = expectedVersionOf(c);
    const { reason } = await readJsonBody(c, documentCancelSchema);
    return lifeAnswer(c, await prescriptions.cancel(doctor.id, id, reason, expectedVersion));
  });

  routes.get('/:id/safety', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const row = await prescriptions.find(doctor.id, idParam(c, PRESCRIPTION_NOT_FOUND));
    if (!row) throw notFound(PRESCRIPTION_NOT_FOUND);
    return c.json({ success: true, warnings: await safety.warningsOf(doctor.id, checkedOf(row)) });
  });

  routes.get('/:id', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const row = await prescriptions.find(doctor.id, idParam(c, PRESCRIPTION_NOT_FOUND));
    if (!row) throw notFound(PRESCRIPTION_NOT_FOUND);
    c.header('ETag', etagOf(row.version));
    return c.json({ success: true, prescription: present(row, c) });
  });

  routes.put('/:id', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = idParam(c, PRESCRIPTION_NOT_FOUND);
    const expectedVersion = expectedVersionOf(c);
    const update = withQuantities(await readJsonBody(c, prescriptionUpdateSchema));
    await assertOwnPatient(doctor.id, update.patientId);
    let version = expectedVersion;
    if (update.isFinalized === true) {
      // Issued as it will stand: the stored receita with this write's changes, checked, and
      // written only over the version checked.
      const current = await prescriptions.find(doctor.id, id);
      if (!current) throw notFound(PRESCRIPTION_NOT_FOUND);
      if (expectedVersion !== undefined && expectedVersion !== current.version) {
        throw prescriptionChanged(present(current, c));
      }
      if (!current.isFinalized) {
        const { isFinalized: _issue, ...changes } = update;
        // The parsed body holds only the fields sent: each replaces the stored one.
        const issued = { ...checkedOf(current), ...changes };
        await assertPatientDocument(doctor.id, issued);
        await assertSafeToIssue(doctor.id, issued);
      }
      version = current.version;
    }
    const outcome = await prescriptions.update(doctor.id, id, update, version);
    switch (outcome.kind) {
      case 'not-found':
        throw notFound(PRESCRIPTION_NOT_FOUND);
      case 'stale':
        throw prescriptionChanged(present(outcome.current, c));
      case 'finalized':
        throw conflict(PRESCRIPTION_FINALIZED, 'prescription_finalized', {
          prescription: present(outcome.current, c),
        });
      case 'closed':
        throw lifeConflict(c, outcome.current);
      case 'updated':
        c.header('ETag', etagOf(outcome.row.version));
        return c.json({ success: true, prescription: present(outcome.row, c) });
    }
  });

  routes.delete('/:id', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = idParam(c, PRESCRIPTION_NOT_FOUND);
    const outcome = await prescriptions.remove(doctor.id, id, expectedVersionOf(c));
    if (outcome.kind === 'not-found') throw notFound(PRESCRIPTION_NOT_FOUND);
    if (outcome.kind === 'stale') throw prescriptionChanged(present(outcome.current, c));
    if (outcome.kind === 'issued') {
      if (outcome.current.signedAt !== null || outcome.current.cancelledAt !== null) {
        throw lifeConflict(c, outcome.current);
      }
      throw conflict(
        'Esta receita já foi emitida: para retirá-la, cancele-a com um motivo.',
        'prescription_finalized',
        { prescription: present(outcome.current, c) },
      );
    }
    return c.json({ success: true });
  });

  return routes;
}
