import { randomBytes } from 'node:crypto';
import type { SigningProvider, SigningSession } from '@shared/documents/signing-certificate';
import { badRequest, HttpError, notFound } from '../http/errors';
import { checkedCloudCertificate, type DoctorIdentity } from './certificate-custody';
import type { CertificateFacts } from './icp-brasil-certificate';
import {
  PscError,
  type PendingAuthorisation,
  type PscClient,
  type PscToken,
} from './psc/psc-client';
import { batchedPscDevice, type PscSigningCertificate } from './psc/psc-device';
import type { PscProvider } from './psc/providers';

/** A configured PSC and the client the server talks to it with. */
export interface OfferedPsc {
  provider: PscProvider;
  client: PscClient;
}

/** Live sessions one doctor may hold; a further one ends her oldest. */
export const MAX_SESSIONS_PER_DOCTOR = 3;
/** How long a push waits for her answer before the session is dropped. */
const PENDING_LIFETIME_MS = 5 * 60_000;

export const SESSION_NOT_FOUND =
  'Sessão de assinatura não encontrada ou encerrada. Autorize o certificado em nuvem de novo.';
const CPF_REQUIRED =
  'Informe seu CPF em Configurações (Dados do médico) para usar o certificado em nuvem.';
const UNKNOWN_PROVIDER = 'Este provedor de certificado em nuvem não está disponível.';
const OTP_REQUIRED = 'Digite o código que o aplicativo do certificado em nuvem mostra.';
const STILL_PENDING = 'A autorização ainda não foi aprovada no aplicativo do certificado em nuvem.';

interface StoredSession {
  id: string;
  doctorId: string;
  psc: OfferedPsc;
  status: SigningSession['status'];
  expiresAt: Date;
  createdAt: number;
  pending?: PendingAuthorisation;
  /** One poll at a time: an approved push's code is good for one exchange. */
  polling?: Promise<void>;
  token?: PscToken;
  certificate?: PscSigningCertificate & { facts: CertificateFacts };
  timer: NodeJS.Timeout;
}

/** What signs with an authorised session: the PSC, the certificate, a device per batch. */
export interface PscSigner {
  provider: PscProvider;
  facts: CertificateFacts;
  /** A device for `expected` signatures, asked of the PSC in one call. */
  device(expected: number): ReturnType<typeof batchedPscDevice>;
  /** The PSC's failure as the API answers it; an expired token ends the session. */
  failed(error: unknown): unknown;
}

/** The PSC's failure as the API answers it: its code, its Portuguese sentence. */
export function httpErrorOfPsc(error: PscError): HttpError {
  return new HttpError(error.code, error.message);
}

/**
 * Cloud-certificate signing sessions (docs/assinatura-nuvem.md, "Sessões"): the token a PSC
 * gives for the doctor's key, kept in this server's memory only — never in the database, a log
 * line or an answer — scoped to her, ended at the token's own expiry or when she cancels.
 * @param offered - the configured PSCs
 */
