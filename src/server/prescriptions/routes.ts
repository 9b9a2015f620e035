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
import { badRequest, conflict, notFound } from '../http/errors';
import { parseOrBadRequest, readJsonBody } from '../http/json-body';
import { idParam } from '../http/route-params';
import { etagOf, parseIfMatch } from '../http/versions';
import { decodePagingKey, encodePagingKey } from '../medical-records/paging-key';
import { validationBaseOf, validationUrlOf } from '../documents/presenter';
import { type PresentedPrescription, presentPrescription } from './presenter';
import {
  createPrescriptionRepository,
  type PrescriptionLifeOutcome,
  type ListOptions,
} from './repository';
import { prescriptionListQuerySchema } from './schema';
import { ownPatientCheck, PATIENT_NOT_FOUND } from '../patients/own-patient';
import { createPatientRepository } from '../patients/repository';
import { createSettingsRepository } from '../settings/repository';
import {
  createReceitaPrinter,
  printedReceita,
  receitaMarksOf,
  receitasPdf,
  signedReceitaPdf,
  withChartFacts,
  type ChartFacts,
} from './printing';
import { listInWords } from '@shared/lib/pt-br-format';
import { API_ERRORS } from '@shared/api/errors';
import { documentCancelSchema, missingIssuerFields } from '@shared/documents/clinical-document';
import { signRequestSchema } from '@shared/documents/signing-certificate';
import { newPublicId, newSecretCode } from '../documents/validation-code';
import { createCertificateCustody } from '../signing/certificate-custody';
import { doctorIdentityOf, signingAttemptsLimit } from '../signing/routes';
import { createRecordRepository } from '../medical-records/repository';
import type { Teleconsulta } from '@shared/records/medical-record';
import { createReceitaSafety, type CheckedReceita } from './safety';
import type { SafetyReason } from '@shared/prescriptions/safety-warnings';
import {
  mustIssueOnPaper,
  needsPatientDocument,
  patientDocumentRefusal,
} from '@shared/prescriptions/receita-class';
import { receitaClassOf } from '@clinical/prescriptions/medicine-receita-class';

const PRESCRIPTION_NOT_FOUND = 'Receita não encontrada.';
const PRESCRIPTION_FINALIZED =
  'Esta receita já foi emitida e não muda mais: para corrigi-la, emita uma nova versão.';
const RECORD_NOT_FOUND = 'Prontuário não encontrado.';
const REPLACED_NOT_FOUND = 'A receita a substituir não foi encontrada.';
const REPLACED_NOT_ISSUED =
  'Só uma receita emitida e válida pode ser substituída por uma nova versão.';
