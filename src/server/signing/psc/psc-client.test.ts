import { createHash, verify, X509Certificate } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startFakePscServer, type FakePscServer } from '../../testing/fake-psc-server';
import { createPscClient, PscError, type PscClient, type PscErrorCode } from './psc-client';

let psc: FakePscServer;
let client: PscClient;

const clientFor = (options: Parameters<typeof createPscClient>[1] = {}) =>
  createPscClient(
    {
      id: 'fake',
      name: 'PSC de teste',
      baseUrl: psc.baseUrl,
      clientId: 'prontu',
      clientSecret: 'segredo',
    },
    { retryDelayMs: 1, ...options },
  );

/** The PscError `promise` rejects with, failing the test if it resolves or throws another. */
async function pscFailure(promise: Promise<unknown>): Promise<PscError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof PscError)) throw new Error(`expected a PscError, got ${String(error)}`);
  return error;
}

const codeOf = async (promise: Promise<unknown>): Promise<PscErrorCode> =>
  (await pscFailure(promise)).code;

beforeAll(async () => {
  psc = await startFakePscServer();
  client = clientFor();
});

afterAll(() => psc.close());

afterEach(() => {
  psc.setMode('normal');
  psc.setAnswerDelay(0);
});

describe('holder discovery', () => {
  it('lists the certificates the PSC keeps for a CPF, formatted or not', async () => {
    const slots = await client.findHolder('529.982.247-25');
    expect(slots).toEqual([{ alias: psc.holder.slotAlias, label: 'e-CPF A3 em nuvem' }]);
  });

  it('says in Portuguese when the PSC has no certificate for the CPF', async () => {
    const error = await pscFailure(client.findHolder('11144477735'));
    expect(error.code).toBe('psc_holder_not_found');
    expect(error.message).toBe(
      'Nenhum certificado em nuvem encontrado para este CPF neste provedor.',
    );
    expect(error.provider).toBe('fake');
  });
});

describe('one-time code', () => {
  it('gives a token with the lifetime the PSC granted', async () => {
    const before = Date.now();
    const token = await client.authoriseWithOtp(psc.holder.cpf, psc.otp);
    expect(token.accessToken).not.toBe('');
    expect(token.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 3600 * 1000);
    expect(token.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 3600 * 1000);
  });

  it('is refused when the code is wrong', async () => {
    expect(await codeOf(client.authoriseWithOtp(psc.holder.cpf, '000000'))).toBe('psc_refused');
  });
});

describe('push with PKCE', () => {
  it('stays pending until the holder approves, then gives a token that signs', async () => {
    const pending = await client.startPushAuthorisation(psc.holder.cpf);
    expect(psc.pendingPushes()).toEqual([pending.requestCode]);
    expect(await client.pollPushAuthorisation(pending)).toEqual({ status: 'pending' });

    psc.approvePush(pending.requestCode);
    const state = await client.pollPushAuthorisation(pending);
    if (state.status !== 'authorized') throw new Error(`expected authorized, got ${state.status}`);
    const signatures = await client.signHashes(
      state.token,
      [{ id: 'a', sha256: createHash('sha256').update('receita').digest() }],
      'RAW',
    );
    expect(signatures.size).toBe(1);
  });

  it('is refused when the holder refuses on her phone', async () => {
    const pending = await client.startPushAuthorisation(psc.holder.cpf);
    psc.refusePush(pending.requestCode);
    expect(await client.pollPushAuthorisation(pending)).toEqual({ status: 'refused' });
  });

  it('expires when the holder does not answer in time', async () => {
    const pending = await client.startPushAuthorisation(psc.holder.cpf);
    psc.expirePush(pending.requestCode);
    expect(await client.pollPushAuthorisation(pending)).toEqual({ status: 'expired' });
  });

  it('is refused when the PKCE verifier is not the one the challenge came from', async () => {
    const pending = await client.startPushAuthorisation(psc.holder.cpf);
    psc.approvePush(pending.requestCode);
    const forged = { ...pending, codeVerifier: 'outro-verificador-qualquer-de-43-caracteres' };
    expect(await client.pollPushAuthorisation(forged)).toEqual({ status: 'refused' });
  });

  it('finds no holder for a CPF the PSC does not know', async () => {
    expect(await codeOf(client.startPushAuthorisation('11144477735'))).toBe('psc_holder_not_found');
  });
});

