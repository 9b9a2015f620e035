import { Hono, type MiddlewareHandler } from 'hono';
import {
  CERTIFICATE_FILE_FIELD,
  CERTIFICATE_MAX_BYTES,
  CERTIFICATE_PASSWORD_FIELD,
  certificatePasswordSchema,
} from '@shared/documents/signing-certificate';
import { currentDoctor, requireDoctor } from '../auth/require-doctor';
import type { SessionVerifier } from '../auth/session-verifier';
import type { AppDatabase } from '../db/database';
import type { HeavyWork } from '../workers/heavy-work';
import type { AppEnv } from '../http/app-env';
import { HttpError, notFound, payloadTooLarge } from '../http/errors';
import { parseOrBadRequest } from '../http/json-body';
import { readMultipartBody } from '../http/multipart-body';
import { rateLimit } from '../http/rate-limit';
import { createSettingsRepository } from '../settings/repository';
import {
  createCertificateCustody,
  presentCertificate,
  type DoctorIdentity,
} from './certificate-custody';

/** Room for the multipart boundaries and the password beside the file. */
const FORM_OVERHEAD_BYTES = 8 * 1024;

/**
 * Signing and certificate uploads per doctor and 10 minutes: a batch at the end of a visit
 * signs a handful; each attempt costs an scrypt derivation, and a password is not to be guessed.
 */
export function signingAttemptsLimit(db: AppDatabase): MiddlewareHandler<AppEnv> {
  return rateLimit({
    db,
    name: 'signing',
    max: 60,
    windowMs: 10 * 60_000,
    keyOf: (c) => c.get('doctor')?.id ?? 'unknown',
    message: 'Muitas tentativas de assinatura. Aguarde alguns minutos e tente novamente.',
  });
}

/** Who the doctor is in her settings: what her certificate must name. */
export async function doctorIdentityOf(db: AppDatabase, doctorId: string): Promise<DoctorIdentity> {
  const settings = await createSettingsRepository(db).profile(doctorId);
  return { name: settings.name, cpf: settings.cpf };
}

/** The file and password of an upload, read into memory within its limit. */
async function readCertificateUpload(
  request: Request,
): Promise<{ file: Uint8Array; password: string }> {
  const form = await readMultipartBody(request, {
    maxBytes: CERTIFICATE_MAX_BYTES + FORM_OVERHEAD_BYTES,
    tooLarge: () => payloadTooLarge('64 KB'),
    unreadable: () => new HttpError('certificate_invalid'),
  });
  const file = form.get(CERTIFICATE_FILE_FIELD);
  if (file === null || typeof file === 'string' || file.size === 0) {
    throw new HttpError('certificate_invalid', 'Envie o arquivo do certificado (.pfx ou .p12).');
  }
  if (file.size > CERTIFICATE_MAX_BYTES) throw payloadTooLarge('64 KB');
  const password = parseOrBadRequest(
    certificatePasswordSchema,
    form.get(CERTIFICATE_PASSWORD_FIELD) ?? undefined,
  );
  return { file: new Uint8Array(await file.arrayBuffer()), password };
}

/**
 * `/api/signing-certificate`: the doctor's ICP-Brasil A1 certificate (docs/documentos.md). PUT uploads it
 * (multipart `certificate` and `password`), checked and kept sealed; GET shows it without
 * secrets (`certificate: null` when there is none); DELETE removes it for good.
 */
export function signingCertificateRoutes(deps: {
  db: AppDatabase;
  sessions: SessionVerifier;
  heavyWork: HeavyWork;
}): Hono<AppEnv> {
  const custody = createCertificateCustody(deps.db);
  const routes = new Hono<AppEnv>();
  routes.use('*', requireDoctor(deps.sessions));

  routes.get('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const row = await custody.find(doctor.id);
    c.header('Cache-Control', 'no-store');
    return c.json({ success: true, certificate: row ? presentCertificate(row) : null });
  });

  routes.put('/', signingAttemptsLimit(deps.db), async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    const { file, password } = await readCertificateUpload(c.req.raw);
    const row = await custody.store(
      doctor.id,
      file,
      password,
      await doctorIdentityOf(deps.db, doctor.id),
      deps.heavyWork.runFor(doctor.id),
    );
    return c.json({ success: true, certificate: presentCertificate(row) });
  });

  routes.delete('/', async (c) => {
    const doctor = currentDoctor(c.get('doctor'));
    if (!(await custody.remove(doctor.id)))
      throw notFound('Nenhum certificado digital cadastrado.');
    return c.json({ success: true });
  });

  return routes;
}
