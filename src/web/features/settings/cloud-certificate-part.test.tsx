// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signingCertificateApi } from '@shared/api/documents';
import { settingsApi } from '@shared/api/settings';
import { signingSessionsApi } from '@shared/api/signing-sessions';
import { DEFAULT_DOCTOR_SETTINGS } from '@shared/account/doctor-settings';
import type { SigningProvider, SigningSession } from '@shared/documents/signing-certificate';
import {
  createDoctorData,
  json,
  renderWithDoctorData,
} from '../../testing/render-with-doctor-data';
import { SigningCertificateSection } from './signing-certificate-section';

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(cleanup);

const BIRDID: SigningProvider = { id: 'birdid', name: 'BirdID', grants: ['otp'] };
const VIDAAS: SigningProvider = { id: 'vidaas', name: 'VIDaaS', grants: ['push'] };
const CPF = '52998224725';

function session(status: SigningSession['status'], extra: Partial<SigningSession> = {}) {
  return {
    session: {
      id: 'session-0123456789abcdef',
      provider: 'birdid',
      status,
      expiresAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
      ...extra,
    },
  };
}

function renderSection(providers: SigningProvider[], cpf = CPF) {
  const doctor = createDoctorData();
  doctor.server
    .on(signingCertificateApi.get, () => json({ certificate: null }))
    .on(settingsApi.get, () => json({ settings: { ...DEFAULT_DOCTOR_SETTINGS, cpf }, version: 1 }))
    .on(signingSessionsApi.providers, () => json({ providers }))
    .on(signingSessionsApi.cancel, () => json({ success: true }));
  renderWithDoctorData(<SigningCertificateSection />, doctor);
  return { doctor, server: doctor.server, user: userEvent.setup() };
}

/** The cloud part, once her settings (and so her CPF) have arrived. */
async function cloudPart() {
  const part = await screen.findByRole('group', { name: 'Certificado em nuvem' });
  await waitFor(() => expect(part.textContent).toMatch(/CPF do titular|Preencha seu CPF/));
  return part;
}

describe('Certificado em nuvem, in Settings', () => {
  it('is not shown when the server offers no provider', async () => {
    const { server } = renderSection([]);
    await screen.findByText(
      'Nenhum certificado enviado. Sem ele, você não consegue assinar documentos.',
    );
    await waitFor(() => expect(server.requestsTo(signingSessionsApi.providers)).toHaveLength(1));
    expect(screen.queryByRole('group', { name: 'Certificado em nuvem' })).toBeNull();
  });

  it('tests a one-time code: shows whose certificate answered, then ends the session', async () => {
    const { server, user } = renderSection([BIRDID, VIDAAS]);
    server.on(signingSessionsApi.start, () =>
      json(session('authorized', { holder: 'ANA MARIA LIMA' }), { status: 201 }),
    );
    const part = await cloudPart();
    await waitFor(() => expect(part.textContent).toContain('CPF do titular: 529.982.247-25'));
    await user.type(
      within(part).getByLabelText('Digite o código do seu aplicativo BirdID'),
      '123456',
    );
    await user.click(within(part).getByRole('button', { name: 'Testar conexão' }));

    expect((await within(part).findByRole('status')).textContent).toBe(
      'Conexão com o BirdID funcionando: certificado de ANA MARIA LIMA.',
    );
    expect(server.requestsTo(signingSessionsApi.start).map((sent) => sent.body)).toEqual([
      { provider: 'birdid', otp: '123456' },
    ]);
    await waitFor(() =>
      expect(server.requestsTo(signingSessionsApi.cancel).map((sent) => sent.params.id)).toEqual([
        'session-0123456789abcdef',
      ]),
    );
    expect(within(part).getByLabelText<HTMLInputElement>(/código/).value).toBe('');
  });

  it('shows the provider’s refusal of a wrong code', async () => {
    const { server, user } = renderSection([BIRDID]);
    server.on(signingSessionsApi.start, () =>
      json(
        {
          code: 'psc_refused',
          error: 'A autorização foi recusada pelo provedor do certificado em nuvem.',
        },
        { status: 400 },
      ),
    );
    const part = await cloudPart();
    await user.type(
      within(part).getByLabelText('Digite o código do seu aplicativo BirdID'),
      '000000',
    );
    await user.click(within(part).getByRole('button', { name: 'Testar conexão' }));
    expect((await within(part).findByRole('alert')).textContent).toBe(
      'A autorização foi recusada pelo provedor do certificado em nuvem.',
    );
    expect(within(part).queryByRole('status')).toBeNull();
  });

  it('waits for a push with the PSC’s prompt, and cancels it at the server', async () => {
    const { server, user } = renderSection([VIDAAS]);
    const pending = session('pending', {
      provider: 'vidaas',
      prompt: 'Aprove no aplicativo VIDaaS',
    });
    server
      .on(signingSessionsApi.start, () => json(pending, { status: 201 }))
      .on(signingSessionsApi.get, () => json(pending));
    const part = await cloudPart();
    // A push asks for no code.
    expect(within(part).queryByLabelText(/código/)).toBeNull();
    await user.click(within(part).getByRole('button', { name: 'Testar conexão' }));
    expect((await within(part).findByRole('status')).textContent).toBe(
      'Aprove no aplicativo VIDaaS',
    );
    expect(server.requestsTo(signingSessionsApi.start).map((sent) => sent.body)).toEqual([
      { provider: 'vidaas' },
    ]);
    await user.click(within(part).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(server.requestsTo(signingSessionsApi.cancel)).toHaveLength(1));
    await within(part).findByRole('button', { name: 'Testar conexão' });
    expect(within(part).queryByRole('alert')).toBeNull();
    expect(within(part).queryByRole('status')).toBeNull();
  });

  it('reports an approved push with the holder’s name', async () => {
    const { server, user } = renderSection([VIDAAS]);
    server
      .on(signingSessionsApi.start, () =>
        json(session('pending', { provider: 'vidaas', prompt: 'Aprove no aplicativo VIDaaS' }), {
          status: 201,
        }),
      )
      .on(signingSessionsApi.get, () =>
        json(session('authorized', { provider: 'vidaas', holder: 'ANA MARIA LIMA' })),
      );
    const part = await cloudPart();
    await user.click(within(part).getByRole('button', { name: 'Testar conexão' }));
    await waitFor(
      () =>
        expect(within(part).getByRole('status').textContent).toBe(
          'Conexão com o VIDaaS funcionando: certificado de ANA MARIA LIMA.',
        ),
      { timeout: 5000 },
    );
    await waitFor(() => expect(server.requestsTo(signingSessionsApi.cancel)).toHaveLength(1));
  });

  it('asks for the CPF in Configurações when it is missing', async () => {
    renderSection([BIRDID], '');
    const part = await cloudPart();
    await waitFor(() =>
      expect(part.textContent).toContain(
        'Preencha seu CPF em Configurações, nos dados do médico: é por ele que o provedor encontra seu certificado.',
      ),
    );
    expect(within(part).queryByRole('button', { name: 'Testar conexão' })).toBeNull();
  });

  it('remembers the chosen provider in this browser, and nothing else', async () => {
    const { doctor, user } = renderSection([BIRDID, VIDAAS]);
    const part = await cloudPart();
    await user.selectOptions(within(part).getByLabelText('Provedor'), 'vidaas');
    expect([...doctor.storage.items.entries()].filter(([key]) => key.includes('Signing'))).toEqual([
      ['prontu.cloudSigningProvider', 'vidaas'],
    ]);
  });
});
