/**
 * The cloud-certificate sessions and the batching device (docs/assinatura-nuvem.md, "Sessões" and
 * "Lote") against the fake PSC on loopback, with the real client: one PSC call per batch, nothing
 * asked of the PSC when a paper fails first, sessions scoped to their doctor, bounded, and ended
 * with their token.
 */
import { createHash, verify, X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors';
import { startFakePscServer, type FakePscServer } from '../testing/fake-psc-server';
import { createPscClient } from './psc/psc-client';
import { batchedPscDevice } from './psc/psc-device';
import type { PscProvider } from './psc/providers';
import { createSigningSessions, MAX_SESSIONS_PER_DOCTOR } from './signing-sessions';

const HOLDER = { name: 'HELENA MARIA PRADO', cpf: '52998224725' };
const DOCTOR = { name: 'Dra. Helena Prado', cpf: '52998224725' };

let psc: FakePscServer;
let shortLived: FakePscServer;

const providerAt = (baseUrl: string): PscProvider => ({
  id: 'safeid',
  name: 'SafeID',
  baseUrl,
  clientId: 'prontu',
  clientSecret: 'segredo',
  hashEncoding: 'base64',
  grants: ['otp', 'push'],
});
const sessionsAt = (server: FakePscServer) => {
  const provider = providerAt(server.baseUrl);
  return createSigningSessions([
    { provider, client: createPscClient(provider, { timeoutMs: 2000, retryDelayMs: 10 }) },
  ]);
};

beforeAll(async () => {
  psc = await startFakePscServer({ holder: HOLDER });
  shortLived = await startFakePscServer({ holder: HOLDER, tokenLifetimeSeconds: 1 });
});

afterAll(async () => {
  await Promise.all([psc.close(), shortLived.close()]);
});

/** The HttpError `work` fails with. */
async function httpErrorOf(work: () => unknown): Promise<HttpError> {
  try {
    await work();
  } catch (error) {
    if (error instanceof HttpError) return error;
    throw error;
  }
  throw new Error('expected an HttpError');
}

describe('batchedPscDevice', () => {
  const client = () => createPscClient(providerAt(psc.baseUrl));

  it('answers every signature of the batch with one PSC call, each the holder key’s', async () => {
    const token = await client().authoriseWithOtp(HOLDER.cpf, psc.otp);
    const certificate = await client().certificate(token);
    const before = psc.signatureRequests();
    const batch = batchedPscDevice(client(), token, certificate, 3);
    const data = ['primeiro', 'segundo', 'terceiro'].map((text) => Buffer.from(text));
    const signatures = await Promise.all(data.map((bytes) => batch.device.sign(bytes)));
    expect(psc.signatureRequests() - before).toBe(1);
    const publicKey = new X509Certificate(certificate.certificate).publicKey;
    data.forEach((bytes, index) => {
      expect(verify('sha256', bytes, publicKey, signatures[index] ?? new Uint8Array())).toBe(true);
    });
    await expect(batch.device.sign(Buffer.from('quarto'))).rejects.toThrow();
    expect(psc.signatureRequests() - before).toBe(1);
  });

  it('asks nothing of the PSC when the batch is aborted before it is whole', async () => {
    const token = await client().authoriseWithOtp(HOLDER.cpf, psc.otp);
    const certificate = await client().certificate(token);
    const before = psc.signatureRequests();
    const batch = batchedPscDevice(client(), token, certificate, 2);
    const waiting = batch.device.sign(createHash('sha256').update('um').digest());
    batch.abort(new Error('o outro papel falhou'));
    await expect(waiting).rejects.toThrow('o outro papel falhou');
    await expect(batch.device.sign(Buffer.from('dois'))).rejects.toThrow('o outro papel falhou');
    expect(psc.signatureRequests()).toBe(before);
  });
});

describe('signing sessions', () => {
  it('keeps a session to its doctor: another doctor’s id is not found', async () => {
    const sessions = sessionsAt(psc);
    const session = await sessions.start('ana', DOCTOR, { provider: 'safeid', otp: psc.otp });
    expect(session.status).toBe('authorized');
    expect(JSON.stringify(session)).not.toMatch(/token/i);
    expect((await httpErrorOf(() => sessions.current('bruno', session.id, DOCTOR))).status).toBe(
      404,
    );
    expect((await httpErrorOf(() => sessions.signer('bruno', session.id))).status).toBe(404);
    expect((await httpErrorOf(() => sessions.cancel('bruno', session.id))).status).toBe(404);
    expect(sessions.signer('ana', session.id).facts.holder).toBe(HOLDER.name);
  });

  it(`holds at most ${MAX_SESSIONS_PER_DOCTOR} sessions per doctor, ending the oldest`, async () => {
    const sessions = sessionsAt(psc);
    const opened = [];
    for (let index = 0; index <= MAX_SESSIONS_PER_DOCTOR; index += 1) {
      opened.push(await sessions.start('ana', DOCTOR, { provider: 'safeid', otp: psc.otp }));
    }
    expect(sessions.size()).toBe(MAX_SESSIONS_PER_DOCTOR);
    const [oldest, ...rest] = opened;
    expect(
      (await httpErrorOf(() => sessions.current('ana', oldest?.id ?? '', DOCTOR))).status,
    ).toBe(404);
    for (const session of rest) {
      expect((await sessions.current('ana', session.id, DOCTOR)).status).toBe('authorized');
    }
  });

  it('refuses a certificate that is not hers and keeps no session', async () => {
    const sessions = sessionsAt(psc);
    const refusal = await httpErrorOf(() =>
      sessions.start(
        'ana',
        { name: 'Dra. Beatriz Lima', cpf: HOLDER.cpf },
        {
          provider: 'safeid',
          otp: psc.otp,
        },
      ),
    );
    expect(refusal.code).toBe('certificate_mismatch');
    expect(sessions.size()).toBe(0);
  });

  it('asks for the CPF in Configurações, and names the PSC’s refusals by code', async () => {
    const sessions = sessionsAt(psc);
    const noCpf = await httpErrorOf(() =>
      sessions.start('ana', { name: DOCTOR.name, cpf: '' }, { provider: 'safeid', otp: psc.otp }),
    );
    expect(noCpf.message).toContain('Configurações');
    const wrongCode = await httpErrorOf(() =>
      sessions.start('ana', DOCTOR, { provider: 'safeid', otp: '999999' }),
    );
    expect(wrongCode.code).toBe('psc_refused');
    const stranger = await httpErrorOf(() =>
      sessions.start(
        'ana',
        { name: DOCTOR.name, cpf: '11144477735' },
        {
          provider: 'safeid',
          otp: psc.otp,
        },
      ),
    );
    expect(stranger.code).toBe('psc_holder_not_found');
  });

  it('ends the session when the PSC says its token expired', async () => {
    const sessions = sessionsAt(psc);
    const session = await sessions.start('ana', DOCTOR, { provider: 'safeid', otp: psc.otp });
    const signer = sessions.signer('ana', session.id);
    psc.expireTokens();
    const failure = await signer
      .device(1)
      .device.sign(Buffer.from('papel'))
      .catch((error: unknown) => signer.failed(error));
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).code).toBe('psc_expired');
    expect(sessions.size()).toBe(0);
  });

  it('ends the session when its token’s lifetime is over', async () => {
    const sessions = sessionsAt(shortLived);
    const session = await sessions.start('ana', DOCTOR, {
      provider: 'safeid',
      otp: shortLived.otp,
    });
    expect(Date.parse(session.expiresAt)).toBeLessThanOrEqual(Date.now() + 1000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sessions.size()).toBe(0);
    expect((await httpErrorOf(() => sessions.signer('ana', session.id))).status).toBe(404);
  });

  it('follows a push from pending to refused', async () => {
    const sessions = sessionsAt(psc);
    const session = await sessions.start('ana', DOCTOR, { provider: 'safeid' });
    expect(session).toMatchObject({ status: 'pending', prompt: 'Aprove no aplicativo SafeID' });
    expect((await httpErrorOf(() => sessions.signer('ana', session.id))).status).toBe(400);
    psc.refusePush();
    expect((await sessions.current('ana', session.id, DOCTOR)).status).toBe('refused');
    expect((await httpErrorOf(() => sessions.signer('ana', session.id))).code).toBe('psc_refused');
  });
});
