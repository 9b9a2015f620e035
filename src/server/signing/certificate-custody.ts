import { formatCpf, maskCpf } from '@shared/patients/identifiers';
import { formatDate } from '@shared/lib/pt-br-format';
import { isHolderName, type SigningCertificate } from '@shared/documents/signing-certificate';
import type { AppDatabase } from '../db/database';
import type { SigningCertificateRow } from '../db/schema';
import { HttpError } from '../http/errors';
import { openCertificate, sealCertificate } from './custody';
import { certificateFacts, type CertificateFacts } from './icp-brasil-certificate';
import type { RunHeavyJob } from '../workers/heavy-work';
import type { CertificateBundle } from './pkcs12';
import { createSigningCertificateRepository } from './repository';
import { a1Device, type SignatureDevice } from './signature-device';

/** Who the doctor says she is in the settings: what a certificate must match. */
export interface DoctorIdentity {
  name: string;
  /** Digits only; '' when not filled. */
  cpf: string;
}

/** What the API shows of a certificate in custody. */
export function presentCertificate(row: SigningCertificateRow): SigningCertificate {
  return {
    holder: row.holder,
    cpf: maskCpf(row.cpf),
    issuer: row.issuer,
    notBefore: row.notBefore.toISOString(),
    notAfter: row.notAfter.toISOString(),
  };
}

/** The file opened in a worker thread: node-forge's key derivations take up to seconds. */
async function openBundle(
  file: Uint8Array,
  password: string,
  runJob: RunHeavyJob,
): Promise<CertificateBundle> {
  const reading = await runJob({ kind: 'pkcs12', file, password });
  switch (reading.kind) {
    case 'read':
      return reading.bundle;
    case 'wrong-password':
      throw new HttpError('certificate_password');
    case 'no-key':
      throw new HttpError(
        'certificate_invalid',
        'O arquivo não traz a chave privada RSA do certificado: exporte-o de novo com a chave.',
      );
    case 'unreadable':
      throw new HttpError('certificate_invalid');
  }
}

/** 400 unless the certificate is valid at `now`. */
function assertValidAt(facts: Pick<CertificateFacts, 'notBefore' | 'notAfter'>, now: Date): void {
  if (now > facts.notAfter) {
    throw new HttpError(
      'certificate_expired',
      `Este certificado digital venceu em ${formatDate(facts.notAfter.toISOString())}.`,
    );
  }
  if (now < facts.notBefore) {
    throw new HttpError(
      'certificate_expired',
      `Este certificado digital só vale a partir de ${formatDate(facts.notBefore.toISOString())}.`,
    );
  }
}

/** What a certificate says, or 400 `certificate_invalid` for one the parser refuses. */
function factsOf(der: Uint8Array<ArrayBuffer>): CertificateFacts {
  try {
    return certificateFacts(der);
  } catch {
    throw new HttpError('certificate_invalid');
  }
}

/** 400 unless the certificate is an ICP-Brasil e-CPF of the doctor of these settings. */
function assertDoctorsOwn(
  facts: Pick<CertificateFacts, 'holder' | 'cpf' | 'signs'>,
  doctor: DoctorIdentity,
): void {
  if (!facts.signs) throw new HttpError('certificate_not_signing');
  if (facts.cpf === null) throw new HttpError('certificate_not_icp_brasil');
  if (doctor.cpf === '') {
    throw new HttpError(
      'certificate_mismatch',
      'Informe seu CPF em Configurações (Dados do médico) para conferirmos o certificado.',
    );
  }
  if (facts.cpf !== doctor.cpf) {
    throw new HttpError(
      'certificate_mismatch',
      `O CPF deste certificado (${maskCpf(facts.cpf)}) não é o seu CPF nas Configurações (${formatCpf(doctor.cpf)}).`,
    );
  }
  if (!isHolderName(doctor.name, facts.holder)) {
    throw new HttpError(
      'certificate_mismatch',
      `O titular deste certificado (${facts.holder}) não confere com o seu nome nas Configurações.`,
    );
  }
}

/**
 * What a cloud certificate (docs/assinatura-nuvem.md) says, once checked as an uploaded A1 is:
 * an ICP-Brasil e-CPF that signs, valid at `now`, of the doctor of these settings.
 * @param der - the holder's certificate as the PSC handed it over
 * @throws HttpError 400 (`certificate_*`) when it is not one she may sign with
 */
export function checkedCloudCertificate(
  der: Uint8Array<ArrayBuffer>,
  doctor: DoctorIdentity,
  now = new Date(),
): CertificateFacts {
  const facts = factsOf(der);
  assertValidAt(facts, now);
  assertDoctorsOwn(facts, doctor);
  return facts;
}

/**
 * The doctors' A1 certificates in custody (docs/documentos.md): checked and sealed when uploaded,
 * opened with the password typed for one signing request, deleted on removal.
 */
export function createCertificateCustody(db: AppDatabase) {
  const certificates = createSigningCertificateRepository(db);
  return {
    find: certificates.find,
    remove: certificates.remove,

    /** Checks an uploaded certificate and keeps it, sealed, in place of any earlier one. */
    async store(
      doctorId: string,
      file: Uint8Array,
      password: string,
      doctor: DoctorIdentity,
      runJob: RunHeavyJob,
      now = new Date(),
    ): Promise<SigningCertificateRow> {
      const bundle = await openBundle(file, password, runJob);
      const facts = factsOf(bundle.certificate);
      assertValidAt(facts, now);
      assertDoctorsOwn(facts, doctor);
      const sealed = await sealCertificate(file, password, doctorId);
      const row: SigningCertificateRow = {
        userId: doctorId,
        sealed: sealed.sealed,
        salt: sealed.salt,
        iv: sealed.iv,
        kdf: sealed.kdf,
        holder: facts.holder,
        cpf: facts.cpf ?? '',
        issuer: facts.issuer,
        serialNumber: facts.serialNumber,
        fingerprint: facts.fingerprint,
        notBefore: facts.notBefore,
        notAfter: facts.notAfter,
        createdAt: now,
      };
      await certificates.save(row);
      return row;
    },

    /**
     * The doctor's certificate opened with `password`, for this request only: the key lives in
     * the returned device and nowhere else.
     */
    async open(
      doctorId: string,
      password: string,
      doctor: DoctorIdentity,
      runJob: RunHeavyJob,
      now = new Date(),
    ): Promise<{ device: SignatureDevice; certificate: SigningCertificateRow }> {
      const certificate = await certificates.find(doctorId);
      if (!certificate) throw new HttpError('certificate_missing');
      assertValidAt(certificate, now);
      // The settings may have changed since the upload: the certificate must still be hers.
      assertDoctorsOwn({ holder: certificate.holder, cpf: certificate.cpf, signs: true }, doctor);
      const file = await openCertificate(certificate, password, doctorId);
      if (file === null) throw new HttpError('certificate_password');
      return { device: a1Device(await openBundle(file, password, runJob)), certificate };
    },
  };
}

export type CertificateCustody = ReturnType<typeof createCertificateCustody>;
