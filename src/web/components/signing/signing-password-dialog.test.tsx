// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signingSessionsApi } from '@shared/api/signing-sessions';
import type { ClinicalDocument } from '@shared/documents/clinical-document';
import type { SigningProvider, SigningSession } from '@shared/documents/signing-certificate';
import {
  createDoctorData,
  json,
  renderWithDoctorData,
  type TestDoctorData,
} from '../../testing/render-with-doctor-data';
import { SignDocumentsDialog } from '../documents/sign-documents-dialog';
import { SigningPasswordDialog, type SigningTry } from './signing-password-dialog';

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(cleanup);

const BIRDID: SigningProvider = { id: 'birdid', name: 'BirdID', grants: ['otp'] };
const VIDAAS: SigningProvider = { id: 'vidaas', name: 'VIDaaS', grants: ['push'] };
const SESSION_ID = 'session-0123456789abcdef';

function session(status: SigningSession['status'], extra: Partial<SigningSession> = {}) {
  return {
    session: {
      id: SESSION_ID,
      provider: 'birdid',
      status,
      expiresAt: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
      ...extra,
    },
  };
}

const ITEMS = [
  { id: 'document-1', label: 'Atestado' },
  { id: 'receita-1', label: 'Receita — Amoxicilina 500 mg' },
];

/** The dialog over two papers, with its sign callbacks recorded. */
function renderDialog(doctor: TestDoctorData) {
  const sign = vi.fn<(items: readonly { id: string }[], password: string) => Promise<SigningTry>>(
    (items) => Promise.resolve({ signedIds: items.map((item) => item.id) }),
  );
  const signWithSession = vi.fn<
    (items: readonly { id: string }[], sessionId: string) => Promise<SigningTry>
  >((items) => Promise.resolve({ signedIds: items.map((item) => item.id) }));
  const onDone = vi.fn<(count: number) => void>();
  const onClose = vi.fn<() => void>();
  const rendered = renderWithDoctorData(
    <SigningPasswordDialog
      items={ITEMS}
      labelOf={(item) => item.label}
      description="Com seu certificado ICP-Brasil."
      sign={sign}
      signWithSession={signWithSession}
      onClose={onClose}
      onDone={onDone}
    />,
    doctor,
  );
  return { ...rendered, sign, signWithSession, onDone, onClose, user: userEvent.setup() };
}

function doctorOffering(providers: SigningProvider[]) {
  const doctor = createDoctorData();
  doctor.server
    .on(signingSessionsApi.providers, () => json({ providers }))
    .on(signingSessionsApi.cancel, () => json({ success: true }));
  return doctor;
}

const dialog = () => screen.getByRole('dialog', { name: 'Assinar digitalmente' });

