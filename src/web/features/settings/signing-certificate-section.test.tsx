// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { signingCertificateApi } from '@shared/api/documents';
import { formatDate } from '@shared/lib/pt-br-format';
import type { SigningCertificate } from '@shared/documents/signing-certificate';
import {
  createDoctorData,
  json,
  renderWithDoctorData,
} from '../../testing/render-with-doctor-data';
import { SigningCertificateSection } from './signing-certificate-section';

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(cleanup);

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** A certificate ending `msFromNow` from now (negative: already expired). */
function certificateEnding(msFromNow: number): SigningCertificate {
  return {
    holder: 'ANA MARIA LIMA',
    cpf: '•••.•••.•47-25',
    issuer: 'AC SOLUTI Multipla v5',
    notBefore: new Date(Date.now() - 300 * DAY_MS).toISOString(),
    notAfter: new Date(Date.now() + msFromNow).toISOString(),
  };
}

function renderSection(certificate: SigningCertificate | null) {
  const doctor = createDoctorData();
  doctor.server.on(signingCertificateApi.get, () => json({ certificate }));
  renderWithDoctorData(<SigningCertificateSection />, doctor);
  return { server: doctor.server, user: userEvent.setup() };
}

const section = () => screen.getByRole('region', { name: 'Certificado digital' });
const details = () => screen.findByRole('group', { name: 'Certificado enviado' });

describe('SigningCertificateSection', () => {
  it('shows the holder, the masked CPF, the issuer and until when it is valid', async () => {
    const certificate = certificateEnding(200 * DAY_MS);
    renderSection(certificate);
    const shown = await details();
    expect(shown.textContent).toContain('ANA MARIA LIMA');
    expect(shown.textContent).toContain('•••.•••.•47-25');
    expect(shown.textContent).toContain('Emitido porAC SOLUTI Multipla v5');
    expect(shown.textContent).toContain(`Válido até${formatDate(certificate.notAfter)}`);
    // Far from its end: no warning.
    expect(within(section()).queryByRole('status')).toBeNull();
    expect(screen.getByRole('button', { name: 'Substituir certificado' })).toBeDefined();
  });

  it('warns within 30 days of the end, with the days left and the date', async () => {
    const certificate = certificateEnding(10 * DAY_MS + HOUR_MS);
    renderSection(certificate);
    await details();
    expect(within(section()).getByRole('status').textContent).toBe(
      `Seu certificado vence em 10 dias (${formatDate(certificate.notAfter)}). ` +
        'Renove-o com sua autoridade certificadora para continuar assinando.',
    );
  });

  it('says “vence amanhã” with one day left', async () => {
    const certificate = certificateEnding(DAY_MS + HOUR_MS);
    renderSection(certificate);
    await details();
    expect(within(section()).getByRole('status').textContent).toContain(
      `Seu certificado vence amanhã (${formatDate(certificate.notAfter)}).`,
    );
  });

  it('says when the certificate expired', async () => {
    const certificate = certificateEnding(-2 * DAY_MS);
    renderSection(certificate);
    await details();
    expect(within(section()).getByRole('status').textContent).toBe(
      `Seu certificado venceu em ${formatDate(certificate.notAfter)}.`,
    );
  });

  it('shows the server’s refusal under the form and empties the password', async () => {
    const { server, user } = renderSection(null);
    await screen.findByText(
      'Nenhum certificado enviado. Sem ele, você não consegue assinar documentos.',
    );
    server.on(signingCertificateApi.upload, () =>
      json(
        { error: 'Senha do certificado incorreta.', code: 'certificate_password' },
        { status: 400 },
      ),
    );
    const file = new File(['not really a pfx'], 'ana.pfx', { type: 'application/x-pkcs12' });
    await user.upload(screen.getByLabelText('Arquivo do certificado (.pfx ou .p12)'), file);
    const password = screen.getByLabelText<HTMLInputElement>('Senha do certificado');
    expect(password.type).toBe('password');
    expect(password.autocomplete).toBe('off');
    await user.type(password, 'senha errada');
    await user.click(screen.getByRole('button', { name: 'Enviar certificado' }));

    const alert = await within(section()).findByRole('alert');
    expect(alert.textContent).toBe('Senha do certificado incorreta.');
    expect(password.value).toBe('');
    const [sent] = server.requestsTo(signingCertificateApi.upload);
    expect(sent?.body.get('password')).toBe('senha errada');
    expect(sent?.body.get('certificate')).toBeInstanceOf(File);
  });

  it('shows the certificate sent, empties the form and says so', async () => {
    const { server, user } = renderSection(null);
    const sentCertificate = certificateEnding(200 * DAY_MS);
    server.on(signingCertificateApi.upload, () => json({ certificate: sentCertificate }));
    const fileInput = await screen.findByLabelText<HTMLInputElement>(
      'Arquivo do certificado (.pfx ou .p12)',
    );
    await user.upload(fileInput, new File(['pfx'], 'ana.p12', { type: 'application/x-pkcs12' }));
    const password = screen.getByLabelText<HTMLInputElement>('Senha do certificado');
    await user.type(password, 'senha certa');
    await user.click(screen.getByRole('button', { name: 'Enviar certificado' }));

    expect((await details()).textContent).toContain('ANA MARIA LIMA');
    expect(within(section()).getByRole('status').textContent).toBe('Certificado digital enviado.');
    expect(password.value).toBe('');
    expect(fileInput.files?.length ?? 0).toBe(0);
    expect(within(section()).queryByRole('alert')).toBeNull();
  });

  it('asks before removing the certificate, then removes it', async () => {
    const { server, user } = renderSection(certificateEnding(200 * DAY_MS));
    server.on(signingCertificateApi.remove, () => json({ success: true }));
    await details();
    await user.click(screen.getByRole('button', { name: 'Remover certificado' }));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Remover certificado digital',
    });
    expect(dialog.textContent).toContain(
      'Remover o certificado digital? Você precisará enviá-lo de novo para assinar documentos.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Remover' }));

    await within(section()).findByText('Certificado digital removido.');
    await waitFor(() => {
      expect(screen.queryByRole('group', { name: 'Certificado enviado' })).toBeNull();
    });
    expect(server.requestsTo(signingCertificateApi.remove)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Enviar certificado' })).toBeDefined();
  });
});