describe('certificate and signatures', () => {
  it('hands over the holder certificate with its chain, DER', async () => {
    const token = await client.authoriseWithOtp(psc.holder.cpf, psc.otp);
    const found = await client.certificate(token);
    expect(Buffer.from(found.certificate)).toEqual(Buffer.from(psc.holder.certificate));
    expect(found.chain.map((der) => Buffer.from(der))).toEqual(
      psc.holder.chain.map((der) => Buffer.from(der)),
    );
    expect(new X509Certificate(found.certificate).subject).toContain(psc.holder.cpf);
  });

  it('signs several hashes in one request, each verifying over its original data', async () => {
    const token = await client.authoriseWithOtp(psc.holder.cpf, psc.otp);
    const { certificate } = await client.certificate(token);
    const documents = new Map([
      ['receita', Buffer.from('Amoxicilina 500 mg, 1 cápsula de 8/8 h por 7 dias')],
      ['atestado', Buffer.from('Atesto para os devidos fins que a paciente…')],
      ['pedido', Buffer.from('Hemograma completo; glicemia de jejum')],
    ]);
    const requestsBefore = psc.signatureRequests();

    const signatures = await client.signHashes(
      token,
      [...documents].map(([id, data]) => ({
        id,
        sha256: createHash('sha256').update(data).digest(),
      })),
      'RAW',
    );

    expect(psc.signatureRequests() - requestsBefore).toBe(1);
    const publicKey = new X509Certificate(certificate).publicKey;
    for (const [id, data] of documents) {
      const signature = signatures.get(id);
      if (signature === undefined) throw new Error(`no signature for ${id}`);
      expect(verify('sha256', data, publicKey, signature)).toBe(true);
    }
    // Each signature is over its own document, not another's.
    const receita = signatures.get('receita') ?? new Uint8Array();
    expect(verify('sha256', documents.get('atestado') ?? Buffer.alloc(0), publicKey, receita)).toBe(
      false,
    );
  });

  it('says the session expired when the PSC no longer honours the token', async () => {
    const token = await client.authoriseWithOtp(psc.holder.cpf, psc.otp);
    psc.expireTokens();
    expect(await codeOf(client.certificate(token))).toBe('psc_expired');
    const sha256 = createHash('sha256').update('x').digest();
    expect(await codeOf(client.signHashes(token, [{ id: 'x', sha256 }], 'RAW'))).toBe(
      'psc_expired',
    );
  });

  it('does not call the PSC with a token past the lifetime it was given', async () => {
    const token = await client.authoriseWithOtp(psc.holder.cpf, psc.otp);
    const requestsBefore = psc.signatureRequests();
    const stale = { ...token, expiresAt: new Date(Date.now() - 1000) };
    const sha256 = createHash('sha256').update('x').digest();
    expect(await codeOf(client.signHashes(stale, [{ id: 'x', sha256 }], 'RAW'))).toBe(
      'psc_expired',
    );
    expect(psc.signatureRequests()).toBe(requestsBefore);
  });

  it('writes the hashes in hexadecimal for a PSC whose manual asks for it', async () => {
    const hexPsc = await startFakePscServer({ hashEncoding: 'hex' });
    try {
      const hexClient = createPscClient({
        id: 'hex',
        name: 'PSC hexadecimal',
        baseUrl: hexPsc.baseUrl,
        clientId: 'prontu',
        clientSecret: 'segredo',
        hashEncoding: 'hex',
      });
      const token = await hexClient.authoriseWithOtp(hexPsc.holder.cpf, hexPsc.otp);
      const data = Buffer.from('laudo');
      const signatures = await hexClient.signHashes(
        token,
        [{ id: 'laudo', sha256: createHash('sha256').update(data).digest() }],
        'RAW',
      );
      const publicKey = new X509Certificate(hexPsc.holder.certificate).publicKey;
      expect(verify('sha256', data, publicKey, signatures.get('laudo') ?? new Uint8Array())).toBe(
        true,
      );
    } finally {
      await hexPsc.close();
    }
  });
});

