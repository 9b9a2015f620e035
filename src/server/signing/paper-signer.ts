import type { SignRequest } from '@shared/documents/signing-certificate';
import type { AppDatabase } from '../db/database';
import type { RunHeavyJob } from '../workers/heavy-work';
import type { CertificateCustody } from './certificate-custody';
import { doctorIdentityOf } from './routes';
import type { SignatureDevice } from './signature-device';
import type { SigningSessions } from './signing-sessions';

/**
 * Who signs a request's papers: the A1 certificate opened with the password typed, or a cloud
 * certificate through the session she authorised (docs/assinatura-nuvem.md).
 */
export interface PaperSigner {
  /** The holder's name, as the signature dictionary and the page print it. */
  holder: string;
  /** SHA-256 of the signing certificate, hex: what the signed row records. */
  fingerprint: string;
  /**
   * What the audit entry of each signature names, ids only: the certificate and, for a cloud
   * certificate, its PSC ('psc:birdid', 'certificate:<SHA-256>').
   */
  auditIds: string[];
  /**
   * Each paper made with the device, all signatures together: one PSC call for a session. A
   * paper that fails before its signature stops the rest; none is signed half.
   * @param papers - each builds its signed PDF with the device it is given
   */
  signAll<T>(papers: readonly ((device: SignatureDevice) => Promise<T>)[]): Promise<T[]>;
}

/** The first failure among settled promises, or their values. */
function valuesOrFirstFailure<T>(results: PromiseSettledResult<T>[]): T[] {
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  return results.map((result) => (result as PromiseFulfilledResult<T>).value);
}

/**
 * The signer a sign request names.
 * @param request - `{ password }` or `{ sessionId }`
 * @throws HttpError as the custody or the sessions refuse (wrong password, session not hers…)
 */
export async function paperSignerOf(
  request: SignRequest,
  deps: {
    db: AppDatabase;
    doctorId: string;
    custody: CertificateCustody;
    sessions: SigningSessions;
    runJob: RunHeavyJob;
  },
): Promise<PaperSigner> {
  if ('sessionId' in request) {
    const signer = deps.sessions.signer(deps.doctorId, request.sessionId);
    return {
      holder: signer.facts.holder,
      fingerprint: signer.facts.fingerprint,
      auditIds: [`psc:${signer.provider.id}`, `certificate:${signer.facts.fingerprint}`],
      async signAll(papers) {
        const batch = signer.device(papers.length);
        const results = await Promise.allSettled(
          papers.map((paper) =>
            paper(batch.device).catch((error: unknown) => {
              batch.abort(error);
              throw error;
            }),
          ),
        );
        try {
          return valuesOrFirstFailure(results);
        } catch (error) {
          throw signer.failed(error);
        }
      },
    };
  }
  const { device, certificate } = await deps.custody.open(
    deps.doctorId,
    request.password,
    await doctorIdentityOf(deps.db, deps.doctorId),
    deps.runJob,
  );
  return {
    holder: certificate.holder,
    fingerprint: certificate.fingerprint,
    auditIds: [`certificate:${certificate.fingerprint}`],
    async signAll(papers) {
      return valuesOrFirstFailure(await Promise.allSettled(papers.map((paper) => paper(device))));
    },
  };
}