export function createSigningSessions(offered: readonly OfferedPsc[]) {
  const byId = new Map<string, StoredSession>();
  const pscById = new Map(offered.map((psc) => [psc.provider.id, psc]));

  const end = (session: StoredSession) => {
    clearTimeout(session.timer);
    byId.delete(session.id);
    // What the memory held of the token goes with the session.
    delete session.token;
  };

  /** Ends the session when `until` comes, as the PSC's token itself stops working then. */
  const dieAt = (session: StoredSession, until: Date) => {
    clearTimeout(session.timer);
    session.expiresAt = until;
    session.timer = setTimeout(() => end(session), Math.max(0, until.getTime() - Date.now()));
    session.timer.unref();
  };

  /** The doctor's own live session, or 404: another doctor's id is simply not found. */
  const own = (doctorId: string, id: string): StoredSession => {
    const session = byId.get(id);
    if (session === undefined || session.doctorId !== doctorId) throw notFound(SESSION_NOT_FOUND);
    if (session.expiresAt.getTime() <= Date.now()) {
      end(session);
      throw notFound(SESSION_NOT_FOUND);
    }
    return session;
  };

  const present = (session: StoredSession): SigningSession => ({
    id: session.id,
    provider: session.psc.provider.id,
    status: session.status,
    ...(session.certificate ? { holder: session.certificate.facts.holder } : {}),
    ...(session.status === 'pending'
      ? { prompt: `Aprove no aplicativo ${session.psc.provider.name}` }
      : {}),
    expiresAt: session.expiresAt.toISOString(),
  });

  /** Runs a PSC call; its failure becomes the API's answer. */
  async function atPsc<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      throw error instanceof PscError ? httpErrorOfPsc(error) : error;
    }
  }

  /** With the token: the holder's certificate, checked as hers and valid now. */
  async function authorise(session: StoredSession, token: PscToken, doctor: DoctorIdentity) {
    const holder = await atPsc(() => session.psc.client.certificate(token));
    const facts = checkedCloudCertificate(holder.certificate, doctor);
    session.token = token;
    session.certificate = { ...holder, facts };
    session.status = 'authorized';
    delete session.pending;
    dieAt(session, token.expiresAt);
  }

  return {
    /** The PSCs the server offers, as the API lists them. */
    offered(): SigningProvider[] {
      return offered.map(({ provider }) => ({
        id: provider.id,
        name: provider.name,
        grants: [...provider.grants],
      }));
    },

    /**
     * Opens a session at `provider`: with `otp`, authorised at once; without, a push to her
     * phone, pending until she answers there.
     * @throws HttpError 400 without a CPF in her settings, psc_* for the PSC's answers
     */
    async start(
      doctorId: string,
      doctor: DoctorIdentity,
      input: { provider: string; otp?: string | undefined },
    ): Promise<SigningSession> {
      const psc = pscById.get(input.provider);
      if (psc === undefined) throw badRequest(UNKNOWN_PROVIDER);
      if (doctor.cpf === '') throw badRequest(CPF_REQUIRED);
      const grant = input.otp === undefined ? 'push' : 'otp';
      if (!psc.provider.grants.includes(grant)) {
        throw badRequest(
          grant === 'otp'
            ? `O ${psc.provider.name} autoriza pelo aplicativo, sem código: envie sem o código.`
            : OTP_REQUIRED,
        );
      }
      const session: StoredSession = {
        id: randomBytes(24).toString('base64url'),
        doctorId,
        psc,
        status: 'pending',
        expiresAt: new Date(Date.now() + PENDING_LIFETIME_MS),
        createdAt: Date.now(),
        timer: setTimeout(() => undefined, 0),
      };
      if (input.otp === undefined) {
        session.pending = await atPsc(() => psc.client.startPushAuthorisation(doctor.cpf));
        dieAt(session, session.expiresAt);
      } else {
        const otp = input.otp;
        // The holder first: a CPF without a certificate there is said as such, not as a wrong code.
        await atPsc(() => psc.client.findHolder(doctor.cpf));
        const token = await atPsc(() => psc.client.authoriseWithOtp(doctor.cpf, otp));
        await authorise(session, token, doctor);
      }
      const hers = [...byId.values()]
        .filter((other) => other.doctorId === doctorId)
        .sort((left, right) => left.createdAt - right.createdAt);
      for (const oldest of hers.slice(0, Math.max(0, hers.length - MAX_SESSIONS_PER_DOCTOR + 1))) {
        end(oldest);
      }
      byId.set(session.id, session);
      return present(session);
    },

    /** Where her session stands; a pending push is asked of the PSC again. */
    async current(doctorId: string, id: string, doctor: DoctorIdentity): Promise<SigningSession> {
      const session = own(doctorId, id);
      const pending = session.pending;
      if (session.status === 'pending' && pending !== undefined) {
        session.polling ??= (async () => {
          const state = await atPsc(() => session.psc.client.pollPushAuthorisation(pending));
          if (state.status === 'authorized') {
            try {
              await authorise(session, state.token, doctor);
            } catch (error) {
              // A certificate that is not hers is never kept for a later signature.
              end(session);
              throw error;
            }
          } else if (state.status !== 'pending') {
            session.status = state.status;
            delete session.pending;
          }
        })().finally(() => {
          delete session.polling;
        });
        await session.polling;
      }
      return present(session);
    },

    /** Ends her session now (404 when it is not hers or is over). */
    cancel(doctorId: string, id: string): void {
      end(own(doctorId, id));
    },

    /**
     * What signs with her authorised session.
     * @throws HttpError 404 (not hers, over), 400 (still pending), psc_refused / psc_expired
     */
    signer(doctorId: string, id: string): PscSigner {
      const session = own(doctorId, id);
      const { token, certificate } = session;
      if (session.status === 'refused') throw new HttpError('psc_refused');
      if (session.status === 'expired') throw new HttpError('psc_expired');
      if (token === undefined || certificate === undefined) throw badRequest(STILL_PENDING);
      return {
        provider: session.psc.provider,
        facts: certificate.facts,
        device: (expected) => batchedPscDevice(session.psc.client, token, certificate, expected),
        failed(error) {
          if (!(error instanceof PscError)) return error;
          if (error.code === 'psc_expired') end(session);
          return httpErrorOfPsc(error);
        },
      };
    },

    /** How many sessions are held, all doctors together (for tests and metrics). */
    size: () => byId.size,
  };
}

export type SigningSessions = ReturnType<typeof createSigningSessions>;