const PRESCRIPTION_CHANGED =
  'Esta receita foi alterada em outra aba ou dispositivo. Confira a versão atual antes de continuar.';
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
}): Hono<AppEnv> {
  const originOf = (c: Context<AppEnv>) => validationBaseOf(deps.publicOrigin, c.req.url);
  const present = (row: PrescriptionRow, c: Context<AppEnv>) =>
    presentPrescription(row, originOf(c));
  const custody = createCertificateCustody(deps.db);
  const printer = createReceitaPrinter(deps.db);
  const prescriptions = createPrescriptionRepository(deps.db);
  const assertOwnPatient = ownPatientCheck(deps.db);
  const patients = createPatientRepository(deps.db);
  const records = createRecordRepository(deps.db);
  const settings = createSettingsRepository(deps.db);
  const safety = createReceitaSafety(deps.db);
  const routes = new Hono<AppEnv>();
  routes.use('*', requireDoctor(deps.sessions));

  /**
   * Refuses to issue or sign a receita whose grave or contraindicated warnings lack the doctor's
   * reason (409 `safety_reason_required`, with those warnings): the hold every screen shows,
   * kept where no screen can forget it.
   */
  const assertSafeToIssue = async (
    userId: string,
    receita: CheckedReceita & { safetyReasons?: readonly SafetyReason[] | undefined },
  ) => {
    const awaiting = await safety.awaitingReason(userId, receita);
    if (awaiting.length > 0) {
      throw conflict(API_ERRORS.safety_reason_required.message, 'safety_reason_required', {
        warnings: awaiting,
      });
    }
  };

  /**
   * Refuses to issue a receita whose kind names the patient's document (RDC 1.000/2025) while
   * her chart has neither CPF nor passport: 400 `patient_document_required`, saying which.
   */
  const assertPatientDocument = async (
    userId: string,
    receita: {
      patientId?: string | null | undefined;
      medications: readonly PrescriptionMedication[];
    },
  ) => {
    const kind = receitaClassOf(receita.medications);
    if (!needsPatientDocument(kind)) return;
    const chart = receita.patientId ? await chartOf(userId, receita.patientId) : undefined;
    if (chart?.cpf || chart?.passport) return;
    throw badRequest(
      patientDocumentRefusal(kind, chart !== undefined),
      'patient_document_required',
    );
  };

  /** A stored receita as the check reads it. */
  const checkedOf = (row: PrescriptionRow) => ({
    ...row.content,
    patientId: row.patientId,
    recordId: row.recordId,
  });

  /** One of the doctor's patients, for what a receita prints of her chart (404 if not hers). */
  const chartOf = async (userId: string, patientId: string): Promise<ChartFacts> => {
    const patient = await patients.find(userId, patientId);
    if (!patient) throw notFound(PATIENT_NOT_FOUND);
    return patient;
  };

  /** The charts of the patients named, by id. */
  const chartsOf = async (userId: string, patientIds: readonly (string | null | undefined)[]) => {
    const charts = new Map<string, ChartFacts>();
    for (const id of new Set(patientIds)) {
      if (id) charts.set(id, await chartOf(userId, id));
    }
    return charts;
  };

  /** 409 for a signature or cancellation the receita's state does not take, with the receita. */
  const lifeConflict = (c: Context<AppEnv>, current: PrescriptionRow) => {
    const details = { prescription: present(current, c) };
    if (current.cancelledAt !== null) {
      return conflict(API_ERRORS.prescription_cancelled.message, 'prescription_cancelled', details);
    }
    if (current.signedAt !== null) {
      return conflict(API_ERRORS.prescription_signed.message, 'prescription_signed', details);
    }
    return conflict(API_ERRORS.prescription_draft.message, 'prescription_draft', details);
  };

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
   * Signs a receita with the doctor's certificate and the password typed for this request
   * (finalising a draft first). Without If-Match, the version read here is the one signed.
   */
  routes.post('/:id/sign', signingAttemptsLimit(deps.db), async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const id = idParam(c, PRESCRIPTION_NOT_FOUND);
    const expectedVersion = expectedVersionOf(c);
    const { password } = await readJsonBody(c, signRequestSchema);
    const current = await prescriptions.find(doctor.id, id);
    if (!current) throw notFound(PRESCRIPTION_NOT_FOUND);
    if (expectedVersion !== undefined && expectedVersion !== current.version) {
      throw prescriptionChanged(present(current, c));
    }
    if (current.signedAt !== null || current.cancelledAt !== null) {
      throw lifeConflict(c, current);
    }
    // A controlled or retained receita is valid electronically only with the SNCR's number,
    // which Prontu cannot get: it is printed and signed by hand (docs/conformidade.md).
    if (mustIssueOnPaper(receitaClassOf(current.content.medications))) {
      throw conflict(API_ERRORS.sncr_required.message, 'sncr_required', {
        prescription: present(current, c),
      });
    }
    await assertPatientDocument(doctor.id, checkedOf(current));
    await assertSafeToIssue(doctor.id, checkedOf(current));
    const profile = await settings.profile(doctor.id);
    const missing = missingIssuerFields(profile);
    if (missing.length > 0) {
      throw conflict(
        `Para assinar a receita, preencha nas Configurações: ${listInWords(missing)}.`,
        'issuer_incomplete',
      );
    }
    const publicId = current.publicId ?? newPublicId();
    const secretCode = current.secretCode ?? newSecretCode();
    const runJob = deps.heavyWork.runFor(doctor.id);
    const { device, certificate } = await custody.open(
      doctor.id,
      password,
      await doctorIdentityOf(deps.db, doctor.id),
      runJob,
    );
    const signedAt = new Date();
    const pdf = await signedReceitaPdf(
      await printer.receitaOf(current),
      profile,
      { url: validationUrlOf(originOf(c), publicId), secretCode },
      { device, signer: certificate.holder, signedAt },
      runJob,
    );
    return lifeAnswer(
      c,
      await prescriptions.sign(doctor.id, id, current.version, {
        pdf,
        certificateFingerprint: certificate.fingerprint,
        signedAt,
        publicId,
        secretCode,
      }),
    );
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

/** 409 for a write on a receita that named an older version: the current one comes along. */
function prescriptionChanged(current: PresentedPrescription) {
  return conflict(PRESCRIPTION_CHANGED, 'prescription_changed', { prescription: current });
}