describe('an unavailable PSC', () => {
  it('times out a PSC that does not answer', async () => {
    psc.setMode('hang');
    const impatient = clientFor({ timeoutMs: 300, retries: 0 });
    expect(await codeOf(impatient.findHolder(psc.holder.cpf))).toBe('psc_unavailable');
  });

  it('turns an answer that is not JSON into psc_unavailable, after bounded retries', async () => {
    psc.setMode('garbage');
    const key = 'POST /v0/oauth/user-discovery';
    const before = psc.requestCounts.get(key) ?? 0;
    expect(await codeOf(clientFor({ retries: 2 }).findHolder(psc.holder.cpf))).toBe(
      'psc_unavailable',
    );
    expect((psc.requestCounts.get(key) ?? 0) - before).toBe(3);
  });

  it('retries a 5xx on discovery, a bounded number of times', async () => {
    psc.setMode('server-error');
    const key = 'POST /v0/oauth/user-discovery';
    const before = psc.requestCounts.get(key) ?? 0;
    expect(await codeOf(clientFor({ retries: 1 }).findHolder(psc.holder.cpf))).toBe(
      'psc_unavailable',
    );
    expect((psc.requestCounts.get(key) ?? 0) - before).toBe(2);
  });

  it('does not retry a 4xx the PSC meant, even on discovery', async () => {
    const misconfigured = createPscClient(
      {
        id: 'fake',
        name: 'PSC de teste',
        baseUrl: `${psc.baseUrl}/caminho-errado`,
        clientId: 'prontu',
        clientSecret: 'segredo',
      },
      { retries: 3, retryDelayMs: 1 },
    );
    expect(await codeOf(misconfigured.findHolder(psc.holder.cpf))).toBe('psc_unavailable');
    expect(psc.requestCounts.get('POST /caminho-errado/v0/oauth/user-discovery')).toBe(1);
  });

  it('never retries the signature call after a garbage answer', async () => {
    const token = await client.authoriseWithOtp(psc.holder.cpf, psc.otp);
    psc.setMode('garbage');
    const before = psc.signatureRequests();
    const sha256 = createHash('sha256').update('x').digest();
    expect(
      await codeOf(clientFor({ retries: 3 }).signHashes(token, [{ id: 'x', sha256 }], 'RAW')),
    ).toBe('psc_unavailable');
    expect(psc.signatureRequests() - before).toBe(1);
  });

  it('never retries the signature call after a timeout', async () => {
    const token = await client.authoriseWithOtp(psc.holder.cpf, psc.otp);
    psc.setMode('hang');
    const before = psc.signatureRequests();
    const signedBefore = psc.hashesSigned();
    const sha256 = createHash('sha256').update('x').digest();
    const impatient = clientFor({ timeoutMs: 300, retries: 3 });
    expect(await codeOf(impatient.signHashes(token, [{ id: 'x', sha256 }], 'RAW'))).toBe(
      'psc_unavailable',
    );
    expect(psc.signatureRequests() - before).toBe(1);
    expect(psc.hashesSigned()).toBe(signedBefore);
  });

  it('reaches the PSC through an answer delay', async () => {
    psc.setAnswerDelay(50);
    expect(await client.findHolder(psc.holder.cpf)).toHaveLength(1);
  });
});