describe('SigningPasswordDialog with a cloud certificate', () => {
  it('signs with the one-time code of her app, through one session', async () => {
    const doctor = doctorOffering([BIRDID]);
    doctor.server.on(signingSessionsApi.start, () =>
      json(session('authorized', { holder: 'ANA MARIA LIMA' }), { status: 201 }),
    );
    const { user, sign, signWithSession, onDone } = renderDialog(doctor);
    await user.click(await screen.findByRole('radio', { name: 'Certificado em nuvem (BirdID)' }));
    // The A1's password is not asked when signing in the cloud.
    expect(within(dialog()).queryByLabelText('Senha do certificado')).toBeNull();
    await user.type(screen.getByLabelText('Digite o código do seu aplicativo BirdID'), '123456');
    await user.click(screen.getByRole('button', { name: 'Assinar' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledWith(2));
    expect(doctor.server.requestsTo(signingSessionsApi.start).map((sent) => sent.body)).toEqual([
      { provider: 'birdid', otp: '123456' },
    ]);
    expect(signWithSession.mock.calls).toEqual([[ITEMS, SESSION_ID]]);
    expect(sign).not.toHaveBeenCalled();
    // The provider chosen is remembered, and nothing else of the session.
    expect(doctor.storage.items.get('prontu.cloudSigningProvider')).toBe('birdid');
    expect([...doctor.storage.items.values()].join()).not.toContain(SESSION_ID);
  });

  it('reuses the authorised session while it lives: no second code', async () => {
    const doctor = doctorOffering([BIRDID]);
    doctor.server.on(signingSessionsApi.start, () => json(session('authorized'), { status: 201 }));
    const first = renderDialog(doctor);
    await first.user.click(
      await screen.findByRole('radio', { name: 'Certificado em nuvem (BirdID)' }),
    );
    await first.user.type(screen.getByLabelText(/Digite o código/), '123456');
    await first.user.click(screen.getByRole('button', { name: 'Assinar' }));
    await waitFor(() => expect(first.onDone).toHaveBeenCalled());
    first.unmount();

    const second = renderDialog(doctor);
    // Remembered: the cloud is chosen at once, and the live session asks for no code.
    await within(dialog()).findByText('Autorização do BirdID ativa: assine sem um novo código.');
    expect(
      screen.getByRole<HTMLInputElement>('radio', { name: 'Certificado em nuvem (BirdID)' })
        .checked,
    ).toBe(true);
    await second.user.click(screen.getByRole('button', { name: 'Assinar' }));
    await waitFor(() => expect(second.onDone).toHaveBeenCalledWith(2));
    expect(second.signWithSession.mock.calls).toEqual([[ITEMS, SESSION_ID]]);
    expect(doctor.server.requestsTo(signingSessionsApi.start)).toHaveLength(1);
  });

  it('shows the provider’s refusal of a wrong code, signs nothing and empties the code', async () => {
    const doctor = doctorOffering([BIRDID]);
    doctor.server.on(signingSessionsApi.start, () =>
      json(
        {
          code: 'psc_refused',
          error: 'A autorização foi recusada pelo provedor do certificado em nuvem.',
        },
        { status: 400 },
      ),
    );
    const { user, signWithSession, onDone } = renderDialog(doctor);
    await user.click(await screen.findByRole('radio', { name: 'Certificado em nuvem (BirdID)' }));
    const code = screen.getByLabelText<HTMLInputElement>(
      'Digite o código do seu aplicativo BirdID',
    );
    await user.type(code, '000000');
    await user.click(screen.getByRole('button', { name: 'Assinar' }));

    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'A autorização foi recusada pelo provedor do certificado em nuvem.',
    );
    expect(code.value).toBe('');
    expect(signWithSession).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('asks her to approve a push in her app, then signs once approved', async () => {
    const doctor = doctorOffering([VIDAAS]);
    const pending = session('pending', {
      provider: 'vidaas',
      prompt: 'Aprove no aplicativo VIDaaS',
    });
    doctor.server
      .on(signingSessionsApi.start, () => json(pending, { status: 201 }))
      .on(signingSessionsApi.get, () => json(pending));
    const { user, signWithSession, onDone } = renderDialog(doctor);
    await user.click(await screen.findByRole('radio', { name: 'Certificado em nuvem (VIDaaS)' }));
    expect(within(dialog()).queryByLabelText(/código/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Assinar' }));

    expect((await within(dialog()).findByRole('status')).textContent).toBe(
      'Aprove no aplicativo VIDaaS',
    );
    expect(signWithSession).not.toHaveBeenCalled();
    doctor.server.on(signingSessionsApi.get, () =>
      json(session('authorized', { provider: 'vidaas', holder: 'ANA MARIA LIMA' })),
    );
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(2), { timeout: 5000 });
    expect(doctor.server.requestsTo(signingSessionsApi.start).map((sent) => sent.body)).toEqual([
      { provider: 'vidaas' },
    ]);
    expect(signWithSession.mock.calls).toEqual([[ITEMS, SESSION_ID]]);
  });

  it('cancels a push at the server when she presses Cancelar', async () => {
    const doctor = doctorOffering([VIDAAS]);
    const pending = session('pending', {
      provider: 'vidaas',
      prompt: 'Aprove no aplicativo VIDaaS',
    });
    doctor.server
      .on(signingSessionsApi.start, () => json(pending, { status: 201 }))
      .on(signingSessionsApi.get, () => json(pending));
    const { user, signWithSession, onDone } = renderDialog(doctor);
    await user.click(await screen.findByRole('radio', { name: 'Certificado em nuvem (VIDaaS)' }));
    await user.click(screen.getByRole('button', { name: 'Assinar' }));
    await within(dialog()).findByRole('status');
    await user.click(within(dialog()).getByRole('button', { name: 'Cancelar' }));

    await waitFor(() =>
      expect(
        doctor.server.requestsTo(signingSessionsApi.cancel).map((sent) => sent.params.id),
      ).toEqual([SESSION_ID]),
    );
    await waitFor(() => expect(within(dialog()).queryByRole('status')).toBeNull());
    expect(within(dialog()).queryByRole('alert')).toBeNull();
    expect(signWithSession).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('says a refused push in Portuguese', async () => {
    const doctor = doctorOffering([VIDAAS]);
    doctor.server
      .on(signingSessionsApi.start, () =>
        json(session('pending', { provider: 'vidaas', prompt: 'Aprove no aplicativo VIDaaS' }), {
          status: 201,
        }),
      )
      .on(signingSessionsApi.get, () => json(session('refused', { provider: 'vidaas' })));
    const { user, signWithSession } = renderDialog(doctor);
    await user.click(await screen.findByRole('radio', { name: 'Certificado em nuvem (VIDaaS)' }));
    await user.click(screen.getByRole('button', { name: 'Assinar' }));
    expect((await within(dialog()).findByRole('alert', {}, { timeout: 5000 })).textContent).toBe(
      'A autorização foi recusada pelo provedor do certificado em nuvem.',
    );
    expect(signWithSession).not.toHaveBeenCalled();
  });

  it('offers only the A1 password when the server offers no provider', async () => {
    const doctor = doctorOffering([]);
    const { user, sign } = renderDialog(doctor);
    await waitFor(() =>
      expect(doctor.server.requestsTo(signingSessionsApi.providers)).toHaveLength(1),
    );
    expect(screen.queryByRole('radio')).toBeNull();
    await user.type(screen.getByLabelText('Senha do certificado'), 'senha');
    await user.click(screen.getByRole('button', { name: 'Assinar' }));
    await waitFor(() => expect(sign.mock.calls).toEqual([[ITEMS, 'senha']]));
  });
});

describe('SignDocumentsDialog with a cloud certificate', () => {
  it('signs the visit’s papers with one session in one request', async () => {
    const now = new Date().toISOString();
    const atestado: ClinicalDocument = {
      kind: 'atestado',
      content: { days: 3, startDate: now.slice(0, 10), showCid: false },
      id: 'document-1',
      status: 'emitido',
      patientId: 'patient-1',
      version: 2,
      createdAt: now,
      updatedAt: now,
    };
    const doctor = doctorOffering([BIRDID]);
    doctor.server
      .on(signingSessionsApi.start, () => json(session('authorized'), { status: 201 }))
      .on(signingSessionsApi.sign, () =>
        json({ documents: [{ ...atestado, status: 'assinado', version: 3 }], prescriptions: [] }),
      );
    const onDone = vi.fn<(count: number) => void>();
    renderWithDoctorData(
      <SignDocumentsDialog
        batch={{ documents: [atestado], receitas: [] }}
        patientId="patient-1"
        onClose={() => undefined}
        onDone={onDone}
      />,
      doctor,
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: 'Certificado em nuvem (BirdID)' }));
    await user.type(screen.getByLabelText('Digite o código do seu aplicativo BirdID'), '123456');
    await user.click(screen.getByRole('button', { name: 'Assinar' }));

    await waitFor(() => expect(onDone).toHaveBeenCalledWith(1));
    const sent = doctor.server.requestsTo(signingSessionsApi.sign);
    expect(sent.map((request) => [request.params.id, request.body])).toEqual([
      [SESSION_ID, { documents: ['document-1'], prescriptions: [] }],
    ]);
  });
});
