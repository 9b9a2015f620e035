// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { healthApi, type HealthAnswer } from '@shared/api/health';
import {
  createDoctorData,
  json,
  renderWithDoctorData,
} from '../../testing/render-with-doctor-data';
import { ValidationAddressSection } from './validation-address-section';

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(cleanup);

function renderSection(health: HealthAnswer) {
  const doctor = createDoctorData();
  doctor.server.on(healthApi.get, () => json(health));
  renderWithDoctorData(<ValidationAddressSection />, doctor);
}

const section = () => screen.getByRole('region', { name: 'Endereço de validação' });
const notice = () => within(section()).queryByRole('note', { name: 'Endereço de validação' });

describe('ValidationAddressSection', () => {
  it("shows this access's address, who can open it and how to fix it when PUBLIC_URL is unset", async () => {
    renderSection({
      ok: true,
      validation: { origin: 'http://192.168.0.10:3000', fromPublicUrl: false },
    });
    await within(section()).findByText('http://192.168.0.10:3000');
    expect(within(section()).getByText('Vem de').nextElementSibling?.textContent).toBe(
      'o endereço deste acesso (PUBLIC_URL não definida)',
    );
    const shown = notice()?.textContent ?? '';
    expect(shown).toContain(
      'O QR code e o link de validação levam a http://192.168.0.10:3000, que só abre em aparelhos desta rede local',
    );
    // The advice is open here, not behind "Como corrigir".
    expect(shown).toContain('defina PUBLIC_URL com o endereço público do Prontu');
    expect(within(section()).queryByText('Como corrigir')).toBeNull();
  });

  it('shows PUBLIC_URL as the source, and no warning', async () => {
    renderSection({
      ok: true,
      validation: { origin: 'https://prontu.clinica.com.br', fromPublicUrl: true },
    });
    await within(section()).findByText('https://prontu.clinica.com.br');
    expect(within(section()).getByText('Vem de').nextElementSibling?.textContent).toBe(
      'PUBLIC_URL',
    );
    expect(
      within(section()).getByText(/levam a este endereço, de qualquer computador que os emita/),
    ).toBeDefined();
    expect(notice()).toBeNull();
  });

  it('says when the server could not be asked', async () => {
    const doctor = createDoctorData();
    doctor.server.on(healthApi.get, () =>
      json(
        { ok: false, success: false, code: 'database_unavailable', error: 'Banco fora do ar.' },
        { status: 503 },
      ),
    );
    renderWithDoctorData(<ValidationAddressSection />, doctor);
    await waitFor(() => {
      expect(within(section()).getByRole('alert').textContent).toBe(
        'Não foi possível saber o endereço de validação: Banco fora do ar.',
      );
    });
  });
});
