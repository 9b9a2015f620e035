// @vitest-environment happy-dom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { healthApi, type HealthAnswer } from '@shared/api/health';
import {
  createDoctorData,
  json,
  renderWithDoctorData,
} from '../../testing/render-with-doctor-data';
import { ValidationAddressNotice } from './validation-address-notice';

// Vitest runs without globals, so Testing Library can't register its own cleanup.
afterEach(cleanup);

/** The notice over a server that answers `health`; resolves once the answer was read. */
async function renderNotice(health: HealthAnswer) {
  const doctor = createDoctorData();
  doctor.server.on(healthApi.get, () => json(health));
  renderWithDoctorData(<ValidationAddressNotice />, doctor);
  await waitFor(() => {
    expect(doctor.server.requestsTo(healthApi.get)).toHaveLength(1);
  });
  return doctor;
}

const notice = () => screen.queryByRole('note', { name: 'Endereço de validação' });

describe('ValidationAddressNotice', () => {
  it('says a localhost address opens only on this computer, the fix a click away', async () => {
    await renderNotice({
      ok: true,
      validation: { origin: 'http://localhost:3000', fromPublicUrl: false },
    });
    await waitFor(() => expect(notice()).not.toBeNull());
    expect(notice()?.textContent).toContain(
      'O QR code e o link de validação levam a http://localhost:3000, que só abre neste computador',
    );
    const advice = screen.getByText(/defina PUBLIC_URL/).closest('details');
    expect(advice?.open).toBe(false);
    await userEvent.setup().click(screen.getByText('Como corrigir'));
    expect(advice?.open).toBe(true);
  });

  it('says nothing when PUBLIC_URL is set', async () => {
    await renderNotice({
      ok: true,
      validation: { origin: 'http://localhost:3000', fromPublicUrl: true },
    });
    // One more turn for the answer to reach the screen.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(notice()).toBeNull();
  });

  it('says nothing when the server keeps its details', async () => {
    await renderNotice({ ok: true });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(notice()).toBeNull();
  });
});
